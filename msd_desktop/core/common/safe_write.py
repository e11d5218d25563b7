"""The one safe writer: every file MSD Desktop and ``msd`` write goes through :func:`write_file`.

Why: what we write is defended like what we read. A cloned repository or another local user
can plant a symlink, a device, a FIFO or a read-only file where we are about to write, or point
our cache or state folder at a shared place. So:

* **Atomic.** The data lands in a temp file (``.<name>.tmp-<pid>-<random>``, created with
  ``O_EXCL | O_NOFOLLOW``) in the target's own folder, is fsync'ed and renamed over the name;
  the folder is fsync'ed too. Every step works on an open handle of that folder, so a folder
  swapped in between is not written.
* **No symlinked final component.** A symlink where the file should be is refused with a clear
  message, never written through (``rename`` would replace the link; resolving it would write
  whatever it points at — another project's file, ``~/.msd/defaults.json``, a device node).
* **Regular files only**; a FIFO, a device, a socket or a directory there is refused.
* **A read-only file is honoured**: refused, never replaced (renaming over it would succeed,
  since only the folder's permission counts for a rename).
* **Planning files stay in their project.** For a path with a ``.planning`` component, the
  project is the folder that holds the last ``.planning``; the folder written into must resolve
  inside that project (a ``.planning`` symlinked to a folder of the same project is fine, one to
  ``~/.msd`` is not), and a missing ``.planning/`` is never re-created when the project folder
  itself has gone (moved, unmounted).
* **Our own files** (``own=True``: cache, state, recovery records, the registry, key files) are
  created 0600 — and set back to 0600 when rewritten — in folders that are ours: owned by us,
  not writable by the group or others (see :func:`own_folder_problem`), created 0700.

The source check in ``tests/core/common/test_safe_write.py`` fails on any write around this
module.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.text import Text

__all__ = [
    "APP_FOLDER",
    "UnsafeWriteError",
    "append_own_file",
    "confine",
    "ensure_own_folder",
    "make_folders_for",
    "own_file_lock",
    "own_folder_problem",
    "project_of",
    "write_file",
    "write_new_file",
]

#: The name of our own folder inside each of the user's folders (cache, state, config, data).
APP_FOLDER = "msd-desktop"
_PLANNING = ".planning"
_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


class UnsafeWriteError(MsdError):
    """A write refused because of what is (or is not) at the place it would go."""


def _mode_text(mode: int) -> str:
    return f"{stat.S_IMODE(mode):04o}"


# --- our own folders --------------------------------------------------------------------------


def own_folder_problem(folder: Path) -> Text | None:
    """Why ``folder`` cannot hold our own files, or ``None`` when it can (or does not exist yet).

    As ssh treats ``~/.ssh``: the folder (and each folder above it up to ours, ``msd-desktop``)
    must be a folder owned by this user and not writable by the group or others — else another
    user could plant or swap what we later load or overwrite.
    """
    for part in _own_chain(Path(folder)):
        try:
            st = os.stat(part)
        except FileNotFoundError:
            continue
        except OSError as exc:
            return Text.of("{folder} cannot be used: {error}", folder=part,
                           error=exc.strerror or exc)
        if not stat.S_ISDIR(st.st_mode):
            return Text.of("{folder} is not a folder; it is not used", folder=part)
        if st.st_uid != os.geteuid():
            return Text.of("{folder} belongs to another user (uid {uid}); it is not used",
                           folder=part, uid=st.st_uid)
        if st.st_mode & 0o022:
            return Text.of("{folder} can be written by other users (mode {mode}); it is not "
                           "used", folder=part, mode=_mode_text(st.st_mode))
    return None


def _own_chain(folder: Path) -> list[Path]:
    """``folder`` and the folders above it up to and including ``msd-desktop`` (just ``folder``
    when there is none), innermost first."""
    folder = Path(os.path.abspath(folder))
    chain = [folder]
    if APP_FOLDER in folder.parts[:-1]:
        cur = folder
        while cur.name != APP_FOLDER and cur.parent != cur:
            cur = cur.parent
            chain.append(cur)
    return chain


def ensure_own_folder(folder: Path) -> Path:
    """Make ``folder`` (0700, missing parents too) and check that it is ours
    (:func:`own_folder_problem`); a folder of ours that others may read is set to 0700.
    Raises :class:`UnsafeWriteError`."""
    folder = Path(os.path.abspath(folder))
    problem = own_folder_problem(folder)
    if problem is not None:
        raise UnsafeWriteError(problem)
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError as exc:
        raise UnsafeWriteError(Text.of("Could not create {folder}: {error}", folder=folder,
                                       error=exc.strerror or exc)) from None
    problem = own_folder_problem(folder)  # made meanwhile by someone else?
    if problem is not None:
        raise UnsafeWriteError(problem)
    for part in _own_chain(folder):
        with contextlib.suppress(OSError):
            if stat.S_IMODE(os.stat(part).st_mode) & 0o077:
                os.chmod(part, 0o700)
    return folder


# --- planning folders -------------------------------------------------------------------------


def project_of(path: Path) -> Path | None:
    """The project a planning file belongs to: the folder holding the path's last
    ``.planning`` component; ``None`` for a path outside any ``.planning``."""
    parts = Path(os.path.abspath(path)).parts
    for i in range(len(parts) - 1, 0, -1):
        if parts[i] == _PLANNING:
            return Path(*parts[:i])
    return None


def _check_inside_project(folder: Path, project: Path, target: Path) -> None:
    real_folder = os.path.realpath(folder)
    real_project = os.path.realpath(project)
    if os.path.commonpath([real_folder, real_project]) != real_project:
        raise UnsafeWriteError(Text.of(
            "{path} leads outside its project ({folder} is {real}); not written",
            path=target, folder=folder, real=real_folder))


def confine(path: Path) -> None:
    """Refuse (:class:`UnsafeWriteError`) a planning file whose existing folder resolves
    outside its project; nothing to check for other paths."""
    project = project_of(path)
    folder = Path(os.path.abspath(path)).parent
    if project is not None and os.path.lexists(folder):
        _check_inside_project(folder, project, Path(path))


def make_folders_for(path: Path) -> None:
    """Create the missing folders above the file ``path`` before it is written or locked.

    Inside a project only the ``.planning`` part is ever made, and only while the project
    folder exists: a project moved away must not get an empty ``.planning/`` back. Raises
    :class:`UnsafeWriteError` (or :class:`MsdError` for an I/O failure).
    """
    folder = Path(os.path.abspath(path)).parent
    project = project_of(path)
    if project is None:
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise MsdError(Text.of("Could not create {folder}: {error}", folder=folder,
                                   error=exc.strerror or exc)) from None
        return
    if not os.path.isdir(project):
        raise UnsafeWriteError(Text.of(
            "The project folder {project} is gone; .planning is not created again there",
            project=project))
    missing: list[Path] = []
    cur = folder
    while not os.path.lexists(cur) and cur != project:
        missing.append(cur)
        cur = cur.parent
    for part in reversed(missing):
        _check_inside_project(part.parent, project, path)
        try:
            os.mkdir(part)
        except FileExistsError:
            pass
        except OSError as exc:
            raise MsdError(Text.of("Could not create {folder}: {error}", folder=part,
                                   error=exc.strerror or exc)) from None


# --- the writer -------------------------------------------------------------------------------


def _read_only(st: os.stat_result) -> bool:
    """No write permission for us in the file's mode (root too: a 0444 file says "do not")."""
    uid = os.geteuid()
    if uid == 0:
        return not st.st_mode & 0o222
    if st.st_uid == uid:
        return not st.st_mode & 0o200
    if st.st_gid == os.getegid() or st.st_gid in os.getgroups():
        return not st.st_mode & 0o020
    return not st.st_mode & 0o002


def _current_umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)  # racy across threads, but only a fallback off Linux
    os.umask(mask)
    return mask


def _check_target(st: os.stat_result, path: Path) -> None:
    if stat.S_ISLNK(st.st_mode):
        raise UnsafeWriteError(Text.of(
            "{path} is a symbolic link; not written through it (replace the link with the "
            "file itself to change it)", path=path))
    if not stat.S_ISREG(st.st_mode):
        raise UnsafeWriteError(Text.of("{path} is not a regular file; not written", path=path))
    if _read_only(st):
        raise UnsafeWriteError(Text.of(
            "{path} is read-only; not written (make it writable to change it)", path=path))


def write_new_file(path: Path, data: bytes | Iterable[bytes], *,
                   mode: int | None = None) -> os.stat_result:
    """:func:`write_file` for a file that must not exist yet: the full data lands under a temp
    name, then a hard link gives it its name — which fails with :class:`FileExistsError`
    instead of replacing anything (a file, a symlink, a FIFO) already there."""
    return write_file(path, data, mode=mode, _new=True)


def write_file(path: Path, data: bytes | Iterable[bytes], *, own: bool = False,
               mode: int | None = None, durable: bool = True,
               _new: bool = False) -> os.stat_result:
    """Replace ``path`` with ``data`` (bytes, or chunks written one after the other) atomically
    and safely (see the module docstring); return the new file's ``stat``.

    ``own``: one of our own files (0600, in a folder of ours, made if missing). Otherwise the
    folder must exist (see :func:`make_folders_for`), an existing file keeps its mode and a new
    one gets ``mode`` or ``0o666 & ~umask``. ``durable=False`` skips the ``fsync`` of the file
    and its folder (still atomic): for files whose loss in a power cut costs little and that
    check themselves when read (the config history's checksummed lines and snapshots), so
    recording does not slow a save down. Raises :class:`UnsafeWriteError` for a refusal and
    ``OSError`` for an I/O failure; the old file is intact either way.
    """
    path = Path(os.path.abspath(path))
    folder = path.parent
    project = project_of(path)
    if own:
        ensure_own_folder(folder)
    elif project is not None:
        _check_inside_project(folder, project, path)
    dir_fd = os.open(folder, os.O_RDONLY | _O_DIRECTORY | _O_CLOEXEC)
    try:
        if project is not None:  # the folder opened is the one checked
            real = os.stat(os.path.realpath(folder))
            opened = os.fstat(dir_fd)
            if (real.st_dev, real.st_ino) != (opened.st_dev, opened.st_ino):
                raise UnsafeWriteError(Text.of("{path}: its folder changed while it was "
                                               "written; not written", path=path))
        return _write_in(dir_fd, path, data, own=own, mode=mode, new=_new, durable=durable)
    finally:
        os.close(dir_fd)


def _write_in(dir_fd: int, path: Path, data: bytes | Iterable[bytes], *, own: bool,
              mode: int | None, new: bool, durable: bool = True) -> os.stat_result:
    name = path.name
    try:
        st: os.stat_result | None = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        st = None
    if st is not None:
        if new:
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
        _check_target(st, path)
    if own:
        final_mode = 0o600
    elif st is not None:
        final_mode = stat.S_IMODE(st.st_mode)
    else:
        final_mode = mode if mode is not None else 0o666 & ~_current_umask()
    # The pid in the name lets the next writer remove this temp at once if we are killed.
    tmp = f".{name}.tmp-{os.getpid()}-{os.urandom(4).hex()}"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC, 0o600,
                 dir_fd=dir_fd)
    try:
        try:
            os.fchmod(fd, final_mode)
            for chunk in (data,) if isinstance(data, bytes | bytearray) else data:
                view = memoryview(chunk)
                while view:
                    view = view[os.write(fd, view):]
            if durable:
                os.fsync(fd)
            written = os.fstat(fd)
        finally:
            os.close(fd)
        if new:  # a link never replaces what is there
            os.link(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd, follow_symlinks=False)
            os.unlink(tmp, dir_fd=dir_fd)
        else:  # a symlink or device put there meanwhile is replaced, never followed
            os.rename(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        raise
    if durable:
        with contextlib.suppress(OSError):
            os.fsync(dir_fd)
    return written


def append_own_file(path: Path, data: bytes) -> None:
    """Append ``data`` to one of our own files (made 0600 if missing, in a folder of ours):
    for a log whose every line checks itself (the config history's indexes), where rewriting
    the whole file for each line would cost a rename per save. Never through a symlink
    (``O_NOFOLLOW``), never into a FIFO, device or another user's file (checked on the open
    handle); a torn append damages only the line being written. Raises
    :class:`UnsafeWriteError` or ``OSError``."""
    path = Path(os.path.abspath(path))
    ensure_own_folder(path.parent)
    flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | _O_NOFOLLOW
             | _O_CLOEXEC)
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENXIO):  # a symlink; a FIFO nobody reads
            raise UnsafeWriteError(Text.of("{path} is not a regular file; not written",
                                           path=path)) from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UnsafeWriteError(Text.of("{path} is not a regular file; not written",
                                           path=path))
        if st.st_uid != os.geteuid():
            raise UnsafeWriteError(Text.of("{path} belongs to another user (uid {uid}); not "
                                           "written", path=path, uid=st.st_uid))
        if stat.S_IMODE(st.st_mode) != 0o600:
            os.fchmod(fd, 0o600)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


# --- a lock beside one of our own files ---------------------------------------------------------


@contextlib.contextmanager
def own_file_lock(path: Path, timeout: float = 10.0, poll: float = 0.02) -> Iterator[None]:
    """Hold an exclusive lock for a read-modify-write of our own file ``path`` (the registry,
    written by the window and by ``msd`` at once): ``flock`` on the folder of ours that holds
    it (made 0700 if missing), so no lock file is ever left behind — a command that fails
    changes nothing. The kernel lets go when the holder dies, so it is never stale; waiting
    ends at ``timeout`` with :class:`MsdError`.
    """
    import fcntl

    path = Path(os.path.abspath(path))
    folder = ensure_own_folder(path.parent)
    try:
        fd = os.open(folder, os.O_RDONLY | _O_DIRECTORY | _O_CLOEXEC)
    except OSError as exc:
        raise UnsafeWriteError(Text.of("Cannot use the lock {path}: {error}", path=folder,
                                       error=exc.strerror or exc)) from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise MsdError(Text.of(
                        "Timed out after {timeout:.1f} s waiting for {path}: another msd or "
                        "window is changing it", timeout=timeout, path=path)) from None
                time.sleep(poll)
        yield
    finally:
        os.close(fd)  # (closing releases the lock)
