"""The project tree's context menu, by keys on the focused tree: "Exclude from this workspace"
leaves a project out of its scan root (kept in the registry, the scan skips it), and the
workspace's "Excluded projects" menu includes it again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.browser import tree_menu
from msd_desktop.ui.browser.project_browser import ProjectBrowserPanel


@pytest.fixture
def registry(tmp_path: Path, env: dict[str, str]) -> WorkspaceRegistry:
    code = tmp_path / "code"
    for name in ("alpha", "beta"):
        (code / name / ".planning").mkdir(parents=True)
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    registry.add(code, name="Code", kind="scan_root")
    return registry


def _panel(qtbot: Any, registry: WorkspaceRegistry,
           transient: list[Workspace] | None = None) -> ProjectBrowserPanel:
    panel = ProjectBrowserPanel(registry, transient)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel)
    with qtbot.waitSignal(panel.projects_loaded, timeout=10000):
        panel.rescan()
    return panel


def _names(panel: ProjectBrowserPanel) -> list[str]:
    return [p.ref.name for p in panel.model.projects()]


def _menu_by_keys(qtbot: Any, panel: ProjectBrowserPanel, downs: int) -> QMenu:
    """Focus the tree, walk ``downs`` rows down from the top, open the menu with its key."""
    tree = panel.tree
    panel.activateWindow()
    tree.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tree, timeout=5000)
    QTest.keyClick(tree, Qt.Key.Key_Home)
    for _ in range(downs):
        QTest.keyClick(tree, Qt.Key.Key_Down)
    before = panel.context_menu.menu
    QTest.keyClick(tree, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: panel.context_menu.menu is not before
                    and panel.context_menu.menu is not None
                    and panel.context_menu.menu.isVisible(), timeout=5000)
    menu = panel.context_menu.menu
    assert menu is not None
    return menu


def test_exclude_then_include_again_by_keys(qtbot: Any, registry: WorkspaceRegistry,
                                            tmp_path: Path) -> None:
    panel = _panel(qtbot, registry)
    assert _names(panel) == ["alpha", "beta"]
    menu = _menu_by_keys(qtbot, panel, downs=2)  # Code, alpha, beta
    assert [a.text() for a in menu.actions()] == ["Exclude from this workspace"]
    QTest.keyClick(menu, Qt.Key.Key_Down)  # onto the entry
    with qtbot.waitSignal(panel.projects_loaded, timeout=10000):
        QTest.keyClick(menu, Qt.Key.Key_Return)
    assert _names(panel) == ["alpha"]  # the scan skips it
    stored = json.loads((tmp_path / "workspaces.json").read_text(encoding="utf-8"))
    assert stored[0]["exclude"] == ["beta"]
    # the workspace's menu lists it; Include again brings it back
    menu = _menu_by_keys(qtbot, panel, downs=0)
    submenu = menu.findChild(QMenu, "ExcludedProjectsMenu")
    assert submenu is not None
    assert [a.text() for a in submenu.actions()] == ["Include beta again"]
    QTest.keyClick(menu, Qt.Key.Key_Down)  # onto "Excluded projects"
    QTest.keyClick(menu, Qt.Key.Key_Right)  # open it
    qtbot.waitUntil(submenu.isVisible, timeout=5000)
    QTest.keyClick(submenu, Qt.Key.Key_Down)
    with qtbot.waitSignal(panel.projects_loaded, timeout=10000):
        QTest.keyClick(submenu, Qt.Key.Key_Return)
    assert _names(panel) == ["alpha", "beta"]
    stored = json.loads((tmp_path / "workspaces.json").read_text(encoding="utf-8"))
    assert "exclude" not in stored[0]


def test_only_a_registered_scan_root_offers_it(qtbot: Any, registry: WorkspaceRegistry,
                                               demo: Path) -> None:
    panel = _panel(qtbot, registry, [Workspace("Demo", demo, "scan_root")])
    model = panel.model
    demo_row = next(r for r in range(model.rowCount())
                    if model.index(r, 0).data() == "Demo")
    project = model.index(0, 0, model.index(demo_row, 0))
    menu = panel.context_menu.build(project)
    assert menu is not None
    action = menu.actions()[0]
    assert action.text() == "Exclude from this workspace"
    assert not action.isEnabled()  # the demo is not registered: nowhere to keep the list
    menu = panel.context_menu.build(model.index(demo_row, 0))
    assert menu is not None
    submenu = menu.findChild(QMenu, "ExcludedProjectsMenu")
    assert [a.text() for a in submenu.actions()] == ["No project is excluded"]


def test_a_refusal_is_said(qtbot: Any, registry: WorkspaceRegistry,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    panel = _panel(qtbot, registry)
    said: list[str] = []
    monkeypatch.setattr(tree_menu, "tell_error", lambda _p, _t, text: said.append(text))
    entry = panel.model.index(0, 0).data(tree_menu.WorkspaceRole)
    registry.remove("Code")  # gone meanwhile (another window, msd workspaces remove)
    assert panel.context_menu.exclude(entry, registry.path.parent / "code" / "beta") is False
    assert said
    assert "No workspace named 'Code'" in said[0]


def test_the_keys_are_listed_in_keyboard_shortcuts(qtbot: Any, registry: WorkspaceRegistry
                                                    ) -> None:
    from msd_desktop.ui.widgets.shortcuts_dialog import collect_shortcuts

    panel = _panel(qtbot, registry)
    rows = [row for row in collect_shortcuts(panel) if "Shift+F10" in row.keys]
    assert len(rows) == 1
    assert rows[0].what == "Menu of the selected project or workspace"
