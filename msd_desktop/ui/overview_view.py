"""The overview: every project of every workspace at a glance, sortable.

A ``QTableView`` over :class:`~msd_desktop.ui.overview_model.OverviewModel` through a
filtering proxy; the model sorts itself by value (numbers for "Progress" and "Problems"), so
sorting 1,000 rows costs the UI thread about a millisecond. A delegate draws the progress
column as a real progress bar using the current style, so it follows the system palette.
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


class _SourceSortProxy(QSortFilterProxyModel):
    """Filters, but leaves sorting to :class:`OverviewModel` (see its docstring for why)."""

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        source = self.sourceModel()
        if source is not None:
            source.sort(column, order)


class OverviewView(QWidget):
    """Table of all projects; ``project_activated(root, workstream)`` on double-click/Enter."""

    project_activated = Signal(object, object)  # Path, str | None

    def __init__(self, model: OverviewModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.proxy = _SourceSortProxy(self)
        self.proxy.setSourceModel(model)
        self.proxy.setSortRole(SortRole)
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
        # calls on the UI thread for 1,000 projects). The visible rows plus a few give the
        # same widths in practice; a long value is still readable in the tooltip.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_PROBLEMS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_PROGRESS, QHeaderView.ResizeMode.Fixed)
        header.setResizeContentsPrecision(100)
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
        # the caption follows the rows at most every 200 ms; column widths are fitted on a
        # reset and by fit_columns() when loading ends — measuring cells calls data() through
        # Python many times, and while workers parse, each call may wait for the GIL
        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(200)
        self._refresh_timer.timeout.connect(self._update_caption)
        model.modelReset.connect(self._update_caption)
        model.modelReset.connect(lambda: QTimer.singleShot(0, self, self.fit_columns))
        model.rowsInserted.connect(self._schedule_refresh)
        model.rowsRemoved.connect(self._schedule_refresh)
        model.dataChanged.connect(self._schedule_refresh)

    def _schedule_refresh(self, *_: object) -> None:
        if not self._refresh_timer.isActive():
            self._refresh_timer.start()

    def fit_columns(self) -> None:
        """Fit the columns to their contents (the first rows of each; Problems stretches)
        and bring the caption up to date."""
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


