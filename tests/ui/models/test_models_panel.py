"""The Models tab: table, trace, what-if on a copy (nothing written), Copy as JSON."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.models.panel import ModelsPanel
from msd_desktop.ui.models.resolution_model import COL_FLAGS, COL_MODEL, FlagsRole
from msd_desktop.ui.settings.form import ConfigFormPanel


def _snapshot(root: Path, home: Path) -> dict[str, str]:
    out = {}
    for base in (root, home):
        for path in sorted(base.rglob("*")):
            if path.is_file():
                out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


@pytest.fixture
def project(demo: Path, env: dict[str, str]) -> ProjectRef:
    home = Path(env["HOME"])
    (home / ".msd").mkdir(parents=True, exist_ok=True)
    (home / ".msd" / "defaults.json").write_text(
        json.dumps({"model_overrides": {"msd-verifier": "opus"}}), encoding="utf-8"
    )
    return ProjectRef(root=demo / "field-notes", name="field-notes", workspace="demo")


@pytest.fixture
def panel(qtbot: QtBot, project: ProjectRef, env: dict[str, str]) -> ModelsPanel:
    widget = ModelsPanel(project, env=env)
    qtbot.addWidget(widget)
    return widget


def test_table_lists_agents_and_trace_follows_selection(qtmodeltester,
                                                        panel: ModelsPanel) -> None:
    qtmodeltester.check(panel.table_model)
    assert panel.table.model() is panel.table_model  # it sorts itself: no proxy
    assert panel.table_model.rowCount() > 20
    panel.select_agent("msd-verifier")
    assert panel.selected_agent() == "msd-verifier"
    assert panel.trace_model.agent == "msd-verifier"
    qtmodeltester.check(panel.trace_model)
    assert "Per-agent override" in panel.trace_title.text()  # the layer's plain name
    assert "model_overrides" in panel.trace_title.toolTip()  # its id
    files = [panel.trace_model.data(panel.trace_model.index(r, 5), 3)
             for r in range(panel.trace_model.rowCount())]
    assert any(f and f.endswith(".msd/defaults.json") for f in files)


def test_whatif_shows_before_after_and_writes_nothing(
    panel: ModelsPanel, project: ProjectRef, env: dict[str, str]
) -> None:
    before = _snapshot(project.root, Path(env["HOME"]))
    panel.profile_combo.setCurrentIndex(panel.profile_combo.findData("quality"))
    panel.attempt_spin.setValue(2)
    panel.effort_combo.setCurrentIndex(panel.effort_combo.findData("low"))
    panel.runtime_combo.setCurrentIndex(panel.runtime_combo.findData("codex"))
    panel.recompute()
    assert panel.table_model.whatif
    changed = panel.table_model.changed_agents()
    assert changed
    row = panel.table_model.row_of(changed[0])
    assert " → " in panel.table_model.data(panel.table_model.index(row, COL_MODEL))
    assert "change" in panel.summary_label.text()
    assert _snapshot(project.root, Path(env["HOME"])) == before
    panel.reset_whatif()
    assert not panel.table_model.whatif
    assert panel.table_model.changed_agents() == []


def test_whatif_applies_the_settings_draft_in_memory(
    qtbot: QtBot, panel: ModelsPanel, project: ProjectRef, env: dict[str, str]
) -> None:
    form = ConfigFormPanel(project, env=env)
    qtbot.addWidget(form)
    form.edit("model_overrides", {"msd-planner": "haiku"})
    before = _snapshot(project.root, Path(env["HOME"]))
    panel.draft_check.setChecked(True)
    panel.recompute()
    assert "draft applied" in panel.summary_label.text()
    row = panel.table_model.row_of("msd-planner")
    assert panel.table_model.data(panel.table_model.index(row, COL_MODEL)).endswith("→ haiku")
    # D1: the global override still merges per agent in the copy
    row = panel.table_model.row_of("msd-verifier")
    assert panel.table_model.data(panel.table_model.index(row, COL_MODEL)) == "opus"
    assert _snapshot(project.root, Path(env["HOME"])) == before


def test_copy_as_json_is_what_the_cli_prints(
    qtbot: QtBot, panel: ModelsPanel, project: ProjectRef, env: dict[str, str]
) -> None:
    panel.select_agent("msd-planner")
    with qtbot.waitSignal(panel.copied) as blocker:
        panel.copy_button.click()
    text = blocker.args[0]
    done = subprocess.run(
        [sys.executable, "-m", "msd_desktop.cli", "resolve-model", "msd-planner"],
        cwd=project.root, env=env, capture_output=True, text=True, check=True,
    )
    assert done.stdout == text + "\n"
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text() == text


def test_recomputes_only_what_changed(
    qtbot: QtBot, panel: ModelsPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    from msd_desktop.ui.models import panel as models_panel

    loads: list[int] = []
    real = models_panel.load_config
    monkeypatch.setattr(models_panel, "load_config",
                        lambda *a, **k: loads.append(1) or real(*a, **k))
    recomputed: list[int] = []
    panel.recomputed.connect(lambda: recomputed.append(1))
    panel.show()  # built and computed already: showing redoes nothing
    qtbot.wait(250)
    assert recomputed == []
    assert loads == []
    panel.profile_combo.setCurrentIndex(panel.profile_combo.findData("quality"))
    qtbot.waitUntil(lambda: recomputed == [1], timeout=3000)
    assert loads == []  # a what-if resolves the copy only
    assert panel.table_model.whatif
    panel._schedule()  # nothing changed since: nothing is redone
    qtbot.wait(250)
    assert recomputed == [1]
    panel.hide()
    panel.on_files_changed()  # hidden: noted, reloaded when shown again
    qtbot.wait(250)
    assert loads == []
    panel.show()
    qtbot.waitUntil(lambda: loads == [1], timeout=3000)
    assert recomputed == [1, 1]


def test_flags_column_shown_only_with_flags(panel: ModelsPanel) -> None:
    header = panel.table.horizontalHeader()
    flagged = any(panel.table_model.data(panel.table_model.index(r, 0), FlagsRole)
                  for r in range(panel.table_model.rowCount()))
    assert panel.table.isColumnHidden(COL_FLAGS) is not flagged
    assert header.stretchLastSection()  # the last shown column takes the spare width


def test_omit_gate_names_the_install_marker_that_decides(
    qtbot: QtBot, tmp_path: Path, env: dict[str, str]
) -> None:
    """§5.6: with "omit" only in the global defaults (a folder without .planning/ resolves
    from them), a codex install marker omits the model; on claude (the default) it is ignored."""
    home = Path(env["HOME"])
    (home / ".msd").mkdir(parents=True, exist_ok=True)
    (home / ".msd" / "defaults.json").write_text(
        json.dumps({"resolve_model_ids": "omit"}), encoding="utf-8")
    root = tmp_path / "fresh"
    root.mkdir()
    project = ProjectRef(root=root, name="fresh", workspace="demo")
    panel = ModelsPanel(project, env=env)
    qtbot.addWidget(panel)
    assert "omit gate: active runtime claude (default)" in panel.source_label.text()
    row = panel.table_model.row_of("msd-planner")
    claude_model = panel.table_model.index(row, COL_MODEL).data()
    assert claude_model
    assert "omit" not in claude_model  # a global "omit" is ignored on claude

    marker = root / ".codex" / "msd-core" / ".msd-runtime"
    marker.parent.mkdir(parents=True)
    marker.write_text("codex\n", encoding="utf-8")
    panel.recompute()
    text = panel.source_label.text()
    assert "active runtime codex (install marker" in text
    assert str(marker) in text
    row = panel.table_model.row_of("msd-planner")
    assert panel.table_model.index(row, COL_MODEL).data() == '"" (omit)'


def test_sorting_the_table_keeps_the_selection(panel: ModelsPanel) -> None:
    panel.select_agent("msd-verifier")
    agents = [panel.table_model.data(panel.table_model.index(r, 0))
              for r in range(panel.table_model.rowCount())]
    panel.table.sortByColumn(COL_MODEL, Qt.SortOrder.DescendingOrder)
    assert panel.selected_agent() == "msd-verifier"
    models = [panel.table_model.data(panel.table_model.index(r, COL_MODEL))
              for r in range(panel.table_model.rowCount())]
    assert models == sorted(models, reverse=True)
    panel.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
    assert [panel.table_model.data(panel.table_model.index(r, 0))
            for r in range(panel.table_model.rowCount())] == agents
    assert panel.selected_agent() == "msd-verifier"
    panel.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    panel.recompute()  # new rows keep the sort and the selection
    assert panel.table_model.data(panel.table_model.index(0, 0)) == max(agents)
    assert panel.selected_agent() == "msd-verifier"
