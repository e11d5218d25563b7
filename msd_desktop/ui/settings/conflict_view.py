"""The Settings tab's conflict view: what "Keep mine" would write after an outside change.

The core computes the picture (:mod:`msd_desktop.core.config.conflict`); this view only shows
it: one row per key that differs (as read, on disk now, mine, the result), a choice for each
key both sides changed, and the four documents plus "what Keep mine changes in the file on disk
now" as text. Every value and text is masked before it reaches a widget, so no tooltip, copy
or screenshot of this view can carry a plaintext key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontDatabase, QSyntaxHighlighter, QTextCharFormat
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config.conflict import KeyMerge, MergePreview, Side, masked_value
from msd_desktop.core.config.json_edit import secret_key_names
from msd_desktop.ui.widgets.column_fit import ColumnFit
from msd_desktop.ui.widgets.empty_hint import EmptyHint
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color

Index = QModelIndex | QPersistentModelIndex
ChoiceRole = Qt.ItemDataRole.UserRole + 40  # the row's Side, for conflicts


class UnifiedDiffHighlighter(QSyntaxHighlighter):
    """Colours unified-diff lines: additions, removals, hunk headers."""

    def highlightBlock(self, text: str) -> None:
        fmt = QTextCharFormat()
        if text.startswith(("+++", "---")):
            fmt.setFontWeight(QFont.Weight.Bold)
        elif text.startswith(("+", "-")):
            color = semantic_color("ok" if text.startswith("+") else "error")
            fmt.setForeground(color)
            background = QColor(color)
            background.setAlpha(40)
            fmt.setBackground(background)
        elif text.startswith("@@"):
            fmt.setForeground(semantic_color("info"))
        else:
            return
        self.setFormat(0, len(text), fmt)


def read_only_text(diff: bool = False) -> QPlainTextEdit:
    """A monospaced read-only text box (plain text only)."""
    box = QPlainTextEdit()
    box.setReadOnly(True)
    box.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    box.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    if diff:
        UnifiedDiffHighlighter(box.document())
    return box


class MergeTableModel(HeaderedTableModel):
    """Rows = the keys that differ; the last column holds the choice of a conflicting key."""

    KEY, BASE, THEIRS, MINE, RESULT, CHOICE = range(6)
    choice_changed = Signal(str, object)  # key, Side

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[KeyMerge] = []
        self._secrets = secret_key_names()

    def column_headers(self) -> Sequence[str]:
        return (self.tr("Setting"), self.tr("As read"), self.tr("On disk now"),
                self.tr("Mine (unsaved)"), self.tr("Keep mine writes"), self.tr("Keep my value"))

    def row_items(self) -> Sequence[Any]:
        return self.rows

    def set_rows(self, rows: list[KeyMerge]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def _status(self, row: KeyMerge) -> str:
        if row.invalid:
            return self.tr("invalid — not applied")
        if row.conflict:
            return self.tr("changed on both sides")
        if row.mine_changed:
            return self.tr("changed by you")
        return self.tr("changed on disk")

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self.rows)):
            return None
        row = self.rows[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            limit = 60 if role == Qt.ItemDataRole.DisplayRole else 2000
            if column == self.KEY:
                return row.key if role == Qt.ItemDataRole.DisplayRole else (
                    f"{row.key} — {self._status(row)}")
            if column == self.CHOICE:
                if not row.conflict:
                    return ""
                return self.tr("mine") if row.choice is Side.MINE else self.tr("disk's")
            value = (row.base, row.theirs, row.mine, row.result)[column - 1]
            return masked_value(row.key, value, self._secrets, limit)
        if role == Qt.ItemDataRole.CheckStateRole and column == self.CHOICE and row.conflict:
            return (Qt.CheckState.Checked if row.choice is Side.MINE
                    else Qt.CheckState.Unchecked)
        if role == ChoiceRole:
            return row.choice
        if role == Qt.ItemDataRole.ForegroundRole:
            if row.conflict and column in (self.KEY, self.CHOICE):
                return semantic_color("warning")
            if row.invalid:
                return semantic_color("error")
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if (index.isValid() and index.column() == self.CHOICE
                and 0 <= index.row() < len(self.rows) and self.rows[index.row()].conflict):
            return base | Qt.ItemFlag.ItemIsUserCheckable
        return base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if (role != Qt.ItemDataRole.CheckStateRole or not index.isValid()
                or index.column() != self.CHOICE or not self.rows[index.row()].conflict):
            return False
        checked = Qt.CheckState(value) == Qt.CheckState.Checked
        self.choice_changed.emit(self.rows[index.row()].key,
                                 Side.MINE if checked else Side.THEIRS)
        return True


class ConflictView(QWidget):
    """Shows a :class:`MergePreview`; a choice recomputes it through ``compute``."""

    KEY_COLUMNS = (MergeTableModel.KEY,)
    VALUE_COLUMNS = (MergeTableModel.BASE, MergeTableModel.THEIRS, MergeTableModel.MINE,
                     MergeTableModel.RESULT)

    choices_changed = Signal(dict)  # key → Side

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conflictView")
        self.setAccessibleName(self.tr("Conflict with the file on disk"))
        self._compute: Callable[[Mapping[str, Side]], MergePreview] | None = None
        self._choices: dict[str, Side] = {}
        self.preview: MergePreview | None = None
        self._secrets = secret_key_names()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        self.summary = QLabel()
        self.summary.setObjectName("conflictSummary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.model = MergeTableModel(self)
        self.model.choice_changed.connect(self._choice_changed)
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Settings that differ"))
        self.table.setToolTip(self.tr(
            "One row per setting that differs; for a setting changed on both sides, tick "
            "\"Keep my value\" (Space) to keep yours or untick it to take the disk's"))
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        # each column as wide as its content while there is room; the values give way first
        self._fit = ColumnFit(self.table, shrink=(self.KEY_COLUMNS), floor=60,
                              first=self.VALUE_COLUMNS)
        self.empty_hint = EmptyHint(self.table, lambda: self.tr(
            "No setting differs: the file on disk and your unsaved changes agree."))
        layout.addWidget(self.table, 2)
        self.texts = QTabWidget()
        self.texts.setAccessibleName(self.tr("The documents"))
        self.texts.setUsesScrollButtons(True)
        self.result_diff = read_only_text(diff=True)
        self.result_diff.setAccessibleName(self.tr("What Keep mine changes in the file"))
        self.boxes: dict[str, QPlainTextEdit] = {}
        self.texts.addTab(self.result_diff, self.tr("What Keep mine changes"))
        self.texts.setTabToolTip(0, self.tr(
            "The lines Keep mine changes in the file as it is on disk now (API keys masked)"))
        for which, title, tip in (
                ("result", self.tr("Keep mine writes"),
                 self.tr("The whole file Keep mine would write")),
                ("mine", self.tr("Mine"), self.tr("The file as Save would write it before "
                                                 "the outside change (your unsaved changes)")),
                ("theirs", self.tr("On disk now"), self.tr("The file as it is on disk now")),
                ("base", self.tr("As read"), self.tr("The file as it was when it was read, "
                                                    "before either change"))):
            box = read_only_text()
            box.setAccessibleName(title)
            box.setAccessibleDescription(tip)
            box.setPlaceholderText(self.tr("Nothing to show: this file cannot be read."))
            self.boxes[which] = box
            self.texts.setTabToolTip(self.texts.addTab(box, title), tip)
        layout.addWidget(self.texts, 3)

    # ---- data -----------------------------------------------------------------------------

    def set_source(self, compute: Callable[[Mapping[str, Side]], MergePreview]) -> None:
        """Where previews come from (the form passes the draft and its file); shows one now."""
        self._compute = compute
        self.refresh()

    def refresh(self) -> None:
        """Compute the preview again (the file may have changed once more)."""
        if self._compute is None:
            return
        self.show_preview(self._compute(dict(self._choices)))

    def choices(self) -> dict[str, Side]:
        """The choices that still apply (conflicting keys of the current preview)."""
        conflicts = set(self.preview.conflicts) if self.preview is not None else set()
        return {k: v for k, v in self._choices.items() if k in conflicts}

    def reset_choices(self) -> None:
        self._choices.clear()

    def _choice_changed(self, key: str, side: Side) -> None:
        self._choices[key] = side
        self.refresh()
        self.choices_changed.emit(self.choices())

    def show_preview(self, preview: MergePreview) -> None:
        self.preview = preview
        self.model.set_rows(preview.keys)
        self._fit.fit()
        self.summary.setText(self._summary(preview))
        if preview.theirs is None:
            self.result_diff.setPlainText(self.tr(
                "The file on disk cannot be used, so Keep mine cannot be applied to it. "
                "File check: %1").replace("%1", preview.theirs_error or ""))
        else:
            name = "config.json"
            lines = preview.result_diff(self._secrets, name, (
                self.tr("%1 (on disk now)").replace("%1", name),
                self.tr("%1 (after Keep mine)").replace("%1", name)))
            self.result_diff.setPlainText("\n".join(lines) if lines else self.tr(
                "Keep mine writes the file exactly as it is on disk now."))
        for which, box in self.boxes.items():
            box.setPlainText(preview.text(which, self._secrets))

    def _summary(self, preview: MergePreview) -> str:
        mine = sum(1 for k in preview.keys if k.mine_changed and k.choice is Side.MINE)
        disk = len(preview.disk_only)
        both = len(preview.conflicts)
        if preview.theirs is None:
            return self.tr("The file on disk cannot be read now. Reload when it is fixed, or "
                           "keep your changes and save once it can be read.")
        parts = [
            self.tr("Keep mine writes the file as it is on disk now with %n of your change(s) "
                    "on top.", "", mine),
            self.tr("%n change(s) made on disk are kept.", "", disk),
        ]
        if both:
            parts.append(self.tr("%n setting(s) were changed on both sides: tick or untick "
                                 "\"Keep my value\".", "", both))
        return " ".join(parts)


__all__ = ["ConflictView", "MergeTableModel", "UnifiedDiffHighlighter", "read_only_text"]
