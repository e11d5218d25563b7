"""The window puts the regex and dataclass-code memos in place before anything compiles, and
its quick exit (no interpreter finalization) still runs the atexit handlers that write them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_the_window_puts_it_in_place_first(tmp_path: Path) -> None:
    """``msd-desktop`` installs the memo before anything compiles a pattern; a run writes it,
    the next one reuses every pattern."""
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "QT_QPA_PLATFORM": "offscreen"}
    env.pop("MSD_DESKTOP_AUTOMATION", None)
    probe = ("import atexit, sys; from msd_desktop import app; "
             "from msd_desktop.core.common import regex_cache as r, generated_code as d; "
             "atexit.register(lambda: print('STATS', r.stats(), file=sys.stderr)); "
             "atexit.register(lambda: print('CODE', d.stats(), file=sys.stderr)); "
             "sys.argv = ['msd-desktop', '--smoke-test']; app.run()")
    stats, code = [], []
    for _ in range(2):
        proc = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True,
                              text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr[-2000:]
        line = next(x for x in proc.stderr.splitlines() if x.startswith("STATS"))
        stats.append(eval(line.split(" ", 1)[1]))  # our own dict's repr
        line = next(x for x in proc.stderr.splitlines() if x.startswith("CODE"))
        code.append(eval(line.split(" ", 1)[1]))
    # the first run compiled them and wrote them down (what it holds is "stored" after that)
    assert stats[0]["hits"] < 10
    assert stats[0]["stored"] > 50
    assert list((tmp_path / "cache" / "msd-desktop").glob("regex-*.json"))
    assert stats[1]["hits"] > 50  # the next one rebuilt them from the memo
    assert stats[1]["new"] == 0
    # the dataclasses' generated methods the same way (Python 3.11)
    if sys.version_info[:2] == (3, 11):
        assert code[0]["stored"] > 50
        assert code[1]["hits"] > 50
        assert code[1]["new"] == 0
