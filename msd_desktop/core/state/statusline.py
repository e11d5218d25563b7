"""The MSD-state segment of the Claude Code status line (spec §7.5, §7.6).

Why a second STATE.md parser next to :mod:`msd_desktop.core.state.state_md`: the status line in
the runtime is a hook that reads STATE.md with a handful of regular expressions, not with a
YAML library, and users compare what the window shows with what their terminal shows. So
this module reproduces the upstream hook (``hooks/gsd-statusline.js``: ``parseStateMd``,
``formatGsdState``, ``formatGsdStateCompact``) character for character, quirks included:
a comment right after ``progress:`` drops the whole block, ``Phase: 4.5 of 9`` is not a
phase line, numbers stay strings, ``percent: 150`` draws a full bar but is not "complete".

JavaScript regex semantics differ from Python's in small ways that matter for exactness,
so the patterns are spelled with explicit classes: ``\\s`` is the ECMAScript whitespace set,
``.`` excludes all four JS line terminators, ``\\w``/``\\d`` are ASCII, a multiline ``^``
matches after ``\\r``, ``\\u2028`` and ``\\u2029`` too, and ``$`` (non-multiline) is ``\\Z``.

Fields are returned in a plain dict with snake_case keys; a key is absent when upstream
leaves it ``undefined`` and ``None`` when upstream sets ``null``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.js_whitespace import JS_WHITESPACE_CLASS, js_trim
from msd_desktop.core.common.safe_read import read_text
from msd_desktop.core.state.js_line_start import at_line_start
from msd_desktop.core.state.state_md import normalize_status

__all__ = [
    "CANONICAL_STATUSES",
    "NO_ACTIVE_WORKSTREAM_LABEL",
    "StateFormat",
    "frontmatter_status",
    "parse_statusline_fields",
    "read_statusline_fields",
    "render_progress_bar",
    "render_state_segment",
    "short_status",
    "statusline_frontmatter",
]

StateFormat = Literal["full", "compact"]

NO_ACTIVE_WORKSTREAM_LABEL = "no active workstream"
CANONICAL_STATUSES = ("discussing", "planning", "executing", "verifying", "completed", "paused")
SEPARATOR = " \u00b7 "

# --- JavaScript regex building blocks -------------------------------------------------------
_S = f"[{JS_WHITESPACE_CLASS}]"
_DOT = "[^\n\r\u2028\u2029]"  # JS `.` without the s flag
_W = "[A-Za-z0-9_]"
_D = "[0-9]"
_BOL = "(?<![^\n\r\u2028\u2029])"  # JS `^` with the m flag

_FM_OPEN_RE = lazy_re.compile(r"\A---\r?\n")
_LINE_SPLIT_RE = lazy_re.compile(r"\r?\n")
_KEY_LINE_RE = lazy_re.compile(rf"\A({_W}+):{_S}*({_DOT}+)")
_QUOTES_RE = lazy_re.compile(r"""\A["']|["']\Z""")
_NP_FLOW_RE = lazy_re.compile(rf"{at_line_start('next_phases:')}{_S}*\[([^\]]*)\]")
_NP_BLOCK_RE = lazy_re.compile(
    rf"{at_line_start('next_phases:')}{_S}*\r?\n((?:[ \t]*-[ \t]*[^\r\n]+\r?\n?)*)")
_NP_ITEM_RE = lazy_re.compile(rf"\A[ \t]*-[ \t]*({_DOT}+)\Z")
_PROGRESS_RE = lazy_re.compile(
    rf"{at_line_start('progress:')}{_S}*\r?\n((?:[ \t]+{_W}+:{_DOT}+\r?\n?)+)")
_PROGRESS_KEY_RES = {
    key: re.compile(rf"{_BOL}[ \t]+{key}:{_S}*({_D}+)")
    for key in ("completed_phases", "total_phases", "percent")
}
_PHASE_RE = lazy_re.compile(
    rf"{at_line_start('Phase:')}{_S}*({_D}+){_S}+of{_S}+({_D}+)(?:{_S}+\(([^)]+)\))?"
)
_BODY_STATUS_RE = lazy_re.compile(rf"{at_line_start('Status:')}{_S}*({_DOT}+)")
_SHORT_SPLIT_RE = lazy_re.compile(rf"(?:{_S}|[\u2014\u2013-])+")


def _strip_quotes(value: str) -> str:
    return _QUOTES_RE.sub("", value)


def _utf16_slice(value: str, length: int) -> str:
    """``value.slice(0, length)`` in UTF-16 code units, as node would print it.

    A cut through a surrogate pair leaves a lone surrogate, which node writes as U+FFFD.
    """
    units = 0
    out: list[str] = []
    for ch in value:
        width = 2 if ord(ch) > 0xFFFF else 1
        if units + width > length:
            if units < length:
                out.append("\ufffd")
            break
        out.append(ch)
        units += width
    return "".join(out)


def statusline_frontmatter(text: str) -> str | None:
    """The frontmatter block as the status line reads it (upstream ``parseStateMd``), or None:
    what ``/^---\\r?\\n([\\s\\S]*?)\\r?\\n---/`` captures, the text after the opening
    line up to the first ``\\n---``, without a ``\\r`` just before it. Found with
    ``str.find``: the lazy pattern tried its ending at every character."""
    opening = _FM_OPEN_RE.match(text)
    if opening is None:
        return None
    start = opening.end()
    end = text.find("\n---", start)
    if end < 0:
        return None
    if end > start and text[end - 1] == "\r":
        end -= 1
    return text[start:end]


def parse_statusline_fields(text: str) -> dict[str, Any]:
    """Upstream ``parseStateMd``: frontmatter scalars, progress, body Phase/Status lines."""
    state: dict[str, Any] = {}
    fm = statusline_frontmatter(text)
    if fm is not None:
        for line in _LINE_SPLIT_RE.split(fm):
            m = _KEY_LINE_RE.match(line)
            if not m:
                continue
            key, val = m.group(1), m.group(2)
            v = _strip_quotes(js_trim(val))
            if key in ("status", "milestone", "milestone_name"):
                state[key] = None if v == "null" else v
            elif key in ("active_phase", "next_action"):
                state[key] = None if v in ("null", "") else v
        flow = _NP_FLOW_RE.search(fm)
        if flow:
            items = [_strip_quotes(js_trim(s)) for s in flow.group(1).split(",")]
            items = [s for s in items if s]
            state["next_phases"] = items or None
        else:
            block = _NP_BLOCK_RE.search(fm)
            if block:
                found: list[str] = []
                for line in _LINE_SPLIT_RE.split(block.group(1)):
                    im = _NP_ITEM_RE.match(line)
                    if im:
                        item = _strip_quotes(js_trim(im.group(1)))
                        if item:
                            found.append(item)
                state["next_phases"] = found or None
        prog = _PROGRESS_RE.search(fm)
        if prog:
            block_text = prog.group(1)
            for key, regex in _PROGRESS_KEY_RES.items():
                km = regex.search(block_text)
                if km:
                    state[key] = km.group(1)

    pm = _PHASE_RE.search(text)
    if pm:
        state["phase_num"] = pm.group(1)
        state["phase_total"] = pm.group(2)
        state["phase_name"] = pm.group(3) or None

    if not state.get("status"):
        sm = _BODY_STATUS_RE.search(text)
        if sm:
            raw = js_trim(sm.group(1)).lower()
            if "ready to plan" in raw or "planning" in raw:
                state["status"] = "planning"
            elif "execut" in raw:
                state["status"] = "executing"
            elif "complet" in raw or "archived" in raw:
                state["status"] = "complete"
    return state


def frontmatter_status(text: str) -> str | None:
    """The frontmatter ``status`` exactly as :func:`parse_statusline_fields` reads it (no body
    fallback): the last ``status:`` line of the block, trimmed and unquoted; ``None`` if none."""
    fm = statusline_frontmatter(text)
    if fm is None:
        return None
    status: str | None = None
    for line in _LINE_SPLIT_RE.split(fm):
        m = _KEY_LINE_RE.match(line)
        if m and m.group(1) == "status":
            v = _strip_quotes(js_trim(m.group(2)))
            status = None if v == "null" else v
    return status


def render_progress_bar(percent: Any) -> str:
    """``[█████░░░░░] 50%`` from a digit string; ``""`` when there is no percent."""
    if percent is None:
        return ""
    m = re.match(r"\A[\t\n\x0b\x0c\r ]*([+-]?[0-9]+)", str(percent))
    if not m:
        return ""
    pct = max(0, min(100, int(m.group(1))))
    filled = pct // 10
    return "[" + "\u2588" * filled + "\u2591" * (10 - filled) + f"] {pct}%"


def _number_is_100(percent: Any) -> bool:
    """JS ``Number(percent) === 100`` for the digit strings the parser produces."""
    if percent is None:
        return False
    text = js_trim(str(percent))
    if not text or not re.fullmatch(r"[0-9]+(?:\.[0-9]*)?", text):
        return False
    return float(text) == 100


def _phases_complete(fields: Mapping[str, Any]) -> bool:
    done = fields.get("completed_phases")
    total = fields.get("total_phases")
    return bool(done) and bool(total) and done == total


def short_status(status: Any) -> str | None:
    """Upstream ``shortGsdStatus``: canonical keyword, ``PAUSED``, or the first word (≤16)."""
    if not status:
        return None
    norm = normalize_status(str(status), None)
    if norm in CANONICAL_STATUSES:
        return "PAUSED" if norm == "paused" else norm
    first = _SHORT_SPLIT_RE.split(js_trim(str(norm)))[0]
    return _utf16_slice(first, 16) if first else None


def _render_full(s: Mapping[str, Any]) -> str:
    parts: list[str] = []
    if s.get("milestone") or s.get("milestone_name"):
        ver = s.get("milestone") or ""
        name_raw = s.get("milestone_name")
        name = name_raw if (name_raw and name_raw != "milestone") else ""
        bar = render_progress_bar(s.get("percent"))
        pieces = [p for p in (ver, name, bar) if p]
        if pieces:
            parts.append(" ".join(pieces))
    next_phases = s.get("next_phases")
    phases_str = "/".join(next_phases) if next_phases else None
    if s.get("active_phase"):
        stage = s.get("status") or ""
        active = s["active_phase"]
        parts.append(f"Phase {active} {stage}" if stage else f"Phase {active}")
    elif s.get("next_action") and phases_str:
        parts.append(f"next {s['next_action']} {phases_str}")
    elif _number_is_100(s.get("percent")) or _phases_complete(s):
        parts.append("milestone complete")
    else:
        if s.get("status"):
            parts.append(str(s["status"]))
        if s.get("phase_num") and s.get("phase_total"):
            name = s.get("phase_name")
            num, total = s["phase_num"], s["phase_total"]
            parts.append(f"{name} ({num}/{total})" if name else f"ph {num}/{total}")
    return SEPARATOR.join(parts)


def _render_compact(s: Mapping[str, Any]) -> str:
    parts: list[str] = []
    if s.get("milestone"):
        parts.append(str(s["milestone"]))
    phase_id = s.get("active_phase") or s.get("phase_num")
    if phase_id:
        total = s.get("phase_total")
        parts.append(f"P{phase_id}/{total}" if total else f"P{phase_id}")
    done = not s.get("active_phase") and (
        _number_is_100(s.get("percent")) or _phases_complete(s)
    )
    if done:
        parts.append("complete")
    else:
        st = short_status(s.get("status"))
        if st:
            parts.append(st)
        elif not phase_id and s.get("next_action"):
            next_phases = s.get("next_phases")
            phases_str = "/".join(next_phases) if next_phases else ""
            parts.append(f"next {s['next_action']}{' ' + phases_str if phases_str else ''}")
    return SEPARATOR.join(parts)


def render_state_segment(fields: Mapping[str, Any], fmt: str = "full") -> str:
    """The middle segment: ``formatGsdState`` (``full``) or ``formatGsdStateCompact``."""
    if fields.get("no_active_workstream"):
        return NO_ACTIVE_WORKSTREAM_LABEL
    return _render_compact(fields) if fmt == "compact" else _render_full(fields)


def _read_state_or_none(path: Path) -> dict[str, Any] | None:
    try:
        if not path.is_file():
            return None
        return parse_statusline_fields(read_text(path, "state"))
    except OSError:
        return None


def _workstream_dirs(root: Path) -> list[str]:
    try:
        return sorted(e.name for e in (root / ".planning" / "workstreams").iterdir() if e.is_dir())
    except OSError:
        return []


def _peek_workstream(root: Path, env: Mapping[str, str]) -> str | None:
    """CLI-less ``resolveActiveWorkstream``: env > pointer, read-only; invalid → None."""
    from msd_desktop.core.common.errors import MsdError
    from msd_desktop.core.workspace.paths import active_workstream

    try:
        return active_workstream(root, env)
    except MsdError:
        return None


def read_statusline_fields(
    start: Path, env: Mapping[str, str] | None = None
) -> dict[str, Any] | None:
    """Upstream ``readGsdState``: walk up (≤10 dirs, stop at $HOME) for the STATE.md to show.

    Returns the parsed fields, ``{"no_active_workstream": True}`` when an ancestor is in
    workstream mode but no workstream resolves, or ``None`` when nothing applies.
    """
    env = dict(os.environ) if env is None else env
    home = Path(env.get("HOME") or Path.home())
    current = start
    for _ in range(10):
        flat = _read_state_or_none(current / ".planning" / "STATE.md")
        if flat is not None:
            return flat
        if _workstream_dirs(current):
            ws = _peek_workstream(current, env)
            if not ws:
                return {"no_active_workstream": True}
            from msd_desktop.core.common.errors import MsdError
            from msd_desktop.core.workspace.paths import planning_dir

            try:
                return _read_state_or_none(planning_dir(current, env, ws) / "STATE.md")
            except MsdError:
                return None
        parent = current.parent
        if parent == current or current == home:
            break
        current = parent
    return None
