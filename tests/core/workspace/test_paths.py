"""Path rules of spec §1: home, defaults.json, planning dirs, name checks, active workstream."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.workspace.paths import (
    INVALID_WORKSTREAM_NAME_MESSAGE,
    active_workstream,
    config_path,
    defaults_path,
    msd_home,
    planning_dir,
    planning_root,
    session_pointer_path,
    validate_path_name,
)


def test_msd_home_precedence(tmp_path: Path) -> None:
    assert msd_home({"MSD_HOME": "/a", "HOME": "/b"}) == Path("/a")
    assert msd_home({"HOME": "/b"}) == Path("/b")
    assert msd_home({"MSD_HOME": "", "HOME": "/b"}) == Path("/b")
    assert msd_home({}) == Path.home()


def test_defaults_path() -> None:
    assert defaults_path({"MSD_HOME": "/x"}) == Path("/x/.msd/defaults.json")
    assert defaults_path({"HOME": "/h"}) == Path("/h/.msd/defaults.json")


def test_msd_home_none_means_process_env(isolated_home: Path) -> None:
    assert msd_home(None) == isolated_home


@pytest.mark.parametrize("value", ["a/b", "a\\b", "..", "x..y", "../up"])
def test_validate_path_name_rejects(value: str) -> None:
    with pytest.raises(MsdError) as info:
        validate_path_name(value, "MSD_PROJECT")
    assert str(info.value) == f"MSD_PROJECT contains invalid path characters: {value}"


def test_validate_path_name_accepts() -> None:
    assert validate_path_name("proj.v2", "MSD_PROJECT") == "proj.v2"


def test_planning_dir_layout(tmp_path: Path) -> None:
    root = tmp_path
    assert planning_root(root) == root / ".planning"
    assert planning_dir(root, {}, None) == root / ".planning"
    assert planning_dir(root, {"MSD_PROJECT": "app"}, None) == root / ".planning" / "app"
    assert planning_dir(root, {}, "ws1") == root / ".planning" / "workstreams" / "ws1"
    assert (
        planning_dir(root, {"MSD_PROJECT": "app"}, "ws1")
        == root / ".planning" / "app" / "workstreams" / "ws1"
    )
    assert config_path(root, {}, None) == root / ".planning" / "config.json"


def test_planning_dir_env_workstream(tmp_path: Path) -> None:
    assert planning_dir(tmp_path, {"MSD_WORKSTREAM": "w"}) == tmp_path / ".planning/workstreams/w"


def test_planning_dir_invalid_names(tmp_path: Path) -> None:
    with pytest.raises(MsdError, match=r"^MSD_PROJECT contains invalid path characters: \.\./x$"):
        planning_dir(tmp_path, {"MSD_PROJECT": "../x"}, None)
    with pytest.raises(MsdError, match=r"^MSD_WORKSTREAM contains invalid path characters: a/b$"):
        planning_dir(tmp_path, {}, "a/b")


def _pointer(root: Path, text: str) -> Path:
    pointer = root / ".planning" / "active-workstream"
    pointer.parent.mkdir(parents=True, exist_ok=True)
    pointer.write_text(text)
    return pointer


def test_active_workstream_precedence(tmp_path: Path) -> None:
    (tmp_path / ".planning/workstreams/stored").mkdir(parents=True)
    _pointer(tmp_path, "stored\n")
    assert active_workstream(tmp_path, {}) == "stored"
    assert active_workstream(tmp_path, {"MSD_WORKSTREAM": " envws "}) == "envws"
    assert active_workstream(tmp_path, {"MSD_WORKSTREAM": "envws"}, explicit="cli") == "cli"
    assert active_workstream(tmp_path, {"MSD_WORKSTREAM": "  "}) == "stored"


def test_stale_pointer_is_ignored_and_kept(tmp_path: Path) -> None:
    pointer = _pointer(tmp_path, "gone\n")
    assert active_workstream(tmp_path, {}) is None
    assert pointer.read_text() == "gone\n"
    assert planning_dir(tmp_path, {}) == tmp_path / ".planning"


def test_invalid_pointer_is_ignored_and_kept(tmp_path: Path) -> None:
    (tmp_path / ".planning/workstreams").mkdir(parents=True)
    pointer = _pointer(tmp_path, "../etc\n")
    assert active_workstream(tmp_path, {}) is None
    assert pointer.exists()


def test_no_pointer(tmp_path: Path) -> None:
    assert active_workstream(tmp_path, {}) is None


@pytest.mark.parametrize("bad", ["-lead", "has space", "a:b", ".hidden"])
def test_invalid_explicit_or_env_name(tmp_path: Path, bad: str) -> None:
    # Invalid names without path characters keep upstream's --ws wording.
    with pytest.raises(MsdError, match=f"^{INVALID_WORKSTREAM_NAME_MESSAGE}$"):
        active_workstream(tmp_path, {"MSD_WORKSTREAM": bad})
    with pytest.raises(MsdError, match=f"^{INVALID_WORKSTREAM_NAME_MESSAGE}$"):
        active_workstream(tmp_path, {}, explicit=bad)


@pytest.mark.parametrize("bad", ["a/b", "a\\b", "..", "../x", "x..y", "../../etc", "-a/b"])
def test_workstream_name_with_path_characters_gets_spec_message(tmp_path: Path, bad: str) -> None:
    # Spec §1: a workstream name must not contain `/`, `\` or `..`; the error is
    # `MSD_WORKSTREAM contains invalid path characters: <v>` (reliability finding F3) — for
    # MSD_WORKSTREAM, an explicit name and planning_dir alike.
    expected = f"MSD_WORKSTREAM contains invalid path characters: {bad}"
    for call in (
        lambda: active_workstream(tmp_path, {"MSD_WORKSTREAM": bad}),
        lambda: active_workstream(tmp_path, {}, explicit=bad),
        lambda: planning_dir(tmp_path, {"MSD_WORKSTREAM": bad}),
        lambda: planning_dir(tmp_path, {}, bad),
    ):
        with pytest.raises(MsdError) as info:
            call()
        assert str(info.value) == expected


def test_pointer_with_path_characters_is_ignored_not_an_error(tmp_path: Path) -> None:
    (tmp_path / ".planning/workstreams/x").mkdir(parents=True)
    pointer = _pointer(tmp_path, "../x\n")
    assert active_workstream(tmp_path, {}) is None
    assert planning_dir(tmp_path, {}) == tmp_path / ".planning"
    assert pointer.read_text() == "../x\n"


def test_explicit_empty_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(MsdError, match=r"^Missing value for --ws$"):
        active_workstream(tmp_path, {}, explicit=" ")


def test_explicit_workstream_need_not_exist(tmp_path: Path) -> None:
    assert active_workstream(tmp_path, {}, explicit="new-ws") == "new-ws"


def test_session_pointer_wins_over_shared(tmp_path: Path) -> None:
    (tmp_path / ".planning/workstreams/shared").mkdir(parents=True)
    (tmp_path / ".planning/workstreams/mine").mkdir(parents=True)
    _pointer(tmp_path, "shared")
    env = {"CLAUDE_SESSION_ID": "abc/123"}
    session = session_pointer_path(tmp_path, env)
    assert session is not None
    assert session.name == "claude-session-id-abc_123"
    assert active_workstream(tmp_path, env) == "shared"  # no session pointer: inherit shared
    session.parent.mkdir(parents=True, exist_ok=True)
    try:
        session.write_text("mine\n")
        assert active_workstream(tmp_path, env) == "mine"
        session.write_text("missing\n")
        assert active_workstream(tmp_path, env) is None  # owned but stale: no fallthrough
        assert session.exists()
    finally:
        shutil.rmtree(session.parent, ignore_errors=True)
