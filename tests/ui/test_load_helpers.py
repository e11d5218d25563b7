"""A cold load parsed by helper processes shows exactly what a load in the window's own
threads shows: every summary, every tray line, every cache entry. Real files, real helper
processes, offscreen window."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from msd_desktop.core.state.summary_cache import default_cache_path
from msd_desktop.ui import summary_loading
from tests.ui.test_window_scale import many, open_window, read_cache, shown, wait_cache_written


def _load(qtbot, tmp_path: Path, env: dict[str, str], ui_settings, root: Path,  # type: ignore[no-untyped-def]
          helpers: int) -> tuple[dict[Path, dict[str, object]], list[str], dict[str, object]]:
    shutil.rmtree(default_cache_path(env).parent, ignore_errors=True)  # a cold start
    env = {**env, "MSD_DESKTOP_LOAD_HELPERS": str(helpers)}
    win = open_window(qtbot, tmp_path, env, ui_settings, root, watch=False)
    assert win.timings["cache_hits"] == 0
    assert win.timings["load_helpers"] == helpers
    # every project was answered by a helper (none fell back to the window's threads)
    assert win.timings.get("helper_answers", 0) == (len(win.browser.model.projects())
                                                     if helpers else 0)
    summaries = shown(win)
    tray = sorted(line.text for line in win.tray.lines)
    _, entries = read_cache(wait_cache_written(qtbot, env))
    win.close()
    return summaries, tray, entries


@pytest.mark.timeout(120)
def test_helpers_answer_exactly_as_the_window_threads_do(
        qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings,  # type: ignore[no-untyped-def]
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(summary_loading, "HELPER_MIN_PROJECTS", 1)
    root = tmp_path / "projects"
    projects = many(demo, root, 2)
    # one project with a broken STATE.md and one whose config.json does not parse
    (projects[0] / ".planning" / "STATE.md").write_text("---\nstatus: [unclosed\n---\n", "utf-8")
    (projects[1] / ".planning" / "config.json").write_text("{not json", "utf-8")
    by_helpers = _load(qtbot, tmp_path, env, ui_settings, root, 2)
    in_threads = _load(qtbot, tmp_path, env, ui_settings, root, 0)
    assert len(by_helpers[0]) == len(projects)
    assert by_helpers[0] == in_threads[0]
    assert by_helpers[1] == in_threads[1]
    assert by_helpers[2] == in_threads[2]
    # the broken files are told, not hidden
    assert by_helpers[0][projects[0]]["state_error"]
    assert by_helpers[0][projects[1]]["config_problem"]


class _Progress:
    """What an op hands its function: a beat counter and a cancel flag."""

    def __init__(self) -> None:
        self.beats = 0
        self.cancelled = False

    def beat(self) -> None:
        self.beats += 1


@pytest.mark.timeout(60)
def test_a_helper_that_stops_answering_times_out_that_project_only(
        tmp_path: Path, demo: Path, env: dict[str, str]) -> None:
    import os
    import signal

    from msd_desktop.core.state.summary_cache import SummaryCache
    from msd_desktop.core.workspace.project_ref import project_ref
    from msd_desktop.ui.widgets.workers import OpTimeout

    refs = [project_ref(p, "Demo") for p in sorted(demo.iterdir()) if (p / ".planning").is_dir()]
    pool = summary_loading.HelperPool(1)
    pool.start()
    helper = pool.take()
    assert helper is not None
    os.kill(helper._proc.pid, signal.SIGSTOP)  # frozen, like a read on a hung mount
    results: list = []
    progress = _Progress()
    ok = summary_loading.load_in_helper(helper, refs, env, SummaryCache(tmp_path / "c"), 0.5,
                                        progress, results)
    assert not ok
    assert len(results) == 1  # the project it was reading: timed out, the rest not tried
    ref, summary, loaded, error = results[0]
    assert ref is refs[0]
    assert summary is None
    assert loaded is None
    assert isinstance(error, OpTimeout)
    assert error.seconds == 0.5
    assert progress.beats >= 1  # the op's own clock was wound while it waited
    pool.give(helper, broken=True)  # killed, not waited for
    pool.close()
    assert pool.take() is None


@pytest.mark.timeout(120)
def test_a_cold_start_starts_its_helpers_before_the_cache_pass(
        qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings,  # type: ignore[no-untyped-def]
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(summary_loading, "HELPER_MIN_PROJECTS", 1)
    root = tmp_path / "projects"
    projects = many(demo, root, 2)
    made: list[tuple[summary_loading.HelperPool, bool]] = []
    timings: list[dict[str, float]] = []

    class Pool(summary_loading.HelperPool):
        def __init__(self, size: int) -> None:
            super().__init__(size)
            # whether the window's pipeline had started (its cache pass) by now
            made.append((self, bool(timings) and "pipeline_start_ms" in timings[0]))

    monkeypatch.setattr(summary_loading, "HelperPool", Pool)
    from msd_desktop.ui import summary_pipeline

    real_init = summary_pipeline.SummaryPipeline.__init__

    def init(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        real_init(self, *args, **kwargs)
        timings.append(self.timings)

    monkeypatch.setattr(summary_pipeline.SummaryPipeline, "__init__", init)
    shutil.rmtree(default_cache_path(env).parent, ignore_errors=True)  # a cold start
    cold = {**env, "MSD_DESKTOP_LOAD_HELPERS": "2"}
    win = open_window(qtbot, tmp_path, cold, ui_settings, root, watch=False)
    assert [after for _, after in made] == [False]  # one pool, made before the cache pass
    assert win.timings["helper_answers"] == len(projects)
    wait_cache_written(qtbot, cold)
    win.close()
    # a warm start (the cache file is there) starts none ahead
    made.clear()
    timings.clear()
    win = open_window(qtbot, tmp_path, cold, ui_settings, root, watch=False)
    assert made == []
    assert win.timings["cache_hits"] == len(projects)
    win.close()


def test_a_helper_pool_closed_while_a_helper_starts_ends_that_helper(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pool = summary_loading.HelperPool(1)
    started: list[object] = []
    real_new = pool._new

    def new() -> object:
        helper = real_new()
        started.append(helper)
        pool.close()  # the window closed meanwhile
        return helper

    monkeypatch.setattr(pool, "_new", new)
    pool.start()
    assert len(started) == 1
    assert pool.take() is None
    helper = started[0]
    assert helper._proc.stdin.closed  # type: ignore[attr-defined]  # told to end
    helper._proc.wait(30)  # type: ignore[attr-defined]
