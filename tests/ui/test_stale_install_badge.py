"""A project whose own install is out of date is flagged in the tree, the overview and the
tray without opening it: the demo's checklist-printer has a stale Codex install (one agent
file baking a model config no longer pins)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, Qt

from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.core.workspace.project_ref import ProjectRef, project_ref
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.overview_model import COL_PROBLEMS, COL_PROJECT
from msd_desktop.ui.browser.tree_model import BadgeRole
from msd_desktop.ui.companion.tray import ProjectTray
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.summary_pipeline import SummaryPipeline

TIMEOUT_MS = 20000


def _refs(demo: Path) -> list[ProjectRef]:
    return [project_ref(p, "Demo") for p in sorted(demo.iterdir()) if (p / ".planning").is_dir()]


class Run:
    """The summary pipeline with its own tray, as the window drives it."""

    def __init__(self, qtbot: Any, env: dict[str, str], refs: list[ProjectRef]) -> None:
        self.owner = QObject()
        self.tray = ProjectTray(env, self.owner)
        self.timings: dict[str, float] = {}
        self.pipeline = SummaryPipeline(env, lambda: self.tray, lambda: list(refs),
                                        self.timings, time.perf_counter(), self.owner)
        self.refs = refs
        self.qtbot = qtbot

    def load(self) -> dict[Path, ProjectSummary]:
        with self.qtbot.waitSignal(self.pipeline.settled, timeout=TIMEOUT_MS):
            self.pipeline.start(self.refs)
        return dict(self.pipeline.summaries)


def _fix_the_install(root: Path) -> None:
    """What ``msd install codex --local`` writes now: no pinned model for the executor."""
    agent = root / ".codex" / "agents" / "msd-executor.toml"
    lines = agent.read_text("utf-8").splitlines(keepends=True)
    agent.write_text("".join(ln for ln in lines
                             if not ln.startswith(("model =", "model_reasoning_effort"))),
                     "utf-8")


def test_the_pipeline_counts_stale_installs_and_the_cache_keeps_and_drops_them(
        qtbot: Any, demo: Path, env: dict[str, str]) -> None:
    stale_root = demo / "checklist-printer"
    cold = Run(qtbot, env, _refs(demo))
    summaries = cold.load()
    assert summaries[stale_root].stale_installs == {"codex": 1}
    assert all(not s.stale_installs for root, s in summaries.items() if root != stale_root)
    assert [ln.root for ln in cold.tray.stale_lines()] == [stale_root]
    assert cold.timings["cache_hits"] == 0
    cold.pipeline.close()  # the cache file is written

    warm = Run(qtbot, env, _refs(demo))
    assert warm.load()[stale_root].stale_installs == {"codex": 1}  # from the cache
    assert warm.timings["cache_hits"] == len(warm.refs)
    assert [ln.root for ln in warm.tray.stale_lines()] == [stale_root]  # the tray's line too
    warm.pipeline.close()

    # a reinstall touches only files outside .planning/: the cached count is not trusted
    _fix_the_install(stale_root)
    again = Run(qtbot, env, _refs(demo))
    assert again.load()[stale_root].stale_installs == {}
    assert again.timings["cache_hits"] == len(again.refs) - 1
    assert again.tray.stale_lines() == []
    assert again.tray.stale_action not in again.tray.menu.actions()
    again.pipeline.close()


@pytest.mark.usefixtures("english")
def test_the_tray_menu_has_a_line_for_projects_with_stale_installs(
        qtbot: Any, demo: Path, env: dict[str, str]) -> None:
    run = Run(qtbot, env, _refs(demo))
    run.load()
    tray = run.tray
    assert tray.stale_action in tray.menu.actions()
    assert tray.stale_action.text() == "1 project with stale installs"
    # the line sits under "Show MSD Desktop", above the projects
    actions = [a for a in tray.menu.actions() if not a.isSeparator()]
    assert actions.index(tray.stale_action) == 1
    entries = tray.stale_menu.actions()
    assert [a.text() for a in entries] == ["checklist-printer"]
    assert "msd install codex --local" in entries[0].toolTip()
    # the project's own line is marked and says why
    own = tray.project_actions[demo / "checklist-printer"]
    assert own.text().endswith("⚠")
    assert "Stale codex install: 1 agent file out of date" in own.toolTip()
    tray.finish_lines()  # a rebuilt menu keeps the line (and it stays one)
    tray.finish_lines()
    assert [a.text() for a in tray.menu.actions()].count(tray.stale_action.text()) == 1
    entries = tray.stale_menu.actions()
    with qtbot.waitSignal(tray.project_activated, timeout=TIMEOUT_MS) as opened:
        entries[0].trigger()
    assert opened.args == [demo / "checklist-printer"]
    run.pipeline.close()


@pytest.mark.parametrize("language", ["english", "pt_br"])
def test_the_tree_and_the_overview_flag_the_project(
        qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings: Any,
        request: pytest.FixtureRequest, language: str) -> None:
    request.getfixturevalue(language)
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=TIMEOUT_MS):
        win.show()
    english = language == "english"
    line = ("Stale codex install: 1 agent file out of date — run msd install codex --local"
            if english else
            "Instalação do codex desatualizada: 1 arquivo de agente antigo — rode msd "
            "install codex --local")
    root = demo / "checklist-printer"

    overview = win.overview_model
    rows = {item.summary.root: i for i, item in enumerate(overview.rows())}
    cell = overview.index(rows[root], COL_PROBLEMS)
    assert cell.data() == line
    assert line in cell.data(Qt.ItemDataRole.ToolTipRole)
    assert overview.stale_projects() == 1
    caption = win.overview.caption_text()
    assert ("1 project with stale installs" if english
            else "1 projeto com instalação desatualizada") in caption
    for other, i in rows.items():
        if other != root:
            assert "codex" not in (overview.index(i, COL_PROBLEMS).data() or "")
    assert overview.index(rows[root], COL_PROJECT).data() == "checklist-printer"

    tree = win.browser.model
    index = tree.find_project(root)
    assert line in index.data(Qt.ItemDataRole.ToolTipRole)
    assert line in index.data(BadgeRole)  # the warning icon's reasons
    fine = tree.find_project(demo / "field-notes")
    assert "codex" not in fine.data(Qt.ItemDataRole.ToolTipRole)
    win.close()
