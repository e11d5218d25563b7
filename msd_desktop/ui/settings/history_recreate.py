"""The History page's "Recreate from history…": a deleted config file written again from one of
its recorded states.

Why a write and not a restore into the draft: the file is gone, so there is nothing for a
draft edit to apply to that Save would not also have to create; the person picks the state
(newest first, the newest kept one chosen) and it is written at once through the normal save
path (the core's :func:`~msd_desktop.core.history.restore.recreate_file`: the planning lock,
the safe writer, refused if a file appeared meanwhile, recorded in the history as a restore).
API keys are never written from the history (the snapshot holds markers; they stay absent, and
the page says so). The write runs on the worker pool's write lane.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDateTime, QObject, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.history.index import Entry
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import plain_label, visible


class RecreateDialog(QDialog):
    """The states a deleted file can be written from, newest first; Recreate or Cancel (the
    default)."""

    def __init__(self, path: Path, entries: Sequence[Entry],
                 describe: Callable[[Entry], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RecreateDialog")
        self.entries = list(entries)
        self.setWindowTitle(self.tr("Recreate %1").replace("%1", visible(Path(path).name)))
        layout = QVBoxLayout(self)
        question = plain_label(QLabel(self.tr(
            "%1 does not exist. Write it again as it was in the state you choose? API keys are "
            "never written from the history.").replace("%1", visible(str(path)))))
        question.setWordWrap(True)
        layout.addWidget(question)
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Recorded states of the file"))
        self.list.setMinimumWidth(420)
        for entry in self.entries:
            self.list.addItem(describe(entry))
        self.list.setCurrentRow(0)
        layout.addWidget(self.list, 1)
        buttons = QDialogButtonBox()
        self.recreate_button = buttons.addButton(self.tr("Recreate"),
                                                 QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.recreate_button.setAutoDefault(False)
        cancel.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.list.setFocus()

    def chosen(self) -> Entry | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None


def ask_recreate_entry(parent: QWidget, path: Path, entries: Sequence[Entry],
                       describe: Callable[[Entry], str]) -> Entry | None:
    """Ask which state to write a deleted file from; ``None`` when cancelled."""
    dialog = RecreateDialog(path, entries, describe, parent)
    try:
        return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


def describe_entry(entry: Entry, source: str) -> str:
    """One line for an entry: its time, source and label."""
    when = QDateTime.fromMSecsSinceEpoch(int(entry.time * 1000)).toString("yyyy-MM-dd HH:mm")
    label = f" · {visible(entry.label)}" if entry.label else ""
    return f"{when} · {source}{label}"


class Recreator(QObject):
    """Asks which state, then writes the file off the GUI thread; ``written`` when done."""

    written = Signal()

    def __init__(self, say: Callable[[str], None], env: Callable[[], Mapping[str, str] | None],
                 parent: QWidget) -> None:
        super().__init__(parent)
        self._say = say
        self._env = env
        self._parent = parent
        self.busy = False

    def start(self, path: Path, entries: Sequence[Entry],
              describe: Callable[[Entry], str]) -> None:
        from msd_desktop.ui.settings import history_recreate
        from msd_desktop.ui.widgets.workers import run_op

        kept = [e for e in entries if e.state == "present"]
        if not kept:
            self._say(self.tr("The history keeps no content of this file to recreate it from."))
            return
        entry = history_recreate.ask_recreate_entry(self._parent, path, kept, describe)
        if entry is None:
            self._say(self.tr("Nothing was written."))
            return
        env = self._env()
        self.busy = True
        self._say(self.tr("Writing…"))
        run_op(lambda: _recreate(path, entry, env), name="history-recreate",
               on_finished=self._done, on_failed=self._failed, owner=self, writes=True)

    def _done(self, notes: list[Any]) -> None:
        self.busy = False
        said = [self.tr("Recreated from the history; it is recorded there as a restore.")]
        if notes:
            said.append(self.tr("API keys were not written: set them again in API keys."))
        self._say(" ".join(said))
        self.written.emit()

    def _failed(self, error: BaseException) -> None:
        self.busy = False
        self._say(self.tr("Not recreated: %1").replace("%1", visible(core_text(error))))


def _recreate(path: Path, entry: Entry, env: Mapping[str, str] | None) -> list[Any]:
    """Write ``entry`` as the (absent) file ``path``; the notes about API keys left out."""
    from msd_desktop.core.history.restore import recreate_file
    from msd_desktop.core.history.store import HistoryStore

    return list(recreate_file(HistoryStore.for_user(env), path, entry, env).notes)
