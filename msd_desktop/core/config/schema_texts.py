"""Every schema text the window shows, each with a stable id of key and field.

Why: the schema is the one source of the Settings form's labels and help, and the
translations must be keyed to it, not to whatever English text happens to be there today. The
window looks each text up as ``translate("schema", english, ident)``; the translation refresh
(``scripts/update-translations.py``) extracts exactly this list. Ids:

* ``<key>/title`` and ``<key>/description`` — a schema key or a group key of the form;
* ``section/<name>`` — a section heading;
* ``<key>/option/<json>`` — the part of a key's description about one enum option (its tooltip);
* ``pattern/<n>/<m>/description`` — the description of a dynamic pattern's leaf.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, NamedTuple

from msd_desktop.core.config import schema

CONTEXT = "schema"


class SchemaText(NamedTuple):
    ident: str
    english: str


def section_title(section: str) -> str:
    return section.replace("_", " ").capitalize()


def option_help(description: str, option: Any) -> str:
    """The part of a key's description that talks about one enum option (for its tooltip):
    the first ``;``/``,``-separated fragment naming the option as a whole word (not inside
    a longer name such as ``high-effort``); the whole description when none does."""
    word = json.dumps(option) if not isinstance(option, str) else option
    for fragment in description.replace(";", ",").split(","):
        if _names(fragment, word):
            return fragment.strip()
    return description


def _names(text: str, word: str) -> bool:
    """Whether ``word`` occurs in ``text`` with no letter, digit, ``_`` or ``-`` either side
    (the regex ``(?<![\\w-])word(?![\\w-])`` without compiling one per option: the form
    builds these tooltips while it opens)."""
    start = 0
    while (at := text.find(word, start)) >= 0:
        end = at + len(word)
        if (at == 0 or not _wordish(text[at - 1])) and (
            end >= len(text) or not _wordish(text[end])
        ):
            return True
        start = at + 1
    return False


def _wordish(char: str) -> bool:
    return char.isalnum() or char in "_-"


def option_ident(key: str, option: Any) -> str:
    return f"{key}/option/{json.dumps(option, ensure_ascii=False)}"


def texts() -> list[SchemaText]:
    """Every text, once per id, in schema order."""
    seen: dict[str, SchemaText] = {}
    for text in _all():
        if text.english.strip() and text.ident not in seen:
            seen[text.ident] = text
    return list(seen.values())


def _all() -> Iterator[SchemaText]:
    from msd_desktop.core.config.draft import GROUP_KEYS  # the form's group keys

    for section in schema.sections():
        yield SchemaText(f"section/{section}", section_title(section))
    for key, (_section, title, description) in GROUP_KEYS.items():
        yield SchemaText(f"{key}/title", title)
        yield SchemaText(f"{key}/description", description)
    for spec in schema.SCHEMA.values():
        yield SchemaText(f"{spec.key}/title", spec.title or spec.key)
        yield SchemaText(f"{spec.key}/description", spec.description)
        for option in spec.options or ():
            fragment = option_help(spec.description, option)
            if fragment != spec.description:
                yield SchemaText(option_ident(spec.key, option), fragment)
    for n, pattern in enumerate(schema.dynamic_patterns()):
        for m, leaf in enumerate(pattern.leaves):
            yield SchemaText(f"pattern/{n}/{m}/description", leaf.description)
