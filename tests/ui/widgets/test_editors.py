"""The editor registry: each kind shows a value and emits what the person chose."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft import InvalidInput
from msd_desktop.core.config.schema import MISSING, SCHEMA
from msd_desktop.ui.widgets.editor_base import FieldSpec, field_spec
from msd_desktop.ui.widgets.editors import EDITORS, create_editor
from msd_desktop.ui.widgets.pattern_group_editor import PatternGroupEditor
from msd_desktop.ui.widgets.review_editors import PrSectionsEditor, ReviewersEditor
from msd_desktop.ui.widgets.scalar_editors import (
    CheckEditor,
    ComboEditor,
    JsonEditor,
    SecretSentinelEditor,
    SpinEditor,
    StringListEditor,
)
from msd_desktop.ui.widgets.table_editors import (
    AgentSkillsEditor,
    AgentValuesEditor,
    ModelOverridesEditor,
    check_skill_path,
)


def _emitted(editor: Any) -> list[Any]:
    out: list[Any] = []
    editor.edited.connect(out.append)
    return out


def test_every_schema_key_gets_an_editor(qtbot: QtBot) -> None:
    kinds = {spec.widget for spec in SCHEMA.values()}
    assert kinds <= set(EDITORS)
    for key in SCHEMA:
        editor = create_editor(field_spec(key))
        qtbot.addWidget(editor)
        editor.set_value(MISSING)
        editor.set_value(SCHEMA[key].default if SCHEMA[key].default is not None else MISSING)
    assert isinstance(create_editor(field_spec("brave_search")), SecretSentinelEditor)
    assert isinstance(create_editor(field_spec("ship.pr_body_sections")), PrSectionsEditor)
    assert isinstance(create_editor(field_spec("review.default_reviewers")), ReviewersEditor)


def test_combo_check_spin(qtbot: QtBot) -> None:
    combo = ComboEditor(field_spec("mode"))
    qtbot.addWidget(combo)
    got = _emitted(combo)
    combo.set_value("yolo")
    assert got == []  # showing a value is not an edit
    combo.combo.setCurrentIndex(combo.combo.findData("interactive"))
    combo.combo.setCurrentIndex(0)
    assert got == ["interactive", None]
    tip = combo.combo.itemData(combo.combo.findData("yolo"), 3)  # ToolTipRole
    assert tip == "yolo auto-approves decisions"
    check = CheckEditor(field_spec("workflow.research"))
    qtbot.addWidget(check)
    got = _emitted(check)
    check.set_value(MISSING)
    check.check.setChecked(not check.check.isChecked())
    assert len(got) == 1
    assert isinstance(got[0], bool)
    spin = SpinEditor(field_spec("workflow.security_asvs_level"))
    qtbot.addWidget(spin)
    assert (spin.spin.minimum(), spin.spin.maximum()) == (1, 3)


def test_json_and_list_editors(qtbot: QtBot) -> None:
    json_editor = JsonEditor(FieldSpec("x", "json"))
    qtbot.addWidget(json_editor)
    got = _emitted(json_editor)
    json_editor.line.setText("{bad")
    json_editor.line.editingFinished.emit()
    assert isinstance(got[-1], InvalidInput)
    json_editor.line.setText('{"a": 1}')
    json_editor.line.editingFinished.emit()
    assert got[-1] == {"a": 1}
    lst = StringListEditor(FieldSpec("planning.sub_repos", "list", default=[]))
    qtbot.addWidget(lst)
    got = _emitted(lst)
    lst.text.setPlainText("api\n\nweb\n")
    assert got[-1] == ["api", "web"]


def test_model_overrides_table(qtbot: QtBot) -> None:
    editor = ModelOverridesEditor(FieldSpec("model_overrides", "map"))
    qtbot.addWidget(editor)
    editor.set_value({"msd-planner": "opus"})
    got = _emitted(editor)
    editor.add_row(["msd-executor", "sonnet"])
    editor.table.item(1, 1).setText("haiku")
    assert got[-1] == {"msd-planner": "opus", "msd-executor": "haiku"}
    editor.table.selectRow(0)
    editor.remove_selected()
    assert got[-1] == {"msd-executor": "haiku"}


def test_pr_sections_forms(qtbot: QtBot) -> None:
    editor = PrSectionsEditor(field_spec("ship.pr_body_sections"))
    qtbot.addWidget(editor)
    editor.set_value([{"heading": "Risks", "source": "PLAN.md ## Risks"},
                      {"heading": "Notes", "template": "{phase_name}", "enabled": False}])
    assert len(editor.forms) == 2
    got = _emitted(editor)
    editor.move_form(editor.forms[1], -1)
    assert got[-1] == [{"heading": "Notes", "enabled": False, "template": "{phase_name}"},
                       {"heading": "Risks", "source": "PLAN.md ## Risks"}]
    editor.remove(editor.forms[0])
    assert got[-1] == [{"heading": "Risks", "source": "PLAN.md ## Risks"}]


def test_reviewers(qtbot: QtBot) -> None:
    editor = ReviewersEditor(field_spec("review.default_reviewers"))
    qtbot.addWidget(editor)
    editor.set_value(["codex", "MyBot"])
    assert editor.other.text() == "MyBot"
    got = _emitted(editor)
    editor.list.item(0).setCheckState(editor.list.item(0).checkState().Checked)
    assert got[-1][0] == editor.list.item(0).text()


def test_skill_path_traversal_check(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    (root / "skills").mkdir(parents=True)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    os.symlink(outside, root / "skills" / "escape")
    assert check_skill_path(root, "skills/review.md") is None
    assert "'..'" in (check_skill_path(root, "skills/../../x") or "")
    assert "absolute" in (check_skill_path(root, "/etc/passwd") or "")
    assert "absolute" in (check_skill_path(root, "~/x") or "")
    assert "symlink" in (check_skill_path(root, "skills/escape/a.md") or "")


@pytest.mark.parametrize("path", ["../x", "/abs", "skills/escape"])
def test_agent_skills_editor_refuses_bad_paths(qtbot: QtBot, tmp_path: Path, path: str) -> None:
    root = tmp_path / "proj"
    (root / "skills").mkdir(parents=True)
    os.symlink(tmp_path, root / "skills" / "escape")
    editor = AgentSkillsEditor(FieldSpec("agent_skills", "map"), root=root)
    qtbot.addWidget(editor)
    got = _emitted(editor)
    editor.add_row(["msd-planner", "skills/a.md"])
    editor.table.item(0, 1).setText(f"skills/a.md, {path}")
    assert isinstance(got[-1], InvalidInput)
    editor.table.item(0, 1).setText("skills/a.md")
    assert got[-1] == {"msd-planner": ["skills/a.md"]}


def test_secret_editor_never_shows_plaintext(qtbot: QtBot) -> None:
    editor = SecretSentinelEditor(field_spec("brave_search"))
    qtbot.addWidget(editor)
    editor.set_value("demo-brave-key-not-real-0000")
    texts = [editor.combo.itemText(i) for i in range(editor.combo.count())]
    assert not any("demo-brave" in t for t in texts)
    assert any("****0000" in t for t in texts)
    got = _emitted(editor)
    editor.combo.setCurrentIndex(1)
    assert got == [True]


def test_pattern_group_editor_one_combo_per_member(qtbot: QtBot) -> None:
    editor = create_editor(FieldSpec("dynamic_routing", "map"))
    qtbot.addWidget(editor)
    assert isinstance(editor, PatternGroupEditor)
    assert set(editor.combos) == {"enabled", "escalate_on_failure", "max_escalations",
                                  "tier_models.light", "tier_models.standard",
                                  "tier_models.heavy"}
    assert set(editor.lists) == {"provider_escalation"}  # the array member: one per line
    editor.set_value({"enabled": True, "provider_escalation": ["x"], "extra": 1})
    assert editor.lists["provider_escalation"].toPlainText() == "x"
    got = _emitted(editor)
    editor.set_member("tier_models.heavy", "opus")
    assert got[-1] == {"enabled": True, "provider_escalation": ["x"], "extra": 1,
                       "tier_models": {"heavy": "opus"}}
    editor.set_member("tier_models.heavy", MISSING)
    editor.set_member("enabled", MISSING)
    assert got[-1] == {"provider_escalation": ["x"], "extra": 1}
    models = create_editor(FieldSpec("models", "map"))
    qtbot.addWidget(models)
    assert isinstance(models, PatternGroupEditor)
    assert [models.combos["planning"].itemData(i) for i in range(5)] == [
        MISSING, "opus", "sonnet", "haiku", "inherit"]
    fast = create_editor(FieldSpec("fast_mode.routing_tier_defaults", "map"))
    qtbot.addWidget(fast)
    got = _emitted(fast)
    fast.set_member("light", False)  # type: ignore[attr-defined]
    assert got[-1] == {"light": False}


def test_agent_values_editor_reuses_the_overrides_table(qtbot: QtBot) -> None:
    editor = create_editor(FieldSpec("fast_mode.agent_overrides", "map"))
    qtbot.addWidget(editor)
    assert isinstance(editor, AgentValuesEditor)
    assert isinstance(editor, ModelOverridesEditor)
    editor.set_value({"msd-planner": True})
    got = _emitted(editor)
    editor.add_row(["msd-executor", "true"])
    editor.table.item(1, 1).setText("false")
    assert got[-1] == {"msd-planner": True, "msd-executor": False}
    effort = create_editor(FieldSpec("effort.agent_overrides", "map"))
    qtbot.addWidget(effort)
    effort.set_value({"msd-planner": "high"})
    assert effort.current() == {"msd-planner": "high"}  # type: ignore[attr-defined]
