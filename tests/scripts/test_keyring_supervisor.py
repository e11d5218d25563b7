"""The test runner's keyring supervisor: a daemon that aborts is started again, entries kept.

Runs the real ``scripts/keyring_supervisor.py`` in a D-Bus session of its own (the suite's
bus configuration, nothing activated on demand) with a fresh runtime folder and HOME, aborts
its gnome-keyring-daemon the way the upstream bug does (SIGABRT), and checks that a second
daemon answers with the entry stored before the abort.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

DRIVER = r"""
import json, os, signal, subprocess, sys, time
from pathlib import Path
import keyring

state_path, log = Path(sys.argv[1]), Path(sys.argv[2])
sup = subprocess.Popen([sys.executable, sys.argv[3], str(state_path), str(log)])

def state(want_starts):
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            s = json.loads(state_path.read_text())
        except (OSError, ValueError):
            s = {}
        if s.get("gave_up"):
            sys.exit("gave up: " + s["gave_up"])
        if s.get("starts") == want_starts and s.get("ready"):
            return s
        time.sleep(0.1)
    sys.exit(f"no ready daemon #{want_starts}")

first = state(1)
keyring.set_password("msd-supervisor-test", "entry", "kept-value")
os.kill(first["pid"], signal.SIGABRT)
second = state(2)
value = keyring.get_password("msd-supervisor-test", "entry")
sup.terminate()
code = sup.wait(timeout=30)
print(json.dumps({"first": first["pid"], "second": second["pid"], "value": value,
                  "code": code, "log": log.read_text(errors="replace")}))
"""


@pytest.mark.keyring
@pytest.mark.timeout(180)
def test_an_aborted_daemon_is_started_again_with_its_entries(tmp_path: Path) -> None:
    home, runtime = tmp_path / "home", tmp_path / "run"
    home.mkdir(mode=0o700)
    runtime.mkdir(mode=0o700)
    drop = ("DISPLAY", "WAYLAND_DISPLAY", "GNOME_KEYRING_CONTROL", "DBUS_SESSION_BUS_ADDRESS",
            "PYTHON_KEYRING_BACKEND", "MSD_TEST_KEYRING_STATE", "MSD_TEST_KEYRING_LOG")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(HOME=str(home), XDG_RUNTIME_DIR=str(runtime),
               XDG_DATA_HOME=str(home / ".local" / "share"))
    proc = subprocess.run(
        ["dbus-run-session", f"--config-file={REPO / 'scripts' / 'test-session-bus.conf'}",
         "--", sys.executable, "-c", DRIVER, str(tmp_path / "state.json"),
         str(tmp_path / "daemon.log"), str(REPO / "scripts" / "keyring_supervisor.py")],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=170, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["first"] != out["second"]
    assert out["value"] == "kept-value"
    assert out["code"] == 0
    assert f"pid {out['first']}) ended with -6; starting it again" in out["log"]
