"""The tree's Status column in a narrow tree: the milestone and the phase go before the status
word does, and only a last part that still does not fit is elided."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QStyleOptionViewItem

from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.core.state.statusline import SEPARATOR
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.project_browser import ProjectBrowserPanel
from msd_desktop.ui.browser.status_line_delegate import PART_SEPARATOR, fit_parts


def test_the_separator_is_the_status_lines_own() -> None:
    assert PART_SEPARATOR == SEPARATOR


def test_parts_go_from_the_left_until_the_rest_fits() -> None:
    line = SEPARATOR.join(["v1.1", "P4/5", "executing"])

    def advance(text: str) -> int:
        return len(text) * 10

    assert fit_parts(line, 1000, advance) == line
    assert fit_parts(line, 170, advance) == "P4/5 · executing"
    assert fit_parts(line, 90, advance) == "executing"
    assert fit_parts(line, 20, advance) == "executing"  # the last part stays (elided later)
    assert fit_parts("executing", 20, advance) == "executing"


def test_a_narrow_tree_shows_the_status_word_not_an_ellipsis(
        qtbot, tmp_path: Path, env: dict[str, str], demo: Path) -> None:
    panel = ProjectBrowserPanel(WorkspaceRegistry(tmp_path / "workspaces.json", env=env),
                                [Workspace("Demo", demo, "scan_root")])
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.projects_loaded, timeout=10000):
        panel.rescan()
    panel.resize(270, 500)
    panel.show()
    qtbot.waitExposed(panel)
    model, tree = panel.model, panel.tree
    first = model.projects()[0]
    line = SEPARATOR.join(["v1.1-long-milestone", "P4/5", "executing"])
    model.set_summary(first.ref.root, ProjectSummary(root=first.ref.root, name=first.ref.name,
                                                     status="executing",
                                                     statusline_compact=line))
    tree.expandAll()
    index = panel._to_view(model.find_project(first.ref.root)).siblingAtColumn(1)
    tree.scrollTo(index)
    delegate = tree.itemDelegateForColumn(1)
    option = QStyleOptionViewItem()
    option.initFrom(tree.viewport())
    option.rect = tree.visualRect(index)
    assert 0 < option.rect.width() < tree.fontMetrics().horizontalAdvance(line)  # too narrow
    shown = delegate.shown_text(option, index)  # type: ignore[attr-defined]
    assert shown.endswith("executing")
    assert not shown.startswith("v1.1")
    assert "…" not in shown
