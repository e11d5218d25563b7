"""The browser scans in a worker, filters, and changes the registry only through the core."""

from __future__ import annotations

from pathlib import Path

import pytest

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.browser import project_browser
from msd_desktop.ui.browser.project_browser import ProjectBrowserPanel


@pytest.fixture
def registry(tmp_path: Path, env: dict[str, str]) -> WorkspaceRegistry:
    return WorkspaceRegistry(tmp_path / "workspaces.json", env=env)


def _panel(qtbot, registry: WorkspaceRegistry, transient: list[Workspace] | None = None
           ) -> ProjectBrowserPanel:
    panel = ProjectBrowserPanel(registry, transient)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.projects_loaded, timeout=10000):
        panel.rescan()
    return panel


def test_scans_demo_in_worker_and_filters(qtbot, registry, demo: Path) -> None:
    panel = _panel(qtbot, registry, [Workspace("Demo", demo, "scan_root")])
    assert not panel.is_scanning()
    assert panel.progress.isHidden()
    model = panel.model
    assert model.rowCount() == 1
    assert model.rowCount(model.index(0, 0)) == 5
    panel.filter_edit.setText("ledger")  # matches nothing
    assert panel.proxy.rowCount() == 0
    panel.filter_edit.setText("monorepo")
    assert panel.proxy.rowCount(panel.proxy.index(0, 0)) == 1
    panel.filter_edit.clear()
    assert panel.proxy.rowCount(panel.proxy.index(0, 0)) == 5


def test_selection_reports_project_and_workstream(qtbot, registry, demo: Path) -> None:
    panel = _panel(qtbot, registry, [Workspace("Demo", demo, "scan_root")])
    with qtbot.waitSignal(panel.selection_changed) as blocker:
        assert panel.select_project(demo / "platform-monorepo", "web")
    sel = blocker.args[0]
    assert sel.kind == "workstream"
    assert sel.workstream == "web"
    assert sel.project.root == demo / "platform-monorepo"


def test_add_scan_root_refuses_home_via_core(qtbot, registry, monkeypatch,
                                            isolated_home: Path) -> None:
    panel = _panel(qtbot, registry)
    errors: list[str] = []
    monkeypatch.setattr(project_browser, "ask_folder", lambda *a: isolated_home)
    monkeypatch.setattr(project_browser, "show_error", lambda _p, _t, text: errors.append(text))
    assert panel.add_scan_root() is False
    assert errors
    assert "home folder" in errors[0]
    monkeypatch.setattr(project_browser, "ask_folder", lambda *a: Path("/"))
    assert panel.add_scan_root() is False
    assert "filesystem root" in errors[1]
    assert registry.list() == []


def test_add_and_remove_project(qtbot, registry, demo: Path, monkeypatch) -> None:
    panel = _panel(qtbot, registry)
    monkeypatch.setattr(project_browser, "ask_folder", lambda *a: demo / "field-notes")
    with qtbot.waitSignal(panel.projects_loaded, timeout=10000):
        assert panel.add_project()
    assert [w.path for w in registry.list()] == [(demo / "field-notes").resolve()]
    assert panel.model.rowCount() == 1
    panel.select_project(registry.list()[0].path)
    monkeypatch.setattr(project_browser, "confirm", lambda *a: True)
    with qtbot.waitSignal(panel.projects_loaded, timeout=10000):
        assert panel.remove_selected()
    assert registry.list() == []
    assert (demo / "field-notes" / ".planning" / "STATE.md").exists()  # nothing deleted


def test_scan_progress_is_reported(qtbot, registry, tmp_path: Path) -> None:
    root = tmp_path / "many"
    for i in range(300):
        (root / f"p{i:03d}" / ".planning").mkdir(parents=True)
    panel = ProjectBrowserPanel(registry, [Workspace("Many", root, "scan_root")])
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.projects_loaded, timeout=20000):
        panel.rescan()
        assert panel.progress.isVisibleTo(panel)
    assert panel.model.rowCount(panel.model.index(0, 0)) == 300


def test_tree_shows_the_filter_proxy_only_while_filtering(qtbot, registry, demo: Path) -> None:
    """Without a filter the tree shows the model itself (no proxy mapping of every row);
    typing a filter switches to the proxy and back, keeping a selection that stays shown."""
    panel = _panel(qtbot, registry, [Workspace("Demo", demo, "scan_root")])
    assert panel.tree.model() is panel.model
    assert panel.select_project(demo / "billing-service")
    panel.filter_edit.setText("billing")
    assert panel.tree.model() is panel.proxy
    selection = panel.current_selection()
    assert selection.project is not None
    assert selection.project.root == demo / "billing-service"
    panel.filter_edit.setText("field-notes")  # hides the selected project (Qt's own proxy rule)
    assert panel.current_selection().project is None
    panel.filter_edit.clear()
    assert panel.tree.model() is panel.model
    assert panel.select_project(demo / "platform-monorepo", "web")
    panel.filter_edit.setText("monorepo")
    assert panel.current_selection().workstream == "web"
    # every branch is still expanded after each switch
    ws_index = panel.tree.model().index(0, 0)
    assert panel.tree.isExpanded(ws_index)


def test_filter_that_hides_the_selection_reports_it(qtbot, registry, demo: Path) -> None:
    panel = _panel(qtbot, registry, [Workspace("Demo", demo, "scan_root")])
    assert panel.select_project(demo / "billing-service")
    seen: list[object] = []
    panel.selection_changed.connect(seen.append)
    panel.filter_edit.setText("field-notes")  # switches to the proxy; the row is not in it
    assert panel.current_selection().project is None
    assert seen
    assert getattr(seen[-1], "project", "x") is None
    assert not panel.remove_action.isEnabled()


def test_remove_is_off_for_a_project_a_scan_root_finds(qtbot, registry, demo: Path,
                                                       monkeypatch) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    panel = _panel(qtbot, registry, [Workspace("Demo", demo, "scan_root")])
    panel.show()
    assert panel.select_project(demo / "billing-service")
    assert not panel.remove_action.isEnabled()
    assert not panel.remove_button.isEnabled()
    assert "scan root Demo" in panel.remove_action.toolTip()
    asked: list[object] = []
    monkeypatch.setattr(project_browser, "confirm", lambda *a: asked.append(a) or True)
    monkeypatch.setattr(project_browser, "show_error", lambda *a: asked.append(a))
    panel.tree.setFocus()
    QTest.keyClick(panel.tree, Qt.Key.Key_Backspace,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert asked == []  # no question, no error box: the key does nothing here
    # the workspace row itself can go
    panel.tree.setCurrentIndex(panel.tree.model().index(0, 0))
    assert panel.remove_action.isEnabled()
    assert "Unregister" in panel.remove_action.toolTip()
