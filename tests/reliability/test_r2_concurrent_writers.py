"""R2 — concurrent writers: another process edits config.json while we hold an unsaved change.

Our side is the core as the window uses it: read the file (keeping its fingerprint), change a
value in memory, save later with ``config_set_typed(..., expected=fingerprint)``. The other side
is ``msd config-set`` as a real process (honours the planning lock; forked from a process that
imported the CLI once, ``msd_forkserver``) or an editor-style rewrite (read, change, write a
temp file, ``os.replace`` — no lock at all; plain file operations, done here). 100 rounds:

* different keys → our save raises :class:`ConflictError` (the file changed since we read it),
  we re-read and re-apply, and both changes are in the file ("merged");
* the racing variant starts ``msd config-set`` and saves at a random moment: either our save
  lands first and theirs re-reads under the lock ("clean"), or ours is refused and merged;
* the same key → the conflict is surfaced and their value stays (we never overwrite blindly).

The final file content is compared with what every round should have left: zero lost updates.
The planning lock is checked in both directions, plus the spec's steal rules (§1).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.common.errors import ConflictError, LockTimeoutError
from msd_desktop.core.common.jsonfile import read_json_file
from msd_desktop.core.common.planning_lock import PlanningLock, iso_now, pid_alive
from msd_desktop.core.config.setter import config_set, config_set_typed
from tests.cli import inprocess
from tests.reliability.helpers import CLI_TIMEOUT_S, REPO, make_project, record_figure
from tests.reliability.msd_forkserver import ForkServer, cli_modules

ROUNDS = 100

def _editor_rewrite(path: Path, key: str, value: Any) -> None:
    """What an editor's save does: read, change, write a temp file, ``os.replace`` — no lock,
    nothing of the core (in this process: the rewrite is plain file operations)."""
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    data.setdefault("features", {})[key] = value
    tmp = f"{path}.editor-swap"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=4)
        fh.write("\n")
    os.replace(tmp, path)


def _msd_env(home: Path) -> dict[str, str]:
    return {**os.environ, "HOME": str(home), "MSD_HOME": str(home)}


def _save(root: Path, env: dict[str, str], key: str, value: Any, expected: Any) -> str:
    """The window's save: refuse on conflict, then re-read and re-apply. Returns the outcome."""
    try:
        config_set_typed(root, key, value, env=env, workstream=None, expected=expected)
        return "clean"
    except ConflictError:
        fresh = read_json_file(root / ".planning" / "config.json")
        config_set_typed(root, key, value, env=env, workstream=None, expected=fresh.fingerprint)
        return "merged"


@pytest.fixture
def forks(tmp_path: Path) -> Iterator[ForkServer]:
    """The ``msd`` processes of the rounds, forked from one that imported the CLI once."""
    server = ForkServer(REPO, _msd_env(tmp_path), 1 << 32, preload=cli_modules())
    yield server
    server.close()


def test_100_rounds_zero_lost_updates(tmp_path: Path, forks: ForkServer) -> None:
    root = make_project(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    logs = tmp_path / "logs"
    env = {"HOME": str(home), "MSD_HOME": str(home)}
    penv = _msd_env(home)

    def msd_fork(*args: str) -> subprocess.CompletedProcess[str]:
        return forks.run(["--cwd", str(root), *args], cwd=REPO, env=penv, logs=logs,
                         timeout=CLI_TIMEOUT_S)
    path = root / ".planning" / "config.json"
    path.write_text(json.dumps({"mode": "yolo", "unknown_key": {"kept": [1, 2]}}, indent=2))
    expected: dict[str, Any] = {"mode": "yolo", "unknown_key": {"kept": [1, 2]}, "features": {}}
    outcomes: dict[str, int] = {}
    rng = random.Random(4)

    for i in range(ROUNDS):
        mode = ("msd", "editor", "race", "same-key")[i % 4]
        ours, theirs = f"r{i}_ours", f"r{i}_theirs"
        unsaved = read_json_file(path)  # we read ...
        assert unsaved.ok
        if mode == "msd":
            proc = msd_fork("config-set", f"features.{theirs}", "true")
            assert proc.returncode == 0, proc.stderr
        elif mode == "editor":
            _editor_rewrite(path, theirs, True)
        elif mode == "race":
            other = forks.spawn(["--cwd", str(root), "config-set", f"features.{theirs}", "true"],
                                cwd=REPO, env=penv, logs=logs)
            time.sleep(rng.uniform(0.0, 0.1))  # a forked run takes some tens of ms
        else:  # same key: they set context_window while we hold our own value for it
            proc = msd_fork("config-set", "context_window", str(100_000 + i))
            assert proc.returncode == 0, proc.stderr
        # ... and save our unsaved change afterwards (or while they run).
        if mode == "same-key":
            with pytest.raises(ConflictError, match="changed on disk since it was read"):
                config_set_typed(root, "context_window", 200_000 + i, env=env, workstream=None,
                                 expected=unsaved.fingerprint)
            outcome = "conflict-surfaced"
            expected["context_window"] = 100_000 + i  # theirs stays; nothing was overwritten
        else:
            outcome = _save(root, env, f"features.{ours}", True, unsaved.fingerprint)
            expected["features"][ours] = True
            expected["features"][theirs] = True
        if mode == "race":
            raced = forks.wait(other, logs=logs, timeout=CLI_TIMEOUT_S)
            assert raced.returncode == 0, raced.stderr
        if mode != "same-key" and mode != "race":
            assert outcome == "merged", (i, mode)  # the file did change under us
        outcomes[f"{mode}:{outcome}"] = outcomes.get(f"{mode}:{outcome}", 0) + 1
        now = read_json_file(path)
        assert now.ok, now.error
        assert now.data["features"] == expected["features"], f"round {i} ({mode}) lost an update"

    final = read_json_file(path)
    assert final.ok
    assert final.data == {k: expected[k] for k in final.data}
    assert set(final.data) == set(expected)
    assert len(final.data["features"]) == 2 * (ROUNDS - ROUNDS // 4)
    assert not (root / ".planning" / ".lock").exists()
    assert [p.name for p in path.parent.iterdir() if "tmp" in p.name or "swap" in p.name] == []
    record_figure("r2_rounds", ROUNDS)
    record_figure("r2_outcomes", outcomes)
    record_figure("r2_lost_updates", 0)


# --- the planning lock, both directions -------------------------------------------------------

HOLDER = textwrap.dedent(
    """
    import sys, time
    from msd_desktop.core.common.planning_lock import PlanningLock
    with PlanningLock(sys.argv[1]):
        print("held", flush=True)
        sys.stdin.readline()  # until the test says so
        released = time.time()
    print(f"released {released!r}", flush=True)
    """
)
# How long a writer that should be waiting is watched (it polls the lock every 100 ms): a
# writer that ignored the lock would have written by then.
WATCH_S = 0.5


def test_held_lock_delays_our_write_until_released(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    pdir = root / ".planning"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(pdir)], cwd=REPO,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdin is not None
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "held"
    body = json.loads((pdir / ".lock").read_text())
    assert body["pid"] == holder.pid
    assert set(body) == {"pid", "cwd", "acquired"}
    errors: list[BaseException] = []

    def write() -> None:
        try:
            config_set(root, "mode", "yolo", env={"HOME": str(tmp_path)})
        except BaseException as exc:  # reported by the test, not lost in the thread
            errors.append(exc)

    start = time.time()
    writer = threading.Thread(target=write)
    writer.start()
    writer.join(timeout=WATCH_S)
    assert writer.is_alive(), f"our write did not wait for the lock {errors}"
    assert not (pdir / "config.json").exists()
    holder.stdin.write("release\n")
    holder.stdin.flush()
    released = float(holder.stdout.readline().split()[1])
    writer.join(timeout=30)
    finished = time.time()
    holder.wait(timeout=10)
    assert not writer.is_alive()
    assert errors == []
    assert (pdir / "config.json").stat().st_mtime >= released - 0.05
    assert json.loads((pdir / "config.json").read_text()) == {"mode": "yolo"}
    assert not (pdir / ".lock").exists()
    record_figure("r2_lock_wait_s", round(finished - start, 2))


def test_our_lock_delays_msd_config_set(tmp_path: Path, forks: ForkServer) -> None:
    root = make_project(tmp_path)
    pdir = root / ".planning"
    (pdir / "config.json").write_text('{"mode": "interactive"}\n')
    env = _msd_env(tmp_path)
    logs = tmp_path / "logs"
    with PlanningLock(pdir):
        other = forks.spawn(["--cwd", str(root), "config-set", "mode", "yolo"], cwd=REPO,
                            env=env, logs=logs)
        time.sleep(WATCH_S)  # a forked run reaches the lock in some tens of ms
        assert pid_alive(other), "msd config-set did not wait for our lock"
        assert (pdir / "config.json").read_text() == '{"mode": "interactive"}\n'
    proc = forks.wait(other, logs=logs, timeout=CLI_TIMEOUT_S)
    assert proc.returncode == 0, proc.stderr
    assert json.loads((pdir / "config.json").read_text()) == {"mode": "yolo"}


def _dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def _write_lock(pdir: Path, body: str, age_s: float = 0.0) -> Path:
    lock = pdir / ".lock"
    lock.write_text(body)
    if age_s:
        then = time.time() - age_s
        os.utime(lock, (then, then))
    return lock


def test_stale_lock_with_dead_pid_is_stolen(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    pdir = root / ".planning"
    body = json.dumps({"pid": _dead_pid(), "cwd": str(root), "acquired": iso_now()})
    _write_lock(pdir, body)
    # on the first try (no time to wait); how fast: bench/bench_core_limits.py
    stolen = PlanningLock(pdir, timeout=0)
    stolen.acquire()
    stolen.release()
    _write_lock(pdir, body)
    config_set(root, "mode", "yolo", env={"HOME": str(tmp_path)})
    assert not (pdir / ".lock").exists()
    # the same through the CLI (called in this process: the holder is dead either way)
    _write_lock(pdir, body)
    proc = inprocess.run(["config-set", "mode", "interactive", "--cwd", str(root)],
                         env=_msd_env(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert json.loads((pdir / "config.json").read_text()) == {"mode": "interactive"}
    assert not (pdir / ".lock").exists()
    assert [p.name for p in pdir.iterdir() if p.name.startswith(".lock")] == []


def test_live_holder_past_deadman_ceiling_is_stolen(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    pdir = root / ".planning"
    sleeper = subprocess.Popen(["sleep", "30"])
    try:
        body = json.dumps({"pid": sleeper.pid, "cwd": "/", "acquired": "2020-01-01T00:00:00.000Z"})
        _write_lock(pdir, body, age_s=120)
        # stolen at once: a lock that is respected would make this short acquire time out
        stolen = PlanningLock(pdir, timeout=0.5)
        stolen.acquire()
        stolen.release()
        _write_lock(pdir, body, age_s=120)
        config_set(root, "mode", "yolo", env={"HOME": str(tmp_path)})
        assert json.loads((pdir / "config.json").read_text())["mode"] == "yolo"
        # a live, fresh holder is respected: a short timeout fails and names it
        lock = _write_lock(pdir, body)
        with pytest.raises(LockTimeoutError, match=f"held by process {sleeper.pid}"):
            PlanningLock(pdir, timeout=0.5).acquire()
        assert lock.read_text() == body
    finally:
        sleeper.kill()
        sleeper.wait()


def test_fresh_garbage_lock_waited_on_then_stolen(tmp_path: Path) -> None:
    """A body without a pid may be a writer between create and write: wait the grace, steal."""
    root = make_project(tmp_path)
    pdir = root / ".planning"
    _write_lock(pdir, "")
    writer = threading.Thread(
        target=config_set, args=(root, "mode", "yolo"), kwargs={"env": {"HOME": str(tmp_path)}}
    )
    writer.start()
    # Within the grace period the writer is still waiting and nothing has been written...
    writer.join(timeout=1.0)
    assert writer.is_alive()
    assert not (pdir / "config.json").exists()
    assert (pdir / ".lock").read_text() == ""
    # ...then it steals the lock and writes.
    writer.join(timeout=30)
    assert not writer.is_alive()
    assert json.loads((pdir / "config.json").read_text())["mode"] == "yolo"
    assert not (pdir / ".lock").exists()
