"""ROADMAP.md phases, the phases folder, and the derived progress (spec §1, §7.4).

Why: the State panel and ``msd state`` must say how far a milestone is, and the answer comes
from two places that drift apart in real projects — the ``Phase <id>:`` headings of
ROADMAP.md and the ``.planning/phases/<NN>-<slug>/`` folders with their ``*-PLAN.md`` and
``*-SUMMARY.md`` files. This module reads both without ever raising on bad input (problems
are returned with their line) and computes ``progress`` exactly as §7.4 says.

Roadmap reading rules (upstream ``roadmap-parser``/``state`` where it decides, stricter where
the adversarial fixtures of upstream #3594 demand it):

* headings are ``#{2,4} Phase <id>: <name>`` lines (an optional ``[tag]`` before ``Phase``
  and a ``(tag)`` before the colon are tolerated); headings inside fenced code blocks
  (CommonMark fences, a longer outer fence swallows shorter inner ones) and inside HTML
  comments are ignored — upstream's counting regex is not fence-aware, this one is;
* ids are digit-bearing tokens (``2``, ``02.1``, ``2.10``, ``PROJ-42``); keys normalise
  zero padding like upstream ``phaseKeyFromToken`` so ``2.1`` and ``2.10`` stay distinct;
* sentinel phases (leading integer 0 or 999) and phases struck through on a checklist or
  heading line (``~~Phase 3~~``) are listed but never counted;
* a repeated id keeps the first declaration (pinned: first wins) and is reported;
* milestone sections are level 1–3 non-Phase headings carrying a ``vX.Y`` token; a section
  ends at the next heading of the same or higher level that carries a milestone marker.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.safe_read import UnsafeFileError, check_digits, read_text
from msd_desktop.core.common.text import Text
from msd_desktop.core.state.markdown_sections import iter_fence_state
from msd_desktop.core.state.state_md import ParseProblem

__all__ = [
    "Milestone",
    "PhaseDir",
    "Progress",
    "Roadmap",
    "RoadmapPhase",
    "compute_percent",
    "derive_progress",
    "is_sentinel_phase",
    "js_round",
    "parse_roadmap_file",
    "parse_roadmap_text",
    "phase_key",
    "scan_phases_dir",
]

_PROJECT_CODE_RE = lazy_re.compile(r"^[A-Z][A-Z0-9_]*-(?=\d)", re.IGNORECASE)
_PHASE_HEADING_RE = lazy_re.compile(
    r"^ {0,3}(#{2,4})[ \t]*(?:\[[^\]]{1,200}\][ \t]*)?(~~)?[ \t]*(?:\*\*)?Phase[ \t]+"
    r"([A-Za-z0-9_][A-Za-z0-9_.\-]*)(?:[ \t]*\([^)\n]{0,200}\))?[ \t]*:[ \t]*(.*)$",
    re.IGNORECASE,
)
_ATX_RE = lazy_re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$")
_VERSION_RE = lazy_re.compile(r"v\d+(?:\.\d+)+", re.IGNORECASE)
_MILESTONE_SIGNAL_RE = lazy_re.compile(r"v\d+\.\d+|✅|📋|🚧|\bMilestone\b", re.IGNORECASE)
_SECTION_END_SIGNAL_RE = lazy_re.compile(r"v\d+\.\d+|✅|📋|🚧", re.IGNORECASE)
_CLOSED_RE = lazy_re.compile(r"\b(?:CLOSED|ARCHIVED|ABANDONED|SHIPPED|FAILED)\b|✅|🗄",
                             re.IGNORECASE)
_ACTIVE_RE = lazy_re.compile(r"\b(?:STARTED|ACTIVE|WIP)\b|in\s+progress|🚧|🔄", re.IGNORECASE)
_CHECKLIST_OR_HEADING_RE = lazy_re.compile(r"^\s*(?:[-*+]\s*\[[ xX]\]|#{1,6}\s)")
_STRIKE_RE = lazy_re.compile(r"~~([^~]*?)~~")
_STRUCK_PHASE_RE = lazy_re.compile(r"^[\s*_]*Phase\s+([A-Za-z0-9_][A-Za-z0-9_.\-]*)", re.IGNORECASE)
# the rest of the module's patterns, named once here instead of written inline where re
# looked each one up in its cache on every call (hundreds of calls per project loaded)
_LEADING_ZEROS_RE = lazy_re.compile(r"^0+(?=\d)")
_CODE_PREFIX_RE = lazy_re.compile(r"^[A-Z][A-Z0-9_]*-\d")
_DASHED_KEY_RE = lazy_re.compile(r"^(\d+)((?:-\d+)+)([A-Z]?(?:\.\d+)*)$", re.IGNORECASE)
_DOTTED_KEY_RE = lazy_re.compile(r"^(\d+)([A-Z])?((?:\.\d+)*)", re.IGNORECASE)
_NUMBER_RE = lazy_re.compile(r"^0*(\d+)")
_PHASE_WORD_RE = lazy_re.compile(r"Phase\s+\S", re.IGNORECASE)
_CURRENT_VERSION_RE = lazy_re.compile(r"(?:🚧|🔄)\s*\*\*v(\d+\.\d+)\s")
_PHASE_DETAILS_RE = lazy_re.compile(r"\(Phase\s+Details\)", re.IGNORECASE)
_MARKER_RE = lazy_re.compile(r"v\d+\.\d+|✅|📋|🚧")
_STRUCK_HEADING_RE = lazy_re.compile(r"~~\s*(?:\*\*)?Phase\s")
_INSERTED_RE = lazy_re.compile(r"\(INSERTED\)", re.IGNORECASE)
_EMPHASIS_RE = lazy_re.compile(r"\*\*|~~")
_GOAL_RE = lazy_re.compile(r"\*\*Goal(?::\*\*|\*\*:)\s*(\S.*)", re.IGNORECASE)
_NOT_A_PLAN_RE = lazy_re.compile(r"-OUTLINE\.md$|\.pre-bounce\.md$|-PLAN-REVIEW\.md$",
                                 re.IGNORECASE)
_MD_RE = lazy_re.compile(r"\.md$", re.IGNORECASE)
_PLAN_WORD_RE = lazy_re.compile("PLAN", re.IGNORECASE)
_EXTRA_PLAN_RE = lazy_re.compile(r"^(\d+)-PLAN-(\d+)", re.IGNORECASE)
_CANON_PLAN_RE = lazy_re.compile(r"^(\d+(?:\.\d+)*-\d+)-.+-PLAN$")


def js_round(value: float) -> int:
    """JavaScript ``Math.round``: halves round up (66.5 → 67, -0.5 → 0)."""
    return math.floor(value + 0.5)


def phase_key(token: str) -> str:
    """Upstream ``phaseKeyFromToken``: ``"05"``, ``"5"`` and ``"005"`` all give ``"05"``."""
    stripped = "-".join(_LEADING_ZEROS_RE.sub("", seg) for seg in str(token).split("-"))
    bare = _PROJECT_CODE_RE.sub("", stripped) if _CODE_PREFIX_RE.match(stripped) \
        else stripped
    m = _DASHED_KEY_RE.match(bare)
    if m:
        subs = "-".join(s.rjust(2, "0") for s in m.group(2)[1:].split("-"))
        return f"{m.group(1).rjust(2, '0')}-{subs}{m.group(3) or ''}".upper()
    m = _DOTTED_KEY_RE.match(bare)
    if m:
        return (m.group(1).rjust(2, "0") + (m.group(2) or "") + (m.group(3) or "")).upper()
    return str(token).upper()


def is_sentinel_phase(token: str) -> bool:
    """Sentinel phases (backlog 0.x, icebox 999.x) never count toward progress."""
    m = _NUMBER_RE.match(_PROJECT_CODE_RE.sub("", str(token)))
    return m is not None and int(m.group(1)) in (0, 999)


@dataclass
class RoadmapPhase:
    """One ``Phase <id>: <name>`` heading."""

    id: str
    key: str
    name: str
    level: int
    line: int
    milestone: str | None = None
    sentinel: bool = False
    retired: bool = False
    duplicate_of_line: int | None = None
    shipped: bool = False
    goal: str | None = None

    @property
    def counted(self) -> bool:
        """Counts toward ``total_phases``: a real, live, first declaration with a digit."""
        return (not self.sentinel and not self.retired and self.duplicate_of_line is None
                and any(c.isdigit() for c in self.id))

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "key": self.key, "name": self.name, "level": self.level,
            "line": self.line, "milestone": self.milestone, "sentinel": self.sentinel,
            "retired": self.retired, "duplicate_of_line": self.duplicate_of_line,
            "shipped": self.shipped, "goal": self.goal, "counted": self.counted,
        }


@dataclass
class Milestone:
    version: str
    heading: str
    level: int
    line: int
    end_line: int
    closed: bool


@dataclass
class Roadmap:
    """A parsed ROADMAP.md. ``lines`` holds the visible text (comments/fences blanked)."""

    path: Path | None
    phases: list[RoadmapPhase]
    milestones: list[Milestone]
    problems: list[ParseProblem]
    lines: list[str] = field(default_factory=list, repr=False)
    raw_lines: list[str] = field(default_factory=list, repr=False)
    in_details: list[bool] = field(default_factory=list, repr=False)
    #: 0-based indexes of the ``lines`` that may be headings (:func:`_heading_rows`)
    heading_rows: list[int] | None = field(default=None, repr=False, compare=False)

    def _rows(self) -> list[int]:
        if self.heading_rows is None:
            self.heading_rows = _heading_rows(self.lines)
        return self.heading_rows

    # -- milestone scoping --
    def milestone_headings(self, version: str) -> list[Milestone]:
        """Headings for ``version`` (``\\b`` boundary, so ``v2.0`` also selects ``v2.0-B``)."""
        pat = re.compile(re.escape(version.strip()) + r"\b", re.IGNORECASE)
        return [m for m in self.milestones if pat.search(m.heading)]

    def is_bounded(self, version: str) -> bool:
        """Can the STATE.md milestone be bounded to a ROADMAP milestone section?"""
        return bool(version.strip()) and bool(self.milestone_headings(version))

    def has_milestone_sectioning(self) -> bool:
        """≥2 level 1–3 non-Phase headings with a milestone signal (upstream rule)."""
        count = 0
        for text, level in self._headings():
            if level > 3 or _PHASE_WORD_RE.match(text):
                continue
            if _MILESTONE_SIGNAL_RE.search(text):
                count += 1
                if count >= 2:
                    return True
        return False

    def _headings(self) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        for row in self._rows():
            m = _ATX_RE.match(self.lines[row].rstrip("\r"))
            if m:
                out.append(((m.group(2) or "").strip(), len(m.group(1))))
        return out

    def current_scope_lines(self, version: str | None) -> set[int] | None:
        """1-based lines of the current milestone window, or None for "whole document".

        Mirrors ``extractCurrentMilestoneScoped``: the selected version's section (the
        first heading for it that is not closed), its ``(Phase Details)`` twin, plus the
        preamble before the first milestone heading (without ``<details>`` blocks, and
        without its phase headings when the section has its own).
        """
        if not version:
            found = _CURRENT_VERSION_RE.search("\n".join(self.lines))
            version = f"v{found.group(1)}" if found else None
        if not version:
            return None
        matches = self.milestone_headings(version)
        if not matches:
            return None
        selected = next((m for m in matches if not m.closed), matches[0])
        scope = set(range(selected.line, selected.end_line))
        token = _VERSION_RE.search(selected.heading)
        if token:
            bound = re.compile(re.escape(token.group(0)) + r"(?![\w.\-])", re.IGNORECASE)
            for m in matches:
                if (m.line >= selected.end_line and not m.closed
                        and _PHASE_DETAILS_RE.search(m.heading)
                        and bound.search(m.heading)):
                    scope.update(range(m.line, m.end_line))
                    break
        first_ms = min((m.line for m in self.milestones if not
                        _PHASE_WORD_RE.match(m.heading)), default=selected.line)
        first_marker = first_ms
        for row in self._rows():
            i = row + 1
            mm = _ATX_RE.match(self.lines[row].rstrip("\r"))
            if mm and len(mm.group(1)) <= 3:
                text = (mm.group(2) or "").strip()
                if not _PHASE_WORD_RE.match(text) and _MARKER_RE.search(text):
                    first_marker = min(first_marker, i)
                    break
        section_has_phases = any(p.line in scope for p in self.phases)
        for line_no in range(1, first_marker):
            if self.in_details[line_no - 1]:
                continue
            if section_has_phases and any(p.line == line_no for p in self.phases):
                continue
            scope.add(line_no)
        return scope

    def scoped_phases(self, version: str | None) -> list[RoadmapPhase]:
        """Phases of the current milestone (shipped ``<details>`` phases dropped)."""
        scope = self.current_scope_lines(version)
        if scope is None:
            return [p for p in self.phases if not p.shipped]
        return [p for p in self.phases if p.line in scope]

    def phase(self, phase_id: str) -> RoadmapPhase | None:
        """Look a phase up by id (first declaration wins; ``2.1`` never returns ``2.10``)."""
        key = phase_key(phase_id)
        return next((p for p in self.phases if p.key == key and p.duplicate_of_line is None),
                    None)


def _heading_rows(lines: list[str]) -> list[int]:
    """The indexes of the lines whose first character after at most three spaces is ``#``:
    every heading pattern here starts so, and most lines of a roadmap are not headings, so
    each pattern is tried on these lines only."""
    return [i for i, line in enumerate(lines) if line.lstrip(" ")[:1] == "#"]


def _mask_comments(lines: list[str], fenced: list[bool]) -> list[str]:
    """Blank fenced lines and the inside of ``<!-- … -->`` comments, keeping line count."""
    visible = ["" if f else line for line, f in zip(lines, fenced, strict=True)]
    text = "\n".join(visible)
    text = re.sub(r"<!--[\s\S]*?(?:-->|\Z)",
                  lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    return text.split("\n")


def _details_mask(lines: list[str]) -> list[bool]:
    """Lines inside exact ``<details>…</details>`` blocks (``<details open>`` is active)."""
    text = "\n".join(lines)
    mask = [False] * len(lines)
    for m in re.finditer(r"<details>((?:(?!<details>)[\s\S])*?)</details>", text, re.IGNORECASE):
        first = text.count("\n", 0, m.start())
        last = text.count("\n", 0, m.end())
        for i in range(first, last + 1):
            mask[i] = True
    return mask


def _retired_keys(lines: list[str]) -> set[str]:
    retired: set[str] = set()
    for line in lines:
        if "~~" not in line or not _CHECKLIST_OR_HEADING_RE.match(line):
            continue  # a line without a struck span retires nothing
        for span in _STRIKE_RE.finditer(line):
            ref = _STRUCK_PHASE_RE.match(span.group(1))
            if ref and any(c.isdigit() for c in ref.group(1)):
                retired.add(phase_key(ref.group(1)))
    return retired


def parse_roadmap_text(text: str, path: Path | None = None) -> Roadmap:
    """Parse ROADMAP.md text; never raises — odd input becomes ``problems`` with lines."""
    try:
        check_digits(text, "ROADMAP.md")  # text from an editor did not pass the file reader
    except UnsafeFileError as exc:
        rm = parse_roadmap_text("", path)
        rm.problems.append(ParseProblem(exc.message))
        return rm
    raw_lines = text.split("\n")
    stripped = [line[:-1] if line.endswith("\r") else line for line in raw_lines]
    fenced = iter_fence_state(stripped)
    lines = _mask_comments(stripped, fenced)
    details = _details_mask(lines)
    problems: list[ParseProblem] = []
    if fenced and fenced[-1]:
        opened = len(fenced) - 1
        while opened > 0 and fenced[opened - 1]:
            opened -= 1
        problems.append(ParseProblem(Text.of(
            "ROADMAP.md has a code block that is never closed; headings after it are ignored",
        ), opened + 1))

    # milestone headings (level 1-3, not Phase, with a version token)
    heads: list[tuple[int, int, str]] = []  # (line, level, text)
    rows = _heading_rows(lines)
    for row in rows:
        m = _ATX_RE.match(lines[row])
        if m:
            heads.append((row + 1, len(m.group(1)), (m.group(2) or "").strip()))
    milestones: list[Milestone] = []
    for idx, (line_no, level, heading) in enumerate(heads):
        if level > 3 or _PHASE_WORD_RE.match(heading):
            continue
        ver = _VERSION_RE.search(heading)
        if not ver:
            continue
        end = len(lines) + 1
        for nline, nlevel, ntext in heads[idx + 1 :]:
            if nlevel > level or _PHASE_WORD_RE.match(ntext):
                continue
            if _SECTION_END_SIGNAL_RE.search(ntext):
                end = nline
                break
        closed = bool(_CLOSED_RE.search(heading)) and not _ACTIVE_RE.search(heading)
        milestones.append(Milestone("v" + ver.group(0)[1:], heading, level, line_no, end, closed))

    retired = _retired_keys(lines)
    phases: list[RoadmapPhase] = []
    first_by_key: dict[str, RoadmapPhase] = {}
    for row in rows:
        i, line = row + 1, lines[row]
        m = _PHASE_HEADING_RE.match(line)
        if not m:
            continue
        pid = m.group(3).rstrip(".-")
        if not any(c.isdigit() for c in pid):
            continue  # "## Phase Details:" and other word headings are not phases
        name = m.group(4)
        struck = bool(m.group(2)) or bool(_STRUCK_HEADING_RE.search(line))
        name = _INSERTED_RE.sub("", name, count=1)
        name = _EMPHASIS_RE.sub("", name).strip()
        key = phase_key(pid)
        ms = next((ms.version for ms in reversed(milestones)
                   if ms.line <= i < ms.end_line), None)
        phase = RoadmapPhase(
            id=pid, key=key, name=name, level=len(m.group(1)), line=i, milestone=ms,
            sentinel=is_sentinel_phase(pid), retired=struck or key in retired,
            shipped=details[i - 1],
        )
        prior = first_by_key.get(key)
        if prior is not None and prior.shipped == phase.shipped:
            phase.duplicate_of_line = prior.line
            problems.append(ParseProblem(
                Text.of(
                    "ROADMAP.md declares Phase {pid} again (first at line {line}); the first "
                    "declaration is used", pid=pid, line=prior.line,
                ), i, 1))
        elif prior is None:
            first_by_key[key] = phase
        phases.append(phase)

    # goals: **Goal:** / **Goal**: lines under each phase heading
    for n, phase in enumerate(phases):
        end = phases[n + 1].line if n + 1 < len(phases) else len(lines) + 1
        for line in lines[phase.line : end - 1]:
            g = _GOAL_RE.search(line)
            if g:
                phase.goal = g.group(1).strip()
                break

    return Roadmap(path, phases, milestones, problems, lines, raw_lines, details, rows)


def parse_roadmap_file(path: Path) -> Roadmap | None:
    """Read ROADMAP.md; ``None`` when the file does not exist."""
    try:
        text = read_text(path, "markdown", encoding="utf-8-sig")
    except FileNotFoundError:
        return None
    except OSError as exc:
        rm = parse_roadmap_text("", path)
        rm.problems.append(ParseProblem(Text.of("cannot read ROADMAP.md: {error}",
                                                error=exc.strerror or exc)))
        return rm
    # each phase costs a few KiB once parsed and shown: a hostile file stays bounded. A
    # heading holds a line of its own, so a file of no more lines than the limit is within
    # it without the pattern (tried at every position of the text)
    headings = (len(_PHASE_LINE_RE.findall(text)) if text.count("\n") >= MAX_PHASES
                else 0)
    if headings > MAX_PHASES:
        rm = parse_roadmap_text("", path)
        rm.problems.append(ParseProblem(
            Text.of(
                "ROADMAP.md has {headings} phase headings, more than the {limit} MSD reads; "
                "it was not read", headings=headings, limit=MAX_PHASES,
            )))
        return rm
    return parse_roadmap_text(text, path)


#: The most phase headings a ROADMAP.md may have (real roadmaps have tens).
MAX_PHASES = 2000
_PHASE_LINE_RE = lazy_re.compile(r"(?im)^ {0,3}#{2,4}[^\n]*?\bPhase\b")


# --- the phases folder ----------------------------------------------------------------------

_DIR_TOKEN_RE = lazy_re.compile(r"^(\d+[A-Za-z]?(?:\.\d+)*)(?=-|$)")


@dataclass
class PhaseDir:
    """One ``[<project_code>-]<NN>-<slug>`` folder and its plan/summary counts."""

    name: str
    key: str | None
    plans: list[str]
    summaries: list[str]
    matched_summaries: int

    @property
    def plan_count(self) -> int:
        return len(self.plans)

    @property
    def summary_count(self) -> int:
        return self.matched_summaries

    @property
    def complete(self) -> bool:
        """Every plan has its summary (and there is at least one plan)."""
        return self.plan_count > 0 and self.matched_summaries >= self.plan_count

    @property
    def plans_without_summary(self) -> list[str]:
        return [p for p in self.plans if not _has_summary(p, set(self.summaries))]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "key": self.key, "plans": self.plan_count,
                "summaries": self.summary_count, "complete": self.complete,
                "plans_without_summary": self.plans_without_summary}


def _is_plan(name: str) -> bool:
    if _NOT_A_PLAN_RE.search(name):
        return False
    if name.endswith("-PLAN.md") or name == "PLAN.md":
        return True
    if _is_summary(name):
        return False
    return bool(_MD_RE.search(name)) and "PLAN" in name.upper()


def _is_summary(name: str) -> bool:
    return name.endswith("-SUMMARY.md") or name == "SUMMARY.md"


def _has_summary(plan: str, summaries: set[str]) -> bool:
    base = _MD_RE.sub("", plan)
    candidates = [_PLAN_WORD_RE.sub("SUMMARY", base, count=1) + ".md",
                  base + "-SUMMARY.md"]
    ext = _EXTRA_PLAN_RE.match(base)
    if ext:
        candidates.append(f"{ext.group(1)}-{ext.group(2)}-SUMMARY.md")
    canon = _CANON_PLAN_RE.match(base)
    if canon:
        candidates.append(f"{canon.group(1)}-SUMMARY.md")
    return any(c in summaries for c in candidates)


def dir_phase_key(name: str) -> str | None:
    """The phase key of a folder name, or None when it carries no phase number."""
    m = _DIR_TOKEN_RE.match(_PROJECT_CODE_RE.sub("", name))
    return phase_key(m.group(1)) if m else None


def _kind_is(entry: os.DirEntry[str], folder: bool) -> bool:
    """``Path.is_dir()`` / ``Path.is_file()`` of a listed entry, without a ``stat`` of every
    entry: the listing already knows what a plain entry is; a link is followed as pathlib
    follows it (with pathlib's answers for a dangling or looping one)."""
    if entry.is_symlink():
        target = Path(entry.path)
        return target.is_dir() if folder else target.is_file()
    return entry.is_dir() if folder else entry.is_file()


def _names(folder: Path | str, folders: bool) -> list[str]:
    """The sorted names of the folders (or files) in ``folder``."""
    with os.scandir(folder) as listing:
        return sorted(e.name for e in listing if _kind_is(e, folders))


def scan_phases_dir(phases_dir: Path) -> tuple[list[PhaseDir], list[ParseProblem]]:
    """List phase folders (sorted by name) with PLAN/SUMMARY counts; never raises."""
    problems: list[ParseProblem] = []
    try:
        entries = _names(phases_dir, True)
    except FileNotFoundError:
        return [], problems
    except OSError as exc:
        return [], [ParseProblem(Text.of("cannot read {name}/: {error}",
                                         name=phases_dir.name, error=exc.strerror or exc))]
    out: list[PhaseDir] = []
    for name in entries:
        try:
            files = _names(os.path.join(phases_dir, name), False)
        except OSError as exc:
            problems.append(ParseProblem(Text.of("cannot read phases/{name}/: {error}",
                                                 name=name, error=exc.strerror or exc)))
            files = []
        plans = [f for f in files if _is_plan(f)]
        summaries = [f for f in files if _is_summary(f)]
        summary_set = set(summaries)
        matched = sum(1 for p in plans if _has_summary(p, summary_set))
        out.append(PhaseDir(name, dir_phase_key(name), plans, summaries, matched))
    return out, problems


# --- progress (§7.4) ------------------------------------------------------------------------


@dataclass
class Progress:
    total_phases: int | None = None
    completed_phases: int | None = None
    total_plans: int | None = None
    completed_plans: int | None = None
    percent: int | None = None
    source: str = "none"  # "disk", "body", "none"
    milestone_bounded: bool = True
    counted_dirs: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "total_phases": self.total_phases, "completed_phases": self.completed_phases,
            "total_plans": self.total_plans, "completed_plans": self.completed_plans,
            "percent": self.percent, "source": self.source,
            "milestone_bounded": self.milestone_bounded,
        }


def compute_percent(completed_plans: int | None, total_plans: int | None,
                    completed_phases: int | None, total_phases: int | None) -> int | None:
    """``min(100, round_half_up(min(plan_fraction, phase_fraction) * 100))`` or None."""
    has_plans = total_plans is not None and total_plans > 0 and completed_plans is not None
    has_phases = total_phases is not None and total_phases > 0 and completed_phases is not None
    if not has_plans and not has_phases:
        return None
    plan_f = (completed_plans or 0) / (total_plans or 1) if has_plans else 1.0
    phase_f = (completed_phases or 0) / (total_phases or 1) if has_phases else 1.0
    return min(100, js_round(min(plan_f, phase_f) * 100))


def _int_or_none(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value):
        return int(value)
    return None


def derive_progress(
    roadmap: Roadmap | None,
    dirs: list[PhaseDir] | None,
    *,
    milestone: str | None = None,
    stored: Mapping[str, Any] | None = None,
    body_progress_percent: int | None = None,
    scoped: list[RoadmapPhase] | None = None,
) -> Progress:
    """§7.4 progress from roadmap headings + phase folders (+ the stored block's ratchet).

    ``dirs`` is None when there is no phases folder; then the stored totals are kept and
    only the body ``Progress:`` percent can fill in. ``scoped``: the roadmap's
    ``scoped_phases(milestone)`` when the caller has it already (else computed here).
    """
    stored = stored or {}
    prog = Progress()
    ms = (milestone or "").strip() or None
    bounded = True
    if ms and roadmap is not None:
        bounded = roadmap.is_bounded(ms)
    prog.milestone_bounded = bounded

    if dirs is None:
        prog.total_phases = _int_or_none(stored.get("total_phases"))
        prog.completed_phases = _int_or_none(stored.get("completed_phases"))
        prog.total_plans = _int_or_none(stored.get("total_plans"))
        prog.completed_plans = _int_or_none(stored.get("completed_plans"))
    else:
        if scoped is None:
            scoped = roadmap.scoped_phases(ms) if roadmap is not None else []
        retired = {p.key for p in (roadmap.phases if roadmap else []) if p.retired}
        scope_keys = {p.key for p in scoped}
        seen: dict[str, PhaseDir] = {}
        for d in dirs:
            if d.key is None or is_sentinel_phase(d.key) or d.key in retired:
                continue
            if scope_keys and d.key not in scope_keys:
                continue
            if d.key not in seen or d.name < seen[d.key].name:
                seen[d.key] = d
        counted = list(seen.values())
        prog.counted_dirs = [d.name for d in counted]
        heading_count = sum(1 for p in scoped if p.counted)
        sectioned = roadmap.has_milestone_sectioning() if roadmap is not None else False
        safe = bounded or (heading_count > 0 and not sectioned)
        withhold = bool(ms) and (roadmap is None or (not bounded and sectioned))
        if withhold:
            prog.total_phases = _int_or_none(stored.get("total_phases"))
        else:
            prog.total_phases = max(len(counted), heading_count) if safe else len(counted)
        prog.completed_phases = sum(1 for d in counted if d.complete)
        prog.total_plans = sum(d.plan_count for d in counted)
        prog.completed_plans = sum(d.summary_count for d in counted)
        prog.source = "disk"
        # ratchet: completed_* never go down on read; totals always take fresh values
        for key in ("completed_phases", "completed_plans"):
            old = _int_or_none(stored.get(key))
            if old is not None and old > (getattr(prog, key) or 0):
                setattr(prog, key, old)

    pct = compute_percent(prog.completed_plans, prog.total_plans,
                          prog.completed_phases, prog.total_phases)
    if not bounded:
        pct = None
    if pct is None and bounded and body_progress_percent is not None:
        pct = body_progress_percent
        prog.source = "body" if prog.source == "none" else prog.source
    prog.percent = pct
    return prog
