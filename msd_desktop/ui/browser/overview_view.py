"""The overview: every project of every workspace at a glance, sortable.

A ``QTableView`` over :class:`~msd_desktop.ui.browser.overview_model.OverviewModel` through a
filtering proxy; the model sorts itself by value (numbers for "Progress" and "Problems"), so
sorting 1,000 rows costs the UI thread about a millisecond. A delegate draws the progress
column as a real progress bar using the current style, so it follows the system palette.
"""

from __future__ import annotations

import time
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
from PySide6.QtGui import QFontMetrics, QPainter, QResizeEvent
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

from msd_desktop.ui.browser.overview_model import (
    COL_ACTIVITY,
    COL_MILESTONE,
    COL_PHASE,
    COL_PROBLEMS,
    COL_PROGRESS,
    COL_PROJECT,
    COL_STATUS,
    COL_WORKSPACE,
    OverviewModel,
    PercentRole,
    RootRole,
    SortRole,
    WorkstreamNameRole,
)
from msd_desktop.ui.widgets.workers import YIELD_MS

# widest a fitted column may be (px); Problems (stretched, last) gets the rest
MAX_COLUMN_WIDTH = {COL_PROJECT: 260, COL_WORKSPACE: 180, COL_MILESTONE: 220, COL_PHASE: 240}
MIN_COLUMN_WIDTH = 70  # narrowest a shrunk column gets
MIN_PROBLEMS_WIDTH = 160  # what Problems keeps before the other columns shrink
PROGRESS_WIDTH = 100
# the columns fitted to their text (Progress has a fixed width, Problems stretches)
FITTED_COLUMNS = (COL_PROJECT, COL_WORKSPACE, COL_MILESTONE, COL_PHASE, COL_STATUS,
                  COL_ACTIVITY)
FIT_ROWS = 100  # rows measured from the top (what is on screen, and then some)
FIT_LONGEST = 20  # plus this many of the longest texts further down
FIT_ROWS_BUDGET_S = 0.015  # row heights fitted per event-loop turn, at most this long


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
        self._fit_next = 0  # next proxy row _fit_some_rows looks at
        self._fit_heights: dict[tuple[str, int], int] = {}  # (Problems text, width) -> height
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
        """Fit the columns to their contents (Problems stretches, Progress is fixed) and
        bring the caption up to date."""
        self._update_caption()
        header = self.table.horizontalHeader()
        widths = self.content_widths()
        for col, width in widths.items():
            if col not in MAX_COLUMN_WIDTH and not header.isSectionHidden(col):
                header.resizeSection(col, width)
        self._natural = {col: min(widths[col], widest)
                         for col, widest in MAX_COLUMN_WIDTH.items()}
        self._apply_widths()

    def content_widths(self) -> dict[int, int]:
        """What ``resizeColumnsToContents`` would give the text columns, measured here.

        Why not Qt's own: it asks the model for every role of every measured cell and the
        header for every role of every section through Python — thousands of calls (50 ms
        for five projects under a profiler, seconds for 1,000 while workers hold the GIL).
        The cells are plain text in the view's font, so the width is the text's advance plus
        the item margins the style adds, one pixel of grid, and at least the header's hint.
        Measured: the first :data:`FIT_ROWS` rows (what is on screen) and the longest texts
        of all the others.
        """
        header = self.table.horizontalHeader()
        fm = self.table.fontMetrics()
        margin = self._item_margin(fm)
        grid = 1 if self.table.showGrid() else 0
        rows = self.model.rows()
        out: dict[int, int] = {}
        for col in FITTED_COLUMNS:
            texts = {OverviewModel.display_text(row, col) for row in rows[:FIT_ROWS]}
            rest = [OverviewModel.display_text(row, col) for row in rows[FIT_ROWS:]]
            texts.update(sorted(rest, key=len)[-FIT_LONGEST:])
            widest = max((fm.horizontalAdvance(t) for t in texts if t), default=0)
            out[col] = max(widest + margin + grid if widest else 0,
                           header.sectionSizeHint(col))
        return out

    def _item_margin(self, fm: QFontMetrics) -> int:
        """What the delegate adds to a cell's text width: asked of one real cell (so any
        style's margins count), else the common style's rule."""
        index = self.proxy.index(0, COL_PROJECT)
        text = index.data() if index.isValid() else None
        if isinstance(text, str) and text:
            return self.table.sizeHintForIndex(index).width() - fm.horizontalAdvance(text)
        style = self.table.style()
        return 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None,
                                      self.table) + 1)

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
        """Rows with problems as tall as their wrapped text; every other row one line.

        Done a slice per event-loop turn (:data:`FIT_ROWS_BUDGET_S`), measuring each
        distinct Problems text once: ``resizeRowToContents`` asked every cell of every row
        through Python, 250 ms per pass for 1,000 projects (bench P5).
        """
        self._fit_next = 0
        self._fit_heights = {}
        self._fit_some_rows()

    def _fit_some_rows(self) -> None:
        vh = self.table.verticalHeader()
        default = vh.defaultSectionSize()
        width = self.table.columnWidth(COL_PROBLEMS)
        rows = self.model.row_items()
        deadline = time.perf_counter() + FIT_ROWS_BUDGET_S
        while self._fit_next < self.proxy.rowCount():
            row = self._fit_next
            self._fit_next += 1
            index = self.proxy.index(row, COL_PROBLEMS)
            source = self.proxy.mapToSource(index).row()
            text = (OverviewModel.display_text(rows[source], COL_PROBLEMS)
                    if 0 <= source < len(rows) else "")
            wanted = default
            if text:
                key = (text, width)
                if key not in self._fit_heights:
                    # the wrapping delegate's height for this text at this width
                    self._fit_heights[key] = max(default,
                                                 self.table.sizeHintForIndex(index).height())
                wanted = self._fit_heights[key]
            if vh.sectionSize(row) != wanted:
                vh.resizeSection(row, wanted)
            if row % 32 == 31 and time.perf_counter() > deadline:
                # the rest on a later turn (a real timer: timers and input run in between)
                QTimer.singleShot(YIELD_MS, self, self._fit_some_rows)
                return

    def set_filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)

    def _update_caption(self) -> None:
        # counts the model keeps as rows change: walking every row took 45 ms for 5,000
        # projects, after every outside change
        n = self.model.rowCount()
        self.table.setColumnHidden(COL_WORKSPACE, self.model.workspace_count() <= 1)
        problems = self.model.problem_rows()
        text = f"<b>All projects</b> — {n} shown"
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


