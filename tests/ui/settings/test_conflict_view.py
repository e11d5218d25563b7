"""The conflict view (offscreen): four documents, per-key choices, everything masked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.conflict import Side, preview_for_draft
from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.core.secrets.masking import mask
from msd_desktop.ui.settings.conflict_view import ConflictView, MergeTableModel
from tests.form_saving import save_form

SECRET = "sk-live-0123456789abcdef"
OUTSIDE = "sk-outside-aaaabbbbccccdddd"


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


@pytest.fixture
def draft(tmp_path: Path) -> ConfigDraft:
    path = tmp_path / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    _write(path, {"brave_search": SECRET, "context_profile": "dev", "zz_custom": 1,
                  "intel": {"enabled": True}})
    d = ConfigDraft(path)
    d.set("context_profile", "research")
    d.set("intel.enabled", False)
    # outside: the same key changed differently, an unknown key, a secret replaced
    _write(path, {"brave_search": OUTSIDE, "context_profile": "review", "zz_custom": 2,
                  "intel": {"enabled": True}})
    return d


@pytest.fixture
def view(qtbot: QtBot, draft: ConfigDraft) -> ConflictView:
    widget = ConflictView()
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    widget.set_source(lambda choices: preview_for_draft(draft, choices))
    widget.show()
    return widget


def _row(view: ConflictView, key: str) -> int:
    return [r.key for r in view.model.rows].index(key)


def _cell(view: ConflictView, key: str, column: int,
          role: Qt.ItemDataRole = Qt.ItemDataRole.DisplayRole) -> Any:
    return view.model.data(view.model.index(_row(view, key), column), role)


def test_rows_show_each_side_and_the_result(view: ConflictView) -> None:
    m = MergeTableModel
    assert [_cell(view, "context_profile", c) for c in (m.BASE, m.THEIRS, m.MINE, m.RESULT)] == [
        '"dev"', '"review"', '"research"', '"research"']
    assert _cell(view, "context_profile", m.CHOICE, Qt.ItemDataRole.CheckStateRole) == (
        Qt.CheckState.Checked)
    assert _cell(view, "zz_custom", m.RESULT) == "2"  # changed only on disk: kept
    assert _cell(view, "intel.enabled", m.RESULT) == "false"
    assert _cell(view, "intel.enabled", m.CHOICE, Qt.ItemDataRole.CheckStateRole) is None
    assert "1 setting(s) were changed on both sides" in view.summary.text()
    diff = view.result_diff.toPlainText()
    # what Keep mine changes in the file on disk now: only my two edits, not the disk's
    assert '-  "context_profile": "review",' in diff
    assert '+  "context_profile": "research",' in diff
    assert '"zz_custom": 2' in diff or "zz_custom" not in diff
    assert '-  "zz_custom"' not in diff


def test_choosing_the_disk_value_updates_the_result(view: ConflictView) -> None:
    index = view.model.index(_row(view, "context_profile"), MergeTableModel.CHOICE)
    assert view.model.setData(index, Qt.CheckState.Unchecked.value,
                              Qt.ItemDataRole.CheckStateRole)
    assert view.choices() == {"context_profile": Side.THEIRS}
    assert _cell(view, "context_profile", MergeTableModel.RESULT) == '"review"'
    assert '"context_profile": "review"' in view.boxes["result"].toPlainText()
    changed = [line for line in view.result_diff.toPlainText().splitlines()
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert changed == ['-    "enabled": true', '+    "enabled": false']


def test_nothing_shows_a_plaintext_key(view: ConflictView) -> None:
    shown = [view.summary.text(), view.result_diff.toPlainText()]
    shown += [box.toPlainText() for box in view.boxes.values()]
    model = view.model
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                shown.append(str(model.data(model.index(row, column), role)))
    joined = "\n".join(shown)
    assert SECRET not in joined
    assert OUTSIDE not in joined
    assert mask(OUTSIDE) in joined
    assert mask(SECRET) in view.boxes["base"].toPlainText()


def test_unreadable_disk_file_is_said(qtbot: QtBot, draft: ConfigDraft) -> None:
    draft.path.write_text('{"context_profile": \n', encoding="utf-8")
    widget = ConflictView()
    qtbot.addWidget(widget)
    widget.set_source(lambda choices: preview_for_draft(draft, choices))
    assert "cannot be read" in widget.summary.text()
    assert "line 2" in widget.result_diff.toPlainText()


def test_merge_model_passes_the_model_tester(qtmodeltester: Any, view: ConflictView) -> None:
    qtmodeltester.check(view.model)


# ---- in the Settings form: "Show difference" and "Keep mine" ---------------------------------


@pytest.fixture
def panel(qtbot: QtBot, demo: Path, env: dict[str, str]) -> Any:
    from msd_desktop.core.workspace.registry import ProjectRef
    from msd_desktop.ui.settings.form import ConfigFormPanel

    root = demo / "field-notes"
    widget = ConfigFormPanel(ProjectRef(root=root, name="field-notes", workspace="demo"),
                             env=env)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    return widget


@pytest.mark.parametrize("keep", [Side.MINE, Side.THEIRS])
def test_keep_mine_writes_what_the_view_showed(qtbot: QtBot, panel: Any, keep: Side) -> None:
    path = panel.draft.path
    data = json.loads(path.read_text(encoding="utf-8"))
    panel.edit("mode", "interactive" if data.get("mode") != "interactive" else "yolo")
    panel.edit("granularity", "fine" if data.get("granularity") != "fine" else "coarse")
    outside = dict(data, model_profile="quality", zz_outside=[1, 2])
    outside["granularity"] = "standard" if data.get("granularity") != "standard" else "coarse"
    with qtbot.waitSignal(panel.disk_conflict_shown, timeout=5000):
        _write(path, outside)
    panel.diff_button.click()
    view = panel.conflict_view
    assert view.isVisibleTo(panel)
    assert view.preview.conflicts == ["granularity"]
    assert set(view.preview.disk_only) == {"model_profile", "zz_outside"}
    if keep is Side.THEIRS:
        row = _row(view, "granularity")
        view.model.setData(view.model.index(row, MergeTableModel.CHOICE),
                           Qt.CheckState.Unchecked.value, Qt.ItemDataRole.CheckStateRole)
    expected = view.preview.result
    assert expected["model_profile"] == "quality"  # the outside change is never undone
    assert expected["zz_outside"] == [1, 2]
    assert expected["granularity"] == (
        panel.draft.pending["granularity"] if keep is Side.MINE else outside["granularity"])
    panel.keep_mine()
    assert panel.disk_banner.isHidden()
    assert view.isHidden()
    assert save_form(qtbot, panel)
    assert json.loads(path.read_text(encoding="utf-8")) == expected
