"""Linux desktop integration: the desktop entry, AppStream metainfo, icon and install-local.

install-local runs against a temporary HOME / XDG_DATA_HOME / XDG_BIN_HOME (the suite-wide
fixture already isolates HOME and XDG_*), with a stand-in executable passed via --exec so
no build is needed.
"""

from __future__ import annotations

import configparser
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.prerequisites import missing, require_tool

from .conftest import APP_ID, REPO_ROOT, project_version, run, run_env

pytestmark = [pytest.mark.packaging, pytest.mark.timeout(120)]

PACKAGING = REPO_ROOT / "packaging"
DESKTOP_SRC = PACKAGING / f"{APP_ID}.desktop"
METAINFO_SRC = PACKAGING / f"{APP_ID}.metainfo.xml"
ICON_SRC = REPO_ROOT / "msd_desktop" / "resources" / "icons" / "msd-desktop.svg"
INSTALL_LOCAL = PACKAGING / "install-local"


def _desktop_entry(path: Path) -> dict[str, str]:
    parser = configparser.RawConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(path.read_text(encoding="utf-8"))
    assert parser.sections() == ["Desktop Entry"]
    return dict(parser["Desktop Entry"])


def _validate_desktop(path: Path) -> None:
    tool = require_tool("desktop-file-validate")
    proc = run([tool, path], timeout=30, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not proc.stdout.strip(), proc.stdout  # no hints or warnings either


@pytest.fixture
def dirs(tmp_path: Path) -> dict[str, Path]:
    home = Path(os.environ["HOME"])
    return {"data": Path(os.environ["XDG_DATA_HOME"]), "bin": home / "bin"}


@pytest.fixture
def fake_app(tmp_path: Path) -> Path:
    """A stand-in bundle folder (with a space in its path) holding msd-desktop and msd."""
    folder = tmp_path / "My Apps" / "msd desktop"
    folder.mkdir(parents=True)
    for name in ("msd-desktop", "msd"):
        exe = folder / name
        exe.write_text(f'#!/bin/sh\necho {name} "$@"\n')
        exe.chmod(0o755)
    return folder


def _install_local(*args: str | Path, dirs: dict[str, Path], check: bool = True):  # type: ignore[no-untyped-def]
    return run(
        [INSTALL_LOCAL, *args], timeout=60, check=check, env=run_env(XDG_BIN_HOME=str(dirs["bin"]))
    )


def _files_under(root: Path) -> list[str]:
    return sorted(
        str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() or p.is_symlink()
    )


# ---------------------------------------------------------------- the files themselves


def test_desktop_entry_validates() -> None:
    _validate_desktop(DESKTOP_SRC)


def test_desktop_entry_fields() -> None:
    entry = _desktop_entry(DESKTOP_SRC)
    assert entry["Type"] == "Application"
    assert entry["Name"] == "MSD Desktop"
    assert entry["Icon"] == APP_ID
    assert entry["Exec"].split()[0] == "msd-desktop"
    assert entry["Exec"].split()[1:] == ["%f"]  # the app takes one optional project path
    assert entry["Terminal"] == "false"
    assert "Development" in entry["Categories"].split(";")
    assert entry["StartupWMClass"] == "msd-desktop"


def test_metainfo_matches_desktop_entry_and_version() -> None:
    root = ET.parse(METAINFO_SRC).getroot()
    assert root.tag == "component"
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP_SRC.name
    assert {b.text for b in root.iter("binary")} == {"msd-desktop", "msd"}
    versions = [r.get("version") for r in root.iter("release")]
    assert versions, "no <release> in the metainfo"
    assert versions[0] == project_version(), "add a <release> for the new version"


def test_metainfo_validates() -> None:
    tool = require_tool("appstreamcli")
    proc = run([tool, "validate", "--no-net", "--explain", METAINFO_SRC], timeout=60, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_icon_is_a_scalable_svg() -> None:
    root = ET.parse(ICON_SRC).getroot()
    assert root.tag in {"svg", "{http://www.w3.org/2000/svg}svg"}
    assert root.get("viewBox"), "a scalable icon needs a viewBox"


# ---------------------------------------------------------------- install-local


def test_install_local_installs_into_xdg_dirs(dirs: dict[str, Path], fake_app: Path) -> None:
    proc = _install_local("--exec", fake_app / "msd-desktop", dirs=dirs)
    data = dirs["data"]
    desktop = data / "applications" / f"{APP_ID}.desktop"
    icon = data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    meta = data / "metainfo" / f"{APP_ID}.metainfo.xml"
    assert icon.read_bytes() == ICON_SRC.read_bytes()
    assert meta.read_bytes() == METAINFO_SRC.read_bytes()
    entry = _desktop_entry(desktop)
    # absolute, quoted (the path has spaces), everything else as shipped
    assert entry["Exec"] == f'"{fake_app / "msd-desktop"}" %f'
    assert {k: v for k, v in entry.items() if k != "Exec"} == {
        k: v for k, v in _desktop_entry(DESKTOP_SRC).items() if k != "Exec"
    }
    for name in ("msd-desktop", "msd"):
        link = dirs["bin"] / name
        assert link.is_symlink()
        assert link.resolve() == (fake_app / name).resolve()
        assert run([link, "hello"], timeout=30).stdout.strip() == f"{name} hello"
    assert str(desktop) in proc.stdout
    _validate_desktop(desktop)


def test_install_local_is_idempotent_and_uninstall_removes_everything(
    dirs: dict[str, Path], fake_app: Path
) -> None:
    data, bin_dir = dirs["data"], dirs["bin"]
    data.mkdir(parents=True, exist_ok=True)
    (data / "applications").mkdir()
    other = data / "applications" / "other.desktop"  # someone else's file: must survive
    other.write_text("[Desktop Entry]\nType=Application\nName=Other\nExec=other\n")
    before = _files_under(data)
    _install_local("--exec", fake_app / "msd-desktop", dirs=dirs)
    _install_local("--exec", fake_app / "msd-desktop", dirs=dirs)  # refresh
    assert len(_files_under(data)) == len(before) + 3
    assert len(_files_under(bin_dir)) == 2

    _install_local("--uninstall", dirs=dirs)
    assert _files_under(data) == before
    assert other.exists()
    assert not bin_dir.exists() or _files_under(bin_dir) == []
    assert not (data / "icons").exists(), "empty folders it created are removed too"
    assert (fake_app / "msd-desktop").exists(), "the app itself is never removed"
    _install_local("--uninstall", dirs=dirs)  # nothing left to remove: still fine


def test_install_local_leaves_foreign_launchers_alone(
    dirs: dict[str, Path], fake_app: Path
) -> None:
    bin_dir = dirs["bin"]
    bin_dir.mkdir(parents=True)
    mine = bin_dir / "msd"
    mine.write_text("#!/bin/sh\necho mine\n")
    proc = _install_local("--exec", fake_app / "msd-desktop", dirs=dirs)
    assert "not a symlink; left alone" in proc.stderr
    assert mine.read_text() == "#!/bin/sh\necho mine\n"
    assert (bin_dir / "msd-desktop").is_symlink()
    _install_local("--uninstall", dirs=dirs)
    assert mine.exists()
    assert not (bin_dir / "msd-desktop").exists()


def test_install_local_rejects_bad_input(dirs: dict[str, Path], tmp_path: Path) -> None:
    missing = _install_local("--exec", tmp_path / "nope" / "msd-desktop", dirs=dirs, check=False)
    assert missing.returncode != 0
    unknown = _install_local("--frobnicate", dirs=dirs, check=False)
    assert unknown.returncode == 2
    assert "unknown argument" in unknown.stderr
    assert not dirs["data"].exists() or _files_under(dirs["data"]) == []
    assert not dirs["bin"].exists()


def test_install_local_defaults_to_the_checkouts_app(dirs: dict[str, Path]) -> None:
    candidates = [
        REPO_ROOT / "dist" / "msd-desktop" / "msd-desktop",
        REPO_ROOT / ".venv" / "bin" / "msd-desktop",
    ]
    expected = next((c for c in candidates if os.access(c, os.X_OK)), None)
    if expected is None:
        missing("neither a built bundle nor .venv/bin/msd-desktop",
                "scripts/bootstrap.sh dev installs the package into .venv")
    _install_local(dirs=dirs)
    entry = _desktop_entry(dirs["data"] / "applications" / f"{APP_ID}.desktop")
    assert entry["Exec"] == f'"{expected}" %f'
    _install_local("--uninstall", dirs=dirs)
