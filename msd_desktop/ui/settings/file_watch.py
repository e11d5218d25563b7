"""The one watch on the file a Settings form edits.

Why: a change on disk must reach the form (reload, or the conflict banner), but one file needs
one watcher. In the main window the workspace watch already sees the project's files (it
calls the form's ``on_files_changed`` for the project's ``config.json``), so the form watches
only the other files it edits — a workstream's config (the window treats a change there as a
change of structure), ``~/.msd/defaults.json`` — and, standing alone (the Global defaults
window, tests), every file. The folder is watched with the file: an atomic replace (ours or
another editor's) removes the watched file and drops its watch.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, Signal


class ConfigFileWatch(QObject):
    """Watches one file (and its folder) unless the window's watch covers it."""

    changed = Signal()  # something changed on disk; the form compares fingerprints

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._watcher: QFileSystemWatcher | None = None  # made when something is watched here
        self._covered: Path | None = None  # the file the window's watch reports changes of
        self._path: Path | None = None
        self.released = False

    def cover(self, path: Path) -> None:
        """``path`` is watched by the window: no watch of its own here."""
        self._covered = Path(path)
        if self._path is not None:
            self.watch(self._path)

    def covers(self, path: Path) -> bool:
        """Whether the window's watch reports changes of ``path`` (so this one does not)."""
        return self._covered is not None and Path(path) == self._covered

    def watch(self, path: Path) -> None:
        """Watch ``path`` from now on (instead of what was watched before)."""
        self._path = Path(path)
        self.released = False
        self._drop()
        if self.covers(self._path):
            return
        targets = [str(p) for p in (self._path, self._path.parent) if p.exists()]
        if not targets:
            return
        if self._watcher is None:
            self._watcher = QFileSystemWatcher(self)
            self._watcher.fileChanged.connect(self.changed)
            self._watcher.directoryChanged.connect(self.changed)
        self._watcher.addPaths(targets)

    def watched(self) -> list[str]:
        """The paths this watch holds (none when the window's watch covers the file)."""
        if self._watcher is None:
            return []
        return self._watcher.files() + self._watcher.directories()

    def release(self) -> None:
        """Drop the watch now (the window closes): Linux frees inotify watches in the
        background, so the watcher's destructor at exit has nothing left to wait for. The
        form re-arms it (and checks the file) when it is shown again."""
        self._drop()
        self.released = True

    def _drop(self) -> None:
        old = self.watched()
        if old and self._watcher is not None:
            self._watcher.removePaths(old)
