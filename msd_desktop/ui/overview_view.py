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
    QRect,
    QSize,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QPainter, QResizeEvent
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
    COL_MILESTONE,
    COL_PHASE,
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

# widest a fitted column may be (px); Problems (stretched, last) gets the rest
MAX_COLUMN_WIDTH = {COL_PROJECT: 260, COL_WORKSPACE: 180, COL_MILESTONE: 220, COL_PHASE: 240}
MIN_COLUMN_WIDTH = 70  # narrowest a shrunk column gets
MIN_PROBLEMS_WIDTH = 160  # what Problems keeps before the other columns shrink
PROGRESS_WIDTH = 100


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
        # one text line high, centred: a row made taller by a wrapped Problems cell must not
        # get a giant bar
        height = min(option.rect.height() - 8, option.fontMetrics.height() + 8)
        bar.rect = option.rect.adjusted(4, 0, -4, 0)
        bar.rect.setTop(option.rect.top() + (option.rect.height() - height) // 2)
        bar.rect.setHeight(height)
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


class _WrappingDelegate(QStyledItemDelegate):
    """Wraps its cell's text (the view's word wrap is off, so the other columns elide)."""

    def initStyleOption(self, option: QStyleOptionViewItem,
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText

    def sizeHint(self, option: QStyleOptionViewItem,
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        # the view passes the column width only when its own word wrap is on
        opt = QStyleOptionViewItem(option)
        view = self.parent()
        if isinstance(view, QTableView):
            # (a valid rect: the style wraps only inside valid bounds)
            opt.rect = QRect(0, 0, view.columnWidth(index.column()), 1000)
        return super().sizeHint(opt, index)


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
        # only the Problems cell wraps (the other columns fit their contents); rows with
        # problems get the height their text needs (_fit_rows), the others stay one line
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setItemDelegateForColumn(COL_PROBLEMS, _WrappingDelegate(self.table))
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
        header.resizeSection(COL_PROGRESS, PROGRESS_WIDTH)
        header.setToolTip("Click a column to sort")
        self._rows_timer = QTimer(self)
        self._rows_timer.setSingleShot(True)
        self._rows_timer.setInterval(30)
        self._rows_timer.timeout.connect(self._fit_rows)
        self._natural: dict[int, int] = {}  # fitted widths of the shrinkable columns
        self._widths_timer = QTimer(self)
        self._widths_timer.setSingleShot(True)
        self._widths_timer.setInterval(30)
        self._widths_timer.timeout.connect(self._apply_widths)
        header.sectionResized.connect(
            lambda col, _old, _new: col == COL_PROBLEMS and self._rows_timer.start())
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
        header = self.table.horizontalHeader()
        self._natural = {col: min(header.sectionSize(col), widest)
                         for col, widest in MAX_COLUMN_WIDTH.items()}
        self._apply_widths()

    def _apply_widths(self) -> None:
        """The fitted widths, narrowed when the table is too narrow for them: a long
        milestone or phase name must not push Problems out of sight (cells elide; the
        tooltips have the full text)."""
        header = self.table.horizontalHeader()
        header.resizeSection(COL_PROGRESS, PROGRESS_WIDTH)
        if not self._natural:
            return
        fixed = sum(header.sectionSize(c) for c in range(header.count())
                    if c not in self._natural and c != COL_PROBLEMS
                    and not header.isSectionHidden(c))
        shown = {c: w for c, w in self._natural.items() if not header.isSectionHidden(c)}
        room = self.table.viewport().width() - fixed - MIN_PROBLEMS_WIDTH
        total = sum(shown.values())
        scale = min(1.0, room / total) if total > 0 else 1.0
        for col, width in shown.items():
            header.resizeSection(col, max(MIN_COLUMN_WIDTH, int(width * scale)))
        self._rows_timer.start()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._widths_timer.start()

    def _fit_rows(self) -> None:
        """Rows with problems as tall as their wrapped text; every other row one line."""
        vh = self.table.verticalHeader()
        default = vh.defaultSectionSize()
        with_problems = {i for i, r in enumerate(self.model.rows()) if r.summary.badges()}
        for row in range(self.proxy.rowCount()):
            source = self.proxy.mapToSource(self.proxy.index(row, 0)).row()
            if source in with_problems:
                self.table.resizeRowToContents(row)
                if vh.sectionSize(row) < default:
                    vh.resizeSection(row, default)
            elif vh.sectionSize(row) != default:
                vh.resizeSection(row, default)

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
        self._rows_timer.start()  # a project's problems may have come or gone

    def _on_activated(self, index: QModelIndex) -> None:
        if not index.isValid():
            return
        root = index.data(RootRole)
        if isinstance(root, Path):
            self.project_activated.emit(root, index.data(WorkstreamNameRole))


