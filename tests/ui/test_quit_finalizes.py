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

REPO = Path(__file__).resolve().parents[2]

PROBE = """
import atexit, os, sys

class Finalized:
    def __del__(self, write=os.write):  # os itself may be cleared by then
        write(2, b"FINALIZED\\n")

held = Finalized()  # deleted when the interpreter clears __main__ at its exit
atexit.register(lambda: sys.__stderr__.write("ATEXIT\\n"))
from msd_desktop import app
sys.argv = ["msd-desktop", "--smoke-test"]
app.run()
"""


def test_a_normal_quit_runs_atexit_and_finalizes(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "MSD_HOME": str(tmp_path / "msd"),
           "QT_QPA_PLATFORM": "offscreen", "PYTHONFAULTHANDLER": "1"}
    env.pop("MSD_DESKTOP_AUTOMATION", None)
    proc = subprocess.run([sys.executable, "-c", PROBE], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout)["ok"] is True
    lines = proc.stderr.splitlines()
    assert "ATEXIT" in lines, proc.stderr[-3000:]
    assert "FINALIZED" in lines, proc.stderr[-3000:]
    assert lines.index("ATEXIT") < lines.index("FINALIZED")
