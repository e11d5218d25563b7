"""The model catalog accessors: agents, derived sets, agent and runtime name canonicalization."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.models import catalog


@pytest.fixture
def fresh_cache() -> Iterator[None]:
    catalog.reset_cache()
    yield
    catalog.reset_cache()


def test_34_agents_in_catalog_order() -> None:
    names = catalog.agents()
    assert len(names) == 34
    assert names[0] == "msd-planner"
    assert "msd-mempalace-curator" in names
    assert all(n.startswith("msd-") for n in names)


def test_agent_meta_columns() -> None:
    meta = catalog.agent_meta("gsd-planner")
    assert meta is not None
    assert meta.name == "msd-planner"
    assert meta.phase_type == "planning"
    assert meta.routing_tier == "heavy"
    assert meta.profile_tier("quality") == "opus"
    assert meta.profile_tier("budget") == "sonnet"
    assert meta.profile_tier("adaptive") == "opus"
    # inherit is not a catalog column upstream
    assert meta.profile_tier("inherit") is None
    assert catalog.agent_meta("msd-nope") is None


def test_adaptive_column_follows_routing_tier() -> None:
    cat = catalog.load_catalog()
    for meta in cat.agents.values():
        assert meta.profile_tier("adaptive") == cat.adaptive_tier_map[meta.routing_tier]


@pytest.mark.parametrize(
    ("name", "expected"),
    [("gsd-planner", "msd-planner"), ("msd-planner", "msd-planner"), ("foo", "foo"),
     ("gsd-", "msd-"), ("GSD-planner", "GSD-planner")],
)
def test_canonical_agent(name: str, expected: str) -> None:
    assert catalog.canonical_agent(name) == expected


def test_derived_sets_follow_upstream_rules() -> None:
    cat = catalog.load_catalog()
    assert cat.known_runtimes == tuple(sorted(cat.raw["known_runtimes"]))
    assert sorted(cat.runtime_profile_map) == sorted(cat.raw["runtimes_with_builtin_tiers"])
    assert "cline" not in cat.runtime_profile_map  # all-null runtimes are dropped
    assert cat.runtimes_with_reasoning_effort == frozenset({"codex"})
    assert cat.known_providers == ("anthropic", "anthropic-fable", "google", "openai", "qwen")
    assert cat.claude_alias_to_id == {
        "opus": "claude-opus-4-8", "sonnet": "claude-sonnet-5", "haiku": "claude-haiku-4-5"
    }
    assert cat.claude_id_to_alias["claude-fable-5"] == "fable"
    assert cat.valid_tiers == frozenset({"opus", "sonnet", "haiku", "inherit"})


@pytest.mark.parametrize(
    ("value", "expected"),
    [("claude", "claude"), ("Claude", "claude"), ("claude-code", "claude"),
     (" Claude_Code ", "claude"), ("codex_desktop", "codex"), ("Codex  Desktop", "codex"),
     ("kimi_code", "kimi-code"), ("unknown-rt", None), (5, None), (None, None)],
)
def test_canonical_runtime(value: object, expected: str | None) -> None:
    assert catalog.canonical_runtime(value) == expected


def test_runtime_from_candidates_first_non_empty_string() -> None:
    assert catalog.runtime_from_candidates(None, "", "  ", 5, "Codex-CLI") == "codex"
    assert catalog.runtime_from_candidates("My Runtime", "claude") == "my-runtime"
    assert catalog.runtime_from_candidates(None, None) is None


def test_env_fallback_when_packaged_file_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    copy = tmp_path / "catalog.json"
    data = json.loads(catalog.CATALOG_FILE.read_text(encoding="utf-8"))
    data["agents"] = {"msd-only": data["agents"]["msd-planner"]}
    copy.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(catalog, "CATALOG_FILE", tmp_path / "missing.json")
    cat = catalog.load_catalog({"MSD_MODEL_CATALOG": str(copy)})
    assert list(cat.agents) == ["msd-only"]


def test_packaged_file_wins_over_env(tmp_path: Path, fresh_cache: None) -> None:
    cat = catalog.load_catalog({"MSD_MODEL_CATALOG": str(tmp_path / "nowhere.json")})
    assert len(cat.agents) == 34


def test_missing_everywhere_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache: None
) -> None:
    monkeypatch.setattr(catalog, "CATALOG_FILE", tmp_path / "missing.json")
    with pytest.raises(MsdError, match=r"model-catalog\.json not found"):
        catalog.load_catalog({})


def test_catalog_is_cached(fresh_cache: None) -> None:
    assert catalog.load_catalog() is catalog.load_catalog()


def test_alias_table_from_real_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    fresh_cache: None) -> None:
    copy = tmp_path / "aliases.json"
    shutil.copy(catalog.ALIASES_FILE, copy)
    data = json.loads(copy.read_text(encoding="utf-8"))
    data["aliases"]["claude"].append("Anthropic CLI")
    copy.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(catalog, "ALIASES_FILE", copy)
    assert catalog.canonical_runtime("anthropic_cli") == "claude"
