"""Hypothesis strategies for the differential tests (msd vs upstream gsd-tools 1.11.0).

Configs are generated in **msd naming** (``msd-*`` agent ids, ``~/.msd/``, ``MSD_*``) and
translated to gsd naming by :func:`to_gsd` for the upstream side. They deliberately exercise
every precedence layer of spec §5/§6 with valid, near-valid and junk values at every level:
``model_overrides``, ``model_profile``, ``models.<phase_type>``, ``runtime``,
``resolve_model_ids``, ``model_policy`` (presets, budgets, generic keys, ``runtime_tiers``),
``model_profile_overrides``, ``dynamic_routing``, ``effort``, ``fast_mode``, ``MSD_RUNTIME``,
global defaults with and without ``.planning/``, workstreams and broken files.

A generated :class:`Project` is pure data; :func:`materialize` writes it to disk for one tool.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tests.schema_facts import msd_only_settable

REPO_ROOT = Path(__file__).resolve().parents[2]
_CORE = REPO_ROOT / "msd_desktop" / "core"
CATALOG: dict[str, Any] = json.loads(
    (_CORE / "models/data/model-catalog.json").read_text(encoding="utf-8")
)
SCHEMA: dict[str, Any] = json.loads(
    (_CORE / "config/data/config-schema.json").read_text(encoding="utf-8")
)

AGENTS: list[str] = list(CATALOG["agents"])
UNKNOWN_AGENTS: list[str] = ["msd-custom-agent", "toString"]
ALL_AGENTS: list[str] = AGENTS + UNKNOWN_AGENTS
PROFILES = ["quality", "balanced", "budget", "adaptive", "inherit"]
TIERS = ["opus", "sonnet", "haiku"]
PHASE_TYPES = list(CATALOG["phase_types"])
ROUTING_TIERS = ["light", "standard", "heavy"]
EFFORTS = list(CATALOG["efforts"])
KNOWN_RUNTIMES = list(CATALOG["known_runtimes"])
KNOWN_PROVIDERS = list(CATALOG["known_providers"])
CLAUDE_IDS = ["claude-opus-4-8", "claude-sonnet-5", "claude-haiku-4-5", "claude-fable-5"]
UNMAPPABLE_CLAUDE = ["claude-opus-4-5", "claude-3-haiku", "claude-" + "x" * 70]
OTHER_MODELS = ["openai/gpt-5", "Claude-Sonnet-5", "my-custom-model", "gpt-5.6-sol", "OPUS"]
MODEL_STRINGS = [
    *CLAUDE_IDS,
    *UNMAPPABLE_CLAUDE[:2],
    "gpt-5.6-sol",
    "openai/gpt-5",
    "gemini-3-pro",
    "opus",
    "fable",
    "sonnet",
    "inherit",
]
RUNTIME_VARIANTS = [
    "claude-code",
    "codex-cli",
    "Codex",
    "CLAUDE",
    "open-code",
    "kimi_code",
    " codex",
    "foo",
    "api",
    "",
]
RUNTIME_ENV_VARIANTS = [
    "claude",
    "codex",
    "Claude Code",
    "claude_code",
    " CODEX ",
    "opencode",
    "foo",
    "",
]

# --------------------------------------------------------------------------- junk values

_scalar_junk = st.sampled_from([None, True, False, 0, 1, -1, 1.5, 2, "", "x", "null"])
junk: st.SearchStrategy[Any] = st.one_of(
    _scalar_junk,
    st.just([]),
    st.just({}),
    st.lists(st.sampled_from(["opus", "quality", "x", 1]), min_size=1, max_size=2),
    st.dictionaries(st.sampled_from(["a", "model", "opus"]), _scalar_junk, min_size=1, max_size=2),
)


def maybe_junk(valid: st.SearchStrategy[Any], junk_weight: int = 1) -> st.SearchStrategy[Any]:
    """``valid`` most of the time, sometimes a value of the wrong type."""
    return st.one_of(*([valid] * 4), *([junk] * junk_weight))


def agent_keyed(values: st.SearchStrategy[Any], max_size: int = 5) -> st.SearchStrategy[Any]:
    return st.dictionaries(st.sampled_from(ALL_AGENTS), values, max_size=max_size)


# --------------------------------------------------------------------------- layers

override_values = st.one_of(
    st.sampled_from([*TIERS, "fable", "inherit"]),
    st.sampled_from(CLAUDE_IDS),
    st.sampled_from(UNMAPPABLE_CLAUDE),
    st.sampled_from(OTHER_MODELS),
    st.just(""),
    junk,
)
model_overrides = maybe_junk(agent_keyed(override_values, max_size=8))

model_profile = st.one_of(
    st.sampled_from(PROFILES),
    st.sampled_from(PROFILES),
    st.sampled_from(["QUALITY", "Budget", "turbo", "", " quality", "constructor", "__proto__"]),
    st.sampled_from([["quality"], ["budget"], 5, True, None, {"a": 1}]),
)

tier_values = st.one_of(
    st.sampled_from([*TIERS, "inherit"]),
    st.sampled_from(["Opus", "claude-opus-4-8", "fast", "", "fable"]),
    junk,
)
models = maybe_junk(st.fixed_dictionaries({}, optional={pt: tier_values for pt in PHASE_TYPES}))

runtime = st.one_of(st.sampled_from(KNOWN_RUNTIMES), st.sampled_from(RUNTIME_VARIANTS), junk)

resolve_model_ids = st.sampled_from([True, "true", "omit", False, "OMIT", 1, None, "Omit"])

model_strings = st.sampled_from(MODEL_STRINGS)
tier_entry = st.one_of(
    model_strings,
    st.fixed_dictionaries(
        {},
        optional={
            "model": st.one_of(model_strings, st.just(""), junk),
            "reasoning_effort": st.sampled_from(["low", "high", "", "xhigh"]),
        },
    ),
    junk,
)
tier_map = st.fixed_dictionaries({}, optional={t: tier_entry for t in [*TIERS, "inherit"]})
runtime_keyed_tiers = maybe_junk(
    st.dictionaries(
        st.sampled_from(["claude", "codex", "opencode", "kilo", "cline", "Codex", "foo"]),
        maybe_junk(tier_map),
        max_size=3,
    )
)

model_policy = maybe_junk(
    st.fixed_dictionaries(
        {},
        optional={
            "provider": st.one_of(
                st.sampled_from([*KNOWN_PROVIDERS, "generic", "custom"]),
                st.sampled_from(["azure", "", "Anthropic"]),
                junk,
            ),
            "budget": st.one_of(st.sampled_from(["low", "medium", "high", "ultra", ""]), junk),
            "high": st.one_of(model_strings, st.just(""), junk),
            "medium": st.one_of(model_strings, st.just(""), junk),
            "low": st.one_of(model_strings, st.just(""), junk),
            "runtime_tiers": runtime_keyed_tiers,
            "runtime": st.sampled_from(["codex", "claude"]),
        },
    )
)

model_profile_overrides = runtime_keyed_tiers

dynamic_routing = maybe_junk(
    st.fixed_dictionaries(
        {},
        optional={
            "enabled": st.sampled_from([True, True, True, False, "true", 1, None]),
            "escalate_on_failure": st.sampled_from([True, False, "false", 0, None]),
            "max_escalations": st.sampled_from([0, 1, 2, 3, 5, -1, 1.5, "2", None, True]),
            "tier_models": maybe_junk(
                st.fixed_dictionaries(
                    {},
                    optional={
                        t: st.one_of(model_strings, st.just(""), junk) for t in ROUTING_TIERS
                    },
                )
            ),
            "provider_escalation": maybe_junk(
                st.lists(st.one_of(model_strings, st.sampled_from(["", "  "]), junk), max_size=4)
            ),
        },
    )
)

effort_values = st.one_of(
    st.sampled_from(EFFORTS),
    st.just("inherit"),
    st.sampled_from(["HIGH", "ultra", ""]),
    junk,
)
effort = maybe_junk(
    st.fixed_dictionaries(
        {},
        optional={
            "agent_overrides": maybe_junk(agent_keyed(effort_values)),
            "routing_tier_defaults": maybe_junk(
                st.fixed_dictionaries({}, optional={t: effort_values for t in ROUTING_TIERS})
            ),
            "default": effort_values,
        },
    )
)

fm_values = st.sampled_from([True, False, "true", "false", 1, 0, None])
fast_mode = maybe_junk(
    st.fixed_dictionaries(
        {},
        optional={
            "agent_overrides": maybe_junk(agent_keyed(fm_values)),
            "routing_tier_defaults": maybe_junk(
                st.fixed_dictionaries({}, optional={t: fm_values for t in ROUTING_TIERS})
            ),
            "enabled": fm_values,
        },
    )
)

extra_keys = st.fixed_dictionaries(
    {},
    optional={
        "granularity": st.sampled_from(["coarse", "fine", 3]),
        "mode": st.sampled_from(["yolo", "interactive"]),
        "unknown_top_level": junk,
        "workflow": st.just({"research": False}),
    },
)

LAYERS: dict[str, st.SearchStrategy[Any]] = {
    "model_overrides": model_overrides,
    "model_profile": model_profile,
    "models": models,
    "runtime": runtime,
    "resolve_model_ids": resolve_model_ids,
    "model_policy": model_policy,
    "model_profile_overrides": model_profile_overrides,
    "dynamic_routing": dynamic_routing,
    "effort": effort,
    "fast_mode": fast_mode,
}


@st.composite
def configs(draw: st.DrawFn, *, small: bool = False) -> dict[str, Any]:
    """A config object touching a random subset of the resolution layers."""
    out: dict[str, Any] = draw(st.fixed_dictionaries({}, optional=LAYERS))
    if small and len(out) > 3:
        out = dict(list(out.items())[:3])
    if not small and draw(st.integers(0, 5)) == 0:
        out.update(draw(extra_keys))
    return out


BROKEN_TEXTS = ["{", '{"model_profile": "quality",}', "[]", "null", "0", '"quality"', ""]


@st.composite
def config_file(draw: st.DrawFn, *, small: bool = False) -> Any:
    """What goes into a config file: a config object (mostly), ``{}``, or broken text."""
    kind = draw(st.sampled_from(["obj"] * 12 + ["empty", "broken"]))
    if kind == "empty":
        return {}
    if kind == "broken":
        return RawText(draw(st.sampled_from(BROKEN_TEXTS)))
    return draw(configs(small=small))


@dataclass(frozen=True)
class RawText:
    """File content written verbatim (malformed JSON, non-object JSON)."""

    text: str


@dataclass
class Project:
    """A project and its surroundings, independent of which tool reads it."""

    planning: str = "config"  # "absent" | "dir" | "config"
    config: Any = None  # object or RawText (when planning == "config")
    workstream: str | None = None
    ws_config: Any = None  # object, RawText or None (no file)
    ws_via: str = "env"  # "env" | "pointer"
    global_defaults: Any = None  # None (absent), object or RawText
    alt_home: bool = False  # defaults under $MSD_HOME / $GSD_HOME instead of $HOME
    runtime_env: str | None = None  # MSD_RUNTIME / GSD_RUNTIME
    extra: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        return json.dumps(
            {
                "planning": self.planning,
                "config": _show(self.config),
                "workstream": self.workstream,
                "ws_config": _show(self.ws_config),
                "ws_via": self.ws_via,
                "global_defaults": _show(self.global_defaults),
                "alt_home": self.alt_home,
                "runtime_env": self.runtime_env,
            },
            ensure_ascii=False,
        )


def _show(v: Any) -> Any:
    return {"raw_text": v.text} if isinstance(v, RawText) else v


@st.composite
def projects(draw: st.DrawFn) -> Project:
    planning = draw(st.sampled_from(["config"] * 8 + ["dir", "absent"]))
    p = Project(planning=planning)
    if planning == "config":
        p.config = draw(config_file())
    if planning != "absent" and draw(st.integers(0, 9)) == 0:
        p.workstream = "ws1"
        p.ws_config = draw(st.one_of(st.none(), config_file(small=True)))
        p.ws_via = draw(st.sampled_from(["env", "pointer"]))
    # Global defaults: mostly absent when a project config exists (they are ignored then,
    # except model_overrides under D1), often present without .planning/.
    gd_chance = 3 if planning == "config" else 6
    if draw(st.integers(0, 9)) < gd_chance:
        p.global_defaults = draw(
            st.one_of(
                configs(small=True),
                configs(small=True),
                # D1 material: global per-agent overrides, often for agents the project
                # overrides too (project wins) and for agents it does not (global applies).
                st.builds(
                    lambda mo, rest: {**rest, "model_overrides": mo},
                    agent_keyed(override_values, max_size=6),
                    configs(small=True),
                ),
                st.builds(
                    lambda mo: {"model_overrides": mo}, agent_keyed(override_values, max_size=12)
                ),
                st.builds(lambda mo: {"model_overrides": mo}, model_overrides),
                st.sampled_from([RawText("{"), RawText("[]")]),
            )
        )
        p.alt_home = draw(st.integers(0, 4)) == 0
    if draw(st.integers(0, 3)) == 0:
        p.runtime_env = draw(st.sampled_from(RUNTIME_ENV_VARIANTS))
    return p


# --------------------------------------------------------------------------- naming


def to_gsd(obj: Any) -> Any:
    """Rename msd → gsd inside a config: every object key ``msd-<x>`` becomes ``gsd-<x>``."""
    if isinstance(obj, RawText):
        return obj
    if isinstance(obj, dict):
        return {
            ("gsd-" + k[4:] if isinstance(k, str) and k.startswith("msd-") else k): to_gsd(v)
            for k, v in obj.items()
        }
    if isinstance(obj, list):
        return [to_gsd(v) for v in obj]
    return obj


def agent_to_gsd(name: str) -> str:
    return "gsd-" + name[4:] if name.startswith("msd-") else name


def key_to_gsd(key: str) -> str:
    """A dotted config key in msd naming → gsd naming (agent-id segments only)."""
    return ".".join(agent_to_gsd(seg) for seg in key.split("."))


def text_to_msd(text: str) -> str:
    """Upstream user-facing text → msd naming (spec naming map)."""
    return (
        text.replace("gsd-tools", "msd-tools")
        .replace("gsd-", "msd-")
        .replace("~/.gsd/", "~/.msd/")
        .replace("/.gsd/", "/.msd/")
        .replace("GSD_", "MSD_")
        .replace(".gsd-runtime", ".msd-runtime")
    )


# --------------------------------------------------------------------------- on disk


def _dump(value: Any) -> str:
    if isinstance(value, RawText):
        return value.text
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def materialize(
    project: Project, root: Path, flavor: str, base_env: dict[str, str]
) -> tuple[Path, dict[str, str]]:
    """Write ``project`` under ``root/<flavor>`` for ``flavor`` ∈ {"msd", "gsd"}.

    Returns the project dir and the environment the tool must run with (HOME etc. pointing
    into ``root``; no variables of the developer's own environment that could leak config).
    """
    gsd = flavor == "gsd"
    conv = to_gsd if gsd else (lambda x: x)
    prefix = "GSD" if gsd else "MSD"
    dot = ".gsd" if gsd else ".msd"
    base = root / flavor
    home = base / "home"
    proj = base / "proj"
    home.mkdir(parents=True, exist_ok=True)
    proj.mkdir(parents=True, exist_ok=True)
    env = dict(base_env)
    env["HOME"] = str(home)
    if not gsd:
        env["XDG_CONFIG_HOME"] = str(home / ".config")
        env["XDG_DATA_HOME"] = str(home / ".local" / "share")
        env["XDG_STATE_HOME"] = str(home / ".local" / "state")
        env["XDG_CACHE_HOME"] = str(home / ".cache")
    if project.global_defaults is not None:
        gd_home = home
        if project.alt_home:
            gd_home = base / "althome"
            env[f"{prefix}_HOME"] = str(gd_home)
        (gd_home / dot).mkdir(parents=True, exist_ok=True)
        (gd_home / dot / "defaults.json").write_text(
            _dump(conv(project.global_defaults)), encoding="utf-8"
        )
    if project.planning != "absent":
        planning = proj / ".planning"
        planning.mkdir()
        if project.planning == "config":
            (planning / "config.json").write_text(_dump(conv(project.config)), encoding="utf-8")
        if project.workstream:
            ws_dir = planning / "workstreams" / project.workstream
            ws_dir.mkdir(parents=True)
            if project.ws_config is not None:
                (ws_dir / "config.json").write_text(
                    _dump(conv(project.ws_config)), encoding="utf-8"
                )
            if project.ws_via == "env":
                env[f"{prefix}_WORKSTREAM"] = project.workstream
            else:
                (planning / "active-workstream").write_text(
                    project.workstream + "\n", encoding="utf-8"
                )
    if project.runtime_env is not None:
        env[f"{prefix}_RUNTIME"] = project.runtime_env
    return proj, env


# --------------------------------------------------------------------------- execution flags

attempt_raw = st.sampled_from(
    ["0", "1", "2", "3", "7", "-1", "1.5", "2abc", "+2", " 3", "-0", "03", "x"]
)
effort_flag = st.sampled_from([*EFFORTS, "inherit", "ultra", "HIGH"])
fast_mode_flag = st.sampled_from(["true", "false", "true", "false", "yes", "1"])
failure_class = st.sampled_from(
    ["quota-exceeded", "quota-exceeded", "classify-handoff-bug", "unknown-failure", "bogus"]
)
hosts = st.sampled_from(["claude", "codex", "opencode", "cursor", "api", "nope"])


@st.composite
def execution_flags(draw: st.DrawFn) -> list[str]:
    """resolve-execution flags (after the agent), each present with some probability."""
    flags: list[str] = []
    if draw(st.integers(0, 3)) == 0:
        flags += ["--effort", draw(effort_flag)]
    if draw(st.integers(0, 3)) == 0:
        flags += ["--fast-mode", draw(fast_mode_flag)]
    if draw(st.integers(0, 1)) == 0:
        flags += ["--attempt", draw(attempt_raw)]
    if draw(st.integers(0, 3)) == 0:
        flags += ["--failure-class", draw(failure_class)]
    if draw(st.integers(0, 3)) == 0:
        flags += ["--host", draw(hosts)]
    return flags


# --------------------------------------------------------------------------- config-set

LISTED_KEYS: list[str] = [k["key"] for k in SCHEMA["keys"]]
SUGGESTION_KEYS: list[str] = list(SCHEMA["config_set_key_suggestions"])
SECRET_KEYS = ["brave_search", "firecrawl", "exa_search"]
D3_KEYS = ["tavily_search", "ref_search", "perplexity", "jina"]
# D8: keys msd's config-set takes and upstream's refuses as unknown, read from the schema's
# origin field (context_profile is D7, its own deviation), and a review.models.<slug> no
# document names (msd takes any slug).
D8_EXTRA_KEYS = [
    *(k for k in msd_only_settable() if k != "context_profile"),
    "review.models.my-cli",
]
DYNAMIC_KEYS = [
    "agent_skills.msd-planner",
    "agent_skills.custom-x",
    "features.fast_path",
    "features.bad-name",
    "claude_md_assembly.blocks.intro",
    "model_profile_overrides.codex.opus",
    "model_profile_overrides.Foo.haiku",
    "model_profile_overrides.codex.inherit",
    "models.planning",
    "models.execution",
    "models.completion",
    "models.other",
    "granularities.research",
    "dynamic_routing.enabled",
    "dynamic_routing.escalate_on_failure",
    "dynamic_routing.max_escalations",
    "dynamic_routing.provider_escalation",
    "dynamic_routing.tier_models.heavy",
    "dynamic_routing.tier_models.ultra",
    "model_overrides.msd-planner",
    "model_overrides.msd-executor",
    "model_overrides.x_y",
    "effort.routing_tier_defaults.light",
    "effort.agent_overrides.msd-planner",
    "effort.default",
    "fast_mode.routing_tier_defaults.heavy",
    "fast_mode.agent_overrides.msd-verifier",
    "fast_mode.enabled",
    "review.reviewer_instances.mine.cli",
    "review.reviewer_instances.mine.model",
    "review.reviewer_instances.Bad_Name.agent",
    "review.reviewer_instances.codex.model",
    "model_policy.runtime_tiers.codex.sonnet",
    "model_policy.provider",
    "phase_commit_docs.3",
    "workflow.agent_hint_routing",
]
UNKNOWN_KEYS = [
    "nope",
    "workflow.nope",
    "depth",
    "multiRepo",
    "parallelization.enabled",
    "models",
    "model_profile_overrides.codex",
    "gates.confirm_plan",
    "audit.enabled",
    "context_profile",
    "safety.always_confirm_destructive",
    "review.models",
    "Model_profile",
    "model_profile.",
    ".model_profile",
    "a..b",
]
PROTO_KEYS = [
    "toString",
    "__proto__.x",
    "model_overrides.__proto__",
    "agent_skills.constructor",
    "features.prototype",
    "workflow.__proto__",
    "constructor",
    "__proto__",
    "effort.agent_overrides.__proto__",
]

config_set_keys = st.one_of(
    st.sampled_from(LISTED_KEYS),
    st.sampled_from(LISTED_KEYS),
    st.sampled_from(DYNAMIC_KEYS),
    st.sampled_from(DYNAMIC_KEYS),
    st.sampled_from(SUGGESTION_KEYS),
    st.sampled_from(UNKNOWN_KEYS),
    st.sampled_from(PROTO_KEYS),
    st.sampled_from(SECRET_KEYS + D3_KEYS),
    st.sampled_from(D8_EXTRA_KEYS),
)

RAW_VALUES = [
    "true",
    "false",
    "null",
    "TRUE",
    "False",
    "Null",
    "0",
    "1",
    "2",
    "3",
    "4",
    "-1",
    "-0",
    "7",
    " 7 ",
    "0x10",
    "0b101",
    "0o17",
    "-0x10",
    "1e6",
    "1e21",
    "1.5",
    ".5",
    "5.",
    "1_000",
    "Infinity",
    "-Infinity",
    "NaN",
    "",
    " ",
    "\t",
    "007",
    "+5",
    "9007199254740993",
    "100000",
    "200000",
    "quality",
    "balanced",
    "budget",
    "adaptive",
    "inherit",
    "Quality",
    "turbo",
    "opus",
    "sonnet",
    "haiku",
    "claude-opus-4-8",
    "gpt-5",
    "codex",
    "claude",
    "omit",
    "low",
    "medium",
    "high",
    "xhigh",
    "max",
    "minimal",
    "light",
    "dev",
    "research",
    "review",
    "warn",
    "auto-remap",
    "front",
    "end",
    "full",
    "compact",
    "phase",
    "repo",
    "strict",
    "grep",
    "lsp",
    "auto",
    "off",
    "mid-flight",
    "end-of-phase",
    "coarse",
    "standard",
    "fine",
    "yolo",
    "interactive",
    "sequential",
    "[]",
    "[1,2]",
    '["a","b"]',
    '["Codex","codex","gemini"]',
    '["bad slug"]',
    '["front"]',
    "{}",
    '{"a":1}',
    '{"enabled":false}',
    "[",
    "{bad",
    '{"__proto__":{"x":1}}',
    '[{"heading":"Risks","source":"PLAN.md ## Risks"}]',
    '[{"heading":"","template":"{phase_name}"}]',
    '[{"heading":"X","template":"{nope}"}]',
    '[{"heading":"X","bogus":1}]',
    "sk-abcdefgh12345678",
    "short",
    "ünïcödé-🔑-key-0001",
    "a=b",
    "--x",
]
config_set_values = st.one_of(
    st.sampled_from(RAW_VALUES),
    st.text(alphabet='abc01 .-x[]{}"', max_size=6),
)

start_configs = st.one_of(
    st.just(None),
    st.just({}),
    configs(small=True),
    st.fixed_dictionaries(
        {},
        optional={
            "workflow": maybe_junk(st.just({"research": True, "code_review_depth": "deep"})),
            "review": maybe_junk(st.just({"models": {"codex": "gpt-5"}})),
            "model_profile": st.just("quality"),
            "brave_search": st.sampled_from(["sk-old-secret-0001", "", True]),
            "tavily_search": st.just("tv-old-secret-0002"),
            "parallelization": st.sampled_from(
                [True, {"enabled": True, "max_concurrent_agents": 3}]
            ),
            "agent_skills": st.just({"msd-planner": ["x"]}),
            "context_window": st.just(200000),
            "context": st.just("dev"),
        },
    ),
)
