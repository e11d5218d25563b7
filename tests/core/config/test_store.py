"""Config loading with provenance (§2.1, §4 case 2, D1), aliases, migrations (§2.5), writes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from msd_desktop.core.common.errors import ConflictError, MsdError
from msd_desktop.core.common.jsonfile import dump_json, read_json_file
from msd_desktop.core.config.store import (
    deep_merge,
    effective_commit_docs,
    load_config,
    load_global_defaults,
    migrate_config,
    migrate_config_data,
    write_project_config,
)
from tests.prerequisites import require_tool

if TYPE_CHECKING:
    from tests.differential.conftest import Upstream


class Project:
    """A project root plus a private home, written as real files."""

    def __init__(self, base: Path) -> None:
        self.root = base / "proj"
        self.root.mkdir()
        self.home = base / "home"
        self.home.mkdir()
        self.env: dict[str, str] = {"HOME": str(self.home)}

    @property
    def planning(self) -> Path:
        return self.root / ".planning"

    def write(self, rel: str, content: Any) -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content if isinstance(content, str) else json.dumps(content))
        return path

    def config(self, content: Any) -> Path:
        return self.write(".planning/config.json", content)

    def ws_config(self, ws: str, content: Any) -> Path:
        return self.write(f".planning/workstreams/{ws}/config.json", content)

    def defaults(self, content: Any) -> Path:
        path = self.home / ".msd" / "defaults.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content))
        return path


@pytest.fixture
def proj(tmp_path: Path) -> Project:
    return Project(tmp_path)


def _prov(lc: Any) -> tuple[str, bool, str]:
    return lc.source, lc.degraded, lc.reason


# --- §2.1 provenance table ----------------------------------------------------------------


def test_workstream_config_read(proj: Project) -> None:
    proj.config({"model_profile": "budget", "workflow": {"research": False}})
    proj.ws_config("w1", {"model_profile": "quality", "workflow": {"verifier": False}})
    lc = load_config(proj.root, proj.env, "w1")
    assert _prov(lc) == ("workstream", False, "resolved")
    assert lc.values["model_profile"] == "quality"
    assert lc.values["workflow"] == {"research": False, "verifier": False}
    assert lc.workstream == "w1"
    assert lc.planning_dir == proj.planning / "workstreams" / "w1"
    assert [layer.name for layer in lc.layers] == ["workstream", "project", "global", "builtin"]


def test_workstream_file_empty_is_configured_empty(proj: Project) -> None:
    proj.config({"model_profile": "budget"})
    proj.ws_config("w1", {})
    lc = load_config(proj.root, proj.env, "w1")
    assert _prov(lc) == ("workstream", False, "configured_empty")
    assert lc.values["model_profile"] == "budget"  # inherited from root


def test_root_config_read(proj: Project) -> None:
    proj.config({"model_profile": "quality"})
    assert _prov(load_config(proj.root, proj.env, None)) == ("root", False, "resolved")
    proj.config({})
    assert _prov(load_config(proj.root, proj.env, None)) == ("root", False, "configured_empty")


def test_workstream_fallback(proj: Project) -> None:
    proj.config({"model_profile": "quality"})
    (proj.planning / "workstreams" / "w1").mkdir(parents=True)
    lc = load_config(proj.root, proj.env, "w1")
    assert _prov(lc) == ("root", True, "workstream_fallback")
    assert lc.values["model_profile"] == "quality"
    assert any("w1" in d for d in lc.diagnostics)
    # A requested workstream without even a directory falls back the same way.
    lc = load_config(proj.root, proj.env, "absent")
    assert _prov(lc) == ("root", True, "workstream_fallback")


def test_planning_without_config(proj: Project) -> None:
    proj.planning.mkdir()
    proj.defaults({"model_profile": "budget"})
    lc = load_config(proj.root, proj.env, None)
    assert _prov(lc) == ("builtin-defaults", False, "not_configured")
    assert lc.values == {}


def test_global_defaults_only_without_planning(proj: Project) -> None:
    path = proj.defaults({
        "model_profile": "budget", "mode": "yolo", "runtime": "codex",
        "workflow": {"post_planning_gaps": False, "research": False},
        "model_overrides": {"msd-planner": "opus"},
    })
    lc = load_config(proj.root, proj.env, None)
    assert _prov(lc) == ("global-defaults", False, "not_configured")
    assert lc.values["model_profile"] == "budget"
    assert lc.values["runtime"] == "codex"
    assert "mode" not in lc.values  # not one of the §4 case-2 fields
    assert lc.values["post_planning_gaps"] is False
    assert "research" not in lc.values  # workflow.research is not honoured from defaults.json
    assert lc.model_override_sources == {"msd-planner": str(path)}
    p = lc.provenance("model_profile")
    assert (p.layer, p.path, p.value) == ("global", str(path), "budget")
    assert lc.provenance("mode").layer == "builtin"


def test_no_planning_no_global(proj: Project) -> None:
    lc = load_config(proj.root, proj.env, None)
    assert _prov(lc) == ("builtin-defaults", False, "not_configured")
    assert lc.values == {}


# --- unusable files ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    ['{\n  "model_profile": "quality",\n}\n', b'\xef\xbb\xbf{"a": 1}', b'{"a": "\xff"}', "[]",
     "null", "0", '"x"'],
)
def test_unparseable_project_config(proj: Project, content: Any) -> None:
    path = proj.config(content)
    lc = load_config(proj.root, proj.env, None)
    assert _prov(lc) == ("builtin-defaults", True, "config_unparseable")
    assert lc.values == {}
    assert len(lc.diagnostics) == 1
    assert str(path) in lc.diagnostics[0]
    layer = lc.layer("project")
    assert layer is not None
    assert layer.file is not None
    assert layer.file.error is not None


def test_trailing_comma_diagnostic_has_line(proj: Project) -> None:
    path = proj.config('{\n  "model_profile": "quality",\n}\n')
    lc = load_config(proj.root, proj.env, None)
    assert lc.diagnostics[0].startswith(f"{path}: line 3, column 1: ")


def test_unreadable_project_config(proj: Project) -> None:
    (proj.planning / "config.json").mkdir(parents=True)
    lc = load_config(proj.root, proj.env, None)
    assert _prov(lc) == ("builtin-defaults", True, "config_unreadable")


def test_root_broken_workstream_fine(proj: Project) -> None:
    proj.config("{nope")
    proj.ws_config("w1", {"model_profile": "quality"})
    lc = load_config(proj.root, proj.env, "w1")
    assert _prov(lc) == ("workstream", True, "config_unparseable")
    assert lc.values == {"model_profile": "quality"}


def test_workstream_broken_root_fine(proj: Project) -> None:
    proj.config({"model_profile": "budget"})
    proj.ws_config("w1", "{nope")
    lc = load_config(proj.root, proj.env, "w1")
    assert _prov(lc) == ("root", True, "config_unparseable")
    assert lc.values == {"model_profile": "budget"}


def test_broken_global_without_planning(proj: Project) -> None:
    proj.defaults("{,}")
    lc = load_config(proj.root, proj.env, None)
    assert _prov(lc) == ("builtin-defaults", True, "config_unparseable")
    assert "defaults.json" in lc.diagnostics[0]


def test_broken_global_with_planning_is_only_a_diagnostic(proj: Project) -> None:
    proj.config({"model_profile": "quality"})
    proj.defaults("{,}")
    lc = load_config(proj.root, proj.env, None)
    assert _prov(lc) == ("root", False, "resolved")
    assert len(lc.diagnostics) == 1
    assert "defaults.json" in lc.diagnostics[0]


def test_ten_megabyte_config(proj: Project) -> None:
    pad = "x" * (10 * 1024 * 1024)
    proj.config(json.dumps({"pad": pad, "model_profile": "quality"}))
    assert load_config(proj.root, proj.env, None).values["model_profile"] == "quality"
    proj.config(json.dumps({"pad": pad}) + "\n,")
    lc = load_config(proj.root, proj.env, None)
    assert lc.reason == "config_unparseable"
    assert "line 2, column 1" in lc.diagnostics[0]


# --- workstream selection and project scoping ---------------------------------------------


def test_active_workstream_from_pointer_and_env(proj: Project) -> None:
    proj.config({"model_profile": "budget"})
    proj.ws_config("w1", {"model_profile": "quality"})
    proj.write(".planning/active-workstream", "w1\n")
    assert load_config(proj.root, proj.env).values["model_profile"] == "quality"
    env = {**proj.env, "MSD_WORKSTREAM": "w2"}
    assert _prov(load_config(proj.root, env)) == ("root", True, "workstream_fallback")
    assert load_config(proj.root, proj.env, None).values["model_profile"] == "budget"


def test_msd_project_scoping(proj: Project) -> None:
    proj.config({"model_profile": "budget"})
    proj.write(".planning/app/config.json", {"model_profile": "quality"})
    env = {**proj.env, "MSD_PROJECT": "app"}
    lc = load_config(proj.root, env, None)
    assert lc.values["model_profile"] == "quality"
    assert lc.planning_dir == proj.planning / "app"
    proj.write(".planning/app/workstreams/w/config.json", {"effort": {"default": "low"}})
    lc = load_config(proj.root, env, "w")
    assert lc.values == {"model_profile": "quality", "effort": {"default": "low"}}


def test_invalid_names(proj: Project) -> None:
    with pytest.raises(MsdError, match="MSD_PROJECT contains invalid path characters: a/b"):
        load_config(proj.root, {**proj.env, "MSD_PROJECT": "a/b"}, None)
    # spec §1: path characters in MSD_WORKSTREAM get the spec's message (finding F3) ...
    with pytest.raises(MsdError, match=r"^MSD_WORKSTREAM contains invalid path chara.*: \.\./x$"):
        load_config(proj.root, {**proj.env, "MSD_WORKSTREAM": "../x"})
    # ... other invalid names keep upstream's --ws wording
    with pytest.raises(MsdError, match="Invalid workstream name"):
        load_config(proj.root, {**proj.env, "MSD_WORKSTREAM": "-x"})
    with pytest.raises(MsdError, match="MSD_WORKSTREAM contains invalid path characters"):
        load_config(proj.root, proj.env, "..")


# --- D1 and provenance ---------------------------------------------------------------------


def test_d1_model_overrides_merge_with_sources(proj: Project) -> None:
    gpath = proj.defaults({"model_overrides": {"msd-planner": "haiku", "msd-executor": "sonnet"},
                           "model_profile": "budget"})
    ppath = proj.config({"model_overrides": {"msd-planner": "opus", "msd-verifier": "haiku"}})
    wpath = proj.ws_config("w1", {"model_overrides": {"msd-verifier": "opus"}})
    lc = load_config(proj.root, proj.env, "w1")
    assert lc.values["model_overrides"] == {
        "msd-planner": "opus", "msd-executor": "sonnet", "msd-verifier": "opus"
    }
    assert lc.model_override_sources == {
        "msd-planner": str(ppath), "msd-executor": str(gpath), "msd-verifier": str(wpath)
    }
    assert "model_profile" not in lc.values  # every other global key is hidden by .planning/
    p = lc.provenance("model_overrides.msd-planner")
    assert (p.layer, p.value, p.present) == ("project", "opus", True)
    assert [(e.layer, e.value) for e in p.overridden] == [("global", "haiku")]
    p = lc.provenance("model_overrides.msd-verifier")
    assert (p.layer, [(e.layer, e.value) for e in p.overridden]) == (
        "workstream", [("project", "haiku")])
    assert lc.provenance("model_overrides.msd-executor").layer == "global"
    shadow = lc.provenance("model_profile")
    assert shadow.layer == "builtin"
    assert [e.layer for e in shadow.overridden] == ["global"]


def test_d1_applies_without_project_config(proj: Project) -> None:
    proj.planning.mkdir()
    gpath = proj.defaults({"model_overrides": {"msd-planner": "haiku"}})
    lc = load_config(proj.root, proj.env, None)
    assert lc.source == "builtin-defaults"
    assert lc.values == {"model_overrides": {"msd-planner": "haiku"}}
    assert lc.model_override_sources == {"msd-planner": str(gpath)}


def test_d1_wrong_typed_project_value_is_kept(proj: Project) -> None:
    proj.defaults({"model_overrides": {"msd-planner": "haiku"}})
    proj.config({"model_overrides": "opus"})
    lc = load_config(proj.root, proj.env, None)
    assert lc.values["model_overrides"] == "opus"
    assert lc.model_override_sources == {}


def test_provenance_absent_key_and_to_dict(proj: Project) -> None:
    proj.config({"model_profile": "quality"})
    lc = load_config(proj.root, proj.env, None)
    p = lc.provenance("workflow.nope")
    assert (p.present, p.layer, p.path, p.overridden) == (False, "builtin", None, [])
    assert lc.to_provenance_dict() == {
        "source": "root", "degraded": False, "reason": "resolved", "diagnostics": []
    }
    assert lc.get("model_profile") == "quality"
    assert lc.get("x.y", 5) == 5


# --- aliases --------------------------------------------------------------------------------


def test_read_time_aliases_flat_wins(proj: Project) -> None:
    proj.config({
        "commit_docs": False, "planning": {"commit_docs": True, "search_gitignored": True},
        "plan_checker": False, "workflow": {"plan_check": True, "research": False},
        "research": True, "git": {"phase_branch_template": "p/{phase}"},
    })
    lc = load_config(proj.root, proj.env, None)
    v = lc.values
    assert v["commit_docs"] is False
    assert v["planning"]["commit_docs"] is False
    assert v["search_gitignored"] is True
    assert v["plan_checker"] is False
    assert v["workflow"]["plan_check"] is False
    assert v["research"] is True
    assert v["workflow"]["research"] is True
    assert v["phase_branch_template"] == "p/{phase}"
    p = lc.provenance("workflow.research")
    assert (p.value, p.layer) == (True, "project")
    assert lc.provenance("planning.search_gitignored").value is True


def test_aliases_create_missing_section(proj: Project) -> None:
    proj.config({"text_mode": True, "workflow": "garbage"})
    v = load_config(proj.root, proj.env, None).values
    assert v["text_mode"] is True
    assert v["workflow"] == "garbage"
    proj.config({"mvp_mode": True})
    v = load_config(proj.root, proj.env, None).values
    assert v["workflow"] == {"mvp_mode": True}


# --- §2.5 migrations ------------------------------------------------------------------------


def test_migrate_branching_strategy_and_sub_repos(tmp_path: Path) -> None:
    data = {"branching_strategy": "phase", "sub_repos": ["a"], "git": {"base_branch": "main"}}
    new, records = migrate_config_data(data, tmp_path)
    assert new == {"git": {"base_branch": "main", "branching_strategy": "phase"},
                   "planning": {"sub_repos": ["a"]}}
    assert records == [
        {"from": "branching_strategy", "to": "git.branching_strategy", "value": "phase"},
        {"from": "sub_repos", "to": "planning.sub_repos", "value": ["a"]},
    ]
    assert "branching_strategy" in data  # input untouched


def test_migrate_nested_wins(tmp_path: Path) -> None:
    data = {"branching_strategy": "phase", "git": {"branching_strategy": "none"},
            "sub_repos": ["a"], "planning": {"sub_repos": ["b"]}}
    new, records = migrate_config_data(data, tmp_path)
    assert new == {"git": {"branching_strategy": "none"}, "planning": {"sub_repos": ["b"]}}
    assert [r["from"] for r in records] == ["branching_strategy", "sub_repos"]


def _child_repos(root: Path) -> None:
    (root / "web" / ".git").mkdir(parents=True)
    (root / "api").mkdir()
    (root / "api" / ".git").write_text("gitdir: elsewhere")  # worktree-style .git file
    (root / ".hidden" / ".git").mkdir(parents=True)
    (root / "node_modules" / "x" / ".git").mkdir(parents=True)
    (root / "node_modules" / ".git").mkdir()
    (root / "plain").mkdir()


def test_migrate_multirepo(tmp_path: Path) -> None:
    _child_repos(tmp_path)
    new, records = migrate_config_data({"multiRepo": True, "planning": {"x": 1}}, tmp_path)
    assert new == {"planning": {"x": 1, "sub_repos": ["api", "web"], "commit_docs": False}}
    assert records == [{"from": "multiRepo", "to": "planning.sub_repos", "value": True,
                        "requiresFilesystem": True}]


def test_migrate_multirepo_keeps_existing_sub_repos(tmp_path: Path) -> None:
    _child_repos(tmp_path)
    new, _ = migrate_config_data({"multiRepo": True, "planning": {"sub_repos": ["x"]}}, tmp_path)
    assert new == {"planning": {"sub_repos": ["x"]}}


def test_migrate_multirepo_without_children_and_non_true(tmp_path: Path) -> None:
    new, records = migrate_config_data({"multiRepo": True}, tmp_path)
    assert new == {}
    assert len(records) == 1
    new, records = migrate_config_data({"multiRepo": "yes"}, tmp_path)
    assert new == {"multiRepo": "yes"}
    assert records == []


@pytest.mark.parametrize(
    ("depth", "granularity"),
    [("quick", "coarse"), ("standard", "standard"), ("comprehensive", "fine"), ("odd", "odd"),
     (3, 3)],
)
def test_migrate_depth(tmp_path: Path, depth: Any, granularity: Any) -> None:
    new, records = migrate_config_data({"depth": depth, "a": 1}, tmp_path)
    assert new == {"a": 1, "granularity": granularity}
    assert records == [{"from": "depth", "to": "granularity", "value": granularity}]


def test_migrate_depth_with_granularity_untouched(tmp_path: Path) -> None:
    data = {"depth": "quick", "granularity": "fine"}
    assert migrate_config_data(data, tmp_path) == (data, [])


def test_load_migrates_in_memory_and_never_writes(proj: Project) -> None:
    _child_repos(proj.root)
    text = json.dumps({"depth": "quick", "multiRepo": True, "branching_strategy": "phase"})
    path = proj.config(text)
    ws_path = proj.ws_config("w1", {"planning": {"sub_repos": ["zzz"]}})
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in (path, ws_path)}
    listing = sorted(proj.planning.rglob("*"))
    lc = load_config(proj.root, proj.env, "w1")
    assert lc.values["granularity"] == "coarse"
    assert lc.values["branching_strategy"] == "phase"
    assert lc.values["git"] == {"branching_strategy": "phase"}
    assert lc.values["planning"]["sub_repos"] == ["api", "web"]  # re-synced from disk
    assert lc.values["planning"]["commit_docs"] is False
    assert {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in (path, ws_path)} == before
    assert sorted(proj.planning.rglob("*")) == listing


def test_load_resyncs_stale_sub_repos(proj: Project) -> None:
    _child_repos(proj.root)
    proj.config({"planning": {"sub_repos": ["web", "gone"]}})
    assert load_config(proj.root, proj.env, None).values["sub_repos"] == ["api", "web"]
    proj.config({"planning": {"sub_repos": ["web", "api"]}})  # same set: kept as written
    assert load_config(proj.root, proj.env, None).values["sub_repos"] == ["web", "api"]


def test_migrate_config_writes_atomically(proj: Project) -> None:
    path = proj.config(json.dumps({"zz": {"keep": 1}, "depth": "comprehensive", "aa": 2}))
    report = migrate_config(proj.root, proj.env, workstream=None)
    assert report["migrated"] is True
    assert report["wrote"] == str(path)
    assert report["normalizations"] == [{"from": "depth", "to": "granularity", "value": "fine"}]
    assert path.read_text() == dump_json({"zz": {"keep": 1}, "aa": 2, "granularity": "fine"})
    assert sorted(p.name for p in proj.planning.iterdir()) == ["config.json"]
    again = migrate_config(proj.root, proj.env, workstream=None)
    assert {k: again[k] for k in ("migrated", "normalizations", "wrote")} == {
        "migrated": False, "normalizations": [], "wrote": None}


def test_migrate_config_dry_run_and_missing(proj: Project) -> None:
    assert migrate_config(proj.root, proj.env, workstream=None)["migrated"] is False
    path = proj.config({"depth": "quick"})
    before = path.read_bytes()
    report = migrate_config(proj.root, proj.env, dry_run=True, workstream=None)
    assert report["migrated"] is True
    assert report["wrote"] is None
    assert report["config"] == {"granularity": "coarse"}
    assert path.read_bytes() == before


def test_migrate_config_refuses_unparseable(proj: Project) -> None:
    path = proj.config('{\n  "depth": "quick",\n}')
    with pytest.raises(MsdError) as info:
        migrate_config(proj.root, proj.env, workstream=None)
    assert f"{path}: line 3, column 1" in str(info.value)
    assert path.read_text() == '{\n  "depth": "quick",\n}'


def test_migrate_config_workstream(proj: Project) -> None:
    proj.config({"depth": "quick"})
    wpath = proj.ws_config("w1", {"depth": "standard"})
    report = migrate_config(proj.root, {**proj.env, "MSD_WORKSTREAM": "w1"})
    assert report["wrote"] == str(wpath)
    assert json.loads((proj.planning / "config.json").read_text()) == {"depth": "quick"}


# --- writing, merge, commit_docs -------------------------------------------------------------


def test_write_project_config_conflict_and_lock(proj: Project) -> None:
    path = proj.config({"model_profile": "budget", "unknown": [1]})
    jf = read_json_file(path)
    data = dict(jf.data)
    data["model_profile"] = "quality"
    fp = write_project_config(path, data, jf.fingerprint)
    assert json.loads(path.read_text()) == {"model_profile": "quality", "unknown": [1]}
    assert not (proj.planning / ".lock").exists()
    with pytest.raises(ConflictError):
        write_project_config(path, {"x": 1}, jf.fingerprint)
    write_project_config(path, {"x": 2}, fp)
    assert json.loads(path.read_text()) == {"x": 2}


def test_deep_merge_rules() -> None:
    base = {"a": {"x": 1, "y": [1, 2]}, "b": 1, "c": {"k": 1}, "order": 0}
    overlay = {"a": {"y": [3]}, "b": None, "c": "flat", "__proto__": {"p": 1}, "new": {"n": 1}}
    assert deep_merge(base, overlay) == {
        "a": {"x": 1, "y": [3]}, "b": None, "c": "flat", "order": 0, "new": {"n": 1}}


def test_load_global_defaults(proj: Project) -> None:
    assert load_global_defaults(proj.env).exists is False
    proj.defaults({"a": 1})
    assert load_global_defaults(proj.env).data == {"a": 1}
    assert load_global_defaults({"MSD_HOME": str(proj.home)}).data == {"a": 1}


def test_env_none_reads_process_environment(isolated_home: Path, tmp_path: Path) -> None:
    (isolated_home / ".msd").mkdir()
    (isolated_home / ".msd" / "defaults.json").write_text('{"model_profile": "budget"}')
    root = tmp_path / "p"
    root.mkdir()
    assert load_config(root).values == {"model_profile": "budget"}


def test_effective_commit_docs(proj: Project) -> None:
    require_tool("git")
    proj.config({})
    assert effective_commit_docs(load_config(proj.root, proj.env, None)) is True
    subprocess.run(["git", "init", "-q", str(proj.root)], check=True)
    proj.write(".gitignore", ".planning/\n")
    assert effective_commit_docs(load_config(proj.root, proj.env, None)) is False
    proj.config({"planning": {"commit_docs": True}})
    assert effective_commit_docs(load_config(proj.root, proj.env, None)) is True
    proj.write(".gitignore", "other\n")
    proj.config({"commit_docs": False})
    assert effective_commit_docs(load_config(proj.root, proj.env, None)) is False
    proj.config({})
    assert effective_commit_docs(load_config(proj.root, proj.env, None)) is True


def test_loader_does_not_import_heavy_modules() -> None:
    code = (
        "import sys, msd_desktop.core.config.store as c; "
        "bad = [m for m in ('ruamel', 'watchdog', 'keyring', 'platformdirs', 'PySide6') "
        "if m in sys.modules]; print(bad)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True, text=True, cwd=Path(__file__).resolve().parents[3], check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


# --- differential: the same situations through upstream gsd-tools ----------------------------

def _upstream(gsd_driver: Upstream, proj: Project, args: list[str], ws: str | None = None) -> Any:
    """Upstream's JSON answer to ``gsd-tools ARGS`` in the project, run by its own ``main()``
    in the session's node driver (``gsd_driver``: no node start per call)."""
    gsd_home = proj.home / ".gsd"
    msd = proj.home / ".msd"
    if msd.exists() and not gsd_home.exists():
        shutil.copytree(msd, gsd_home)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GSD_", "MSD_"))}
    env["HOME"] = str(proj.home)
    if ws:
        env["GSD_WORKSTREAM"] = ws
    (out,) = gsd_driver.batch([(args, proj.root, env)])
    assert out.code == 0, (args, out.stderr)
    return json.loads(out.stdout)


SCENARIOS: dict[str, tuple[dict[str, Any], str | None]] = {
    "ws_ok": ({".planning/config.json": {"a": 1}, ".planning/workstreams/w/config.json": {}}, "w"),
    "ws_fallback": ({".planning/config.json": {"a": 1}, ".planning/workstreams/w/x": ""}, "w"),
    "root": ({".planning/config.json": {"a": 1}}, None),
    "root_empty": ({".planning/config.json": {}}, None),
    "planning_only": ({".planning/x": ""}, None),
    "global": ({"~defaults": {"model_profile": "budget"}}, None),
    "nothing": ({}, None),
    "broken": ({".planning/config.json": '{"a": 1,}'}, None),
    "bom": ({".planning/config.json": b'\xef\xbb\xbf{"a": 1}'}, None),
    "array": ({".planning/config.json": "[]"}, None),
    "root_broken_ws_ok": ({".planning/config.json": "{",
                           ".planning/workstreams/w/config.json": {"b": 1}}, "w"),
    "ws_broken_root_ok": ({".planning/config.json": {"a": 1},
                           ".planning/workstreams/w/config.json": "null"}, "w"),
    "global_broken": ({"~defaults": "{,}"}, None),
    "global_broken_with_planning": ({"~defaults": "{,}", ".planning/x": ""}, None),
    "unreadable": ({".planning/config.json/x": ""}, None),
}


@pytest.mark.differential
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_provenance_matches_upstream(proj: Project, name: str, gsd_driver: Upstream) -> None:
    files, ws = SCENARIOS[name]
    for rel, content in files.items():
        if rel == "~defaults":
            proj.defaults(content)
        else:
            proj.write(rel, content)
    theirs = _upstream(gsd_driver, proj, ["agent-skills", "gsd-planner", "--json"], ws)
    lc = load_config(proj.root, proj.env, ws)
    assert (lc.source, lc.degraded) == (theirs["source"], theirs["degraded"])


@pytest.mark.differential
@pytest.mark.parametrize(
    "config",
    [
        {"depth": "quick", "branching_strategy": "phase", "git": {"x": 1}, "keep": [1]},
        {"sub_repos": ["a"], "planning": {"commit_docs": True}, "depth": "weird"},
        {"multiRepo": True, "z": 1},
        {"multiRepo": False, "depth": "comprehensive", "granularity": "coarse"},
        {"nothing": "legacy"},
    ],
)
def test_migrate_config_matches_upstream(proj: Project, config: dict[str, Any],
                                        gsd_driver: Upstream) -> None:
    _child_repos(proj.root)
    path = proj.config(config)
    ours = migrate_config(proj.root, proj.env, dry_run=True, workstream=None)
    theirs = _upstream(gsd_driver, proj, ["migrate-config"])
    assert ours["migrated"] == theirs["migrated"]
    assert ours["normalizations"] == theirs["normalizations"]
    if theirs["migrated"]:
        assert ours["config"] == json.loads(path.read_text())


# --- a what-if of unsaved edits (drafts) --------------------------------------------------


def _tree(base: Path) -> dict[str, bytes]:
    return {str(p.relative_to(base)): p.read_bytes() for p in sorted(base.rglob("*"))
            if p.is_file()}


def test_drafts_replace_a_file_in_memory_and_write_nothing(tmp_path: Path) -> None:
    p = Project(tmp_path)
    cfg = p.config({"model_profile": "balanced", "model_overrides": {"msd-planner": "opus"}})
    defaults = p.defaults({"model_overrides": {"msd-executor": "haiku"}})
    before = _tree(tmp_path)
    draft = {"model_profile": "budget", "model_overrides": {"msd-planner": "sonnet"}}
    loaded = load_config(p.root, p.env, drafts={cfg: draft})
    assert loaded.values["model_profile"] == "budget"
    assert loaded.values["model_overrides"] == {"msd-executor": "haiku", "msd-planner": "sonnet"}
    assert loaded.model_override_sources["msd-planner"] == str(cfg)
    assert loaded.layer("project") is not None
    assert loaded.layer("project").path == cfg  # type: ignore[union-attr]
    draft["model_profile"] = "quality"  # the loaded values are a copy, not the draft itself
    assert loaded.values["model_profile"] == "budget"
    global_draft = {"model_overrides": {"msd-executor": "opus"}}
    loaded = load_config(p.root, p.env, drafts={defaults: global_draft})
    assert loaded.values["model_overrides"]["msd-executor"] == "opus"
    assert loaded.values["model_profile"] == "balanced"
    assert _tree(tmp_path) == before
    assert load_config(p.root, p.env).values["model_profile"] == "balanced"


def test_a_draft_of_a_missing_or_unreadable_file_is_what_counts(tmp_path: Path) -> None:
    p = Project(tmp_path)
    cfg = p.config("{ not json")
    loaded = load_config(p.root, p.env, drafts={cfg: {"model_profile": "budget"}})
    assert not loaded.degraded
    assert loaded.values["model_profile"] == "budget"
    cfg.unlink()
    loaded = load_config(p.root, p.env, drafts={cfg: {"model_profile": "quality"}})
    assert loaded.values["model_profile"] == "quality"
