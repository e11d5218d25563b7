"""The project browser (left side): workspaces → projects → workstreams, with a filter box.

Registry changes (add a project folder, add a scan root, remove) go through the core's
:class:`~msd_desktop.core.workspace.registry.WorkspaceRegistry`, which also refuses ``/`` and the
home
folder itself as scan roots — the browser only shows the core's message. Scanning runs in a
worker (:func:`msd_desktop.ui.widgets.workers.run_op`) with a progress bar; the UI thread only
swaps the
finished lists into :class:`~msd_desktop.ui.browser.tree_model.ProjectTreeModel`.

Every modal question sits behind one module-level function (:func:`ask_folder`,
:func:`confirm`, :func:`show_error`) so a test replaces exactly one call (STYLE item 15).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QItemSelection,
    QModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.workspace.registry import ProjectRef, Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.tree_model import (
    FilterTextRole,
    NodeKindRole,
    ProjectEntry,
    ProjectRefRole,
    ProjectTreeModel,
    WorkspaceEntry,
    WorkspaceRole,
    WorkstreamRole,
)
from msd_desktop.ui.widgets.plain_text import plain_label, visible, visible_lines
from msd_desktop.ui.widgets.workers import YIELD_MS, OpHandle, Progress, read_timeout, run_op

# --------------------------------------------------------------------------- modal questions


def ask_folder(parent: QWidget | None, title: str) -> Path | None:
    """Ask for a directory; ``None`` when cancelled."""
    from PySide6.QtWidgets import QFileDialog  # (dialogs load on first use: bench P3)

    path = QFileDialog.getExistingDirectory(parent, title, str(Path.home()))
    return Path(path) if path else None


def _message_box(parent: QWidget | None, icon: Any, title: str, text: str,
                 buttons: Any) -> Any:
    """A message box whose text (it names folders) is plain text, control characters escaped."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(icon, visible(title), visible_lines(text), buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box.exec()


def confirm(parent: QWidget | None, title: str, text: str) -> bool:
    from PySide6.QtWidgets import QMessageBox

    yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
    answer = _message_box(parent, QMessageBox.Icon.Question, title, text, yes | no)
    return bool(answer == yes)


def show_error(parent: QWidget | None, title: str, text: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    _message_box(parent, QMessageBox.Icon.Warning, title, text,
                 QMessageBox.StandardButton.Ok)


# --------------------------------------------------------------------------- scanning


@dataclass(frozen=True)
class Selection:
    """What the user selected in the tree."""

    kind: str  # "workspace" | "project" | "workstream" | "none"
    project: ProjectRef | None = None
    workstream: str | None = None
    workspace: WorkspaceEntry | None = None


ScanProgress = Callable[[int, int, str], None]


def _selection_key(sel: Selection) -> tuple[str, Path | None, str | None, Path | None]:
    """What identifies a selection (not the whole workspace entry with its projects)."""
    return (sel.kind, sel.project.root if sel.project else None, sel.workstream,
            sel.workspace.path if sel.workspace else None)


def scan_workspaces(
    registry: WorkspaceRegistry,
    transient: list[Workspace],
    progress: ScanProgress | None = None,
    cancelled: Callable[[], bool] = lambda: False,
) -> list[WorkspaceEntry]:
    """Read the registry and find every workspace's projects (runs in a worker thread)."""
    entries: list[WorkspaceEntry] = []
    try:
        registered = registry.list()
        registry_error = None
    except MsdError as exc:
        registered, registry_error = [], exc.message
    seen: set[Path] = set()
    all_ws = [(w, True) for w in transient] + [(w, False) for w in registered]
    for n, (ws, is_transient) in enumerate(all_ws):
        if cancelled():
            break
        entry = WorkspaceEntry(name=ws.name, path=ws.path, kind=ws.kind, transient=is_transient)

        def on_dir(count: int, path: Path, _n: int = n, _name: str = ws.name,
                   _last: list[float] = [0.0]) -> None:  # noqa: B006 - per-call throttle state
            now = time.monotonic()
            if progress is not None and now - _last[0] > 0.05:
                _last[0] = now
                progress(_n, len(all_ws), f"Scanning {_name}: {count} folders")

        try:
            if not ws.path.is_dir():
                raise MsdError(f"Folder not found: {ws.path}")
            refs = registry.projects(ws, on_progress=on_dir, cancel=cancelled)
        except MsdError as exc:
            entry.error = exc.message
            refs = []
        except OSError as exc:
            entry.error = f"Cannot read {ws.path}: {exc.strerror or exc}"
            refs = []
        for ref in refs:
            ref.workspace = ws.name
            entry.projects.append(ProjectEntry(ref))
            seen.add(ref.root)
        entries.append(entry)
        if progress is not None:
            progress(n + 1, len(all_ws), f"Scanned {ws.name}")
    if registry_error:
        entries.append(WorkspaceEntry(name="(workspace registry)", path=registry.path,
                                      error=registry_error))
    return entries


# --------------------------------------------------------------------------- the panel


class _TreeFilterProxy(QSortFilterProxyModel):
    """Matches the filter text against :data:`FilterTextRole`, keeping parents of matches."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRecursiveFilteringEnabled(True)
        self.setFilterRole(FilterTextRole)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(0)


class ProjectBrowserPanel(QWidget):
    """Tree of workspaces/projects/workstreams + filter + add/remove + scan progress."""

    selection_changed = Signal(object)  # Selection
    projects_loaded = Signal(object)  # list[WorkspaceEntry]
    registry_changed = Signal()
    message_posted = Signal(str)  # for the status bar

    def __init__(self, registry: WorkspaceRegistry, transient: list[Workspace] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self.transient: list[Workspace] = list(transient or [])
        self.model = ProjectTreeModel(self)
        self.proxy = _TreeFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self._scan: OpHandle | None = None
        self._scan_started = 0.0
        self.last_scan_ms: float | None = None

        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter projects…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip("Filter by project name, path or status (Ctrl+K)")
        self.filter_edit.textChanged.connect(self._on_filter)

        self.tree = QTreeView()
        self.tree.setObjectName("ProjectTree")
        # the tree shows the model itself and the filter proxy only while a filter is typed
        # (see _show_filtered): the proxy maps every row through the Python model, which made
        # the first layout of 1,000 projects a 60 ms stall (bench P5)
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(False)
        self.tree.setAnimated(False)
        self.tree.header().setStretchLastSection(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        # resizeColumnToContents measures every row by default: ~75 ms on the UI thread for
        # 1,000 projects (bench P5). The first 200 rows give the same width in practice.
        self.tree.header().setResizeContentsPrecision(200)
        self.tree.setColumnWidth(0, 190)
        self.tree.selectionModel().selectionChanged.connect(self._on_selection)

        self.add_project_action = QAction("Add project…", self)
        self.add_project_action.setToolTip("Register a project folder (a folder with .planning/)")
        self.add_project_action.setShortcut(QKeySequence.StandardKey.Open)
        self.add_project_action.triggered.connect(self.add_project)
        self.add_root_action = QAction("Add scan root…", self)
        self.add_root_action.setToolTip(
            "Register a folder that is searched for projects (not / or your home folder itself)")
        self.add_root_action.setShortcut(QKeySequence("Ctrl+Shift+O"))
        self.add_root_action.triggered.connect(self.add_scan_root)
        self.remove_action = QAction("Remove", self)
        self.remove_action.setToolTip("Unregister the selected workspace (no files are deleted)")
        self.remove_action.setShortcut(QKeySequence("Ctrl+Shift+Backspace"))
        self.remove_action.triggered.connect(self.remove_selected)
        self.refresh_action = QAction("Rescan", self)
        self.refresh_action.setToolTip("Scan every workspace again (F5)")
        self.refresh_action.setShortcut(QKeySequence.StandardKey.Refresh)
        self.refresh_action.triggered.connect(self.rescan)
        for action in (self.add_project_action, self.add_root_action, self.remove_action,
                       self.refresh_action):
            self.addAction(action)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)

        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        # "Add" opens a menu (project folder / scan root): four text buttons side by side
        # made the browser, and so the window, 110 px wider than it needs to be
        self.add_button = QToolButton()
        self.add_button.setText("Add")
        self.add_button.setToolTip("Add a project folder or a folder to scan for projects")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        add_menu = QMenu(self.add_button)
        add_menu.addAction(self.add_project_action)
        add_menu.addAction(self.add_root_action)
        self.add_button.setMenu(add_menu)
        buttons.addWidget(self.add_button)
        for action in (self.remove_action, self.refresh_action):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            buttons.addWidget(button)
        buttons.addStretch(1)

        self.progress = QProgressBar()
        self.progress.setMaximumHeight(14)
        self.progress.setTextVisible(False)
        self.progress.hide()
        self.progress_label = plain_label(QLabel())  # names the folder being scanned
        self.progress_label.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.filter_edit)
        layout.addLayout(buttons)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.progress_label)
        layout.addWidget(self.progress)
        self._update_actions()

    # -- scanning

    def is_scanning(self) -> bool:
        return self._scan is not None and not self._scan.is_done

    def rescan(self) -> OpHandle:
        """Scan every workspace in a worker; the model is replaced when it finishes."""
        if self._scan is not None and not self._scan.is_done:
            self._scan.cancel()
        registry, transient = self.registry, list(self.transient)

        def work(progress: Progress) -> list[WorkspaceEntry]:
            # worker thread: only the plain-Python Progress object, never the handle
            return scan_workspaces(registry, transient, progress,
                                   cancelled=lambda: progress.cancelled)

        self._scan_started = time.perf_counter()
        self.progress.setRange(0, 0)
        self.progress.show()
        self.progress_label.setText("Scanning workspaces…")
        self.progress_label.show()
        # the scan reports progress as it walks, so only a folder that never answers (a hung
        # mount) runs into the timeout: the scan then fails with a message instead of
        # "Scanning…" for good
        handle = run_op(work, name="scan", with_progress=True,
                        on_finished=self._on_scanned, on_failed=self._on_scan_failed,
                        on_progress=self._on_scan_progress, owner=self,
                        timeout_s=read_timeout())
        self._scan = handle
        return handle

    def _on_scan_progress(self, done: int, total: int, text: str) -> None:
        if total:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        self.progress_label.setText(visible(text))

    def _on_scanned(self, entries: list[WorkspaceEntry]) -> None:
        self.last_scan_ms = (time.perf_counter() - self._scan_started) * 1000
        self.progress.hide()
        self.progress_label.hide()
        selected = self.current_selection()
        self.model.set_workspaces(entries)
        self.expand_branches()
        # measuring the names (~15 ms for 1,000 projects) waits for a later event-loop turn:
        # this one already swaps both models and starts the summaries (bench P5 stalls). A
        # real timer (not 0 ms, which Qt posts into this same batch of events) lets timers
        # and input run in between.
        QTimer.singleShot(YIELD_MS, self, lambda: self.tree.resizeColumnToContents(0))
        if selected.project is not None:
            self.select_project(selected.project.root, selected.workstream, emit=False)
        n = sum(len(e.projects) for e in entries)
        self.message_posted.emit(
            f"{n} project{'s' if n != 1 else ''} in {len(entries)} "
            f"workspace{'s' if len(entries) != 1 else ''} ({self.last_scan_ms:.0f} ms)")
        self.projects_loaded.emit(entries)
        self._update_actions()

    def _on_scan_failed(self, error: BaseException) -> None:
        self.progress.hide()
        self.progress_label.hide()
        self.message_posted.emit(f"Scan failed: {error}")

    # -- selection

    def current_selection(self) -> Selection:
        indexes = self.tree.selectionModel().selectedRows(0)
        if not indexes:
            return Selection("none")
        index = indexes[0]
        kind = index.data(NodeKindRole)
        if kind == "workspace":
            return Selection("workspace", workspace=index.data(WorkspaceRole))
        ref = index.data(ProjectRefRole)
        if kind == "workstream":
            return Selection("workstream", project=ref, workstream=index.data(WorkstreamRole))
        return Selection("project", project=ref)

    def select_project(self, root: Path, workstream: str | None = None, *,
                       emit: bool = True) -> bool:
        source = self.model.find_project(root, workstream)
        if not source.isValid():
            return False
        index = self._to_view(source)
        if not index.isValid():
            self.filter_edit.clear()
            index = self._to_view(source)
        if not emit:
            self.tree.selectionModel().blockSignals(True)
        self.tree.setCurrentIndex(index)
        self.tree.scrollTo(index)
        if not emit:
            self.tree.selectionModel().blockSignals(False)
        return True

    def clear_selection(self) -> None:
        self.tree.clearSelection()
        self.tree.setCurrentIndex(QModelIndex())

    def _on_selection(self, *_: QItemSelection) -> None:
        self._update_actions()
        self.selection_changed.emit(self.current_selection())

    def _update_actions(self) -> None:
        sel = self.current_selection()
        self.remove_action.setEnabled(sel.kind != "none")

    def _on_filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        self._show_filtered(bool(text.strip()))
        if text:
            self.expand_branches()

    def _to_view(self, source: QModelIndex) -> QModelIndex:
        """A model index as the tree shows it (through the proxy while filtering)."""
        return self.proxy.mapFromSource(source) if self.tree.model() is self.proxy else source

    def _show_filtered(self, filtered: bool) -> None:
        """Show the proxy (filtering) or the model itself in the tree, keeping the selection
        when it is still shown (a selection the filter hides is dropped, as before)."""
        model = self.proxy if filtered else self.model
        if self.tree.model() is model:
            return
        before = self.current_selection()
        old = self.tree.selectionModel()
        self.tree.setModel(model)
        old.deleteLater()  # setModel leaves the old selection model to us
        self.tree.selectionModel().selectionChanged.connect(self._on_selection)
        self.expand_branches()
        source = QModelIndex()
        if before.project is not None:
            source = self.model.find_project(before.project.root, before.workstream)
        elif before.workspace is not None:
            source = next((self.model.index(i, 0) for i, ws in enumerate(self.model.workspaces())
                           if ws.path == before.workspace.path), QModelIndex())
        index = self._to_view(source) if source.isValid() else QModelIndex()
        if index.isValid():
            self.tree.selectionModel().blockSignals(True)
            self.tree.setCurrentIndex(index)
            self.tree.selectionModel().blockSignals(False)
        if _selection_key(self.current_selection()) != _selection_key(before):
            self._on_selection()  # the filter hid the selected row
        else:
            self._update_actions()

    def expand_branches(self) -> None:
        """``expandAll()``, but asking only the rows that have children (workspaces, projects
        with workstreams): expandAll walks every row through the Python model — ~10 ms for
        1,000 projects (bench P5)."""
        for w, ws in enumerate(self.model.workspaces()):
            ws_index = self.model.index(w, 0)
            self.tree.expand(self._to_view(ws_index))
            for p, proj in enumerate(ws.projects):
                if proj.ref.workstreams:
                    self.tree.expand(self._to_view(self.model.index(p, 0, ws_index)))

    # -- registry changes (through the core)

    def add_project(self) -> bool:
        path = ask_folder(self, "Add project folder")
        if path is None:
            return False
        return self._add(path, "folder")

    def add_scan_root(self) -> bool:
        path = ask_folder(self, "Add scan root")
        if path is None:
            return False
        return self._add(path, "scan_root")

    def _add(self, path: Path, kind: str) -> bool:
        try:
            ws = self.registry.add(path, kind=kind)  # type: ignore[arg-type]
        except MsdError as exc:
            show_error(self, "Cannot add folder", exc.message)
            return False
        self.message_posted.emit(f"Added {ws.name} ({ws.path})")
        self.registry_changed.emit()
        self.rescan()
        return True

    def remove_selected(self) -> bool:
        sel = self.current_selection()
        entry = sel.workspace
        if entry is None and sel.project is not None:
            entry = next((w for w in self.model.workspaces()
                          if any(p.ref.root == sel.project.root for p in w.projects)), None)
            if entry is not None and entry.kind == "scan_root":
                show_error(self, "Cannot remove project",
                           f"{sel.project.name} is found by the scan root {entry.name} "
                           f"({entry.path}). Remove the scan root, or move the project.")
                return False
        if entry is None:
            return False
        if not confirm(self, "Remove workspace",
                       f"Remove {entry.name} ({entry.path}) from MSD Desktop?\n"
                       "No files are deleted."):
            return False
        if entry.transient:
            self.transient = [w for w in self.transient if w.path != entry.path]
        else:
            try:
                self.registry.remove(entry.name)
            except MsdError as exc:
                show_error(self, "Cannot remove workspace", exc.message)
                return False
            self.registry_changed.emit()
        self.message_posted.emit(f"Removed {entry.name}")
        self.rescan()
        return True
