"""Project discovery under a scan root, on real trees: skips, loops, errors, bounds, progress."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from msd_desktop.core.workspace.discovery import discover_projects, iter_projects


def project(path: Path) -> Path:
    (path / ".planning").mkdir(parents=True, exist_ok=True)
    return path


def roots(scan_root: Path, **kw: object) -> list[Path]:
    return [ref.root for ref in discover_projects(scan_root, **kw)]  # type: ignore[arg-type]


def test_finds_projects_in_name_order(tmp_path: Path) -> None:
    b = project(tmp_path / "b")
    a = project(tmp_path / "a" / "x")
    c = project(tmp_path / "c" / "d" / "e")
    (tmp_path / "plain" / "dir").mkdir(parents=True)
    assert roots(tmp_path) == [a, b, c]
    refs = discover_projects(tmp_path)
    assert [r.name for r in refs] == ["x", "b", "e"]
    assert {r.workspace for r in refs} == {tmp_path.name}


def test_scan_root_that_is_a_project(tmp_path: Path) -> None:
    project(tmp_path)
    project(tmp_path / "inner")
    assert roots(tmp_path) == [tmp_path]


def test_no_descent_below_a_project(tmp_path: Path) -> None:
    ws = project(tmp_path / "ws")
    project(ws / "app")  # e.g. a sub_repo that also has .planning: part of ws
    assert roots(tmp_path) == [ws]


def test_planning_file_is_not_a_project(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / ".planning").write_text("x", "utf-8")
    assert roots(tmp_path) == []


def test_skips_node_modules_hidden_and_planning(tmp_path: Path) -> None:
    project(tmp_path / "node_modules" / "pkg")
    project(tmp_path / "web" / "node_modules" / "dep")
    project(tmp_path / ".cache" / "thing")
    project(tmp_path / "__pycache__" / "x")
    real = project(tmp_path / "web")
    seen: list[Path] = []
    discover_projects(tmp_path, on_progress=lambda n, p: seen.append(p))
    assert roots(tmp_path) == [real]
    assert not any(
        part in {"node_modules", ".cache", ".planning"} for p in seen for part in p.parts
    )


def test_symlink_loops_end_and_each_project_listed_once(tmp_path: Path) -> None:
    proj = project(tmp_path / "a" / "proj")
    os.symlink(tmp_path, tmp_path / "a" / "loop")  # points back up: a cycle
    os.symlink(tmp_path / "a", tmp_path / "b")  # a second way to reach proj
    os.symlink(tmp_path / "self", tmp_path / "self")  # ELOOP on stat
    os.symlink(tmp_path / "nowhere", tmp_path / "dangling")
    assert roots(tmp_path, max_depth=30) == [proj]


def test_symlinked_project_is_found(tmp_path: Path) -> None:
    scan = tmp_path / "scan"
    real = project(scan / "store" / "real")
    os.symlink(real, scan / "linked")  # "linked" sorts first: listed under the link's path
    assert roots(scan) == [scan / "linked"]


def test_symlinks_out_of_the_scan_root_are_not_followed(tmp_path: Path) -> None:
    # Reliability finding F2: `ln -s / ws/escape` made a scan list projects all over the disk.
    outside = project(tmp_path / "elsewhere" / "real")
    scan = tmp_path / "ws"
    inside = project(scan / "mine")
    os.symlink("/", scan / "escape")
    os.symlink(outside, scan / "linked-out")
    os.symlink(tmp_path, scan / "parent")  # the scan root's parent: contains the root itself
    os.symlink("../elsewhere", scan / "relative-out")
    seen: list[Path] = []
    assert roots(scan, max_depth=30, on_progress=lambda _n, p: seen.append(p)) == [inside]
    assert seen == [scan, scan / "mine"]


def test_scan_root_reached_through_a_symlink(tmp_path: Path) -> None:
    real_ws = tmp_path / "real-ws"
    a = project(real_ws / "a")
    os.symlink(real_ws / "a", real_ws / "b")  # inside the root's real path: followed
    alias = tmp_path / "alias"
    os.symlink(real_ws, alias)
    assert roots(alias) == [alias / "a"]
    assert roots(real_ws) == [a]


def test_directory_vanishing_mid_scan_is_skipped(tmp_path: Path) -> None:
    # The scandir error path, exercised for real: when the walk enters "a", delete "b" (already
    # listed, not yet scanned). os.scandir("b") then fails and the scan goes on.
    a = project(tmp_path / "a" / "pa").parent
    b = project(tmp_path / "b" / "pb").parent
    c = project(tmp_path / "c" / "pc")

    def progress(n: int, path: Path) -> None:
        if path == a and b.exists():
            shutil.rmtree(b)

    assert roots(tmp_path, on_progress=progress) == [a / "pa", c]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads mode-000 dirs; see vanishing test")
def test_unreadable_directory_is_skipped(tmp_path: Path) -> None:
    locked = project(tmp_path / "locked" / "p").parent
    ok = project(tmp_path / "ok")
    locked.chmod(0)
    try:
        assert roots(tmp_path) == [ok]
    finally:
        locked.chmod(0o755)


def test_unreadable_scan_root_gives_empty(tmp_path: Path) -> None:
    assert roots(tmp_path / "missing") == []
    (tmp_path / "file").write_text("x", "utf-8")
    assert roots(tmp_path / "file") == []


def test_depth_is_bounded_20_deep(tmp_path: Path) -> None:
    deep = tmp_path
    for i in range(20):
        deep = deep / f"d{i:02}"
    project(deep)
    shallow = project(tmp_path / "d00" / "s1" / "s2")
    assert roots(tmp_path) == [shallow]  # default depth 6
    assert roots(tmp_path, max_depth=19) == [shallow]
    assert roots(tmp_path, max_depth=20) == [deep, shallow]
    counted: list[int] = []
    discover_projects(tmp_path, max_depth=3, on_progress=lambda n, p: counted.append(n))
    # depth 0..3 along d00/d01/d02 plus d00/s1 and d00/s1/s2: no deeper directory is entered
    assert counted[-1] == 6


def test_depth_zero_checks_only_the_root(tmp_path: Path) -> None:
    project(tmp_path / "child")
    assert roots(tmp_path, max_depth=0) == []


def test_progress_counts_directories(tmp_path: Path) -> None:
    for name in ("a", "b", "c"):
        project(tmp_path / name)
    calls: list[tuple[int, Path]] = []
    discover_projects(tmp_path, on_progress=lambda n, p: calls.append((n, p)))
    assert calls == [
        (1, tmp_path),
        (2, tmp_path / "a"),
        (3, tmp_path / "b"),
        (4, tmp_path / "c"),
    ]


def test_cancel_stops_early_with_partial_results(tmp_path: Path) -> None:
    for i in range(10):
        project(tmp_path / f"p{i}")
    entered = 0

    def progress(n: int, path: Path) -> None:
        nonlocal entered
        entered = n

    refs = discover_projects(tmp_path, on_progress=progress, cancel=lambda: entered >= 4)
    assert [r.name for r in refs] == ["p0", "p1", "p2"]
    assert discover_projects(tmp_path, cancel=lambda: True) == []


def test_iter_projects_is_lazy(tmp_path: Path) -> None:
    for i in range(5):
        project(tmp_path / f"p{i}")
    entered: list[Path] = []
    it = iter_projects(tmp_path, on_progress=lambda n, p: entered.append(p))
    first = next(it)
    assert first.name == "p0"
    assert len(entered) == 2  # the root and p0, nothing more yet
    assert [r.name for r in it] == ["p1", "p2", "p3", "p4"]


def test_project_refs_carry_workstreams_and_config(tmp_path: Path) -> None:
    p = project(tmp_path / "p")
    (p / ".planning/config.json").write_text("{}", "utf-8")
    (p / ".planning/workstreams/ws1").mkdir(parents=True)
    (p / ".planning/active-workstream").write_text("ws1\n", "utf-8")
    (ref,) = discover_projects(tmp_path, workspace="Mine")
    assert (ref.workspace, ref.workstreams, ref.active_workstream, ref.has_config) == (
        "Mine",
        ["ws1"],
        "ws1",
        True,
    )


def test_a_thousand_projects(tmp_path: Path) -> None:
    # Speed is measured outside the suite (no timing asserts here); this checks the count.
    for g in range(20):
        for i in range(50):
            project(tmp_path / f"group{g:02}" / f"proj{i:02}")
            (tmp_path / f"group{g:02}" / f"proj{i:02}" / "src").mkdir()
    assert len(discover_projects(tmp_path)) == 1000
