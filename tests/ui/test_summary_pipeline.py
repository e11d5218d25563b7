"""The summary pipeline on its own, without the window: real projects on disk, the real summary
cache and tray, workers on the real pool; what the window is told, and in which order."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject

from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.core.state.summary_cache import default_cache_path
from msd_desktop.core.workspace.project_ref import ProjectRef, project_ref
from msd_desktop.ui import summary_loading
from msd_desktop.ui.companion.tray import ProjectTray
from msd_desktop.ui.summary_pipeline import SummaryPipeline

TIMEOUT_MS = 20000


class Run:
    """A pipeline for ``refs`` with what it tells, in order."""

    def __init__(self, qtbot: Any, env: dict[str, str], refs: list[ProjectRef]) -> None:
        self.owner = QObject()
        self.tray = ProjectTray(env, self.owner)
        self.refs = refs
        self.told: list[str] = []
        self.applied: list[ProjectSummary] = []
        self.messages: list[str] = []
        self.timings: dict[str, float] = {}
        self.pipeline = SummaryPipeline(env, lambda: self.tray, lambda: list(self.refs),
                                        self.timings, time.perf_counter(), self.owner)
        p = self.pipeline
        p.applied.connect(lambda summaries: (self.told.append("applied"),
                                             self.applied.extend(summaries)))
        p.message_posted.connect(self.messages.append)
        p.cached_shown.connect(lambda: self.told.append("cached_shown"))
        p.load_ended.connect(lambda: self.told.append("load_ended"))
        p.settled.connect(lambda: self.told.append("settled"))
        self.qtbot = qtbot

    def load(self) -> None:
        with self.qtbot.waitSignal(self.pipeline.settled, timeout=TIMEOUT_MS):
            self.pipeline.start(self.refs)


def _refs(demo: Path) -> list[ProjectRef]:
    return [project_ref(p, "Demo") for p in sorted(demo.iterdir()) if (p / ".planning").is_dir()]


def test_a_cold_load_then_a_warm_one_from_the_cache(qtbot: Any, demo: Path,
                                                    env: dict[str, str]) -> None:
    refs = _refs(demo)
    cold = Run(qtbot, env, refs)
    cold.load()
    assert set(cold.pipeline.summaries) == {r.root for r in refs}
    assert {s.root for s in cold.applied} == {r.root for r in refs}
    assert cold.timings["cache_hits"] == 0
    # the cache pass comes first (nothing cached), the end once every project answered
    assert cold.told[0] == "cached_shown"
    assert cold.told[-2:] == ["load_ended", "settled"]
    assert "applied" in cold.told[1:-2]
    assert {line.root for line in cold.tray.lines} == {r.root for r in refs}
    assert not cold.pipeline.loading
    cold.pipeline.close()  # the window closes: the cache is written now
    assert default_cache_path(env).is_file()

    warm = Run(qtbot, env, _refs(demo))
    warm.load()
    assert warm.timings["cache_hits"] == len(refs)
    assert warm.pipeline.summaries == cold.pipeline.summaries
    # the cached summaries are shown first, then the pass says so
    assert warm.told.index("applied") < warm.told.index("cached_shown")


def test_a_project_whose_read_raises_is_marked_and_the_rest_load(
        qtbot: Any, demo: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    refs = _refs(demo)
    bad = refs[1].root
    real = summary_loading.load_summary_and_state

    def loader(ref: ProjectRef, env: Any, cache: Any = None) -> Any:  # fault injection
        if ref.root == bad:
            raise RecursionError("too deep")
        return real(ref, env, cache)

    monkeypatch.setattr(summary_loading, "load_summary_and_state", loader)
    run = Run(qtbot, env, refs)
    run.load()
    summaries = run.pipeline.summaries
    assert summaries[bad].load_error == "could not be read: RecursionError: too deep"
    assert all(s.load_error is None for root, s in summaries.items() if root != bad)
    assert any(text.startswith(f"Could not load {bad.name}: ") for text in run.messages)


def test_a_reload_reads_one_project_again(qtbot: Any, demo: Path,
                                          env: dict[str, str]) -> None:
    refs = _refs(demo)
    run = Run(qtbot, env, refs)
    run.load()
    root = demo / "field-notes"
    state = root / ".planning" / "STATE.md"
    state.write_text(state.read_text("utf-8").replace("status: completed", "status: paused"),
                     "utf-8")
    run.applied.clear()
    with qtbot.waitSignal(run.pipeline.applied, timeout=TIMEOUT_MS):
        run.pipeline.reload([next(r for r in refs if r.root == root)])
    assert [s.root for s in run.applied] == [root]
    assert run.pipeline.summaries[root].status == "paused"


def test_the_end_of_a_warm_load_waits_while_the_window_holds_it(
        qtbot: Any, demo: Path, env: dict[str, str]) -> None:
    refs = _refs(demo)
    first = Run(qtbot, env, refs)
    first.load()
    first.pipeline.close()
    run = Run(qtbot, env, refs)
    held = [True]
    run.pipeline.hold_completion = lambda: held[0]
    with qtbot.waitSignal(run.pipeline.cached_shown, timeout=TIMEOUT_MS):
        run.pipeline.start(refs)
    qtbot.wait(100)  # turns go by; the end waits
    assert "load_ended" not in run.told
    with qtbot.waitSignal(run.pipeline.settled, timeout=TIMEOUT_MS):
        held[0] = False
    assert run.told[-2:] == ["load_ended", "settled"]


def test_a_newer_scan_wins(qtbot: Any, demo: Path, env: dict[str, str]) -> None:
    refs = _refs(demo)
    run = Run(qtbot, env, refs)
    run.pipeline.start(refs)  # superseded at once: its answers end unheard
    with qtbot.waitSignal(run.pipeline.settled, timeout=TIMEOUT_MS):
        run.pipeline.start(refs[:2])
    qtbot.wait(300)  # what the first scan's workers still had to say
    assert run.told.count("settled") == 1
    assert set(run.pipeline.summaries) == {r.root for r in refs[:2]}


def test_a_cache_folder_others_can_write_is_not_used_and_the_status_bar_says_why(
        qtbot: Any, demo: Path, env: dict[str, str]) -> None:
    refs = _refs(demo)
    folder = default_cache_path(env).parent
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o777)  # a folder anyone may fill is not ours to load from
    run = Run(qtbot, env, refs)
    run.load()
    assert run.timings["cache_hits"] == 0
    assert set(run.pipeline.summaries) == {r.root for r in refs}  # read from their files
    assert any("The summary cache is not used" in m and "can be written by other users" in m
               for m in run.messages), run.messages
    run.pipeline.close()
    assert not default_cache_path(env).exists()  # and nothing written into it
