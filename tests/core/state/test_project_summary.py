"""A project's summary from real files: what it copies from the core, workstreams, the wording
it is given, the cache payload round trip, and that the module stays light."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import msd_desktop
from msd_desktop.core.state.project import Problem, load_project_state
from msd_desktop.core.state.project_summary import (
    ProjectSummary,
    SummaryWording,
    load_summary_and_state,
    placeholder_summary,
    summary_from_payload,
    summary_payload,
    unreadable_summary,
)
from msd_desktop.core.workspace.project_ref import project_ref

DEMO = Path(msd_desktop.__file__).parent / "resources" / "demo"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    target = tmp_path / "demo"
    shutil.copytree(DEMO, target)
    return target


def test_a_summary_copies_the_core_state(demo: Path) -> None:
    ref = project_ref(demo / "field-notes", "Demo")
    summary, state = load_summary_and_state(ref, {"HOME": str(demo.parent)})
    assert summary.root is ref.root  # the scan's own Path, shared
    assert (summary.name, summary.workspace) == ("field-notes", "Demo")
    assert summary.status == state.status.value != ""
    assert summary.percent == state.progress.percent
    assert summary.statusline_full == state.statusline_full
    assert summary.statusline_compact == state.statusline_compact
    assert summary.milestone
    assert summary.phase
    assert summary.badges() == []
    assert summary.workstreams == {}


def test_a_project_with_workstreams_has_one_summary_each(demo: Path) -> None:
    ref = project_ref(demo / "platform-monorepo", "Demo")
    assert ref.active_workstream == "api"
    summary, _ = load_summary_and_state(ref, {"HOME": str(demo.parent)})
    assert set(summary.workstreams) == {"api", "web"}
    assert summary.workstreams["web"].workstream == "web"
    # the head is the active workstream's, without repeating its problems
    assert summary.workstream == "api"
    assert summary.status == summary.workstreams["api"].status
    assert summary.problems == []


def test_problems_are_said_in_the_wording_given(demo: Path) -> None:
    ref = project_ref(demo / "legacy-importer", "Demo")
    env = {"HOME": str(demo.parent)}
    english, _ = load_summary_and_state(ref, env)
    assert english.config_problem is not None
    assert "config.json" in english.config_problem
    assert str(demo) not in english.config_problem  # paths are relative to the project
    assert english.problems
    assert all(str(demo) not in p for p in english.problems)

    said: list[Problem] = []

    def problem(p: Problem, root: Path) -> str:
        said.append(p)
        return f"P[{p.file}]"

    wording = SummaryWording(problem=problem, config_problem=lambda facts: "C")
    worded, _ = load_summary_and_state(ref, env, wording=wording)
    assert worded.problems == [f"P[{p.file}]" for p in said
                               if p.severity == "warning" and p.file != ".planning/config.json"]
    assert worded.config_problem is not None
    assert worded.config_problem.startswith(("C", "P["))
    assert len(worded.problems) == len(english.problems)


def test_a_broken_state_md_is_the_state_error(demo: Path) -> None:
    root = demo / "field-notes"
    (root / ".planning" / "STATE.md").write_text("---\nstatus: [executing\n---\n", "utf-8")
    summary, _ = load_summary_and_state(project_ref(root, "Demo"), {"HOME": str(demo.parent)})
    assert summary.state_error is not None
    assert summary.state_error.startswith(".planning/STATE.md line ")
    assert summary.badges()[0] == summary.state_error


def test_the_cache_payload_round_trips(demo: Path) -> None:
    for name in ("field-notes", "platform-monorepo", "legacy-importer"):
        ref = project_ref(demo / name, "Demo")
        summary, _ = load_summary_and_state(ref, {"HOME": str(demo.parent)})
        payload = summary_payload(summary)
        assert "root" not in payload  # the scan says where and what it is called
        assert "name" not in payload
        back = summary_from_payload(payload, ref.root, ref.name, ref.workspace)
        assert back == summary


def test_a_damaged_payload_gives_empty_fields() -> None:
    back = summary_from_payload({"status": 3, "percent": True, "problems": ["a", 2],
                                 "workstreams": {"w": "x", "v": {"phase": "2"}},
                                 "state_error": ["no"]}, Path("/p"), "p", "ws")
    assert back.status == ""
    assert back.percent is None
    assert back.state_error is None
    assert back.problems == ["a"]
    assert list(back.workstreams) == ["v"]
    assert back.workstreams["v"].phase == "2"


def test_placeholder_and_unreadable_summaries(demo: Path) -> None:
    ref = project_ref(demo / "platform-monorepo", "Demo")
    holder = placeholder_summary(ref)
    assert set(holder.workstreams) == {"api", "web"}
    assert holder.badges() == []
    broken = unreadable_summary(ref, "could not be read in 2 s")
    assert broken.badges() == ["could not be read in 2 s"]
    assert dataclasses.replace(broken, load_error=None) == ProjectSummary(
        root=ref.root, name=ref.name, workspace="Demo")


def test_a_stale_state_shows_the_last_good_status_line(demo: Path) -> None:
    from msd_desktop.core.state.project import StateCache
    from msd_desktop.core.state.project_summary import statusline_texts

    root = demo / "field-notes"
    env = {"HOME": str(demo.parent)}
    cache = StateCache()
    good = load_project_state(root, env, cache=cache)
    (root / ".planning" / "STATE.md").write_text("---\nstatus: [executing\n---\n", "utf-8")
    stale = load_project_state(root, env, cache=cache)
    assert stale.stale
    assert statusline_texts(stale) == (good.statusline_full, good.statusline_compact)


def test_the_module_loads_no_parser() -> None:
    """The window imports it before its first paint: the parsers load in the workers."""
    code = ("import sys, msd_desktop.core.state.project_summary\n"
            "print(sorted(m for m in ('msd_desktop.core.state.project', "
            "'msd_desktop.core.state.state_md', 'ruamel.yaml') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def test_the_summary_counts_the_projects_own_stale_installs(demo: Path) -> None:
    env = {"HOME": str(demo.parent)}
    stale, _ = load_summary_and_state(project_ref(demo / "checklist-printer", "Demo"), env)
    assert stale.stale_installs == {"codex": 1}
    fine, _ = load_summary_and_state(project_ref(demo / "field-notes", "Demo"), env)
    assert fine.stale_installs == {}
    # a project with workstreams: every workstream's row says it (the install is the project's)
    shutil.copytree(demo / "checklist-printer" / ".codex", demo / "platform-monorepo" / ".codex")
    ref = project_ref(demo / "platform-monorepo", "Demo")
    multi, _ = load_summary_and_state(ref, env)
    assert multi.workstreams
    assert multi.stale_installs
    assert all(ws.stale_installs == multi.stale_installs for ws in multi.workstreams.values())
    back = summary_from_payload(summary_payload(stale), stale.root, stale.name, stale.workspace)
    assert back == stale


def test_a_payload_from_before_the_stale_count_reads_as_none() -> None:
    # a cache written by an older version has no "stale_installs": nothing stale, no error
    back = summary_from_payload({"status": "executing"}, Path("/p"), "p", "ws")
    assert back.stale_installs == {}
    damaged = summary_from_payload({"stale_installs": {"codex": "3", "kilo": True, "x": 0,
                                                       "opencode": 2}}, Path("/p"), "p", "ws")
    assert damaged.stale_installs == {"opencode": 2}
