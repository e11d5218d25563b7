"""The frozen one-folder bundle (packaging/build → dist/msd-desktop/ + the .tar.gz).

The bundle is built once per session, or reused when dist/ is newer than every source it is
built from (msd_desktop/**, packaging/**, pyproject.toml); MSD_PACKAGING_REBUILD=1 forces a
build. Then the frozen executables run: the CLI on every demo project (its answers must equal
the source tree's), the window's --smoke-test offscreen (and under the X server when the
suite has one), and the .tar.gz is unpacked and installed with its own install-local.
"""

from __future__ import annotations

import ast
import filecmp
import os
import platform
import shutil
import tarfile
import time
from pathlib import Path

import pytest

from tests.prerequisites import require_display

from .conftest import (
    APP_ID,
    BUILD_ENV,
    DEMO_DIR,
    REPO_ROOT,
    check_smoke_result,
    compiled_catalogues,
    demo_projects,
    package_data_files,
    parse_json_output,
    project_version,
    run,
    run_env,
    source_msd,
)

pytestmark = [pytest.mark.packaging, pytest.mark.slow, pytest.mark.timeout(900)]

DIST = REPO_ROOT / "dist"
BUNDLE = DIST / "msd-desktop"
STAMP = BUNDLE / "VERSION"  # written by packaging/build last, before the bundle moves into dist/


def _newest_source_mtime() -> float:
    newest = (REPO_ROOT / "pyproject.toml").stat().st_mtime
    for top in (REPO_ROOT / "msd_desktop", REPO_ROOT / "packaging"):
        for p in top.rglob("*"):
            if "__pycache__" in p.parts or not p.is_file():
                continue
            newest = max(newest, p.lstat().st_mtime)
    return newest


def _tarball() -> Path:
    return DIST / f"msd-desktop-{project_version()}-linux-{platform.machine()}.tar.gz"


@pytest.fixture(scope="module")
def bundle() -> Path:
    fresh = (
        STAMP.exists()
        and _tarball().exists()
        and STAMP.stat().st_mtime > _newest_source_mtime()
        and _tarball().stat().st_mtime >= STAMP.stat().st_mtime
    )
    if os.environ.get("MSD_PACKAGING_REBUILD") == "1" or not fresh:
        start = time.perf_counter()
        proc = run([REPO_ROOT / "packaging" / "build"], timeout=720, env=BUILD_ENV, cwd=REPO_ROOT)
        print(f"packaging/build took {time.perf_counter() - start:.0f} s")
        lines = proc.stdout.strip().splitlines()
        assert lines[-2:] == [str(BUNDLE), str(_tarball())], proc.stdout[-2000:]
    return BUNDLE


def _du(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*"))


def test_bundle_layout(bundle: Path) -> None:
    for exe in ("msd-desktop", "msd", "install-local"):
        assert os.access(bundle / exe, os.X_OK), exe
    assert (bundle / "VERSION").read_text().strip() == project_version()
    # the package data, byte for byte, where importlib.resources finds it when frozen
    internal = bundle / "_internal"
    for rel in package_data_files():
        frozen = internal / rel
        assert frozen.is_file(), f"{rel} missing from the bundle"
        assert filecmp.cmp(REPO_ROOT / rel, frozen, shallow=False), f"{rel} differs"
    # desktop integration files
    share = bundle / "share"
    assert (share / "applications" / f"{APP_ID}.desktop").is_file()
    assert (share / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (share / "icons/hicolor/scalable/apps" / f"{APP_ID}.svg").is_file()


def test_bundle_ships_translations(bundle: Path, tmp_path: Path) -> None:
    internal = bundle / "_internal"
    for rel, data in compiled_catalogues(tmp_path).items():
        frozen = internal / rel
        assert frozen.is_file(), f"{rel} missing from the bundle"
        assert frozen.read_bytes() == data, f"{rel} is not the catalogue of its .ts"
        lang = frozen.stem.removeprefix("msd_desktop_")
        # Qt's own catalogue for the standard dialogs and buttons, and no other language's
        qt = internal / "PySide6" / "Qt" / "translations"
        assert (qt / f"qtbase_{lang}.qm").is_file(), f"qtbase_{lang}.qm missing"
    assert not (internal / "PySide6" / "Qt" / "translations" / "qtbase_de.qm").exists()


def test_bundle_is_lean(bundle: Path) -> None:
    plugins = bundle / "_internal" / "PySide6" / "Qt" / "plugins"
    # what a desktop session needs
    for needed in (
        "platforms/libqxcb.so",
        "platforms/libqwayland.so",
        "platforms/libqoffscreen.so",
        "imageformats/libqsvg.so",
        "iconengines/libqsvgicon.so",
        "platforminputcontexts",
    ):
        assert (plugins / needed).exists(), needed
    # what it never loads, and what would drag in the build host's GTK stack
    for dropped in (
        "platforms/libqeglfs.so",
        "platforms/libqvnc.so",
        "platformthemes/libqgtk3.so",
        "egldeviceintegrations",
        "generic",
        "tls",
        "networkinformation",
    ):
        assert not (plugins / dropped).exists(), dropped
    names = {p.name for p in (bundle / "_internal").iterdir()}
    assert not any(n.startswith(("libgtk-3", "libgdk-3", "libcairo")) for n in names)
    assert not any(
        p.name.startswith(("libQt6Quick", "libQt6Qml", "libQt6WebEngine", "libQt6Pdf"))
        for p in (bundle / "_internal").rglob("libQt6*")
    )
    # Qt's translations only for the languages the window ships (qtbase_<lang>.qm)
    shipped = {f"qtbase_{ts.stem.removeprefix('msd_desktop_')}.qm"
               for ts in (REPO_ROOT / "msd_desktop" / "i18n").glob("msd_desktop_*.ts")}
    qt_translations = bundle / "_internal" / "PySide6" / "Qt" / "translations"
    assert {p.name for p in qt_translations.iterdir()} == shipped
    size_mb = _du(bundle) / 1e6
    print(f"bundle size: {size_mb:.0f} MB, archive {_tarball().stat().st_size / 1e6:.0f} MB")
    assert size_mb < 250, f"bundle grew to {size_mb:.0f} MB"


def _qt_modules_imported_by_source() -> set[str]:
    found: set[str] = set()
    for path in (REPO_ROOT / "msd_desktop").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            found |= {n.split(".")[1] for n in names if n.startswith("PySide6.")}
    return found


def _spec_excluded_qt_modules() -> set[str]:
    tree = ast.parse((REPO_ROOT / "packaging" / "msd-desktop.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "UNUSED_QT" for t in node.targets
        ):
            return set(ast.literal_eval(node.value))
    raise AssertionError("UNUSED_QT not found in the spec")


def test_spec_excludes_no_qt_module_the_source_imports() -> None:
    used = _qt_modules_imported_by_source()
    assert {"QtCore", "QtGui", "QtWidgets"} <= used
    clash = used & _spec_excluded_qt_modules()
    assert not clash, f"remove {sorted(clash)} from UNUSED_QT in packaging/msd-desktop.spec"


def test_bundle_has_every_qt_module_the_source_imports(bundle: Path) -> None:
    pyside = bundle / "_internal" / "PySide6"
    for module in sorted(_qt_modules_imported_by_source()):
        assert list(pyside.glob(f"{module}.*so")), f"PySide6.{module} missing from the bundle"


def test_frozen_msd_matches_source_on_every_demo_project(bundle: Path, tmp_path: Path) -> None:
    demo = tmp_path / "demo"
    shutil.copytree(DEMO_DIR, demo)
    projects = demo_projects()
    assert len(projects) >= 3
    for name in projects:
        args = ["resolve-model", "msd-planner", "--cwd", str(demo / name)]
        frozen = run([bundle / "msd", *args], timeout=60, cwd=tmp_path)
        source = run([source_msd(), *args], timeout=60, cwd=tmp_path)
        data = parse_json_output(frozen.stdout)
        assert data["model"], data
        assert data == parse_json_output(source.stdout), name


def test_frozen_msd_reads_schema_and_reports_errors(bundle: Path, tmp_path: Path) -> None:
    help_out = run([bundle / "msd", "--help"], timeout=60).stdout
    assert "resolve-model" in help_out
    assert "secrets" in help_out
    frozen = run([bundle / "msd", "schema"], timeout=60, cwd=tmp_path).stdout
    source = run([source_msd(), "schema"], timeout=60, cwd=tmp_path).stdout
    assert frozen == source
    assert len(frozen) > 1000
    bad = run(
        [bundle / "msd", "config-get", "no_such_key", "--cwd", str(DEMO_DIR / demo_projects()[0])],
        timeout=60,
        check=False,
    )
    assert bad.returncode == 1
    assert bad.stderr.strip() == "Error: Key not found: no_such_key"


def test_frozen_msd_finds_the_same_keyring_backend(bundle: Path, tmp_path: Path) -> None:
    """keyring discovers its backends through entry points: they must survive freezing.

    Under scripts/run-tests.sh (a real Secret Service on D-Bus) both say SecretService.
    """
    frozen = parse_json_output(
        run([bundle / "msd", "secrets", "status"], timeout=60, cwd=tmp_path).stdout
    )
    source = parse_json_output(
        run([source_msd(), "secrets", "status"], timeout=60, cwd=tmp_path).stdout
    )
    assert frozen == source
    if source["keyring"]["usable"]:
        assert frozen["keyring"]["backend"] == "keyring.backends.SecretService.Keyring"


def test_frozen_smoke_test_offscreen(bundle: Path, tmp_path: Path) -> None:
    start = time.perf_counter()
    proc = run(
        [bundle / "msd-desktop", "--smoke-test"],
        timeout=120,
        cwd=tmp_path,
        env=run_env(QT_QPA_PLATFORM="offscreen"),
    )
    wall = time.perf_counter() - start
    result = parse_json_output(proc.stdout)
    check_smoke_result(result, expected_projects=len(demo_projects()))
    print(f"frozen smoke test: {wall:.2f} s wall, {result['timings_ms']['total_ms']} ms in-app")
    assert "Traceback" not in proc.stderr


def test_frozen_smoke_test_on_x11(bundle: Path, tmp_path: Path) -> None:
    """The xcb platform plugin and the libraries it needs survived the pruning."""
    require_display()
    env = run_env(QT_QPA_PLATFORM="xcb")
    proc = run([bundle / "msd-desktop", "--smoke-test"], timeout=120, cwd=tmp_path, env=env)
    check_smoke_result(parse_json_output(proc.stdout), expected_projects=len(demo_projects()))


def test_tarball_extracts_runs_and_installs_locally(bundle: Path, tmp_path: Path) -> None:
    archive = _tarball()
    with tarfile.open(archive) as tar:
        members = tar.getmembers()
        assert {m.name.split("/")[0] for m in members} == {"msd-desktop"}
        tar.extractall(tmp_path / "opt", filter="tar")
    app = tmp_path / "opt" / "msd-desktop"
    for exe in ("msd-desktop", "msd", "install-local"):
        assert os.access(app / exe, os.X_OK), exe

    home = Path(os.environ["HOME"])
    data = Path(os.environ["XDG_DATA_HOME"])
    run([app / "install-local"], timeout=60, env=run_env(XDG_BIN_HOME=str(home / "bin")))
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text()
    assert f'Exec="{app / "msd-desktop"}" %f' in entry.splitlines()
    launcher = home / "bin" / "msd"
    assert launcher.resolve() == (app / "msd").resolve()
    # the bootloader finds _internal/ through the symlink
    out = run(
        [launcher, "resolve-model", "msd-planner", "--cwd", str(DEMO_DIR / demo_projects()[0])],
        timeout=60,
        cwd=tmp_path,
    ).stdout
    assert parse_json_output(out)["model"]

    run(
        [app / "install-local", "--uninstall"],
        timeout=60,
        env=run_env(XDG_BIN_HOME=str(home / "bin")),
    )
    assert not (data / "applications" / f"{APP_ID}.desktop").exists()
    assert not launcher.exists()
    assert not launcher.is_symlink()
    assert (app / "msd").exists(), "uninstall must not touch the bundle itself"
