"""Load projects' summaries (and their tray lines) through the summary cache, in workers.

Where the browser's :class:`ProjectSummary` and the tray's line meet the core's
:class:`~msd_desktop.core.state.summary_cache.SummaryCache` — so, like the main window, this
module may use two areas. Everything here runs on worker threads and returns plain Python.

A project's cached payload is ``{"summary": …, "tray": …, "snapshot": …}``: the display fields
of the summary (recursively for workstreams), the tray's menu line, and the status snapshot the
tray compares the next load with (so notifications keep working after a warm start). Names
and workspaces come from the scan, never from the cache.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from msd_desktop.core.state.status_changes import StatusSnapshot
from msd_desktop.core.state.summary_cache import SummaryCache, project_signature
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.browser.overview_model import ProjectSummary
from msd_desktop.ui.companion.tray import TrayLine

_SUMMARY_FIELDS = tuple(f.name for f in dataclasses.fields(ProjectSummary)
                        if f.name not in ("root", "name", "workspace", "workstreams"))
_SNAPSHOT_FIELDS = tuple(f.name for f in dataclasses.fields(StatusSnapshot)
                         if f.name not in ("root", "name"))


@dataclass
class Loaded:
    """One project's load result (plain Python, made on a worker)."""

    ref: ProjectRef
    summary: ProjectSummary | None
    tray: TrayLine | None = None
    snapshot: StatusSnapshot | None = None
    error: Exception | None = None
    cached: bool = False


def _summary_payload(s: ProjectSummary) -> dict[str, Any]:
    out: dict[str, Any] = {k: getattr(s, k) for k in _SUMMARY_FIELDS}
    out["problems"] = list(s.problems)
    if s.workstreams:
        out["workstreams"] = {k: _summary_payload(v) for k, v in s.workstreams.items()}
    return out


def _str(v: Any) -> str:
    return v if isinstance(v, str) else ""


def _opt_str(v: Any) -> str | None:
    return v if isinstance(v, str) else None


def _opt_int(v: Any) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _summary_from(data: Mapping[str, Any], ref: ProjectRef) -> ProjectSummary:
    """Rebuild a summary from a payload; wrong types become empty (the file is ours, but a
    damaged one must not crash the window)."""
    problems = data.get("problems")
    ws_data = data.get("workstreams")
    workstreams = {}
    if isinstance(ws_data, dict):
        workstreams = {str(k): _summary_from(v, ref) for k, v in ws_data.items()
                       if isinstance(v, dict)}
    return ProjectSummary(
        root=Path(ref.root), name=ref.name, workspace=ref.workspace,
        workstream=_opt_str(data.get("workstream")), milestone=_str(data.get("milestone")),
        phase=_str(data.get("phase")), status=_str(data.get("status")),
        status_raw=_str(data.get("status_raw")), percent=_opt_int(data.get("percent")),
        last_activity=_str(data.get("last_activity")),
        last_activity_desc=_str(data.get("last_activity_desc")),
        statusline_full=_str(data.get("statusline_full")),
        statusline_compact=_str(data.get("statusline_compact")),
        problems=[p for p in problems if isinstance(p, str)] if isinstance(problems, list)
        else [],
        config_problem=_opt_str(data.get("config_problem")),
        state_error=_opt_str(data.get("state_error")),
        workstreams=workstreams,
    )


def payload_of(loaded: Loaded) -> dict[str, Any]:
    assert loaded.summary is not None
    out: dict[str, Any] = {"summary": _summary_payload(loaded.summary)}
    if loaded.tray is not None:
        out["tray"] = {"statusline": loaded.tray.statusline, "percent": loaded.tray.percent,
                       "problem": loaded.tray.problem}
    if loaded.snapshot is not None:
        snap = {k: getattr(loaded.snapshot, k) for k in _SNAPSHOT_FIELDS}
        snap["blockers"] = list(loaded.snapshot.blockers)
        out["snapshot"] = snap
    return out


def loaded_from_payload(ref: ProjectRef, data: Mapping[str, Any]) -> Loaded | None:
    summary_data = data.get("summary")
    if not isinstance(summary_data, dict):
        return None
    tray = None
    tray_data = data.get("tray")
    if isinstance(tray_data, dict):
        tray = TrayLine(Path(ref.root), ref.name, _str(tray_data.get("statusline")),
                        _opt_int(tray_data.get("percent")), _opt_str(tray_data.get("problem")))
    snapshot = None
    snap = data.get("snapshot")
    if isinstance(snap, dict):
        blockers = snap.get("blockers")
        snapshot = StatusSnapshot(
            root=Path(ref.root), name=ref.name, status=_opt_str(snap.get("status")),
            milestone=_opt_str(snap.get("milestone")),
            blockers=tuple(b for b in blockers if isinstance(b, str))
            if isinstance(blockers, list) else (),
            percent=_opt_int(snap.get("percent")),
            completed_phases=_opt_int(snap.get("completed_phases")),
            total_phases=_opt_int(snap.get("total_phases")),
            stopped_at=_opt_str(snap.get("stopped_at")))
    return Loaded(ref, _summary_from(summary_data, ref), tray, snapshot, cached=True)


def signature_of(ref: ProjectRef) -> str:
    """The stat signature of a project, plus what the scan said about its workstreams."""
    extra = ("ws\0" + "\0".join(ref.workstreams), f"active\0{ref.active_workstream or ''}")
    return project_signature(Path(ref.root), extra)


def cached_results(refs: Sequence[ProjectRef], cache: SummaryCache
                   ) -> tuple[list[Loaded], list[tuple[ProjectRef, str | None]]]:
    """Worker: the projects whose signature matches the cache, and the others (with the
    signature taken now, before they are read; None when nothing was cached for them —
    a cold start pays no stat pass)."""
    hits: list[Loaded] = []
    misses: list[tuple[ProjectRef, str | None]] = []
    for ref in refs:
        if not cache.has(Path(ref.root)):
            misses.append((ref, None))
            continue
        sig = signature_of(ref)
        data = cache.get(Path(ref.root), sig)
        loaded = loaded_from_payload(ref, data) if data is not None else None
        if loaded is None:
            misses.append((ref, sig))
        else:
            hits.append(loaded)
    return hits, misses
