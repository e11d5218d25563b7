"""R3 — crash safety: a writer SIGKILLed at random moments never leaves a torn config.json.

A child process (:mod:`tests.reliability.crash_writer`) has 1,000 atomic writes to do through
the core's writer, under the planning lock. It is SIGKILLed at a random moment, 25 times (each
time a new child resumes where the file says the last one got to), then allowed to finish.
After every kill:

* the file parses and is byte-for-byte the complete content of either the last write the
  child reported (old) or the one it was doing (new) — nothing in between;
* the next successful write (ours, through the core) leaves no temp file and no lock behind,
  even though the killed child may have left its temp file and a lock with its dead pid.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from msd_desktop.core.common.jsonfile import atomic_write_json, dump_json
from tests.reliability.crash_writer import content
from tests.reliability.helpers import REPO, make_project, record_figure

TOTAL_WRITES = 1_000
KILLS = 25


def _leftovers(pdir: Path) -> list[str]:
    return sorted(p.name for p in pdir.iterdir() if p.name != "config.json")


def test_sigkill_never_tears_the_file(tmp_path: Path) -> None:
    pdir = make_project(tmp_path) / ".planning"
    path = pdir / "config.json"
    atomic_write_json(path, content(0))
    rng = random.Random()
    seed = rng.randrange(2**32)
    rng.seed(seed)
    at = 0  # the seq the file holds
    stats = {"kills": 0, "old": 0, "new": 0, "temps_left_by_kill": 0, "locks_left_by_kill": 0,
             "writes": 0, "seed": seed}

    def spawn(count: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-m", "tests.reliability.crash_writer", str(path), str(at + 1),
             str(count)],
            cwd=REPO, stdout=subprocess.PIPE)

    while stats["kills"] < KILLS:
        child = spawn(TOTAL_WRITES - at)
        assert child.stdout is not None
        # Wait until it is writing (its first completed write is reported), then kill it a
        # random few milliseconds later: mid-write, mid-rename or between writes. Timing from
        # the first write (not from spawn) keeps the kill count independent of machine load.
        first = child.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.012))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
        reported = [int(x) for x in (first + child.stdout.read()).split()]
        last_done = reported[-1] if reported else at
        raw = path.read_bytes()
        old = dump_json(content(last_done)).encode()
        new = dump_json(content(last_done + 1)).encode()
        assert raw in (old, new), (
            f"kill {stats['kills']} (seed {seed}): file is neither write {last_done} nor "
            f"{last_done + 1}: {raw[:120]!r}")
        json.loads(raw)
        stats["old" if raw == old else "new"] += 1
        stats["kills"] += 1
        at = json.loads(raw)["seq"]
        left = _leftovers(pdir)
        stats["temps_left_by_kill"] += sum(".tmp" in n for n in left)
        stats["locks_left_by_kill"] += ".lock" in left
        # The next successful write cleans up after the dead writer.
        atomic_write_json(path, content(at), lock_dir=pdir)
        assert _leftovers(pdir) == [], f"left behind after the next write: {_leftovers(pdir)}"
        assert path.read_bytes() == dump_json(content(at)).encode()
        if at >= TOTAL_WRITES - 1:
            break

    if at < TOTAL_WRITES:  # the last child finishes the job undisturbed
        child = spawn(TOTAL_WRITES - at)
        out, _ = child.communicate(timeout=120)
        assert child.returncode == 0
        at = int(out.split()[-1])
    stats["writes"] = at
    assert at == TOTAL_WRITES
    assert json.loads(path.read_bytes()) == content(TOTAL_WRITES)
    assert _leftovers(pdir) == []
    assert stats["kills"] >= 20
    record_figure("r3_crash", stats)
