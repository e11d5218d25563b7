"""Where a new project goes: is the folder usable, missing (to be created), or an odd target?

Why a module of its own: the New project dialog asks before creating a folder that does not
exist yet, and refuses targets that cannot hold a project — a file, a FIFO, a socket or device,
a symlink loop, a path through a file — with a message that says which. The same rules decide
inside :func:`msd_desktop.core.workspace.new_project.new_project`, so nothing the dialog
allowed can fail late, and a caller without the dialog gets the same refusal.

Nothing here opens a file: only ``lstat``/``stat`` (a FIFO is never opened, so it cannot block).
:func:`make_folder` creates the missing part and returns what it made, so a failed creation
can remove exactly that (:func:`remove_made`) and leave the disk as it was.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.text import Text

__all__ = ["FolderCheck", "check_project_folder", "make_folder", "remove_made"]


@dataclass(frozen=True)
class FolderCheck:
    """The verdict on a folder typed for a new project.

    ``problem`` (when set) is the sentence to show and nothing may be created; otherwise
    ``missing`` says the folder does not exist yet and would be created with its parents.
    ``code`` names the problem for a caller that words it itself (the window translates):
    ``relative``, ``loop``, ``through_file``, ``denied``, ``too_long``, ``unchecked``,
    ``dangling``, ``not_folder`` (``what`` says what it is), ``has_planning``, ``no_parent``,
    ``parent_not_folder`` (``what``, ``other`` = that parent), ``parent_not_writable``
    (``other``).
    """

    path: Path
    missing: bool = False
    problem: str | None = None
    code: str = ""
    what: str = ""
    other: Path | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _kind_of(mode: int) -> Text | None:
    """What a non-directory is, in words; ``None`` for a directory."""
    if stat.S_ISDIR(mode):
        return None
    if stat.S_ISREG(mode):
        return Text.of("a file")
    if stat.S_ISFIFO(mode):
        return Text.of("a FIFO (named pipe)")
    if stat.S_ISSOCK(mode):
        return Text.of("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Text.of("a device")
    return Text.of("not a folder")


def _os_problem(target: Path, path: Path, exc: OSError) -> FolderCheck:
    """The verdict on ``target`` when checking ``path`` (itself or an ancestor) raised."""
    if exc.errno == errno.ELOOP:
        problem = Text.of("{path} is a symlink loop, not a folder.", path=path)
        return FolderCheck(target, problem=problem, code="loop", other=path)
    if exc.errno == errno.ENOTDIR:
        problem = Text.of("{path} goes through a file: a part of it is not a folder.", path=path)
        return FolderCheck(target, problem=problem, code="through_file", other=path)
    if exc.errno in (errno.EACCES, errno.EPERM):
        problem = Text.of("{path} cannot be checked: permission denied.", path=path)
        return FolderCheck(target, problem=problem, code="denied", other=path)
    if exc.errno == errno.ENAMETOOLONG:
        problem = Text.of("{path} is too long a name for this system.", path=path)
        return FolderCheck(target, problem=problem, code="too_long", other=path)
    problem = Text.of("{path} cannot be checked ({error}).", path=path,
                      error=exc.strerror or exc)
    return FolderCheck(target, problem=problem, code="unchecked", what=str(exc.strerror or exc),
                       other=path)


def check_project_folder(path: Path | str) -> FolderCheck:
    """Classify ``path`` (``~`` expanded) as a folder for a new project.

    A folder that exists must not already have ``.planning/`` (open it instead). A missing one
    is fine when its nearest existing ancestor is a folder (then ``missing``).
    """
    p = Path(os.path.expanduser(os.fspath(path)))
    if not p.is_absolute():
        problem = Text.of("{path} is not an absolute path: give the whole path (for example "
                          "~/projects/my-app).", path=p)
        return FolderCheck(p, problem=problem, code="relative")
    try:
        info = os.lstat(p)
    except (FileNotFoundError, NotADirectoryError):
        return _check_missing(p)  # (a part of the way being a file is named there)
    except OSError as exc:
        return _os_problem(p, p, exc)
    if stat.S_ISLNK(info.st_mode):
        try:
            info = os.stat(p)
        except FileNotFoundError:
            problem = Text.of("{path} is a symlink to something that does not exist; create "
                              "the target or choose another folder.", path=p)
            return FolderCheck(p, problem=problem, code="dangling")
        except OSError as exc:
            return _os_problem(p, p, exc)
    kind = _kind_of(info.st_mode)
    if kind is not None:
        problem = Text.of("{path} is {kind}, not a folder.", path=p, kind=kind)
        return FolderCheck(p, problem=problem, code="not_folder", what=kind)
    if os.path.lexists(p / ".planning"):
        problem = Text.of("{path} already has .planning/ — open it instead of creating it.",
                          path=p)
        return FolderCheck(p, problem=problem, code="has_planning")
    return FolderCheck(p)


def _check_missing(p: Path) -> FolderCheck:
    """``p`` does not exist: its nearest existing ancestor must be a folder we can write in."""
    ancestor = p.parent
    while True:
        try:
            info = os.stat(ancestor)
            break
        except (FileNotFoundError, NotADirectoryError):
            if ancestor.parent == ancestor:
                problem = Text.of("{path} cannot be created (no existing parent).", path=p)
                return FolderCheck(p, problem=problem, code="no_parent")
            ancestor = ancestor.parent
        except OSError as exc:
            return _os_problem(p, ancestor, exc)
    kind = _kind_of(info.st_mode)
    if kind is not None:
        problem = Text.of("{path} cannot be created: {ancestor} is {kind}, not a folder.",
                          path=p, ancestor=ancestor, kind=kind)
        return FolderCheck(p, problem=problem, code="parent_not_folder", what=kind,
                           other=ancestor)
    if not os.access(ancestor, os.W_OK | os.X_OK):
        problem = Text.of("{path} cannot be created: {ancestor} is not writable.", path=p,
                          ancestor=ancestor)
        return FolderCheck(p, problem=problem, code="parent_not_writable", other=ancestor)
    return FolderCheck(p, missing=True)


def make_folder(path: Path) -> list[Path]:
    """Create ``path`` and its missing parents; return the folders made, outermost first.

    Raises :class:`MsdError` (and leaves nothing made) when a part cannot be created.
    """
    missing: list[Path] = []
    cur = Path(path)
    while not os.path.lexists(cur):
        missing.append(cur)
        if cur.parent == cur:
            break
        cur = cur.parent
    made: list[Path] = []
    try:
        for folder in reversed(missing):
            os.mkdir(folder)
            made.append(folder)
    except OSError as exc:
        remove_made(made)
        raise MsdError(Text.of(
            "Could not create {path}: {error}", path=path, error=exc.strerror or exc,
        )) from None
    return made


def remove_made(made: list[Path]) -> None:
    """Remove the folders :func:`make_folder` made (innermost first), if they are still empty."""
    for folder in reversed(made):
        try:
            os.rmdir(folder)
        except OSError:  # someone put something there meanwhile: keep it
            return
