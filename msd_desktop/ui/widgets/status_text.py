"""How a project's problems and status line read on screen, wherever they show (browser,
State tab, tray): one wording, so the three never disagree.

Plain Python over the core's objects; display formatting only, the core's values are unchanged.
Our own words ("line", the normalized status words) are translated (context ``StatusText``);
a status STATE.md words in its own way is file text and shows as written.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

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
