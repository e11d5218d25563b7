"""The open project's tabs — Settings, Models, State — built from each area's ``create_tab``.

Each area builds its own tab (``create_tab(project) -> QWidget``); this module only puts them
side by side, which is why, like the main window, it may use several areas. A tab widget that
defines ``on_files_changed(event)`` is told about every ``ChangeEvent`` of its project (e.g. to
show a "changed on disk" banner); one that defines ``release_watches()`` is told when the
window closes (to drop file watches); one that defines ``use_window_actions()`` (the Settings
form) gets the window's Save, Undo and Redo.

Speed: the tabs' modules are the heaviest imports of the window, so they load on first use or
ahead in a worker (:class:`TabModules`). Only the shown tab is built when a project opens; the
others stand as empty placeholders until they are first shown or first asked for
(:meth:`ProjectTabs.page`, :meth:`ProjectTabs.settings_tab`): most picks look at one tab, and
building all three cost the pick the hidden ones' widgets and file reads. The restore at start
also builds the hidden ones ("staged"), once the window is idle (the window calls
:meth:`ProjectTabs.build_when_idle` when its load has settled) and in slices, one per
event-loop turn: a tab's widgets, then what it reads and computes (a tab that defines
``build_pending()`` and ``finish_build()``), so no turn holds the window long. A tab shown or
asked for before then is built, whole, at once.

The Settings form is kept from project to project and refilled (:meth:`ProjectTabs._build_tab`):
its ~200 rows are the schema's, the same for every project, and building them was most of a
pick's cost; with the Settings tab on show it even stays in its tab, never hidden and shown
again. A form busy with its project (a save, a keyring move) is left to finish and a new one
is built; a change of language builds a new one too.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QUndoGroup
from PySide6.QtWidgets import QApplication, QLabel, QTabWidget, QVBoxLayout, QWidget

from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import plain_label, visible
from msd_desktop.ui.widgets.theme import banner_style
from msd_desktop.ui.widgets.workers import run_op

if TYPE_CHECKING:
    from msd_desktop.core.workspace.watcher import ChangeEvent
    from msd_desktop.ui.settings.sessions import EditSessions
    from msd_desktop.ui.state.panel import StatePanel

# What a project's tabs are made of (imported ahead, off the restore's path): the Qt-free
# ones in a worker, then those that use Qt one per event-loop turn, each after what it
# imports (the Models tab's module alone brought 17 others in one long turn). Building the
# tabs imports nothing more (tests/ui/test_project_tabs.py checks it).
TAB_MODULES = (
    "msd_desktop.core.state.project", "msd_desktop.core.config.draft",
    "msd_desktop.core.config.schema_texts", "msd_desktop.core.common.planning_lock",
    "msd_desktop.core.models.ladder", "msd_desktop.core.models.install_drift",
    "msd_desktop.core.models.routing_report", "msd_desktop.core.history.restore",
    "msd_desktop.core.history.routing_impact",
    "msd_desktop.ui.state.markdown_body", "msd_desktop.ui.state.state_view",
    "msd_desktop.ui.state.panel",
    "msd_desktop.ui.models.resolution_model", "msd_desktop.ui.models.column_widths",
    "msd_desktop.ui.models.diagram_layout", "msd_desktop.ui.models.routing_diagram",
    "msd_desktop.ui.models.runtime_grid_panel", "msd_desktop.ui.models.whatif_bar",
    "msd_desktop.ui.models.panel",
    "msd_desktop.ui.widgets.scalar_editors", "msd_desktop.ui.widgets.editors",
    "msd_desktop.ui.settings.form_model", "msd_desktop.ui.settings.lazy_form",
    "msd_desktop.ui.settings.saving_form", "msd_desktop.ui.settings.side_pages",
    "msd_desktop.ui.settings.form", "msd_desktop.ui.settings.history_batch",
    "msd_desktop.ui.settings.history_recreate", "msd_desktop.ui.settings.history_routing",
    "msd_desktop.ui.settings.history_page")
# A slice of the hidden tabs' build waits for a quiet turn: when its timer fires this late,
# the window had other work (a load's last steps, the tray's menu), so it waits a little and
# asks again, at most QUIET_WAITS times (then it runs anyway)
QUIET_LATE_MS = 4
QUIET_RETRY_MS = 10
QUIET_WAITS = 25
STAGED_TAB = "StagedTab"  # object name of a placeholder: a tab still to be built
BUILT_TAB = "BuiltTab"  # a placeholder its page was built into
STATE_TAB = 2  # the tab a project opens on when none was remembered


def build_project_tabs(project: ProjectRef, sessions: EditSessions | None = None
                       ) -> list[tuple[str, QWidget]]:
    """The tabs for one project, in order. ``project.active_workstream`` is the workstream
    the user selected (or the one ``.planning/active-workstream`` names). ``sessions``: the
    window's Settings edit sessions (drafts outlive the tabs)."""
    titles = [text for text, _ in tab_action_texts(titles=True)]
    return [(title, build_project_tab(project, i, sessions)) for i, title in enumerate(titles)]


def build_project_tab(project: ProjectRef, index: int, sessions: EditSessions | None = None,
                      *, whole: bool = True) -> QWidget:
    """Tab ``index`` of :func:`build_project_tabs` alone (0 Settings, 1 Models, 2 State).
    ``whole=False``: a tab may leave part of its build for its ``finish_build()``."""
    # on first use: the Settings and Models tabs are the heaviest imports of a start
    if index == 0:
        from msd_desktop.ui.settings.form import create_tab as create_settings_tab

        return _tab_or_problem(lambda: create_settings_tab(project, sessions))
    if index == 1:
        from msd_desktop.ui.models.panel import create_tab as create_models_tab

        return _tab_or_problem(lambda: create_models_tab(project, resolve=whole))
    from msd_desktop.ui.state.panel import StatePanel

    return StatePanel()


def tab_action_texts(titles: bool = False) -> list[tuple[str, str]]:
    """The project tabs' titles (``titles``) or their View-menu entries, with tooltips."""
    if titles:
        return [(QCoreApplication.translate("MainWindow", "Settings"), ""),
                (QCoreApplication.translate("MainWindow", "Models"), ""),
                (QCoreApplication.translate("MainWindow", "State"), "")]
    return [(QCoreApplication.translate("MainWindow", "Settings tab"),
             QCoreApplication.translate("MainWindow", "The open project's config.json, as a "
                                        "form")),
            (QCoreApplication.translate("MainWindow", "Models tab"),
             QCoreApplication.translate("MainWindow", "Which model each agent gets, and why")),
            (QCoreApplication.translate("MainWindow", "State tab"),
             QCoreApplication.translate("MainWindow", "STATE.md and the roadmap of the open "
                                        "project"))]


def _tab_or_problem(make: Callable[[], QWidget]) -> QWidget:
    """The tab ``make()`` builds, or — when building it raises (a file the core could not
    cope with) — a tab that says so; the other tabs and projects are unaffected."""
    try:
        widget: QWidget = make()
    except Exception as exc:
        from msd_desktop.core.common.errors import MsdError

        why = core_text(exc) if isinstance(exc, MsdError) else f"{type(exc).__name__}: {exc}"
        widget = QWidget()
        widget.setObjectName("TabProblem")
        label = plain_label(QLabel(QCoreApplication.translate(
            "MainWindow", "This tab could not be built for this project: {0}").format(
                visible(why, limit=500))))
        label.setWordWrap(True)
        label.setStyleSheet(banner_style("error"))
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(widget)
        layout.addWidget(label)
        layout.addStretch(1)
    return widget


def _refillable(form: QWidget | None) -> bool:
    """``form`` is a Settings form that may show another project now (nothing of its own
    project is still under way in it)."""
    can = getattr(form, "can_show_project", None)
    return callable(can) and bool(can())


def _build_pending(widget: QWidget) -> bool:
    """``widget`` left part of its build for its ``finish_build()``."""
    pending = getattr(widget, "build_pending", None)
    return callable(pending) and bool(pending())


def _finish_build(widget: QWidget) -> None:
    """The rest of ``widget``'s build, now (nothing when none is left)."""
    finish = getattr(widget, "finish_build", None)
    if callable(finish):
        finish()


def _staged_placeholder() -> QWidget:
    """An empty tab standing in for one built when it is first shown or asked for; the page
    is built into it (a tab is never swapped: that would happen inside the tab widget's own
    ``currentChanged``, which Qt does not allow for)."""
    widget = QWidget()
    widget.setObjectName(STAGED_TAB)
    layout = QVBoxLayout(widget)
    layout.setContentsMargins(0, 0, 0, 0)
    return widget


class TabModules(QObject):
    """The project tabs' modules (:data:`TAB_MODULES`), imported ahead of the first project.

    :meth:`preload`: the Qt-free ones in a worker, then those that use Qt on the GUI thread,
    one per event-loop turn — never in a worker: PySide6 makes the Python side of its classes
    and enums lazily, and that is not safe beside the GUI thread's own Qt calls (an import in
    a worker crashed the app now and then). Restoring the last project then builds its tabs
    without the imports on its path."""

    loaded = Signal()  # :meth:`preload` is done (whatever it managed)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ready = False  # every module is imported
        self.loading = False  # preload is on it

    def preload(self) -> None:
        """Import them (nothing when they are in, or on their way)."""
        if self.ready or self.loading:
            return
        self.loading = True
        core = [name for name in TAB_MODULES if name.startswith("msd_desktop.core.")]

        def work() -> None:
            for name in core:
                importlib.import_module(name)

        def then(_: object = None) -> None:
            self._import_here([name for name in TAB_MODULES if name not in core])

        run_op(work, name="tab modules", on_finished=then, on_failed=then, owner=self)

    def _import_here(self, names: list[str]) -> None:
        """The first of ``names`` now, the next on the next event-loop turn."""
        if not names:
            self.ready = True
            self.loaded.emit()
            return
        with contextlib.suppress(Exception):  # the tab's build says what is wrong, then
            importlib.import_module(names[0])
        from msd_desktop.ui.widgets.workers import YIELD_MS

        QTimer.singleShot(YIELD_MS, self, lambda: self._import_here(names[1:]))


class ProjectTabs(QTabWidget):
    """The tab widget of the open project: builds its shown tab (the others when first shown
    or asked for, through :meth:`page`), tells them about changes, and hands the Settings tab
    the window's Edit actions. ``widget(i)`` may be a placeholder: ask :meth:`page`.

    ``undo_group``: the window's Undo/Redo follow the shown Settings form's stack through it;
    ``sessions``: the window's Settings edit sessions (made on first use)."""

    state_panel_built = Signal()  # a State tab built after the others: load its state
    shown_tab_built = Signal()  # the tab on show was built after the project opened
    message_posted = Signal(str)  # a line for the window's status bar

    def __init__(self, undo_group: QUndoGroup, sessions: Callable[[], EditSessions],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ProjectTabs")
        self.window_watches = False  # the window's workspace watch reports file changes
        self.setDocumentMode(True)
        self.currentChanged.connect(self._on_tab_changed)
        self._undo_group = undo_group
        self._sessions = sessions
        self.tabs: list[tuple[str, QWidget]] = []  # (title, widget), placeholders included
        self.state_panel: StatePanel | None = None
        self._shown: ProjectRef | None = None  # the project shown, with its workstream
        self._workstream_picked = False  # a workstream, not the project, was selected
        self._gen = 0  # one more per project shown (staged tabs of an older one: dropped)
        self._build_later = False  # the hidden tabs are built once the window is idle
        # The Settings form, kept from project to project (see _build_tab)
        self._kept_settings: QWidget | None = None
        self._adopted: QWidget | None = None  # the Settings form whose signals are joined

    # -- a project comes and goes

    def show_project(self, shown: ProjectRef, tab_index: int, *, staged: bool = False,
                     workstream_picked: bool = False) -> None:
        """Build ``shown``'s tab ``tab_index`` and show it; the others are built when first
        shown or asked for (each is tens of ms of widgets and reads). ``staged`` (the restore
        at start): the others also once the window is idle (:meth:`build_when_idle`), in
        slices. ``workstream_picked``: the person
        selected the workstream itself, so Settings opens on the file that governs it (see
        :meth:`_adopt_settings`)."""
        from msd_desktop.ui.state.panel import StatePanel

        self._shown = shown
        self._workstream_picked = workstream_picked
        self.blockSignals(True)
        current = max(0, min(tab_index, 2))
        now = {current, 0} if self._settings_first(current) or self.count() else {current}
        self.tabs = [(title, self._build_tab(shown, i) if i in now else _staged_placeholder())
                     for i, (title, _) in enumerate(tab_action_texts(titles=True))]
        for i, (title, widget) in enumerate(self.tabs):
            if i >= self.count():  # (the kept Settings form may have stayed in its tab)
                self.addTab(widget, title)
            if isinstance(widget, StatePanel):
                self.state_panel = widget
            self._adopt_settings(widget)
            self._adopt_models(widget)
        self.setCurrentIndex(max(0, min(tab_index, len(self.tabs) - 1)))
        self.blockSignals(False)
        for i, (title, _) in enumerate(self.tabs):
            self.setTabToolTip(i, f"{title} (Ctrl+{i + 1})")
        self._gen += 1
        self._build_later = staged

    def build_when_idle(self) -> None:
        """The window is idle: build the tabs a staged :meth:`show_project` left for later,
        one slice per event-loop turn (see the module docstring). Nothing for a project
        opened by a pick (its hidden tabs wait until they are shown), nor twice."""
        if not self._build_later or self._shown is None:
            return
        self._build_later = False
        self._next_slice(self._gen)

    def _next_slice(self, gen: int, waited: int = 0) -> None:
        """The next slice on a later turn, once a turn comes quiet (see QUIET_LATE_MS)."""
        from msd_desktop.ui.widgets.workers import YIELD_MS

        delay = QUIET_RETRY_MS if waited else YIELD_MS
        due = time.perf_counter() + delay / 1000
        QTimer.singleShot(delay, self, lambda: self._slice_due(gen, due, waited))

    def _slice_due(self, gen: int, due: float, waited: int) -> None:
        if gen != self._gen:
            return
        if (time.perf_counter() - due) * 1000 > QUIET_LATE_MS and waited < QUIET_WAITS:
            self._next_slice(gen, waited + 1)  # the window is busy: a quieter turn
        elif self._build_slice(gen):
            self._next_slice(gen)

    def _build_slice(self, gen: int) -> bool:
        """One slice of the hidden tabs' build (the first tab left: its widgets, else the
        rest of its build); whether any is left. Nothing when another project is shown
        now."""
        if gen != self._gen or self._shown is None:
            return False
        for index, (_, widget) in enumerate(self.tabs):
            if widget.objectName() == STAGED_TAB:
                self._build_staged(self._shown, gen, index, whole=False)
                return True
            if _build_pending(widget):
                _finish_build(widget)
                return True
        return False  # every tab is whole

    def close_project(self, *, keep_settings: bool = False) -> None:
        """Drop the tabs (their edits live on in the edit sessions). ``keep_settings``:
        another project is shown next, so a kept Settings form on show stays in its tab
        (hiding and showing again a form of ~3,000 widgets costs more than refilling it)."""
        self._commit_open_editors()
        self._undo_group.setActiveStack(None)  # type: ignore[arg-type]  # edits live on
        tabs, self.tabs = self.tabs, []
        self.state_panel = None
        self._shown = None
        holders = [super(ProjectTabs, self).widget(i) for i in range(self.count())]
        kept = self._kept_settings
        in_place = keep_settings and self.currentIndex() == 0 and bool(holders) \
            and holders[0] is kept and _refillable(kept)
        # quietly: removing the tabs moves the current one to each tab in turn, which is
        # neither the person's choice of tab (the window remembers that) nor a tab to build
        self.blockSignals(True)
        if kept is not None and not in_place:
            kept.hide()
            kept.setParent(self)  # out of its tab (or the holder it was built into)
        for widget in {*(w for _, w in tabs), *(h for h in holders if h is not None)}:
            if widget is not kept:
                widget.deleteLater()  # a page, or the holder a later-built page lives in
        while self.count() > (1 if in_place else 0):
            self.removeTab(self.count() - 1)
        self.blockSignals(False)

    def _commit_open_editors(self) -> None:
        """Text still being typed in a table cell of the open tabs reaches its setting before
        the tabs go (an open cell editor commits its text when it loses the focus), whatever
        switched the project: a click, a key, the tray."""
        focus = QApplication.focusWidget()
        if focus is not None and any(w.isAncestorOf(focus) for _, w in self.tabs):
            focus.clearFocus()

    def staging(self) -> bool:
        """Some tab of the open project is still to be built, or built in part."""
        return any(w.objectName() == STAGED_TAB or _build_pending(w) for _, w in self.tabs)

    def _settings_first(self, index: int) -> bool:
        """Tab ``index`` is the Models tab of a project with unsaved Settings edits: its
        what-if applies the Settings draft, which the Settings form shares while it exists
        (``core.config.draft.draft_for``), so that form is built first."""
        if index != 1 or self._shown is None:
            return False
        return bool(self._sessions().dirty_roots([self._shown.root]))

    def page(self, index: int) -> QWidget | None:
        """Tab ``index`` of the open project (0 Settings, 1 Models, 2 State), built now if it
        was not yet; None when no project is open."""
        if not 0 <= index < len(self.tabs):
            return None
        if self.tabs[index][1].objectName() == STAGED_TAB and self._shown is not None:
            self._build_staged(self._shown, self._gen, index)
        _finish_build(self.tabs[index][1])  # (a tab built ahead, in slices)
        return self.tabs[index][1]

    def _build_staged(self, shown: ProjectRef, gen: int, index: int, *,
                      whole: bool = True) -> None:
        """Build tab ``index``, which :meth:`show_project` left for later (``whole=False``:
        it may leave part of its build for its ``finish_build()``). Nothing when another
        project is shown now."""
        if gen != self._gen:
            return
        left = [i for i, (_, w) in enumerate(self.tabs) if w.objectName() == STAGED_TAB]
        if index not in left:
            return
        if 0 in left and self._settings_first(index):
            self._build_staged(shown, gen, 0)
        title, holder = self.tabs[index]
        widget = self._build_tab(shown, index, whole=whole)
        focus_here = self.currentIndex() == index
        layout = holder.layout()
        assert layout is not None
        layout.addWidget(widget)
        widget.show()  # now, not on the next turn (a child added to a shown holder waits)
        holder.setObjectName(BUILT_TAB)
        self.tabs[index] = (title, widget)
        from msd_desktop.ui.state.panel import StatePanel

        if isinstance(widget, StatePanel):
            self.state_panel = widget
            self.state_panel_built.emit()
        self._adopt_settings(widget)
        self._adopt_models(widget)
        if focus_here:
            self.shown_tab_built.emit()

    def _build_tab(self, shown: ProjectRef, index: int, *, whole: bool = True) -> QWidget:
        """Tab ``index`` for ``shown``: the Settings form is the one kept from the project
        before when it can show another (its ~200 rows are the schema's, the same for every
        project: refilled in a fraction of the time building them takes), else a new one."""
        kept = self._kept_settings
        if index == 0 and kept is not None:
            if _refillable(kept):
                kept.show_project(shown)  # type: ignore[attr-defined]
                return kept
            kept.deleteLater()  # busy with the project it showed: it goes, as a tab does
            self._kept_settings = None
        widget = build_project_tab(shown, index, self._sessions(), whole=whole)
        if index == 0 and callable(getattr(widget, "show_project", None)):
            self._kept_settings = widget
        return widget

    def forget_settings_form(self) -> None:
        """The next project gets a new Settings form (the kept one was built in another
        language); the one on show stays until its project closes."""
        aside, self._kept_settings = self._kept_aside(), None
        if aside is not None:
            aside.deleteLater()

    def _kept_aside(self) -> QWidget | None:
        """The kept Settings form when it is not one of the open project's tabs."""
        kept = self._kept_settings
        return kept if kept is not None and all(w is not kept for _, w in self.tabs) else None

    def _on_tab_changed(self, index: int) -> None:
        """A tab still to be built is built, whole, when it is shown."""
        if not 0 <= index < len(self.tabs) or self._shown is None:
            return
        if self.tabs[index][1].objectName() == STAGED_TAB:
            self._build_staged(self._shown, self._gen, index)
        _finish_build(self.tabs[index][1])

    # -- what the tabs are told

    def files_changed(self, event: ChangeEvent) -> None:
        """Every tab that wants to know hears about a change of its project's files."""
        for _, widget in self.tabs:
            hook = getattr(widget, "on_files_changed", None)
            if callable(hook):
                hook(event)

    def release_watches(self) -> None:
        """The window closes: tabs drop their own file watches (the Settings tab's)."""
        aside = self._kept_aside()
        for _, widget in [*self.tabs, *([("", aside)] if aside is not None else [])]:
            release = getattr(widget, "release_watches", None)
            if callable(release):
                release()

    # -- the Settings tab and the window's Edit actions

    def settings_tab(self) -> Any:
        """The open project's Settings form, built now if it was not yet (None when no
        project is open, or its tab could not be built)."""
        page = self.page(0)
        return page if callable(getattr(page, "use_window_actions", None)) else None

    def current_page(self) -> QWidget | None:
        """The page of the tab on show (what :meth:`currentWidget` gives)."""
        index = self.currentIndex()
        return self.tabs[index][1] if 0 <= index < len(self.tabs) else None

    # A tab built after the project opened lives in the holder that stood in for it; for
    # Python callers these four speak of the pages themselves, as for the tabs built at once.

    def widget(self, index: int) -> QWidget | None:
        """Tab ``index``'s page (not built here: see :meth:`page`)."""
        if 0 <= index < len(self.tabs):
            return self.tabs[index][1]
        return super().widget(index)

    def currentWidget(self) -> QWidget:
        page = self.current_page()
        return page if page is not None else super().currentWidget()

    def indexOf(self, widget: QWidget) -> int:
        found = [i for i, (_, w) in enumerate(self.tabs) if w is widget]
        return found[0] if found else super().indexOf(widget)

    def setCurrentWidget(self, widget: QWidget) -> None:
        index = self.indexOf(widget)
        if index >= 0:
            self.setCurrentIndex(index)

    def settings_shown(self) -> bool:
        """The Settings form is the tab on show (asks nothing to be built)."""
        return callable(getattr(self.current_page(), "use_window_actions", None))

    def _adopt_settings(self, widget: QWidget) -> None:
        """A Settings tab: the window's Save / Undo / Redo act on it; its stack is the Edit
        menu's while it is shown."""
        use_window = getattr(widget, "use_window_actions", None)
        if not callable(use_window):
            return
        self._open_governing_scope(widget)
        if self.window_watches:  # one watch per file: the window's sees the project's
            widget.use_window_watch()  # type: ignore[attr-defined]
        if widget is not self._adopted:  # (a kept form is joined once)
            self._adopted = widget
            use_window()
            # the window's Find a setting (Ctrl+F from anywhere) owns the key the form's own
            # search shortcut uses: two shortcuts on one key would cancel each other out
            for shortcut in widget.findChildren(QShortcut, options=Qt.FindChildOption
                                                .FindDirectChildrenOnly):
                if shortcut.key().matches(QKeySequence(QKeySequence.StandardKey.Find)) == \
                        QKeySequence.SequenceMatch.ExactMatch:
                    shortcut.setEnabled(False)
            changed = getattr(widget, "undo_stack_changed", None)
            if changed is not None:
                changed.connect(self._set_undo_stack)
        self._set_undo_stack(getattr(widget, "undo_stack", None))

    def _adopt_models(self, widget: QWidget) -> None:
        """A Models tab: its "Apply to settings" goes to this project's Settings draft."""
        signal = getattr(widget, "apply_to_settings", None)
        if signal is not None:
            signal.connect(lambda changes, text, w=widget: self.apply_whatif(w, changes, text))

    def apply_whatif(self, models: QWidget, changes: list[tuple[str, Any]], text: str) -> bool:
        """Stage ``changes`` in the Settings draft as one undo step (nothing is written until
        Save), show the Settings tab and say so in the status bar."""
        panel = self.settings_tab()
        session = getattr(panel, "session", None)
        if panel is None or session is None:
            self.message_posted.emit(self.tr("The Settings tab is not available: nothing was "
                                             "applied."))
            return False
        changed = bool(session.change(changes, text))
        self.setCurrentWidget(panel)
        done = getattr(models, "whatif_applied", None)
        if changed and callable(done):
            done()
        words = ", ".join(f"{key} = {value}" for key, value in changes)
        self.message_posted.emit(
            self.tr("What-if applied to the Settings draft (%1): one undo step; nothing is "
                    "written until you save.").replace("%1", words) if changed
            else self.tr("The Settings draft already has the what-if's settings (%1).")
            .replace("%1", words))
        return changed

    def _open_governing_scope(self, widget: QWidget) -> None:
        """A selected workstream with its own ``config.json``: that file is what MSD reads
        for it (over the project's, §1), so the form opens on it rather than on the
        project's root settings. Without one the project's file applies, and stays shown."""
        shown, load_scope = self._shown, getattr(widget, "load_scope", None)
        if not self._workstream_picked or shown is None or not shown.active_workstream \
                or not callable(load_scope):
            return
        from msd_desktop.core.common.errors import MsdError
        from msd_desktop.core.config.draft import Scope, scope_path

        env = getattr(widget, "env", None)
        try:
            path = scope_path(Scope.WORKSTREAM, shown.root, env or {}, shown.active_workstream)
            governs = path.is_file()
        except (OSError, ValueError, MsdError):
            governs = False
        if governs and getattr(widget, "scope", None) is not Scope.WORKSTREAM:
            load_scope(Scope.WORKSTREAM)

    def _set_undo_stack(self, stack: Any) -> None:
        group = self._undo_group
        if stack is None:
            group.setActiveStack(None)  # type: ignore[arg-type]
            return
        if stack not in group.stacks():
            group.addStack(stack)
        group.setActiveStack(stack)


def shown_project(ref: ProjectRef, workstream: str | None) -> ProjectRef:
    """``ref`` as its tabs see it: with the workstream the person picked as the active one."""
    return dataclasses.replace(ref, active_workstream=workstream or ref.active_workstream)
