"""Tree model for the project browser: workspaces → projects → workstreams.

A thin adapter over plain Python lists (STYLE item 12): :class:`WorkspaceEntry` holds the core's
``Workspace`` facts plus its ``ProjectRef`` list; each project carries the
:class:`~msd_desktop.ui.browser.overview_model.ProjectSummary` the overview also shows (loaded off
the UI
thread). The model never reads files.

Index identity: ``internalId`` encodes the *parent* of an index — ``0`` for a workspace row,
``ws + 1`` for a project row, ``(project + 1) << 16 | (ws + 1)`` for a workstream row — so
``parent()`` needs no Python objects behind ``internalPointer``. Structural changes reset the
model (they are rare: add/remove/scan); summaries update in place with ``dataChanged``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QStyle

from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.browser.overview_model import ProjectSummary
from msd_desktop.ui.widgets.config_words import fill
from msd_desktop.ui.widgets.plain_text import tooltip, visible
from msd_desktop.ui.widgets.status_text import status_word
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

_WS_SHIFT = 16
_WS_MASK = (1 << _WS_SHIFT) - 1
_ITEM_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_LEAF_FLAGS = _ITEM_FLAGS | Qt.ItemFlag.ItemNeverHasChildren

AnyIndex = QModelIndex | QPersistentModelIndex


@dataclass
class ProjectEntry:
    """One project row: the core's ref and, once loaded, its summary."""

    ref: ProjectRef
    summary: ProjectSummary | None = None


@dataclass
class WorkspaceEntry:
    """One workspace row. ``transient`` entries (the demo, a folder given on the command line)
    are shown but not registered."""

    name: str
    path: Path
    kind: str = "folder"
    transient: bool = False
    projects: list[ProjectEntry] = field(default_factory=list)
    error: str | None = None
    scanning: bool = False


_ICONS: dict[tuple[int, QStyle.StandardPixmap], QIcon] = {}  # (id of the style, pixmap)


def _icon(pixmap: QStyle.StandardPixmap) -> QIcon:
    """The style's standard icon, made once per style: views ask for it on every paint of
    every row (bench P5: a few ms per paint of 1,000 projects)."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        style = app.style()
        if style is not None:
            key = (id(style), pixmap)
            icon = _ICONS.get(key)
            if icon is None:
                if len(_ICONS) > 32:  # styles come and go (tests): keep the cache small
                    _ICONS.clear()
                icon = _ICONS[key] = style.standardIcon(pixmap)
            return icon
    return QIcon()


class ProjectTreeModel(QAbstractItemModel):
    """Workspaces → projects → workstreams, two columns (name, compact status line)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._workspaces: list[WorkspaceEntry] = []
        self._where: dict[Path, list[tuple[int, int]]] = {}  # root → (workspace, project) rows
        self._unsaved: set[Path] = set()  # projects with unsaved Settings edits

    def set_unsaved(self, roots: set[Path]) -> None:
        """Mark the projects with unsaved Settings edits (``dataChanged`` for those that
        changed only)."""
        new = {Path(r) for r in roots}
        changed = new ^ self._unsaved
        self._unsaved = new
        for root in changed:
            for w, p in self._where.get(root, ()):
                parent = self.index(w, 0)
                self.dataChanged.emit(self.index(p, 0, parent), self.index(p, 0, parent))

    def unsaved(self) -> set[Path]:
        return set(self._unsaved)

    # -- the plain-Python side

    def workspaces(self) -> list[WorkspaceEntry]:
        return list(self._workspaces)

    def set_workspaces(self, workspaces: list[WorkspaceEntry]) -> None:
        self.beginResetModel()
        self._workspaces = list(workspaces)
        self._where = {}
        for w, ws in enumerate(self._workspaces):
            for p, proj in enumerate(ws.projects):
                self._where.setdefault(proj.ref.root, []).append((w, p))
        self.endResetModel()

    def set_summary(self, root: Path, summary: ProjectSummary) -> None:
        """Update one project's summary everywhere it is listed (rows keep their place)."""
        self.set_summaries([summary])

    def set_summaries(self, summaries: list[ProjectSummary]) -> None:
        """Apply a batch of summaries: ``dataChanged`` for the affected rows only (found
        through a root → rows map, so a batch costs O(batch), not O(projects))."""
        touched: dict[int, list[int]] = {}
        for summary in summaries:
            for w, p in self._where.get(summary.root, ()):
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
        for w, p in self._where.get(Path(root), ())[:1]:
            proj = self._workspaces[w].projects[p]
            idx = self.index(p, 0, self.index(w, 0))
            if workstream and workstream in proj.ref.workstreams:
                return self.index(proj.ref.workstreams.index(workstream), 0, idx)
            return idx
        return QModelIndex()

    # -- index plumbing

    def _locate(self, index: AnyIndex) -> tuple[int, int, int]:
        """(workspace row, project row or -1, workstream row or -1) of a valid index."""
        iid = index.internalId()
        if iid == 0:
            return index.row(), -1, -1
        if iid <= _WS_MASK:
            return iid - 1, index.row(), -1
        return (iid & _WS_MASK) - 1, (iid >> _WS_SHIFT) - 1, index.row()

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if row < 0 or column < 0 or column >= len(COLUMNS):
            return QModelIndex()
        if not parent.isValid():
            if row < len(self._workspaces):
                return self.createIndex(row, column, 0)
            return QModelIndex()
        w, p, s = self._locate(parent)
        if p < 0:
            if row < len(self._workspaces[w].projects):
                return self.createIndex(row, column, w + 1)
            return QModelIndex()
        if s < 0 and row < len(self._workspaces[w].projects[p].ref.workstreams):
            return self.createIndex(row, column, ((p + 1) << _WS_SHIFT) | (w + 1))
        return QModelIndex()

    def parent(self, index: AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid():
            return QModelIndex()
        w, p, s = self._locate(index)
        if p < 0:
            return QModelIndex()
        if s < 0:
            return self.createIndex(w, 0, 0)
        return self.createIndex(p, 0, w + 1)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._workspaces)
        if parent.column() != 0:
            return 0
        w, p, s = self._locate(parent)
        if p < 0:
            return len(self._workspaces[w].projects)
        if s < 0:
            return len(self._workspaces[w].projects[p].ref.workstreams)
        return 0

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(COLUMNS):
            return column_titles()[section]
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        """Rows that cannot have children say so: the tree's layout then skips asking each
        of them for children (two fewer calls into this model per row; with the flags made
        once, not per call, the first layout of 5,000 rows ~70 -> ~53 ms)."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        iid = index.internalId()
        if iid == 0:  # a workspace
            return _ITEM_FLAGS
        if iid <= _WS_MASK and index.column() == 0:  # a project: children = its workstreams
            projects = self._workspaces[iid - 1].projects
            row = index.row()
            if row < len(projects) and projects[row].ref.workstreams:
                return _ITEM_FLAGS
        return _LEAF_FLAGS

    # -- data

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        w, p, s = self._locate(index)
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
                return _icon(QStyle.StandardPixmap.SP_DirIcon)
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
        badges = summary.badges() if summary is not None else []
        if role == BadgeRole:
            return badges
        if role == FilterTextRole:
            line = summary.statusline_compact if summary is not None else ""
            return f"{proj.ref.name} {proj.ref.root} {line}"
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [visible(proj.ref.root)]
            if summary is not None and summary.statusline_full:
                lines.append(visible(summary.statusline_full))
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
                    parts.append(visible(summary.statusline_full))
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
                    return _icon(QStyle.StandardPixmap.SP_MessageBoxWarning)
                return _icon(QStyle.StandardPixmap.SP_FileDialogDetailedView)
        if column == 1:
            if role == Qt.ItemDataRole.DisplayRole:
                if summary is None:
                    return self.tr("loading…")
                text = summary.statusline_compact or status_word(summary.status)
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
                return visible(ws_summary.statusline_compact)
            return self.tr("active workstream") if active else self.tr("workstream")
        if column == 1 and role == Qt.ItemDataRole.ForegroundRole:
            return semantic_color("muted")
        return None
