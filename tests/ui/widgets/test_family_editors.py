"""Settings editors for model_profile_overrides, model_policy.runtime_tiers and
dynamic_routing.provider_escalation: the item model without widgets, then the whole form on a
copy of a demo project (edit → draft → Save → file on disk → reload; the core's errors)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.config.draft import GROUP_KEYS
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.setter import config_set
from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.settings.form_widgets import short_error
from msd_desktop.ui.widgets.editors import (
    HINTS,
    RUNTIME_TIER_GROUPS,
    PatternGroupEditor,
    runtime_tier_columns,
)
from msd_desktop.ui.widgets.editors_runtime import (
    BuiltinRole,
    EntryRole,
    KnownRuntimeRole,
    RuntimeTiersEditor,
    RuntimeTiersModel,
)
from msd_desktop.ui.widgets.plain_text import tooltip
from tests.form_saving import save_form

EDIT = 2  # Qt.ItemDataRole.EditRole
DISPLAY = 0

# What the file holds besides our edits: unknown keys at every level must survive a save.
SIBLINGS: dict[str, Any] = {
    "zzz_custom": {"keep": True},
    "model_profile_overrides": {
        "codex": {"opus": "gpt-5.6-sol-pro", "turbo": "kept-unknown-tier"},
        "odd-runtime": "not-an-object",
    },
    "model_policy": {
        "provider": "openai",
        "zzz_policy_extra": 1,
        "runtime_tiers": {"claude": {"inherit": "kept-unknown-tier"}},
    },
    "dynamic_routing": {"enabled": True, "zzz_dr_extra": [1, 2]},
}


def _config_path(project: ProjectRef) -> Path:
    return project.root / ".planning" / "config.json"


def _config(project: ProjectRef) -> dict[str, Any]:
    return json.loads(_config_path(project).read_text(encoding="utf-8"))


@pytest.fixture
def project(demo: Path) -> ProjectRef:
    root = demo / "field-notes"
    data = json.loads(_config_path(ProjectRef(root=root, name="", workspace="")).read_text(
        encoding="utf-8"))
    data.update(json.loads(json.dumps(SIBLINGS)))
    (root / ".planning" / "config.json").write_text(json.dumps(data, indent=2) + "\n",
                                                    encoding="utf-8")
    return ProjectRef(root=root, name="field-notes", workspace="demo")


@pytest.fixture
def panel(qtbot: QtBot, project: ProjectRef, env: dict[str, str]) -> ConfigFormPanel:
    widget = ConfigFormPanel(project, env=env)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    return widget


def _cli_error(project: ProjectRef, tmp_path: Path, key: str, raw: str,
               env: dict[str, str]) -> str:
    """What ``msd config-set key raw`` says, on a scratch copy of the project."""
    scratch = tmp_path / f"scratch-{len(list(tmp_path.glob('scratch-*')))}"
    shutil.copytree(project.root, scratch)
    with pytest.raises(MsdError) as info:
        config_set(scratch, key, raw, env=env)
    return str(info.value)


# ---- generated from the schema and the catalog ----------------------------------------------


def test_runtime_tier_families_come_from_the_patterns() -> None:
    assert set(RUNTIME_TIER_GROUPS) == {"model_profile_overrides", "model_policy.runtime_tiers"}
    assert set(RUNTIME_TIER_GROUPS) <= set(GROUP_KEYS)
    assert set(RUNTIME_TIER_GROUPS) <= set(HINTS)
    for group in RUNTIME_TIER_GROUPS:
        assert runtime_tier_columns(group) == load_catalog().tiers
    assert runtime_tier_columns("models") is None
    assert runtime_tier_columns("model_overrides") is None


def test_runtime_tiers_model_without_widgets(qtmodeltester: Any) -> None:
    model = RuntimeTiersModel("model_profile_overrides")
    qtmodeltester.check(model)
    edits: list[None] = []
    model.edited.connect(lambda: edits.append(None))
    as_read = {"codex": {"haiku": {"reasoning_effort": "low"}, "turbo": "x"},
               "Codex-CLI": {"opus": "m"}, "odd": 7, "empty": {}}
    model.set_value(as_read)
    qtmodeltester.check(model)
    assert edits == []  # showing a value is not an edit
    assert model.value() == as_read  # everything kept as read, in order
    horizontal = Qt.Orientation.Horizontal
    assert [model.headerData(c, horizontal) for c in range(model.columnCount())] == [
        "Runtime", *load_catalog().tiers]
    builtin = load_catalog().runtime_tier_defaults["codex"]["sonnet"]["model"]
    sonnet = model.index(0, 2)
    assert model.data(sonnet, EntryRole) is MISSING
    assert model.data(sonnet, DISPLAY) == builtin  # the built-in model an empty cell uses
    assert model.data(sonnet, EDIT) == ""
    haiku = model.index(0, 3)
    assert model.data(haiku, EDIT) == '{"reasoning_effort": "low"}'
    assert "reasoning_effort: low" in model.data(haiku, DISPLAY)
    assert model.data(model.index(0, 0), KnownRuntimeRole) is True
    assert model.data(model.index(1, 0), KnownRuntimeRole) is False
    assert "did you mean codex" in model.data(model.index(1, 0), 3)  # ToolTipRole
    # cells take the config-set raw form
    assert model.setData(sonnet, "gpt-x")
    assert model.setData(model.index(0, 1), '{"model": "gpt-y", "reasoning_effort": "high"}')
    assert model.setData(haiku, "")
    value = model.value()
    assert value is not None
    assert value["codex"] == {"turbo": "x", "sonnet": "gpt-x",
                              "opus": {"model": "gpt-y", "reasoning_effort": "high"}}
    assert model.setData(model.index(2, 2), "5")  # coerced to a number, as config-set does
    assert model.value()["odd"] == {"sonnet": 5}  # type: ignore[index]
    # rows: add (nothing set yet), rename, refuse a duplicate, remove
    before = model.value()
    row = model.add_runtime("qwen")
    assert model.value() == before
    assert not model.setData(model.index(row, 0), "codex")
    assert model.setData(model.index(row, 0), "hermes")
    model.setData(model.index(row, 3), "hermes-small")
    assert model.value()["hermes"] == {"haiku": "hermes-small"}  # type: ignore[index]
    model.remove_rows([1, 2])
    assert list(model.value() or {}) == ["codex", "empty", "hermes"]
    assert len(edits) == 8  # one per change; the refused rename is none
    qtmodeltester.check(model)


def test_policy_runtime_tiers_have_no_builtins() -> None:
    model = RuntimeTiersModel("model_policy.runtime_tiers")
    model.set_value({"codex": {}})
    assert model.data(model.index(0, 1), BuiltinRole) is MISSING
    assert model.data(model.index(0, 1), DISPLAY) == ""


# ---- the form: round trips, the core's errors, unknown keys ---------------------------------


@pytest.mark.parametrize("group", ["model_profile_overrides", "model_policy.runtime_tiers"])
def test_runtime_tiers_round_trip(qtbot: QtBot, panel: ConfigFormPanel, project: ProjectRef,
                                  env: dict[str, str], group: str) -> None:
    editor = panel.editor(group)
    assert isinstance(editor, RuntimeTiersEditor)
    model = editor.model
    row = model.add_runtime("codex")
    model.setData(model.index(row, 2), "gpt-5.6-terra-max")
    assert panel.draft is not None
    assert panel.draft.errors == {}
    assert group in panel.draft.pending
    assert panel.rows[group].marker.text() == "✎"
    with qtbot.waitSignal(panel.saved):
        assert save_form(qtbot, panel)
    data = _config(project)
    node = data
    for part in group.split("."):
        node = node[part]
    assert node["codex"]["sonnet"] == "gpt-5.6-terra-max"
    # unknown keys at every level are still there
    assert data["zzz_custom"] == SIBLINGS["zzz_custom"]
    assert data["model_profile_overrides"]["codex"]["turbo"] == "kept-unknown-tier"
    assert data["model_profile_overrides"]["odd-runtime"] == "not-an-object"
    assert data["model_policy"]["provider"] == "openai"
    assert data["model_policy"]["zzz_policy_extra"] == 1
    assert data["model_policy"]["runtime_tiers"]["claude"] == {"inherit": "kept-unknown-tier"}
    assert data["dynamic_routing"] == SIBLINGS["dynamic_routing"]
    # reload: a new panel reads the file
    reopened = ConfigFormPanel(project, env=env)
    qtbot.addWidget(reopened)
    again = reopened.editor(group)
    assert isinstance(again, RuntimeTiersEditor)
    row = [again.model.data(again.model.index(r, 0), DISPLAY)
           for r in range(again.model.rowCount())].index("codex")
    assert again.model.data(again.model.index(row, 2), EntryRole) == "gpt-5.6-terra-max"
    assert reopened.rows[group].marker.text() == "●"
    assert reopened.rows[group].reset_button.isEnabled()


@pytest.mark.parametrize("group", ["model_profile_overrides", "model_policy.runtime_tiers"])
def test_runtime_tiers_invalid_value_is_refused(qtbot, panel: ConfigFormPanel, project: ProjectRef,
                                                tmp_path: Path, env: dict[str, str],
                                                group: str) -> None:
    before = _config_path(project).read_bytes()
    editor = panel.editor(group)
    assert isinstance(editor, RuntimeTiersEditor)
    row = editor.model.add_runtime("codex")
    editor.model.setData(editor.model.index(row, 1), "true")
    expected = _cli_error(project, tmp_path, f"{group}.codex.opus", "true", env)
    assert expected == f"Invalid {group}.codex.opus 'true'. Must be a string or a JSON object."
    assert panel.draft is not None
    assert panel.draft.errors[group] == expected
    error = panel.rows[group].error
    assert error.text() == expected
    assert not error.isHidden()
    assert not panel.save_button.isEnabled()
    assert save_form(qtbot, panel) is False
    assert _config_path(project).read_bytes() == before
    # a runtime name config-set refuses: the same message, shortened next to the field
    editor.model.setData(editor.model.index(row, 1), "ok")
    assert group not in panel.draft.errors
    bad = editor.model.add_runtime("two words")
    editor.model.setData(editor.model.index(bad, 3), "m")
    full = _cli_error(project, tmp_path, f"{group}.two words.haiku", "m", env)
    assert panel.draft.errors[group] == full
    assert error.text() == short_error(full)
    assert error.text().startswith(f'Unknown config key: "{group}.two words.haiku".')
    assert error.toolTip() == tooltip(full)  # escaped: the message quotes file text
    assert save_form(qtbot, panel) is False
    assert _config_path(project).read_bytes() == before


def test_provider_escalation_round_trip(qtbot: QtBot, panel: ConfigFormPanel,
                                        project: ProjectRef, env: dict[str, str]) -> None:
    editor = panel.editor("dynamic_routing")
    assert isinstance(editor, PatternGroupEditor)
    field = editor.lists["provider_escalation"]
    field.setPlainText("openrouter/anthropic/claude-sonnet-5\n\n  openai/gpt-5.6-terra \n")
    assert panel.draft is not None
    assert panel.draft.errors == {}
    assert panel.draft.pending["dynamic_routing"]["provider_escalation"] == [
        "openrouter/anthropic/claude-sonnet-5", "openai/gpt-5.6-terra"]
    with qtbot.waitSignal(panel.saved):
        assert save_form(qtbot, panel)
    data = _config(project)
    assert data["dynamic_routing"] == {
        "enabled": True, "zzz_dr_extra": [1, 2],
        "provider_escalation": ["openrouter/anthropic/claude-sonnet-5", "openai/gpt-5.6-terra"],
    }
    assert data["zzz_custom"] == SIBLINGS["zzz_custom"]
    assert data["model_profile_overrides"] == SIBLINGS["model_profile_overrides"]
    assert data["model_policy"] == SIBLINGS["model_policy"]
    reopened = ConfigFormPanel(project, env=env)
    qtbot.addWidget(reopened)
    again = reopened.editor("dynamic_routing")
    assert isinstance(again, PatternGroupEditor)
    assert again.lists["provider_escalation"].toPlainText() == (
        "openrouter/anthropic/claude-sonnet-5\nopenai/gpt-5.6-terra")
    # emptying the list removes the member, the rest of the object stays
    again.lists["provider_escalation"].setPlainText("")
    assert save_form(qtbot, reopened)
    assert _config(project)["dynamic_routing"] == SIBLINGS["dynamic_routing"]


def test_provider_escalation_invalid_value_is_refused(qtbot, panel: ConfigFormPanel,
                                                      project: ProjectRef, tmp_path: Path,
                                                      env: dict[str, str]) -> None:
    # a file value that is not a list is shown as JSON (kept as read while untouched)
    data = _config(project)
    data["dynamic_routing"]["provider_escalation"] = "backup"
    _config_path(project).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    panel.check_disk()
    before = _config_path(project).read_bytes()
    editor = panel.editor("dynamic_routing")
    assert isinstance(editor, PatternGroupEditor)
    field = editor.lists["provider_escalation"]
    assert field.toPlainText() == '"backup"'
    editor.set_member("max_escalations", 2)  # an edit elsewhere is not blocked by it
    assert panel.draft is not None
    assert panel.draft.errors == {}
    field.setPlainText('"other"')
    expected = _cli_error(project, tmp_path, "dynamic_routing.provider_escalation", "other", env)
    assert expected == ("Invalid dynamic_routing.provider_escalation 'other'. "
                        "Must be a JSON array.")
    assert panel.draft.errors["dynamic_routing"] == expected
    assert panel.rows["dynamic_routing"].error.text() == expected
    assert not panel.save_button.isEnabled()
    assert save_form(qtbot, panel) is False
    field.setPlainText('["a", ')
    assert panel.draft.errors["dynamic_routing"].startswith("Not valid JSON")
    assert save_form(qtbot, panel) is False
    assert _config_path(project).read_bytes() == before
    field.setPlainText("")  # cleared: back to one model per line
    field.setPlainText("a\nb")
    assert panel.draft.errors == {}
    assert save_form(qtbot, panel)
    assert _config(project)["dynamic_routing"]["provider_escalation"] == ["a", "b"]
    assert _config(project)["dynamic_routing"]["max_escalations"] == 2


# ---- search and "modified only" ---------------------------------------------------------------


def test_search_and_modified_only_find_the_new_editors(panel: ConfigFormPanel) -> None:
    panel.search.setText("provider_escalation")
    assert "dynamic_routing" in panel.visible_keys()
    assert not panel.rows["dynamic_routing"].isHidden()
    panel.search.setText("runtime tier")
    shown = panel.visible_keys()
    assert {"model_profile_overrides", "model_policy.runtime_tiers"} <= set(shown)
    assert all(not panel.rows[k].isHidden() for k in shown)
    panel.search.setText("reasoning_effort")
    assert "model_profile_overrides" in panel.visible_keys()
    panel.search.clear()
    panel.modified_only.setChecked(True)
    assert {"model_profile_overrides", "model_policy.runtime_tiers",
            "dynamic_routing"} <= set(panel.visible_keys())
    panel.reset_key("model_policy.runtime_tiers")
    assert "model_policy.runtime_tiers" in panel.visible_keys()  # a pending removal
    panel.revert()
    assert "model_policy.runtime_tiers" in panel.visible_keys()


def test_reset_removes_only_the_family(qtbot: QtBot, panel: ConfigFormPanel,
                                       project: ProjectRef) -> None:
    panel.reset_key("model_policy.runtime_tiers")
    editor = panel.editor("model_policy.runtime_tiers")
    assert isinstance(editor, RuntimeTiersEditor)
    assert editor.model.rowCount() == 0
    with qtbot.waitSignal(panel.saved):
        assert save_form(qtbot, panel)
    assert _config(project)["model_policy"] == {"provider": "openai", "zzz_policy_extra": 1}
    assert not panel.rows["model_policy.runtime_tiers"].reset_button.isEnabled()


def test_runtime_tiers_editor_buttons(qtbot: QtBot) -> None:
    from msd_desktop.ui.widgets.editors import FieldSpec, create_editor

    editor = create_editor(FieldSpec("model_profile_overrides", "map"))
    qtbot.addWidget(editor)
    assert isinstance(editor, RuntimeTiersEditor)
    combo = editor.runtime_combo
    assert [combo.itemText(i) for i in range(combo.count())] == list(
        load_catalog().known_runtimes)
    got: list[Any] = []
    editor.edited.connect(got.append)
    editor.set_value({"codex": {"opus": "a"}})
    assert got == []
    combo.setEditText("qwen")
    editor.add_button.click()
    assert editor.model.rowCount() == 2
    assert editor.view.currentIndex().row() == 1  # the new row's first tier is being edited
    assert got[-1] == {"codex": {"opus": "a"}}  # nothing set for qwen yet
    editor.model.setData(editor.model.index(1, 1), "qwen3-max")
    assert got[-1] == {"codex": {"opus": "a"}, "qwen": {"opus": "qwen3-max"}}
    editor.view.selectRow(0)
    editor.remove_button.click()
    assert got[-1] == {"qwen": {"opus": "qwen3-max"}}
    editor.view.selectRow(0)
    editor.remove_button.click()
    assert got[-1] is None  # nothing left: the key is removed
