"""One project's summary: the flat, display-ready facts every list of projects shows.

A :class:`ProjectSummary` is a copy of what the core says about one project (or one
workstream of it) — the normalized status, the status-line renderings, the consistency
problems, the config's diagnostic — and adds no semantics of its own. The window's browser,
overview and summary cache use it, so it lives here, Qt-free, next to what it is made from.

The problems and the config diagnostic are *said*: in the window they are translated and
their paths made relative, on the command line they are the core's English. The core does not
know the window's language, so the caller passes a :class:`SummaryWording` (the window's says
things through Qt's translators); the default is the core's own English.

The summary cache stores a summary as :func:`summary_payload` and rebuilds it with
:func:`summary_from_payload` (display fields only: names, workspaces and roots come from the
scan, never from the cache file).

Building a summary runs in worker threads (or from a helper process's answer): plain Python.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # the parsers load in the workers that build summaries, never with this module
    from msd_desktop.core.state.bulk_load import ConfigFacts, StatesLoad
    from msd_desktop.core.state.project import Problem, ProjectState, StateCache
    from msd_desktop.core.workspace.project_ref import ProjectRef

__all__ = ["ProjectSummary", "SummaryWording", "load_summary_and_state",
           "placeholder_summary", "statusline_texts", "summary_from_load",
           "summary_from_payload", "summary_from_state", "summary_payload",
           "unreadable_summary"]


@dataclass
class ProjectSummary:
    """What the browser and the overview show about one project or workstream (from the core)."""

    root: Path
    name: str
    workspace: str = ""
    workstream: str | None = None
    milestone: str = ""
    phase: str = ""
    status: str = ""  # the core's normalized status
    status_raw: str = ""
    percent: int | None = None
    last_activity: str = ""  # YYYY-MM-DD
    last_activity_desc: str = ""
    statusline_full: str = ""
    statusline_compact: str = ""
    problems: list[str] = field(default_factory=list)  # consistency problems, as worded
    config_problem: str | None = None  # degraded/invalid config.json, as worded
    state_error: str | None = None  # STATE.md unreadable, as worded
    load_error: str | None = None  # loading the project failed or timed out (nothing else known)
    # per runtime, the stale agent files of the project's own install (core local_installs);
    # data, not words: the window says it in its language when it shows it
    stale_installs: dict[str, int] = field(default_factory=dict)
    workstreams: dict[str, ProjectSummary] = field(default_factory=dict)

    def badges(self) -> list[str]:
        """Every reason for a warning badge, in the summary's words."""
        out: list[str] = []
        if self.load_error:
            out.append(self.load_error)
        if self.config_problem:
            out.append(self.config_problem)
        if self.state_error:
            out.append(self.state_error)
        out.extend(self.problems)
        for ws in self.workstreams.values():
            out.extend(f"[{ws.workstream}] {b}" for b in ws.badges()
                       if b != self.config_problem)
        return out


# --------------------------------------------------------------------------- wording


def _relative(message: str, root: Path | str | None) -> str:
    """``message`` with the project root's prefix removed from the paths in it."""
    if root is None:
        return message
    prefix = str(root).rstrip("/\\")
    return message.replace(prefix + os.sep, "").replace(prefix + "/", "")


def plain_problem(problem: Problem, root: Path | str | None = None) -> str:
    """A core ``Problem`` as one English line: where (file, line), then what."""
    message = _relative(str(problem.message), root)
    if not problem.file:
        return message
    where = f"{problem.file} line {problem.line}" if problem.line else problem.file
    return f"{where}: {message}"


def plain_config_problem(facts: ConfigFacts) -> str | None:
    """The core's diagnostic for a degraded config, in English, the project root relative."""
    if not facts.degraded:
        return None
    for diag in facts.diagnostics:
        return _relative(str(diag), facts.root)
    return f"config.json: {facts.reason}"


@dataclass(frozen=True)
class SummaryWording:
    """How a summary says the core's problems (the window passes its translated wording)."""

    problem: Callable[[Problem, Path], str] = plain_problem
    config_problem: Callable[[ConfigFacts], str | None] = plain_config_problem


ENGLISH = SummaryWording()


# --------------------------------------------------------------------------- core → summary


def _text(value: Any) -> str:
    if value is None or isinstance(value, dict | list):
        return ""
    return str(value).strip()


def statusline_texts(state: ProjectState) -> tuple[str, str]:
    """(full, compact) status line of a core ``ProjectState``, consistent with the rest.

    The core renders the status line from the file as it is now; while STATE.md does not
    parse, everything else shows the last good state (``state.stale``), so the line is
    rendered from that same last good document's text, with the core's own parser/renderer.
    """
    doc = state.doc
    if state.stale and doc is not None and doc.text:
        from msd_desktop.core.state.statusline import parse_statusline_fields, render_state_segment

        fields = parse_statusline_fields(doc.text)
        return render_state_segment(fields, "full"), render_state_segment(fields, "compact")
    return state.statusline_full, state.statusline_compact


def summary_from_state(state: ProjectState, name: str, workspace: str,
                       config_problem: str | None = None, root: Path | None = None,
                       wording: SummaryWording = ENGLISH) -> ProjectSummary:
    """Copy the display facts of a core ``ProjectState`` into a :class:`ProjectSummary`.

    ``root``: the scan's own ``Path`` of the project, to share instead of the state's copy.
    The texts are interned: thousands of projects repeat the same statuses, milestones and
    phase names, and each parse made its own copy of every one."""
    doc = state.doc
    fm = doc.fm if doc is not None else {}
    cp = doc.current_position if doc is not None else {}
    milestone = " ".join(t for t in (_text(fm.get("milestone")),
                                     _text(fm.get("milestone_name"))) if t)
    phase = _text(cp.get("phase"))
    if not phase:
        phase = " ".join(t for t in (_text(fm.get("current_phase")),
                                     _text(fm.get("current_phase_name"))) if t)
    error = state.error
    if config_problem:
        located = next((p for p in state.problems if p.file == ".planning/config.json"), None)
        if located is not None:
            config_problem = wording.problem(located, state.root)
    problems = [wording.problem(p, state.root) for p in state.problems
                if p.severity == "warning" and p.file != ".planning/config.json"]
    last = _text(fm.get("last_activity")) or _text(cp.get("last_activity"))
    desc = _text(fm.get("last_activity_desc")) or _text(cp.get("last_activity_desc"))
    full, compact = statusline_texts(state)
    intern = sys.intern
    return ProjectSummary(
        root=state.root if root is None else root,
        name=name,
        workspace=workspace,
        workstream=intern(state.workstream) if state.workstream else state.workstream,
        milestone=intern(milestone),
        phase=intern(phase),
        status=intern(state.status.value),  # the core's one status (the tree and tray agree)
        status_raw=intern(state.status.raw or ""),
        percent=state.progress.percent,
        last_activity=intern(last),
        last_activity_desc=intern(desc),
        statusline_full=intern(full),
        statusline_compact=intern(compact),
        problems=[intern(p) for p in problems],
        config_problem=config_problem,
        state_error=wording.problem(error, state.root) if error is not None else None,
    )


def load_summary_and_state(ref: ProjectRef, env: Mapping[str, str],
                           cache: StateCache | None = None,
                           wording: SummaryWording = ENGLISH
                           ) -> tuple[ProjectSummary, ProjectState]:
    """The summary plus the core ``ProjectState`` for ``env`` as given (what ``msd state``
    shows; the tray uses it), loading each file once where the two coincide. Workers only."""
    from msd_desktop.core.state.bulk_load import load_states

    load = load_states(ref.root, ref.workstreams, env, cache)
    return summary_from_load(ref, load, wording), load.state


def summary_from_load(ref: ProjectRef, load: StatesLoad,
                      wording: SummaryWording = ENGLISH) -> ProjectSummary:
    """The summary of one project from its core ``StatesLoad`` (read here or by a helper
    process): one per workstream under the active one's, or the project's own."""
    facts = load.config
    cfg_problem = (f"config.json: {facts.failure}" if facts.failure is not None
                   else wording.config_problem(facts))
    root = ref.root if isinstance(ref.root, Path) else None
    stale = dict(getattr(load, "stale_installs", None) or {})
    if not load.workstreams:
        summary = summary_from_state(load.state, ref.name, ref.workspace, cfg_problem, root,
                                     wording)
        summary.stale_installs = stale
        return summary
    # the install is the project's: every workstream's row says it
    per_ws = {ws: dataclasses.replace(
                  summary_from_state(state, ref.name, ref.workspace, cfg_problem, root, wording),
                  stale_installs=stale)
              for ws, state in load.workstreams.items()}
    active = ref.active_workstream
    head_name = active if active is not None and active in per_ws else next(iter(per_ws))
    head = per_ws[head_name]
    return dataclasses.replace(head, workstreams=per_ws, problems=[], state_error=None)


def unreadable_summary(ref: ProjectRef, problem: str) -> ProjectSummary:
    """What a project shows when loading it raised or timed out: its name and the problem."""
    return ProjectSummary(root=ref.root, name=ref.name, workspace=ref.workspace,
                          load_error=problem)


def placeholder_summary(ref: ProjectRef) -> ProjectSummary:
    """What a project shows until its summary arrived (name only; one row per workstream
    already, so the real summary replaces rows in place instead of removing and inserting)."""
    workstreams = {ws: ProjectSummary(root=ref.root, name=ref.name, workspace=ref.workspace,
                                      workstream=ws)
                   for ws in ref.workstreams or ()}
    return ProjectSummary(root=ref.root, name=ref.name, workspace=ref.workspace,
                          workstreams=workstreams)


# --------------------------------------------------------------------------- cache payload

_PAYLOAD_FIELDS = tuple(f.name for f in dataclasses.fields(ProjectSummary)
                        if f.name not in ("root", "name", "workspace", "workstreams"))


def summary_payload(summary: ProjectSummary) -> dict[str, Any]:
    """The summary's display fields as JSON-able data (workstreams nested)."""
    out: dict[str, Any] = {k: getattr(summary, k) for k in _PAYLOAD_FIELDS}
    out["problems"] = list(summary.problems)
    out["stale_installs"] = dict(summary.stale_installs)
    if summary.workstreams:
        out["workstreams"] = {k: summary_payload(v) for k, v in summary.workstreams.items()}
    return out


# Texts from the cache are interned: thousands of projects repeat the same statuses,
# milestones and phase names, and each JSON line made its own copy of every one (they are
# the bulk of what a warm start keeps per project).
def payload_str(value: Any) -> str:
    """A payload's text (interned), or "" when it is not one."""
    return sys.intern(value) if isinstance(value, str) else ""


def payload_opt_str(value: Any) -> str | None:
    """A payload's text (interned), or None when it is not one."""
    return sys.intern(value) if isinstance(value, str) else None


def payload_opt_int(value: Any) -> int | None:
    """A payload's integer (never a bool), or None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def payload_counts(value: Any) -> dict[str, int]:
    """A payload's ``{name: count}`` (positive integers only); {} when absent (a cache
    written before the field existed) or damaged."""
    if not isinstance(value, dict):
        return {}
    return {sys.intern(k): v for k, v in value.items()
            if isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v > 0}


def summary_from_payload(data: Mapping[str, Any], root: Path, name: str, workspace: str
                         ) -> ProjectSummary:
    """Rebuild a summary from :func:`summary_payload`'s data; wrong types become empty (the
    file is ours, but a damaged one must not crash the window). ``root``, ``name`` and
    ``workspace`` come from the scan."""
    problems = data.get("problems")
    ws_data = data.get("workstreams")
    workstreams = {}
    if isinstance(ws_data, dict):
        workstreams = {str(k): summary_from_payload(v, root, name, workspace)
                       for k, v in ws_data.items() if isinstance(v, dict)}
    return ProjectSummary(
        root=root, name=name, workspace=workspace,
        workstream=payload_opt_str(data.get("workstream")),
        milestone=payload_str(data.get("milestone")),
        phase=payload_str(data.get("phase")), status=payload_str(data.get("status")),
        status_raw=payload_str(data.get("status_raw")),
        percent=payload_opt_int(data.get("percent")),
        last_activity=payload_str(data.get("last_activity")),
        last_activity_desc=payload_str(data.get("last_activity_desc")),
        statusline_full=payload_str(data.get("statusline_full")),
        statusline_compact=payload_str(data.get("statusline_compact")),
        problems=[sys.intern(p) for p in problems if isinstance(p, str)]
        if isinstance(problems, list) else [],
        config_problem=payload_opt_str(data.get("config_problem")),
        state_error=payload_opt_str(data.get("state_error")),
        stale_installs=payload_counts(data.get("stale_installs")),
        workstreams=workstreams,
    )
