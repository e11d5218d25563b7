"""Loading many projects' states: the same answer in this process and in a helper process,
one read of config.json per project, and a helper that is gone is noticed, never waited for.
Real files, real helper processes."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from msd_desktop.core.state.bulk_load import (
    LoaderProcess,
    ending_helpers,
    load_states,
    portable,
)
from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.state.summary_cache import project_signature

DEMO = Path(__file__).resolve().parents[3] / "msd_desktop" / "resources" / "demo"


@pytest.fixture
def projects(tmp_path: Path) -> list[Path]:
    out = []
    for src in sorted(p for p in DEMO.iterdir() if (p / ".planning").is_dir()):
        shutil.copytree(src, tmp_path / src.name)
        out.append(tmp_path / src.name)
    return out


def _workstreams(root: Path) -> list[str]:
    folder = root / ".planning" / "workstreams"
    return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


def test_the_environments_state_is_the_active_workstreams_own_load(projects: list[Path]) -> None:
    root = next(p for p in projects if _workstreams(p))
    env = dict(os.environ)
    load = load_states(root, _workstreams(root), env)
    assert set(load.workstreams) == set(_workstreams(root))
    assert load.state.workstream in load.workstreams
    assert load.state is load.workstreams[load.state.workstream]
    # and it is what a separate load for the environment says
    again = load_project_state(root, env)
    assert again.to_dict() == load.state.to_dict()


def test_the_active_workstream_pointer_is_read_once_a_project(
        projects: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    from msd_desktop.core.config.store import load_config
    from msd_desktop.core.workspace import paths

    env = {k: v for k, v in os.environ.items() if k != "MSD_WORKSTREAM"}
    reads: list[Path] = []
    real = paths._read_pointer

    def counted(path: Path) -> str | None:
        reads.append(path)
        return real(path)

    for root in projects:
        with monkeypatch.context() as patch:
            patch.setattr(paths, "_read_pointer", counted)
            reads.clear()
            load = load_states(root, _workstreams(root), env)
            assert len(reads) == 1, reads
        # the same answers as each reader looking the workstream up itself
        assert load.state.to_dict() == load_project_state(root, env).to_dict()
        alone = load_config(root, env)
        assert (load.config.degraded, load.config.reason, load.config.diagnostics) == (
            bool(alone.degraded), str(alone.reason), tuple(alone.diagnostics[:1]))


def test_a_helper_answers_what_this_process_reads(projects: list[Path]) -> None:
    env = dict(os.environ)
    helper = LoaderProcess()
    try:
        for root in projects:
            extra = ("ws", "x")
            helper.send(root, _workstreams(root), env, extra)
            answer = helper.receive(30)
            assert answer is not None
            _, sig, load, error = answer
            assert error is None
            assert load is not None
            assert sig == project_signature(root, extra)
            here = load_states(root, _workstreams(root), env)
            assert load.config == here.config
            assert load.state == portable(here.state)
            assert load.workstreams == {ws: portable(s) for ws, s in here.workstreams.items()}
            # what the window reads from it survives the trip
            assert load.state.statusline_full == here.state.statusline_full
            assert load.state.problems == here.state.problems
            assert load.state.progress == here.state.progress
    finally:
        helper.close()


def test_what_the_core_refuses_is_answered_as_here(tmp_path: Path) -> None:
    root = tmp_path / "odd"
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "config.json").write_text("{not json", "utf-8")
    env = {**os.environ, "MSD_WORKSTREAM": "../x"}  # a name the core refuses
    helper = LoaderProcess()
    try:
        helper.send(root, [], env, ())
        answer = helper.receive(30)
        assert answer is not None
        _, _, load, error = answer
        assert error is None
        assert load is not None
        here = load_states(root, [], env)
        assert load.config == here.config
        assert load.config.failure is not None
        assert "MSD_WORKSTREAM" in load.config.failure
        assert load.state.problems == here.state.problems
        assert load.state.error is not None
    finally:
        helper.close()


def test_a_helper_that_is_gone_is_noticed(projects: list[Path]) -> None:
    helper = LoaderProcess()
    helper.kill()
    with pytest.raises((EOFError, OSError, ValueError)):  # its pipes are closed
        helper.send(projects[0], [], dict(os.environ), ())
    deadline = time.monotonic() + 3
    while ending_helpers() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert ending_helpers() == 0  # reaped, not left behind
