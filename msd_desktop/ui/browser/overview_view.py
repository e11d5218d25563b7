"""The overview: every project of every workspace at a glance, sortable.

A ``QTableView`` over :class:`~msd_desktop.ui.browser.overview_model.OverviewModel` through a
filtering proxy; the model sorts itself by value (numbers for "Progress" and "Problems"), so
sorting 1,000 rows costs the UI thread about a millisecond. A delegate draws the progress
column as a real progress bar using the current style, so it follows the system palette.

Every row is one line: cells elide (names in the middle, so two workstreams of one project
stay apart) and their tooltips carry the full text; when the table is narrow the widest
columns give way first. An empty table says what would be there and how to get it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6 import QtWidgets
from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QFontMetrics, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.ui.browser.elide_delegate import ElideDelegate
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
from msd_desktop.ui.widgets.empty_hint import EmptyHint
from msd_desktop.ui.widgets.install_words import stale_projects_text
from msd_desktop.ui.widgets.viewport import own_viewport
from msd_desktop.ui.widgets.wrapping_label import WrappingLabel

# widest a fitted column may be (px); Problems (stretched, last) gets the rest
MAX_COLUMN_WIDTH = {COL_PROJECT: 260, COL_WORKSPACE: 180, COL_MILESTONE: 220, COL_PHASE: 240}
MIN_COLUMN_WIDTH = 70  # narrowest a shrunk column gets
MIN_PROBLEMS_WIDTH = 120  # what Problems keeps before the other columns shrink
PROJECT_KEEP = 170  # what Project keeps while Milestone and Phase can still give way
PROGRESS_WIDTH = 84
# the columns fitted to their text (Progress has a fixed width, Problems stretches)
FITTED_COLUMNS = (COL_PROJECT, COL_WORKSPACE, COL_MILESTONE, COL_PHASE, COL_STATUS,
                  COL_ACTIVITY)
FIT_ROWS = 100  # rows measured from the top (what is on screen, and then some)
FIT_LONGEST = 20  # plus this many of the longest texts further down


def shrunk_widths(natural: dict[int, int], room: int) -> dict[int, int]:
    """Column widths that fit ``room``: the widest columns give way first, down to a common
    cap (never below :data:`MIN_COLUMN_WIDTH`), so a short project name keeps its whole
    width while a long milestone or phase name is elided (shrinking every column by the same
    share cut "billing-service" at 1024 px)."""
    if sum(natural.values()) <= room or not natural:
        return dict(natural)
    widths = sorted(natural.values())
    cap, left = MIN_COLUMN_WIDTH, room
    for i, width in enumerate(widths):
        share = left // (len(widths) - i)  # what each remaining column may have
        if width > share:
            cap = max(MIN_COLUMN_WIDTH, share)
            break
        left -= width
    else:
        cap = widths[-1]
    return {col: max(MIN_COLUMN_WIDTH, min(width, cap)) for col, width in natural.items()}


def fitted_widths(natural: dict[int, int], room: int) -> dict[int, int]:
    """:func:`shrunk_widths`, but the Project column keeps up to :data:`PROJECT_KEEP` px
    while the others can give way: the name is what a row is recognised by."""
    keep = min(natural.get(COL_PROJECT, 0), PROJECT_KEEP)
    others = {c: w for c, w in natural.items() if c != COL_PROJECT}
    if COL_PROJECT not in natural or len(others) * MIN_COLUMN_WIDTH > room - keep:
        return shrunk_widths(natural, room)
    out = shrunk_widths(others, room - keep)
    out[COL_PROJECT] = max(keep, min(natural[COL_PROJECT], room - sum(out.values())))
    return out


class ProgressBarDelegate(QStyledItemDelegate):
    """Paints ``PercentRole`` as a progress bar; empty when the core has no percent."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        # QStyle and the bar's option named here, not at import: the first screen draws no
        # bar (PySide6 makes a type and its enums the first time it is named; QStyle's are
        # among its largest)
        percent = index.data(PercentRole)
        # background / selection as for any cell
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QtWidgets.QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        if percent is None:
            return
        bar = QtWidgets.QStyleOptionProgressBar()
        # one text line high, centred, whatever the row's height
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
        bar.state = option.state | QtWidgets.QStyle.StateFlag.State_Horizontal
        bar.palette = option.palette
        bar.direction = option.direction
        bar.fontMetrics = option.fontMetrics
        style.drawControl(QtWidgets.QStyle.ControlElement.CE_ProgressBar, bar, painter, widget)


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
        own_viewport(self.table)  # no C++-made viewport for PySide6 to type (first paint)
        self.table.setObjectName("OverviewTable")
        self.table.setAccessibleName(self.tr("All projects"))
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(COL_PROJECT, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        # every row one line: cells elide (their tooltips have the full text) — names in the
        # middle, so "platform-monorepo › api" and "› web" stay apart; a wrapped Problems
        # cell made rows five lines tall
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setItemDelegateForColumn(
            COL_PROJECT, ElideDelegate(Qt.TextElideMode.ElideMiddle, self.table))
        self.table.setItemDelegateForColumn(
            COL_WORKSPACE, ElideDelegate(Qt.TextElideMode.ElideMiddle, self.table))
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.setItemDelegateForColumn(COL_PROGRESS, ProgressBarDelegate(self.table))
        header = self.table.horizontalHeader()
        # Interactive + an explicit fit per scan, not ResizeToContents: that mode re-measures
        # up to 1,000 rows of every column on each dataChanged (a million data()
        # calls on the UI thread for 1,000 projects). The visible rows plus a few give the
        # same widths in practice; a long value is still readable in the tooltip.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_PROBLEMS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_PROGRESS, QHeaderView.ResizeMode.Fixed)
        header.setResizeContentsPrecision(100)
        header.resizeSection(COL_PROGRESS, PROGRESS_WIDTH)
        header.setToolTip(self.tr("Click a column to sort"))
        self._natural: dict[int, int] = {}  # fitted widths of the shrinkable columns
        self._widths_timer = QTimer(self)
        self._widths_timer.setSingleShot(True)
        self._widths_timer.setInterval(30)
        self._widths_timer.timeout.connect(self._apply_widths)
        self.table.activated.connect(self._on_activated)
        self.table.doubleClicked.connect(self._on_activated)

        # "All projects" in bold, then the counts (wrapped, never widening the window)
        self.title = QLabel(self.tr("All projects"))
        self.title.setObjectName("OverviewTitle")
        title_font = self.title.font()
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.title.setBuddy(self.table)
        # wrapped, never cut: the counts are the caption's news (a long language, a narrow
        # window and a stale-install count make two lines of it)
        self.caption = WrappingLabel()
        self.caption.setObjectName("OverviewCaption")
        self.empty_hint = EmptyHint(self.table, self.empty_text)
        self.caption.setText(self.caption_text())

        top = QHBoxLayout()
        top.setSpacing(8)
        top.addWidget(self.title, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.caption, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
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
        header for every role of every section through Python — thousands of calls, seconds
        for a thousand projects while workers hold the GIL.
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
            texts = set(OverviewModel.column_texts(rows[:FIT_ROWS], col))
            rest = OverviewModel.column_texts(rows[FIT_ROWS:], col)
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
        from PySide6.QtWidgets import QStyle  # see ProgressBarDelegate.paint

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
        for col, width in fitted_widths(shown, room).items():
            header.resizeSection(col, width)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._widths_timer.start()

    def set_filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)

    def empty_text(self) -> str:
        """What the empty table says: no project yet, or none matching the filter."""
        if self.model.rowCount() == 0:
            return self.tr("No projects yet. Add a project folder (File → Add project…) or a "
                           "folder to scan for projects (File → Add scan root…).")
        return self.tr("No project matches the filter.")

    def caption_text(self) -> str:
        """The counts beside the title ("— 6 shown, 1 with problems · double-click …")."""
        # counts the model keeps as rows change: walking every row of thousands of projects,
        # after every outside change, was a stall
        if self.model.rowCount() == 0:
            return ""  # the empty table says what would be here (no rows to double-click)
        counts = self.tr("%n shown", "", self.model.rowCount())
        problems = self.model.problem_rows()
        if problems:
            counts = self.tr("%1, %n with problems", "", problems).replace("%1", counts)
        stale = self.model.stale_projects()
        if stale:
            counts = self.tr("%1, %2").replace("%1", counts).replace(
                "%2", stale_projects_text(stale))
        return self.tr("— %1 · double-click a row to open it").replace("%1", counts)

    def _update_caption(self) -> None:
        self.table.setColumnHidden(COL_WORKSPACE, self.model.workspace_count() <= 1)
        self.caption.setText(self.caption_text())

    def _on_activated(self, index: QModelIndex) -> None:
        if not index.isValid():
            return
        root = index.data(RootRole)
        if isinstance(root, Path):
            self.project_activated.emit(root, index.data(WorkstreamNameRole))


