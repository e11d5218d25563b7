"""The Settings tab's History page: a config file's earlier states, compared and restored.

A thin view over :mod:`msd_desktop.core.history`: the timeline (time, source, label, how many
keys differ from the saved file and from the draft), the per-key differences of the selected
entry against the saved file or the draft, what that does to model routing (each agent whose
model or effort differs: :mod:`~msd_desktop.ui.settings.history_routing`), and the actions.
**Restore** puts the entry into the draft as one undo step (one ``EditSession.change``:
nothing is written until Save, and undo takes it back); **Restore key** does the same for the
selected key; **Pin** and **Label…** keep an entry from pruning. API keys are never restored:
each keeps the draft's value, and the status line says so where the entry had another one.
The timeline and the snapshots are read on the worker pool; the form adds the page with
:func:`add_history_page`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication, QDateTime, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config.draft import UNSET, ConfigDraft
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.history.compare import KeyChange, count_changes, diff, flatten
from msd_desktop.core.history.index import Entry
from msd_desktop.ui.settings.history_batch import BatchRestore
from msd_desktop.ui.settings.history_recreate import Recreator, describe_entry
from msd_desktop.ui.settings.history_routing import RoutingPane
from msd_desktop.ui.settings.undo import EditSession
from msd_desktop.ui.widgets.plain_text import plain_label, visible
from msd_desktop.ui.widgets.table_model import HeaderedTableModel, Index

Context = Callable[[], tuple[ConfigDraft | None, EditSession | None]]


def ask_label(parent: QWidget, current: str) -> str | None:
    """Ask for an entry's label (empty: no label); ``None`` when cancelled."""
    from PySide6.QtWidgets import QInputDialog

    text, ok = QInputDialog.getText(
        parent, QCoreApplication.translate("HistoryPage", "Label this entry"),
        QCoreApplication.translate("HistoryPage", "Label (a labelled entry is never pruned):"),
        text=current)
    return text if ok else None


#: How many rows a fitted column measures (the timeline's cells are alike: dates, sources).
FIT_ROWS = 40


class Row(NamedTuple):
    """One timeline row: the entry and its snapshot (``None``: not stored or unreadable)."""

    entry: Entry
    doc: dict[str, Any] | None


def load_rows(path: Path) -> tuple[list[Row], list[str]]:
    """Every entry of ``path`` with its snapshot, newest first (runs on the worker pool).
    The file as it is now is recorded first when the history has not seen it yet (the first
    look, or a change made while MSD was closed); a file too large to keep is said so."""
    import json

    from msd_desktop.core.history.recorder import observe_file
    from msd_desktop.core.history.store import HistoryStore

    noted = [str(p) for p in observe_file(path)]
    store = HistoryStore.for_user()
    read = store.entries(path)
    contents = store.contents(read.entries)
    rows: list[Row] = []
    for entry in reversed(read.entries):
        doc = None
        raw = contents[entry.id]
        if raw is not None:
            try:
                data = json.loads(raw)
                doc = data if isinstance(data, dict) else None
            except (ValueError, RecursionError):
                doc = None
        rows.append(Row(entry, doc))
    return rows, noted + [str(p) for p in read.problems]


def source_text(source: str) -> str:
    """An entry's source in the window's language (the history stores the English name)."""
    translate = QCoreApplication.translate
    known = {
        "Settings save": translate("HistorySource", "Settings save"),
        "JSON tab": translate("HistorySource", "JSON tab"),
        "matrix batch": translate("HistorySource", "matrix batch"),
        "matrix batch undone": translate("HistorySource", "matrix batch undone"),
        "msd config-set": translate("HistorySource", "msd config-set"),
        "migrate-config": translate("HistorySource", "migrate-config"),
        "secrets migrate": translate("HistorySource", "secrets migrate"),
        "secrets set": translate("HistorySource", "secrets set"),
        "new project": translate("HistorySource", "new project"),
        "restore": translate("HistorySource", "restore"),
        "restore undone": translate("HistorySource", "restore undone"),
        "first seen": translate("HistorySource", "first seen"),
        "changed outside MSD": translate("HistorySource", "changed outside MSD"),
    }
    return known.get(source) or visible(source)


def _shown(value: Any) -> str:
    import json

    if value is None:
        return "—"
    return visible(json.dumps(value, ensure_ascii=False))


class TimelineModel(HeaderedTableModel):
    """The timeline: one row per entry, newest first."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[Row] = []
        self.saved: dict[str, Any] = {}
        self.draft: dict[str, Any] = {}
        # each document flattened once and each count worked out once: a view sizing its
        # columns asks every row's cells several times
        self._flat: dict[int, dict[str, Any]] = {}
        self._against: dict[int, dict[str, Any]] = {}
        self._counts: dict[tuple[int, int], int] = {}

    def column_headers(self) -> Sequence[str]:
        return (self.tr("When"), self.tr("Source"), self.tr("Label"),
                self.tr("vs saved"), self.tr("vs draft"))

    def row_items(self) -> Sequence[Any]:
        return self.rows

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            if section == 3:
                return self.tr("How many keys of the entry differ from the saved file")
            if section == 4:
                return self.tr("How many keys of the entry differ from your draft")
        return super().headerData(section, orientation, role)

    def set_rows(self, rows: list[Row]) -> None:
        self.beginResetModel()
        self.rows = rows
        self._flat.clear()
        self._counts.clear()
        self.endResetModel()

    def set_documents(self, saved: dict[str, Any], draft: dict[str, Any]) -> None:
        """The saved file and the draft changed: the two count columns follow."""
        self.saved, self.draft = saved, draft
        self._against.clear()
        self._counts.clear()
        if self.rows:
            self.dataChanged.emit(self.index(0, 3), self.index(len(self.rows) - 1, 4))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole,
                                               Qt.ItemDataRole.ToolTipRole):
            return None
        row = self.rows[index.row()]
        entry, column = row.entry, index.column()
        if column == 0:
            when = QDateTime.fromMSecsSinceEpoch(int(entry.time * 1000))
            return when.toString("yyyy-MM-dd HH:mm")
        if column == 1:
            text = source_text(entry.source)
            if role == Qt.ItemDataRole.ToolTipRole and entry.batch:
                return self.tr("%1, batch %2").replace("%1", text).replace("%2", entry.batch)
            return text
        if column == 2:
            label = visible(entry.label or "")
            return (self.tr("pinned") + (f" · {label}" if label else "")) if entry.pinned \
                else label
        if row.doc is None:
            return {"absent": self.tr("file absent"), "withheld": self.tr("not kept")}.get(
                entry.state, self.tr("unreadable"))
        count = self._count(index.row(), column)
        return self.tr("%n key(s)", "", count) if count else self.tr("same")

    def _count(self, row: int, column: int) -> int:
        """How many keys of row ``row`` differ from the saved file (column 3) or the draft."""
        count = self._counts.get((row, column))
        if count is None:
            flat = self._flat.get(row)
            if flat is None:
                flat = self._flat[row] = flatten(self.rows[row].doc)
            against = self._against.get(column)
            if against is None:
                against = self._against[column] = flatten(
                    self.saved if column == 3 else self.draft)
            count = self._counts[(row, column)] = count_changes(flat, against)
        return count


class KeyDiffModel(HeaderedTableModel):
    """The selected entry's keys that differ from the saved file or the draft."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.changes: list[KeyChange] = []

    def column_headers(self) -> Sequence[str]:
        return (self.tr("Key"), self.tr("In this entry"), self.tr("Now"))

    def row_items(self) -> Sequence[Any]:
        return self.changes

    def set_changes(self, changes: list[KeyChange]) -> None:
        self.beginResetModel()
        self.changes = changes
        self.endResetModel()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole,
                                               Qt.ItemDataRole.ToolTipRole):
            return None
        change = self.changes[index.row()]
        if index.column() == 0:
            return visible(change.key)
        if index.column() == 1:
            return _shown(change.before) if change.change != "added" else self.tr("(absent)")
        return _shown(change.after) if change.change != "removed" else self.tr("(absent)")


class HistoryPage(QWidget):
    """The History page of one Settings form (see the module docstring)."""

    # config files were written from the page (a batch restore, its undo, a recreate)
    files_written = Signal()

    def __init__(self, context: Context, parent: QWidget | None = None,
                 env: Mapping[str, str] | None = None) -> None:
        super().__init__(parent)
        self._context = context
        self._env = env
        self._said_after_reload = ""  # an account the next reload keeps above its own text
        self._path: Path | None = None
        self._generation = 0
        self.timeline = TimelineModel(self)
        self.keys = KeyDiffModel(self)
        layout = QVBoxLayout(self)
        self.status = plain_label(QLabel())
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        splitter = QSplitter(Qt.Orientation.Vertical)
        self.timeline_view = self._table(self.timeline, self.tr("History of this config file"),
                                         stretch=(1, 2))
        self.timeline_view.selectionModel().currentRowChanged.connect(
            lambda *_: self._show_keys())
        splitter.addWidget(self.timeline_view)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        compare = QHBoxLayout()
        compare.addWidget(plain_label(QLabel(self.tr("Compare with:"))))
        self.compare_combo = QComboBox()
        self.compare_combo.addItem(self.tr("the saved file"), "saved")
        self.compare_combo.addItem(self.tr("your draft"), "draft")
        self.compare_combo.setAccessibleName(self.tr("Compare the entry with"))
        self.compare_combo.currentIndexChanged.connect(lambda _i: self._show_keys())
        compare.addWidget(self.compare_combo)
        compare.addStretch(1)
        lower_layout.addLayout(compare)
        self.keys_view = self._table(self.keys, self.tr("Keys that differ"), stretch=(1, 2))
        self.routing = RoutingPane(self._table(None, "", stretch=()), self)
        self.routing_view = self.routing.table
        self.detail_tabs = QTabWidget()
        self.detail_tabs.setAccessibleName(self.tr("What differs"))
        self.detail_tabs.addTab(self.keys_view, self.tr("Keys that differ"))
        self.detail_tabs.addTab(self.routing_view, self.routing.heading)
        self.routing.heading_changed.connect(
            lambda text: self.detail_tabs.setTabText(1, text))
        lower_layout.addWidget(self.detail_tabs, 1)
        buttons = QHBoxLayout()
        self.restore_button = QPushButton(self.tr("Restore into draft"))
        self.restore_button.setToolTip(self.tr(
            "Put this entry's settings into the draft as one undo step; nothing is written "
            "until you save"))
        self.restore_button.clicked.connect(self.restore_entry)
        self.restore_key_button = QPushButton(self.tr("Restore key"))
        self.restore_key_button.setToolTip(self.tr("Put the selected key's value from this "
                                                   "entry into the draft"))
        self.restore_key_button.clicked.connect(self.restore_key)
        self.batch_button = QPushButton(self.tr("Restore batch…"))
        self.batch_button.setToolTip(self.tr(
            "Put back every config file of this entry's batch, across its projects, after "
            "showing them"))
        self.batch_button.clicked.connect(self.restore_batch)
        self.undo_batch_button = QPushButton(self.tr("Undo batch restore"))
        self.undo_batch_button.setToolTip(self.tr(
            "Put back what the batch restore replaced, where nobody changed it since"))
        self.batch = BatchRestore(self.status.setText, self.undo_batch_button,
                                  lambda: self._env, self)
        self.batch.written.connect(self._files_written)
        self.recreate_button = QPushButton(self.tr("Recreate from history…"))
        self.recreate_button.setToolTip(self.tr(
            "The file does not exist: write it again as it was in a state you choose"))
        self.recreate_button.clicked.connect(self.recreate)
        self.recreator = Recreator(self.status.setText, lambda: self._env, self)
        self.recreator.written.connect(self._files_written)
        self.pin_button = QPushButton(self.tr("Pin"))
        self.pin_button.setToolTip(self.tr("A pinned entry is never pruned"))
        self.pin_button.clicked.connect(self.toggle_pin)
        self.label_button = QPushButton(self.tr("Label…"))
        self.label_button.clicked.connect(self.edit_label)
        # restoring below the differences; the entry's own marks beside what it is compared
        # with; a missing file's way back at the top (each row fits 1024 pixels in pt_BR)
        for button in (self.restore_button, self.restore_key_button, self.batch_button,
                       self.undo_batch_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        lower_layout.addLayout(buttons)
        compare.addWidget(self.pin_button)
        compare.addWidget(self.label_button)
        missing = QHBoxLayout()
        self.missing_label = plain_label(QLabel(self.tr(
            "This file does not exist; its history is kept.")))
        self.missing_label.setWordWrap(True)
        missing.addWidget(self.missing_label, 1)
        missing.addWidget(self.recreate_button)
        layout.insertLayout(1, missing)
        splitter.addWidget(lower)
        layout.addWidget(splitter, 1)
        self._update_buttons()

    def _table(self, model: HeaderedTableModel | None, name: str,
               stretch: tuple[int, ...]) -> QTableView:
        """A read-only table that fits its width: the ``stretch`` columns share what the
        others leave (their text elided), so no horizontal scroll bar at 1024 pixels."""
        view = QTableView()
        if model is not None:
            view.setModel(model)
            view.setAccessibleName(name)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.verticalHeader().hide()
        header = view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # fitted to the rows around the shown ones, not to all of them: 200 entries' cells
        # asked for each role on every change cost more than the page itself
        header.setResizeContentsPrecision(FIT_ROWS)
        for column in stretch:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        view.setWordWrap(False)
        return view

    # ---- data -------------------------------------------------------------------------------

    def _documents(self) -> tuple[dict[str, Any], dict[str, Any]]:
        from msd_desktop.core.config.json_edit import display_data

        draft, _ = self._context()
        if draft is None:
            return {}, {}
        saved = draft.file.data if draft.file.ok and isinstance(draft.file.data, dict) else {}
        return dict(saved), display_data(draft)

    def reload(self) -> None:
        """Read the timeline of the form's file again (on the worker pool)."""
        from msd_desktop.ui.widgets.workers import run_op

        draft, _ = self._context()
        if draft is None:
            return
        self._path = Path(draft.path)
        self._generation += 1
        generation, path = self._generation, self._path

        def done(result: tuple[list[Row], list[str]]) -> None:
            if generation != self._generation:
                return
            rows, problems = result
            self.timeline.set_documents(*self._documents())
            self.timeline.set_rows(rows)
            text = "\n".join(problems) if problems else (
                self.tr("Nothing recorded for this file yet.") if not rows else "")
            said, self._said_after_reload = self._said_after_reload, ""
            self.status.setText("\n".join(t for t in (said, text) if t))
            if rows:
                self.timeline_view.selectRow(0)
            self._show_keys()

        def failed(error: BaseException) -> None:
            if generation == self._generation:
                self.status.setText(visible(getattr(error, "message", None) or error))

        run_op(lambda: load_rows(path), name="history", on_finished=done, on_failed=failed,
               owner=self)

    def draft_moved(self) -> None:
        """The draft or the saved file changed: the counts and the key list follow."""
        self.timeline.set_documents(*self._documents())
        self._show_keys()

    def selected(self) -> Row | None:
        index = self.timeline_view.currentIndex()
        return self.timeline.rows[index.row()] if index.isValid() else None

    def _show_keys(self) -> None:
        row = self.selected()
        saved, draft = self._documents()
        other = draft if self.compare_combo.currentData() == "draft" else saved
        self.keys.set_changes(diff(row.doc, other) if row is not None and row.doc else [])
        self.detail_tabs.setTabText(0, self.tr("Keys that differ (%n)", "", len(
            self.keys.changes)))
        if self.keys.changes:
            self.keys_view.selectRow(0)
        if row is not None and row.doc is not None and self._path is not None:
            self.routing.compute(self._path, row.doc, other, self._env)
        else:
            self.routing.clear()
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.selected()
        usable = row is not None and row.doc is not None and self._context()[1] is not None
        self.restore_button.setEnabled(usable)
        self.restore_key_button.setEnabled(usable and self.keys_view.currentIndex().isValid())
        self.batch_button.setEnabled(row is not None and bool(row.entry.batch)
                                     and not self.batch.busy)
        draft = self._context()[0]
        gone = draft is not None and not draft.file.exists and any(
            r.doc is not None for r in self.timeline.rows)
        self.recreate_button.setVisible(gone)
        self.missing_label.setVisible(gone)
        self.batch_button.setVisible(self.undo_batch_button.isHidden())  # one in its place
        self.recreate_button.setEnabled(not self.recreator.busy)
        self.pin_button.setEnabled(row is not None)
        self.label_button.setEnabled(row is not None)
        self.pin_button.setText(self.tr("Unpin") if row is not None and row.entry.pinned
                                else self.tr("Pin"))

    # ---- actions ----------------------------------------------------------------------------

    def _stage(self, target: dict[str, Any], current: dict[str, Any], text: str) -> bool:
        from msd_desktop.core.config.json_edit import edits_between

        _, session = self._context()
        if session is None:
            return False
        edits = edits_between(current, target)
        changes = [(key, MISSING if value is UNSET else value) for key, value in edits]
        return session.change(changes, text)

    def restore_entry(self) -> None:
        """The selected entry into the draft, as one undo step; API keys keep the draft's."""
        from msd_desktop.core.history.restore import merge_secrets

        row = self.selected()
        if row is None or row.doc is None:
            return
        current = self._documents()[1]
        target, notes = merge_secrets(row.doc, current)
        when = self.timeline.data(self.timeline.index(self.timeline_view.currentIndex().row(),
                                                      0))
        text = self.tr("restore the settings of %1").replace("%1", str(when))
        changed = self._stage(target, current, text)
        said = [self.tr("Restored into the draft; nothing is written until you save.")
                if changed else self.tr("The draft already has this entry's settings.")]
        if notes:
            said.append(self.tr("API keys are never restored; the draft keeps its own for: "
                                "%1").replace("%1", ", ".join(sorted(
                                    {n.params.get("key", "") for n in notes}))))
        self.status.setText(" ".join(said))

    def restore_key(self) -> None:
        """The selected key's value from the selected entry into the draft."""
        from msd_desktop.core.common.key_paths import get_path
        from msd_desktop.core.config.setter import apply_set, apply_unset
        from msd_desktop.core.history.redact import secret_keys

        row = self.selected()
        index = self.keys_view.currentIndex()
        if row is None or row.doc is None or not index.isValid():
            return
        key = self.keys.changes[index.row()].key
        if key in secret_keys():
            self.status.setText(self.tr("API keys are never restored from the history."))
            return
        current = self._documents()[1]
        found, value = get_path(row.doc, key)
        target = apply_set(current, key, value) if found else apply_unset(current, key)
        if self._stage(target, current, self.tr("restore %1").replace("%1", key)):
            self.status.setText(self.tr("Restored %1 into the draft; nothing is written until "
                                        "you save.").replace("%1", visible(key)))

    def restore_batch(self) -> None:
        """Every file of the selected entry's batch put back, after asking (history_batch)."""
        row = self.selected()
        if row is None or not row.entry.batch or self.batch.busy:
            return
        self.batch.start(row.entry.batch)
        self._update_buttons()

    def recreate(self) -> None:
        """The deleted file written again from a state the person picks (history_recreate)."""
        if self._path is None or self.recreator.busy:
            return
        self.recreator.start(self._path, [r.entry for r in self.timeline.rows],
                             lambda e: describe_entry(e, source_text(e.source)))

    def _files_written(self) -> None:
        self.files_written.emit()
        said = self.status.text()
        self.reload()
        self._said_after_reload = said

    def _mark(self, pinned: bool, label: str | None) -> None:
        from msd_desktop.core.history.store import HistoryStore
        from msd_desktop.ui.widgets.workers import run_op

        row, path = self.selected(), self._path
        if row is None or path is None:
            return
        entry_id = row.entry.id
        run_op(lambda: HistoryStore.for_user().mark(path, entry_id, pinned=pinned, label=label),
               name="history-mark", on_finished=lambda _e: self.reload(),
               on_failed=lambda e: self.status.setText(
                   visible(getattr(e, "message", None) or e)), owner=self)

    def toggle_pin(self) -> None:
        row = self.selected()
        if row is not None:
            self._mark(not row.entry.pinned, row.entry.label)

    def edit_label(self) -> None:
        row = self.selected()
        if row is None:
            return
        label = ask_label(self, row.entry.label or "")
        if label is not None:
            self._mark(row.entry.pinned, label.strip() or None)


class HistoryTab(QObject):
    """The History page's place in a Settings form: a tab whose page is built when first
    opened, then follows the form's file, draft and saves."""

    def __init__(self, form: Any) -> None:
        super().__init__(form)
        self._form = form
        self._tabs: QTabWidget = form.inner_tabs
        self.holder = QWidget()
        QVBoxLayout(self.holder).setContentsMargins(0, 0, 0, 0)
        self._tabs.addTab(self.holder, self.tr("History"))
        self._page: HistoryPage | None = None
        self._tabs.currentChanged.connect(self._opened)
        form.draft_changed.connect(self._draft_moved)
        form.save_finished.connect(self._refresh)
        form.scope_changed.connect(self._refresh)

    def _context(self) -> tuple[ConfigDraft | None, EditSession | None]:
        return self._form.draft, self._form.session

    def page(self) -> HistoryPage:
        """The page (built on first use)."""
        if self._page is None:
            self._page = HistoryPage(self._context, env=getattr(self._form, "env", None))
            self._page.files_written.connect(self._form.check_disk)
            layout = self.holder.layout()
            assert layout is not None
            layout.addWidget(self._page)
        return self._page

    def drop_page(self) -> HistoryPage | None:
        """Forget the page (the form shows another project now; a page is built again
        when the tab is opened); the caller deletes it."""
        page, self._page = self._page, None
        return page

    def _shown(self) -> bool:
        return self._page is not None and self._tabs.currentWidget() is self.holder

    def _opened(self, index: int) -> None:
        if self._tabs.widget(index) is self.holder:
            self.page().reload()

    def _draft_moved(self) -> None:
        if self._shown():
            self.page().draft_moved()

    def _refresh(self, *_args: Any) -> None:
        if self._shown():
            self.page().reload()


def add_history_page(form: Any) -> HistoryTab:
    """Add the History page to a Settings form's inner tabs (``form.history_tab``)."""
    tab = HistoryTab(form)
    form.history_tab = tab
    return tab
