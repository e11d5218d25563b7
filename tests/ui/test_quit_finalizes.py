"""A normal quit ends through the interpreter's own exit: atexit handlers, then finalization.

Only a worker stuck for good in a read ends the process without finalization
(``app._exit_past_stuck_reads``, tested with a FIFO in tests/reliability). Here the window is
started as the ``msd-desktop`` command starts it (``app.run``), quits, and a probe shows that
both the atexit handlers and the interpreter's finalization ran (an object held by ``__main__``
is deleted only when the interpreter clears its modules, which ``os._exit`` skips).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

PROBE = """
import atexit, gc, os, sys

class Finalized:
    def __del__(self, write=os.write):  # os itself may be cleared by then
        write(2, b"FINALIZED\\n")

held = Finalized()  # deleted when the interpreter clears __main__ at its exit


class Cycle:
    def __init__(self):
        self.me = self

    def __del__(self, write=os.write):
        write(2, b"CYCLE FREED\\n")


exiting = []
# the passes the collector makes on its own (or gc.collect); defined in a namespace of its own:
# a function of __main__ in gc.callbacks would keep __main__'s globals (and `held`) alive
watch = {}
exec('''
def collected(phase, info, write=write, exiting=exiting):
    if phase == "start" and exiting and info["generation"] == 2:
        write(2, b"FULL PASS AT EXIT\\\\n")
''', {"write": os.write, "exiting": exiting}, watch)
gc.callbacks.append(watch["collected"])


def at_exit():
    sys.__stderr__.write("ATEXIT\\n")
    sys.__stderr__.flush()
    exiting.append(True)
    Cycle()  # garbage only a collection frees


atexit.register(at_exit)
from msd_desktop import app
sys.argv = ["msd-desktop", "--smoke-test"]
app.run()
"""


@pytest.fixture(scope="module")
def quit_run(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    """One run of the probe (both tests read it): the window started as the command starts
    it, quit after its smoke test."""
    tmp_path = tmp_path_factory.mktemp("quit")
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "MSD_HOME": str(tmp_path / "msd"),
           "QT_QPA_PLATFORM": "offscreen", "PYTHONFAULTHANDLER": "1"}
    env.pop("MSD_DESKTOP_AUTOMATION", None)
    proc = subprocess.run([sys.executable, "-c", PROBE], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout)["ok"] is True
    return proc


def test_a_normal_quit_runs_atexit_and_finalizes(
        quit_run: subprocess.CompletedProcess[str]) -> None:
    proc = quit_run
    lines = proc.stderr.splitlines()
    assert "ATEXIT" in lines, proc.stderr[-3000:]
    assert "FINALIZED" in lines, proc.stderr[-3000:]
    assert lines.index("ATEXIT") < lines.index("FINALIZED")


def test_the_exit_frees_cycles_without_an_extra_full_pass(
        quit_run: subprocess.CompletedProcess[str]) -> None:
    """The interpreter's exit starts with a full collection over every object when the
    collector is on; the command switches it off, and the module teardown still frees the
    cycles left (their ``__del__`` runs)."""
    proc = quit_run
    lines = proc.stderr.splitlines()
    assert "CYCLE FREED" in lines, proc.stderr[-3000:]
    assert "FULL PASS AT EXIT" not in lines, proc.stderr[-3000:]
