"""Table model for the overview: every project (and workstream) of every workspace at a glance.

Each row shows a :class:`~msd_desktop.core.state.project_summary.ProjectSummary`, the core's
flat, display-ready copy of one project (or one workstream of it), made by the window's
summary workers.

The model is a thin adapter over ``list[OverviewRow]``; sorting happens in a
``QSortFilterProxyModel`` using :data:`SortRole` (numbers for progress and problem counts,
ISO dates for last activity) so the view sorts by value, not by text.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt

from msd_desktop.core.common.record import Record
from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.ui.widgets.install_words import shown_badges
from msd_desktop.ui.widgets.plain_text import tooltip, visible
from msd_desktop.ui.widgets.status_text import phase_position, status_word, statusline_words
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color, status_color

SortRole = Qt.ItemDataRole.UserRole + 20
PercentRole = Qt.ItemDataRole.UserRole + 21  # int | None, for the progress delegate
RootRole = Qt.ItemDataRole.UserRole + 22  # Path of the project
WorkstreamNameRole = Qt.ItemDataRole.UserRole + 23  # str | None

# the roles OverviewModel.data answers; the others are None without looking at the row
_ANSWERED_ROLES = frozenset(int(r) for r in (
    SortRole, PercentRole, RootRole, WorkstreamNameRole, Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.TextAlignmentRole))

COLUMNS = ("Project", "Workspace", "Milestone", "Phase", "Status", "Progress",
           "Last activity", "Problems")
COL_PROJECT, COL_WORKSPACE, COL_MILESTONE, COL_PHASE, COL_STATUS, COL_PROGRESS, \
    COL_ACTIVITY, COL_PROBLEMS = range(len(COLUMNS))


def column_titles() -> tuple[str, ...]:
    """The header's titles in the window's language (:data:`COLUMNS` stays English: asked at
    paint time, after the translator is installed)."""
    return (QCoreApplication.translate("OverviewModel", "Project"),
            QCoreApplication.translate("OverviewModel", "Workspace"),
            QCoreApplication.translate("OverviewModel", "Milestone"),
            QCoreApplication.translate("OverviewModel", "Phase"),
            QCoreApplication.translate("OverviewModel", "Status"),
            QCoreApplication.translate("OverviewModel", "Progress"),
            QCoreApplication.translate("OverviewModel", "Last activity"),
            QCoreApplication.translate("OverviewModel", "Problems"))

AnyIndex = QModelIndex | QPersistentModelIndex
_COLUMN_COUNT = len(COLUMNS)


class OverviewRow(Record):
    """One overview line: a project, or one workstream of a project (slots: one per project
    and workstream, no per-row dict; a :class:`Record`, not a dataclass, whose generated code
    is compiled at import, before the first paint)."""

    __slots__ = ("label", "summary")
    __match_args__ = ("summary", "label")

    def __init__(self, summary: ProjectSummary, label: str) -> None:
        self.summary = summary
        self.label = label


def rows_from_summaries(summaries: list[ProjectSummary]) -> list[OverviewRow]:
    """Projects with workstreams get one row per workstream, labelled ``project › ws``."""
    rows: list[OverviewRow] = []
    for s in summaries:
        if s.workstreams:
            rows.extend(OverviewRow(ws, f"{s.name} › {name}") for name, ws in s.workstreams.items())
        else:
            rows.append(OverviewRow(s, s.name))
    return rows


class OverviewModel(HeaderedTableModel):
    """Flat table over ``list[OverviewRow]``, sorted by the model itself.

    Why the model sorts (``sort()``), not a ``QSortFilterProxyModel``: the proxy compares
    rows through ``data(SortRole)``, two Python calls per comparison, and re-sorts on every
    ``dataChanged``.
    Here the keys are computed once per row and sorted by Python (about a millisecond for
    1,000 rows), and the order is only touched when it really changed.

    ``_pos`` maps each root to its rows, so an update touches only that project's rows
    (``dataChanged``), or removes and appends just them when its workstreams changed — never
    a reset per project.
    """

    HEADERS = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[OverviewRow] = []
        self._pos: dict[Path, list[int]] = {}
        self._sort: tuple[int, Qt.SortOrder] | None = None
        # kept up to date as rows change, so the caption never walks every row
        self._with_problems = 0
        self._workspaces: dict[str, int] = {}
        self._stale: dict[Path, int] = {}  # root → its rows with a stale install

    def rows(self) -> list[OverviewRow]:
        return list(self._rows)

    def column_headers(self) -> Sequence[str]:
        return column_titles()

    # rowCount/columnCount run for every index the view and its proxy make — a dozen per
    # cell and paint: plain lengths here, not the translated titles' count
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else _COLUMN_COUNT

    def problem_rows(self) -> int:
        """How many rows have a problem (a stale install alone is not one: see
        :meth:`stale_projects`)."""
        return self._with_problems

    def stale_projects(self) -> int:
        """How many projects (not rows) have a stale install of their own."""
        return len(self._stale)

    def workspace_count(self) -> int:
        """How many workspaces the rows come from."""
        return len(self._workspaces)

    def _count(self, row: OverviewRow, step: int) -> None:
        if row.summary.badges():  # stale installs are counted on their own
            self._with_problems += step
        if row.summary.stale_installs:
            root = row.summary.root
            left = self._stale.get(root, 0) + step
            if left > 0:
                self._stale[root] = left
            else:
                self._stale.pop(root, None)
        ws = row.summary.workspace
        n = self._workspaces.get(ws, 0) + step
        if n > 0:
            self._workspaces[ws] = n
        else:
            self._workspaces.pop(ws, None)

    def _reindex(self) -> None:
        self._pos = {}
        for i, row in enumerate(self._rows):
            self._pos.setdefault(row.summary.root, []).append(i)

    def set_rows(self, rows: list[OverviewRow]) -> None:
        self.beginResetModel()
        self._rows = self._sorted(list(rows))
        self._reindex()
        self._with_problems = 0
        self._workspaces = {}
        self._stale = {}
        for row in self._rows:
            self._count(row, 1)
        self.endResetModel()

    def update_summary(self, summary: ProjectSummary) -> None:
        """Replace the rows of one project (in place when its row set is unchanged)."""
        self.update_summaries([summary])

    def update_summaries(self, summaries: list[ProjectSummary]) -> None:
        """Apply a batch of summaries: ``dataChanged`` per run of changed rows; projects not
        shown yet, or whose workstreams changed, get their rows (re)inserted."""
        appended: list[OverviewRow] = []
        changed: list[int] = []
        removed: list[int] = []
        # re-sorting every row is O(rows): only when a sort key of a touched row moved
        sort_col = self._sort[0] if self._sort is not None else None
        reorder = False
        for summary in summaries:
            new = rows_from_summaries([summary])
            positions = self._pos.get(summary.root, [])
            by_label = {self._rows[i].label: i for i in positions}
            if positions and len(by_label) == len(positions) == len(new) and all(
                    r.label in by_label for r in new):
                for row in new:
                    i = by_label[row.label]
                    if sort_col is not None and not reorder:
                        reorder = (self.sort_value(self._rows[i], sort_col)
                                   != self.sort_value(row, sort_col))
                    self._count(self._rows[i], -1)
                    self._count(row, 1)
                    self._rows[i] = row
                    changed.append(i)
                continue
            removed.extend(positions)
            appended.extend(new)
        self._emit_changed(changed)
        if removed:
            for i in sorted(set(removed), reverse=True):
                self.beginRemoveRows(QModelIndex(), i, i)
                self._count(self._rows[i], -1)
                del self._rows[i]
                self.endRemoveRows()
            self._reindex()
        if appended:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(appended) - 1)
            self._rows.extend(appended)
            for row in appended:
                self._count(row, 1)
            for i, row in enumerate(appended, start=first):
                self._pos.setdefault(row.summary.root, []).append(i)
            self.endInsertRows()
        if reorder or removed or appended:
            self._resort()

    def _emit_changed(self, rows: list[int]) -> None:
        """One ``dataChanged`` per run of consecutive rows."""
        last_col = len(COLUMNS) - 1
        run_start = prev = None
        for r in sorted(set(rows)):
            if prev is not None and r == prev + 1:
                prev = r
                continue
            if run_start is not None and prev is not None:
                self.dataChanged.emit(self.index(run_start, 0), self.index(prev, last_col))
            run_start = prev = r
        if run_start is not None and prev is not None:
            self.dataChanged.emit(self.index(run_start, 0), self.index(prev, last_col))

    # -- sorting

    @staticmethod
    def sort_value(row: OverviewRow, col: int) -> Any:
        """The value a column sorts by (also served as :data:`SortRole`)."""
        s = row.summary
        if col == COL_PROGRESS:
            return -1 if s.percent is None else s.percent
        if col == COL_PROBLEMS:
            return len(shown_badges(s))
        return (OverviewModel._display(row, col) or "").casefold()

    def _sorted(self, rows: list[OverviewRow]) -> list[OverviewRow]:
        if self._sort is None:
            return rows
        col, order = self._sort
        rows = sorted(rows, key=lambda r: r.label.casefold())  # ties: by name
        return sorted(rows, key=lambda r: self.sort_value(r, col),
                      reverse=order == Qt.SortOrder.DescendingOrder)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(COLUMNS):
            self._sort = None
            return
        self._sort = (column, order)
        self._resort()

    def _resort(self) -> None:
        """Reorder rows when (and only when) the order changed; persistent indexes follow."""
        if self._sort is None or len(self._rows) < 2:
            return
        new_rows = self._sorted(self._rows)
        if all(a is b for a, b in zip(new_rows, self._rows, strict=True)):
            return
        self.layoutAboutToBeChanged.emit()
        new_pos = {id(row): i for i, row in enumerate(new_rows)}
        old = self.persistentIndexList()
        new = [self.index(new_pos[id(self._rows[ix.row()])], ix.column())
               if 0 <= ix.row() < len(self._rows) else QModelIndex() for ix in old]
        self._rows = new_rows
        self._reindex()
        self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()

    def row_items(self) -> Sequence[Any]:
        return self._rows

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ANSWERED_ROLES:  # views ask for a dozen roles per cell per paint
            return None
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        s = row.summary
        col = index.column()
        if role == RootRole:
            return s.root
        if role == WorkstreamNameRole:
            return s.workstream
        if role == PercentRole:
            return s.percent
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, col)
        if role == SortRole:
            return self.sort_value(row, col)
        if role == Qt.ItemDataRole.ToolTipRole:  # rich text if it looks like HTML: escaped
            if col == COL_PROBLEMS and shown_badges(s):
                return tooltip("\n".join(visible(b) for b in shown_badges(s)))
            if col == COL_ACTIVITY and s.last_activity_desc:
                return tooltip(visible(s.last_activity_desc))
            if col == COL_PROJECT:  # the name in full first: the cell may be elided
                lines = [visible(row.label), visible(s.root),
                         visible(statusline_words(s.statusline_full))]
                return tooltip("\n".join(line for line in lines if line))
            if col == COL_STATUS and s.status_raw and s.status_raw != status_word(s.status):
                return tooltip(QCoreApplication.translate(
                    "OverviewModel", "STATE.md says: %1").replace("%1", visible(s.status_raw)))
            if col in (COL_WORKSPACE, COL_MILESTONE, COL_PHASE):
                return tooltip(self._display(row, col)) or None  # the cell may be elided
        if role == Qt.ItemDataRole.ForegroundRole:
            if col == COL_STATUS:
                return status_color(s.status)
            if col == COL_PROBLEMS and shown_badges(s):
                return semantic_color("warning")
        if role == Qt.ItemDataRole.TextAlignmentRole and col == COL_PROBLEMS:
            return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        return None

    @staticmethod
    def display_text(row: OverviewRow, col: int) -> str:
        """The cell text (what :data:`Qt.ItemDataRole.DisplayRole` shows), never None."""
        return OverviewModel._display(row, col) or ""

    @staticmethod
    def column_texts(rows: Sequence[OverviewRow], col: int) -> list[str]:
        """:meth:`display_text` of every row in column ``col``, in one loop: the column fit
        asks for every row of six columns at once (30,000 cells at 5,000 projects), and
        three calls per cell were most of its time."""
        raw: list[str | None]
        if col == COL_PROJECT:
            raw = [r.label for r in rows]
        elif col == COL_WORKSPACE:
            raw = [r.summary.workspace for r in rows]
        elif col == COL_MILESTONE:
            raw = [r.summary.milestone for r in rows]
        elif col == COL_PHASE:
            raw = [phase_position(r.summary.phase) for r in rows]
        elif col == COL_ACTIVITY:
            raw = [r.summary.last_activity for r in rows]
        elif col == COL_STATUS:
            words: dict[Any, str] = {}  # a handful of statuses, each translated once
            raw = []
            for r in rows:
                st = r.summary.status
                word = words.get(st)
                if word is None:
                    word = words[st] = status_word(st)
                raw.append(word)
        else:
            return [OverviewModel.display_text(r, col) for r in rows]
        return [visible(t) if t else "" for t in raw]

    @staticmethod
    def _display(row: OverviewRow, col: int) -> str | None:
        """Names and file text visibly escaped (a newline, ESC or a right-to-left override
        in a folder name or in STATE.md shows as ``\\n``, ``\\x1b``, ``\\u202e``)."""
        text = OverviewModel._raw_display(row, col)
        if col == COL_PROBLEMS:
            return text  # each problem escaped on its own
        return visible(text) if text else text

    @staticmethod
    def _raw_display(row: OverviewRow, col: int) -> str | None:
        s = row.summary
        if col == COL_PROJECT:
            return row.label
        if col == COL_WORKSPACE:
            return s.workspace
        if col == COL_MILESTONE:
            return s.milestone
        if col == COL_PHASE:
            return phase_position(s.phase)
        if col == COL_STATUS:
            return status_word(s.status)
        if col == COL_PROGRESS:
            return "" if s.percent is None else f"{s.percent}%"
        if col == COL_ACTIVITY:
            return s.last_activity
        if col == COL_PROBLEMS:
            badges = [visible(b) for b in shown_badges(s)]
            if not badges:
                return ""
            # one line: the count, then the problems one after the other (the cell elides;
            # its tooltip lists every problem on its own line) — a wrapped cell made tall rows
            return badges[0] if len(badges) == 1 else f"({len(badges)}) " + " · ".join(badges)
        return None
