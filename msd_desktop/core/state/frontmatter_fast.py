"""An exact fast path for the plain STATE.md frontmatter that agents write.

Why: :mod:`msd_desktop.core.state.state_md` loads the frontmatter with ruamel.yaml (pure, safe,
YAML 1.2, timestamps kept as text). Importing ruamel and compiling its resolver costs more
than parsing every demo project together, and
each load walks ruamel's scanner/parser/composer for a dozen ``key: value`` lines.

:func:`load_simple` reads only the subset whose meaning is certain and answers
:data:`FALLBACK` for anything else, so the caller hands that text to ruamel unchanged:

* block mappings at consistent space indentation, keys ``[A-Za-z_][A-Za-z0-9_-]*`` (not a
  bool/null spelling), no duplicate keys, ``key:`` with nothing after is null or opens a
  more-indented nested mapping;
* values: plain one-line scalars, ``'single'`` quoted without ``'`` inside, ``"double"``
  quoted without ``\\`` or ``"`` inside, and flow lists ``[a, 'b', "c"]`` of those;
* plain scalars are typed as ruamel's YAML 1.2 resolver types them: ``true``/``false``
  (three spellings each), ``~``/``null`` (three spellings), decimal ints, simple decimal
  floats; anything else a 1.2 int/float regex would match falls back; timestamps stay text.

Everything else falls back: comments, tabs, CR/NEL/LS/PS line breaks, any character Python
does not call printable, block sequences, multi-line scalars, anchors, tags, directives,
escapes, ``: `` or `` #`` inside a value, indicators at the start of a value. A property test
(``tests/core/state/test_frontmatter_fast.py``) checks that every answer equals ruamel's, type for
type.
"""

from __future__ import annotations

import re
from typing import Any, Final

__all__ = ["FALLBACK", "load_simple"]


class _Fallback:
    """Sentinel: "not certain; load this text with ruamel"."""

    def __repr__(self) -> str:
        return "FALLBACK"


FALLBACK: Final = _Fallback()

_TRUE = frozenset({"true", "True", "TRUE"})
_FALSE = frozenset({"false", "False", "FALSE"})
_NULL = frozenset({"~", "null", "Null", "NULL"})
_KEY_FIRST = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_KEY_REST = _KEY_FIRST | frozenset("0123456789-")
# a plain scalar starting with one of these is an indicator, a sign/dot number candidate,
# or a merge/value key: not ours to decide
_UNSURE_FIRST = frozenset("-?:,[]{}#&*!|>'\"%@`<=+.")
_DIGITS = frozenset("0123456789")
_FLOATISH = frozenset(".eE")
_INTISH = frozenset("0123456789_abcdefABCDEFxo")  # every character of every 1.2 int form

# ruamel.yaml 0.19's YAML 1.2 implicit resolvers for scalars starting with a digit, in its
# order (float, then int; a timestamp stays text, as does anything neither matches), compiled
# on first use only
_NUMBERISH: list[re.Pattern[str]] = []


def _numberish() -> list[re.Pattern[str]]:
    if not _NUMBERISH:
        _NUMBERISH.extend(re.compile(p, re.X) for p in (
            r"""^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?
            |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)
            |[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?
            |[-+]?\.(?:inf|Inf|INF)
            |\.(?:nan|NaN|NAN))$""",
            r"""^(?:[-+]?0b[0-1_]+
            |[-+]?0o?[0-7_]+
            |[-+]?[0-9_]+
            |[-+]?0x[0-9a-fA-F_]+)$""",
        ))
    return _NUMBERISH


def _is_decimal(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _digit_scalar(text: str) -> Any:
    """A plain scalar starting with a digit, typed as ruamel's 1.2 resolver would."""
    if _is_decimal(text):
        return int(text)  # 1.2: leading zeros are decimal, not octal
    if not _FLOATISH & set(text) and not set(text) <= _INTISH:
        # no float (needs "." or an exponent), no int (a character no int form has):
        # text (a timestamp too: kept as written), without compiling the patterns
        return text
    float_re, int_re = _numberish()
    if float_re.match(text):
        whole, dot, frac = text.partition(".")
        if dot and _is_decimal(whole) and _is_decimal(frac):
            return float(text)
        return FALLBACK  # exponents, underscores, ...
    if int_re.match(text):
        return FALLBACK  # 0x.., 0o.., underscores
    return text  # a timestamp (kept as written) or no number at all: a string


def _plain(text: str, *, flow: bool) -> Any:
    """The value of a one-line plain scalar (already stripped), or FALLBACK."""
    if not text or text[0] in _UNSURE_FIRST:
        return FALLBACK
    if ": " in text or " #" in text or text.endswith(":"):
        return FALLBACK
    if flow and any(c in text for c in ",:?[]{}#"):
        return FALLBACK
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if text in _NULL:
        return None
    if text[0] in _DIGITS:
        return _digit_scalar(text)
    return text


def _quoted(text: str) -> Any:
    """A whole quoted scalar (``'…'`` or ``"…"``) with nothing to unescape, or FALLBACK."""
    if len(text) < 2 or text[-1] != text[0]:
        return FALLBACK
    inner = text[1:-1]
    if text[0] == "'":
        return FALLBACK if "'" in inner else inner
    return FALLBACK if ('"' in inner or "\\" in inner) else inner


def _scalar(text: str, *, flow: bool) -> Any:
    if text[:1] in ("'", '"'):
        return _quoted(text)
    return _plain(text, flow=flow)


def _flow_list(text: str) -> Any:
    """``[a, 'b', "c"]`` on one line (already stripped), or FALLBACK."""
    if not text.endswith("]"):
        return FALLBACK
    inner = text[1:-1].strip(" ")
    if not inner:
        return []
    items: list[Any] = []
    for raw in inner.split(","):
        item = raw.strip(" ")
        if not item:
            return FALLBACK  # "[a, , b]", "[a,]"
        value = _scalar(item, flow=True)
        if value is FALLBACK:
            return FALLBACK
        items.append(value)
    return items


def _value(text: str) -> Any:
    text = text.strip(" ")
    if text.startswith("["):
        return _flow_list(text)
    return _scalar(text, flow=False)


def _key(line: str, indent: int) -> tuple[str, str] | None:
    """``(key, rest after ': ')`` for a ``key: …`` line at ``indent``, else None."""
    colon = line.find(":", indent)
    if colon <= indent:
        return None
    key = line[indent:colon]
    if key[0] not in _KEY_FIRST or not _KEY_REST.issuperset(key):
        return None
    if key in _TRUE or key in _FALSE or key in _NULL:
        return None
    rest = line[colon + 1:]
    if rest and rest[0] != " ":
        return None
    return key, rest


def load_simple(text: str) -> Any:
    """What ruamel's safe 1.2 loader returns for ``text``, or :data:`FALLBACK` when unsure."""
    if not text.replace("\n", "").isprintable():
        return FALLBACK  # tabs, CR, NEL/LS/PS, BOM, controls, surrogates: ruamel decides
    root: dict[str, Any] = {}
    stack: list[tuple[int, dict[str, Any]]] = [(0, root)]
    pending: tuple[int, dict[str, Any], str] | None = None  # "key:" awaiting its value
    seen_content = False
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        if not stripped:
            continue  # blank (or spaces only)
        indent = len(line) - len(stripped)
        if pending is not None:
            parent_indent, parent, key = pending
            pending = None
            if indent > parent_indent:
                child: dict[str, Any] = {}
                parent[key] = child
                stack.append((indent, child))
            else:
                parent[key] = None
        while stack and indent < stack[-1][0]:
            stack.pop()
        if not stack or indent != stack[-1][0]:
            return FALLBACK  # a continuation line or a ragged indent
        current = stack[-1][1]
        parsed = _key(line, indent)
        if parsed is None:
            return FALLBACK
        key, rest = parsed
        if key in current:
            return FALLBACK  # duplicate keys: ruamel's rule, not ours
        seen_content = True
        if not rest.strip(" "):
            current[key] = None
            pending = (indent, current, key)
            continue
        value = _value(rest)
        if value is FALLBACK:
            return FALLBACK
        current[key] = value
    if not seen_content:
        return None  # an empty document
    return root
