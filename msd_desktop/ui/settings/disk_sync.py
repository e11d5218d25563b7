"""The Settings form and the disk: one watch on its file, and what a change there means.

Why a module of its own: the form edits a file that other programs (an editor, ``msd
config-set``, an agent) change too. This layer of the panel keeps the file's one watch
(:mod:`~msd_desktop.ui.settings.file_watch`, or the window's through ``on_files_changed``),
compares the file with what the draft read, reloads when nothing is pending, and otherwise
shows the banner with Reload, Keep mine and the difference (the conflict view) — nothing is
lost silently. Content one of our own writes left (a keyring move, the API keys panel's
sentinel) reloads, pending edits kept on top of it, without being called an outside change;
while a save runs, its own change is not looked at.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from msd_desktop.core.config.draft import Scope, scope_path
from msd_desktop.ui.settings.file_watch import ConfigFileWatch
from msd_desktop.ui.settings.form_widgets import Banner
from msd_desktop.ui.settings.lazy_form import LazyFormBody
from msd_desktop.ui.widgets.elided_label import ElidedLabel
from msd_desktop.ui.widgets.plain_text import visible

if TYPE_CHECKING:
    from msd_desktop.ui.settings.conflict_view import ConflictView


class DiskSyncedForm(LazyFormBody):
    """The panel's layer that follows its file on disk (see the module docstring)."""

    disk_conflict_shown = Signal()

    # set up by the panel
    env: dict[str, str]
    status: ElidedLabel
    disk_banner: Banner
    api_keys: QWidget | None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.file_watch = ConfigFileWatch(self)
        self.file_watch.changed.connect(self._on_disk_event)
        self._conflict_view: ConflictView | None = None  # built on "Show difference"
        self._disk_timer = QTimer(self)
        self._disk_timer.setSingleShot(True)
        self._disk_timer.setInterval(40)
        self._disk_timer.timeout.connect(self.check_disk)
        # Our own writes besides Save (keyring moves, the API keys panel's sentinel): the
        # content they left is ours, so its change on disk is not reported as someone else's.
        self._own_writes = 0  # such writes still running
        self._own_fingerprint: Any = None

    # ---- what this layer asks of the panel

    def _reload_everything(self) -> None:
        raise NotImplementedError

    def save_job(self) -> Any:
        """The save of the file shown that is still running, if any (the panel's)."""
        return None

    # ---- the watch

    def _watch(self, path: Path) -> None:
        self.file_watch.watch(path)

    def use_window_watch(self) -> None:
        """Main-window hook: the window's workspace watch reports changes of the project's
        ``config.json`` (``on_files_changed``); the form's own watch is left for the others."""
        self.file_watch.cover(scope_path(Scope.PROJECT, self.root, self.env, None))

    def release_watches(self) -> None:
        """Main-window hook, when the window closes: drop the file watch now (see
        file_watch); showing the panel again re-arms it and checks the file."""
        self.file_watch.release()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.file_watch.released and self.draft is not None:
            self.check_disk()  # re-arms the watch; the file may have changed meanwhile

    def on_files_changed(self, event: object = None) -> None:
        """Main-window hook: a file of this project changed."""
        self._disk_timer.start()

    def _on_disk_event(self, *_args: Any) -> None:
        self._disk_timer.start()

    def _own_write_done(self) -> None:
        """One of our own writes (not Save) finished: what is on disk now is ours."""
        if self.draft is not None:
            from msd_desktop.core.common.jsonfile import fingerprint_of

            self._own_fingerprint = fingerprint_of(self.draft.path)
        self.check_disk()

    def _is_own_content(self) -> bool:
        if self.draft is None or self._own_fingerprint is None:
            return False
        from msd_desktop.core.common.jsonfile import fingerprint_of

        return bool(self._own_fingerprint.same_content(fingerprint_of(self.draft.path)))

    def check_disk(self) -> None:
        """Compare the file with what the draft read: reload, or show the conflict banner.
        Content one of our own writes left reloads without a word (it is no outside change),
        keeping the pending edits on top of it."""
        if self.draft is None:
            return
        self._watch(self.draft.path)  # an atomic replace drops the file's watch
        if self._own_writes > 0 or self.save_job() is not None:
            return  # our write is still running; its end checks again
        if getattr(self.api_keys, "busy", False):
            self._disk_timer.start()  # the API keys panel may be writing: look again shortly
            return
        if not self.draft.changed_on_disk():
            return
        if self.draft.dirty and self._is_own_content():
            # our own write (a key's sentinel) under pending edits: the edits now apply on
            # top of what we wrote, so Save writes both and nothing is asked
            said = self.status.text()
            self.draft.reload(keep_mine=True)
            self._reload_everything()
            self.status.setText(said)
        elif self.draft.dirty:
            self._show_disk_banner()
        else:
            own, said = self._is_own_content(), self.status.text()
            self.draft.reload()
            self._reload_everything()
            if own:
                self.status.setText(said)  # what our own write reported stays
            else:
                self.status.setText(self.tr("The file changed on disk; the form was reloaded."))

    def _show_disk_banner(self) -> None:
        assert self.draft is not None
        self.disk_banner.label.setText(self.tr(
            "{0} changed on disk while you have unsaved changes. Reload discards your changes; "
            "Keep mine applies them on top of the new file (save to write them).").format(
                visible(self.draft.path.name)))
        if self._conflict_view is not None and not self._conflict_view.isHidden():
            self._conflict_view.refresh()  # the file may have changed once more
        self.disk_banner.show()
        self.disk_conflict_shown.emit()

    @property
    def conflict_view(self) -> ConflictView:
        """Base, disk now, mine and what Keep mine writes (see conflict_view), built on first
        use under the banner."""
        if self._conflict_view is None:
            from msd_desktop.core.config.conflict import preview_for_draft
            from msd_desktop.ui.settings.conflict_view import ConflictView

            view = ConflictView()
            view.hide()

            def compute(choices: Any) -> Any:
                assert self.draft is not None
                return preview_for_draft(self.draft, choices)

            view.set_source(compute)
            outer = self.layout()
            assert isinstance(outer, QVBoxLayout)
            outer.insertWidget(outer.indexOf(self.disk_banner) + 1, view, 2)
            self._conflict_view = view
        return self._conflict_view

    def _toggle_disk_diff(self) -> None:
        view = self.conflict_view
        if view.isHidden():
            view.refresh()
        view.setVisible(view.isHidden())

    def reload_from_disk(self) -> None:
        if self.draft is None:
            return
        self.draft.reload()
        self._reload_everything()
        self.status.setText(self.tr("Reloaded from disk; your unsaved changes were discarded."))

    def keep_mine(self) -> None:
        """Apply the pending edits on top of the file on disk now; a key both sides changed
        keeps the disk's value where the conflict view says so."""
        if self.draft is None:
            return
        dropped: list[str] = []
        if self._conflict_view is not None:
            from msd_desktop.core.config.conflict import Side

            dropped = [k for k, side in self._conflict_view.choices().items()
                       if side is Side.THEIRS]
        self.draft.reload(keep_mine=True)
        for key in dropped:
            self.draft.discard(key)
        self._reload_everything()
        self.status.setText(self.tr("Kept your changes on top of the file on disk; save to "
                                    "write them."))
