"""Hand a file to the desktop: open it in the person's own editor, or show its folder.

Why a worker: ``QDesktopServices.openUrl`` starts a helper program (``xdg-open``, a portal
call) and may wait for it; the window's thread never does. The answer (could the desktop open
it?) comes back to ``on_done`` on the window's thread, so a "nothing opens it" can be said.
Tests and embedders register a handler for the ``file`` scheme
(``QDesktopServices.setUrlHandler``) to see what would be opened.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QUrl


def _open(url: QUrl) -> bool:
    from PySide6.QtGui import QDesktopServices

    return bool(QDesktopServices.openUrl(url))


def open_with_desktop(path: Path, owner: QObject, on_done: Callable[[bool], None],
                      *, folder: bool = False) -> None:
    """Open ``path`` (or, with ``folder``, the folder holding it) with the desktop's default
    program, off the window's thread; ``on_done(opened)`` on the window's thread."""
    from msd_desktop.ui.widgets.workers import run_op

    target = Path(path).parent if folder else Path(path)
    url = QUrl.fromLocalFile(str(target))
    run_op(lambda: _open(url), name="open-with-desktop", owner=owner,
           on_finished=lambda opened: on_done(bool(opened)),
           on_failed=lambda _error: on_done(False))


__all__ = ["open_with_desktop"]
