"""What the State tab shows, as plain data: :class:`StateView`, copied from the core's
``ProjectState`` by :func:`state_view_from_core`.

Why apart from the panel: the copy is made on a worker thread (no widget is touched), and the
window, the tests and the panel share it; the panel only lays a view out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from msd_desktop.ui.state.phase_list_model import PhaseRow
from msd_desktop.ui.state.wording import fill
from msd_desktop.ui.widgets.plain_text import visible

# lupdate reads only literal contexts: these are the State tab's words ("StatePanel")
translate = QCoreApplication.translate

MAX_PHASE_ROWS = 1000  # phases listed at most (the table sizes its columns to every row)
NO_VALUE = "—"  # an empty field, everywhere on the tab (its tooltip says why)
# what STATE.md writes for "nothing here" (the seed template's "Resume file: None")
_NONE_WORDS = frozenset({"none", "null", "n/a", "-", "—"})


@dataclass
class StateView:
    """Display-ready facts about one project's state, copied from the core."""

    root: Path
    title: str = ""
    workstream: str | None = None
    statusline_full: str = ""
    statusline_compact: str = ""
    percent: int | None = None
    milestone: str = ""
    phase: str = ""
    plan: str = ""
    status: str = ""
    status_raw: str = ""
    next_action: str = ""
    last_activity: str = ""
    phases: list[PhaseRow] = field(default_factory=list)
    blockers: list[str] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)
    todos: list[str] = field(default_factory=list)
    last_session: str = ""
    stopped_at: str = ""
    resume_file: str = ""
    body_markdown: str = ""
    problems: list[str] = field(default_factory=list)
    error: str | None = None  # STATE.md unreadable now (core wording, with line)
    showing_last_good: bool = False  # the rest is the last good state
    loaded_at: float = field(default_factory=time.time)
    missing: bool = False  # no STATE.md at all
    planning_dir: Path | None = None  # where STATE.md and ROADMAP.md are (Open…)


def _text(value: Any) -> str:
    if value is None or isinstance(value, dict | list):
        return ""
    return str(value).strip()


def _some(value: str) -> str:
    """``value``, or "" when the file spells out that there is nothing ("None")."""
    return "" if value.lower() in _NONE_WORDS else value


def _join(*parts: str, sep: str = " ") -> str:
    return sep.join(p for p in parts if p)


def _derived_next(state: Any) -> str:
    """What the header's Next line derives when STATE.md names no next step (a paused
    project resumes, an executing one goes on), said as derived so the field never
    contradicts that line."""
    from msd_desktop.core.state.next_command import next_for_state

    cmd = next_for_state(state) if state.doc is not None else None
    if cmd is None or not cmd.derived:
        return ""
    return fill(translate("StatePanel", "none in STATE.md — %1 (derived)"), cmd.text)


def state_view_from_core(state: Any, title: str = "",
                         last_good_at: float | None = None) -> StateView:
    """Copy a core ``ProjectState`` into a :class:`StateView` (worker thread; no Qt)."""
    from msd_desktop.core.state.project import phase_key_of
    from msd_desktop.ui.widgets.status_text import (
        phase_position,
        plan_position,
        problem_text,
        statusline_texts,
    )

    doc = state.doc
    fm = doc.fm if doc is not None else {}
    cp = doc.current_position if doc is not None else {}
    acc = doc.accumulated_context if doc is not None else {}
    session = doc.session if doc is not None else {}

    current_ids = {phase_key_of(_text(v)) for v in (fm.get("active_phase"),
                   fm.get("current_phase"), cp.get("phase_number")) if _text(v)}
    phases: list[PhaseRow] = []
    for item in state.to_dict()["phases"]:
        if not item.get("current_milestone", True):
            continue
        if len(phases) >= MAX_PHASE_ROWS:  # a hostile ROADMAP.md may list 100,000
            break
        plans, summaries = int(item.get("plans") or 0), int(item.get("summaries") or 0)
        complete = bool(item.get("complete"))
        status = "complete" if complete else (
            f"{plans - summaries} plan{'s' if plans - summaries != 1 else ''} open"
            if plans else "not planned")
        phases.append(PhaseRow(
            number=visible(_text(item.get("id"))), name=visible(_text(item.get("name"))),
            plans=plans, directory=visible(_text(item.get("dir"))),
            summaries=summaries, status=status, complete=complete,
            current=phase_key_of(_text(item.get("id"))) in current_ids,
        ))

    next_phases = fm.get("next_phases")
    if isinstance(next_phases, list):
        next_text = "/".join(_text(p) for p in next_phases if _text(p))
    else:
        next_text = _text(next_phases)
    error = state.error
    full, compact = statusline_texts(state)  # the last good state's line while stale
    return StateView(
        root=state.root,
        planning_dir=state.planning_dir,
        title=title,
        workstream=state.workstream,
        statusline_full=full,
        statusline_compact=compact,
        percent=state.progress.percent,
        milestone=_join(_text(fm.get("milestone")), _text(fm.get("milestone_name"))),
        phase=phase_position(_text(cp.get("phase"))) or _join(
            _text(fm.get("current_phase")), _text(fm.get("current_phase_name"))),
        plan=_join(_text(fm.get("current_plan")) or _text(cp.get("current_plan")),
                   f"({plan_position(_text(cp.get('plan')))})" if _text(cp.get("plan")) else ""),
        status=state.status.value,  # the core's one status, as the header's status line
        status_raw=state.status.raw or "",
        next_action=_join(_text(fm.get("next_action")), next_text) or _derived_next(state),
        last_activity=_join(_text(fm.get("last_activity")) or _text(cp.get("last_activity")),
                            _text(fm.get("last_activity_desc"))
                            or _text(cp.get("last_activity_desc")), sep=" — "),
        phases=phases,
        blockers=list(acc.get("blockers") or []),
        decisions=list(acc.get("decisions") or []),
        todos=list(acc.get("pending_todos") or []),
        last_session=_text(session.get("last_session")),
        stopped_at=_text(session.get("stopped_at")) or _text(fm.get("stopped_at")),
        resume_file=_some(_text(session.get("resume_file"))),
        body_markdown=doc.body if doc is not None else "",
        problems=[problem_text(p, state.root) for p in state.problems
                  if p.severity == "warning"],
        error=problem_text(error, state.root) if error is not None else None,
        showing_last_good=bool(state.stale),
        loaded_at=last_good_at if (state.stale and last_good_at) else time.time(),
        missing=doc is None,
    )
