"""The tray menu with more projects than it lists: the first ones, then one line saying how
many more the window shows (a menu of thousands of actions held ~20 MiB and no screen is
that tall). Offscreen, real tray object."""

from __future__ import annotations

from pathlib import Path

from msd_desktop.ui.companion.tray import MENU_MAX, ProjectTray, TrayLine


def test_a_long_menu_lists_the_first_projects_and_says_how_many_more(qtbot, tmp_path: Path
                                                                    ) -> None:
    tray = ProjectTray({})
    n = MENU_MAX + 7
    tray.lines = [TrayLine(tmp_path / f"p{i}", f"p{i}", "executing", 10) for i in range(n)]
    tray.finish_lines()
    qtbot.waitUntil(lambda: len(tray.project_actions) == MENU_MAX, timeout=10000)
    more = next(a for a in tray.menu.actions() if a.objectName() == "TrayMoreAction")
    assert more.text().startswith("7 more project")
    # the order: header, separator, the listed projects, the "more" line, separator, Quit
    actions = tray.menu.actions()
    assert actions.index(more) == 2 + MENU_MAX
    assert actions[-1].objectName() == "TrayQuitAction"
    with qtbot.waitSignal(tray.show_window_requested, timeout=2000):
        more.trigger()
    # a changed line among the listed ones is re-rendered in place
    first = tray.project_actions[tmp_path / "p5"]
    tray.lines[5] = TrayLine(tmp_path / "p5", "p5", "paused", 40)
    tray.finish_lines()
    assert tray.project_actions[tmp_path / "p5"] is first
    assert "paused" in first.text()
    # one project fewer: the count follows
    tray.lines.pop()
    tray.finish_lines()
    qtbot.waitUntil(lambda: len(tray.project_actions) == MENU_MAX, timeout=10000)
    more = next(a for a in tray.menu.actions() if a.objectName() == "TrayMoreAction")
    assert more.text().startswith("6 more project")


def test_a_short_menu_has_no_more_line(qtbot, tmp_path: Path) -> None:
    tray = ProjectTray({})
    tray.lines = [TrayLine(tmp_path / f"p{i}", f"p{i}", "executing", 10) for i in range(3)]
    tray.finish_lines()
    assert len(tray.project_actions) == 3
    assert not [a for a in tray.menu.actions() if a.objectName() == "TrayMoreAction"]
