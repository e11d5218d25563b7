"""A cold load's helper processes run at a lower CPU priority than the window (set before
their imports), and still answer."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from msd_desktop.core.state.bulk_load import HELPER_NICE, LoaderProcess

pytestmark = pytest.mark.skipif(not hasattr(os, "getpriority") or sys.platform != "linux",
                                reason="POSIX priorities, read from /proc")


def _nice_of(pid: int) -> int:
    # field 19 of /proc/<pid>/stat (after the parenthesised name) is the nice value
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[16])


def test_a_helper_runs_below_the_window_and_answers(tmp_path: Path) -> None:
    ours = _nice_of(os.getpid())
    helper = LoaderProcess()
    try:
        (tmp_path / ".planning").mkdir()
        req = helper.send(tmp_path, [], dict(os.environ), [])
        answer = helper.receive(30.0)
        assert answer[0] == req
        assert _nice_of(helper._proc.pid) == min(19, ours + HELPER_NICE)
    finally:
        helper.close()
