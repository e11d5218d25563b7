"""How a project's problems and status line read on screen, wherever they show (browser,
State tab, tray): one wording, so the three never disagree.

Plain Python over the core's objects; display formatting only, the core's values are unchanged.
Our own words ("line", the normalized status words) are translated (context ``StatusText``);
a status STATE.md words in its own way is file text and shows as written.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.text import Text
from msd_desktop.core.state.project_summary import SummaryWording
from msd_desktop.core.state.project_summary import statusline_texts as statusline_texts
from msd_desktop.ui.widgets.core_text import LOCATED, core_problem, core_text

#: The core's normalized status words (``normalize_status``), for the translation refresh.
STATUS_WORDS = frozenset((
    QT_TRANSLATE_NOOP("StatusText", "paused"),
    QT_TRANSLATE_NOOP("StatusText", "executing"),
    QT_TRANSLATE_NOOP("StatusText", "planning"),
    QT_TRANSLATE_NOOP("StatusText", "discussing"),
    QT_TRANSLATE_NOOP("StatusText", "verifying"),
    QT_TRANSLATE_NOOP("StatusText", "completed"),
    QT_TRANSLATE_NOOP("StatusText", "unknown"),
))


def status_word(status: str | None) -> str:
    """The normalized status (``executing``, ``paused``…) in the window's language.

    Only the core's own vocabulary is translated (one lookup: views ask per cell and paint);
    a status that normalizes to nothing known is the file's text and is returned unchanged.
    """
    if not status:
        return ""
    return QCoreApplication.translate("StatusText", status) if status in STATUS_WORDS \
        else status


def tree_status_words() -> list[str]:
    """Every one-word status in the window's language: what the project tree's Status
    column must have room for whatever else it gives up."""
    return [QCoreApplication.translate("StatusText", str(word))
            for word in sorted(map(str, STATUS_WORDS))]


#: The status line's own words (``render_state_segment``), for the translation refresh.
STATUSLINE_WORDS = frozenset((
    QT_TRANSLATE_NOOP("StatusText", "complete"),
    QT_TRANSLATE_NOOP("StatusText", "PAUSED"),
    QT_TRANSLATE_NOOP("StatusText", "milestone complete"),
    QT_TRANSLATE_NOOP("StatusText", "no active workstream"),
))

_SEPARATOR = " \u00b7 "  # the core's status-line separator (statusline.SEPARATOR)
_PHASE_FULL = lazy_re.compile(r"Phase (\S+)(?: (.+))?")
_MILESTONE = lazy_re.compile(r".*\] \d+%")  # the milestone part ends in its progress bar
_PHASE_COMPACT = lazy_re.compile(r"P(\d[^\s/]*)(?:/(\d+))?")
_PHASE_SHORT = lazy_re.compile(r"ph (\d[^\s/]*)/(\d+)")
_NEXT = lazy_re.compile(r"next (\S.*)")


def _line_word(word: str) -> str:
    """A status word of the line in the window's language; the file's own word as written."""
    if word in STATUS_WORDS or word in STATUSLINE_WORDS:
        return QCoreApplication.translate("StatusText", word)
    return word


#: The compact line's own spellings of two statuses, and the status word every other view
#: uses for them (the overview's Status column, the State tab).
_COMPACT_STATUS = {"PAUSED": "paused", "complete": "completed"}


def _line_part(part: str, plain: bool = False) -> str:
    """One part of the status line said in the window's language: the core's fixed words are
    translated; names, versions, commands and percentages stay as they are. ``plain``: the
    compact line's ``PAUSED``/``complete`` as the status words the other views use."""
    from msd_desktop.ui.widgets.config_words import fill  # (not on the first paint's path)

    if plain and part in _COMPACT_STATUS:
        return QCoreApplication.translate("StatusText", _COMPACT_STATUS[part])
    if part in STATUS_WORDS or part in STATUSLINE_WORDS:
        return QCoreApplication.translate("StatusText", part)
    if _MILESTONE.fullmatch(part):  # version, name (the file's) and bar
        return part
    if m := _PHASE_FULL.fullmatch(part):
        if m[2] is None:
            return fill(QCoreApplication.translate("StatusText", "Phase %1"), m[1])
        return fill(QCoreApplication.translate("StatusText", "Phase %1 %2"), m[1],
                    _line_word(m[2]))
    if m := _PHASE_COMPACT.fullmatch(part):
        if m[2] is None:
            return fill(QCoreApplication.translate("StatusText", "P%1"), m[1])
        return fill(QCoreApplication.translate("StatusText", "P%1/%2"), m[1], m[2])
    if m := _PHASE_SHORT.fullmatch(part):
        return fill(QCoreApplication.translate("StatusText", "ph %1/%2"), m[1], m[2])
    if m := _NEXT.fullmatch(part):
        return fill(QCoreApplication.translate("StatusText", "next %1"), m[1])
    return part


@lru_cache(maxsize=4096)
def _statusline_words(line: str, language: str, plain: bool = False) -> str:
    return _SEPARATOR.join(_line_part(part, plain) for part in line.split(_SEPARATOR))


def statusline_words(line: str) -> str:
    """The core's status line (``v1.1 · P4/5 · PAUSED``, ``v1.0 MVP [██░░] 25% · Phase 2
    executing``) in the window's language.

    The core keeps upstream's English line byte for byte (the command line prints it); the
    window says its fixed words through ``tr()``, part by part, and leaves what came from the
    file (milestone, phase names, a status word of the file's own) as written. Views ask per
    painted cell, so the result is remembered per line and language.
    """
    if not line:
        return line
    return _statusline_words(line, QCoreApplication.translate("StatusText", "PAUSED"))


def compact_status_words(line: str) -> str:
    """The compact status line for a column beside other views (the project tree): as
    :func:`statusline_words`, with its status in the same words as the overview's Status
    column (``paused``, not ``PAUSED``; ``completed``, not ``complete``)."""
    if not line:
        return line
    return _statusline_words(line, QCoreApplication.translate("StatusText", "PAUSED"), True)


# MSD's own wording of the current position in STATE.md ("Phase: 4 of 5 (Tax Calculation)",
# "Plan: 2 of 2 in current phase"); any other text in those fields is the file's
_PHASE_POSITION = lazy_re.compile(r"\s*(\d+(?:\.\d+)*[A-Za-z]?)\s+of\s+(\d+)"
                                  r"(?:\s*\(([^()]*)\))?\s*")
_PLAN_POSITION = lazy_re.compile(r"\s*(\d+)\s+of\s+(\d+)(\s+in current phase)?\s*")


def phase_position(text: str) -> str:
    """STATE.md's ``4 of 5 (Tax Calculation)`` in the window's words (the phase name is the
    file's); any other text unchanged. Remembered per text and language: the overview asks
    for every row when it fits its columns."""
    if not text:
        return text
    return _phase_position(text, QCoreApplication.translate("StatusText", "%1 of %2"))


@lru_cache(maxsize=8192)
def _phase_position(text: str, language: str) -> str:
    from msd_desktop.ui.widgets.config_words import fill

    m = _PHASE_POSITION.fullmatch(text)
    if m is None:
        return text
    if m[3] and m[3].strip():
        return fill(QCoreApplication.translate("StatusText", "%1 of %2 (%3)"), m[1], m[2],
                    m[3].strip())
    return fill(QCoreApplication.translate("StatusText", "%1 of %2"), m[1], m[2])


def plan_position(text: str) -> str:
    """STATE.md's ``2 of 2 in current phase`` in the window's words; other text unchanged."""
    from msd_desktop.ui.widgets.config_words import fill

    m = _PLAN_POSITION.fullmatch(text)
    if m is None:
        return text
    if m[3]:
        return fill(QCoreApplication.translate("StatusText", "%1 of %2 in the current phase"),
                    m[1], m[2])
    return fill(QCoreApplication.translate("StatusText", "%1 of %2"), m[1], m[2])


def problem_text(problem: Any, root: Path | str | None = None) -> str:
    """A core ``Problem`` as one line: where (file relative to the project, line), then what.

    The core's message may embed the absolute path of the file (JSON errors do:
    ``/…/project/.planning/config.json: line 2, column 5: …``); the project-root prefix is
    removed here, and a leading "file: line n, column m:" is dropped when it repeats where.
    Display formatting only — the core's ``Problem`` is unchanged. The message is said in the
    window's language (:func:`~msd_desktop.ui.widgets.core_text.core_text`).
    """
    file = getattr(problem, "file", None)
    raw = problem.message
    if isinstance(raw, Text):
        message = raw.map_params(lambda s: _relative(s, root)) if root is not None else raw
        if not file:
            return core_text(message)
        # the location is said by "where" when it is this file's
        said = (core_problem(message) if message.template in LOCATED
                and str(message.params.get("path")) == str(file) else core_text(message))
        return f"{_where(str(file), getattr(problem, 'line', None))}: {said}"
    text = _relative(str(raw), root)
    if not file:
        return text
    repeated = re.match(rf"{re.escape(str(file))}(?::\s*line \d+(?:,\s*column \d+)?)?:\s*",
                        text)
    if repeated:
        text = text[repeated.end():]
    return f"{_where(str(file), getattr(problem, 'line', None))}: {text}"


def _where(file: str, line: int | None) -> str:
    if not line:
        return file
    # one pass over the translated template: a file name holding "%2" stays as it is
    values = {"%1": file, "%2": str(line)}
    return re.sub("%[12]", lambda m: values[m.group(0)],
                  QCoreApplication.translate("StatusText", "%1 line %2"))


def _relative(message: str, root: Path | str | None) -> str:
    if root is None:
        return message
    prefix = str(root).rstrip("/\\")
    return message.replace(prefix + os.sep, "").replace(prefix + "/", "")


def config_problem_text(loaded: Any) -> str | None:
    """The core's diagnostic for a degraded config, with the project root made relative."""
    if not getattr(loaded, "degraded", False):
        return None
    root = str(loaded.root)
    for diag in loaded.diagnostics:
        if isinstance(diag, Text):
            return core_text(diag.map_params(lambda s: _relative(s, root)))
        return _relative(str(diag), root)
    return f"config.json: {loaded.reason}"


#: How the window's summaries say the core's problems: translated, paths made relative.
SUMMARY_WORDING = SummaryWording(problem=problem_text, config_problem=config_problem_text)


#: What changed in a project's planning folder (the watcher's kinds), as the file names a
#: person knows, in the order they are listed.
_CHANGED_FILES = (
    ("config", QT_TRANSLATE_NOOP("ChangedFiles", "config.json")),
    ("state", QT_TRANSLATE_NOOP("ChangedFiles", "STATE.md")),
    ("roadmap", QT_TRANSLATE_NOOP("ChangedFiles", "ROADMAP.md")),
    ("phases", QT_TRANSLATE_NOOP("ChangedFiles", "phase files")),
    ("workstream", QT_TRANSLATE_NOOP("ChangedFiles", "workstreams")),
    ("other", QT_TRANSLATE_NOOP("ChangedFiles", "other planning files")),
)


def changed_files_text(kinds: Any) -> str:
    """The watcher's change kinds (``{"state", "other"}``) in words: "STATE.md, other
    planning files" — never its internal ids."""
    names = [QCoreApplication.translate("ChangedFiles", str(text))
             for kind, text in _CHANGED_FILES if kind in kinds]
    return QCoreApplication.translate("ChangedFiles", ", ").join(names) or \
        QCoreApplication.translate("ChangedFiles", "planning files")
