"""``core/secrets/no_dumps``: a process holding a secret writes no core dump.

Each check runs in a fresh subprocess (the limits are one-way for a process, and the test
process must keep its own), and reads what the kernel reports: ``prctl(PR_GET_DUMPABLE)`` and
the core line of ``/proc/self/limits``, before and after.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux /proc")

PROBE = """
import ctypes, json
from msd_desktop.core.secrets.no_dumps import disable_core_dumps

def state():
    dumpable = ctypes.CDLL(None).prctl(3, 0, 0, 0, 0)  # PR_GET_DUMPABLE
    with open("/proc/self/limits", encoding="ascii") as fh:
        core = next(line for line in fh if line.startswith("Max core file size"))
    return {"dumpable": dumpable, "core": core.split()[4:6]}

before = state()
done = disable_core_dumps()
again = disable_core_dumps()
print(json.dumps({"before": before, "after": state(), "problems": done.problems,
                  "again": again.problems}))
"""


def test_core_dumps_are_off_after_the_call() -> None:
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=60, check=True)
    seen = json.loads(proc.stdout)
    assert seen["before"]["dumpable"] == 1  # the premise: an ordinary process is dumpable
    assert seen["after"] == {"dumpable": 0, "core": ["0", "0"]}
    assert seen["problems"] == []
    assert seen["again"] == []  # idempotent
