"""The workspace registry (persisted JSON, atomic, refusals) and the project model helpers."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.safe_write import write_file
from msd_desktop.core.workspace.registry import (
    ProjectRef,
    Workspace,
    WorkspaceRegistry,
    default_registry_path,
    list_workstreams,
    project_ref,
    read_active_workstream,
)


def project(path: Path, *, cfg: bool = False, workstreams: tuple[str, ...] = ()) -> Path:
    (path / ".planning").mkdir(parents=True, exist_ok=True)
    if cfg:
        (path / ".planning" / "config.json").write_text("{}\n", "utf-8")
    for ws in workstreams:
        (path / ".planning" / "workstreams" / ws).mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def reg_file(tmp_path: Path) -> Path:
    return tmp_path / "cfg" / "workspaces.json"


@pytest.fixture
def registry(reg_file: Path, isolated_home: Path) -> WorkspaceRegistry:
    return WorkspaceRegistry(reg_file, env={"HOME": str(isolated_home)})


def test_default_path_is_platformdirs_user_config(isolated_home: Path) -> None:
    path = default_registry_path()
    assert path == isolated_home / ".config" / "msd-desktop" / "workspaces.json"
    assert WorkspaceRegistry().path == path


def test_empty_when_missing(registry: WorkspaceRegistry) -> None:
    assert registry.list() == []


def test_add_project_folder_and_scan_root_persist(
    tmp_path: Path, registry: WorkspaceRegistry, reg_file: Path, isolated_home: Path
) -> None:
    proj = project(tmp_path / "proj")
    code = tmp_path / "code"
    code.mkdir()
    a = registry.add(proj)
    b = registry.add(code, name="All code", scan_depth=3)
    assert a == Workspace(name="proj", path=proj.resolve(), kind="folder", scan_depth=6)
    assert b.kind == "scan_root"
    assert b.name == "All code"
    data = json.loads(reg_file.read_text("utf-8"))
    assert data == [
        {"name": "proj", "path": str(proj.resolve()), "kind": "folder", "scan_depth": 6},
        {"name": "All code", "path": str(code.resolve()), "kind": "scan_root", "scan_depth": 3},
    ]
    assert reg_file.read_text("utf-8").endswith("]\n")
    # A fresh registry object (another process) sees the same thing.
    again = WorkspaceRegistry(reg_file, env={"HOME": str(isolated_home)})
    assert again.list() == [a, b]
    # No temp or lock files left beside the registry.
    assert sorted(os.listdir(reg_file.parent)) == ["workspaces.json"]


def test_readd_updates_in_place_and_keeps_unknown_keys(
    tmp_path: Path, registry: WorkspaceRegistry, reg_file: Path
) -> None:
    code = tmp_path / "code"
    code.mkdir()
    other = tmp_path / "other"
    other.mkdir()
    reg_file.parent.mkdir(parents=True)
    reg_file.write_text(
        json.dumps(
            [
                {"name": "code", "path": str(code), "kind": "scan_root", "color": "red"},
                {"name": "other", "path": str(other), "kind": "scan_root", "scan_depth": 2},
            ]
        ),
        "utf-8",
    )
    registry.add(code, scan_depth=4)
    data = json.loads(reg_file.read_text("utf-8"))
    assert data[0] == {
        "name": "code",
        "path": str(code.resolve()),
        "kind": "scan_root",
        "color": "red",
        "scan_depth": 4,
    }
    assert [w.name for w in registry.list()] == ["code", "other"]


def test_default_names_are_unique_explicit_clash_refused(
    tmp_path: Path, registry: WorkspaceRegistry
) -> None:
    one = project(tmp_path / "a" / "app")
    two = project(tmp_path / "b" / "app")
    assert registry.add(one).name == "app"
    assert registry.add(two).name == "app (2)"
    three = project(tmp_path / "c" / "x")
    with pytest.raises(MsdError, match="already registered"):
        registry.add(three, name="app")


def test_remove_by_name_and_by_path(tmp_path: Path, registry: WorkspaceRegistry) -> None:
    p1 = project(tmp_path / "p1")
    p2 = project(tmp_path / "p2")
    registry.add(p1, name="first")
    registry.add(p2)
    assert registry.remove("first").path == p1.resolve()
    assert registry.remove(p2).name == "p2"
    assert registry.list() == []
    assert p1.is_dir()
    assert p2.is_dir()
    with pytest.raises(MsdError, match="No workspace"):
        registry.remove("first")


def test_refuses_filesystem_root_and_home_as_scan_root(
    registry: WorkspaceRegistry, isolated_home: Path, reg_file: Path
) -> None:
    with pytest.raises(MsdError, match="filesystem root"):
        registry.add(Path("/"))
    with pytest.raises(MsdError, match="home folder"):
        registry.add(isolated_home)
    with pytest.raises(MsdError, match="home folder"):
        registry.add(isolated_home / "sub" / "..", kind="scan_root")
    assert not reg_file.exists()


def test_home_that_is_a_project_may_be_a_folder(
    registry: WorkspaceRegistry, isolated_home: Path
) -> None:
    project(isolated_home)
    assert registry.add(isolated_home).kind == "folder"


def test_refuses_missing_dir_and_bad_arguments(tmp_path: Path, registry: WorkspaceRegistry) -> None:
    with pytest.raises(MsdError, match="Not a directory"):
        registry.add(tmp_path / "nope")
    with pytest.raises(MsdError, match="scan_depth"):
        registry.add(tmp_path, kind="scan_root", scan_depth=-1)
    with pytest.raises(MsdError, match="kind"):
        registry.add(tmp_path, kind="bogus")  # type: ignore[arg-type]


def test_corrupt_registry_is_an_error_not_overwritten(
    tmp_path: Path, registry: WorkspaceRegistry, reg_file: Path
) -> None:
    reg_file.parent.mkdir(parents=True)
    reg_file.write_text("[{oops", "utf-8")
    with pytest.raises(MsdError, match="not valid JSON"):
        registry.list()
    with pytest.raises(MsdError, match="not valid JSON"):
        registry.add(project(tmp_path / "p"))
    assert reg_file.read_text("utf-8") == "[{oops"


def test_malformed_entries_are_skipped(registry: WorkspaceRegistry, reg_file: Path) -> None:
    reg_file.parent.mkdir(parents=True)
    reg_file.write_text(
        json.dumps([1, {"name": "x"}, {"path": "/srv/p", "kind": "?", "scan_depth": True}]),
        "utf-8",
    )
    assert registry.list() == [Workspace(name="p", path=Path("/srv/p"))]


def test_projects_of_folder_and_scan_root(tmp_path: Path, registry: WorkspaceRegistry) -> None:
    proj = project(tmp_path / "solo", cfg=True)
    code = tmp_path / "code"
    project(code / "one")
    project(code / "deep" / "two")
    solo = registry.add(proj)
    scan = registry.add(code, name="Code")
    refs = registry.projects(solo)
    assert [(r.name, r.workspace, r.has_config) for r in refs] == [("solo", "solo", True)]
    found = registry.projects(scan)
    assert sorted((r.name, r.workspace) for r in found) == [("one", "Code"), ("two", "Code")]


# --- project model


def test_list_workstreams_sorted_dirs_only(tmp_path: Path) -> None:
    root = project(tmp_path / "p", workstreams=("beta", "alpha"))
    (root / ".planning/workstreams/notes.md").write_text("x", "utf-8")
    os.symlink(root / ".planning/workstreams/alpha", root / ".planning/workstreams/link")
    assert list_workstreams(root) == ["alpha", "beta"]
    assert list_workstreams(project(tmp_path / "flat")) == []
    assert list_workstreams(tmp_path / "missing") == []


@pytest.mark.parametrize(
    ("pointer", "expected"),
    [
        ("alpha\n", "alpha"),
        ("  alpha  ", "alpha"),
        ("gone\n", None),  # names a missing workstream dir
        ("../alpha", None),  # invalid name
        ("", None),
    ],
)
def test_active_workstream_pointer(tmp_path: Path, pointer: str, expected: str | None) -> None:
    root = project(tmp_path / "p", workstreams=("alpha",))
    (root / ".planning/active-workstream").write_text(pointer, "utf-8")
    assert read_active_workstream(root) == expected
    # A read-only consumer never deletes a stale pointer.
    assert (root / ".planning/active-workstream").read_text("utf-8") == pointer


def test_active_workstream_ignores_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = project(tmp_path / "p", workstreams=("alpha",))
    monkeypatch.setenv("MSD_WORKSTREAM", "beta")
    assert read_active_workstream(root) is None


def test_project_ref(tmp_path: Path) -> None:
    root = project(tmp_path / "p", cfg=True, workstreams=("w1",))
    (root / ".planning/active-workstream").write_text("w1\n", "utf-8")
    ref = project_ref(root, "W")
    assert ref == ProjectRef(
        root=root,
        name="p",
        workspace="W",
        workstreams=["w1"],
        active_workstream="w1",
        has_config=True,
    )
    assert ref.to_json()["root"] == str(root)


# --- the CLI verbs (in-process through msd_desktop.cli.main)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    from msd_desktop.cli import main

    rc = main(list(argv))
    out, err = capsys.readouterr()
    if rc != 0:
        return rc, err
    try:
        return rc, json.loads(out)
    except ValueError:
        return rc, out


def test_cli_root(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path / "p")
    (root / "src").mkdir()
    rc, out = run_cli(capsys, "root", "--cwd", str(root / "src"))
    assert (rc, out) == (0, f"{root}\n")


def test_cli_scan_does_not_register(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], isolated_home: Path
) -> None:
    project(tmp_path / "code" / "a", cfg=True, workstreams=("w",))
    project(tmp_path / "code" / "x" / "b")
    rc, out = run_cli(capsys, "workspaces", "scan", "code", "--cwd", str(tmp_path))
    assert rc == 0
    assert out == [
        {
            "name": "a",
            "root": str(tmp_path / "code" / "a"),
            "workstreams": ["w"],
            "active_workstream": None,
            "has_config": True,
        },
        {
            "name": "b",
            "root": str(tmp_path / "code" / "x" / "b"),
            "workstreams": [],
            "active_workstream": None,
            "has_config": False,
        },
    ]
    rc, out = run_cli(capsys, "workspaces", "scan", "code", "--depth", "1", "--cwd", str(tmp_path))
    assert [p["name"] for p in out] == ["a"]
    assert WorkspaceRegistry().list() == []


def test_cli_add_list_remove(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], isolated_home: Path
) -> None:
    solo = project(tmp_path / "solo")
    project(tmp_path / "code" / "one")
    rc, out = run_cli(capsys, "workspaces", "add", str(solo))
    assert rc == 0
    assert out["kind"] == "folder"
    rc, out = run_cli(
        capsys,
        "workspaces",
        "add",
        "code",
        "--name",
        "Code",
        "--depth",
        "2",
        "--cwd",
        str(tmp_path),
    )
    assert rc == 0
    assert out["kind"] == "scan_root"
    assert out["scan_depth"] == 2
    rc, out = run_cli(capsys, "workspaces", "list")
    assert rc == 0
    assert [(w["name"], [p["name"] for p in w["projects"]]) for w in out] == [
        ("solo", ["solo"]),
        ("Code", ["one"]),
    ]
    rc, out = run_cli(capsys, "workspaces", "remove", "Code")
    assert rc == 0
    assert out["name"] == "Code"
    rc, out = run_cli(capsys, "workspaces", "remove", "solo", "--cwd", str(tmp_path))
    assert rc == 0
    assert WorkspaceRegistry().list() == []


def test_cli_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], isolated_home: Path
) -> None:
    rc, err = run_cli(capsys, "workspaces", "add")
    assert rc == 1
    assert "Usage: msd workspaces add PATH" in str(err)
    rc, err = run_cli(capsys, "workspaces", "add", str(isolated_home))
    assert rc == 1
    assert "home folder" in str(err)
    rc, err = run_cli(capsys, "workspaces", "remove", "nothing")
    assert rc == 1
    assert str(err).startswith("Error: No workspace")
    rc, err = run_cli(capsys, "workspaces", "scan", "--depth", "-1", "--cwd", str(tmp_path))
    assert rc == 1
    assert "--depth" in str(err)


# --- two writers at once ---------------------------------------------------------------------

_ADDER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from msd_desktop.core.workspace.registry import WorkspaceRegistry

    registry = WorkspaceRegistry(Path(sys.argv[1]), env={"HOME": sys.argv[2]})
    for folder in sys.argv[3:]:
        registry.add(folder, kind="folder")
""")


@pytest.mark.timeout(120)
def test_two_processes_adding_at_once_register_every_folder(
        tmp_path: Path, reg_file: Path, isolated_home: Path) -> None:
    folders = [project(tmp_path / "p" / f"f{i:02d}") for i in range(40)]
    adders = [subprocess.Popen([sys.executable, "-c", _ADDER, str(reg_file), str(isolated_home),
                                *map(str, folders[half::2])])
              for half in (0, 1)]
    assert [adder.wait(timeout=100) for adder in adders] == [0, 0]
    registered = WorkspaceRegistry(reg_file, env={"HOME": str(isolated_home)}).list()
    assert sorted(ws.path for ws in registered) == sorted(f.resolve() for f in folders)


def test_the_registry_is_one_of_our_own_files(registry: WorkspaceRegistry, reg_file: Path,
                                              tmp_path: Path) -> None:
    registry.add(project(tmp_path / "proj"), kind="folder")
    assert stat.S_IMODE(reg_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(reg_file.parent.stat().st_mode) == 0o700


def test_a_symlinked_registry_is_not_written_through(registry: WorkspaceRegistry,
                                                     reg_file: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.json"
    victim.write_text("[]\n")
    reg_file.parent.mkdir(mode=0o700)
    reg_file.symlink_to(victim)
    with pytest.raises(MsdError, match="symbolic link"):
        registry.add(project(tmp_path / "proj"), kind="folder")
    assert victim.read_text() == "[]\n"


def test_set_scan_depth_changes_every_scan_root_only(tmp_path: Path) -> None:
    from msd_desktop.core.workspace.registry import MAX_SCAN_DEPTH, check_scan_depth

    reg = WorkspaceRegistry(tmp_path / "cfg" / "workspaces.json")
    roots = tmp_path / "roots"
    (roots / "p" / ".planning").mkdir(parents=True)
    one = tmp_path / "one"
    (one / ".planning").mkdir(parents=True)
    reg.add(roots, kind="scan_root", scan_depth=6)
    reg.add(one, kind="folder", scan_depth=6)
    raw = json.loads(reg.path.read_text(encoding="utf-8"))
    raw[0]["note"] = "mine"  # a key we do not know stays, in its place
    write_file(reg.path, (json.dumps(raw) + "\n").encode(), own=True)
    changed = reg.set_scan_depth(2)
    assert [ws.name for ws in changed] == ["roots"]
    assert [ws.scan_depth for ws in reg.list()] == [2, 6]
    assert list(json.loads(reg.path.read_text(encoding="utf-8"))[0]) == [
        "name", "path", "kind", "scan_depth", "note"]
    assert reg.set_scan_depth(2) == []  # nothing to change: nothing written
    for bad in (-1, MAX_SCAN_DEPTH + 1, True, "3"):
        with pytest.raises(MsdError, match="Scan depth must be a whole number from 0 to 32"):
            reg.set_scan_depth(bad)  # type: ignore[arg-type]
    assert check_scan_depth(MAX_SCAN_DEPTH) == MAX_SCAN_DEPTH
    assert [ws.scan_depth for ws in reg.list()] == [2, 6]


def test_a_registry_in_a_folder_others_can_write_is_not_read(
        tmp_path: Path, registry: WorkspaceRegistry, reg_file: Path) -> None:
    """Another user who can write the folder could plant the list of folders the app opens
    and watches: it is refused with the reason, and nothing is written over it."""
    reg_file.parent.mkdir(parents=True)
    planted = json.dumps([{"name": "x", "path": str(tmp_path), "kind": "folder"}])
    reg_file.write_text(planted, "utf-8")
    os.chmod(reg_file.parent, 0o777)
    with pytest.raises(MsdError, match="can be written by other users"):
        registry.list()
    with pytest.raises(MsdError, match="can be written by other users"):
        registry.add(project(tmp_path / "p"))
    assert reg_file.read_text("utf-8") == planted
    os.chmod(reg_file.parent, 0o700)
    assert [w.name for w in registry.list()] == ["x"]  # a folder of ours again: read


def test_exclude_and_include_a_project_of_a_scan_root(tmp_path: Path) -> None:
    from msd_desktop.core.workspace.registry import lists_project

    reg = WorkspaceRegistry(tmp_path / "cfg" / "workspaces.json")
    code = tmp_path / "code"
    keep, drop = project(code / "keep"), project(code / "team" / "drop")
    ws = reg.add(code, name="Code", kind="scan_root")
    raw = json.loads(reg.path.read_text(encoding="utf-8"))
    raw[0]["mine"] = 1  # a key we do not know stays, in its place
    write_file(reg.path, (json.dumps(raw) + "\n").encode(), own=True)
    assert [p.name for p in reg.projects(ws)] == ["keep", "drop"]
    ws = reg.exclude_project("Code", drop)
    assert ws.exclude == ("team/drop",)
    assert reg.exclude_project("Code", drop).exclude == ("team/drop",)  # once
    stored = json.loads(reg.path.read_text(encoding="utf-8"))[0]
    assert list(stored) == ["name", "path", "kind", "scan_depth", "mine", "exclude"]
    assert stored["exclude"] == ["team/drop"]
    listed = reg.list()[0]
    assert [p.name for p in reg.projects(listed)] == ["keep"]  # the scan skips it
    assert not lists_project(listed, drop.resolve())
    assert lists_project(listed, keep.resolve())
    # re-adding the scan root (a new depth) keeps what it excludes
    reg.add(code, kind="scan_root", scan_depth=3)
    assert reg.list()[0].exclude == ("team/drop",)
    ws = reg.include_project("Code", "team/drop")  # as the list shows it
    assert ws.exclude == ()
    assert "exclude" not in json.loads(reg.path.read_text(encoding="utf-8"))[0]
    assert [p.name for p in reg.projects(reg.list()[0])] == ["keep", "drop"]


def test_exclude_refusals(tmp_path: Path) -> None:
    reg = WorkspaceRegistry(tmp_path / "cfg" / "workspaces.json")
    code = tmp_path / "code"
    project(code / "a")
    solo = project(tmp_path / "solo")
    reg.add(code, name="Code", kind="scan_root")
    reg.add(solo, name="Solo", kind="folder")
    before = reg.path.read_bytes()
    with pytest.raises(MsdError, match="No workspace named 'Nope'"):
        reg.exclude_project("Nope", code / "a")
    with pytest.raises(MsdError, match="not a scan root"):
        reg.exclude_project("Solo", solo)
    with pytest.raises(MsdError, match="is not inside the scan root"):
        reg.exclude_project("Code", solo)
    with pytest.raises(MsdError, match="is not inside the scan root"):
        reg.exclude_project("Code", code)  # the root itself
    with pytest.raises(MsdError, match="is not inside the scan root"):
        reg.exclude_project("Code", "../solo")
    with pytest.raises(MsdError, match="is not excluded from workspace 'Code'"):
        reg.include_project("Code", "a")
    assert reg.path.read_bytes() == before  # nothing written


def test_a_hand_edited_exclude_list_is_read_safely(tmp_path: Path) -> None:
    reg = WorkspaceRegistry(tmp_path / "cfg" / "workspaces.json")
    code = tmp_path / "code"
    project(code / "a")
    reg.add(code, name="Code", kind="scan_root")
    raw = json.loads(reg.path.read_text(encoding="utf-8"))
    raw[0]["exclude"] = ["./a/", "a", 3, None, "../x", "/abs", ""]
    write_file(reg.path, (json.dumps(raw) + "\n").encode(), own=True)
    assert reg.list()[0].exclude == ("a",)


def test_cli_exclude_include(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             isolated_home: Path) -> None:
    project(tmp_path / "code" / "one")
    project(tmp_path / "code" / "two")
    rc, _out = run_cli(capsys, "workspaces", "add", "code", "--name", "Code", "--cwd",
                       str(tmp_path))
    assert rc == 0
    rc, out = run_cli(capsys, "workspaces", "exclude", "Code", "code/two", "--cwd",
                      str(tmp_path))
    assert rc == 0
    assert out["exclude"] == ["two"]
    assert [p["name"] for p in out["projects"]] == ["one"]
    rc, out = run_cli(capsys, "workspaces", "list")
    assert out[0]["exclude"] == ["two"]
    rc, out = run_cli(capsys, "workspaces", "include", "Code", "two")
    assert rc == 0
    assert "exclude" not in out
    assert [p["name"] for p in out["projects"]] == ["one", "two"]
    rc, err = run_cli(capsys, "workspaces", "exclude", "Code")
    assert rc != 0
    assert "msd workspaces exclude WORKSPACE PROJECT" in err
    rc, err = run_cli(capsys, "workspaces", "include", "Code", "code/two", "--cwd",
                      str(tmp_path))
    assert rc != 0
    assert "two is not excluded from workspace 'Code'" in err
