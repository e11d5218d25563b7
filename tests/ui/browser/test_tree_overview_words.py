"""The project tree and the overview say a project's status in the same words (the tree's
compact line spells "PAUSED" and "complete" its own way; it uses the overview's words), in
English and in Brazilian Portuguese."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.overview_model import COL_STATUS
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.widgets.status_text import compact_status_words, statusline_words


def _pause(root: Path) -> None:
    path = root / ".planning" / "STATE.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("status: executing", "status: paused", 1), encoding="utf-8")


@pytest.mark.parametrize("language", ["english", "pt_br"])
def test_tree_and_overview_use_the_same_status_words(
        qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings: Any,
        request: pytest.FixtureRequest, language: str) -> None:
    request.getfixturevalue(language)
    _pause(demo / "checklist-printer")
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    tree, overview = win.browser.model, win.overview_model
    compared = 0
    for row, item in enumerate(overview.rows()):
        summary = item.summary
        if getattr(summary, "workstream", None):
            continue  # a workstream row: its own line, compared with its project below
        word = overview.index(row, COL_STATUS).data()
        index = tree.find_project(summary.root)
        assert index.isValid()
        tree_text = tree.index(index.row(), 1, index.parent()).data()
        if tree_text.startswith("⚠"):
            continue  # a project that could not be read says why instead
        if summary.status in ("paused", "executing", "planning", "discussing", "verifying",
                              "completed"):
            assert word, summary.root
            assert word in tree_text.split(" · "), (summary.root, word, tree_text)
            compared += 1
        assert "PAUSED" not in tree_text
    assert compared >= 3
    win.close()


def test_the_compact_words_differ_from_the_line_only_in_the_status() -> None:
    line = "v1.1 · P4/5 · PAUSED"
    assert statusline_words(line) == "v1.1 · P4/5 · PAUSED"
    assert compact_status_words(line) == "v1.1 · P4/5 · paused"
    assert compact_status_words("v1.0 · P4/4 · complete") == "v1.0 · P4/4 · completed"
