"""Read STATE.md: YAML frontmatter (ruamel.yaml, tolerant) and the body sections (spec §7).

Why this module exists: STATE.md is the project's living memory and is edited by agents,
scripts and people, so it is often slightly broken. The window must still show what it can,
and say precisely what is wrong (with the file line), instead of raising. So:

* the frontmatter is the block between a ``---`` line at byte 0 (after an optional BOM) and
  the first following line that starts with ``---`` (upstream ``extractFrontmatter``); text
  before the opening fence means "no frontmatter", exactly as upstream reads it;
* the block is loaded with ruamel.yaml's pure safe loader; timestamps stay strings (upstream
  keeps them as written); a YAML error becomes :class:`ParseProblem` with the 1-based *file*
  line and column, never an exception; duplicate keys are tolerated (the first value wins in
  ruamel, upstream's line parser keeps the last) and reported as a warning;
* body fields follow the §7.1 lookup order (``**Field:** v``, ``Field: v`` at line start, a
  two-column table row); sections are found with a fence-aware ATX heading tokenizer (the
  upstream ``markdown-sectionizer`` rules), so a heading inside a code block never counts.

Only the frontmatter region goes through YAML; the body is scanned with linear regexes, so a
huge body stays fast. The module is read-only; :func:`serialize_frontmatter` follows the
§7.1 writer rules for callers that need to produce frontmatter text.
"""

from __future__ import annotations

import functools
import re
import threading
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.js_values import js_truthy
from msd_desktop.core.common.safe_read import (
    MAX_DEPTH,
    MAX_FRONTMATTER_BYTES,
    UnsafeFileError,
    check_digits,
    max_flow_depth,
    read_text,
    structure_problem,
    surrogate_line,
)
from msd_desktop.core.common.text import Text
from msd_desktop.core.state.frontmatter_fast import FALLBACK, load_simple
from msd_desktop.core.state.js_line_start import at_line_start
from msd_desktop.core.state.markdown_sections import Heading, collect_section, iter_fence_state

__all__ = [
    "ParseProblem",
    "StateDoc",
    "extract_field",
    "is_template_default_status",
    "normalize_status",
    "parse_state_file",
    "parse_state_text",
    "serialize_frontmatter",
    "split_frontmatter",
]

CANONICAL_STATUSES = ("discussing", "planning", "executing", "verifying", "completed", "paused")


@dataclass(frozen=True)
class ParseProblem:
    """Something wrong in a file, located for a person: 1-based line and column."""

    message: str
    line: int | None = None
    column: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"message": self.message, "line": self.line, "column": self.column}

    def __str__(self) -> str:
        where = ""
        if self.line is not None:
            where = f" (line {self.line}" + (f", column {self.column}" if self.column else "") + ")"
        return self.message + where


# --- status normalization (§7.3) -----------------------------------------------------------


def normalize_status(status: Any, paused_at: Any = None) -> str:
    """Upstream ``normalizeStateStatus``: first hit wins, unmatched text passes through.

    ``unknown`` only when ``status`` is null/empty (and not paused).
    """
    raw = "" if status is None or status is False else str(status)
    result = raw or "unknown"
    s = raw.lower()
    if "paused" in s or "stopped" in s or js_truthy(paused_at):
        return "paused"
    if "executing" in s or "in progress" in s:
        return "executing"
    if "planning" in s or "ready to plan" in s:
        return "planning"
    if "discussing" in s:
        return "discussing"
    if "verif" in s:
        return "verifying"
    if "complete" in s or "done" in s:
        return "completed"
    if "ready to execute" in s:
        return "executing"
    return result


_KNOWN_STATUS_DEFAULTS = {
    s.lower()
    for s in (
        "Ready to execute", "Phase complete — ready for verification", "Ready to plan",
        "Defining requirements", "Planning complete", "Executing", "In progress", "Planning",
        "Verifying", "Completed", "Done", "Active", "Paused", "unknown",
    )
}
_KNOWN_STATUS_PATTERNS = (
    r"^Executing Phase\s+\d+", r"^Planning Phase\s+\d+", r"^Phase\s+\d+\s+complete",
    r"^Verifying Phase\s+\d+", r"^Phase complete", r"^Complete\s*[✓✔✅☑]?\s*$",
)  # compiled on first use (``re`` caches them): reading a STATE.md never needs them


def is_template_default_status(value: str) -> bool:
    """§7.2: a ``Status:`` value a handler wrote (safe to overwrite) vs executor-authored."""
    v = value.strip()
    return v.lower() in _KNOWN_STATUS_DEFAULTS or any(
        re.search(p, v, re.IGNORECASE) for p in _KNOWN_STATUS_PATTERNS)


# --- field extraction (§7.1) ----------------------------------------------------------------

_DOT = "[^\n\r\u2028\u2029]"


def _canon(text: str) -> str:
    """ECMAScript non-unicode ``Canonicalize`` (how ``/i`` compares), per character."""
    out = []
    for ch in text:
        up = ch.upper()
        if len(up) != 1 or (ord(ch) >= 128 and ord(up) < 128):
            out.append(ch)
        else:
            out.append(up)
    return "".join(out)


def _field_matches_cell(name: str, raw_cell: str) -> bool:
    n = len(name)
    if n > len(raw_cell):
        return False
    lead = len(raw_cell) - len(raw_cell.lstrip(" \t"))
    target = _canon(name)
    for j in range(min(lead, len(raw_cell) - n) + 1):
        if _canon(raw_cell[j : j + n]) != target:
            continue
        if raw_cell[j + n :].strip(" \t") == "":
            return True
    return False


_ANY_NEWLINE_RE = lazy_re.compile(r"\r\n|\r|\n")
_SEPARATOR_CELL_RE = lazy_re.compile(r"[\s\-:]+")


def _split_lines_any(content: str) -> list[str]:
    return _ANY_NEWLINE_RE.split(content)


def _table_field(content: str, name: str) -> str | None:
    for raw_cell, value in _two_cell_rows(content):
        if _field_matches_cell(name, raw_cell):
            return value
    return None


# the last contents searched for table rows and their rows, newest first
_ROWS: tuple[tuple[str, list[tuple[str, str]]], ...] = ()


def _two_cell_rows(content: str) -> list[tuple[str, str]]:
    """Each ``| name | value |`` row of ``content`` (separator rows left out): its first cell
    as written and its value. Why kept: a body is asked for a dozen fields it lacks, and each
    one looked through every line of it for a row."""
    global _ROWS
    cached = _ROWS
    for text, rows in cached:
        if text is content:
            return rows
    rows = []
    if "|" in content:
        for line in _split_lines_any(content):
            if not line.startswith("|") or line.count("|") != 3:
                continue
            if not line.rstrip(" \t").endswith("|"):
                continue
            second = line.index("|", 1)
            raw_cell = line[1:second]
            if _SEPARATOR_CELL_RE.fullmatch(raw_cell.strip()):
                continue  # separator row
            third = line.index("|", second + 1)
            rows.append((raw_cell, line[second + 1 : third].strip(" \t").strip()))
    _ROWS = ((content, rows), *cached[:2])
    return rows


# The characters outside ASCII that Python's ``re.IGNORECASE`` matches to an ASCII letter
# (tests/core/state/test_state_md.py checks this against every code point).
CASE_TRAPS = "\u0130\u0131\u017f\u212a"  # İ ı ſ K
# the last contents seen and their lower case (or None), newest first: a body and the
# section being searched alternate
_FOLDED: tuple[tuple[str, str | None], ...] = ()


def _lacks_label(content: str, label: str) -> bool:
    """True when ``content`` certainly has no case-insensitive ``label`` in it.

    Why: each field name makes its own regexes, and compiling them costs more than the
    search (a STATE.md is asked for some twenty names); a field that is not there at all
    needs none.
    Exact for an ASCII ``label`` when ``content`` holds none of :data:`CASE_TRAPS`: every
    other character ``re.IGNORECASE`` equates with an ASCII one is ASCII itself.
    """
    global _FOLDED
    if not label.isascii():
        return False
    cached = _FOLDED
    for text, lowered in cached:
        if text is content:
            folded = lowered
            break
    else:
        folded = None if any(c in content for c in CASE_TRAPS) else content.lower()
        _FOLDED = ((content, folded), *cached[:2])
    return folded is not None and label.lower() not in folded


def extract_field(content: str, name: str) -> str | None:
    """Upstream ``stateExtractField``: ``**Name:** v``, then ``Name: v``, then a table row."""
    if _lacks_label(content, name + ":"):  # neither regex can match
        return _table_field(content, name)
    bold, plain = _field_res(name)
    m = bold.search(content)
    if m:
        return m.group(1).strip()
    m = plain.search(content)
    if m:
        return m.group(1).strip()
    return _table_field(content, name)


@functools.lru_cache(maxsize=256)
def _field_res(name: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The two §7.1 patterns of one field name, compiled once (names are a fixed few)."""
    esc = re.escape(name)
    return (re.compile(rf"\*\*{esc}:\*\*[ \t]*({_DOT}+)", re.IGNORECASE),
            re.compile(rf"{at_line_start(name + ':')}[ \t]*({_DOT}+)", re.IGNORECASE))


# --- the document ---------------------------------------------------------------------------


@dataclass
class StateDoc:
    """One parsed STATE.md. ``frontmatter`` is None when there is no (usable) block."""

    path: Path | None
    text: str
    frontmatter: dict[str, Any] | None
    error: ParseProblem | None
    body: str
    body_start_line: int
    warnings: list[ParseProblem] = field(default_factory=list)
    current_position: dict[str, Any] = field(default_factory=dict)
    project_reference: dict[str, Any] = field(default_factory=dict)
    performance_metrics: dict[str, Any] = field(default_factory=dict)
    accumulated_context: dict[str, list[str]] = field(default_factory=dict)
    session: dict[str, Any] = field(default_factory=dict)

    # -- derived views --
    @property
    def fm(self) -> dict[str, Any]:
        return self.frontmatter or {}

    @property
    def version(self) -> str | None:
        """D9: ``gsd_state_version`` or ``msd_state_version`` (whichever the file has)."""
        key = self.version_key
        return None if key is None else _scalar_text(self.fm[key])

    @property
    def version_key(self) -> str | None:
        for key in ("gsd_state_version", "msd_state_version"):
            if key in self.fm:
                return key
        return None

    @property
    def state_head(self) -> str | None:
        value = self.fm.get("state_head")
        if isinstance(value, str) and re.fullmatch(r"[0-9a-fA-F]{40}", value.strip()):
            return value.strip().lower()
        return None

    @property
    def status(self) -> str | None:
        """The raw status: frontmatter ``status`` (non-empty) else the body ``Status:``."""
        value = self.fm.get("status")
        if isinstance(value, str) and value.strip():
            return value.strip()
        if isinstance(value, int | float) and not isinstance(value, bool):
            return str(value)
        body_status = self.current_position.get("status")
        return body_status if isinstance(body_status, str) else None

    @property
    def paused_at(self) -> Any:
        value = self.fm.get("paused_at")
        if js_truthy(value):
            return value
        return self.session.get("paused_at")

    @property
    def normalized_status(self) -> str:
        return normalize_status(self.status, self.paused_at)

    @property
    def progress(self) -> dict[str, Any]:
        value = self.fm.get("progress")
        return dict(value) if isinstance(value, dict) else {}

    def sections_dict(self) -> dict[str, Any]:
        return {
            "project_reference": self.project_reference,
            "current_position": self.current_position,
            "performance_metrics": self.performance_metrics,
            "accumulated_context": self.accumulated_context,
            "session": self.session,
        }


def _scalar_text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def split_frontmatter(text: str) -> tuple[str | None, int, int]:
    """Locate the frontmatter: (yaml text or None, yaml first file line, body start offset).

    ``None`` with offset 0 when the file does not start with a fence; ``None`` with offset
    -1 when the opening fence is never closed.
    """
    start = 1 if text.startswith("\ufeff") else 0
    if text.startswith("---\r\n", start):
        header_end = start + 5
    elif text.startswith("---\n", start):
        header_end = start + 4
    else:
        return None, 0, 0
    close = text.find("\n---", header_end - 1)
    if close == -1:
        return None, 2, -1
    yaml_end = close - 1 if close > 0 and text[close - 1] == "\r" else close
    yaml_text = text[header_end:yaml_end] if yaml_end >= header_end else ""
    line_end = text.find("\n", close + 1)
    body_start = len(text) if line_end == -1 else line_end + 1
    return yaml_text, 2, body_start


def _yaml_loader() -> Any:
    from ruamel.yaml import YAML
    from ruamel.yaml.constructor import SafeConstructor

    class _Constructor(SafeConstructor):
        """Safe constructor that keeps timestamps as the text the file has."""

    _Constructor.add_constructor("tag:yaml.org,2002:timestamp", SafeConstructor.construct_scalar)
    yaml = YAML(typ="safe", pure=True)
    yaml.Constructor = _Constructor
    yaml.allow_duplicate_keys = True
    return yaml


# One loader per thread: a ruamel ``YAML`` object keeps its reader/scanner/parser between loads,
# so two threads sharing one (the window parses STATE.md files on several workers) read each
# other's tokens and return wrong data or wrong error lines (reliability finding F5).
_LOCAL = threading.local()


def _yaml_limits_problem(yaml_text: str, first_line: int) -> ParseProblem | None:
    """A frontmatter too large or too deeply nested to parse safely (checked before parsing)."""
    if len(yaml_text) > MAX_FRONTMATTER_BYTES:
        return ParseProblem(
            Text.of("STATE.md frontmatter is larger than {size} KiB; MSD does not read it",
                    size=MAX_FRONTMATTER_BYTES // 1024), first_line, None)
    depth, at = max_flow_depth(yaml_text)
    if depth > MAX_DEPTH:
        return ParseProblem(
            Text.of(
                "STATE.md frontmatter is nested deeper than {depth} levels; MSD does not "
                "read it", depth=MAX_DEPTH,
            ),
            first_line + yaml_text.count("\n", 0, at), None)
    return None


def _structure_check(data: Any, yaml_text: str, first_line: int) -> ParseProblem | None:
    """Depth and lone surrogates of the parsed frontmatter (block nesting shows only here)."""
    problem = structure_problem(data)
    if problem is None:
        return None
    line = first_line + (surrogate_line(yaml_text) - 1 if "surrogate" in problem else 0)
    return ParseProblem(Text.of("STATE.md frontmatter: {problem}; MSD does not read it",
                                problem=problem), line, None)


def _load_yaml(yaml_text: str, first_line: int) -> tuple[Any, ParseProblem | None]:
    too_big = _yaml_limits_problem(yaml_text, first_line)
    if too_big is not None:
        return None, too_big
    data, problem = _load_yaml_unchecked(yaml_text, first_line)
    if problem is None:
        problem = _structure_check(data, yaml_text, first_line)
        if problem is not None:
            return None, problem
    return data, problem


def _load_yaml_unchecked(yaml_text: str, first_line: int) -> tuple[Any, ParseProblem | None]:
    # the plain frontmatter agents write is read without ruamel (same result, see
    # frontmatter_fast); anything else goes to ruamel as before
    data = load_simple(yaml_text)
    if data is not FALLBACK:
        return data, None
    loader = getattr(_LOCAL, "yaml", None)
    if loader is None:
        loader = _LOCAL.yaml = _yaml_loader()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            data = loader.load(yaml_text)
    except Exception as exc:  # any ruamel error: report, never raise
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        context = getattr(exc, "context", None)
        message = (Text.of("STATE.md frontmatter is not valid YAML: {problem} ({context})",
                           problem=problem, context=context) if context
                   else Text.of("STATE.md frontmatter is not valid YAML: {problem}",
                                problem=problem))
        if mark is not None:
            return None, ParseProblem(message, first_line + int(mark.line), int(mark.column) + 1)
        return None, ParseProblem(message, first_line, None)
    if _shares_containers(data):
        # an aliased list/map can expand exponentially (or loop) when shown or serialized
        m = re.search(r"(?m)\*[A-Za-z0-9_-]", yaml_text)
        line = first_line + (yaml_text.count("\n", 0, m.start()) if m else 0)
        return None, ParseProblem(
            Text.of(
                "STATE.md frontmatter reuses a list or map through a YAML alias (*name); MSD "
                "does not read aliased collections",
            ), line, 1)
    return data, None


def _shares_containers(data: Any) -> bool:
    seen: set[int] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict | list):
            if id(item) in seen:
                return True
            seen.add(id(item))
            stack.extend(item.values() if isinstance(item, dict) else item)
    return False


_KEY_LINE_RE = lazy_re.compile(r"([A-Za-z0-9_-]+):(?:\s|$)")
_BULLET_RE = lazy_re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*\S)\s*$")


def _duplicate_keys(yaml_text: str, first_line: int) -> list[ParseProblem]:
    seen: dict[str, int] = {}
    out: list[ParseProblem] = []
    for i, line in enumerate(yaml_text.split("\n")):
        m = _KEY_LINE_RE.match(line)
        if not m:
            continue
        key = m.group(1)
        if key in seen:
            out.append(ParseProblem(
                Text.of(
                    "STATE.md frontmatter repeats the key '{key}' (first at line {line}); the "
                    "first value is used", key=key, line=seen[key],
                ), first_line + i, 1))
        else:
            seen[key] = first_line + i
    return out


def _bullets(text: str) -> list[str]:
    items: list[str] = []
    lines = text.split("\n")
    fenced = iter_fence_state(lines)
    for i, line in enumerate(lines):
        if fenced[i]:
            continue
        m = _BULLET_RE.match(line)
        if m:
            items.append(m.group(1))
    return items


def _list_field(text: str, name: str) -> str | None:
    """A ``Field: value`` written as a list item (``- Field: value``), or any §7.1 form."""
    if not text:
        return None
    if _lacks_label(text, name + ":"):
        return _table_field(text, name)
    m = re.search(rf"(?m)^[ \t]*[-*+][ \t]+(?:\*\*)?{re.escape(name)}:(?:\*\*)?[ \t]*(\S.*)$",
                  text, re.IGNORECASE)
    if m:
        return m.group(1).strip()
    return extract_field(text, name)


def _h(level_ok: Callable[[int], bool], *names: str) -> Callable[[Heading], bool]:
    wanted = {n.lower() for n in names}
    return lambda h: level_ok(h.level) and h.text.strip().lower() in wanted


def _table_rows(text: str) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    header: list[str] | None = None
    for raw in text.split("\n"):
        line = raw.strip()
        if not line.startswith("|"):
            if header is not None and rows:
                break
            header = None if not line else header
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if header is None:
            header = cells
        elif all(_DELIMITER_CELL_RE.fullmatch(c) for c in cells if c):
            continue
        else:
            rows.append({header[i] if i < len(header) else f"col{i + 1}": c
                         for i, c in enumerate(cells)})
    return rows


_PHASE_PROSE_RE = lazy_re.compile(
    r"^\s*(\d+(?:\.\d+)*[A-Za-z]?)\s+of\s+(\d+)(?:\s*\(([^)]*)\))?"
)
_PLAN_PROSE_RE = lazy_re.compile(r"^\s*(\d+)\s+of\s+(\d+)")
_PERCENT_RE = lazy_re.compile(r"(\d+)%")
_DELIMITER_CELL_RE = lazy_re.compile(r":?-+:?")
_LAST_ACTIVITY_RE = lazy_re.compile(r"^(\d{4}-\d{2}-\d{2})(?:\s+[—-]{1,2}\s+(.+))?$")


def _parse_body(doc: StateDoc, summary: bool = False) -> None:
    """The §7.1 body fields and sections; ``summary``: only what a project summary reads
    (see :func:`parse_state_text`)."""
    body = doc.body
    pos = collect_section(body, _h(lambda lv: lv in (2, 3), "current position"))
    pos_scope = pos.body if pos is not None else body
    cp: dict[str, Any] = {}
    phase_raw = extract_field(pos_scope, "Phase")
    cp["phase"] = phase_raw
    cp["phase_number"] = cp["phase_total"] = cp["phase_name"] = None
    if phase_raw:
        m = _PHASE_PROSE_RE.match(phase_raw)
        if m:
            cp["phase_number"], cp["phase_total"] = m.group(1), int(m.group(2))
            cp["phase_name"] = (m.group(3) or "").strip() or None
    cp["current_phase"] = extract_field(body, "Current Phase")
    cp["current_phase_name"] = extract_field(body, "Current Phase Name")
    cp["current_plan"] = extract_field(body, "Current Plan")
    plan_raw = extract_field(pos_scope, "Plan")
    cp["plan"] = plan_raw
    cp["plan_number"] = cp["plan_total"] = None
    if plan_raw:
        m = _PLAN_PROSE_RE.match(plan_raw)
        if m:
            cp["plan_number"], cp["plan_total"] = int(m.group(1)), int(m.group(2))
    cp["status"] = extract_field(body, "Status")
    last = extract_field(body, "Last Activity")
    cp["last_activity"] = cp["last_activity_desc"] = None
    if last:
        m = _LAST_ACTIVITY_RE.match(last)
        if m:
            cp["last_activity"] = m.group(1)
            cp["last_activity_desc"] = (m.group(2) or "").strip() or None
        else:
            cp["last_activity"] = last
    progress_raw = extract_field(body, "Progress")
    cp["progress"] = progress_raw
    pm = _PERCENT_RE.search(progress_raw or "")
    cp["progress_percent"] = int(pm.group(1)) if pm else None
    doc.current_position = cp
    if summary:
        _parse_summary_rest(doc, body)
        return

    ref = collect_section(body, _h(lambda lv: lv == 2, "project reference"))
    doc.project_reference = {
        "core_value": extract_field(ref.body, "Core value") if ref else None,
        "current_focus": extract_field(ref.body, "Current focus") if ref else None,
    }

    perf = collect_section(body, _h(lambda lv: lv == 2, "performance metrics"))
    perf_text = perf.body if perf else ""
    doc.performance_metrics = {
        "total_plans_completed": _list_field(perf_text, "Total plans completed"),
        "average_duration": _list_field(perf_text, "Average duration"),
        "total_execution_time": _list_field(perf_text, "Total execution time"),
        "by_phase": [r for r in _table_rows(perf_text)
                     if any(v not in ("", "-") for v in r.values())],
        "trend": _list_field(perf_text, "Trend"),
    }

    acc_text = _accumulated_context(body)
    doc.accumulated_context = {
        "decisions": _context_items(body, acc_text, "decisions", "decisions made"),
        "pending_todos": _context_items(body, acc_text, "pending todos", "todos"),
        "blockers": _context_items(body, acc_text, *_BLOCKERS),
    }
    scope = _session_scope(body)
    resume = extract_field(scope, "Resume file")
    doc.session = {
        "last_session": extract_field(scope, "Last session"),
        "stopped_at": extract_field(scope, "Stopped At"),
        "paused_at": extract_field(scope, "Paused At"),
        "resume_file": None if resume is None or resume.strip().lower() == "none" else resume,
    }


_BLOCKERS = ("blockers/concerns", "blockers", "concerns")


def _parse_summary_rest(doc: StateDoc, body: str) -> None:
    """Past the current position, what a summary, tray line and status snapshot read: the
    blockers, and when the session stopped or paused (each found as the full parse finds it)."""
    doc.accumulated_context = {
        "blockers": _context_items(body, _accumulated_context(body), *_BLOCKERS)}
    scope = _session_scope(body)
    doc.session = {"stopped_at": extract_field(scope, "Stopped At"),
                   "paused_at": extract_field(scope, "Paused At")}


def _accumulated_context(body: str) -> str | None:
    """The Accumulated Context section's text, or None when the body has none."""
    acc = collect_section(body, _h(lambda lv: lv == 2, "accumulated context"))
    return acc.body if acc else None


def _context_items(body: str, acc_text: str | None, *names: str) -> list[str]:
    """The bullets of a context list: its subsection of Accumulated Context, else a
    top-level section of that name ("None yet" left out)."""
    sec = (collect_section(acc_text, _h(lambda lv: lv >= 3, *names))
           if acc_text is not None else None)
    if sec is None:
        sec = collect_section(body, _h(lambda lv: lv == 2, *names))
    if sec is None:
        return []
    return [b for b in _bullets(sec.body) if b.strip().lower().rstrip(".") != "none yet"]


def _session_scope(body: str) -> str:
    """Where the session fields are looked up: the Session (Continuity) section, else the
    whole body."""
    sess = collect_section(body, _h(lambda lv: lv == 2, "session")) or collect_section(
        body, _h(lambda lv: lv == 2, "session continuity"))
    return sess.body if sess else body


def _line_in(message: str) -> int | None:
    m = re.search(r": line (\d+):", message)
    return int(m.group(1)) if m else None


def parse_state_text(text: str, path: Path | None = None, *, summary: bool = False
                     ) -> StateDoc:
    """Parse STATE.md text. Never raises for bad content; see ``error`` and ``warnings``.

    ``summary``: the body is searched only for what a project summary reads (the current
    position, the blockers, the session's stopped and paused times); the other sections stay
    empty. Why: a cold start parses thousands of files for their summaries alone, and the
    sections it never shows were half of a body's parse. Everything else (the frontmatter,
    the error and warnings, those fields) is what the full parse gives.
    """
    try:
        check_digits(text, "STATE.md")  # text from an editor did not pass the file reader
    except UnsafeFileError as exc:
        doc = parse_state_text("", path, summary=summary)
        doc.error = ParseProblem(exc.message, _line_in(exc.message), None)
        return doc
    yaml_text, first_line, body_start = split_frontmatter(text)
    frontmatter: dict[str, Any] | None = None
    error: ParseProblem | None = None
    warnings: list[ParseProblem] = []
    if yaml_text is None and body_start == -1:
        error = ParseProblem(Text.of("STATE.md frontmatter has no closing '---' line"), 1, 1)
        body_start = 0
    elif yaml_text is not None:
        data, error = _load_yaml(yaml_text, first_line)
        if error is None:
            if data is None:
                frontmatter = {}
            elif isinstance(data, dict):
                frontmatter = {str(k): v for k, v in data.items()}
                warnings.extend(_duplicate_keys(yaml_text, first_line))
            else:
                error = ParseProblem(
                    Text.of("STATE.md frontmatter is a {type}, not a set of keys",
                            type=type(data).__name__),
                    first_line, 1)
    else:
        stripped = text.lstrip("\ufeff")
        first = stripped.lstrip(" \t\r\n")
        if first.startswith("---") and stripped != first:
            line = stripped[: len(stripped) - len(first)].count("\n") + 1
            warnings.append(ParseProblem(
                Text.of(
                    "STATE.md has text before its opening '---'; the frontmatter is ignored",
                ), line, 1))
    body = text[body_start:]
    doc = StateDoc(
        path=path, text=text, frontmatter=frontmatter, error=error, body=body,
        body_start_line=text[:body_start].count("\n") + 1, warnings=warnings,
    )
    _parse_body(doc, summary)
    return doc


def parse_state_file(path: Path) -> StateDoc:
    """Read and parse ``path``; an unreadable file gives a doc with ``error`` set."""
    try:
        text = read_text(path, "state", encoding="utf-8-sig")
    except OSError as exc:
        doc = parse_state_text("", path)
        doc.error = ParseProblem(Text.of("cannot read STATE.md: {error}",
                                         error=exc.strerror or exc))
        return doc
    return parse_state_text(text, path)


# --- writer rules (§7.1) --------------------------------------------------------------------

_NEEDS_QUOTES_RE = lazy_re.compile(r"""[:#"'\\\n\r\t]|^[\[{&*!|>%@`,?-]|^\s|\s$|^$""")
_PLAIN_RESERVED = {"null", "~", "true", "false", "yes", "no", "on", "off"}


def _yaml_scalar(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int | float):
        return str(value)
    text = str(value)
    if (_NEEDS_QUOTES_RE.search(text) or text.lower() in _PLAIN_RESERVED
            or re.fullmatch(r"[-+]?(\d[\d_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?", text)):
        esc = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
               .replace("\t", "\\t").replace("\r", "\\r"))
        esc = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\x{ord(m.group()):02x}", esc)
        return f'"{esc}"'
    return text


def _emit(lines: list[str], data: Mapping[str, Any], indent: int) -> None:
    pad = " " * indent
    for key, value in data.items():
        if value is None:
            continue  # null values are not written at all
        if isinstance(value, Mapping):
            lines.append(f"{pad}{key}:")
            _emit(lines, value, indent + 2)
        elif isinstance(value, list | tuple):
            items = [_yaml_scalar(v) for v in value if v is not None]
            if len(items) <= 3 and len(", ".join(items)) < 60:
                lines.append(f"{pad}{key}: [{', '.join(items)}]")
            else:
                lines.append(f"{pad}{key}:")
                lines.extend(f"{pad}  - {item}" for item in items)
        else:
            lines.append(f"{pad}{key}: {_yaml_scalar(value)}")


def serialize_frontmatter(data: Mapping[str, Any], body: str = "") -> str:
    """§7.1 writer: ``---\\n<yaml>\\n---\\n\\n<body>``, nulls dropped, key order kept."""
    lines: list[str] = []
    _emit(lines, data, 0)
    return "---\n" + "\n".join(lines) + "\n---\n\n" + body
