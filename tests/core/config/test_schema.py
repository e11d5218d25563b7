"""The schema module: every key walks through its type, patterns match the spec, lookups agree.

STYLE item 8: every default validates and round-trips through its type; every key has a
description and a title. The listed-key set is compared with the real upstream CLI when node and
the upstream package are installed.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.common.js_json import json_stringify
from msd_desktop.core.config import key_patterns
from msd_desktop.core.config import schema as cs
from msd_desktop.core.config.schema_data import SCHEMA_FILE
from tests.schema_facts import msd_only_listed, msd_only_settable

# Spec §2.3, verbatim.
SPEC_PATTERNS = [
    r"^agent_skills\.[a-zA-Z0-9_-]+$",
    r"^features\.[a-zA-Z0-9_]+$",
    r"^claude_md_assembly\.blocks\.[a-zA-Z0-9_]+$",
    r"^model_profile_overrides\.[a-zA-Z0-9_-]+\.(opus|sonnet|haiku)$",
    r"^models\.(planning|discuss|research|execution|verification|completion)$",
    r"^granularities\.(planning|discuss|research|execution|verification|completion)$",
    r"^dynamic_routing\.(enabled|escalate_on_failure|max_escalations|provider_escalation|tier_models\.(light|standard|heavy))$",
    r"^model_overrides\.[a-zA-Z0-9_-]+$",
    r"^effort\.routing_tier_defaults\.(light|standard|heavy)$",
    r"^effort\.agent_overrides\.[a-zA-Z0-9_-]+$",
    r"^fast_mode\.routing_tier_defaults\.(light|standard|heavy)$",
    r"^fast_mode\.agent_overrides\.[a-zA-Z0-9_-]+$",
    r"^review\.reviewer_instances\.[a-zA-Z0-9_-]+\.(cli|model|agent)$",
    r"^model_policy\.runtime_tiers\.[a-zA-Z0-9_-]+\.(opus|sonnet|haiku)$",
    r"^phase_commit_docs\.\d+[A-Z]?(?:\.\d+)*$",  # upstream 1.11.0 (F1), not in the spec
    r"^review\.models\.[a-zA-Z0-9_-]+$",  # D8
]  # fmt: skip

ALL_SPECS = list(cs.SCHEMA.values())


def test_schema_size_and_order() -> None:
    """One spec per entry of the data file, in its order (a repeated key would collapse)."""
    entries = [e["key"] for e in json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))["keys"]]
    assert list(cs.SCHEMA) == entries
    assert next(iter(cs.SCHEMA)) == "agent_skills_security.trusted_global_roots"
    assert set(cs.sections()) == {s.section for s in ALL_SPECS}
    assert cs.sections()[:4] == ["core", "context_profile", "model", "workflow"]
    assert sum(len(cs.keys_in_section(s)) for s in cs.sections()) == len(entries)


def test_a_new_key_reaches_the_derived_lists() -> None:
    """A key added to (a copy of) the data is counted and classified by its origin alone:
    nothing in the tests lists keys or counts them by hand."""
    data = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    template = {"type": "boolean", "enum": None, "default": False, "section": "workflow",
                "secret": False, "description": "a key made up for this test",
                "config_set_validation": "boolean"}
    before = msd_only_settable()
    for origin, msd_only in (("seed-only", True), ("upstream-central", False),
                             (cs.UPSTREAM_RELEASE_ORIGIN, False)):
        entries = [*data["keys"], {**template, "key": "workflow.made_up", "origin": origin}]
        specs = {str(e["key"]): cs._build_spec(e) for e in entries}
        assert len(specs) == len(cs.SCHEMA) + 1
        assert specs["workflow.made_up"].settable
        assert msd_only_settable(specs) == (
            [*before, "workflow.made_up"] if msd_only else before), origin


@pytest.mark.parametrize("spec", ALL_SPECS, ids=lambda s: s.key)
def test_every_key_walk(spec: cs.KeySpec) -> None:
    """Description, title, and the default validates and round-trips through its type."""
    assert spec.description.strip()
    assert spec.title.strip()
    vt = spec.value_type
    if spec.default is None:
        return
    assert vt.accepts(spec.default), (spec.key, spec.default)
    text = vt.to_str(spec.default)
    back = vt.from_str(text)
    assert back == spec.default
    assert type(back) is type(spec.default)
    # and through the JSON file form
    assert json.loads(json_stringify(spec.default)) == spec.default


def test_every_key_has_a_widget_and_json_entry() -> None:
    widgets = {"check", "combo", "spin", "number", "line", "list", "map", "json"}
    for spec in ALL_SPECS:
        assert spec.widget in widgets, spec.key
        entry = spec.as_dict()
        assert json.loads(json.dumps(entry))["key"] == spec.key


def test_dynamic_patterns_are_the_spec_regexes() -> None:
    assert [p.regex for p in cs.dynamic_patterns()] == SPEC_PATTERNS
    for pattern in cs.dynamic_patterns():
        for leaf in pattern.leaves:
            # every leaf is inside its pattern: build one example key from the segments
            parts = []
            for kind, value in leaf.segments:
                if kind == "re" and value.startswith("\\d"):
                    parts.append("3A.1")  # a phase id
                    continue
                parts.append(value if kind == "lit" else value[0] if kind == "enum" else "x-1")
            example = ".".join(parts)
            if "[a-zA-Z0-9_]+" in leaf.regex.pattern:
                example = example.replace("x-1", "x_1")
            assert pattern.matches(example), example
            assert pattern.leaf_for(example) is leaf


@pytest.mark.parametrize(
    ("key", "settable"),
    [
        ("models", False),
        ("model_profile_overrides.codex", False),
        ("dynamic_routing.tier_models", False),
        ("parallelization.enabled", False),
        ("parallelization.max_concurrent_agents", False),
        ("gates.confirm_plan", False),
        ("safety.always_confirm_destructive", False),
        ("audit.enabled", False),
        ("depth", False),
        ("sub_repos", False),
        ("multiRepo", False),
        ("features.foo-bar", False),
        ("features.x\n", False),
        ("workflow._auto_chain_active", True),
        ("workflow.agent_hint_routing", True),  # upstream-1.11.0 (F1)
        ("phase_commit_docs.3", True),  # upstream-1.11.0 (F1)
        ("phase_commit_docs.12A.1.2", True),
        ("phase_commit_docs.3a", False),
        ("phase_commit_docs", False),
        ("planner.stall_detection_enabled", True),
        ("workflow.code_review_depth_overrides", True),
        ("planning.pr_strict", True),
        ("context_profile", True),
        ("review.models.qwen", True),
        ("review.models.cursor", True),
        ("review.models.my-cli_2", True),
        ("features.foo_bar", True),
        ("agent_skills.msd-planner", True),
        ("review.reviewer_instances.foo.cli", True),
        ("dynamic_routing.tier_models.heavy", True),
        ("mempalace.enabled", True),
        ("parallelization", True),
        ("commit_docs", True),
        ("brave_search", True),
    ],
)
def test_is_settable(key: str, settable: bool) -> None:
    assert cs.is_settable(key) is settable


def test_known_but_not_settable() -> None:
    assert cs.is_known("gates.confirm_plan")
    assert not cs.is_known("depth")
    assert cs.get("gates.confirm_plan") is not None


def test_secrets_are_the_seven_api_keys() -> None:
    assert sorted(k for k in cs.SCHEMA if cs.is_secret(k)) == sorted(
        ["brave_search", "firecrawl", "exa_search", "tavily_search", "ref_search", "perplexity",
         "jina"]
    )
    assert not cs.is_secret("review.models.claude")


def test_absent_means_enabled() -> None:
    expected = {
        f"workflow.{k}"
        for k in (
            "research", "plan_check", "verifier", "nyquist_validation", "ui_phase",
            "ui_safety_gate", "ui_review", "node_repair", "code_review", "pattern_mapper",
            "ai_integration_phase", "context_coverage_gate", "post_planning_gaps",
            "security_enforcement",
        )
    }
    assert {k for k in cs.SCHEMA if cs.absent_means_enabled(k)} == expected
    assert not cs.absent_means_enabled("security_enforcement")


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("context_window", 200000),
        ("executor.stall_detect_interval_minutes", 5),
        ("executor.stall_threshold_minutes", 10),
        ("planner.stall_detect_interval_minutes", 5),
        ("planner.stall_threshold_minutes", 10),
        ("git.create_tag", True),
        ("workflow.smart_zone_tokens", 100000),
        ("workflow.drift_threshold", 3),
        ("review.ollama_host", "http://localhost:11434"),  # D6
        ("review.models.claude", ""),
        ("workflow.security_block_on", "high"),
        ("workflow.verifier", None),
        ("mode", None),
        ("brave_search", None),
        ("models.planning", None),
        ("nope", None),
    ],
)
def test_default_for(key: str, value: Any) -> None:
    assert cs.default_for(key) == value


def test_value_types() -> None:
    pos = cs.get("statusline.context_position")
    assert pos is not None
    assert pos.options == ("end", "front")
    assert not pos.value_type.accepts(["front"])
    assert pos.value_type.accepts("front")
    asvs = cs.get("workflow.security_asvs_level")
    assert asvs is not None
    assert (asvs.minimum, asvs.maximum) == (1, 3)
    assert asvs.value_type.accepts(2)
    assert asvs.value_type.accepts(2.0)
    assert not asvs.value_type.accepts(True)
    assert not asvs.value_type.accepts(4)
    rmi = cs.get("resolve_model_ids")
    assert rmi is not None
    assert rmi.value_type.accepts(False)
    assert rmi.value_type.accepts("omit")
    assert not rmi.value_type.accepts(0)
    assert not rmi.value_type.accepts("true")
    smart = cs.get("workflow.smart_zone_tokens")
    assert smart is not None
    assert smart.value_type.accepts(2**53 - 1)
    assert not smart.value_type.accepts(2**53)
    cw = cs.get("context_window")
    assert cw is not None
    assert cw.value_type.accepts(1e21)  # Number.isInteger, not safe
    # free-text keys keep the raw string; capability strings coerce like upstream
    base = cs.get("git.base_branch")
    cap = cs.get("review.models.claude")
    assert base is not None
    assert cap is not None
    assert base.value_type.from_str("2024") == "2024"
    assert base.value_type.from_str("true") is True
    assert cap.value_type.from_str("2024") == 2024
    secret = cs.get("brave_search")
    assert secret is not None
    assert secret.value_type.from_str("12345678") == "12345678"
    assert secret.value_type.from_str("false") is False


def test_title_for() -> None:
    assert cs.title_for("workflow.nyquist_validation") == "Nyquist validation"
    assert cs.title_for("mode") == "Mode"
    assert cs.title_for("review.models.kimi-code") == "Models › Kimi code"


def test_titles_are_distinct_within_a_section() -> None:
    seen: dict[tuple[str, str], str] = {}
    for spec in cs.SCHEMA.values():
        other = seen.setdefault((spec.section, spec.title), spec.key)
        assert other == spec.key, f"{other} and {spec.key} are both titled {spec.title!r}"
    assert cs.SCHEMA["mode"].title == "Mode"
    assert cs.SCHEMA["claude_md_assembly.mode"].title == "Claude MD assembly mode"
    assert cs.distinct_titles([("a.enabled", "s"), ("b.enabled", "s"), ("c.enabled", "t")]) == {
        "a.enabled": "A enabled", "b.enabled": "B enabled", "c.enabled": "Enabled"
    }


def test_unknown_keys_listed() -> None:
    config = {
        "mode": "yolo",
        "depth": "quick",
        "multiRepo": True,
        "research": True,
        "security_enforcement": True,
        "workflow": {"research": True, "foo": 1, "security_enforcement": False},
        "model_profile_overrides": {"codex": {"opus": "gpt", "bad": 1}},
        "model_overrides": {"msd-planner": {"any": "object"}},
        "parallelization": {"enabled": True, "zz": 1},
        "review": {"max_prompt_tokens_per_reviewer": {"anything": 1}, "models": {"qwen": "x"}},
        "models": "not-an-object",
        "gates": {"confirm_plan": True},
        "features": {"ok_flag": True, "bad-flag": True},
        "foo": {},
        "bar": {"baz": {"qux": 1}},
    }
    assert cs.unknown_keys(config) == [
        "security_enforcement",
        "workflow.foo",
        "model_profile_overrides.codex.bad",
        "parallelization.zz",
        "features.bad-flag",
        "foo",
        "bar.baz.qux",
    ]


def test_schema_entry() -> None:
    entry = cs.schema_entry("effort.agent_overrides.msd-planner")
    assert entry is not None
    assert entry["enum"] == ["minimal", "low", "medium", "high", "xhigh", "max"]
    assert entry["settable"] is True
    assert cs.schema_entry("nope") is None
    cw = cs.schema_entry("context_window")
    assert cw is not None
    assert cw["minimum"] == 1


def test_listed_keys_sorted_like_js() -> None:
    keys = cs.listed_keys()
    assert keys == sorted(keys)
    assert "planning.pr_strict" in keys
    assert "context_profile" in keys
    assert "gates.confirm_plan" not in keys
    assert "workflow._auto_chain_active" not in keys
    assert "mempalace.enabled" not in keys  # capability keys are not listed upstream


@pytest.mark.differential
def test_listed_keys_match_upstream(tmp_path: Path, gsd_tools: Path) -> None:
    (tmp_path / ".planning").mkdir()
    proc = subprocess.run(
        ["node", str(gsd_tools), "config-set", "no.such.key", "1"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
    )
    assert proc.returncode == 1
    listed = proc.stderr.strip().split("Valid keys: ", 1)[1].split(", ")
    upstream = [k for k in listed if "<" not in k]
    assert [k for k in listed if "<" in k] == [
        "agent_skills.<agent-type>", "features.<feature_name>", "phase_commit_docs.<phase-id>"
    ]
    msd_only = msd_only_listed()  # from the schema's origin field
    assert "context_profile" in msd_only  # D7
    assert [k for k in cs.listed_keys() if k not in msd_only] == upstream


def _pattern_examples() -> list[str]:
    """Keys in, around and just outside every dynamic pattern (and every concrete key)."""
    keys = list(cs.SCHEMA)
    for pattern in cs.dynamic_patterns():
        for leaf in pattern.leaves:
            for filler in ("x-1", "x_1", "3A.1", "7", ""):
                parts = []
                for kind, value in leaf.segments:
                    if kind == "lit":
                        parts.append(value)
                    elif kind == "enum":
                        parts.append(value[-1])
                    else:
                        parts.append(filler)
                key = ".".join(parts)
                keys += [key, key + "\n", key + ".x", "x" + key, key.upper(), key[:-1]]
    return keys


def test_dynamic_matching_agrees_with_each_patterns_regex() -> None:
    """``matches`` tests a literal prefix before the regex (only a pattern that can match is
    ever compiled); the answer must be the regex's own, key by key."""
    keys = _pattern_examples()
    for pattern in cs.dynamic_patterns():
        assert pattern.regex.startswith("^" + re.escape(pattern._prefix).replace(r"\-", "-"))
        for key in keys:
            assert pattern.matches(key) == (re.fullmatch(pattern.regex, key) is not None), (
                pattern.regex, key)


@pytest.mark.parametrize(("regex", "prefix"), [
    (r"^agent_skills\.[a-zA-Z0-9_-]+$", "agent_skills."),
    (r"^phase_commit_docs\.\d+[A-Z]?(?:\.\d+)*$", "phase_commit_docs."),
    (r"^a|b$", ""),  # a top-level alternative: no common prefix
    (r"^ab[|(]c$", "ab"),  # | and ( inside a class are literal
    (r"^a\|b$", "a"),
    (r"^abc?d$", "ab"),  # an optional last literal is not part of it
    (r"^ab*", "a"),
    (r"^ab{2}", "a"),
    (r"agent$", ""),  # unanchored
    (r"^(?i)abc$", ""),
    (r"^abc", ""),  # literals only: no shortcut needed
])
def test_literal_prefix(regex: str, prefix: str) -> None:
    assert key_patterns._literal_prefix(regex) == prefix


def test_key_specs_are_read_only_records() -> None:
    spec = cs.SCHEMA["mode"]
    with pytest.raises(AttributeError):
        spec.key = "other"  # type: ignore[misc]
    assert spec == spec
    assert spec != cs.SCHEMA["granularity"]
    assert repr(spec).startswith("KeySpec(key='mode', type=")
    assert {spec: 1}[spec] == 1
    hint = cs.SCHEMA["workflow.security_asvs_level"].value_type
    assert hint == cs.IntegerType(minimum=1, maximum=3)
    assert hash(hint) == hash(cs.IntegerType(minimum=1, maximum=3))
    assert repr(hint) == "<IntegerType integer>"
    pattern = cs.dynamic_patterns()[0]
    with pytest.raises(AttributeError):
        pattern.regex = "x"  # type: ignore[misc]
    assert pattern == cs.DynamicPattern(pattern.regex, pattern.shape, pattern.top_level,
                                        pattern.leaves, pattern.msd_decision)
