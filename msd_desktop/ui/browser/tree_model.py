"""Tree model for the project browser: workspaces → projects → workstreams.

A thin adapter over plain Python lists (STYLE item 12): :class:`WorkspaceEntry` holds the core's
``Workspace`` facts plus its ``ProjectRef`` list; each project carries the
:class:`~msd_desktop.core.state.project_summary.ProjectSummary` the overview also shows
(loaded off the UI thread). The model never reads files.

Structure in C++, values in Python: the rows (workspaces, projects, workstreams, two columns
each) are ``QStandardItem`` objects with their flags, so the view's layout asks ``index()``,
``parent()``, ``rowCount()`` and ``flags()`` of C++ code — with a Python model those were three
calls into Python per row, the first layout of thousands of projects a stall. Every value still
comes from the Python lists through :meth:`ProjectTreeModel.data`, which the view asks only for
the rows it paints. The items are made by the model from its prototype, in C++, so no Python
wrapper stays alive per row. An index's ``internalId`` is its parent item's
address; a map from those addresses to (workspace, project) rows tells ``data()`` which row it is
asked about. Structural changes reset the model (they are rare: add/remove/scan); summaries
update in place with ``dataChanged``.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

from PySide6 import QtWidgets
from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QItemSelectionRange,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QIcon, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QApplication, QFileIconProvider

from msd_desktop.core.common.record import Record
from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.widgets.config_words import fill
from msd_desktop.ui.widgets.install_words import shown_badges
from msd_desktop.ui.widgets.plain_text import tooltip, visible
from msd_desktop.ui.widgets.status_text import (
    compact_status_words,
    status_word,
    statusline_words,
)
from msd_desktop.ui.widgets.theme import semantic_color

# roles
NodeKindRole = Qt.ItemDataRole.UserRole + 1  # "workspace" | "project" | "workstream"
ProjectRefRole = Qt.ItemDataRole.UserRole + 2  # ProjectRef for project and workstream rows
WorkstreamRole = Qt.ItemDataRole.UserRole + 3  # workstream name (workstream rows)
BadgeRole = Qt.ItemDataRole.UserRole + 4  # list[str] of problems worth a badge
FilterTextRole = Qt.ItemDataRole.UserRole + 5  # text the filter box matches
WorkspaceRole = Qt.ItemDataRole.UserRole + 6  # WorkspaceEntry for workspace rows
UnsavedRole = Qt.ItemDataRole.UserRole + 7  # bool: the project has unsaved Settings edits
UNSAVED_MARK = "●"  # after a project's name while it has unsaved Settings edits
# the roles _project_data answers besides NodeKindRole and ProjectRefRole
_PROJECT_ROLES = frozenset(int(r) for r in (
    BadgeRole, FilterTextRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ForegroundRole, UnsavedRole,
    Qt.ItemDataRole.FontRole, Qt.ItemDataRole.AccessibleTextRole,
    Qt.ItemDataRole.AccessibleDescriptionRole))

COLUMNS = ("Project", "Status")  # English names; column_titles() is what the header shows


def column_titles() -> tuple[str, str]:
    """The header's titles in the window's language (asked at paint time: the translator is
    installed after import)."""
    return (QCoreApplication.translate("ProjectTreeModel", "Project"),
            QCoreApplication.translate("ProjectTreeModel", "Status"))


def unsaved_text() -> str:
    """What the unsaved-edits marker means (its tooltip and what a screen reader says)."""
    return QCoreApplication.translate("ProjectTree", "Unsaved Settings changes")

_ITEM_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_LEAF_FLAGS = _ITEM_FLAGS | Qt.ItemFlag.ItemNeverHasChildren
_CELL_BATCH = 256  # rows whose cells are made from one list of indexes

AnyIndex = QModelIndex | QPersistentModelIndex


class ProjectEntry(Record):
    """One project row: the core's ref and, once loaded, its summary. (A :class:`Record`, as
    the window's other start-up records: a dataclass is generated code compiled at import,
    before the first paint.)"""

    __slots__ = ("ref", "summary")
    __match_args__ = ("ref", "summary")

    def __init__(self, ref: ProjectRef, summary: ProjectSummary | None = None) -> None:
        self.ref = ref
        self.summary = summary


class WorkspaceEntry(Record):
    """One workspace row. ``transient`` entries (the demo, a folder given on the command line)
    are shown but not registered; ``excluded``: the projects this scan root leaves out
    (relative paths)."""

    __slots__ = (
        "error",
        "excluded",
        "kind",
        "name",
        "path",
        "projects",
        "scanning",
        "transient",
    )
    __match_args__ = ("name", "path", "kind", "transient", "projects", "error", "scanning",
                      "excluded")

    def __init__(self, name: str, path: Path, kind: str = "folder", transient: bool = False,
                 projects: list[ProjectEntry] | None = None, error: str | None = None,
                 scanning: bool = False, excluded: tuple[str, ...] = ()) -> None:
        self.name = name
        self.path = path
        self.kind = kind
        self.transient = transient
        self.projects: list[ProjectEntry] = [] if projects is None else projects
        self.error = error
        self.scanning = scanning
        self.excluded = excluded


_ICONS: dict[tuple[int, str], QIcon] = {}  # (id of the style, pixmap's name)


def _icon(name: str) -> QIcon:
    """The style's standard icon ``name`` (``"SP_MessageBoxWarning"``), made once per
    style: views ask for it on every paint of every row (a few ms per paint of 1,000
    projects)."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        style = app.style()
        if style is not None:
            key = (id(style), name)
            icon = _ICONS.get(key)
            if icon is None:
                if len(_ICONS) > 32:  # styles come and go (tests): keep the cache small
                    _ICONS.clear()
                # QStyle named here, at a project's first row (see ProjectTreeModel._folders)
                pixmap = getattr(QtWidgets.QStyle.StandardPixmap, name)
                icon = _ICONS[key] = style.standardIcon(pixmap)
            return icon
    return QIcon()


class ProjectTreeModel(QStandardItemModel):
    """Workspaces → projects → workstreams, two columns (name, compact status line)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._workspaces: list[WorkspaceEntry] = []
        # root → where it is listed, as one int: project row × workspaces + workspace row (a
        # list of tuples per project weighed several times more); a root listed in more
        # than one workspace has its other places in _also
        self._where: dict[Path, int] = {}
        self._also: dict[Path, list[tuple[int, int]]] = {}
        self._unsaved: set[Path] = set()  # projects with unsaved Settings edits
        # a workspace's icon: the style's folder icon (SP_DirIcon), asked through a file icon
        # provider, which asks the style in C++ (and keeps the icon). Why not _icon: the
        # workspaces are on the first screen, and naming QStyle in Python makes PySide6 build
        # the type and its enums, among its largest (the projects' rows need it, later)
        self._folders = QFileIconProvider()
        # parent item's address (an index's internalId) → (workspace row or -1, project
        # row or -1): the invisible root, the workspaces and the projects with workstreams
        self._parents: dict[int, tuple[int, int]] = {}
        # absent items are cloned from this prototype when first asked for (itemFromIndex),
        # in C++: leaf flags, nothing editable, draggable or droppable. Made by clone() so
        # that it is a plain C++ item whose clone() does not call into Python per row.
        prototype = QStandardItem().clone()
        prototype.setFlags(_LEAF_FLAGS)
        self.setItemPrototype(prototype)  # the model owns it now
        self.invisibleRootItem().setFlags(Qt.ItemFlag.NoItemFlags)  # nothing drops on it
        self.setColumnCount(len(COLUMNS))

    def set_unsaved(self, roots: set[Path]) -> None:
        """Mark the projects with unsaved Settings edits (``dataChanged`` for those that
        changed only)."""
        new = {Path(r) for r in roots}
        changed = new ^ self._unsaved
        self._unsaved = new
        for root in changed:
            for w, p in self._rows_of(root):
                parent = self.index(w, 0)
                self.dataChanged.emit(self.index(p, 0, parent), self.index(p, 0, parent))

    def unsaved(self) -> set[Path]:
        return set(self._unsaved)

    # -- the plain-Python side

    def workspaces(self) -> list[WorkspaceEntry]:
        return list(self._workspaces)

    def set_workspaces(self, workspaces: list[WorkspaceEntry]) -> None:
        """Replace every row: one ``modelReset`` (the item operations in between are not
        signalled one by one, so views and the filter proxy rebuild once)."""
        self.beginResetModel()
        blocked = self.blockSignals(True)
        try:
            self._workspaces = list(workspaces)
            self._build_rows()
        finally:
            self.blockSignals(blocked)
            self.endResetModel()

    def _build_rows(self) -> None:
        """The C++ items for :attr:`_workspaces`. The cells are made
        from the prototype (:meth:`_make_cells`); only the rows that have children get other
        flags, through a wrapper dropped at once."""
        root = self.invisibleRootItem()
        root.setRowCount(0)  # deletes the old items
        self._where = {}
        self._also = {}
        self._parents = {}
        root.setRowCount(len(self._workspaces))
        if not self._workspaces:
            return
        columns = len(COLUMNS)
        index, make = self.index, self.itemFromIndex
        where, parents = self._where, self._parents
        stride = len(self._workspaces)
        self._make_cells(QModelIndex(), len(self._workspaces))
        parents[index(0, 0).internalId()] = (-1, -1)
        for w, ws in enumerate(self._workspaces):
            ws_index = index(w, 0)
            ws_item = make(ws_index)
            ws_item.setFlags(_ITEM_FLAGS)
            if not ws.projects:
                continue
            ws_item.setColumnCount(columns)
            ws_item.setRowCount(len(ws.projects))
            self._make_cells(ws_index, len(ws.projects))
            parents[index(0, 0, ws_index).internalId()] = (w, -1)
            for p, proj in enumerate(ws.projects):
                if proj.ref.root in where:
                    self._also.setdefault(proj.ref.root, []).append((w, p))
                else:
                    where[proj.ref.root] = p * stride + w
                streams = proj.ref.workstreams
                if streams:
                    project_index = index(p, 0, ws_index)
                    project = make(project_index)
                    project.setFlags(_ITEM_FLAGS)
                    project.setColumnCount(columns)
                    project.setRowCount(len(streams))
                    self._make_cells(project_index, len(streams))
                    parents[index(0, 0, project_index).internalId()] = (w, p)

    def _make_cells(self, parent: QModelIndex, rows: int) -> None:
        """Make every cell of ``parent``'s (absent) first ``rows`` rows from the prototype.
        Qt lists the range's indexes in one call (an absent item counts as enabled and
        selectable, so none is left out) and ``itemFromIndex`` clones the prototype for each:
        one call into C++ per cell instead of two."""
        last = len(COLUMNS) - 1
        for top in range(0, rows, _CELL_BATCH):  # in batches: the index lists stay small
            cells = QItemSelectionRange(
                self.index(top, 0, parent),
                self.index(min(top + _CELL_BATCH, rows) - 1, last, parent)).indexes()
            deque(map(self.itemFromIndex, cells), maxlen=0)

    def set_summary(self, root: Path, summary: ProjectSummary) -> None:
        """Update one project's summary everywhere it is listed (rows keep their place)."""
        self.set_summaries([summary])

    def set_summaries(self, summaries: list[ProjectSummary]) -> None:
        """Apply a batch of summaries: ``dataChanged`` for the affected rows only (found
        through a root → rows map, so a batch costs O(batch), not O(projects))."""
        touched: dict[int, list[int]] = {}
        for summary in summaries:
            for w, p in self._rows_of(summary.root):
                self._workspaces[w].projects[p].summary = summary
                touched.setdefault(w, []).append(p)
        last_col = len(COLUMNS) - 1
        for w, rows in touched.items():
            parent = self.index(w, 0)
            rows.sort()
            start = prev = rows[0]
            for r in [*rows[1:], None]:
                if r is not None and r == prev + 1:
                    prev = r
                    continue
                self.dataChanged.emit(self.index(start, 0, parent),
                                      self.index(prev, last_col, parent))
                if r is not None:
                    start = prev = r
            for p in rows:
                n = len(self._workspaces[w].projects[p].ref.workstreams)
                if n:
                    top = self.index(p, 0, parent)
                    self.dataChanged.emit(self.index(0, 0, top),
                                          self.index(n - 1, last_col, top))

    def projects(self) -> list[ProjectEntry]:
        return [p for ws in self._workspaces for p in ws.projects]

    def find_project(self, root: Path, workstream: str | None = None) -> QModelIndex:
        for w, p in self._rows_of(Path(root))[:1]:
            proj = self._workspaces[w].projects[p]
            idx = self.index(p, 0, self.index(w, 0))
            if workstream and workstream in proj.ref.workstreams:
                return self.index(proj.ref.workstreams.index(workstream), 0, idx)
            return idx
        return QModelIndex()

    def _rows_of(self, root: Path) -> list[tuple[int, int]]:
        """(workspace row, project row) of each place ``root`` is listed, the first first."""
        code = self._where.get(root)
        if code is None:
            return []
        p, w = divmod(code, len(self._workspaces))
        first = (w, p)
        more = self._also.get(root)
        return [first, *more] if more else [first]

    # -- index plumbing (the structure itself is the items')

    def _locate(self, index: AnyIndex) -> tuple[int, int, int] | None:
        """(workspace row, project row or -1, workstream row or -1) of a valid index of this
        model, or None for an index the rows do not know."""
        where = self._parents.get(index.internalId())
        if where is None:
            return None
        w, p = where
        if w < 0:
            return index.row(), -1, -1
        if p < 0:
            return w, index.row(), -1
        return w, p, index.row()

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(COLUMNS):
            return column_titles()[section]
        return None

    def itemData(self, index: AnyIndex) -> dict[int, Any]:
        """The values as :meth:`data` gives them (QStandardItemModel's own would read the
        items, which hold none)."""
        return QAbstractItemModel.itemData(self, index)

    # -- data

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        where = self._locate(index) if index.isValid() else None
        if where is None:
            return None
        w, p, s = where
        ws = self._workspaces[w]
        if p < 0:
            return self._workspace_data(ws, index.column(), role)
        proj = ws.projects[p]
        if s < 0:
            return self._project_data(proj, index.column(), role)
        return self._workstream_data(proj, proj.ref.workstreams[s], index.column(), role)

    def _workspace_data(self, ws: WorkspaceEntry, column: int, role: int) -> Any:
        if role == NodeKindRole:
            return "workspace"
        if role == WorkspaceRole:
            return ws
        if role == FilterTextRole:
            return f"{ws.name} {ws.path}"
        if column == 0:
            if role == Qt.ItemDataRole.DisplayRole:
                return visible(ws.name)
            if role == Qt.ItemDataRole.DecorationRole:
                return self._folders.icon(QFileIconProvider.IconType.Folder)
            if role == Qt.ItemDataRole.ToolTipRole:
                if ws.kind == "scan_root":
                    kind = (self.tr("scan root, not registered") if ws.transient
                            else self.tr("scan root"))
                else:
                    kind = (self.tr("project folder, not registered") if ws.transient
                            else self.tr("project folder"))
                return tooltip(f"{visible(ws.path)}\n({kind})")
        if column == 1 and role == Qt.ItemDataRole.DisplayRole:
            if ws.scanning:
                return self.tr("scanning…")
            if ws.error:
                return visible(ws.error)
            return self.tr("%n project(s)", "", len(ws.projects))
        if column == 1 and role == Qt.ItemDataRole.ForegroundRole:
            return semantic_color("error" if ws.error else "muted")
        return None

    def _project_data(self, proj: ProjectEntry, column: int, role: int) -> Any:
        summary = proj.summary
        if role == NodeKindRole:
            return "project"
        if role == ProjectRefRole:
            return proj.ref
        if role not in _PROJECT_ROLES:  # views ask for a dozen roles per cell per paint
            return None
        unsaved = bool(self._unsaved) and proj.ref.root in self._unsaved
        if role == UnsavedRole:
            return unsaved
        badges = shown_badges(summary) if summary is not None else []
        if role == BadgeRole:
            return badges
        if role == FilterTextRole:
            line = summary.statusline_compact if summary is not None else ""
            shown = statusline_words(line)  # the words on screen match too
            return f"{proj.ref.name} {proj.ref.root} {line} {shown}"
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [visible(proj.ref.root)]
            if summary is not None and summary.statusline_full:
                lines.append(visible(statusline_words(summary.statusline_full)))
            lines += [f"⚠ {visible(b)}" for b in badges]
            if unsaved:
                lines.append(f"{UNSAVED_MARK} {unsaved_text()}")
            return tooltip("\n".join(lines))
        if role == Qt.ItemDataRole.AccessibleTextRole:
            # what a screen reader says: the name, and the marker in words (not "black circle")
            if column == 0:
                name = visible(proj.ref.name)
                return fill(self.tr("%1, %2"), name, unsaved_text()) if unsaved else name
            return None
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            if column == 0:
                parts = [unsaved_text()] if unsaved else []
                if summary is not None and summary.statusline_full:
                    parts.append(visible(statusline_words(summary.statusline_full)))
                parts += [visible(b) for b in badges]
                return "; ".join(parts)
            return None
        if column == 0:
            if role == Qt.ItemDataRole.DisplayRole:
                name = visible(proj.ref.name)
                return f"{name} {UNSAVED_MARK}" if unsaved else name
            if role == Qt.ItemDataRole.FontRole and unsaved:
                from PySide6.QtGui import QFont

                font = QFont()
                font.setBold(True)
                return font
            if role == Qt.ItemDataRole.DecorationRole:
                if badges:
                    return _icon("SP_MessageBoxWarning")
                return _icon("SP_FileDialogDetailedView")
        if column == 1:
            if role == Qt.ItemDataRole.DisplayRole:
                if summary is None:
                    return self.tr("loading…")
                text = (compact_status_words(summary.statusline_compact)
                        or status_word(summary.status))
                if summary.load_error or (not text and badges):
                    # nothing else to say: the problem itself (the tooltip lists them all)
                    return f"⚠ {visible(badges[0], limit=300)}"
                return visible(text)
            if role == Qt.ItemDataRole.ForegroundRole:
                if badges:
                    return semantic_color("warning")
                if summary is None:
                    return semantic_color("muted")
        return None

    def _workstream_data(self, proj: ProjectEntry, name: str, column: int, role: int) -> Any:
        active = name == proj.ref.active_workstream
        if role == NodeKindRole:
            return "workstream"
        if role == ProjectRefRole:
            return proj.ref
        if role == WorkstreamRole:
            return name
        if role == FilterTextRole:
            return f"{proj.ref.name} {name}"
        if column == 0:
            if role == Qt.ItemDataRole.DisplayRole:
                return visible(name)
            if role == Qt.ItemDataRole.ToolTipRole:
                if active:
                    return tooltip(fill(self.tr(
                        "Workstream %1 (active: named by .planning/active-workstream)"),
                        visible(name)))
                return tooltip(fill(self.tr("Workstream %1"), visible(name)))
            if role == Qt.ItemDataRole.FontRole and active:
                from PySide6.QtGui import QFont

                font = QFont()
                font.setBold(True)
                return font
        if column == 1 and role == Qt.ItemDataRole.DisplayRole:
            ws_summary = proj.summary.workstreams.get(name) if proj.summary else None
            if ws_summary is not None and ws_summary.statusline_compact:
                return visible(compact_status_words(ws_summary.statusline_compact))
            return self.tr("active workstream") if active else self.tr("workstream")
        if column == 1 and role == Qt.ItemDataRole.ForegroundRole:
            return semantic_color("muted")
        return None
