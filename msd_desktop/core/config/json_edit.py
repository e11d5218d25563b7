"""The Settings JSON tab's rules (Qt-free): the draft as text, and typed text as draft edits.

Why edits and not "replace the file with the text": the JSON tab and the form share one draft,
so one set of pending edits, one set of errors from the core's validators and one Save. A key
the person did not touch in the text — unknown keys included — stays exactly as the file has it,
in its place; a new key goes where ``config-set`` puts it (the end of its object).

The forms the document takes here:

* **display data** — what the draft would write, plus staged values that are still invalid
  (so the text shows what the person typed, not the file's value behind an error);
* **text** — the display data as JSON (the writer's layout) with plaintext secrets masked;
  the masks and the values behind them are kept (:class:`DocumentText`);
* **document** — the typed text parsed by the core's JSON reader, each untouched mask mapped
  back to its value, so a mask is never written in place of a key;
* **edits** — ``(form key, value)`` pairs between two documents (``UNSET`` removes a key; an
  :class:`~msd_desktop.core.config.draft.InvalidInput` refuses a plaintext secret typed in).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Collection, Iterator, Mapping
from functools import cache
from typing import Any, NamedTuple

from msd_desktop.core.common.js_json import same_json_value
from msd_desktop.core.common.jsonfile import dump_json, parse_json_text
from msd_desktop.core.common.key_paths import get_path, key_and_parents
from msd_desktop.core.config import schema
from msd_desktop.core.config.draft import GROUP_KEYS, UNSET, ConfigDraft, InvalidInput
from msd_desktop.core.config.secret_keys import plaintext_secret_message, secret_key_names
from msd_desktop.core.config.setter import apply_set
from msd_desktop.core.secrets.masking import mask, mask_document, unmask_document

__all__ = [
    "DocumentText",
    "TextProblem",
    "display_data",
    "document_text",
    "edits_between",
    "key_position",
    "parse_document",
    "plaintext_secret_message",
    "secret_key_names",
]


@cache
def _form_keys() -> frozenset[str]:
    """Every key the form edits one by one (concrete schema keys and group keys)."""
    return frozenset(schema.SCHEMA) | frozenset(GROUP_KEYS)


class DocumentText(NamedTuple):
    """The text the JSON tab shows, and the secrets its masks stand for."""

    text: str
    data: dict[str, Any]  # the unmasked document the text stands for
    originals: dict[str, str]  # secret key → the plaintext value behind its mask


class TextProblem(NamedTuple):
    """Something wrong in the typed text, with where it is (1-based line and column)."""

    message: str
    line: int
    column: int
    key: str | None = None


def display_data(draft: ConfigDraft) -> dict[str, Any]:
    """What the draft would write, with invalid staged values shown as typed (an API key
    typed in shows as its mask: the text never loses a key the person typed)."""
    out = draft.result_data()
    for key in draft.errors:
        value = draft.pending.get(key, UNSET)
        if isinstance(value, InvalidInput) and key in secret_key_names() and value.text:
            value = value.text  # a key typed in, refused: its mask stays where it was typed
        if value is UNSET or isinstance(value, InvalidInput):
            continue
        try:
            out = apply_set(out, key, value)
        except Exception:
            continue
    return out


def document_text(data: Mapping[str, Any]) -> DocumentText:
    """``data`` as the JSON tab's text: the writer's layout, plaintext secrets masked."""
    masked, originals = mask_document(dict(data), secret_key_names())
    return DocumentText(dump_json(masked), dict(data), originals)


def parse_document(
    text: str, originals: Mapping[str, str], label: str = "JSON"
) -> tuple[dict[str, Any] | None, TextProblem | None]:
    """The typed text as a document (masks mapped back), or the reader's error and position."""
    data, error = parse_json_text(text, label)
    if error is not None:
        return None, TextProblem(error.message, error.line or 1, error.column or 1)
    assert isinstance(data, dict)
    restored = unmask_document(data, dict(originals))
    assert isinstance(restored, dict)
    return restored, None


# ---- documents → edits -------------------------------------------------------------------


def _changed_paths(before: Any, after: Any, prefix: str = "") -> Iterator[str]:
    """Dotted paths whose value differs; objects are descended into, a path whose object
    appeared, vanished or became a scalar is named itself too."""
    b = before if isinstance(before, dict) else {}
    a = after if isinstance(after, dict) else {}
    for name in list(b) + [n for n in a if n not in b]:
        path = f"{prefix}{name}"
        old, new = b.get(name, _ABSENT), a.get(name, _ABSENT)
        if isinstance(old, dict) or isinstance(new, dict):
            if isinstance(old, dict) != isinstance(new, dict):
                yield path
            yield from _changed_paths(old, new, path + ".")
        elif not same_json_value(old, new):
            yield path


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


_ABSENT = _Absent()


def _owner(path: str, keys: Collection[str]) -> str | None:
    """The longest form key that ``path`` is or lies under."""
    return next((candidate for candidate in key_and_parents(path) if candidate in keys), None)


def edits_between(
    before: Mapping[str, Any], after: Mapping[str, Any]
) -> list[tuple[str, Any]]:
    """The draft edits that take ``before`` to ``after`` (in the order the text has them).

    Each changed path is staged through the form key that owns it (a group key takes its
    whole object, as its editor does); a path no form key owns is staged as itself, so the
    core's validator decides (``features.x`` is fine, an unknown key is refused with
    ``config-set``'s words). A plaintext string typed for a secret is refused.
    """
    keys = _form_keys()
    secrets = secret_key_names()
    edits: dict[str, Any] = {}
    for path in _changed_paths(dict(before), dict(after)):
        owner = _owner(path, keys)
        key = owner or path
        if key in edits:
            continue
        found, value = get_path(after, key)
        if owner is None and found and isinstance(value, dict):
            continue  # an object that appeared: its members are staged one by one
        if not found:
            edits[key] = UNSET
        elif key in secrets and isinstance(value, str) and value != "":
            edits[key] = InvalidInput(plaintext_secret_message(key), mask(value))
        else:
            edits[key] = value
    return list(edits.items())


# ---- positions in the text -----------------------------------------------------------------

_WS = re.compile(r"[ \t\n\r]*")


def _key_offsets(text: str) -> dict[str, int]:
    """Offset of each object key's opening quote, by dotted path (first occurrence)."""
    decoder = json.JSONDecoder()
    out: dict[str, int] = {}

    def skip(i: int) -> int:
        match = _WS.match(text, i)
        return match.end() if match else i

    def value(i: int, path: str) -> int:
        i = skip(i)
        if text.startswith("{", i):
            i = skip(i + 1)
            if text.startswith("}", i):
                return i + 1
            while True:
                start = i
                name, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
                full = f"{path}.{name}" if path else name
                out.setdefault(full, start)
                i = skip(i) + 1  # the colon
                i = skip(value(i, full))
                if text.startswith(",", i):
                    i = skip(i + 1)
                    continue
                return i + 1
        _, end = decoder.raw_decode(text, i)
        return int(end)

    # only well-formed text is asked about; on a surprise, what was found so far stands
    with contextlib.suppress(ValueError, IndexError, RecursionError):
        value(0, "")
    return out


def key_position(text: str, key: str) -> tuple[int, int]:
    """Line and column (1-based) of ``key`` in the text, or of its nearest enclosing key."""
    offsets = _key_offsets(text)
    for candidate in key_and_parents(key):
        offset = offsets.get(candidate)
        if offset is not None:
            line = text.count("\n", 0, offset) + 1
            return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
    return 1, 1
