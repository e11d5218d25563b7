"""Which status changes deserve a notification: paused, a new blocker, milestone complete.

Why Qt-free and separate from the tray: the decision "is this worth interrupting someone for?"
is the part worth testing, and it must not depend on whether the platform has a tray. The
tray (``ui/tray.py``) only turns :class:`StatusEvent` values into ``showMessage`` calls.

A :class:`StatusSnapshot` is the small, comparable summary of one project's state; comparing
the previous snapshot with the new one yields events:

* ``paused`` — the normalized status (§7.3) became ``paused`` (it was something else);
* ``blocked`` — a blocker appeared under ``## Accumulated Context › Blockers/Concerns`` that
  was not there before (one event listing every new one; text compared after trimming);
* ``milestone_complete`` — the project now reads as milestone complete (status ``completed``
  and all phases done or 100 %, the status line's scene 3) and did not before, or did for a
  *different* milestone.

The first snapshot of a project (nothing to compare with) yields no events, so starting the
app does not replay history; a STATE.md that fails to parse yields no snapshot (the caller
keeps the last good one), so a half-written file never fires or clears anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from msd_desktop.core.state.project import ProjectState

__all__ = [
    "StatusEvent",
    "StatusSnapshot",
    "StatusTracker",
    "diff_status",
    "snapshot_from_state",
]

EventKind = Literal["paused", "blocked", "milestone_complete"]


@dataclass(frozen=True)
class StatusSnapshot:
    """What a notification decision needs to know about one project at one moment."""

    root: Path
    name: str
    status: str | None  # normalized (§7.3)
    milestone: str | None = None
    blockers: tuple[str, ...] = ()
    percent: int | None = None
    completed_phases: int | None = None
    total_phases: int | None = None
    stopped_at: str | None = None

    @property
    def milestone_complete(self) -> bool:
        phases_done = (
            bool(self.total_phases)
            and self.completed_phases is not None
            and self.completed_phases == self.total_phases
        )
        return self.status == "completed" and (self.percent == 100 or phases_done)


@dataclass(frozen=True)
class StatusEvent:
    """One notification: ``title`` and ``message`` are the words shown to the person."""

    kind: EventKind
    root: Path
    name: str
    title: str
    message: str
    details: tuple[str, ...] = ()


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, dict | list):
        return None
    text = str(value).strip()
    return text or None


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def snapshot_from_state(state: ProjectState, name: str | None = None) -> StatusSnapshot | None:
    """The snapshot of a loaded project; ``None`` when STATE.md is missing or unparseable."""
    doc = state.doc
    if doc is None or state.error is not None or state.stale:
        return None
    blockers = tuple(b.strip() for b in doc.accumulated_context.get("blockers", []) if b.strip())
    progress = state.progress
    return StatusSnapshot(
        root=state.root if isinstance(state.root, Path) else Path(state.root),  # not a copy
        name=name or Path(state.root).name,
        status=state.status.value,  # the one status every surface shows
        milestone=_text(doc.fm.get("milestone")),
        blockers=blockers,
        percent=_int(progress.percent),
        completed_phases=_int(progress.completed_phases),
        total_phases=_int(progress.total_phases),
        stopped_at=_text(doc.fm.get("stopped_at")) or _text(doc.session.get("stopped_at")),
    )


def diff_status(old: StatusSnapshot | None, new: StatusSnapshot | None) -> list[StatusEvent]:
    """The events between two snapshots of the same project (none for a first or lost one)."""
    if old is None or new is None:
        return []
    events: list[StatusEvent] = []
    if new.status == "paused" and old.status != "paused":
        where = f" at {new.stopped_at}" if new.stopped_at else ""
        events.append(StatusEvent("paused", new.root, new.name, f"{new.name} paused",
                                  f"Work paused{where}."))
    seen = set(old.blockers)
    added = tuple(b for b in new.blockers if b not in seen)
    if added:
        first = added[0] if len(added) == 1 else f"{added[0]} (+{len(added) - 1} more)"
        title = f"{new.name}: new blocker" + ("s" if len(added) > 1 else "")
        events.append(StatusEvent("blocked", new.root, new.name, title, first, details=added))
    was_complete = old.milestone_complete and old.milestone == new.milestone
    if new.milestone_complete and not was_complete:
        label = f"Milestone {new.milestone}" if new.milestone else "The milestone"
        events.append(StatusEvent("milestone_complete", new.root, new.name,
                                  f"{new.name}: milestone complete", f"{label} is complete."))
    return events


class StatusTracker:
    """Remembers the last good snapshot per project and reports events on each update."""

    def __init__(self) -> None:
        self._last: dict[Path, StatusSnapshot] = {}

    def update(
        self, snapshot: StatusSnapshot | None, root: Path | None = None
    ) -> list[StatusEvent]:
        """Record ``snapshot`` (``None`` keeps the previous one) and return the new events."""
        if snapshot is None:
            return []
        key = Path(root or snapshot.root)
        events = diff_status(self._last.get(key), snapshot)
        self._last[key] = snapshot
        return events

    def update_many(self, snapshots: Iterable[StatusSnapshot]) -> list[StatusEvent]:
        out: list[StatusEvent] = []
        for snap in snapshots:
            out.extend(self.update(snap))
        return out

    def forget(self, root: Path) -> None:
        self._last.pop(Path(root), None)

    @property
    def snapshots(self) -> Mapping[Path, StatusSnapshot]:
        return dict(self._last)
