"""A STATE.md whose frontmatter says executing and whose body says paused: every surface of the
real window (tree, overview, State header and Position, tray, status line) shows the same one
status, and the State tab's problems say where the two disagree, with both lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.overview_model import COL_STATUS
from msd_desktop.ui.main_window import MainWindow


def make_disagreeing(root: Path) -> tuple[int, int]:
    """Turn the demo project's body to "paused" (Status line and a pause in the session; the
    document's own reading says paused); return (frontmatter line, body line)."""
    path = root / ".planning" / "STATE.md"
    text = path.read_text(encoding="utf-8")
    assert "status: executing" in text
    text = text.replace("Status: Executing Phase 2", "Status: Paused — waiting for review")
    assert "## Session Continuity\n" in text
    text = text.replace("## Session Continuity\n",
                        "## Session Continuity\n\nPaused At: 2026-11-28 16:00\n", 1)
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    fm = next(i for i, ln in enumerate(lines, 1) if ln.startswith("status:"))
    body = next(i for i, ln in enumerate(lines, 1) if ln.startswith("Status:"))
    return fm, body


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str],
           ui_settings: Any) -> Any:
    make_disagreeing(demo / "checklist-printer")
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    yield win
    win.close()


def test_every_surface_shows_the_frontmatter_status(qtbot: Any, window: MainWindow,
                                                    demo: Path, env: dict[str, str]) -> None:
    root = demo / "checklist-printer"
    text = (root / ".planning" / "STATE.md").read_text(encoding="utf-8")
    fm_line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith("status:"))
    body_line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith("Status:"))
    core = load_project_state(root, env)
    assert core.status.value == "executing"

    # status line (the core's, byte for byte upstream's renderer)
    assert "executing" in core.statusline_full
    assert "paused" not in core.statusline_full.lower()

    # tree: the compact status line in the Status column
    tree = window.browser.model
    index = tree.find_project(root)
    assert index.isValid()
    tree_text = tree.index(index.row(), 1, index.parent()).data()
    assert tree_text == core.statusline_compact
    assert "executing" in tree_text
    assert "PAUSED" not in tree_text

    # overview: the Status column
    model = window.overview_model
    row = next(i for i, r in enumerate(model.rows()) if r.summary.root == root)
    assert model.index(row, COL_STATUS).data() == "executing"

    # tray: the menu line
    line = next(ln for ln in window.tray.lines if ln.root == root)
    assert "executing" in line.text
    assert "paused" not in line.text.lower()

    # State tab: header status line and Position's Status field, and the problem
    with qtbot.waitSignal(window.state_shown, timeout=10000) as blocker:
        assert window.open_project(root)
    view = blocker.args[0]
    assert view.status == "executing"
    panel = window.state_panel
    assert panel is not None
    assert panel.fields["status"].text() == "executing"
    assert "executing" in panel.statusline_label.text()
    assert "paused" not in panel.statusline_label.text().lower()
    problems = [p for p in view.problems if "disagrees with itself" in p]
    assert len(problems) == 1
    assert f"line {fm_line}" in problems[0]
    assert f"line {body_line}" in problems[0]
    assert "status: executing" in problems[0]
    assert "Status: Paused — waiting for review" in problems[0]
