"""The planning lock: one writer at a time per planning dir, shared with upstream ``gsd-tools``.

Why: ``msd``, the desktop app and upstream tools all rewrite files under ``.planning/``. They
coordinate through ``<planning dir>/.lock``, a JSON file ``{pid, cwd, acquired}`` created with an
exclusive create. This mirrors upstream ``withPlanningLock`` (planning-workspace.cjs):

* poll every 100 ms for up to 10 s, then fail with :class:`LockTimeoutError` naming the holder;
* a lock whose holder is not verified alive (dead pid, or a body without a usable pid) is stolen
  at once — except that an unparseable body younger than :data:`GARBAGE_GRACE_S` is waited on,
  because upstream writes the body just after the exclusive create and we must not steal a lock
  in that instant;
* a live-looking holder is stolen only past the 60 s dead-man ceiling (pid reuse);
* stealing renames the file aside after re-checking it is the same file with the same body, so
  two stealers never both win;
* release removes the file only if it is still the one we created (upstream unlinks blindly).

Not reentrant: taking the lock twice in one process waits for yourself and times out.

Beyond upstream: a ``.lock`` that is not a regular file (a dangling or looping symlink, a FIFO,
a folder — nothing a writer ever creates) is refused at once with a message saying what it is,
instead of being retried; every turn of the wait checks the deadline, whatever happened in it;
and the lock never creates ``.planning/`` again in a project folder that has gone.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import json
import os
import stat
import time
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from msd_desktop.core.common.errors import LockTimeoutError, MsdError
from msd_desktop.core.common.safe_read import read_text
from msd_desktop.core.common.text import Text

LOCK_NAME = ".lock"
DEFAULT_TIMEOUT_S = 10.0
DEADMAN_CEILING_S = 60.0
POLL_INTERVAL_S = 0.1
GARBAGE_GRACE_S = 2.0

# Upstream PLANNING_LOCK_RETRY_ERRNOS: transient conditions worth another try.
_RETRY_ERRNOS = {
    errno.EPERM, errno.EBUSY, errno.EAGAIN, errno.EINTR, errno.EINVAL, errno.EIO,
    errno.ENOENT, errno.ESTALE,
}
_steal_seq = itertools.count()
_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_QUICK_RETRIES = 3  # then the deadline is checked again, so no loop outlives it


def iso_now() -> str:
    """The current UTC time as JavaScript's ``Date#toISOString`` writes it."""
    now = datetime.now(UTC)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


def pid_alive(pid: int) -> bool:
    """True when ``pid`` is a running process (EPERM counts as alive, like upstream)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _parse_body(body: str | None) -> dict[str, Any] | None:
    if body is None:
        return None
    try:
        parsed = json.loads(body)
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None


def _holder_pid(body: str | None) -> int | None:
    parsed = _parse_body(body)
    pid = parsed.get("pid") if parsed else None
    if isinstance(pid, bool) or not isinstance(pid, (int, float)):
        return None
    if isinstance(pid, float) and not pid.is_integer():
        return None
    return int(pid) if pid > 0 else None


def read_lock_holder(planning_dir: Path) -> dict[str, Any] | None:
    """The parsed body of the current lock (``{pid, cwd, acquired}``), or ``None`` if unlocked."""
    try:
        body = read_text(Path(planning_dir) / LOCK_NAME, "lock", errors="strict")
    except OSError:
        return None
    return _parse_body(body) or {}


def _read(path: Path) -> str | None:
    try:
        return read_text(path, "lock")
    except OSError:
        return None


class PlanningLock:
    """Context manager holding ``<planning_dir>/.lock`` (see the module docstring)."""

    def __init__(
        self,
        planning_dir: Path,
        timeout: float = DEFAULT_TIMEOUT_S,
        *,
        deadman_ceiling: float = DEADMAN_CEILING_S,
        poll_interval: float = POLL_INTERVAL_S,
        cwd: Path | str | None = None,
    ) -> None:
        self.planning_dir = Path(planning_dir)
        self.path = self.planning_dir / LOCK_NAME
        self.timeout = timeout
        self.deadman_ceiling = deadman_ceiling
        self.poll_interval = poll_interval
        self.cwd = str(cwd) if cwd is not None else os.getcwd()
        self._body: str | None = None
        self._ident: tuple[int, int] | None = None

    @property
    def held(self) -> bool:
        """True between a successful acquire and release."""
        return self._body is not None

    def _try_create(self) -> bool:
        body = json.dumps(
            {"pid": os.getpid(), "cwd": self.cwd, "acquired": iso_now()},
            separators=(",", ":"),
            ensure_ascii=False,
        )
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW, 0o666)
        try:
            os.write(fd, body.encode("utf-8"))
            st = os.fstat(fd)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(self.path)
            raise
        os.close(fd)
        self._body = body
        self._ident = (st.st_dev, st.st_ino)
        return True

    def _stealable(self, body: str | None, age: float) -> bool:
        pid = _holder_pid(body)
        if pid is None:
            return age >= GARBAGE_GRACE_S
        if not pid_alive(pid):
            return True
        return age > self.deadman_ceiling

    def _try_steal(self) -> bool:
        """Remove a stale lock if it is one; True when something was removed."""
        try:
            decision = os.lstat(self.path)
        except OSError:
            return True  # vanished: retry the create at once
        self._refuse_odd(decision)
        decision_body = _read(self.path)
        if not self._stealable(decision_body, time.time() - decision.st_mtime):
            return False
        try:
            confirm = os.lstat(self.path)
        except OSError:
            return True
        same = (
            (confirm.st_dev, confirm.st_ino) == (decision.st_dev, decision.st_ino)
            and decision_body is not None
            and _read(self.path) == decision_body
        )
        if not same:
            return False
        aside = self.path.with_name(
            f"{LOCK_NAME}.stale-{os.getpid()}-{int(time.time() * 1000)}-{next(_steal_seq)}"
        )
        try:
            os.rename(self.path, aside)
        except OSError:
            return False  # another stealer won
        with contextlib.suppress(OSError):
            os.unlink(aside)
        return True

    def acquire(self) -> None:
        """Take the lock, stealing a stale one; :class:`LockTimeoutError` after the timeout,
        :class:`MsdError` at once for a ``.lock`` that is not a regular file."""
        self._ensure_dir()
        start = time.monotonic()
        quick = 0  # create attempts in a row right after a steal or a vanished lock
        while True:
            retry_now = False
            try:
                self._try_create()
                return
            except FileExistsError:
                retry_now = self._try_steal()
            except OSError as exc:
                if exc.errno not in _RETRY_ERRNOS:
                    raise MsdError(Text.of("Cannot create the planning lock {path}: {error}",
                                           path=self.path, error=exc)) from exc
                if exc.errno == errno.ENOENT:
                    self._ensure_dir()
            if retry_now and quick < _QUICK_RETRIES:
                quick += 1  # a stale lock just went: try at once (a timeout of 0 steals too)
                continue
            quick = 0
            elapsed = time.monotonic() - start
            if elapsed >= self.timeout:  # at least every few turns, whatever happened in them
                raise LockTimeoutError(self._timeout_message(elapsed))
            if not retry_now:
                time.sleep(min(self.poll_interval, max(self.timeout - elapsed, 0.0)))

    def _refuse_odd(self, st: os.stat_result) -> None:
        """Refuse a ``.lock`` no writer makes: waiting on it could never end."""
        if stat.S_ISREG(st.st_mode):
            return
        what = (Text.of("a symbolic link") if stat.S_ISLNK(st.st_mode)
                else Text.of("a folder") if stat.S_ISDIR(st.st_mode)
                else Text.of("not a regular file"))
        raise MsdError(Text.of(
            "The planning lock {path} is {what}, not a lock file; remove it and try again",
            path=self.path, what=what))

    def _ensure_dir(self) -> None:
        # A real failure here must surface at once, not as a phantom 10 s contention.
        from msd_desktop.core.common.safe_write import confine, make_folders_for

        try:
            make_folders_for(self.path)
            confine(self.path)  # a .planning that leads out of the project is not locked
        except MsdError as exc:
            raise MsdError(Text.of("Cannot create the planning lock {path}: {error}",
                                   path=self.path, error=exc)) from exc

    def _timeout_message(self, elapsed: float) -> Text:
        body = _read(self.path)
        parsed = _parse_body(body) or {}
        pid = _holder_pid(body)
        holder = (Text.of("process {pid}", pid=pid) if pid is not None
                  else Text.of("another process"))
        if isinstance(parsed.get("acquired"), str):
            return Text.of(
                "Timed out after {elapsed:.1f} s waiting for the planning lock {path}: held by "
                "{holder} since {since}. Try again when it finishes, or delete the lock file if "
                "that process is gone.",
                elapsed=elapsed, path=self.path, holder=holder, since=parsed["acquired"],
            )
        return Text.of(
            "Timed out after {elapsed:.1f} s waiting for the planning lock {path}: held by "
            "{holder}. Try again when it finishes, or delete the lock file if that process is "
            "gone.",
            elapsed=elapsed, path=self.path, holder=holder,
        )

    def release(self) -> None:
        """Remove the lock file if it is still the one this object created."""
        body, ident = self._body, self._ident
        self._body = self._ident = None
        if body is None:
            return
        try:
            st = os.lstat(self.path)
        except OSError:
            return
        if (st.st_dev, st.st_ino) == ident and _read(self.path) == body:
            with contextlib.suppress(OSError):
                os.unlink(self.path)

    def __enter__(self) -> PlanningLock:
        self.acquire()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()
