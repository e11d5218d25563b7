"""The wheel and sdist (``python -m build``) carry the package data, and an installed wheel works.

The wheel is installed into a brand-new virtualenv (no editable install, no repo on sys.path)
with this machine's pip configuration and cache, and its ``msd`` / ``msd-desktop`` run from
there in a temporary project, away from the checkout.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import time
import venv
import zipfile
from pathlib import Path

import pytest

from .conftest import (
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

pytestmark = [pytest.mark.packaging, pytest.mark.slow, pytest.mark.timeout(600)]


def _ensure_build_frontend() -> None:
    probe = subprocess.run([sys.executable, "-c", "import build"], capture_output=True, check=False)
    if probe.returncode != 0:  # like packaging/build does for PyInstaller
        run([sys.executable, "-m", "pip", "install", "build>=1.2,<2"], timeout=300, env=BUILD_ENV)


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    _ensure_build_frontend()
    out = tmp_path_factory.mktemp("dist")
    run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(REPO_ROOT)],
        timeout=400,
        env=BUILD_ENV,
        cwd=out,
    )
    version = project_version()
    wheel = out / f"msd_desktop-{version}-py3-none-any.whl"
    sdist = out / f"msd_desktop-{version}.tar.gz"
    built = sorted(p.name for p in out.iterdir())
    assert wheel.is_file(), built
    assert sdist.is_file(), built
    print(f"wheel size: {wheel.stat().st_size / 1024:.0f} KiB")
    return {"wheel": wheel, "sdist": sdist}


@pytest.fixture(scope="module")
def installed(dists: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """bin/ of a fresh venv with only the wheel (and its dependencies) installed."""
    env_dir = tmp_path_factory.mktemp("wheel-venv") / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    bin_dir = env_dir / "bin"
    start = time.perf_counter()
    run(
        [bin_dir / "python", "-m", "pip", "install", str(dists["wheel"])],
        timeout=420,
        env=BUILD_ENV,
        cwd=env_dir,
    )
    print(f"pip install of the wheel took {time.perf_counter() - start:.0f} s")
    return bin_dir


def test_wheel_contains_package_data_and_entry_points(dists: dict[str, Path]) -> None:
    with zipfile.ZipFile(dists["wheel"]) as whl:
        names = set(whl.namelist())
        for rel in package_data_files():
            assert rel in names, f"{rel} missing from the wheel"
            assert whl.read(rel) == (REPO_ROOT / rel).read_bytes(), rel
        info = f"msd_desktop-{project_version()}.dist-info"
        entry_points = whl.read(f"{info}/entry_points.txt").decode()
    assert "[console_scripts]\nmsd = msd_desktop.cli:main" in entry_points
    assert "[gui_scripts]\nmsd-desktop = msd_desktop.app:run" in entry_points
    assert not any(n.startswith(("tests/", "packaging/", "bench/")) for n in names)
    assert dists["wheel"].stat().st_size < 5 * 1024 * 1024


def test_wheel_ships_the_compiled_translations(dists: dict[str, Path], tmp_path: Path) -> None:
    with zipfile.ZipFile(dists["wheel"]) as whl:
        names = set(whl.namelist())
        for rel, data in compiled_catalogues(tmp_path).items():
            assert rel in names, f"{rel} missing from the wheel"
            assert whl.read(rel) == data, f"{rel} is not the catalogue of its .ts"


def test_sdist_contains_package_data(dists: dict[str, Path]) -> None:
    prefix = f"msd_desktop-{project_version()}/"
    with tarfile.open(dists["sdist"]) as sd:
        names = set(sd.getnames())
    missing = [rel for rel in package_data_files() if prefix + rel not in names]
    assert not missing, missing


def test_installed_wheel_is_not_the_checkout(installed: Path, tmp_path: Path) -> None:
    out = run(
        [installed / "python", "-c", "import msd_desktop; print(msd_desktop.__file__)"],
        timeout=60,
        cwd=tmp_path,
    ).stdout.strip()
    assert Path(out).resolve().is_relative_to(installed.parent.resolve()), out
    assert not Path(out).resolve().is_relative_to(REPO_ROOT), out


def test_installed_msd_help_and_resolve_model(installed: Path, tmp_path: Path) -> None:
    help_out = run([installed / "msd", "--help"], timeout=60, cwd=tmp_path).stdout
    assert help_out.startswith("usage: msd")
    assert "resolve-model" in help_out

    # a fresh project of our own, and a copy of a demo project
    project = tmp_path / "my-project"
    (project / ".planning").mkdir(parents=True)
    (project / ".planning" / "config.json").write_text('{\n  "model_profile": "budget"\n}\n')
    demo = tmp_path / "demo-project"
    shutil.copytree(DEMO_DIR / demo_projects()[0], demo)
    for where in (project, demo):
        args = ["resolve-model", "msd-planner"]
        got = run([installed / "msd", *args], timeout=60, cwd=where)
        want = run([source_msd(), *args], timeout=60, cwd=where)
        data = parse_json_output(got.stdout)
        assert data["model"], data
        assert data == parse_json_output(want.stdout)
    assert (
        parse_json_output(
            run([installed / "msd", "resolve-model", "msd-planner"], timeout=60, cwd=project).stdout
        )["profile"]
        == "budget"
    )


def test_installed_smoke_test_offscreen(installed: Path, tmp_path: Path) -> None:
    proc = run(
        [installed / "msd-desktop", "--smoke-test"],
        timeout=180,
        cwd=tmp_path,
        env=run_env(QT_QPA_PLATFORM="offscreen"),
    )
    check_smoke_result(parse_json_output(proc.stdout), expected_projects=len(demo_projects()))
