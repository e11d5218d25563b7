"""The Models tab's runtime grid: the item model (no widgets), the panel, the stale banner."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.models.install_drift import STALE, UNREADABLE_STATUS
from msd_desktop.core.models.routing_report import routing_report
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.models import runtime_grid_panel
from msd_desktop.ui.models.panel import ModelsPanel
from msd_desktop.ui.models.runtime_grid_model import (
    CellRole,
    DiffersRole,
    RuntimeGridModel,
    StatusRole,
)
from msd_desktop.ui.models.runtime_grid_panel import RuntimeGridPanel, rung_lines
from msd_desktop.ui.settings.form import ConfigFormPanel
from tests.core.models.routing_fixtures import codex_agent, mark, project

WAIT_MS = 60_000  # a loaded machine: the report is built on a worker thread


@pytest.fixture
def stale_project(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    home = tmp_path / "home"
    home.mkdir()
    root = project(tmp_path / "p", {"model_overrides": {"msd-planner": "gpt-5.1"}})
    mark(root / ".codex", "codex")
    codex_agent(root / ".codex", "msd-planner", "gpt-5", "xhigh")
    codex_agent(root / ".codex", "msd-executor")
    (root / ".codex" / "agents" / "msd-verifier.toml").write_text("model = [", encoding="utf-8")
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    return root, env


def _col(model: RuntimeGridModel, runtime: str) -> int:
    return next(c for c in range(1, model.columnCount()) if model.runtime_at(c) == runtime)


def _row(model: RuntimeGridModel, agent: str) -> int:
    return next(r for r in range(model.rowCount()) if model.index(r, 0).data() == agent)


def test_model_cells_statuses_and_marks(qtmodeltester, stale_project) -> None:  # type: ignore[no-untyped-def]
    root, env = stale_project
    report = routing_report(root, env)
    model = RuntimeGridModel()
    model.set_report(report)
    qtmodeltester.check(model)
    assert model.columnCount() == 1 + len(report.grid.runtimes)
    assert model.headerData(1, Qt.Orientation.Horizontal) == "codex (active)"
    codex = _col(model, "codex")
    planner = model.index(_row(model, "msd-planner"), codex)
    assert planner.data(StatusRole) == STALE
    assert planner.data(CellRole).model == "gpt-5.1"
    assert planner.data() == "⚠ gpt-5.1 · xhigh"
    assert planner.data(Qt.ItemDataRole.AccessibleTextRole) == "⚠ gpt-5.1 · xhigh (stale install)"
    tip = planner.data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("<qt>")  # escaped: a path or model name is never markup
    assert "bakes model gpt-5, effort xhigh" in tip
    assert "config now resolves model gpt-5.1, effort xhigh" in tip
    assert "msd install codex --local" in tip
    verifier = model.index(_row(model, "msd-verifier"), codex)
    assert verifier.data(StatusRole) == UNREADABLE_STATUS
    assert "not valid TOML" in verifier.data(Qt.ItemDataRole.ToolTipRole)
    executor = model.index(_row(model, "msd-executor"), codex)
    assert executor.data(StatusRole) == "same"
    assert "⚠" not in executor.data()
    claude = model.index(_row(model, "msd-planner"), _col(model, "claude"))
    assert claude.data(StatusRole) is None  # no Claude install
    # pinned by model_overrides: the same everywhere (Codex and Claude both at xhigh)
    planner_row = model.index(_row(model, "msd-planner"), 0)
    assert not planner_row.data(DiffersRole)
    assert "the same model and effort" in planner_row.data(Qt.ItemDataRole.ToolTipRole)
    executor_row = model.index(_row(model, "msd-executor"), 0)  # opus on Claude, gpt on Codex
    assert executor_row.data(DiffersRole)
    assert "do not all give it the same model" in executor_row.data(Qt.ItemDataRole.ToolTipRole)
    assert executor_row.data(Qt.ItemDataRole.FontRole).italic()
    assert planner_row.data(Qt.ItemDataRole.FontRole) is None


def test_model_words_omit_and_inherit(tmp_path: Path) -> None:
    root = project(tmp_path / "p", {"model_profile": "inherit", "resolve_model_ids": "omit"})
    model = RuntimeGridModel()
    model.set_report(routing_report(root, {"HOME": str(tmp_path)}, read_installs=False))
    claude = model.index(_row(model, "msd-planner"), _col(model, "claude"))
    assert claude.data().startswith("the runtime's own default")
    root2 = project(tmp_path / "q", {"model_profile": "inherit"})
    model.set_report(routing_report(root2, {"HOME": str(tmp_path)}, read_installs=False))
    codex = model.index(_row(model, "msd-planner"), _col(model, "codex"))
    assert codex.data().startswith("the session's model")


def test_before_after_and_the_banner_for_a_save_that_makes_an_install_stale(
        qtbot: QtBot, stale_project) -> None:  # type: ignore[no-untyped-def]
    root, env = stale_project
    config = root / ".planning" / "config.json"
    now = routing_report(root, env)
    config.write_text(json.dumps({"model_overrides": {"msd-planner": "gpt-5.1",
                                                      "msd-executor": "gpt-5-mini"}}))
    after = routing_report(root, env)
    model = RuntimeGridModel()
    model.set_report(now, after)
    executor = model.index(_row(model, "msd-executor"), _col(model, "codex"))
    assert " → gpt-5-mini · high" in executor.data()
    assert "After saving the Settings edits" in executor.data(Qt.ItemDataRole.ToolTipRole)
    panel = RuntimeGridPanel(root, env)
    qtbot.addWidget(panel)
    text = panel.banner_text(now, after)
    assert "1 agent file(s) of the codex install at " + str(root / ".codex") in text
    assert "Refresh with: msd install codex --local" in text
    only_after = panel.banner_text(after._replace(installs=()), after)
    assert only_after.startswith("Saving the Settings edits will make 2 agent file(s)")


def test_strip_names_every_rung(stale_project) -> None:  # type: ignore[no-untyped-def]
    root, env = stale_project
    text = rung_lines(routing_report(root, env, read_installs=False).active)
    assert "Active runtime: codex, decided by the install marker." in text
    assert "MSD_RUNTIME variable: not set" in text
    assert "install marker: codex, decided (" + str(root / ".codex") in text
    assert "default: claude, shadowed" in text


def test_panel_builds_off_the_gui_thread_and_the_banner_acts(
        qtbot: QtBot, stale_project, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    root, env = stale_project
    panel = RuntimeGridPanel(root, {**env, "TERMINAL": "sh"})
    qtbot.addWidget(panel)
    panel.banner.setParent(panel)  # alone here: the Models tab places it
    panel.show()
    with qtbot.waitSignal(panel.loaded, timeout=WAIT_MS):
        panel.refresh()
    assert panel.banner.isVisible()
    assert "msd install codex --local" in panel.banner_label.text()
    assert panel.model.rowCount() > 20
    assert panel.banner_label.textFormat() == Qt.TextFormat.PlainText
    with qtbot.waitSignal(panel.copied) as copied:
        qtbot.mouseClick(panel.copy_button, Qt.MouseButton.LeftButton)
    assert copied.args == ["msd install codex --local"]
    assert QGuiApplication.clipboard().text() == "msd install codex --local"
    started: list[tuple[list[str], Path]] = []
    monkeypatch.setattr(runtime_grid_panel, "launch_detached",
                        lambda argv, cwd: started.append((argv, cwd)) or True)
    QGuiApplication.clipboard().clear()
    with qtbot.waitSignal(panel.terminal_opened):
        qtbot.mouseClick(panel.terminal_button, Qt.MouseButton.LeftButton)
    assert started == [(["sh"], root)]
    assert QGuiApplication.clipboard().text() == "msd install codex --local"


def test_models_tab_shows_the_banner_and_before_after_for_a_draft(
        qtbot: QtBot, stale_project) -> None:  # type: ignore[no-untyped-def]
    root, env = stale_project
    ref = ProjectRef(root=root, name="p", workspace="w")
    form = ConfigFormPanel(ref, env=env)  # the Settings tab, with an unsaved edit
    qtbot.addWidget(form)
    form.edit("model_overrides", {"msd-planner": "gpt-5.1", "msd-executor": "gpt-5-mini"})
    panel = ModelsPanel(ref, env=env)
    qtbot.addWidget(panel)
    panel.show()
    model = panel.runtime_grid.model
    qtbot.waitUntil(lambda: model.after is not None, timeout=WAIT_MS)
    assert panel.runtime_grid.banner.isVisible()
    assert panel.bottom_tabs.indexOf(panel.runtime_grid) >= 0
    executor = model.index(_row(model, "msd-executor"), _col(model, "codex"))
    assert "→ gpt-5-mini" in executor.data()
    text = panel.runtime_grid.banner_label.text()
    assert "msd install codex --local" in text
    # a further edit while the tab is open is followed too
    form.edit("model_overrides", {"msd-planner": "gpt-5"})
    planner_index = model.index(_row(model, "msd-planner"), _col(model, "codex"))
    qtbot.waitUntil(lambda: model.index(planner_index.row(), planner_index.column()).data()
                    .startswith("⚠ gpt-5.1 · xhigh → gpt-5 · xhigh"), timeout=WAIT_MS)
    assert json.loads((root / ".planning" / "config.json").read_text()) == {
        "model_overrides": {"msd-planner": "gpt-5.1"}}  # nothing written
