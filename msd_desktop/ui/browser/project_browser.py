"""The project browser (left side): workspaces → projects → workstreams, with a filter box.

Registry changes (add a project folder, add a scan root, remove) go through the core's
:class:`~msd_desktop.core.workspace.registry.WorkspaceRegistry`, which also refuses ``/`` and the
home folder itself as scan roots — the browser only shows the core's message (English, as the
command line says it), labelled in the window's language. Scanning runs in a worker
(:func:`msd_desktop.ui.widgets.workers.run_op`) with a progress bar; the UI thread only swaps
the finished lists into :class:`~msd_desktop.ui.browser.tree_model.ProjectTreeModel`.

When the tree has nothing to show — no workspace yet, or a filter nothing matches — an empty
state says so and offers the way out (add a folder, clear the filter). Both columns fit the
tree's width: names elide in the middle, status lines at the end, never a horizontal scrollbar.

Every modal question sits behind one module-level function (:func:`ask_folder`,
:func:`confirm`, :func:`show_error`) so a test replaces exactly one call (STYLE item 15).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QItemSelection,
    QModelIndex,
    QObject,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.record import FrozenRecord
from msd_desktop.core.workspace.registry import (
    DEFAULT_SCAN_DEPTH,
    ProjectRef,
    Workspace,
    WorkspaceRegistry,
)
from msd_desktop.ui.browser.status_line_delegate import StatusLineDelegate
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
from msd_desktop.ui.widgets.config_words import fill
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.elided_label import ElidedLabel
from msd_desktop.ui.widgets.plain_text import tooltip, visible, visible_lines
from msd_desktop.ui.widgets.status_text import tree_status_words
from msd_desktop.ui.widgets.theme import semantic_color
from msd_desktop.ui.widgets.viewport import own_viewport
from msd_desktop.ui.widgets.workers import YIELD_MS, OpHandle, Progress, read_timeout, run_op

# --------------------------------------------------------------------------- modal questions


def ask_folder(parent: QWidget | None, title: str) -> Path | None:
    """Ask for a directory; ``None`` when cancelled."""
    from PySide6.QtWidgets import QFileDialog  # (dialogs load on first use)

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


class Selection(FrozenRecord):
    """What the user selected in the tree: ``kind`` is "workspace", "project", "workstream" or
    "none". (A :class:`FrozenRecord`: a dataclass is generated code compiled at import.)"""

    __slots__ = ("kind", "project", "workspace", "workstream")
    __match_args__ = ("kind", "project", "workstream", "workspace")
    kind: str
    project: ProjectRef | None
    workstream: str | None
    workspace: WorkspaceEntry | None

    def __init__(self, kind: str, project: ProjectRef | None = None,
                 workstream: str | None = None, workspace: WorkspaceEntry | None = None) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "project", project)
        object.__setattr__(self, "workstream", workstream)
        object.__setattr__(self, "workspace", workspace)


ScanProgress = Callable[[int, int, str], None]


def _selection_key(sel: Selection) -> tuple[str, Path | None, str | None, Path | None]:
    """What identifies a selection (not the whole workspace entry with its projects)."""
    return (sel.kind, sel.project.root if sel.project else None, sel.workstream,
            sel.workspace.path if sel.workspace else None)


class _DirProgress:
    """Reports a workspace's walk ("Scanning Demo — folders read: 120") at most every
    50 ms. (A class, not a closure in the loop: Qt's lupdate loses the class context of
    every later ``self.tr`` after a nested function.)"""

    def __init__(self, progress: ScanProgress | None, n: int, total: int, name: str) -> None:
        self._progress, self._n, self._total, self._name = progress, n, total, name
        self._last = 0.0

    def __call__(self, count: int, _path: Path) -> None:
        now = time.monotonic()
        if self._progress is not None and now - self._last > 0.05:
            self._last = now
            self._progress(self._n, self._total, fill(QCoreApplication.translate(
                "ProjectBrowserPanel", "Scanning %1 — folders read: %2"), self._name, count))


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
        registered, registry_error = [], core_text(exc)
    seen: set[Path] = set()
    all_ws = [(w, True) for w in transient] + [(w, False) for w in registered]
    for n, (ws, is_transient) in enumerate(all_ws):
        if cancelled():
            break
        entry = WorkspaceEntry(name=ws.name, path=ws.path, kind=ws.kind, transient=is_transient,
                               excluded=ws.exclude)
        try:
            if not ws.path.is_dir():
                raise MsdError(fill(QCoreApplication.translate(
                    "ProjectBrowserPanel", "Folder not found: %1"), ws.path))
            refs = registry.projects(ws, on_progress=_DirProgress(progress, n, len(all_ws),
                                                                  ws.name),
                                      cancel=cancelled)
        except MsdError as exc:
            entry.error = core_text(exc)
            refs = []
        except OSError as exc:
            entry.error = fill(QCoreApplication.translate(
                "ProjectBrowserPanel", "Cannot read %1: %2"), ws.path, exc.strerror or exc)
            refs = []
        for ref in refs:
            ref.workspace = ws.name
            entry.projects.append(ProjectEntry(ref))
            seen.add(ref.root)
        entries.append(entry)
        if progress is not None:
            progress(n + 1, len(all_ws), fill(QCoreApplication.translate(
                "ProjectBrowserPanel", "Scanned %1"), ws.name))
    if registry_error:
        entries.append(WorkspaceEntry(name=QCoreApplication.translate(
                                          "ProjectBrowserPanel", "(workspace registry)"),
                                      path=registry.path,
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


STATUS_MIN_WIDTH = 80  # the tree's Status column keeps this much before names elide
STATUS_MIN_SHARE = 0.3  # ...or this share of the tree, whichever is more


def fitted_name_width(natural_name: int, viewport: int, status_word: int = 0) -> int:
    """The Project column's width: its text's own width while Status keeps its room
    (at least :data:`STATUS_MIN_WIDTH` or :data:`STATUS_MIN_SHARE`, and ``status_word``:
    the longest one-word status of the window's language, so the word that matters most is
    never cut), so the tree never needs a horizontal scrollbar; names elide in the middle
    when narrower (full text in the tooltip)."""
    status_room = max(STATUS_MIN_WIDTH, int(viewport * STATUS_MIN_SHARE), status_word)
    return max(40, min(natural_name, viewport - status_room))


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
        self._scanned_once = False
        self._natural_width: int | None = None  # the names' width, as measured
        self.last_scan_ms: float | None = None
        self.scan_depth = DEFAULT_SCAN_DEPTH  # how deep a scan root added here is searched

        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("ProjectFilter")
        # its clear button comes with the first text typed (it shows only with text): making
        # it looks the style's icon up in the desktop's icon theme, the costliest single step
        # of the window's first paint on a desktop without an icon theme
        self.filter_edit.textChanged.connect(self._on_filter)
        self.filter_edit.installEventFilter(self)  # Down: into the tree; Escape: clear

        self.tree = QTreeView()
        own_viewport(self.tree)  # no C++-made viewport for PySide6 to type (first paint)
        self.tree.setObjectName("ProjectTree")
        # the tree shows the model itself and the filter proxy only while a filter is typed
        # (see _show_filtered): the proxy maps every row through the Python model, which made
        # the first layout of a thousand projects a stall
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        # the rows are read-only: no editor on a double click or F2 (the items say so too)
        self.tree.setEditTriggers(QTreeView.EditTrigger.NoEditTriggers)
        self.tree.setAlternatingRowColors(False)
        self.tree.setAnimated(False)
        # names elide in the middle ("platf…onorepo" keeps both ends), status lines at the
        # end; both columns fit the tree's width (_fit_columns), so no horizontal scrollbar
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tree.setItemDelegateForColumn(  # a narrow column drops the milestone first
            1, StatusLineDelegate(Qt.TextElideMode.ElideRight, self.tree))
        self.tree.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.tree.header().setStretchLastSection(True)
        self.tree.header().setMinimumSectionSize(40)  # Status may get narrower than 100 px
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        # resizeColumnToContents measures every row by default, a stall on the UI thread with
        # a thousand projects. The first 200 rows give the same width in practice.
        self.tree.header().setResizeContentsPrecision(200)
        self.tree.setColumnWidth(0, 190)
        self.tree.viewport().installEventFilter(self)
        self.tree.selectionModel().selectionChanged.connect(self._on_selection)
        from msd_desktop.ui.browser.tree_menu import TreeContextMenu

        self.context_menu = TreeContextMenu(self)  # exclude / include a scan root's project

        self.add_project_action = QAction(self)
        self.add_project_action.setObjectName("AddProjectAction")
        self.add_project_action.setShortcut(QKeySequence.StandardKey.Open)
        self.add_project_action.triggered.connect(self.add_project)
        self.add_root_action = QAction(self)
        self.add_root_action.setObjectName("AddScanRootAction")
        self.add_root_action.setShortcut(QKeySequence("Ctrl+Shift+O"))
        self.add_root_action.triggered.connect(self.add_scan_root)
        # the File menu says what is removed or scanned; the buttons beside the tree say it
        # short (a tool button shows the icon text)
        self.remove_action = QAction(self)
        self.remove_action.setObjectName("RemoveWorkspaceAction")
        self.remove_action.setShortcut(QKeySequence("Ctrl+Shift+Backspace"))
        self.remove_action.triggered.connect(self.remove_selected)
        self.refresh_action = QAction(self)
        self.refresh_action.setObjectName("RescanAction")
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
        self.add_button.setObjectName("AddButton")
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        add_menu = QMenu(self.add_button)
        add_menu.addAction(self.add_project_action)
        add_menu.addAction(self.add_root_action)
        self.add_button.setMenu(add_menu)
        buttons.addWidget(self.add_button)
        self.action_buttons: list[QToolButton] = []
        for action in (self.remove_action, self.refresh_action):
            button = QToolButton()
            button.setObjectName(action.objectName().replace("Action", "Button"))
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            buttons.addWidget(button)
            self.action_buttons.append(button)
        self.remove_button, self.rescan_button = self.action_buttons
        buttons.addStretch(1)

        # what the tree would show and how to get it, when it shows nothing: no workspace
        # yet, or a filter nothing matches (a blank tree reads as broken)
        self.empty_page = QWidget()
        self.empty_page.setObjectName("ProjectTreeEmpty")
        empty_layout = QVBoxLayout(self.empty_page)
        empty_layout.setContentsMargins(12, 24, 12, 12)
        self.empty_label = QLabel()
        self.empty_label.setObjectName("ProjectTreeEmptyHint")
        self.empty_label.setTextFormat(Qt.TextFormat.PlainText)  # it quotes the filter text
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        palette = self.empty_label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, semantic_color("muted"))
        self.empty_label.setPalette(palette)
        self.clear_filter_button = QPushButton()
        self.clear_filter_button.setObjectName("ClearFilterButton")
        self.clear_filter_button.clicked.connect(self._clear_filter)
        self.empty_add_project_button = QPushButton()
        self.empty_add_project_button.setObjectName("EmptyAddProjectButton")
        self.empty_add_project_button.clicked.connect(self.add_project_action.trigger)
        self.empty_add_root_button = QPushButton()
        self.empty_add_root_button.setObjectName("EmptyAddScanRootButton")
        self.empty_add_root_button.clicked.connect(self.add_root_action.trigger)
        empty_layout.addWidget(self.empty_label)
        for push in (self.clear_filter_button, self.empty_add_project_button,
                     self.empty_add_root_button):
            empty_layout.addWidget(push, 0, Qt.AlignmentFlag.AlignHCenter)
        empty_layout.addStretch(1)
        self.views = QStackedWidget()
        self.views.addWidget(self.tree)
        self.views.addWidget(self.empty_page)

        self.progress = QProgressBar()
        self.progress.setObjectName("ScanProgress")
        self.progress.setMaximumHeight(14)
        self.progress.setTextVisible(False)
        self.progress.hide()
        # names the folder being scanned: elided in the middle (full text in its tooltip), so
        # a long workspace name never widens the browser
        self.progress_label = ElidedLabel(mode=Qt.TextElideMode.ElideMiddle, min_width=40)
        self.progress_label.setSizePolicy(QSizePolicy.Policy.Ignored,
                                          QSizePolicy.Policy.Preferred)
        self.progress_label.setObjectName("ScanProgressText")
        self.progress_label.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.filter_edit)
        layout.addLayout(buttons)
        layout.addWidget(self.views, 1)
        layout.addWidget(self.progress_label)
        layout.addWidget(self.progress)
        # Tab: filter → Add → Remove → Rescan → the tree (or the empty state's buttons)
        order = [self.filter_edit, self.add_button, self.remove_button, self.rescan_button,
                 self.tree, self.clear_filter_button, self.empty_add_project_button,
                 self.empty_add_root_button]
        for first, second in pairwise(order):
            QWidget.setTabOrder(first, second)
        self.retranslate()

    def retranslate(self) -> None:
        """Every text of the panel in the current language (at start, and after a language
        switch; the tree's headers ask the model, which says them anew)."""
        self.filter_edit.setPlaceholderText(self.tr("Filter projects…"))
        self.filter_edit.setToolTip(self.tr(
            "Filter by project name, path or status (Ctrl+K). Down: into the list; Esc: "
            "clear"))
        self.filter_edit.setAccessibleName(self.tr("Filter projects"))
        self.filter_edit.setAccessibleDescription(
            self.tr("Shows only the projects whose name, path or status contains the text"))
        self._name_clear_button()
        self.tree.setAccessibleName(self.tr("Projects"))
        self._fit_columns()  # room for the longest status word of this language
        self.add_project_action.setText(self.tr("Add project…"))
        self._tip(self.add_project_action,
                  self.tr("Register a project folder (a folder with .planning/)"))
        self.add_root_action.setText(self.tr("Add scan root…"))
        self._tip(self.add_root_action, self.tr(
            "Register a folder that is searched for projects (not / or your home folder "
            "itself)"))
        self.remove_action.setText(self.tr("Remove workspace"))
        self.remove_action.setIconText(self.tr("Remove"))
        self._tip(self.remove_action,
                  self.tr("Unregister the selected workspace (no files are deleted)"))
        self.refresh_action.setText(self.tr("Rescan workspaces"))
        self.refresh_action.setIconText(self.tr("Rescan"))
        self._tip(self.refresh_action, self.tr("Scan every workspace again"))
        self.add_button.setText(self.tr("Add"))
        self.add_button.setToolTip(self.tr("Add a project folder or a folder to scan for "
                                           "projects"))
        self.add_button.setAccessibleName(self.tr("Add"))
        self.add_button.setAccessibleDescription(self.add_button.toolTip())
        for button in self.action_buttons:
            action = button.defaultAction()
            button.setAccessibleName(action.text().replace("&", ""))  # the long name
            button.setAccessibleDescription(action.toolTip())
        self.clear_filter_button.setText(self.tr("Clear filter"))
        self.clear_filter_button.setToolTip(self.tr("Show every project again"))
        self.empty_add_project_button.setText(self.tr("Add project folder…"))
        self.empty_add_project_button.setToolTip(self.add_project_action.toolTip())
        self.empty_add_root_button.setText(self.tr("Add scan root…"))
        self.empty_add_root_button.setToolTip(self.add_root_action.toolTip())
        for push in (self.clear_filter_button, self.empty_add_project_button,
                     self.empty_add_root_button):
            push.setAccessibleName(push.text().replace("&", ""))
            push.setAccessibleDescription(push.toolTip())
        self.progress.setAccessibleName(self.tr("Scan progress"))
        self.context_menu.retranslate()
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0,
                                          max(0, self.model.columnCount() - 1))
        self._update_actions()
        self._update_empty()

    @staticmethod
    def _tip(action: QAction, text: str) -> None:
        """A tooltip that names the action's key."""
        key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{text} ({key})" if key else text)

    # -- empty states and column fit

    def empty_text(self) -> str:
        """What the empty state says now ("" while the tree shows rows)."""
        filtered = self.tree.model() is self.proxy
        if filtered and self.proxy.rowCount() == 0:
            return fill(self.tr("No project matches “%1”."), self.filter_edit.text().strip())
        if self.model.rowCount() == 0 and self._scanned_once:
            # (not before the first scan is in: the tree stays shown while it runs, with the
            # progress bar under it — showing it only once a thousand rows are in was a stall)
            return self.tr("No workspace yet. Add a project folder (a folder with "
                           ".planning/), or a scan root: a folder that is searched for "
                           "projects.")
        return ""

    def _update_empty(self) -> None:
        """Show the tree, or the empty state with the way out that fits it."""
        text = self.empty_text()
        filtered = self.tree.model() is self.proxy
        if text:
            self.empty_label.setText(text)
            self.clear_filter_button.setVisible(filtered)
            self.empty_add_project_button.setVisible(not filtered)
            self.empty_add_root_button.setVisible(not filtered)
            had_focus = self.tree.hasFocus()
            self.views.setCurrentWidget(self.empty_page)
            if had_focus:
                self.filter_edit.setFocus()
        else:
            self.views.setCurrentWidget(self.tree)
        self.tree.setAccessibleDescription(text)
        self.empty_page.setAccessibleDescription(text)

    def _clear_filter(self) -> None:
        self.filter_edit.clear()
        self.filter_edit.setFocus()

    def _measure_columns(self) -> None:
        """Measure the names' width (once per scan), then fit the columns to the tree."""
        self._natural_width = max(self.tree.sizeHintForColumn(0),
                                  self.tree.header().sectionSizeHint(0))
        self._fit_columns()

    def _fit_columns(self) -> None:
        if self._natural_width is None:
            return
        viewport = self.tree.viewport().width()
        width = fitted_name_width(self._natural_width, viewport, self._status_word_width())
        if self.tree.columnWidth(0) != width:
            self.tree.setColumnWidth(0, width)
        # the stretched last section does not shrink below its earlier width by itself
        if self.tree.columnWidth(1) != viewport - width:
            self.tree.setColumnWidth(1, max(40, viewport - width))

    def _status_word_width(self) -> int:
        """The Status column's room for its longest one-word status in the window's
        language ("desconhecido"), with the cell's own margins."""
        from PySide6.QtWidgets import QStyle  # once projects are listed (see tree_model)

        metrics = self.tree.fontMetrics()
        style = self.tree.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.tree) + 1
        return max(metrics.horizontalAdvance(word) for word in tree_status_words()) + 4 * margin

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tree.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        elif watched is self.filter_edit and event.type() == QEvent.Type.KeyPress:
            return self._filter_key(event)
        return False

    def _filter_key(self, event: QEvent) -> bool:
        """In the filter box, Down goes into the tree (to its first row when none is
        current) and Escape clears the filter text."""
        assert isinstance(event, QKeyEvent)
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        if event.key() == Qt.Key.Key_Down and self.views.currentWidget() is self.tree:
            self.tree.setFocus(Qt.FocusReason.TabFocusReason)
            if not self.tree.currentIndex().isValid():
                first = self.tree.model().index(0, 0)
                if first.isValid():
                    self.tree.setCurrentIndex(first)
            return True
        if event.key() == Qt.Key.Key_Escape and self.filter_edit.text():
            self.filter_edit.clear()
            return True
        return False

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
        self.progress_label.setText(self.tr("Scanning workspaces…"))
        self.progress_label.show()
        # the scan reports progress as it walks, so only a folder that never answers (a hung
        # mount) runs into the timeout: the scan then fails with a message instead of
        # "Scanning…" for good
        handle = run_op(work, name="scan", with_progress=True,
                        on_finished=self._on_scanned, on_failed=self._on_scan_failed,
                        on_progress=self._on_scan_progress, owner=self,
                        timeout_s=read_timeout())
        self._scan = handle
        self._update_empty()
        return handle

    def _on_scan_progress(self, done: int, total: int, text: str) -> None:
        if total:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        self.progress_label.setText(visible(text))

    def _on_scanned(self, entries: list[WorkspaceEntry]) -> None:
        self.last_scan_ms = (time.perf_counter() - self._scan_started) * 1000
        self._scanned_once = True
        self.progress.hide()
        self.progress_label.hide()
        selected = self.current_selection()
        self.model.set_workspaces(entries)
        self.expand_branches()
        # measuring the names (every row's text) waits for a later event-loop turn:
        # this one already swaps both models and starts the summaries. A
        # real timer (not 0 ms, which Qt posts into this same batch of events) lets timers
        # and input run in between.
        QTimer.singleShot(YIELD_MS, self, self._measure_columns)
        if selected.project is not None:
            self.select_project(selected.project.root, selected.workstream, emit=False)
        self.message_posted.emit(self.scan_result_text(
            sum(len(e.projects) for e in entries), len(entries), self.last_scan_ms))
        self.projects_loaded.emit(entries)
        self._update_actions()
        self._update_empty()

    def scan_result_text(self, projects: int, workspaces: int, ms: float) -> str:
        """What the status bar says when a scan is done ("5 projects in 1 workspace")."""
        return fill(self.tr("Scan done: %1 in %2 (%3 ms)"),
                    self.tr("%n project(s)", "", projects),
                    self.tr("%n workspace(s)", "", workspaces), f"{ms:.0f}")

    def _on_scan_failed(self, error: BaseException) -> None:
        self.progress.hide()
        self.progress_label.hide()
        self._scanned_once = True
        self._update_empty()
        self.message_posted.emit(fill(self.tr("Scan failed: %1"), error))

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
        """Remove is on only for what it can remove; off, its tooltip says why (a project a
        scan root finds comes back on the next scan, so it is not removed on its own)."""
        entry, why = self._removable(self.current_selection())
        self.remove_action.setEnabled(entry is not None)
        text = why or self.tr("Unregister the selected workspace (no files are deleted)")
        key = self.remove_action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        said = f"{text} ({key})" if key else text
        # the reason names a project and a scan root: folder names, shown as plain text
        self.remove_action.setToolTip(tooltip(said))
        self.remove_button.setAccessibleDescription(visible(said))

    def _removable(self, sel: Selection) -> tuple[Any, str]:
        """The workspace entry Remove would unregister for ``sel``, or ``None`` and why not."""
        if sel.workspace is not None:
            return sel.workspace, ""
        if sel.project is None:
            return None, self.tr("Select a workspace or a project added on its own to "
                                 "remove it")
        entry = next((w for w in self.model.workspaces()
                      if any(p.ref.root == sel.project.root for p in w.projects)), None)
        if entry is None:
            return None, ""
        if entry.kind == "scan_root":
            return None, fill(self.tr(
                "%1 is found by the scan root %2: remove the scan root, or move the project, "
                "to take it off the list"), sel.project.name, entry.name)
        return entry, ""

    def _name_clear_button(self) -> None:
        for clear in self.filter_edit.findChildren(QToolButton):  # the built-in clear button
            clear.setAccessibleName(self.tr("Clear filter"))
            clear.setToolTip(self.tr("Clear filter"))

    def _on_filter(self, text: str) -> None:
        if text and not self.filter_edit.isClearButtonEnabled():
            self.filter_edit.setClearButtonEnabled(True)
            self._name_clear_button()
        self.proxy.setFilterFixedString(text.strip())
        self._show_filtered(bool(text.strip()))
        if text:
            self.expand_branches()
        self._update_empty()

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
        with workstreams). (expandAll walked every row through a Python model; over the tree's
        C++ rows both are cheap.)"""
        for w, ws in enumerate(self.model.workspaces()):
            ws_index = self.model.index(w, 0)
            self.tree.expand(self._to_view(ws_index))
            for p, proj in enumerate(ws.projects):
                if proj.ref.workstreams:
                    self.tree.expand(self._to_view(self.model.index(p, 0, ws_index)))

    # -- registry changes (through the core)

    def add_project(self) -> bool:
        path = ask_folder(self, self.tr("Add project folder"))
        if path is None:
            return False
        return self._add(path, "folder")

    def add_scan_root(self) -> bool:
        path = ask_folder(self, self.tr("Add scan root"))
        if path is None:
            return False
        return self._add(path, "scan_root")

    def _add(self, path: Path, kind: str) -> bool:
        try:
            ws = self.registry.add(path, kind=kind,  # type: ignore[arg-type]
                                   scan_depth=self.scan_depth)
        except MsdError as exc:
            # the core's words (in the window's language), said whose
            show_error(self, self.tr("Cannot add folder"),
                       fill(self.tr("The workspace registry's check says:\n%1"), core_text(exc)))
            return False
        self.message_posted.emit(fill(self.tr("Added %1 (%2)"), ws.name, ws.path))
        self.registry_changed.emit()
        self.rescan()
        return True

    def remove_selected(self) -> bool:
        sel = self.current_selection()
        entry, _why = self._removable(sel)
        if entry is None:  # the action is off then; a key may still reach here
            self._update_actions()
            return False
        if not confirm(self, self.tr("Remove workspace"), fill(self.tr(
                "Remove %1 (%2) from MSD Desktop?\nNo files are deleted."),
                entry.name, entry.path)):
            return False
        if entry.transient:
            self.transient = [w for w in self.transient if w.path != entry.path]
        else:
            try:
                self.registry.remove(entry.name)
            except MsdError as exc:
                show_error(self, self.tr("Cannot remove workspace"), fill(
                    self.tr("The workspace registry says:\n%1"), core_text(exc)))
                return False
            self.registry_changed.emit()
        self.message_posted.emit(fill(self.tr("Removed %1"), entry.name))
        self.rescan()
        return True
