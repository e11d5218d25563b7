"""The core's messages in the window's language.

Why: the core writes every message a person may read — a refused file, a JSON error with its
line and column, a config-set refusal, a STATE.md problem, a resolver's reason — as a
:class:`~msd_desktop.core.common.text.Text`: the English string the command line prints, which
also keeps its English template and the values that filled it. Here the template is looked up
in the translation catalogue (context ``CoreMessages``; the translation refresh extracts every
``Text.of("…")`` of the core) and filled with the same values, themselves translated when they
are Text too. Anything else — a plain string, a message whose template has no translation, a
translation whose placeholders do not fit — shows as the English the core wrote.
"""

from __future__ import annotations

import functools
from typing import Any

from PySide6.QtCore import QCoreApplication

from msd_desktop.core.common.text import Text

#: The translation context of the core's message templates.
CONTEXT = "CoreMessages"
#: Where config-set's unknown-key message starts listing every valid key (~200 of them).
_VALID_KEYS = ". Valid keys: "


def core_message(obj: object) -> object:
    """The message inside ``obj``: an exception's ``message`` / first argument (which keeps
    its :class:`Text`), else ``obj`` itself."""
    if isinstance(obj, BaseException):
        message = getattr(obj, "message", None)
        if isinstance(message, Text):
            return message
        if obj.args and isinstance(obj.args[0], Text):
            return obj.args[0]
        return str(obj)
    return obj


def core_text(obj: object) -> str:
    """``obj`` (a :class:`Text`, an exception carrying one, or any value) as the window shows
    it: translated when the catalogue has its template, else the core's English."""
    message = core_message(obj)
    if message is None:
        return ""
    if isinstance(message, Text):
        return _translated(message)
    return str(message)


#: The core's located-problem templates: the file, where in it, then the problem itself.
LOCATED = frozenset({
    "{path}: {problem}",
    "{path}: line {line}: {problem}",
    "{path}: line {line}, column {column}: {problem}",
})


def core_problem(obj: object) -> str:
    """Only the problem of a located core message (``{path}: line …: {problem}``), for a view
    that already shows the place; any other message whole (:func:`core_text`)."""
    message = core_message(obj)
    if (isinstance(message, Text) and message.template in LOCATED
            and isinstance(message.params.get("problem"), str)):
        return core_text(message.params["problem"])
    return core_text(message)


def _translated(text: Text) -> str:
    template = QCoreApplication.translate(CONTEXT, text.template)
    if not text.params:
        return template
    params: dict[str, Any] = {
        name: _translated(value) if isinstance(value, Text) else value
        for name, value in text.params.items()
    }
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):  # a translation that does not fit its values
        return str(text)


@functools.cache
def _unknown_key_template() -> str:
    from msd_desktop.core.config.setter import unknown_key_message

    return unknown_key_message("key").template


def valid_keys_tails() -> tuple[str, ...]:
    """Where the unknown-key message's list of keys starts, in English and as translated
    (taken from the translated template itself, so the two never drift apart)."""
    translated = QCoreApplication.translate("CoreMessages", _unknown_key_template())
    tail = translated.partition("{listed}")[0].rpartition("{key}")[2].lstrip('"»”')
    return (_VALID_KEYS, tail) if tail.strip() and "{" not in tail else (_VALID_KEYS,)


def core_lines(items: object) -> str:
    """Several core messages (``; ``-joined diagnostics, say) as one line in the window."""
    if isinstance(items, str | BaseException):
        return core_text(items)
    if isinstance(items, list | tuple):
        return "; ".join(core_text(item) for item in items)
    return core_text(items)


__all__ = ["CONTEXT", "LOCATED", "core_lines", "core_message", "core_problem", "core_text",
           "valid_keys_tails"]
