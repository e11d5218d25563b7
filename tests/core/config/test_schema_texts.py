"""The schema texts the window shows and translates: complete, keyed, and in plain words."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from msd_desktop.core.config import schema
from msd_desktop.core.config.draft import GROUP_KEYS
from msd_desktop.core.config.schema_texts import option_help, option_ident, texts

SPEC_REFERENCE = re.compile(
    r"\bAppendix\b|§\s*\d|\bD\d{1,2}\b|\bseed(?:/upstream)? doc\b|\bspec\b", re.IGNORECASE)


def test_every_key_has_a_title_and_description_id() -> None:
    ids = {t.ident for t in texts()}
    for spec in schema.SCHEMA.values():
        assert f"{spec.key}/title" in ids
        if spec.description:
            assert f"{spec.key}/description" in ids
    for key in GROUP_KEYS:
        assert f"{key}/title" in ids
    for section in schema.sections():
        assert f"section/{section}" in ids


def test_ids_are_unique_and_texts_non_empty() -> None:
    all_texts = texts()
    assert len({t.ident for t in all_texts}) == len(all_texts)
    assert all(t.english.strip() for t in all_texts)


def test_no_spec_references_in_what_people_read() -> None:
    assert [t for t in texts() if SPEC_REFERENCE.search(t.english)] == []


def test_option_help_names_the_option_as_a_whole_word() -> None:
    description = "low effort, high-effort mode: off, high for hard tasks"
    assert option_help(description, "high") == "high for hard tasks"
    assert option_help(description, "nope") == description
    assert option_ident("effort.default", "low") == 'effort.default/option/"low"'


def test_option_help_picks_the_fragment() -> None:
    description = "phase count: coarse 3-5, standard 5-8, fine 8-12"
    assert option_help(description, "fine") == "fine 8-12"
    assert option_help("nothing relevant", "x") == "nothing relevant"


def _option_help_by_regex(description: str, option: Any) -> str:
    """The regex formulation option_help must agree with."""
    word = json.dumps(option) if not isinstance(option, str) else option
    for fragment in re.split(r"[;,]\s*", description):
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", fragment):
            return fragment.strip()
    return description


@pytest.mark.parametrize(("description", "option"), [
    ("low effort; high-effort runs, high", "high"),
    ("high-effort runs; high", "high"),
    ("x_high, high", "high"),
    ("données élevé, élevé fin", "élevé"),
    ("true or false; false means off", False),
    ("1 or 10, 10 is max", 10),
    ("empty: '', or none", ""),
    ("a,b;c", "b"),
    ("nothing here", "x"),
])
def test_option_help_matches_the_word_rule(description: str, option: Any) -> None:
    assert option_help(description, option) == _option_help_by_regex(description, option)


def test_option_help_agrees_with_the_rule_for_every_schema_option() -> None:
    checked = 0
    for spec in schema.SCHEMA.values():
        for option in spec.options or ():
            assert option_help(spec.description, option) == _option_help_by_regex(
                spec.description, option), (spec.key, option)
            checked += 1
    assert checked > 50
