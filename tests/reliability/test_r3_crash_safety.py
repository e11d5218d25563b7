"""R3 — crash safety: a writer SIGKILLed at random moments never leaves a torn config.json.

A child process (:mod:`tests.reliability.crash_writer`, forked from one that imported it and
the core once: ``msd_forkserver``) has 1,000 atomic writes to do through
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
import os
import random
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from msd_desktop.core.common.jsonfile import atomic_write_json, dump_json
from tests.reliability.crash_writer import content
from tests.reliability.helpers import REPO, make_project, record_figure
from tests.reliability.msd_forkserver import ForkServer

TOTAL_WRITES = 1_000
KILLS = 25


def _leftovers(pdir: Path) -> list[str]:
    return sorted(p.name for p in pdir.iterdir() if p.name != "config.json")


class Writer:
    """A ``crash_writer`` run as a process of its own, forked by ``server``; ``stdout`` is
    what it printed (the seqs on disk)."""

    def __init__(self, server: ForkServer, argv: list[str]) -> None:
        self._server = server
        out_read, out_write = os.pipe()
        with open(os.devnull, "rb") as null_in, open(os.devnull, "wb") as null_out:
            fds = (null_in.fileno(), out_write, 2, null_out.fileno())
            try:
                self.pid = server.start(argv, cwd=REPO, env=os.environ, fds=fds,
                                        entry="tests.reliability.crash_writer:main")
            finally:
                os.close(out_write)
        self.stdout = open(out_read, "rb")  # noqa: SIM115 (closed by rest)
        self.returncode: int | None = None

    def send_signal(self, sig: int) -> None:
        os.kill(self.pid, sig)

    def wait(self, timeout: float) -> int:
        guard = threading.Timer(timeout, self._server.kill, (self.pid,))
        guard.start()
        try:
            status, _ = self._server.finish()
        finally:
            guard.cancel()
        self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def rest(self) -> bytes:
        """What it printed and was not read yet, up to its end."""
        with self.stdout:
            return self.stdout.read()

    def communicate(self, timeout: float) -> tuple[bytes, None]:
        out = self.rest()
        self.wait(timeout)
        return out, None


@pytest.fixture
def writers() -> Iterator[ForkServer]:
    """The writer processes, forked from one that imported the writer and the core once."""
    server = ForkServer(REPO, os.environ, 1 << 32, preload=(
        "tests.reliability.crash_writer", "msd_desktop.core.common.jsonfile"))
    yield server
    server.close()


def test_sigkill_never_tears_the_file(tmp_path: Path, writers: ForkServer) -> None:
    pdir = make_project(tmp_path) / ".planning"
    path = pdir / "config.json"
    atomic_write_json(path, content(0))
    rng = random.Random()
    seed = rng.randrange(2**32)
    rng.seed(seed)
    at = 0  # the seq the file holds
    stats = {"kills": 0, "old": 0, "new": 0, "temps_left_by_kill": 0, "locks_left_by_kill": 0,
             "writes": 0, "seed": seed}

    def spawn(count: int) -> Writer:
        return Writer(writers, [str(path), str(at + 1), str(count)])

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
        reported = [int(x) for x in (first + child.rest()).split()]
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
