"""Helpers for the packaging tests (wheel, frozen bundle, desktop integration).

These tests run real builds and start real processes, so every subprocess gets an explicit
timeout, and the environment is the one pytest started with (captured at import, before the
suite-wide ``isolated_home`` fixture points HOME/XDG_* at tmp folders) for *build* steps, so
pip keeps using this machine's index and cache. Commands that run the built app get the
isolated HOME instead, so they never touch the developer's real data.
"""

from __future__ import annotations

import json
import os
import subprocess
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DIR = REPO_ROOT / "msd_desktop"
DEMO_DIR = PACKAGE_DIR / "resources" / "demo"
APP_ID = "io.github.msd.Desktop"
BUILD_ENV: dict[str, str] = dict(os.environ)


def project_version() -> str:
    with (REPO_ROOT / "pyproject.toml").open("rb") as fh:
        return str(tomllib.load(fh)["project"]["version"])


def package_data_files() -> list[str]:
    """Every package-data file the distributions must carry, relative to the repo root."""
    files = sorted((PACKAGE_DIR / "core").glob("*/data/*.json"))
    files += sorted((PACKAGE_DIR / "i18n").glob("*.ts"))
    files += sorted(
        p
        for p in (PACKAGE_DIR / "resources").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    )
    assert files, "no package data found"
    return [p.relative_to(REPO_ROOT).as_posix() for p in files]


def demo_projects() -> list[str]:
    return sorted(p.name for p in DEMO_DIR.iterdir() if (p / ".planning").is_dir())


def run_env(**extra: str) -> dict[str, str]:
    """The current (isolated) environment for running a built app, offscreen by default."""
    env = dict(os.environ)
    for var in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"):
        env.pop(var, None)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env.update(extra)
    return env


def run(
    cmd: Sequence[str | os.PathLike[str]],
    *,
    timeout: float,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    check: bool = True,
) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [str(c) for c in cmd],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(env) if env is not None else run_env(),
        cwd=cwd,
        check=False,
    )
    if check and proc.returncode != 0:
        raise AssertionError(
            f"{' '.join(map(str, cmd))} exited {proc.returncode}\n"
            f"--- stdout (tail)\n{proc.stdout[-3000:]}\n--- stderr (tail)\n{proc.stderr[-3000:]}"
        )
    return proc


def parse_json_output(stdout: str) -> dict:  # type: ignore[type-arg]
    """The JSON object a command printed (ignoring any lines before the opening brace)."""
    start = stdout.find("{")
    assert start >= 0, f"no JSON object in output:\n{stdout[-2000:]}"
    data = json.loads(stdout[start:])
    assert isinstance(data, dict)
    return data


def source_msd() -> Path:
    """The development ``msd`` (editable install next to the running interpreter)."""
    import sys

    exe = Path(sys.executable).parent / "msd"
    assert exe.exists(), f"{exe} missing: run scripts/bootstrap.sh"
    return exe


def check_smoke_result(result: dict, expected_projects: int) -> None:  # type: ignore[type-arg]
    assert result["ok"] is True, result
    assert result["projects"] == expected_projects, result
    assert result["opened"], result
    # every tab was shown (painted by the event loop; grabbed only with --screenshots)
    assert {"tab-settings", "tab-models", "tab-state"} <= set(result["show_ms"]), result
    assert result["title"].endswith("— MSD Desktop"), result["title"]
    assert result["timings_ms"]["total_ms"] > 0


def compiled_catalogues(out: Path) -> dict[str, bytes]:
    """``msd_desktop/i18n/<name>.qm`` → the bytes lrelease makes of each ``.ts`` (built into
    ``out``): what every distribution must ship."""
    import sys

    lrelease = Path(sys.executable).with_name("pyside6-lrelease")
    result = {}
    for ts in sorted((PACKAGE_DIR / "i18n").glob("*.ts")):
        qm = out / ts.with_suffix(".qm").name
        subprocess.run([str(lrelease), "-silent", str(ts), "-qm", str(qm)], check=True,
                       timeout=120)
        result[f"msd_desktop/i18n/{qm.name}"] = qm.read_bytes()
    assert result, "no translations found"
    return result
