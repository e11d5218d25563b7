"""Closest known names for a misspelled key or agent, from the schema and the model catalog."""

from __future__ import annotations

import pytest

from msd_desktop.core.config import schema, suggest
from msd_desktop.core.models.catalog import agents


@pytest.mark.parametrize(("typed", "expected"), [
    ("model_profil", "model_profile"),
    ("workflow.reserch", "workflow.research"),
    ("model_overides.msd-planner", "model_overrides.msd-planner"),
])
def test_a_misspelled_key_gets_the_nearest_settable_key_first(typed: str, expected: str) -> None:
    names = suggest.close_keys(typed)
    assert names[0] == expected
    assert all(schema.is_settable(name) for name in names)
    assert f"Did you mean {expected}" in str(suggest.did_you_mean(typed))


@pytest.mark.parametrize("key", ["workflow.research", "model_overrides.anything", "foo.bar"])
def test_no_suggestion_for_a_settable_or_far_key(key: str) -> None:
    assert suggest.close_keys(key) == []
    assert suggest.did_you_mean(key) is None


def test_every_settable_key_suggests_itself_when_one_letter_is_dropped() -> None:
    # the candidates are the schema's own keys: no hand-kept list to drift
    for spec in schema.SCHEMA.values():
        if not spec.settable or len(spec.key) < 8:
            continue
        typed = spec.key[:-1]
        if schema.is_settable(typed):
            continue
        assert spec.key in suggest.close_keys(typed), spec.key


def test_agents_come_from_the_catalog() -> None:
    assert suggest.known_agents() == agents()
    assert suggest.close_agents("msd-planer")[0] == "msd-planner"
    assert suggest.close_agents("gsd-executr") == ["msd-executor"]
    assert suggest.close_agents("msd-planner") == []
    assert suggest.close_agents("gsd-planner") == []  # the legacy spelling is the same agent


@pytest.mark.parametrize("group", suggest.AGENT_MAPS)
def test_agent_note_for_each_agent_map(group: str) -> None:
    note = suggest.agent_note(f"{group}.msd-verifer")
    assert note is not None
    assert str(note).startswith("msd-verifer is not a known agent. Did you mean msd-verifier")
    assert suggest.agent_note(f"{group}.msd-verifier") is None
    assert suggest.agent_note(f"{group}.msd-x") is None  # nothing near: nothing said
    assert suggest.agent_in_map(f"{group}.a.b") is None


def test_not_an_agent_map() -> None:
    assert suggest.agent_in_map("model_profile") is None
    assert suggest.agent_note("workflow.msd-planer") is None
