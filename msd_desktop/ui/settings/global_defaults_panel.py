"""Global defaults (``~/.msd/defaults.json``) as a first-class place, and where each key reaches.

Why: a global default is only useful if you can see what it does. The left side is the very
same generated Settings form (:class:`~msd_desktop.ui.settings.form.ConfigFormPanel`) fixed to
its Global scope — no second form to keep in step. The right side lists each key set in
defaults.json and, per project, whether the project uses it, shadows it with its own value,
or does not read it at run time (a project with ``.planning/`` reads defaults.json only at
new-project time, §4 case 2 — ``model_overrides`` excepted, D1). The facts come from
:func:`msd_desktop.core.config.matrix.global_reach`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config.draft import Scope
from msd_desktop.core.config.matrix import (
    KeyMatrix,
    ProjectEntry,
    defaults_keys,
    global_reach,
)
from msd_desktop.core.workspace.paths import msd_home
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.widgets.close_keys import close_button, retranslate_close_button
from msd_desktop.ui.widgets.column_fit import ColumnFit
from msd_desktop.ui.widgets.config_words import reach_heading, value_text
from msd_desktop.ui.widgets.empty_hint import EmptyHint
from msd_desktop.ui.widgets.plain_text import escape_html, tooltip
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color
from msd_desktop.ui.widgets.window_title import window_title

Index = QModelIndex | QPersistentModelIndex
REACH_COLUMNS = ("reaches", "shadowed", "not_read")
KeyRole = Qt.ItemDataRole.UserRole + 1


class GlobalReachModel(HeaderedTableModel):
    """Rows: keys set in defaults.json; columns: value and how many projects fall in each reach."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[KeyMatrix] = []

    def column_headers(self) -> Sequence[str]:
        return (QCoreApplication.translate("GlobalReachModel", "Global key"),
                QCoreApplication.translate("GlobalReachModel", "Value"),
                QCoreApplication.translate("GlobalReachModel", "Uses it"),
                QCoreApplication.translate("GlobalReachModel", "Sets its own"),
                QCoreApplication.translate("GlobalReachModel", "Does not read it"))

    def set_rows(self, rows: Sequence[KeyMatrix]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def row_items(self) -> Sequence[Any]:
        return self.rows

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        m = self.rows[index.row()]
        col = index.column()
        groups = m.by_reach()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return m.key
            if col == 1:
                return value_text(m.reference_display)
            cells = groups[REACH_COLUMNS[col - 2]]
            return str(len(cells))
        if role == Qt.ItemDataRole.ToolTipRole:
            if col < 2:  # the full text of a cell that may be elided
                return tooltip(m.key if col == 0 else value_text(m.reference_display))
            reach = REACH_COLUMNS[col - 2]
            names = [c.project.name for c in groups[reach]]
            return tooltip(f"{reach_heading(reach)}:\n" + (
                "\n".join(names) or QCoreApplication.translate("GlobalReachModel",
                                                               "no project")))
        if role == Qt.ItemDataRole.TextAlignmentRole and col >= 2:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ForegroundRole and col == 3 and groups["shadowed"]:
            return semantic_color("warning")
        if role == KeyRole:
            return m.key
        return None


class GlobalDefaultsPanel(QWidget):
    """The Global defaults editor (the Settings form, Global scope) plus the reach table."""

    reach_updated = Signal()

    def __init__(self, projects: Sequence[Any] = (), env: Mapping[str, str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("GlobalDefaultsPanel")
        self.env = dict(os.environ if env is None else env)
        self.projects = [ProjectEntry.of(p) for p in projects]
        home = msd_home(self.env) / ".msd"
        # The form needs a "project"; the folder holding defaults.json is never a project, so
        # only its Global scope is meaningful — the scope selector is locked to it.
        self._home = home
        # its own drafts (asked about when this window closes), kept safe against a crash
        # like the main window's; edits a crashed run left in defaults.json come back here
        from msd_desktop.core.config.draft_recovery import DraftRecovery, default_recovery_dir
        from msd_desktop.ui.settings.sessions import EditSessions

        sessions = EditSessions(self, recovery=DraftRecovery(default_recovery_dir(self.env)))
        restored = sessions.recover([home])
        self.form = self._make_form(sessions)
        if restored:
            keys = sum(len(got.keys) for _, got in restored)
            self.form.status.setText(self.tr(
                "Restored %n unsaved change(s) from the last run, which ended without saving: "
                "save or revert them.", "", keys))
        self._retranslate_queued = False

        self.model = GlobalReachModel(self)
        self.table = QTableView()
        self.table.setObjectName("GlobalReachTable")
        self.table.setModel(self.model)
        self.table.setWordWrap(False)
        self.table.setTabKeyNavigation(False)  # arrows move in the table; Tab leaves it
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        # content widths; when narrow, the key and the value give up width (elided in the
        # middle, the full text in the tooltip), the counts keep their titles' width
        self.column_fit = ColumnFit(self.table, shrink=(0, 1), stretch=1)
        self.empty_hint = EmptyHint(self.table, lambda: self.tr(
            "~/.msd/defaults.json sets no keys yet. Set a value in the form above and save: "
            "it is listed here with the projects it reaches."))
        self.table.selectionModel().currentRowChanged.connect(self._show_details)
        self.details = QLabel()
        self.details.setObjectName("ReachDetails")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)  # file texts escaped below
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.details.setMargin(6)  # clear of the splitter handle, level with the table's text
        note = self.note = QLabel()
        note.setTextFormat(Qt.TextFormat.RichText)
        note.setWordWrap(True)
        note.setObjectName("ReachNote")

        bottom = QWidget()
        bl = QVBoxLayout(bottom)
        bl.setContentsMargins(6, 0, 6, 6)  # level with the form's own 6 px inside it
        title = self.reach_title = QLabel()
        title.setObjectName("ReachTitle")
        font = title.font()
        font.setBold(True)
        title.setFont(font)
        bl.addWidget(title)
        bl.addWidget(note)
        row = QSplitter(Qt.Orientation.Horizontal)
        row.addWidget(self.table)
        # the details scroll when the window is short: a long project list keeps its lines
        details_scroll = QScrollArea()
        details_scroll.setObjectName("ReachDetailsScroll")
        details_scroll.setWidgetResizable(True)
        details_scroll.setFrameShape(QFrame.Shape.NoFrame)
        details_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        details_scroll.setWidget(self.details)
        details_scroll.viewport().setAutoFillBackground(False)  # the window's own background
        self.details.setAutoFillBackground(False)
        row.addWidget(details_scroll)
        # the table holds a few short columns; the details beside it hold long project lists
        row.setSizes([600, 500])
        row.setStretchFactor(0, 1)
        row.setStretchFactor(1, 1)
        row.setChildrenCollapsible(False)
        # never narrower than the three counts' titles plus the key and value at their floor
        header = self.table.horizontalHeader()
        counts = sum(header.sectionSizeHint(c) for c in range(2, self.model.columnCount()))
        self.table.setMinimumWidth(counts + 2 * 72 + 2 * self.table.frameWidth()
                                   + self.table.verticalScrollBar().sizeHint().width())
        details_scroll.setMinimumWidth(200)
        bl.addWidget(row, 1)

        # Form on top, reach below: the generated form is wide (its own contents list), so a
        # side-by-side layout would squeeze the table.
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.form)
        splitter.addWidget(bottom)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([560, 240])
        splitter.setChildrenCollapsible(False)
        bottom.setMinimumHeight(160)
        self.splitter = splitter
        self.setMinimumSize(640, 480)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)  # a window of its own: clear of its edges
        layout.addWidget(splitter)
        closing = QHBoxLayout()
        closing.addStretch(1)
        self.close_button = close_button(self)  # with Esc and Ctrl+W: a window of its own
        closing.addWidget(self.close_button)
        layout.addLayout(closing)
        self.details_scroll = details_scroll
        self._set_texts()
        self.refresh_reach()

    def _make_form(self, sessions: Any) -> ConfigFormPanel:
        """The Settings form fixed to the Global scope, over ``sessions`` (its drafts and
        undo history, which outlive a form built again)."""
        anchor = ProjectRef(root=self._home, name=self.tr("Global defaults"), workspace="")
        form = ConfigFormPanel(anchor, self.env, sessions=sessions)
        form.load_scope(Scope.GLOBAL)
        form.scope_combo.setEnabled(False)
        # locked, so show its whole text rather than a width fit for every scope's name
        form.scope_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        form.saved.connect(lambda _keys: self.refresh_reach())
        return form

    def _set_texts(self) -> None:
        """The window's own texts in the current language."""
        self.setWindowTitle(window_title(QCoreApplication.translate("MainWindow",
                                                                    "Global defaults")))
        self.table.setAccessibleName(self.tr("Global keys and the projects they reach"))
        self.details.setAccessibleName(self.tr("Projects the selected global key reaches"))
        self.details_scroll.setAccessibleName(self.details.accessibleName())
        self.note.setText(self.tr(
            "A project with <tt>.planning/</tt> reads these values only when it is created "
            "(except <tt>model_overrides</tt>, merged per agent at run time)."))
        self.reach_title.setText(self.tr("Where each global key reaches"))
        retranslate_close_button(self.close_button)

    def changeEvent(self, event: QEvent) -> None:
        """A language switch (one event per catalogue removed or installed): said again
        once, on the next turn of the event loop."""
        if event.type() == QEvent.Type.LanguageChange and not self._retranslate_queued:
            self._retranslate_queued = True
            QTimer.singleShot(0, self, self.retranslate)
        super().changeEvent(event)

    def retranslate(self) -> None:
        """Every text in the current language: the form built again over the same edit
        sessions (unsaved edits and their undo history stay), the reach table said anew."""
        self._retranslate_queued = False
        self._set_texts()
        old = self.form
        sizes = self.splitter.sizes()
        self.form = self._make_form(old.sessions)
        self.splitter.replaceWidget(0, self.form)
        self.splitter.setSizes(sizes)
        old.deleteLater()
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0,
                                          max(0, self.model.columnCount() - 1))
        self.empty_hint.refresh()
        self.refresh_reach()

    def set_projects(self, projects: Sequence[Any]) -> None:
        self.projects = [ProjectEntry.of(p) for p in projects]
        self.refresh_reach()

    def refresh_reach(self) -> None:
        reach = global_reach(defaults_keys(self.env), self.projects, self.env)
        self.model.set_rows(list(reach.values()))
        if self.model.rowCount():
            self.table.selectRow(0)
        else:
            self.details.setText(escape_html(self.tr(
                "Nothing to show: no global key is set.")))
        self.reach_updated.emit()

    def _show_details(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        m = self.model.rows[current.row()]
        # every name and value comes from a file: escaped, so it shows as the text it is
        parts = [f"<b>{escape_html(m.key)}</b> = "
                 f"<tt>{escape_html(value_text(m.reference_display))}</tt>"]
        for reach, cells in m.by_reach().items():
            if cells and reach != "unset":
                names = ", ".join(c.project.name for c in cells)
                parts.append(escape_html(self.tr("%1: %2").replace("%1", reach_heading(reach))
                                         .replace("%2", names)))
        self.details.setText("<br>".join(parts))
