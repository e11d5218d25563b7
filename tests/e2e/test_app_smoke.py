"""``msd-desktop --smoke-test`` as a subprocess under a real X server (Xvfb).

The app runs on a copy of the demo workspace with HOME/XDG pointed at tmp folders; the
screenshots it saves are kept under ``tests/e2e/screenshots/`` for a person to look at.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from msd_desktop.app import demo_source
from tests.prerequisites import require_tool

pytestmark = pytest.mark.e2e


@pytest.fixture(autouse=True)
def _xvfb_run() -> None:
    require_tool("xvfb-run")

SHOTS = Path(__file__).parent / "screenshots"


def _run(args: list[str], env: dict[str, str]) -> dict:
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24",
           sys.executable, "-m", "msd_desktop.app", *args]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    start = proc.stdout.index("{")
    return json.loads(proc.stdout[start:])


@pytest.fixture
def app_env(isolated_home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("DISPLAY", None)
    return env


def test_smoke_test_on_demo_copy(tmp_path: Path, app_env: dict[str, str]) -> None:
    demo = tmp_path / "demo"
    shutil.copytree(demo_source(), demo)
    shots = SHOTS / "smoke-project"
    result = _run(["--smoke-test", "--screenshots", str(shots),
                   str(demo / "billing-service")], app_env)
    assert result["ok"] is True
    assert result["title"] == "billing-service — MSD Desktop"  # the project first
    assert set(result["paint_ms"]) >= {"window-overview", "browser", "overview", "tab-settings",
                                       "tab-models", "tab-state", "window-project"}
    for name in result["paint_ms"]:
        assert (shots / f"{name}.png").stat().st_size > 1000


def test_smoke_test_without_registry_opens_demo(app_env: dict[str, str],
                                                isolated_home: Path) -> None:
    result = _run(["--smoke-test", "--screenshots", str(SHOTS / "smoke-demo")], app_env)
    assert result["ok"] is True
    assert result["projects"] == 5
    copies = list(isolated_home.rglob("msd-desktop/demo/checklist-printer/.planning/STATE.md"))
    assert copies, "the demo was not copied to the user data dir"
