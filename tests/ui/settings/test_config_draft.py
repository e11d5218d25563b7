"""The Settings draft without widgets: edit → save → file → reload, errors, conflicts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import ConflictError, MsdError
from msd_desktop.core.config.draft import UNSET, ConfigDraft, InvalidInput, Scope, scope_path
from msd_desktop.core.config.schema import MISSING


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "proj" / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    data = {"zzz_custom": {"keep": [1, 2]}, "mode": "interactive",
            "workflow": {"research": True, "my_flag": "x"}}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path


def test_round_trip_keeps_unknown_keys_and_order(config: Path) -> None:
    draft = ConfigDraft(config)
    assert draft.unknown_keys() == ["zzz_custom.keep", "workflow.my_flag"]
    assert draft.set("mode", "yolo") is None
    assert draft.set("workflow.research", False) is None
    assert draft.dirty
    assert draft.can_save
    result = draft.save()
    assert sorted(result.keys) == ["mode", "workflow.research"]
    data = json.loads(config.read_text(encoding="utf-8"))
    assert list(data) == ["zzz_custom", "mode", "workflow"]
    assert data["zzz_custom"] == {"keep": [1, 2]}
    assert data["mode"] == "yolo"
    assert data["workflow"] == {"research": False, "my_flag": "x"}
    again = ConfigDraft(config)
    assert again.value("mode") == "yolo"
    assert not again.dirty


def test_validation_error_blocks_save_and_writes_nothing(config: Path) -> None:
    before = config.read_bytes()
    draft = ConfigDraft(config)
    error = draft.set("mode", "sideways")
    assert error == "Invalid mode 'sideways'. Valid values: interactive, yolo"
    assert draft.errors == {"mode": error}
    assert not draft.can_save
    with pytest.raises(MsdError):
        draft.save()
    assert config.read_bytes() == before
    draft.set("mode", "yolo")
    assert draft.errors == {}


def test_invalid_input_and_group_keys(config: Path) -> None:
    draft = ConfigDraft(config)
    assert draft.set("context_window", InvalidInput("Must be a number.")) == "Must be a number."
    draft.discard("context_window")
    assert draft.set("model_overrides", {"msd-planner": "opus"}) is None
    assert draft.set("model_overrides", {"bad agent!": "opus"}) is not None


def test_setting_the_file_value_again_drops_the_edit_and_reset_unsets(config: Path) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    draft.set("mode", "interactive")
    assert not draft.dirty
    draft.reset("mode")
    assert draft.value("mode") is MISSING
    assert draft.pending == {"mode": UNSET}
    draft.save()
    assert "mode" not in json.loads(config.read_text(encoding="utf-8"))


def test_diff_shows_the_pending_change(config: Path) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    lines = draft.diff()
    assert '-  "mode": "interactive",' in lines
    assert '+  "mode": "yolo",' in lines


def test_conflict_refuses_and_keep_mine_rebases(config: Path) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    external = json.loads(config.read_text(encoding="utf-8"))
    external["granularity"] = "fine"
    config.write_text(json.dumps(external, indent=2) + "\n", encoding="utf-8")
    assert draft.changed_on_disk()
    with pytest.raises(ConflictError):
        draft.save()
    assert json.loads(config.read_text(encoding="utf-8"))["mode"] == "interactive"
    assert any("granularity" in line for line in draft.diff(draft.disk_text()))
    draft.reload(keep_mine=True)
    assert draft.pending == {"mode": "yolo"}
    draft.save()
    data = json.loads(config.read_text(encoding="utf-8"))
    assert data["mode"] == "yolo"
    assert data["granularity"] == "fine"


def test_missing_file_is_created(tmp_path: Path) -> None:
    path = scope_path(Scope.GLOBAL, tmp_path, {"HOME": str(tmp_path / "home")})
    draft = ConfigDraft(path)
    assert draft.value("model_profile") is MISSING
    draft.set("model_profile", "quality")
    draft.save()
    assert json.loads(path.read_text(encoding="utf-8")) == {"model_profile": "quality"}
