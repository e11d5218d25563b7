"""Unsaved edits written down for a crash: what a record holds (never a secret's text), what
comes back from it, and what is ignored. Real files in a temporary state dir."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from msd_desktop.core.config.draft import UNSET, ConfigDraft, InvalidInput
from msd_desktop.core.config.draft_recovery import (
    FORMAT,
    DraftRecovery,
    default_recovery_dir,
)

SECRET = "sk-live-0123456789abcdef"
SECRET_KEY = "brave_search"  # one of the API-key fields


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "proj" / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"mode": "interactive", "zzz_custom": 1}, indent=2) + "\n",
                    encoding="utf-8")
    return path


@pytest.fixture
def recovery(tmp_path: Path) -> DraftRecovery:
    return DraftRecovery(tmp_path / "state" / "unsaved")


def test_the_secret_key_is_a_secret() -> None:
    from msd_desktop.core.config import schema

    assert schema.is_secret(SECRET_KEY)


def test_edits_come_back_as_pending_edits(config: Path, recovery: DraftRecovery) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    draft.set("workflow.research", False)
    bad = InvalidInput("Must be a number.", "7x")
    draft.set("parallelization.max_concurrent_agents", bad)
    assert recovery.write(draft) == 0
    record = recovery.record_path(config)
    assert stat.S_IMODE(record.stat().st_mode) == 0o600
    assert stat.S_IMODE(record.parent.stat().st_mode) == 0o700

    fresh = ConfigDraft(config)  # the next run: the file as it is, nothing pending
    got = recovery.restore(fresh)
    assert got is not None
    assert set(got.keys) == {"mode", "workflow.research", "parallelization.max_concurrent_agents"}
    assert not got.file_changed
    assert fresh.value("mode") == "yolo"
    assert fresh.value("workflow.research") is False
    assert fresh.value("parallelization.max_concurrent_agents") == bad
    assert fresh.errors  # the text that was not a value still blocks Save
    assert json.loads(config.read_text(encoding="utf-8"))["mode"] == "interactive"  # unsaved
    assert recovery.configs() == [Path(os.path.abspath(config))]


def test_a_removal_comes_back(config: Path, recovery: DraftRecovery) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", UNSET)
    recovery.write(draft)
    fresh = ConfigDraft(config)
    recovery.restore(fresh)
    assert fresh.is_pending("mode")
    assert "mode" not in fresh.result_data()


def test_a_secret_typed_into_the_form_never_reaches_the_disk(
        config: Path, recovery: DraftRecovery) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    draft.set(SECRET_KEY, SECRET)
    assert recovery.write(draft) == 1
    raw = recovery.record_path(config).read_bytes()
    assert SECRET.encode() not in raw
    assert SECRET_KEY.encode() not in raw
    fresh = ConfigDraft(config)
    got = recovery.restore(fresh)
    assert got is not None
    assert got.keys == ["mode"]
    assert got.left_out == 1


def test_a_record_that_names_a_secret_is_not_believed(config: Path,
                                                      recovery: DraftRecovery) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    recovery.write(draft)
    record = recovery.record_path(config)
    data = json.loads(record.read_text(encoding="utf-8"))
    data["edits"][SECRET_KEY] = {"value": SECRET}
    record.write_text(json.dumps(data), encoding="utf-8")
    fresh = ConfigDraft(config)
    recovery.restore(fresh)
    assert not fresh.is_pending(SECRET_KEY)


def test_nothing_pending_removes_the_record(config: Path, recovery: DraftRecovery) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    recovery.write(draft)
    assert recovery.record_path(config).exists()
    draft.revert()
    recovery.write(draft)
    assert not recovery.record_path(config).exists()
    assert recovery.configs() == []


def test_a_file_changed_since_is_said(config: Path, recovery: DraftRecovery) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    recovery.write(draft)
    config.write_text(json.dumps({"mode": "interactive", "commit_docs": True}) + "\n",
                      encoding="utf-8")
    fresh = ConfigDraft(config)
    got = recovery.restore(fresh)
    assert got is not None
    assert got.file_changed
    assert fresh.result_data()["commit_docs"] is True  # staged on top of the file as it is


@pytest.mark.parametrize("content", [
    b"not json", b"[]", b'{"format": "something-else/9", "path": "/x", "edits": {}}',
    b"\xff\xfe", b'{"format": "' + FORMAT.encode() + b'", "path": 3, "edits": {}}',
])
def test_anything_that_is_not_a_record_is_ignored(config: Path, recovery: DraftRecovery,
                                                  content: bytes) -> None:
    recovery.folder.mkdir(parents=True)
    recovery.record_path(config).write_bytes(content)
    assert recovery.configs() == []
    fresh = ConfigDraft(config)
    assert recovery.restore(fresh) is None
    assert not fresh.dirty


def test_a_record_under_another_files_name_is_ignored(config: Path, tmp_path: Path,
                                                      recovery: DraftRecovery) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    recovery.write(draft)
    other = tmp_path / "other.json"
    os.replace(recovery.record_path(config), recovery.record_path(other))
    assert recovery.configs() == []


def test_a_fifo_in_the_folder_never_blocks(config: Path, recovery: DraftRecovery) -> None:
    recovery.folder.mkdir(parents=True)
    os.mkfifo(recovery.record_path(config))
    assert recovery.configs() == []
    assert recovery.restore(ConfigDraft(config)) is None


def test_the_folder_follows_the_environment(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "st")}
    assert default_recovery_dir(env) == tmp_path / "st" / "msd-desktop" / "unsaved"
    assert default_recovery_dir({"HOME": str(tmp_path)}) == (
        tmp_path / ".local" / "state" / "msd-desktop" / "unsaved")
