"""Spec §8: every rule of ``find_root`` on real directory trees (HOME passed explicitly)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from msd_desktop.core.workspace.project_root import find_root


def mk(base: Path, *rels: str) -> Path:
    for rel in rels:
        (base / rel).mkdir(parents=True, exist_ok=True)
    return base / rels[-1] if rels else base


def config(root: Path, data: object) -> None:
    (root / ".planning").mkdir(parents=True, exist_ok=True)
    (root / ".planning" / "config.json").write_text(json.dumps(data), encoding="utf-8")


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "elsewhere-home"
    home.mkdir()
    return {"HOME": str(home)}


# --- rule 0 and rule 3


def test_own_planning_is_root_without_walking(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "ws", {"sub_repos": ["app"]})
    app = mk(tmp_path, "ws/app/.planning")
    assert find_root(app.parent, env) == app.parent


def test_nothing_found_returns_start_unchanged(tmp_path: Path, env: dict[str, str]) -> None:
    start = mk(tmp_path, "a/b/c")
    assert find_root(start, env) == start


def test_idempotent(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "ws", {"planning": {"sub_repos": ["app"]}})
    start = mk(tmp_path, "ws/app/src/deep")
    root = find_root(start, env)
    assert root == tmp_path / "ws"
    assert find_root(root, env) == root


# --- rule 1a: sub_repos


def test_canonical_planning_sub_repos(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "ws", {"planning": {"sub_repos": ["app"]}})
    start = mk(tmp_path, "ws/app/.git", "ws/app/src/x")
    assert find_root(start, env) == tmp_path / "ws"


def test_legacy_top_level_sub_repos(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "ws", {"sub_repos": ["app"]})
    start = mk(tmp_path, "ws/app/.git", "ws/app/src")
    assert find_root(start, env) == tmp_path / "ws"


def test_legacy_sub_repos_is_read_first(tmp_path: Path, env: dict[str, str]) -> None:
    # The top-level list wins even though it does not name "app": the canonical list is ignored,
    # and app's own .git makes it a nested repo, so the workspace is not the answer.
    config(tmp_path / "ws", {"sub_repos": ["other"], "planning": {"sub_repos": ["app"]}})
    start = mk(tmp_path, "ws/app/.git", "ws/app/src")
    assert find_root(start, env) == start


def test_null_legacy_sub_repos_falls_back_to_canonical(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "ws", {"sub_repos": None, "planning": {"sub_repos": ["app"]}})
    start = mk(tmp_path, "ws/app/.git", "ws/app/src")
    assert find_root(start, env) == tmp_path / "ws"


def test_sub_repos_matches_first_segment_only(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "ws", {"sub_repos": ["app/src"]})  # a path, not a first segment
    start = mk(tmp_path, "ws/app/.git", "ws/app/src")
    assert find_root(start, env) == start


def test_sub_repos_non_list_or_non_string_entries_claim_nothing(
    tmp_path: Path, env: dict[str, str]
) -> None:
    config(tmp_path / "ws", {"sub_repos": "app"})
    start = mk(tmp_path, "ws/app/.git", "ws/app/src")
    assert find_root(start, env) == start
    config(tmp_path / "ws", {"sub_repos": [1, None, {"app": 1}]})
    assert find_root(start, env) == start


def test_invalid_config_skips_sub_repos(tmp_path: Path, env: dict[str, str]) -> None:
    mk(tmp_path, "ws/.planning")
    (tmp_path / "ws/.planning/config.json").write_text('{"sub_repos": ["app"],}', "utf-8")
    start = mk(tmp_path, "ws/app/.git", "ws/app/src")
    assert find_root(start, env) == start
    # A BOM makes JSON.parse fail upstream, so the file is skipped here too.
    (tmp_path / "ws/.planning/config.json").write_text('\ufeff{"sub_repos": ["app"]}', "utf-8")
    assert find_root(start, env) == start
    (tmp_path / "ws/.planning/config.json").write_text('{"sub_repos": ["app"]}', "utf-8")
    assert find_root(start, env) == tmp_path / "ws"


# --- rule 1b: multiRepo


def test_multirepo_with_git_below(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "ws", {"multiRepo": True})
    start = mk(tmp_path, "ws/app/.git", "ws/app/src")
    assert find_root(start, env) == tmp_path / "ws"


def test_multirepo_must_be_exactly_true(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "ws", {"multiRepo": "true"})
    start = mk(tmp_path, "ws/app/.git", "ws/app/src")
    assert find_root(start, env) == start  # falls to the nested-repo guard


# --- rule 1c: .git heuristic and the nested-repo guard


def test_git_at_parent_returns_parent(tmp_path: Path, env: dict[str, str]) -> None:
    mk(tmp_path, "proj/.planning", "proj/.git")
    start = mk(tmp_path, "proj/src/pkg")
    assert find_root(start, env) == tmp_path / "proj"


def test_git_file_counts_like_git_dir(tmp_path: Path, env: dict[str, str]) -> None:
    mk(tmp_path, "proj/.planning")
    (tmp_path / "proj/.git").write_text("gitdir: /elsewhere\n", "utf-8")  # a worktree
    start = mk(tmp_path, "proj/src")
    assert find_root(start, env) == tmp_path / "proj"


def test_nested_child_repo_not_claimed_resolves_to_itself(
    tmp_path: Path, env: dict[str, str]
) -> None:
    mk(tmp_path, "ws/.planning", "ws/.git")
    child = mk(tmp_path, "ws/vendor/lib/.git").parent
    start = mk(child, "src")
    assert find_root(start, env) == start
    assert find_root(child, env) == child  # start itself is the nested repo


def test_nested_repo_without_planning_anywhere_below_ancestor(
    tmp_path: Path, env: dict[str, str]
) -> None:
    # The last-resort walk also refuses to cross a .git boundary.
    mk(tmp_path, "ws/.planning")
    start = mk(tmp_path, "ws/child/.git", "ws/child/a")
    assert find_root(start, env) == start


def test_lookahead_finds_ancestor_claiming_start(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "outer", {"sub_repos": ["proj"]})
    mk(tmp_path, "outer/proj/.planning", "outer/proj/.git")
    start = mk(tmp_path, "outer/proj/src")
    assert find_root(start, env) == tmp_path / "outer"


def test_lookahead_without_claim_returns_parent(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "outer", {"sub_repos": ["other"]})
    mk(tmp_path, "outer/proj/.planning", "outer/proj/.git")
    start = mk(tmp_path, "outer/proj/src")
    assert find_root(start, env) == tmp_path / "outer" / "proj"


# --- rule 2: last resort


def test_last_resort_nearest_planning(tmp_path: Path, env: dict[str, str]) -> None:
    mk(tmp_path, "proj/.planning")
    start = mk(tmp_path, "proj/a/b")
    assert find_root(start, env) == tmp_path / "proj"


def test_last_resort_prefers_nearest(tmp_path: Path, env: dict[str, str]) -> None:
    mk(tmp_path, "outer/.planning", "outer/inner/.planning")
    start = mk(tmp_path, "outer/inner/x")
    assert find_root(start, env) == tmp_path / "outer" / "inner"


# --- $HOME


def test_main_walk_never_steps_onto_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    config(home, {"sub_repos": ["code"]})
    start = mk(home, "code/.git", "code/src")
    # Outside HOME the sub_repos claim wins...
    assert find_root(start, {"HOME": str(tmp_path / "nobody")}) == home
    # ...with HOME there, the main walk stops below it and the last resort refuses to cross
    # code/.git, so the start dir is the answer.
    assert find_root(start, {"HOME": str(home)}) == start


def test_last_resort_finds_home_planning(tmp_path: Path) -> None:
    home = tmp_path / "home"
    mk(home, ".planning")
    start = mk(home, "notes/2026")
    assert find_root(start, {"HOME": str(home)}) == home


def test_last_resort_stops_at_home(tmp_path: Path) -> None:
    mk(tmp_path, "base/.planning")
    home = mk(tmp_path, "base/home")
    start = mk(home, "x/y")
    assert find_root(start, {"HOME": str(home)}) == start
    assert find_root(start, {"HOME": str(tmp_path / "nobody")}) == tmp_path / "base"


def test_env_defaults_to_process_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = mk(tmp_path, "h/.planning").parent
    monkeypatch.setenv("HOME", str(home))
    start = mk(home, "a")
    assert find_root(start) == home


# --- the 10-ancestor bound


@pytest.mark.parametrize(("levels", "found"), [(10, True), (11, False)])
def test_ten_ancestor_bound(tmp_path: Path, env: dict[str, str], levels: int, found: bool) -> None:
    base = mk(tmp_path, "base/.planning").parent
    start = mk(base, "/".join(f"d{i}" for i in range(1, levels + 1)))
    assert find_root(start, env) == (base if found else start)


def test_ten_ancestor_bound_sub_repos(tmp_path: Path, env: dict[str, str]) -> None:
    config(tmp_path / "ws", {"sub_repos": ["app"]})
    near = mk(tmp_path / "ws", "app/" + "/".join(f"d{i}" for i in range(1, 10)))
    assert find_root(near, env) == tmp_path / "ws"
    far = mk(near, "d10")
    assert find_root(far, env) == far


def test_planning_file_is_not_a_project(tmp_path: Path, env: dict[str, str]) -> None:
    proj = mk(tmp_path, "proj")
    (proj / ".planning").write_text("not a dir", "utf-8")
    start = mk(proj, "src")
    assert find_root(start, env) == start
    assert find_root(proj, env) == proj
