"""Markdown sections the way upstream's ``markdown-sectionizer`` finds them.

Why its own module: STATE.md and ROADMAP.md are searched for sections by heading, and a
heading inside a fenced code block must never count; the fence-aware ATX tokenizer and
``collect_section`` are upstream's rules, shared by every planning-file reader.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass

from msd_desktop.core.common import lazy_re

__all__ = [
    "Heading",
    "Section",
    "collect_section",
    "heading_text",
    "iter_fence_state",
    "tokenize_headings",
]


@dataclass(frozen=True)
class Heading:
    """An ATX heading outside fenced code: level, text, 1-based line, char offset."""

    level: int
    text: str
    line: int
    offset: int


@dataclass(frozen=True)
class Section:
    heading: Heading
    body: str
    body_start_line: int


_FENCE_RE = lazy_re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")
_ATX_RE = lazy_re.compile(r"^( {0,3})(#{1,6})([ \t]+.*|[ \t]*)?$")
# what a fence's first non-space character is: lines that start otherwise (most of a file)
# are not handed to the patterns at all
_FENCE_FIRST = ("`", "~")
# where a line may start a fence (``^`` after each ``\n``, as the lines split)
_FENCE_START_RE = lazy_re.compile(r"^ {0,3}(?:```|~~~)", re.MULTILINE)
# a heading's start: on the first line, then after each newline (written from the newline:
# a pattern that opens with ``^`` is tried at every position, one with ``\n`` at newlines)
_HEADING_START_RE = lazy_re.compile(r" {0,3}#")
_LATER_HEADING_START_RE = lazy_re.compile(r"\n {0,3}#")


def iter_fence_state(lines: list[str]) -> list[bool]:
    """For each line: True when it is a fence delimiter or inside a fenced code block.

    Most planning files have no fence at all: one pattern over the joined lines says so, and
    then no line is looked at one by one."""
    if not _has_fence_start("\n".join(lines)):
        return [False] * len(lines)
    return _fence_state_by_line(lines)


def _has_fence_start(text: str) -> bool:
    """Whether a line of ``text`` starts like a fence. The line-start pattern is tried at
    every position, so a text without three backticks or tildes in a row (most planning
    files) is answered by ``in`` alone."""
    return ("```" in text or "~~~" in text) and _FENCE_START_RE.search(text) is not None


def _fence_state_by_line(lines: list[str]) -> list[bool]:
    out: list[bool] = []
    open_fence: tuple[str, int] | None = None
    for raw in lines:
        line = raw[:-1] if raw.endswith("\r") else raw
        # only a line whose first non-space is a backtick or tilde can be a fence
        m = _FENCE_RE.match(line) if line.lstrip(" ")[:1] in _FENCE_FIRST else None
        if m:
            char, length, trailing = m.group(2)[0], len(m.group(2)), m.group(3)
            if open_fence is None:
                if not (char == "`" and "`" in trailing):
                    open_fence = (char, length)
                    out.append(True)
                    continue
            elif char == open_fence[0] and length >= open_fence[1] and not trailing.strip():
                open_fence = None
                out.append(True)
                continue
            else:
                out.append(True)
                continue
        out.append(open_fence is not None)
    return out


def heading_text(rest: str) -> str:
    """An ATX heading's text without its closing ``#`` sequence (one line, after the ``#``s).

    The string form of ``re.sub(r"^[ \\t]+", "", …)``, ``re.sub(r"[ \\t]+#+[ \\t]*$", "", …)``
    and ``re.sub(r"^#+[ \\t]*$", "", …)`` in turn (a test checks they agree): three patterns
    fewer to compile.
    """
    text = rest.lstrip(" \t")
    tail = text.rstrip(" \t")
    hashes = len(tail) - len(tail.rstrip("#"))
    if hashes and tail[-hashes - 1:-hashes] in (" ", "\t"):
        text = tail[:-hashes].rstrip(" \t")  # a closing sequence after a space or tab
    bare = text.rstrip(" \t")
    if bare and not bare.strip("#"):
        text = ""  # nothing but "#"s
    return text


def tokenize_headings(content: str) -> list[Heading]:
    """ATX headings outside fenced code blocks, in document order (CRLF-safe).

    The last result is kept per thread: one STATE.md body is searched for a dozen sections,
    and a hostile body of 400,000 headings must not be tokenized a dozen times.
    """
    if not content:
        return []
    return list(_tokens(content))


_HEADINGS = threading.local()


def _tokens(content: str) -> list[Heading]:
    """The headings of ``content``, for the last two texts seen on this thread (a body and
    its Accumulated Context section are searched in turn)."""
    recent: list[tuple[str, list[Heading]]] | None = getattr(_HEADINGS, "recent", None)
    if recent is None:
        recent = _HEADINGS.recent = []
    for entry in recent:
        if entry[0] is content:
            return entry[1]
    tokens = _tokenize_headings(content)
    recent.insert(0, (content, tokens))
    del recent[2:]
    return tokens




def _tokenize_headings(content: str) -> list[Heading]:
    """Without a fence in the text, only the lines that start like a heading are looked at
    (found by one pattern over the text, not line by line in Python: most of a file is
    prose); a text with a fence is read line by line, fences tracked."""
    if _has_fence_start(content):
        return _tokenize_lines(content)
    tokens: list[Heading] = []
    line_no, counted_to = 1, 0
    for start in _heading_line_starts(content):
        end = content.find("\n", start)
        line = content[start:] if end < 0 else content[start:end]
        m = _ATX_RE.match(line[:-1] if line.endswith("\r") else line)
        if m:
            line_no += content.count("\n", counted_to, start)
            counted_to = start
            tokens.append(Heading(len(m.group(2)), heading_text(m.group(3) or "").strip(),
                                  line_no, start))
    return tokens


def _heading_line_starts(content: str) -> list[int]:
    """Where the lines that start like a heading (at most three spaces, then ``#``) begin."""
    starts = [0] if _HEADING_START_RE.match(content) else []
    starts.extend(m.start() + 1 for m in _LATER_HEADING_START_RE.finditer(content))
    return starts


def _tokenize_lines(content: str) -> list[Heading]:
    lines = content.split("\n")
    fenced = iter_fence_state(lines)
    tokens: list[Heading] = []
    offset = 0
    for i, raw in enumerate(lines):
        if not fenced[i]:
            line = raw[:-1] if raw.endswith("\r") else raw
            m = _ATX_RE.match(line) if line.lstrip(" ")[:1] == "#" else None
            if m:
                text = heading_text(m.group(3) or "")
                tokens.append(Heading(len(m.group(2)), text.strip(), i + 1, offset))
        offset += len(raw) + 1
    return tokens


def collect_section(
    content: str, predicate: Callable[[Heading], bool], *, level_bounded: bool = True
) -> Section | None:
    """The body under the first heading matching ``predicate`` (upstream ``collectSection``)."""
    if not content:
        return None
    headings = _tokens(content)
    idx = next((i for i, h in enumerate(headings) if predicate(h)), -1)
    if idx < 0:
        return None
    target = headings[idx]
    # the lines after the heading's up to the next bounding heading's (its offset is its
    # line's start), without the newline before it
    end = len(content)
    for nxt in headings[idx + 1 :]:
        if (nxt.level <= target.level) if level_bounded else True:
            end = nxt.offset - 1
            break
    newline = content.find("\n", target.offset)
    body = content[newline + 1 : end].rstrip() if newline >= 0 else ""
    return Section(target, body, target.line + 1)
