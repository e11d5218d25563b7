"""A project's tabs: built in order from each area; on a pick only the shown one, the hidden
ones when first shown or asked for (at a restore also once the window is idle, in slices);
a tab whose build raises: tests/ui/test_hostile_display.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QTabWidget

from msd_desktop.core.workspace.registry import project_ref
from msd_desktop.ui.project_tabs import (
    STAGED_TAB,
    ProjectTabs,
    build_project_tabs,
    shown_project,
)
from msd_desktop.ui.state.panel import StatePanel


def test_build_project_tabs_factory(qtbot: Any, demo: Path) -> None:
    tabs = build_project_tabs(project_ref(demo / "field-notes", "Demo"))
    assert [t for t, _ in tabs] == ["Settings", "Models", "State"]
    assert isinstance(tabs[-1][1], StatePanel)
    for _, widget in tabs:
        qtbot.addWidget(widget)


def test_staged_tabs_are_built_when_shown_or_on_later_turns(qtbot: Any, demo: Path) -> None:
    group = QUndoGroup()
    from msd_desktop.ui.settings.sessions import EditSessions

    tabs = ProjectTabs(group, lambda: sessions)
    sessions = EditSessions(tabs)
    qtbot.addWidget(tabs)
    built: list[str] = []
    tabs.state_panel_built.connect(lambda: built.append("state"))
    tabs.show_project(shown_project(project_ref(demo / "field-notes", "Demo"), None), 1,
                      staged=True)
    assert tabs.currentIndex() == 1
    assert [w.objectName() == STAGED_TAB for _, w in tabs.tabs] == [True, False, True]
    assert tabs.staging()
    tabs.setCurrentIndex(0)  # shown: built now, not on a later turn
    assert tabs.tabs[0][1].objectName() != STAGED_TAB
    assert tabs.settings_tab() is tabs.tabs[0][1]
    assert tabs.settings_shown()
    assert group.activeStack() is not None  # the window's Undo follows the form's stack
    qtbot.wait(50)  # the rest waits for the window to be idle
    assert tabs.tabs[2][1].objectName() == STAGED_TAB
    tabs.build_when_idle()
    qtbot.waitUntil(lambda: not tabs.staging(), timeout=10000)
    assert built == ["state"]
    assert isinstance(tabs.state_panel, StatePanel)
    tabs.close_project()
    assert tabs.count() == 0
    assert tabs.state_panel is None
    assert group.activeStack() is None


def _stages(tabs: ProjectTabs) -> list[str]:
    return ["staged" if w.objectName() == STAGED_TAB
            else "part" if callable(getattr(w, "build_pending", None)) and w.build_pending()
            else "whole" for _, w in tabs.tabs]


def test_a_restore_builds_the_hidden_tabs_when_idle_one_slice_per_turn(qtbot: Any,
                                                                      demo: Path) -> None:
    """The hidden tabs of a restored project are built once the window says it is idle, a
    slice per event-loop turn: the Settings form, the Models tab's widgets, then its
    resolution of every agent (one turn holding all of that stalled the window)."""
    from msd_desktop.ui.models.panel import ModelsPanel
    from msd_desktop.ui.settings.sessions import EditSessions

    tabs = ProjectTabs(QUndoGroup(), lambda: sessions)
    sessions = EditSessions(tabs)
    qtbot.addWidget(tabs)
    tabs.show()
    tabs.show_project(shown_project(project_ref(demo / "field-notes", "Demo"), None), 2,
                      staged=True)
    qtbot.wait(50)
    assert _stages(tabs) == ["staged", "staged", "whole"]  # not before the window is idle
    turns: list[list[str]] = []
    slice_ = tabs._build_slice

    def noted(gen: int) -> bool:
        more = slice_(gen)
        turns.append(_stages(tabs))
        return more

    tabs._build_slice = noted  # type: ignore[method-assign]
    tabs.build_when_idle()
    tabs.build_when_idle()  # (once)
    qtbot.waitUntil(lambda: not tabs.staging(), timeout=10000)
    assert turns[:3] == [["whole", "staged", "whole"], ["whole", "part", "whole"],
                         ["whole", "whole", "whole"]]
    models = tabs.page(1)
    assert isinstance(models, ModelsPanel)
    assert models.table_model.rowCount() > 0
    assert tabs.currentIndex() == 2


def test_a_tab_shown_before_its_last_slice_is_whole_at_once(qtbot: Any, demo: Path) -> None:
    """The Models tab's widgets are built ahead, its resolution not yet: shown (or asked for)
    then, it resolves at once, never an empty table on screen."""
    from msd_desktop.ui.models.panel import ModelsPanel
    from msd_desktop.ui.settings.sessions import EditSessions

    def made() -> ProjectTabs:
        tabs = ProjectTabs(QUndoGroup(), lambda: sessions)
        sessions = EditSessions(tabs)
        qtbot.addWidget(tabs)
        return tabs

    for ask in (False, True):
        tabs = made()
        tabs.show()
        tabs.show_project(shown_project(project_ref(demo / "field-notes", "Demo"), None), 2,
                          staged=True)
        slice_ = tabs._build_slice
        tabs._build_slice = lambda gen, s=slice_, t=tabs: (  # type: ignore[method-assign]
            s(gen) if _stages(t)[1] == "staged" else False)  # stops once its widgets are in
        tabs.build_when_idle()
        qtbot.waitUntil(lambda t=tabs: _stages(t)[1] == "part", timeout=10000)
        qtbot.wait(20)
        models = tabs.tabs[1][1]
        assert isinstance(models, ModelsPanel)
        assert models.table_model.rowCount() == 0  # its resolution was left for later
        if ask:
            assert tabs.page(1) is models
        else:
            tabs.setCurrentIndex(1)
            assert tabs.current_page() is models
        assert _stages(tabs) == ["whole", "whole", "whole"]
        assert models.table_model.rowCount() > 0


def test_a_pick_builds_the_shown_tab_only_and_the_others_on_demand(qtbot: Any,
                                                                   demo: Path) -> None:
    group = QUndoGroup()
    from msd_desktop.ui.models.panel import ModelsPanel
    from msd_desktop.ui.settings.form import ConfigFormPanel
    from msd_desktop.ui.settings.sessions import EditSessions

    tabs = ProjectTabs(group, lambda: sessions)
    sessions = EditSessions(tabs)
    qtbot.addWidget(tabs)
    tabs.show()
    built: list[str] = []
    tabs.state_panel_built.connect(lambda: built.append("state"))
    tabs.show_project(shown_project(project_ref(demo / "field-notes", "Demo"), None), 0)
    assert isinstance(tabs.current_page(), ConfigFormPanel)
    assert tabs.settings_shown()
    qtbot.wait(100)  # a few turns of the event loop: nothing more is built on its own
    assert [w.objectName() == STAGED_TAB for _, w in tabs.tabs] == [False, True, True]
    assert tabs.state_panel is None
    models = tabs.page(1)  # asked for: built now, in its place, still hidden
    assert isinstance(models, ModelsPanel)
    assert tabs.page(1) is models
    assert tabs.currentIndex() == 0
    assert tabs.page(1) is models  # once
    assert built == []
    tabs.setCurrentIndex(2)  # shown: built
    assert isinstance(tabs.current_page(), StatePanel)
    assert tabs.state_panel is tabs.current_page()
    assert built == ["state"]
    assert not tabs.settings_shown()
    assert not tabs.staging()


def test_the_settings_tab_is_built_when_asked_for(qtbot: Any, demo: Path) -> None:
    from msd_desktop.ui.settings.form import ConfigFormPanel
    from msd_desktop.ui.settings.sessions import EditSessions

    tabs = ProjectTabs(QUndoGroup(), lambda: sessions)
    sessions = EditSessions(tabs)
    qtbot.addWidget(tabs)
    assert tabs.settings_tab() is None
    assert tabs.page(0) is None
    tabs.show_project(shown_project(project_ref(demo / "field-notes", "Demo"), None), 2)
    assert tabs.tabs[0][1].objectName() == STAGED_TAB
    assert not tabs.settings_shown()  # asking this builds nothing
    assert tabs.tabs[0][1].objectName() == STAGED_TAB
    form = tabs.settings_tab()  # e.g. Save with the State tab shown
    assert isinstance(form, ConfigFormPanel)
    assert tabs.page(0) is form
    assert tabs.currentIndex() == 2


def test_the_models_tab_of_a_project_with_unsaved_edits_gets_their_draft(qtbot: Any,
                                                                         demo: Path) -> None:
    """The what-if applies the Settings draft, which the Settings form shares while it
    exists: the Models tab of a project with unsaved edits comes with that form."""
    from msd_desktop.ui.models.panel import ModelsPanel
    from msd_desktop.ui.settings.form import ConfigFormPanel
    from msd_desktop.ui.settings.sessions import EditSessions

    tabs = ProjectTabs(QUndoGroup(), lambda: sessions)
    sessions = EditSessions(tabs)
    qtbot.addWidget(tabs)
    tabs.show()
    shown = shown_project(project_ref(demo / "field-notes", "Demo"), None)
    tabs.show_project(shown, 1)  # no edits: the Models tab alone
    assert tabs.tabs[0][1].objectName() == STAGED_TAB
    models = tabs.current_page()
    assert isinstance(models, ModelsPanel)
    assert not models.draft_check.isEnabled()
    form = tabs.settings_tab()
    assert isinstance(form, ConfigFormPanel)
    assert form.session is not None
    assert form.session.change([("model_profile", "quality")], "an edit")
    tabs.close_project()
    tabs.show_project(shown, 1)  # the edits outlived the tabs (in the sessions)
    assert isinstance(tabs.tabs[0][1], ConfigFormPanel)
    models = tabs.current_page()
    assert isinstance(models, ModelsPanel)
    assert models.draft_check.isEnabled()
    tabs.close_project()
    tabs.show_project(shown, 2)  # shown on State, then Models: the same, built in order
    assert tabs.tabs[0][1].objectName() == STAGED_TAB
    tabs.setCurrentIndex(1)
    assert isinstance(tabs.tabs[0][1], ConfigFormPanel)
    assert tabs.current_page().draft_check.isEnabled()  # type: ignore[attr-defined]


def test_a_tab_built_when_shown_is_built_into_its_place(qtbot: Any, demo: Path) -> None:
    """The page goes into the tab's holder: no tab is removed or inserted while the tab
    widget is still telling about the change of tab (a crash, now and then)."""
    group = QUndoGroup()
    from msd_desktop.ui.settings.sessions import EditSessions

    tabs = ProjectTabs(group, lambda: sessions)
    sessions = EditSessions(tabs)
    qtbot.addWidget(tabs)
    tabs.show()
    tabs.show_project(shown_project(project_ref(demo / "field-notes", "Demo"), None), 1)
    holders = [QTabWidget.widget(tabs, i) for i in range(tabs.count())]
    removed: list[int] = []
    tabs.tabBar().tabMoved.connect(lambda *_: removed.append(1))
    for index in (2, 0):
        tabs.setCurrentIndex(index)
        assert [QTabWidget.widget(tabs, i) for i in range(tabs.count())] == holders
        page = tabs.current_page()
        assert page is tabs.tabs[index][1]
        assert page is not None
        assert page.parent() is holders[index]
        assert page.isVisible()
    assert isinstance(tabs.current_page(), type(tabs.settings_tab()))
    assert tabs.settings_shown()
    assert not tabs.staging()
    tabs.close_project()
    assert tabs.count() == 0


PRELOAD_PROBE = r"""
import importlib.abc, json, sys, threading
seen = []

started = []

class Witness(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.startswith(("msd_desktop.ui", "PySide6")) or (
                started and name.startswith("msd_desktop.core")):
            seen.append((name, threading.current_thread() is threading.main_thread()))
        return None

from PySide6.QtWidgets import QApplication
app = QApplication([])
sys.meta_path.insert(0, Witness())
from PySide6.QtCore import QTimer
from msd_desktop.ui.project_tabs import TAB_MODULES, TabModules
modules = TabModules()
modules.loaded.connect(app.quit)
QTimer.singleShot(20000, app.quit)
started.append(1)
modules.preload()
app.exec()
ready = modules.ready
started.clear()
# then a project's three tabs: what they import was imported ahead
import shutil, tempfile
from pathlib import Path
from PySide6.QtGui import QUndoGroup
from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import project_ref
from msd_desktop.ui.project_tabs import ProjectTabs, shown_project
from msd_desktop.ui.settings.sessions import EditSessions
demo = Path(tempfile.mkdtemp()) / "demo"
shutil.copytree(demo_source(), demo)
before = set(sys.modules)
tabs = ProjectTabs(QUndoGroup(), lambda: sessions)
sessions = EditSessions(tabs)
tabs.show_project(shown_project(project_ref(demo / "field-notes", "Demo"), None), 0)
tabs.page(1), tabs.page(2)
late = [n for n in sys.modules if n not in before and n.startswith("msd_desktop")]
tabs.close_project()
json.dump({"ready": ready, "in": [n for n in TAB_MODULES if n in sys.modules],
           "seen": seen, "late": late}, sys.stdout)
"""


def test_the_tabs_modules_that_use_qt_are_never_imported_off_the_gui_thread() -> None:
    """PySide6 makes the Python side of its classes lazily, not safely beside the GUI thread's
    own Qt calls: an import of a Qt module in a worker crashed the app now and then. A fresh
    interpreter, so every import is seen."""
    import json
    import os
    import subprocess
    import sys

    repo = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-c", PRELOAD_PROBE], cwd=repo, text=True,
                          capture_output=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["ready"]
    from msd_desktop.ui.project_tabs import TAB_MODULES

    assert report["in"] == list(TAB_MODULES)
    assert any(name == "msd_desktop.ui.state.panel" for name, _ in report["seen"])
    assert [name for name, main in report["seen"]
            if not main and not name.startswith("msd_desktop.core")] == []
    # and what they need of the core comes in the worker, not in the GUI thread's turns
    assert [name for name, main in report["seen"]
            if main and name.startswith("msd_desktop.core")] == []
    assert report["late"] == []  # building the tabs imports nothing more
