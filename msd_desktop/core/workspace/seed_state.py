"""The ``STATE.md`` a project gets when it is created here (the seed schema, nothing filled in).

Why: a project with only ``config.json`` has no status, so every surface (the overview, the
State tab, the next command, the tray) shows "—" and the person does not know what to do. The
file written here follows upstream's template (``templates/state.md``: ``gsd_state_version``,
``status``, ``progress`` in the frontmatter; the template's body sections) with what is true of
a project that has no ``PROJECT.md`` or ``ROADMAP.md`` yet:

* ``milestone: v1.0`` — the first milestone, as ``/msd-new-project`` starts it;
* ``status: planning`` — the template's own status for a new file (normalises to
  ``planning``, spec §7.3);
* ``next_action: new-project`` — the step that writes ``PROJECT.md``, ``REQUIREMENTS.md`` and
  ``ROADMAP.md``; the next command therefore reads ``/msd-new-project`` (spec §7.1: the next
  action names a command; the command may take no phase);
* ``progress`` holds plan counts and ``percent: 0`` only. The template's
  ``total_phases: 0`` / ``completed_phases: 0`` are left out on purpose: two equal phase
  counts are the status line's "milestone complete" scene (spec §7.6), which a project that
  has not started must not show. Upstream's writer fills the phase counts in once a roadmap
  exists.

The text is plain ASCII apart from the template's progress bar and dash, and parses with the
core's STATE.md reader and the status-line parser alike (tests pin both).
"""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["SEED_MILESTONE", "SEED_NEXT_ACTION", "SEED_STATUS", "seed_state_text"]

SEED_MILESTONE = "v1.0"
SEED_STATUS = "planning"
SEED_NEXT_ACTION = "new-project"


def seed_state_text(now: datetime | None = None) -> str:
    """The seed ``STATE.md`` text, dated ``now`` (UTC; the current time when ``None``)."""
    when = (now or datetime.now(UTC)).astimezone(UTC)
    stamp = when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z"
    day = when.strftime("%Y-%m-%d")
    minute = when.strftime("%Y-%m-%d %H:%M")
    return f"""---
gsd_state_version: '1.0'
milestone: {SEED_MILESTONE}
status: {SEED_STATUS}
next_action: {SEED_NEXT_ACTION}
progress:
  total_plans: 0
  completed_plans: 0
  percent: 0
last_updated: "{stamp}"
last_activity: {day}
---

# Project State

## Project Reference

See: .planning/PROJECT.md (not written yet: /msd-new-project writes it)

**Core value:** not defined yet
**Current focus:** defining the project and its roadmap

## Current Position

Phase: none yet (no ROADMAP.md)
Plan: none yet
Status: Ready to plan
Last activity: {day} — project created

Progress: [░░░░░░░░░░] 0%

## Accumulated Context

### Decisions

None yet.

### Pending Todos

None yet.

### Blockers/Concerns

None yet.

## Session Continuity

Last session: {minute}
Stopped at: project created; next step /msd-new-project
Resume file: None
"""
