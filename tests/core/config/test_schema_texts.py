"""The schema texts the window shows and translates: complete, keyed, and in plain words."""

from __future__ import annotations

import re

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
