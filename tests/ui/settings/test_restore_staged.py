"""Restoring the last project at start: the shown tab at once, the others once the load has
settled, on later event-loop turns (all three at once stalled the window; built before the
end of the load, they held it back), every tab real in the end, and a tab asked for before
its turn is built when it is shown. Offscreen, real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.project_tabs import STAGED_TAB


def _window(qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings,  # type: ignore[no-untyped-def]
            tab: int) -> MainWindow:
    ui_settings.setValue("ui/last_project", str(demo / "field-notes"))
    ui_settings.setValue("ui/last_tab", tab)
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False)
    qtbot.addWidget(win)
    return win


def _staged(win: MainWindow) -> list[int]:
    return [i for i, (_, w) in enumerate(win.project_tabs.tabs) if w.objectName() == STAGED_TAB]


@pytest.mark.timeout(60)
def test_the_restored_project_gets_every_tab_one_turn_after_another(
        qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, tmp_path, demo, env, ui_settings, 2)
    tabs = win.project_tabs
    build = tabs._build_staged
    settled: list[bool] = []  # whether the load had settled, at each hidden tab's build

    def noted(*args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        settled.append(win.pipeline.idle)
        build(*args, **kwargs)

    tabs._build_staged = noted  # type: ignore[method-assign]
    with qtbot.waitSignal(win.state_shown, timeout=15000):
        win.show()
    assert win.current_project()[0] is not None
    qtbot.waitUntil(lambda: not _staged(win), timeout=10000)
    assert settled == [True, True]  # the hidden tabs came after the load's end
    assert win.project_tabs.count() == 3
    assert win.project_tabs.currentIndex() == 2
    for i, (_, widget) in enumerate(win.project_tabs.tabs):
        assert win.project_tabs.page(i) is widget
    assert win.project_tabs.current_page() is win.state_panel
    assert win.state_panel.fields["status"].text()
    win.project_tabs.setCurrentIndex(0)  # the Settings tab: the real form, Save wired
    assert callable(getattr(win.project_tabs.current_page(), "use_window_actions", None))
    win.close()


@pytest.mark.timeout(60)
def test_a_tab_asked_for_before_its_turn_is_built_when_shown(
        qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings) -> None:  # type: ignore[no-untyped-def]
    win = _window(qtbot, tmp_path, demo, env, ui_settings, 0)  # Settings shown: State later
    win.last_project.enabled = False  # restored by hand below, without event-loop turns between
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    win.last_project.restore_quietly(demo / "field-notes", None)
    assert _staged(win) == [1, 2]  # only the shown tab so far
    with qtbot.waitSignal(win.state_shown, timeout=15000):
        win.project_tabs.setCurrentIndex(2)  # before its turn: built now, and its state loads
        assert win.project_tabs.current_page() is win.state_panel
        assert win.project_tabs.currentIndex() == 2
    qtbot.waitUntil(lambda: not _staged(win), timeout=10000)
    win.close()
