"""Notification decisions from two project states (Qt-free), on real STATE.md files."""

from __future__ import annotations

from pathlib import Path

from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.state.status_changes import (
    StatusSnapshot,
    StatusTracker,
    diff_status,
    snapshot_from_state,
)


def write_state(root: Path, status: str, *, blockers: list[str] | None = None,
                milestone: str = "v1.0", done: int = 1, total: int = 3,
                extra: str = "") -> None:
    planning = root / ".planning"
    planning.mkdir(parents=True, exist_ok=True)
    lines = "\n".join(f"- {b}" for b in blockers or []) or "None yet."
    pct = round(100 * done / total)
    (planning / "STATE.md").write_text(
        f"---\ngsd_state_version: '1.0'\nmilestone: {milestone}\nstatus: {status}\n{extra}"
        f"progress:\n  total_phases: {total}\n  completed_phases: {done}\n  percent: {pct}\n---\n\n"
        "# Project State\n\n## Accumulated Context\n\n### Blockers/Concerns\n\n"
        f"{lines}\n", encoding="utf-8")


def snap(root: Path) -> StatusSnapshot | None:
    return snapshot_from_state(load_project_state(root, {"HOME": str(root)}), "demo")


def test_first_snapshot_is_silent_then_pause_fires(tmp_path: Path) -> None:
    tracker = StatusTracker()
    write_state(tmp_path, "executing")
    assert tracker.update(snap(tmp_path)) == []
    write_state(tmp_path, "paused", extra="stopped_at: Plan 04-02 task 3\n")
    events = tracker.update(snap(tmp_path))
    assert [e.kind for e in events] == ["paused"]
    assert events[0].title == "demo paused"
    assert "Plan 04-02 task 3" in events[0].message
    assert tracker.update(snap(tmp_path)) == []  # still paused: no repeat


def test_new_blocker_fires_once(tmp_path: Path) -> None:
    tracker = StatusTracker()
    write_state(tmp_path, "executing", blockers=["old one"])
    tracker.update(snap(tmp_path))
    write_state(tmp_path, "executing", blockers=["old one", "sandbox credentials missing"])
    events = tracker.update(snap(tmp_path))
    assert [(e.kind, e.message) for e in events] == [("blocked", "sandbox credentials missing")]
    write_state(tmp_path, "executing", blockers=["sandbox credentials missing"])
    assert tracker.update(snap(tmp_path)) == []  # a resolved blocker is not news


def test_milestone_complete(tmp_path: Path) -> None:
    tracker = StatusTracker()
    write_state(tmp_path, "verifying", done=2, total=3)
    tracker.update(snap(tmp_path))
    write_state(tmp_path, "completed", done=3, total=3)
    events = tracker.update(snap(tmp_path))
    assert [e.kind for e in events] == ["milestone_complete"]
    assert "v1.0" in events[0].message
    write_state(tmp_path, "completed", done=3, total=3, milestone="v2.0")
    assert [e.kind for e in tracker.update(snap(tmp_path))] == ["milestone_complete"]


def test_broken_state_keeps_last_good(tmp_path: Path) -> None:
    tracker = StatusTracker()
    write_state(tmp_path, "executing")
    tracker.update(snap(tmp_path))
    (tmp_path / ".planning" / "STATE.md").write_text("---\nstatus: [unclosed\n---\n",
                                                     encoding="utf-8")
    broken = snap(tmp_path)
    assert broken is None
    assert tracker.update(broken) == []
    write_state(tmp_path, "paused")
    assert [e.kind for e in tracker.update(snap(tmp_path))] == ["paused"]


def test_diff_combines_events() -> None:
    root = Path("/p")
    old = StatusSnapshot(root, "p", "executing", "v1", ())
    new = StatusSnapshot(root, "p", "paused", "v1", ("a", "b"))
    kinds = [e.kind for e in diff_status(old, new)]
    assert kinds == ["paused", "blocked"]
    assert diff_status(None, new) == []
    assert diff_status(old, None) == []
