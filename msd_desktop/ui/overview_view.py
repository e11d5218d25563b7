"""The overview: every project of every workspace at a glance, sortable.

A ``QTableView`` over :class:`~msd_desktop.ui.overview_model.OverviewModel` through a
``QSortFilterProxyModel`` (sorting by :data:`~msd_desktop.ui.overview_model.SortRole`, so
"Progress" sorts numerically) with a delegate that draws the progress column as a real
progress bar using the current style, so it follows the system palette.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QApplication,
    QHeaderView,
    QLabel,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionProgressBar,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.ui.overview_model import (
    COL_PROBLEMS,
    COL_PROGRESS,
    COL_PROJECT,
    COL_WORKSPACE,
    OverviewModel,
    PercentRole,
    RootRole,
    SortRole,
    WorkstreamNameRole,
)


class ProgressBarDelegate(QStyledItemDelegate):
    """Paints ``PercentRole`` as a progress bar; empty when the core has no percent."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        percent = index.data(PercentRole)
        # background / selection as for any cell
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        if percent is None:
            return
        bar = QStyleOptionProgressBar()
        bar.rect = option.rect.adjusted(4, 4, -4, -4)
        bar.minimum = 0
        bar.maximum = 100
        bar.progress = max(0, min(100, int(percent)))
        bar.text = f"{percent}%"
        bar.textVisible = True
        bar.textAlignment = Qt.AlignmentFlag.AlignCenter
        bar.state = option.state | QStyle.StateFlag.State_Horizontal
        bar.palette = option.palette
        bar.direction = option.direction
        bar.fontMetrics = option.fontMetrics
        style.drawControl(QStyle.ControlElement.CE_ProgressBar, bar, painter, widget)


class OverviewView(QWidget):
    """Table of all projects; ``project_activated(root, workstream)`` on double-click/Enter."""

    project_activated = Signal(object, object)  # Path, str | None

    def __init__(self, model: OverviewModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(model)
        self.proxy.setSortRole(SortRole)
        self.proxy.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)

        self.table = QTableView()
        self.table.setObjectName("OverviewTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(COL_PROJECT, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        self.table.setItemDelegateForColumn(COL_PROGRESS, ProgressBarDelegate(self.table))
        header = self.table.horizontalHeader()
        # Interactive + an explicit fit per scan, not ResizeToContents: that mode re-measures
        # up to 1,000 rows of every column on each dataChanged (bench P5: a million data()
        # calls on the UI thread for 1,000 projects). 200 rows give the same widths in practice.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_PROBLEMS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_PROGRESS, QHeaderView.ResizeMode.Fixed)
        header.setResizeContentsPrecision(200)
        header.resizeSection(COL_PROGRESS, 140)
        header.setToolTip("Click a column to sort")
        self.table.activated.connect(self._on_activated)
        self.table.doubleClicked.connect(self._on_activated)

        self.caption = QLabel()
        self.caption.setObjectName("OverviewCaption")
        self.caption.setText("<b>All projects</b> — double-click a row to open it")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.caption)
        layout.addWidget(self.table)
        self._bulk = False
        # caption + column widths follow the rows, at most every 200 ms (not per change)
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(200)
        self._refresh_timer.timeout.connect(self._refresh)
        model.modelReset.connect(self._refresh)
        model.rowsInserted.connect(self._schedule_refresh)
        model.rowsRemoved.connect(self._schedule_refresh)
        model.dataChanged.connect(self._schedule_refresh)

    def set_bulk_loading(self, bulk: bool) -> None:
        """While many summaries stream in, do not re-sort on every batch; sort once after.

        The names (the default sort) do not change when a summary arrives; a sort by status
        or progress is brought up to date when loading ends."""
        if bulk == self._bulk:
            return
        self._bulk = bulk
        self.proxy.setDynamicSortFilter(not bulk)
        if not bulk:
            self.proxy.invalidate()
            self._refresh()

    def _schedule_refresh(self, *_: object) -> None:
        if not self._bulk and not self._refresh_timer.isActive():
            self._refresh_timer.start()

    def _refresh(self) -> None:
        self._refresh_timer.stop()
        self._update_caption()
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().resizeSection(COL_PROGRESS, 140)

    def set_filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)

    def _update_caption(self) -> None:
        rows = self.model.rows()
        workspaces = {r.summary.workspace for r in rows}
        self.table.setColumnHidden(COL_WORKSPACE, len(workspaces) <= 1)
        problems = sum(1 for r in rows if r.summary.badges())
        text = f"<b>All projects</b> — {len(rows)} shown"
        if problems:
            text += f", {problems} with problems"
        text += " · double-click a row to open it"
        self.caption.setText(text)

    def _on_activated(self, index: QModelIndex) -> None:
        if not index.isValid():
            return
        root = index.data(RootRole)
        if isinstance(root, Path):
            self.project_activated.emit(root, index.data(WorkstreamNameRole))


