"""A project's tabs: built in order from each area; at a restore the hidden ones built when
shown or on later turns (a tab whose build raises: tests/ui/test_hostile_display.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QUndoGroup

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
    qtbot.waitUntil(lambda: not tabs.staging(), timeout=10000)
    assert built == ["state"]
    assert isinstance(tabs.state_panel, StatePanel)
    tabs.close_project()
    assert tabs.count() == 0
    assert tabs.state_panel is None
    assert group.activeStack() is None
