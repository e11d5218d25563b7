"""One project's state: STATE.md + ROADMAP.md + phases folder + status line + problems.

Why one object: the State panel and ``msd state`` must show the same answer, and that answer
needs every source at once — the frontmatter says "100%", the phases folder says three plans
have no summary, the roadmap lists six phases where STATE.md says five. Each source is parsed
by its own module (:mod:`state_md`, :mod:`roadmap`, :mod:`statusline`); this module combines
them, derives ``progress`` (§7.4) and words the disagreements for a person.

Nothing here raises for bad file content: parse errors become ``problems`` with file and
line. :class:`StateCache` keeps the last good STATE.md per path so the live panel does not go
blank while an agent is halfway through rewriting the file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import EllipsisType
from typing import Any

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.jsonfile import JsonFile, read_json_file
from msd_desktop.core.common.key_paths import get_path
from msd_desktop.core.common.safe_read import read_text
from msd_desktop.core.common.text import Text, plural
from msd_desktop.core.state.roadmap import (
    PhaseDir,
    Progress,
    Roadmap,
    RoadmapPhase,
    derive_progress,
    parse_roadmap_file,
    phase_key,
    scan_phases_dir,
)
from msd_desktop.core.state.state_md import ParseProblem, StateDoc, parse_state_text
from msd_desktop.core.state.status import ProjectStatus, derive_status
from msd_desktop.core.state.statusline import (
    parse_statusline_fields,
    read_statusline_fields,
    render_state_segment,
)

__all__ = [
    "Problem",
    "ProjectState",
    "StateCache",
    "get_config_value",
    "load_project_state",
    "read_state_format",
]


@dataclass(frozen=True)
class Problem:
    """A consistency or parse problem, in plain words, with where to look."""

    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    severity: str = "warning"  # "error" | "warning" | "info"

    def to_dict(self) -> dict[str, Any]:
        return {"message": self.message, "file": self.file, "line": self.line,
                "column": self.column, "severity": self.severity}


def _from_parse(p: ParseProblem, file: str, severity: str = "warning") -> Problem:
    return Problem(p.message, file, p.line, p.column, severity)


class StateCache:
    """Keeps the last good :class:`StateDoc` per path for when a reparse fails."""

    def __init__(self) -> None:
        self._good: dict[str, StateDoc] = {}

    def update(self, doc: StateDoc) -> tuple[StateDoc, bool]:
        """Return ``(doc to show, stale)``: the new doc if it parsed, else the previous good.

        A doc without frontmatter (an empty file, ``---``) does not replace a previous good doc
        that had one: that is what a read between an in-place save's truncate and its write
        looks like, and the next parse error must still fall back to the real last state.
        """
        key = str(doc.path) if doc.path is not None else ""
        if doc.error is None:
            previous = self._good.get(key)
            if doc.frontmatter is not None or previous is None or previous.frontmatter is None:
                self._good[key] = doc
            return doc, False
        previous = self._good.get(key)
        if previous is not None:
            return previous, True
        return doc, False

    def last_good(self, path: Path | None) -> StateDoc | None:
        return self._good.get(str(path) if path is not None else "")

    def forget(self, path: Path | None) -> None:
        self._good.pop(str(path) if path is not None else "", None)


def get_config_value(cfg: Any, key_path: str) -> Any:
    """Upstream ``getConfigValue``: a flat ``"a.b"`` key first, then the nested path."""
    if not isinstance(cfg, dict):
        return None
    if key_path in cfg:
        return cfg[key_path]
    return get_path(cfg, key_path)[1]


def _read_config(root: Path, file: JsonFile | None = None
                 ) -> tuple[dict[str, Any], Problem | None]:
    # read_json_file never raises for bad content (invalid UTF-8, NaN, a non-object, …) and
    # its error names the file, line and column; json.loads here used to crash on bad UTF-8.
    if file is None:
        file = read_json_file(root / ".planning" / "config.json")
    if not file.exists:
        return {}, None
    if file.error is not None:
        return {}, Problem(file.error.message, "config.json", file.error.line, file.error.column)
    return file.data, None


def read_state_format(root: Path) -> str:
    """``statusline.state_format`` from ``.planning/config.json``: ``compact`` or ``full``."""
    cfg, _ = _read_config(root)
    return "compact" if get_config_value(cfg, "statusline.state_format") == "compact" else "full"


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return str(value)
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def _line_of(text: str, pattern: str, start_line: int = 1) -> int | None:
    regex = re.compile(pattern)  # once, not a cache lookup per line
    for i, line in enumerate(text.split("\n"), start=1):
        if i >= start_line and regex.search(line):
            return i
    return None


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        return int(value)
    return None


def _plans(n: int) -> Text:
    return plural(n, Text.of("{n} plan", n=n), Text.of("{n} plans", n=n))


def _phases(n: int) -> Text:
    return plural(n, Text.of("{n} phase", n=n), Text.of("{n} phases", n=n))


@dataclass
class ProjectState:
    """Everything the State panel shows for one project."""

    root: Path
    planning_dir: Path
    state_path: Path
    workstream: str | None
    doc: StateDoc | None
    stale: bool
    roadmap: Roadmap | None
    phase_dirs: list[PhaseDir] | None
    progress: Progress
    statusline_fields: dict[str, Any]
    statusline_full: str
    statusline_compact: str
    state_format: str
    problems: list[Problem] = field(default_factory=list)
    # the one status every surface shows (frontmatter wins, as the status line reads it)
    status: ProjectStatus = field(default_factory=lambda: derive_status(None))

    @property
    def statusline(self) -> str:
        """The segment in the configured format."""
        return self.statusline_compact if self.state_format == "compact" else self.statusline_full

    @property
    def error(self) -> Problem | None:
        """The STATE.md parse error, if the latest read failed."""
        return next((p for p in self.problems if p.severity == "error"), None)

    def to_dict(self) -> dict[str, Any]:
        doc = self.doc
        fm = _jsonable(doc.frontmatter) if doc is not None else None
        err = self.error
        return {
            "path": str(self.state_path),
            "exists": doc is not None,
            "planning_dir": str(self.planning_dir),
            "workstream": self.workstream,
            "frontmatter": fm,
            "version": doc.version if doc else None,
            "state_head": doc.state_head if doc else None,
            "status": self.status.raw if doc else None,  # what normalized_status came from
            "normalized_status": self.status.value if doc else None,
            "progress": self.progress.to_dict(),
            "sections": _jsonable(doc.sections_dict()) if doc else None,
            "phases": self._phases_list(),
            "phase_dirs": [d.to_dict() for d in self.phase_dirs or []],
            "problems": [p.to_dict() for p in self.problems],
            "statusline": {"full": self.statusline_full, "compact": self.statusline_compact,
                           "format": self.state_format},
            "stale": self.stale,
            "error": err.to_dict() if err else None,
        }

    def _phases_list(self) -> list[dict[str, Any]]:
        if self.roadmap is None:
            return []
        by_key: dict[str, PhaseDir] = {}
        for pd in self.phase_dirs or []:
            if pd.key is not None and (pd.key not in by_key or pd.name < by_key[pd.key].name):
                by_key[pd.key] = pd
        milestone = _milestone_of(self.doc)
        scoped = {id(p) for p in self.roadmap.scoped_phases(milestone)}
        out = []
        for p in self.roadmap.phases:
            item = p.to_dict()
            d: PhaseDir | None = by_key.get(p.key) if p.duplicate_of_line is None else None
            item["current_milestone"] = id(p) in scoped
            item["dir"] = d.name if d else None
            item["plans"] = d.plan_count if d else 0
            item["summaries"] = d.summary_count if d else 0
            item["complete"] = d.complete if d else False
            out.append(item)
        return out


def _milestone_of(doc: StateDoc | None) -> str | None:
    if doc is None:
        return None
    value = doc.fm.get("milestone")
    if value is None or isinstance(value, dict | list):
        return None
    text = str(value).strip()
    return text or None


def _rel(path: Path, base: Path) -> str:
    try:
        return str(path.relative_to(base))
    except ValueError:
        return str(path)


def load_project_state(
    root: Path, env: Mapping[str, str] | None = None, *, cache: StateCache | None = None,
    config_file: JsonFile | None = None, summary: bool = False,
    workstream: str | EllipsisType | None = ...,
) -> ProjectState:
    """Read STATE.md, ROADMAP.md, the phases folder and config for the project at ``root``.

    ``config_file``: ``<root>/.planning/config.json`` as the caller has just read it (with
    :func:`read_json_file`), so a caller that loaded the config already does not read the
    file twice; by default it is read here. ``summary``: STATE.md's body is read only for
    what a project summary shows (``parse_state_text(summary=True)``); the status, progress,
    status line and problems are the same. ``workstream``: the active workstream for ``env``
    as the caller just looked it up (``...``: looked up here).
    """
    env = dict(os.environ) if env is None else dict(env)
    root = Path(root)
    problems: list[Problem] = []
    from msd_desktop.core.workspace.paths import active_workstream, planning_dir

    if workstream is ...:
        try:
            workstream = active_workstream(root, env)
        except MsdError as exc:
            problems.append(Problem(exc.message, severity="error"))
            workstream = None
    try:
        pdir = planning_dir(root, env, workstream)
    except MsdError as exc:
        problems.append(Problem(exc.message, severity="error"))
        pdir = root / ".planning"
    state_path = pdir / "STATE.md"
    state_rel = _rel(state_path, root)
    roadmap_rel = _rel(pdir / "ROADMAP.md", root)

    cfg, cfg_problem = _read_config(root, config_file)
    if cfg_problem is not None:
        problems.append(Problem(cfg_problem.message, ".planning/config.json", cfg_problem.line,
                                cfg_problem.column))
    state_format = ("compact" if get_config_value(cfg, "statusline.state_format") == "compact"
                    else "full")

    doc: StateDoc | None = None
    stale = False
    text: str | None = None
    try:
        text = read_text(state_path, "state")
    except FileNotFoundError:
        problems.append(Problem(Text.of("no STATE.md in {folder}", folder=_rel(pdir, root)),
                                state_rel, severity="info"))
    except OSError as exc:
        problems.append(Problem(Text.of("cannot read STATE.md: {error}",
                                        error=exc.strerror or exc), state_rel, severity="error"))
    if text is not None:
        fresh = parse_state_text(text, state_path, summary=summary)
        if fresh.error is not None:
            problems.append(_from_parse(fresh.error, state_rel, "error"))
        doc = fresh
        if cache is not None:
            doc, stale = cache.update(fresh)
            if stale:
                problems.append(Problem(Text.of("showing the last good STATE.md until the file "
                                                "parses again"), state_rel, severity="info"))
        problems.extend(_from_parse(w, state_rel) for w in fresh.warnings)

    roadmap = parse_roadmap_file(pdir / "ROADMAP.md")
    if roadmap is not None:
        problems.extend(_from_parse(p, roadmap_rel) for p in roadmap.problems)
    phases_dir = pdir / "phases"
    dirs: list[PhaseDir] | None = None
    if phases_dir.is_dir():
        dirs, dir_problems = scan_phases_dir(phases_dir)
        problems.extend(_from_parse(p, _rel(phases_dir, root)) for p in dir_problems)

    milestone = _milestone_of(doc)
    stored = doc.progress if doc is not None else {}
    body_pct = doc.current_position.get("progress_percent") if doc is not None else None
    # the current milestone's phases, found once for the progress and the consistency checks
    scoped = roadmap.scoped_phases(milestone) if roadmap is not None else []
    progress = derive_progress(roadmap, dirs, milestone=milestone, stored=stored,
                               body_progress_percent=body_pct, scoped=scoped)

    # status line: the hook's own lookup (flat STATE.md first, then workstream mode); when
    # that lookup lands on the STATE.md just read, its text is parsed instead of read again
    hook_reads_text = text is not None and _hook_reads(root, env, state_path, workstream)
    fields = (parse_statusline_fields(text) if text is not None and hook_reads_text
              else read_statusline_fields(root, env))
    if fields is None:
        fields = parse_statusline_fields(text) if text is not None else {}
    full = render_state_segment(fields, "full")
    compact = render_state_segment(fields, "compact")

    state = ProjectState(
        root=root, planning_dir=pdir, state_path=state_path, workstream=workstream, doc=doc,
        stale=stale, roadmap=roadmap, phase_dirs=dirs, progress=progress,
        statusline_fields=fields, statusline_full=full, statusline_compact=compact,
        state_format=state_format, problems=problems,
        # the status line's own reading of the text shown, when that is the text just read
        status=derive_status(doc, fields if hook_reads_text and doc is not None
                             and doc.text is text else None),
    )
    if fields.get("no_active_workstream"):
        problems.append(Problem(Text.of("workstream mode is on but no workstream is active "
                                        "(set MSD_WORKSTREAM or .planning/active-workstream)"),
                                ".planning/active-workstream", severity="warning"))
    problems.extend(_consistency(state, state_rel, roadmap_rel, scoped))
    return state


def _hook_reads(root: Path, env: Mapping[str, str], state_path: Path,
                workstream: str | None) -> bool:
    """Whether :func:`read_statusline_fields` from ``root`` reads ``state_path`` (the file
    at ``state_path`` exists: it was just read): the flat STATE.md, or — no flat one, in
    workstream mode — the active workstream's, which is ``state_path`` when the
    workstream is the one just resolved."""
    flat = root / ".planning" / "STATE.md"
    if state_path == flat:
        return True
    if workstream is None or flat.is_file() or not _has_workstream_dirs(root):
        return False
    from msd_desktop.core.workspace.paths import planning_dir

    try:
        return planning_dir(root, env, workstream) / "STATE.md" == state_path
    except MsdError:
        return False


def _has_workstream_dirs(root: Path) -> bool:
    try:
        with os.scandir(root / ".planning" / "workstreams") as it:
            return any(e.is_dir() for e in it)
    except OSError:
        return False


def _consistency(state: ProjectState, state_rel: str, roadmap_rel: str,
                 scoped: list[RoadmapPhase]) -> list[Problem]:
    """The disagreements between STATE.md, ROADMAP.md and the phases folder, in words
    (``scoped``: the roadmap's phases of the STATE.md milestone)."""
    out: list[Problem] = []
    doc, roadmap, prog = state.doc, state.roadmap, state.progress
    if doc is None:
        return out
    text = doc.text
    stored = doc.progress
    milestone = _milestone_of(doc)
    counted = [p for p in scoped if p.counted]
    counted_dirs = [d for d in state.phase_dirs or [] if d.name in set(prog.counted_dirs)]
    missing = sum(len(d.plans_without_summary) for d in counted_dirs)

    if milestone and roadmap is not None and not prog.milestone_bounded:
        out.append(Problem(
            Text.of("STATE.md milestone {milestone} matches no milestone heading in {roadmap}, "
                    "so the percent is not computed", milestone=milestone, roadmap=roadmap_rel),
            state_rel, _line_of(text, r"^milestone:"),
            severity="warning" if roadmap.milestones else "info"))

    stored_pct = _int(stored.get("percent"))

    def pct_line() -> int | None:  # looked up only for a problem that says where
        return _line_of(text, r"^\s+percent:")

    if stored_pct is not None:
        if stored_pct >= 100 and missing > 0:
            why = plural(missing,
                         Text.of("STATE.md says {percent}% but 1 plan has no summary",
                                 percent=stored_pct),
                         Text.of("STATE.md says {percent}% but {count} plans have no summary",
                                 percent=stored_pct, count=missing))
            out.append(Problem(why, state_rel, pct_line()))
        elif stored_pct > 100:
            out.append(Problem(Text.of("STATE.md says {percent}%, more than 100%",
                                       percent=stored_pct), state_rel, pct_line()))
        elif prog.percent is not None and prog.source == "disk" and stored_pct != prog.percent:
            out.append(Problem(
                Text.of("STATE.md says {percent}% but the phases folder gives {disk}% ({done} "
                        "of {plans} have a summary)", percent=stored_pct, disk=prog.percent,
                        done=prog.completed_plans, plans=_plans(prog.total_plans or 0)),
                state_rel, pct_line()))

    stored_total = _int(stored.get("total_phases"))
    if (stored_total is not None and prog.total_phases is not None and prog.source == "disk"
            and stored_total != prog.total_phases):
        out.append(Problem(
            Text.of("STATE.md progress says {phases} but ROADMAP.md and the phases folder give "
                    "{disk}", phases=_phases(stored_total), disk=prog.total_phases), state_rel,
            _line_of(text, r"^\s+total_phases:")))
    stored_plans = _int(stored.get("total_plans"))
    if (stored_plans is not None and prog.total_plans is not None and prog.source == "disk"
            and stored_plans != prog.total_plans):
        out.append(Problem(
            Text.of("STATE.md progress says {plans} but the phases folder has {disk}",
                    plans=_plans(stored_plans), disk=prog.total_plans),
            state_rel, _line_of(text, r"^\s+total_plans:")))
    done, total = _int(stored.get("completed_phases")), stored_total
    if done is not None and total is not None and done > total:
        out.append(Problem(Text.of("STATE.md says {done} of {phases} are complete", done=done,
                                   phases=_phases(total)),
                           state_rel, _line_of(text, r"^\s+completed_phases:")))

    cp = doc.current_position
    body_total = cp.get("phase_total")
    # Roadmaps number phases across milestones ("Phase 4 of 5" while the current milestone
    # holds phases 3-5), so the body total may match the whole roadmap or the current scope.
    all_counted = [p for p in roadmap.phases if p.counted] if roadmap is not None else []
    if roadmap is not None and isinstance(body_total, int) and counted \
            and body_total not in (len(counted), len(all_counted)):
        out.append(Problem(
            Text.of("STATE.md says phase {phase} of {total} but ROADMAP.md lists {phases}",
                    phase=cp.get("phase_number"), total=body_total, phases=_phases(len(counted))),
            state_rel, _line_of(text, r"^Phase:", doc.body_start_line)))

    current = doc.fm.get("current_phase") or cp.get("current_phase") or cp.get("phase_number")
    active = doc.fm.get("active_phase")
    if roadmap is not None and roadmap.phases:
        for label, value in ((Text.of("current phase"), current),
                             (Text.of("active phase"), active)):
            if value is None or isinstance(value, dict | list) or not str(value).strip():
                continue
            token = str(value).strip()
            if not re.match(r"^[A-Za-z]?\d", token):
                continue
            if roadmap.phase(token) is None:
                out.append(Problem(Text.of("STATE.md's {label} {token} is not in {roadmap}",
                                           label=label, token=token, roadmap=roadmap_rel),
                                   state_rel, None))

    if roadmap is not None and state.phase_dirs:
        known = {p.key for p in roadmap.phases}
        for d in state.phase_dirs:
            if d.key is not None and known and d.key not in known:
                out.append(Problem(Text.of("phases/{name} has no Phase heading in {roadmap}",
                                           name=d.name, roadmap=roadmap_rel),
                                   _rel(state.planning_dir / "phases" / d.name, state.root),
                                   severity="info"))

    for conflict in state.status.conflicts:
        out.append(Problem(conflict.message(Path(state_rel).name, state.status.value), state_rel,
                           conflict.status_line))

    head = doc.fm.get("state_head")
    if head is not None and doc.state_head is None:
        out.append(Problem(Text.of("state_head is not a 40-character commit sha"), state_rel,
                           _line_of(text, r"^state_head:")))
    return out


def phase_key_of(value: str) -> str:
    """Public alias so UI code can compare phase ids the way the roadmap does."""
    return phase_key(value)
