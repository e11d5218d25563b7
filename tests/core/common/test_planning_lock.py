"""The planning lock between real processes: exclusion, waiting, timeout, stale steal.

Behaviour only: how fast a lock is stolen or a timeout fires is measured by
``bench/bench_core_limits.py``, never asserted here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import LockTimeoutError, MsdError
from msd_desktop.core.common.planning_lock import PlanningLock, read_lock_holder

REPO = Path(__file__).resolve().parents[3]


def _spawn_holder(planning: Path, hold: float, ready: Path, done: Path | None = None,
                  go: Path | None = None) -> subprocess.Popen[bytes]:
    """A separate Python process that takes the lock, signals, holds it (``hold`` seconds, or
    with ``go`` until that file appears), then releases; with ``done``, it writes that file as
    the last thing before it releases."""
    code = textwrap.dedent(
        f"""
        import time
        from pathlib import Path
        from msd_desktop.core.common.planning_lock import PlanningLock
        with PlanningLock(Path({str(planning)!r})):
            Path({str(ready)!r}).write_text("held")
            end = time.monotonic() + {hold}
            go = {str(go or "")!r}
            while time.monotonic() < end and not (go and Path(go).exists()):
                time.sleep(0.01)
            if {str(done or "")!r}:
                Path({str(done or "")!r}).write_text("done")
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=REPO)
    deadline = time.monotonic() + 20
    while not ready.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise AssertionError("holder process did not take the lock")
        time.sleep(0.02)
    return proc


@pytest.fixture
def planning(tmp_path: Path) -> Path:
    path = tmp_path / ".planning"
    path.mkdir()
    return path


def _dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def _age(path: Path, seconds: float) -> None:
    past = time.time() - seconds
    os.utime(path, (past, past))


def test_lock_file_body_and_release(planning: Path) -> None:
    with PlanningLock(planning, cwd="/some/project") as lock:
        body = json.loads((planning / ".lock").read_text())
        assert list(body) == ["pid", "cwd", "acquired"]
        assert body["pid"] == os.getpid()
        assert body["cwd"] == "/some/project"
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", body["acquired"])
        assert lock.held
        assert read_lock_holder(planning) == body
    assert not (planning / ".lock").exists()
    assert read_lock_holder(planning) is None


def test_creates_missing_planning_dir(tmp_path: Path) -> None:
    (tmp_path / "new").mkdir()
    with PlanningLock(tmp_path / "new" / ".planning"):
        assert (tmp_path / "new" / ".planning" / ".lock").exists()


def test_never_creates_planning_again_where_the_project_has_gone(tmp_path: Path) -> None:
    with pytest.raises(MsdError, match=r"is gone; \.planning is not created again"):
        PlanningLock(tmp_path / "moved-away" / ".planning").acquire()
    assert not (tmp_path / "moved-away").exists()


def test_released_on_exception(planning: Path) -> None:
    with pytest.raises(RuntimeError), PlanningLock(planning):
        raise RuntimeError("boom")
    assert not (planning / ".lock").exists()


def test_waits_for_another_process(planning: Path, tmp_path: Path) -> None:
    done, go = tmp_path / "done", tmp_path / "go"
    holder = _spawn_holder(planning, 30, tmp_path / "ready", done, go)
    inside: list[str] = []
    errors: list[BaseException] = []

    def take() -> None:
        try:
            with PlanningLock(planning, timeout=15):
                # the holder finished its whole critical section before we got in
                inside.append(done.read_text())
                inside.append(str(json.loads((planning / ".lock").read_text())["pid"]))
        except BaseException as exc:  # reported by the test, not lost in the thread
            errors.append(exc)

    taker = threading.Thread(target=take)
    try:
        taker.start()
        taker.join(timeout=0.3)  # it polls every 100 ms: one that did not wait is done by now
        assert taker.is_alive(), f"took a held lock: {inside} {errors}"
        go.write_text("go")
        taker.join(timeout=20)
        assert errors == []
        assert inside == ["done", str(os.getpid())]
    finally:
        go.write_text("go")
        holder.wait(timeout=20)
        taker.join(timeout=20)


def test_timeout_names_holder(planning: Path, tmp_path: Path) -> None:
    holder = _spawn_holder(planning, 30, tmp_path / "ready")
    try:
        with pytest.raises(LockTimeoutError) as info, PlanningLock(planning, timeout=0.6):
            pass
        assert f"held by process {holder.pid}" in str(info.value)
        assert str(planning / ".lock") in str(info.value)
    finally:
        holder.kill()
        holder.wait()
    # The holder was killed without releasing: its dead pid makes the lock stale.
    assert (planning / ".lock").exists()
    with PlanningLock(planning, timeout=2):
        assert json.loads((planning / ".lock").read_text())["pid"] == os.getpid()


def test_mutual_exclusion_between_processes(planning: Path, tmp_path: Path) -> None:
    counter = tmp_path / "counter"
    counter.write_text("0")
    code = textwrap.dedent(
        f"""
        from pathlib import Path
        from msd_desktop.core.common.planning_lock import PlanningLock
        counter = Path({str(counter)!r})
        for _ in range(15):
            with PlanningLock(Path({str(planning)!r}), timeout=30, poll_interval=0.005):
                value = int(counter.read_text())
                counter.write_text(str(value + 1))
        """
    )
    procs = [subprocess.Popen([sys.executable, "-c", code], cwd=REPO) for _ in range(4)]
    assert all(p.wait(timeout=50) == 0 for p in procs)
    assert counter.read_text() == "60"
    assert not (planning / ".lock").exists()


def test_steals_lock_of_dead_process(planning: Path) -> None:
    """Stolen on the first try: a timeout of 0 leaves no time to wait for it."""
    (planning / ".lock").write_text(json.dumps({"pid": _dead_pid(), "cwd": "/", "acquired": "x"}))
    with PlanningLock(planning, timeout=0):
        assert json.loads((planning / ".lock").read_text())["pid"] == os.getpid()
    assert sorted(p.name for p in planning.iterdir()) == []  # the stolen file is gone too


def test_steals_old_garbage_but_waits_on_fresh_garbage(planning: Path) -> None:
    lock = planning / ".lock"
    lock.write_text("")
    with pytest.raises(LockTimeoutError, match="held by another process"):
        PlanningLock(planning, timeout=0.3).acquire()
    _age(lock, 10)
    with PlanningLock(planning, timeout=1):
        pass


def test_live_holder_stolen_only_past_deadman_ceiling(planning: Path) -> None:
    lock = planning / ".lock"
    lock.write_text(json.dumps({"pid": os.getppid(), "cwd": "/", "acquired": "x"}))
    _age(lock, 30)
    with pytest.raises(LockTimeoutError):
        PlanningLock(planning, timeout=0.3).acquire()
    _age(lock, 61)
    with PlanningLock(planning, timeout=1):
        assert json.loads(lock.read_text())["pid"] == os.getpid()


def test_release_leaves_someone_elses_lock(planning: Path) -> None:
    lock = PlanningLock(planning)
    lock.acquire()
    (planning / ".lock").unlink()
    (planning / ".lock").write_text(json.dumps({"pid": 1, "cwd": "/", "acquired": "x"}))
    lock.release()
    assert (planning / ".lock").exists()
    assert not lock.held


@pytest.mark.differential
def test_interoperates_with_upstream_lock(tmp_path: Path, upstream_pkg: Path) -> None:
    """Upstream ``withPlanningLock`` and ours exclude each other on the same file."""
    upstream_lib = upstream_pkg / "bin" / "lib" / "planning-workspace.cjs"
    ready, done = tmp_path / "ready", tmp_path / "done"
    script = textwrap.dedent(
        f"""
        const ws = require({str(upstream_lib)!r});
        const fs = require('fs');
        ws.withPlanningLock({str(tmp_path)!r}, () => {{
          fs.writeFileSync({str(ready)!r}, 'held');
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);  // hold, idle
          fs.writeFileSync({str(done)!r}, 'done');
        }});
        """
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("GSD_")}
    node = subprocess.Popen(["node", "-e", script], env=env)
    try:
        deadline = time.monotonic() + 20
        while not ready.exists():
            assert node.poll() is None
            assert time.monotonic() < deadline
            time.sleep(0.02)
        planning = tmp_path / ".planning"
        with PlanningLock(planning, timeout=15):
            assert done.read_text() == "done"  # upstream's callback ran to its end first
        assert node.wait(timeout=20) == 0
        # And the other way round: upstream waits for us.
        with PlanningLock(planning):
            ready.unlink()
            node = subprocess.Popen(["node", "-e", script], env=env)
            time.sleep(0.5)
            assert not ready.exists()
        assert node.wait(timeout=20) == 0
        assert ready.exists()
    finally:
        if node.poll() is None:
            node.kill()


def test_uncreatable_dir_fails_fast(tmp_path: Path) -> None:
    """The creation error itself, not a time-out after the default wait ("Timed out …")."""
    (tmp_path / "file").write_text("x")
    with pytest.raises(MsdError, match="Cannot create the planning lock") as info:
        PlanningLock(tmp_path / "file" / ".planning").acquire()
    assert not isinstance(info.value, LockTimeoutError)


# --- a .lock that is not a lock file: refused at once, never waited on ---------------------------


def _plant(kind: str, lock: Path, tmp_path: Path) -> None:
    if kind == "dangling symlink":
        lock.symlink_to(tmp_path / "nowhere")
    elif kind == "looping symlink":
        lock.symlink_to(lock.name)  # .lock -> .lock
    elif kind == "symlink to a file":
        (tmp_path / "elsewhere").write_text("{}")
        lock.symlink_to(tmp_path / "elsewhere")
    elif kind == "fifo":
        os.mkfifo(lock)
    else:
        lock.mkdir()


@pytest.mark.timeout(60)  # the guard: before, acquire spun for ever on these
@pytest.mark.parametrize("kind", ["dangling symlink", "looping symlink", "symlink to a file",
                                  "fifo", "folder"])
def test_a_lock_that_is_not_a_regular_file_is_refused(kind: str, planning: Path,
                                                      tmp_path: Path) -> None:
    lock = planning / ".lock"
    _plant(kind, lock, tmp_path)
    with pytest.raises(MsdError, match=r"is (a symbolic link|a folder|not a regular file), not a "
                                       r"lock file; remove it and try again"):
        PlanningLock(planning, timeout=2).acquire()
    assert os.path.lexists(lock)  # left for the person to look at
    if kind == "symlink to a file":
        assert (tmp_path / "elsewhere").read_text() == "{}"


@pytest.mark.timeout(60)
def test_a_planning_folder_leading_out_of_the_project_is_not_locked(tmp_path: Path) -> None:
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    (project / ".planning").symlink_to(outside, target_is_directory=True)
    with pytest.raises(MsdError, match="leads outside its project"):
        PlanningLock(project / ".planning", timeout=2).acquire()
    assert list(outside.iterdir()) == []
