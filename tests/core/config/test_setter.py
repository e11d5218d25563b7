# ruff: noqa: E501  (tables of exact error texts read best one row per line)
"""config-set / config-get on real files (spec §2.2, §2.4, Appendix B D2-D5, D7, D8).

Every error case checks the exact text and that the file is byte-identical afterwards.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.common.errors import ConflictError, KeyringUnavailableError, MsdError
from msd_desktop.core.common.jsonfile import read_json_file
from msd_desktop.core.config import schema as cs
from msd_desktop.core.config.setter import (
    apply_set,
    apply_unset,
    config_get,
    config_set,
    config_set_typed,
    unknown_key_message,
    validate_value,
)
from tests.prerequisites import require_keyring

ENV: dict[str, str] = {}

INITIAL = '{"zzz": 1,   "mode": "interactive",\n "aaa": {"b": [1, 2]}, "workflow": {"research": true}}'


@pytest.fixture
def root(tmp_path: Path) -> Path:
    project = tmp_path / "proj"
    (project / ".planning").mkdir(parents=True)
    (project / ".planning" / "config.json").write_text(INITIAL, encoding="utf-8")
    return project


def cfg(root: Path) -> Path:
    return root / ".planning" / "config.json"


def data(root: Path) -> Any:
    return json.loads(cfg(root).read_text(encoding="utf-8"))


def set_raw(root: Path, key: str | None, raw: str | None) -> dict[str, Any]:
    return config_set(root, key, raw, env=ENV)


def assert_refused(root: Path, key: str | None, raw: str | None, message: str) -> None:
    before = cfg(root).read_bytes()
    with pytest.raises(MsdError) as info:
        set_raw(root, key, raw)
    assert str(info.value) == message
    assert cfg(root).read_bytes() == before


# ── step 1-3: usage, suggestions, unknown keys ──────────────────────────────────────────────


@pytest.mark.parametrize(("key", "raw"), [(None, "x"), ("", "x"), ("mode", None)])
def test_usage(root: Path, key: str | None, raw: str | None) -> None:
    assert_refused(root, key, raw, "Usage: config-set <key.path> <value>")


@pytest.mark.parametrize(
    ("key", "suggestion"),
    [
        ("workflow.nyquist_validation_enabled", "workflow.nyquist_validation"),
        ("agents.nyquist_validation_enabled", "workflow.nyquist_validation"),
        ("nyquist.validation_enabled", "workflow.nyquist_validation"),
        ("hooks.research_questions", "workflow.research_before_questions"),
        ("workflow.research_questions", "workflow.research_before_questions"),
        ("workflow.codereview", "workflow.code_review"),
        ("workflow.review", "workflow.code_review"),
        ("workflow.review_command", "workflow.code_review_command"),
        ("workflow.code_review_level", "workflow.code_review_depth"),
        ("workflow.review_depth", "workflow.code_review_depth"),
        ("review.model", "review.models.<cli-name>"),
        ("sub_repos", "planning.sub_repos"),
        ("plan_checker", "workflow.plan_check"),
    ],
)
def test_suggestions(root: Path, key: str, suggestion: str) -> None:
    assert_refused(root, key, "true", f"Unknown config key: {key}. Did you mean {suggestion}?")


@pytest.mark.parametrize(
    "key",
    ["foo", "depth", "multiRepo", "parallelization.enabled", "gates.confirm_plan", "models",
     "model_profile_overrides.codex", "dynamic_routing.tier_models", "features.bad-name",
     "__proto__", "safety.always_confirm_destructive"],
)
def test_unknown_keys_refused(root: Path, key: str) -> None:
    assert_refused(root, key, "true", unknown_key_message(key))


def test_unknown_key_message_shape() -> None:
    msg = unknown_key_message("x.y")
    assert msg.startswith('Unknown config key: "x.y". Valid keys: agent_skills_security.')
    assert msg.endswith(
        "workflow.verifier, workflow.worktree_skip_hooks, agent_skills.<agent-type>, "
        "features.<feature_name>, phase_commit_docs.<phase-id>"
    )
    assert ", workflow.agent_hint_routing, workflow.auto_advance," in msg  # 1.11.0 (F1)


# ── step 4: coercion ────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("raw", "stored"),
    [
        (" 7 ", 7),
        ("0x10", 16),
        ("0b101", 5),
        ("0o17", 15),
        ("1e6", 1000000),
        ("-0", 0),
        ("Infinity", "Infinity"),
        ("-Infinity", "-Infinity"),
        ("NaN", "NaN"),
        ("", ""),
        ("   ", 0),
        ("TRUE", "TRUE"),
        ("true", True),
        ("false", False),
        ("[1, 2]", [1, 2]),
        ('{"a": {"b": 1.0}}', {"a": {"b": 1}}),
        ("[1, 2", "[1, 2"),
        ("{oops", "{oops"),
        ("123456789012345678901", 123456789012345680000),
    ],
)
def test_coercion_vectors(root: Path, raw: str, stored: Any) -> None:
    result = set_raw(root, "agent_skills.msd-planner", raw)
    assert result["value"] == stored
    assert type(result["value"]) is type(stored)
    assert data(root)["agent_skills"]["msd-planner"] == stored


def test_big_numbers_written_like_js(root: Path) -> None:
    set_raw(root, "context_window", "1e21")
    set_raw(root, "review.max_prompt_tokens", "0.0000001")
    text = cfg(root).read_text(encoding="utf-8")
    assert '"context_window": 1e+21' in text
    assert '"max_prompt_tokens": 1e-7' in text


# ── step 5: null = unset ────────────────────────────────────────────────────────────────────


def test_unset_existing_keeps_parent(root: Path) -> None:
    result = set_raw(root, "workflow.research", "null")
    assert result == {"updated": True, "unset": True, "key": "workflow.research", "value": None,
                      "previousValue": True}
    assert list(result) == ["updated", "unset", "key", "value", "previousValue"]
    assert data(root)["workflow"] == {}


def test_unset_missing_creates_nothing(root: Path) -> None:
    before = cfg(root).read_bytes()
    result = set_raw(root, "git.base_branch", "null")
    assert result == {"updated": False, "unset": True, "key": "git.base_branch", "value": None}
    assert cfg(root).read_bytes() == before  # no `git: {}` created, file untouched


def test_unset_skips_validation(root: Path) -> None:
    set_raw(root, "context_window", "5")
    assert set_raw(root, "context_window", "null")["previousValue"] == 5
    assert "context_window" not in data(root)


def test_unset_through_non_object_parent(root: Path) -> None:
    result = set_raw(root, "aaa.b.c", "null") if cs.is_settable("aaa.b.c") else None
    assert result is None  # unknown key; nothing to test through the CLI path
    assert apply_unset({"aaa": {"b": [1]}}, "aaa.b.c") == {"aaa": {"b": [1]}}


# ── step 6: project_code ────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(("raw", "stored"), [("007", "007"), ("true", "true"), ("1e3", "1e3"),
                                             ("[1]", "[1]")])
def test_project_code_never_coerced(root: Path, raw: str, stored: str) -> None:
    assert set_raw(root, "project_code", raw)["value"] == stored
    assert data(root)["project_code"] == stored


def test_project_code_null_unsets(root: Path) -> None:
    set_raw(root, "project_code", "ABC")
    assert set_raw(root, "project_code", "null")["unset"] is True


# ── step 7: the validator table (exact texts) ───────────────────────────────────────────────

BOOL_MSG = "Must be a boolean (true or false)."

VALIDATOR_ROWS = [
    ("workflow.drift_action", "block", "Invalid workflow.drift_action 'block'. Valid values: warn, auto-remap"),
    ("workflow.drift_threshold", "0", "Invalid workflow.drift_threshold '0'. Must be a positive integer."),
    ("workflow.drift_threshold", "1.5", "Invalid workflow.drift_threshold '1.5'. Must be a positive integer."),
    ("workflow.drift_threshold", "x", "Invalid workflow.drift_threshold 'x'. Must be a positive integer."),
    ("context_window", "0", "Invalid context_window '0'. Must be a positive integer (token count)."),
    ("context_window", "-5", "Invalid context_window '-5'. Must be a positive integer (token count)."),
    ("context_window", "Infinity", "Invalid context_window 'Infinity'. Must be a positive integer (token count)."),
    ("context_window", "1.5", "Invalid context_window '1.5'. Must be a positive integer (token count)."),
    ("workflow.smart_zone_tokens", "9007199254740992", "Invalid workflow.smart_zone_tokens '9007199254740992'. Must be a positive integer (token count)."),
    ("workflow.smart_zone_tokens", "0", "Invalid workflow.smart_zone_tokens '0'. Must be a positive integer (token count)."),
    ("workflow.post_planning_gaps", "yes", f"Invalid workflow.post_planning_gaps 'yes'. {BOOL_MSG}"),
    ("git.create_tag", "1", f"Invalid git.create_tag '1'. {BOOL_MSG}"),
    ("statusline.show_context_tokens", "TRUE", f"Invalid statusline.show_context_tokens 'TRUE'. {BOOL_MSG}"),
    ("statusline.show_git", "on", f"Invalid statusline.show_git 'on'. {BOOL_MSG}"),
    ("plan_review.source_grounding", "0", f"Invalid plan_review.source_grounding '0'. {BOOL_MSG}"),
    ("workflow.human_verify_mode", "never", "Invalid workflow.human_verify_mode 'never'. Valid values: mid-flight, end-of-phase"),
    ("workflow.context_guard_mode", "loud", "Invalid workflow.context_guard_mode 'loud'. Valid values: auto, warn, off"),
    ("statusline.context_position", '["front"]', "Invalid statusline.context_position '[\"front\"]'. Valid values: front, end"),
    ("statusline.context_position", "middle", "Invalid statusline.context_position 'middle'. Valid values: front, end"),
    ("statusline.state_format", "tiny", "Invalid statusline.state_format 'tiny'. Valid values: full, compact"),
    ("code_quality.fallow.scope", "world", "Invalid code_quality.fallow.scope 'world'. Valid values: phase, repo"),
    ("code_quality.fallow.profile", "lax", "Invalid code_quality.fallow.profile 'lax'. Valid values: minimal, standard, strict"),
    ("plan_review.source_grounding_authority", "ctags", "Invalid plan_review.source_grounding_authority 'ctags'. Valid values: grep, intel, treesitter, lsp, scip"),
    ("workflow.security_asvs_level", "4", "Invalid workflow.security_asvs_level '4'. Must be an integer 1, 2, or 3."),
    ("workflow.security_asvs_level", "0", "Invalid workflow.security_asvs_level '0'. Must be an integer 1, 2, or 3."),
    ("workflow.security_asvs_level", "1.5", "Invalid workflow.security_asvs_level '1.5'. Must be an integer 1, 2, or 3."),
    # capability keys by declared type
    ("workflow.research", "maybe", f"Invalid workflow.research 'maybe'. {BOOL_MSG}"),
    ("workflow.code_review_depth", "ultra", "Invalid workflow.code_review_depth 'ultra'. Valid values: quick, standard, deep"),
    ("workflow.security_block_on", "severe", "Invalid workflow.security_block_on 'severe'. Valid values: critical, high, medium, low, none"),
    ("external_job.poll_timeout_ms", "soon", "Invalid external_job.poll_timeout_ms 'soon'. Must be a number."),
    ("review.models.claude", "123", "Invalid review.models.claude '123'. Must be a string."),
    ("review.ollama_host", "true", "Invalid review.ollama_host 'true'. Must be a string."),
    ("mempalace.memory_mode", '"augment"', "Invalid mempalace.memory_mode '\"augment\"'. Valid values: augment, kg_backend, replace"),
    # D2: every declared type / enum is validated
    ("model_profile", "turbo", "Invalid model_profile 'turbo'. Valid values: quality, balanced, budget, adaptive, inherit"),
    ("model_profile", "Quality", "Invalid model_profile 'Quality'. Valid values: quality, balanced, budget, adaptive, inherit"),
    ("mode", "auto", "Invalid mode 'auto'. Valid values: interactive, yolo"),
    ("granularity", "huge", "Invalid granularity 'huge'. Valid values: coarse, standard, fine"),
    ("effort.default", "extreme", "Invalid effort.default 'extreme'. Valid values: minimal, low, medium, high, xhigh, max"),
    ("resolve_model_ids", "full", "Invalid resolve_model_ids 'full'. Valid values: false, true, omit"),
    ("workflow.auto_advance", "1", f"Invalid workflow.auto_advance '1'. {BOOL_MSG}"),
    ("workflow.node_repair_budget", "two", "Invalid workflow.node_repair_budget 'two'. Must be a number."),
    ("planning.sub_repos", "api", "Invalid planning.sub_repos 'api'. Must be a JSON array."),
    ("review.max_prompt_tokens_per_reviewer", "[1]", "Invalid review.max_prompt_tokens_per_reviewer '[1]'. Must be a JSON object."),
    ("parallelization", "fast", "Invalid parallelization 'fast'. Must be a boolean (true or false) or a JSON object."),
    ("brave_search", "[1]" if False else "{}", None),  # secrets keep the raw string (see below)
    ("context_profile", "dev2", "Invalid context_profile 'dev2'. Valid values: dev, research, review"),
    ("phase_id_convention", "prefixed", "Invalid phase_id_convention 'prefixed'. Valid values: milestone-prefixed"),
    ("capabilities.strict_known_registries", "1", f"Invalid capabilities.strict_known_registries '1'. {BOOL_MSG}"),
    ("review.max_prompt_tokens", "lots", "Invalid review.max_prompt_tokens 'lots'. Must be a number."),
    ("git.quick_branch_template", "true", "Invalid git.quick_branch_template 'true'. Must be a string."),
    ("planner.stall_detection_enabled", "yes", f"Invalid planner.stall_detection_enabled 'yes'. {BOOL_MSG}"),
    ("workflow.code_review_depth_overrides", "{}", "Invalid workflow.code_review_depth_overrides '{}'. Must be a JSON array."),
    # dynamic keys with a domain
    ("models.planning", "claude-opus-4-8", "Invalid models.planning 'claude-opus-4-8'. Valid values: opus, sonnet, haiku, inherit"),
    ("granularities.research", "tiny", "Invalid granularities.research 'tiny'. Valid values: coarse, standard, fine"),
    ("effort.routing_tier_defaults.heavy", "ultra", "Invalid effort.routing_tier_defaults.heavy 'ultra'. Valid values: minimal, low, medium, high, xhigh, max"),
    ("effort.agent_overrides.msd-planner", "3", "Invalid effort.agent_overrides.msd-planner '3'. Valid values: minimal, low, medium, high, xhigh, max"),
    ("fast_mode.agent_overrides.msd-planner", '"true"', f"Invalid fast_mode.agent_overrides.msd-planner '\"true\"'. {BOOL_MSG}"),
    ("fast_mode.routing_tier_defaults.light", "yes", f"Invalid fast_mode.routing_tier_defaults.light 'yes'. {BOOL_MSG}"),
    ("dynamic_routing.enabled", "1", f"Invalid dynamic_routing.enabled '1'. {BOOL_MSG}"),
    ("dynamic_routing.max_escalations", "-1", "Invalid dynamic_routing.max_escalations '-1'. Must be a non-negative integer."),
    ("dynamic_routing.tier_models.light", "5", "Invalid dynamic_routing.tier_models.light '5'. Must be a string."),
    ("dynamic_routing.provider_escalation", "x", "Invalid dynamic_routing.provider_escalation 'x'. Must be a JSON array."),
    ("review.models.qwen", "7", "Invalid review.models.qwen '7'. Must be a string."),
    # upstream-1.11.0 key (F1), upstream's own check and text
    ("workflow.agent_hint_routing", "yes", f"Invalid workflow.agent_hint_routing 'yes'. {BOOL_MSG}"),
]  # fmt: skip


@pytest.mark.parametrize(("key", "raw", "message"), [r for r in VALIDATOR_ROWS if r[2]])
def test_validator_table(root: Path, key: str, raw: str, message: str) -> None:
    assert_refused(root, key, raw, message)
    assert validate_value(key, set_value_of(key, raw), raw) == message


def set_value_of(key: str, raw: str) -> Any:
    from msd_desktop.core.config.setter import coerce_for_key

    return coerce_for_key(key, raw)


@pytest.mark.parametrize(
    ("key", "raw", "stored"),
    [
        ("workflow.drift_action", "auto-remap", "auto-remap"),
        ("workflow.drift_threshold", "3", 3),
        ("context_window", "1e21", 1e21),
        ("context_window", "0x400", 1024),
        ("workflow.smart_zone_tokens", "9007199254740991", 9007199254740991),
        ("statusline.context_position", "front", "front"),
        ("workflow.security_asvs_level", "3", 3),
        ("model_profile", "adaptive", "adaptive"),
        ("resolve_model_ids", "omit", "omit"),
        ("resolve_model_ids", "true", True),
        ("models.planning", "inherit", "inherit"),
        ("context", "anything goes", "anything goes"),  # D7: free text
        ("context", "42", "42"),
        ("git.base_branch", "2024", "2024"),
        ("runtime", "codex", "codex"),
        ("review.models.qwen", "qwen3-coder", "qwen3-coder"),  # D8
        ("review.models.cursor", "gpt-5", "gpt-5"),
        ("features.anything_new", "7", 7),  # unvalidated
        ("model_overrides.msd-planner", '{"model": "x"}', {"model": "x"}),
        ("workflow._auto_chain_active", "true", True),
        ("planning.pr_strict", "true", True),
        ("workflow.code_review_depth_overrides", '[{"paths": ["src"], "depth": "deep"}]',
         [{"paths": ["src"], "depth": "deep"}]),
        ("review.max_prompt_tokens_per_reviewer.ollama", "-1", -1),
        ("dynamic_routing.max_escalations", "0", 0),
        ("parallelization", "false", False),
        ("mempalace.wing", "", ""),
        # upstream-1.11.0 (F1): phase_commit_docs.<phase-id> is stored unvalidated like upstream
        ("workflow.agent_hint_routing", "false", False),
        ("phase_commit_docs.3", "true", True),
        ("phase_commit_docs.12A", "false", False),
        ("phase_commit_docs.4", "7", 7),
    ],
)
def test_valid_values_stored(root: Path, key: str, raw: str, stored: Any) -> None:
    result = set_raw(root, key, raw)
    assert result["value"] == stored
    assert type(result["value"]) is type(stored)
    node: Any = data(root)
    for segment in key.split("."):
        node = node[segment]
    assert node == stored


# ── review.default_reviewers / reviewer instances ───────────────────────────────────────────


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("codex", "review.default_reviewers must be a JSON array of reviewer slugs"),
        ('{"a": 1}', "review.default_reviewers must be a JSON array of reviewer slugs"),
        ("[]", "review.default_reviewers cannot be empty"),
        ('["codex", 1]', "review.default_reviewers must contain only string slugs"),
        ('["a b"]', "invalid reviewer slug in review.default_reviewers: a b"),
        ('["ok", "no/slash"]', "invalid reviewer slug in review.default_reviewers: no/slash"),
    ],
)
def test_default_reviewers_errors(root: Path, raw: str, message: str) -> None:
    assert_refused(root, "review.default_reviewers", raw, message)


def test_default_reviewers_normalized(root: Path) -> None:
    result = set_raw(root, "review.default_reviewers", '["Codex", "codex", "Claude", "my_cli"]')
    assert result["value"] == ["codex", "claude", "my_cli"]
    assert data(root)["review"]["default_reviewers"] == ["codex", "claude", "my_cli"]


SLUGS = ("antigravity, claude, coderabbit, codex, cursor, gemini, kimi-code, llama_cpp, "
         "lm_studio, ollama, opencode, qwen")


@pytest.mark.parametrize(
    ("key", "raw", "message"),
    [
        ("review.reviewer_instances.Foo.cli", "codex",
         "Invalid reviewer instance name 'Foo'. Must match ^[a-z0-9][a-z0-9-]*$."),
        ("review.reviewer_instances._x.model", "m",
         "Invalid reviewer instance name '_x'. Must match ^[a-z0-9][a-z0-9-]*$."),
        ("review.reviewer_instances.claude.model", "m",
         "Reviewer instance name 'claude' must not equal a built-in reviewer slug."),
        ("review.reviewer_instances.fast.cli", "bash",
         f"Invalid reviewer_instances.fast.cli 'bash'. Must be a known reviewer adapter: {SLUGS}."),
        ("review.reviewer_instances.fast.cli", '["codex"]',
         f"Invalid reviewer_instances.fast.cli '[\"codex\"]'. Must be a known reviewer adapter: {SLUGS}."),
        ("review.reviewer_instances.fast.model", "5",
         "Invalid reviewer_instances.fast.model '5'. Must be a string."),
        ("review.reviewer_instances.fast.agent", "true",
         "Invalid reviewer_instances.fast.agent 'true'. Must be a string."),
    ],
)  # fmt: skip
def test_reviewer_instances_errors(root: Path, key: str, raw: str, message: str) -> None:
    assert_refused(root, key, raw, message)


def test_reviewer_instances_valid(root: Path) -> None:
    set_raw(root, "review.reviewer_instances.fast-1.cli", "codex")
    set_raw(root, "review.reviewer_instances.fast-1.model", "gpt-5.6-sol")
    assert data(root)["review"]["reviewer_instances"] == {
        "fast-1": {"cli": "codex", "model": "gpt-5.6-sol"}
    }


# ── ship.pr_body_sections (§2.4.1) ──────────────────────────────────────────────────────────

P = "Invalid ship.pr_body_sections[0]"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ('{"heading": "x"}', "Invalid ship.pr_body_sections value. Expected a JSON array of section objects."),
        ("nope", "Invalid ship.pr_body_sections value. Expected a JSON array of section objects."),
        ("[1]", f"{P}. Expected an object."),
        ("[[]]", f"{P}. Expected an object."),
        ("[null]", f"{P}. Expected an object."),
        ('[{"heading": "H", "source": "PLAN.md ## A", "zeta": 1, "alpha": 2}]', f"{P}. Unknown field(s): zeta, alpha."),
        ('[{"source": "PLAN.md ## A"}]', f"{P}. heading must be a non-empty string."),
        ('[{"heading": " \\u00a0 ", "source": "PLAN.md ## A"}]', f"{P}. heading must be a non-empty string."),
        ('[{"heading": 5, "source": "PLAN.md ## A"}]', f"{P}. heading must be a non-empty string."),
        ('[{"heading": "a\\nb", "source": "PLAN.md ## A"}]', f"{P}. heading must be a single line."),
        ('[{"heading": "a\\rb", "source": "PLAN.md ## A"}]', f"{P}. heading must be a single line."),
        ('[{"heading": "H", "enabled": "yes", "source": "PLAN.md ## A"}]', f"{P}. enabled must be true or false."),
        ('[{"heading": "H", "source": 1}]', f"{P}. source must be a string."),
        ('[{"heading": "H", "fallback": []}]', f"{P}. fallback must be a string."),
        ('[{"heading": "H", "template": null}]', f"{P}. template must be a string."),
        ('[{"heading": "H"}]', f"{P}. Provide at least one of source, fallback, or template."),
        ('[{"heading": "H", "source": "  ", "fallback": ""}]', f"{P}. Provide at least one of source, fallback, or template."),
        ('[{"heading": "H", "source": "PLAN.md Risks"}]', f'{P}. source must use selectors like "PLAN.md ## Risks", separated with "||".'),
        ('[{"heading": "H", "source": "NOTES.md ## Risks"}]', f'{P}. source must use selectors like "PLAN.md ## Risks", separated with "||".'),
        ('[{"heading": "H", "source": "PLAN.md ## Risks || SUMMARY.md ##"}]', f'{P}. source must use selectors like "PLAN.md ## Risks", separated with "||".'),
        ('[{"heading": "H", "source": "PLAN.md ## #hash"}]', f'{P}. source must use selectors like "PLAN.md ## Risks", separated with "||".'),
        ('[{"heading": "H", "source": "||"}]', f'{P}. source must use selectors like "PLAN.md ## Risks", separated with "||".'),
        ('[{"heading": "H", "template": "{phase_number} {nope} {bad2}"}]', f"{P}. Unsupported template token: {{nope}}."),
        ('[{"heading": "ok", "fallback": "x"}, {"heading": "H"}]', "Invalid ship.pr_body_sections[1]. Provide at least one of source, fallback, or template."),
    ],
)  # fmt: skip
def test_pr_body_sections_errors(root: Path, value: str, message: str) -> None:
    assert_refused(root, "ship.pr_body_sections", value, message)


def test_pr_body_sections_valid(root: Path) -> None:
    sections = [
        {"heading": "Risks", "source": "PLAN.md ## Risks || SUMMARY.md ## Risks ||",
         "enabled": True},
        {"heading": "Phase", "template": "Phase {phase_number}: {phase_name} {1a} { x }"},
        {"heading": "Fallback only", "fallback": "n/a", "source": ""},
    ]
    result = set_raw(root, "ship.pr_body_sections", json.dumps(sections))
    assert result["value"] == sections
    assert set_raw(root, "ship.pr_body_sections", "[]")["value"] == []


# ── step 8: writing ─────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    "key",
    ["agent_skills.__proto__", "features.constructor", "model_overrides.prototype",
     "effort.agent_overrides.__proto__", "review.models.constructor"],
)
def test_prototype_guard(root: Path, key: str) -> None:
    assert_refused(root, key, "x" if not key.startswith("effort") else "high",
                   f"Invalid config key (prototype pollution guard): {key}")
    assert_refused(root, key, "null", f"Invalid config key (prototype pollution guard): {key}")


def test_unknown_keys_and_order_kept(root: Path) -> None:
    result = set_raw(root, "mode", "yolo")
    assert result == {"updated": True, "key": "mode", "value": "yolo",
                      "previousValue": "interactive"}
    assert list(result) == ["updated", "key", "value", "previousValue"]
    text = cfg(root).read_text(encoding="utf-8")
    assert text == (
        '{\n  "zzz": 1,\n  "mode": "yolo",\n  "aaa": {\n    "b": [\n      1,\n      2\n    ]\n'
        '  },\n  "workflow": {\n    "research": true\n  }\n}\n'
    )
    set_raw(root, "git.branching_strategy", "phase")
    assert list(data(root)) == ["zzz", "mode", "aaa", "workflow", "git"]


def test_new_key_without_previous_value(root: Path) -> None:
    result = set_raw(root, "workflow.verifier", "false")
    assert result == {"updated": True, "key": "workflow.verifier", "value": False}


def test_non_object_parent_replaced(root: Path) -> None:
    cfg(root).write_text('{"workflow": 5, "models": ["x"]}', encoding="utf-8")
    set_raw(root, "workflow.research", "false")
    set_raw(root, "models.planning", "opus")
    assert data(root) == {"workflow": {"research": False}, "models": {"planning": "opus"}}


def test_creates_planning_dir_and_file(tmp_path: Path) -> None:
    result = config_set(tmp_path, "mode", "yolo", env=ENV)
    assert result == {"updated": True, "key": "mode", "value": "yolo"}
    assert json.loads((tmp_path / ".planning" / "config.json").read_text()) == {"mode": "yolo"}


@pytest.mark.parametrize("content", ["{bad", "[1, 2]", "null", '"x"', ""])
def test_unusable_file_refused(root: Path, content: str) -> None:
    cfg(root).write_text(content, encoding="utf-8")
    before = cfg(root).read_bytes()
    with pytest.raises(MsdError) as info:
        set_raw(root, "mode", "yolo")
    assert str(info.value).startswith("Failed to read config.json: ")
    assert str(cfg(root)) in str(info.value)
    assert cfg(root).read_bytes() == before


def test_parallelization_keeps_subkeys_d5(root: Path) -> None:
    set_raw(root, "parallelization", '{"enabled": true, "max_concurrent_agents": 5}')
    result = set_raw(root, "parallelization", "false")
    assert result == {"updated": True, "key": "parallelization", "value": False,
                      "previousValue": {"enabled": True, "max_concurrent_agents": 5}}
    assert data(root)["parallelization"] == {"enabled": False, "max_concurrent_agents": 5}
    cfg(root).write_text('{"parallelization": true}', encoding="utf-8")
    set_raw(root, "parallelization", "false")
    assert data(root) == {"parallelization": False}


def test_every_settable_key_accepts_its_default(tmp_path: Path) -> None:
    """STYLE item 8 through the CLI path: each default typed as text is stored as itself."""
    root = tmp_path / "all"
    root.mkdir()
    for spec in cs.SCHEMA.values():
        if not spec.settable or spec.default is None or spec.secret:
            continue
        if spec.key == "review.default_reviewers":
            continue
        raw = spec.value_type.to_str(spec.default)
        result = config_set(root, spec.key, raw, env=ENV)
        assert result["value"] == spec.default, spec.key
    loaded = read_json_file(root / ".planning" / "config.json")
    assert loaded.ok


# ── workstreams ─────────────────────────────────────────────────────────────────────────────


def test_workstream_scoped_write_and_get(root: Path) -> None:
    (root / ".planning" / "workstreams" / "alpha").mkdir(parents=True)
    (root / ".planning" / "active-workstream").write_text("alpha\n")
    assert config_get(root, "mode", env=ENV) == "interactive"  # inherited from the root config
    set_raw(root, "mode", "yolo")
    ws_cfg = root / ".planning" / "workstreams" / "alpha" / "config.json"
    assert json.loads(ws_cfg.read_text()) == {"mode": "yolo"}
    assert data(root)["mode"] == "interactive"
    assert config_get(root, "mode", env=ENV) == "yolo"
    assert config_get(root, "workflow.research", env=ENV) is True
    with pytest.raises(MsdError, match=r"^Key not found: workflow\.verifier$"):
        config_get(root, "workflow.verifier", env=ENV)
    env = {"MSD_WORKSTREAM": "beta"}
    with pytest.raises(MsdError) as info:
        config_get(root, "nokey", env=env)
    beta = root / ".planning" / "workstreams" / "beta" / "config.json"
    assert str(info.value) == f"No config.json found at {beta}"


# ── conflicts / typed path / drafts ─────────────────────────────────────────────────────────


def test_typed_set_conflict(root: Path) -> None:
    stale = read_json_file(cfg(root)).fingerprint
    cfg(root).write_text('{"mode": "yolo"}', encoding="utf-8")  # someone else saved
    before = cfg(root).read_bytes()
    with pytest.raises(ConflictError):
        config_set_typed(root, "mode", "interactive", env=ENV, expected=stale)
    assert cfg(root).read_bytes() == before
    fresh = read_json_file(cfg(root)).fingerprint
    result = config_set_typed(root, "mode", "interactive", env=ENV, expected=fresh)
    assert result["previousValue"] == "yolo"


def test_typed_set_validates_and_allows_file_keys(root: Path) -> None:
    with pytest.raises(MsdError, match=r"^Invalid workflow.security_asvs_level '7'\."):
        config_set_typed(root, "workflow.security_asvs_level", 7, env=ENV)
    with pytest.raises(MsdError, match=r"^Invalid mode 'fast'\."):
        config_set_typed(root, "mode", "fast", env=ENV)
    assert config_set_typed(root, "gates.confirm_plan", False, env=ENV)["value"] is False
    assert config_set_typed(root, "context_window", 150000, env=ENV)["value"] == 150000
    assert config_set_typed(root, "gates.confirm_plan", None, env=ENV)["unset"] is True
    with pytest.raises(MsdError, match=r"^Unknown config key: \"depth\""):
        config_set_typed(root, "depth", "quick", env=ENV)


def test_validate_value() -> None:
    assert validate_value("mode", "yolo") is None
    assert validate_value("mode", None) is None
    assert validate_value("mode", "x") == "Invalid mode 'x'. Valid values: interactive, yolo"
    assert validate_value("context_window", 0, "0") == (
        "Invalid context_window '0'. Must be a positive integer (token count)."
    )
    assert validate_value("nope", 1) == unknown_key_message("nope")
    assert validate_value("gates.confirm_plan", "x") == (
        "Invalid gates.confirm_plan 'x'. Must be a boolean (true or false)."
    )


def test_apply_set_is_pure() -> None:
    original = {"workflow": {"research": True}, "parallelization": {"enabled": True, "x": 1}}
    snapshot = json.dumps(original)
    out = apply_set(original, "workflow.verifier", False)
    assert out["workflow"] == {"research": True, "verifier": False}
    out2 = apply_set(original, "parallelization", False)
    assert out2["parallelization"] == {"enabled": False, "x": 1}
    out3 = apply_set(original, "workflow.research", None)
    assert out3["workflow"] == {}
    assert json.dumps(original) == snapshot
    with pytest.raises(MsdError, match="prototype pollution guard"):
        apply_set(original, "a.__proto__.b", 1)


# ── config-get ──────────────────────────────────────────────────────────────────────────────


def test_config_get_order(root: Path) -> None:
    assert config_get(root, "mode", env=ENV) == "interactive"
    assert config_get(root, "aaa", env=ENV) == {"b": [1, 2]}
    assert config_get(root, "aaa.b.1", env=ENV) == 2
    assert config_get(root, "aaa.b.length", env=ENV) == 2
    assert config_get(root, "nope", default="5", env=ENV) == "5"
    assert config_get(root, "mode", default="5", env=ENV) == "interactive"
    assert config_get(root, "context_window", env=ENV) == 200000
    assert config_get(root, "git.create_tag", env=ENV) is True
    assert config_get(root, "workflow.agent_hint_routing", env=ENV) is True  # 1.11.0 (F1)
    assert config_get(root, "review.lm_studio_host", env=ENV) == "http://localhost:1234"
    assert config_get(root, "workflow.drift_threshold", env=ENV) == 3
    with pytest.raises(MsdError, match=r"^Key not found: mode\.sub$"):
        config_get(root, "mode.sub", env=ENV)
    with pytest.raises(MsdError, match=r"^Key not found: constructor$"):
        config_get(root, "constructor", env=ENV)
    with pytest.raises(MsdError, match=r"^Usage: config-get <key.path> \[--default <value>\]$"):
        config_get(root, "", env=ENV)


def test_config_get_without_file(tmp_path: Path) -> None:
    assert config_get(tmp_path, "context_window", env=ENV) == 200000
    assert config_get(tmp_path, "x", default="d", env=ENV) == "d"
    with pytest.raises(MsdError) as info:
        config_get(tmp_path, "mode", env=ENV)
    assert str(info.value) == f"No config.json found at {tmp_path / '.planning' / 'config.json'}"


def test_config_get_bad_file(root: Path) -> None:
    cfg(root).write_text("{bad", encoding="utf-8")
    with pytest.raises(MsdError, match=r"^Failed to read config\.json: "):
        config_get(root, "mode", env=ENV)


def test_config_get_masks_secrets(root: Path) -> None:
    cfg(root).write_text('{"brave_search": "BSA-abcdefgh1234", "jina": true}', encoding="utf-8")
    assert config_get(root, "brave_search", env=ENV) == "****1234"
    assert config_get(root, "jina", env=ENV) == "****"
    assert config_get(root, "exa_search", default="secret-default-9876", env=ENV) == "****9876"
    with pytest.raises(MsdError, match=r"^Key not found: firecrawl$"):
        config_get(root, "firecrawl", env=ENV)


# ── secrets (D3/D4) ─────────────────────────────────────────────────────────────────────────


def test_secret_booleans_without_keyring(root: Path) -> None:
    result = set_raw(root, "tavily_search", "true")
    assert result == {"updated": True, "key": "tavily_search", "value": "****", "masked": True}
    cfg(root).write_text('{"brave_search": "BSA-plaintext-9999"}', encoding="utf-8")
    result = set_raw(root, "brave_search", "false")
    assert result == {"updated": True, "key": "brave_search", "value": "****",
                      "previousValue": "****9999", "masked": True}
    assert data(root) == {"brave_search": False}


def test_secret_unset_masks_previous(root: Path) -> None:
    cfg(root).write_text('{"exa_search": "exa-key-abcd"}', encoding="utf-8")
    result = set_raw(root, "exa_search", "null")
    assert result == {"updated": True, "unset": True, "key": "exa_search", "value": None,
                      "previousValue": "****abcd", "masked": True}
    assert list(result) == ["updated", "unset", "key", "value", "previousValue", "masked"]
    assert data(root) == {}


@pytest.fixture
def no_keyring() -> Iterator[None]:
    """keyring's own "no backend" for the test (what a machine without a Secret Service
    gets), whatever keyring this session has."""
    import keyring
    from keyring.backends import fail

    saved = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        yield
    finally:
        keyring.set_keyring(saved)


@pytest.mark.usefixtures("no_keyring")
def test_secret_string_without_keyring_writes_nothing(root: Path) -> None:
    before = cfg(root).read_bytes()
    with pytest.raises(KeyringUnavailableError):
        set_raw(root, "brave_search", "BSA-secret-value-1234")
    assert cfg(root).read_bytes() == before


@pytest.mark.keyring
def test_secret_string_goes_to_keyring(root: Path) -> None:
    require_keyring()
    from msd_desktop.core.secrets import store as secrets

    try:
        result = set_raw(root, "firecrawl", "12345678")
        assert result == {"updated": True, "key": "firecrawl", "value": "****5678",
                          "masked": True}
        assert data(root)["firecrawl"] is True  # D4 sentinel, never the plaintext
        assert "12345678" not in cfg(root).read_text()
        assert secrets.reveal_secret("firecrawl", root=root) == "12345678"
        assert config_get(root, "firecrawl", env=ENV) == "****"
        unset = set_raw(root, "firecrawl", "null")
        assert unset["previousValue"] == "****"
        assert not secrets.has_secret("firecrawl", root=root)
    finally:
        secrets.delete_secret("firecrawl", root=root)
