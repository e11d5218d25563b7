"""The config schema as data: one :class:`KeySpec` per concrete key plus the dynamic key patterns.

Why: ``data/config-schema.json`` is the single source of truth for type, default, title,
description, choices, bounds, secret flag and settability (STYLE item 5). ``msd config-set``,
``msd schema``, the JSON Schema export and the window's generated form all read it through this
module, so they cannot disagree.

Each key's ``value_type`` is a :class:`~msd_desktop.core.config.value_types.ValueType` that
owns the conversions of its values (:mod:`~msd_desktop.core.config.value_types`). The key
families live in :mod:`~msd_desktop.core.config.key_patterns`, titles in
:mod:`~msd_desktop.core.config.key_titles`, the JSON Schema export in
:mod:`~msd_desktop.core.config.json_schema_export`; this module joins them into the lookups
every caller uses (``schema.get``, ``schema.value_type_for``, ``schema.is_settable`` …) and
re-exports the value types and patterns under their old names, since many callers say
``schema.IntegerType`` or ``schema.dynamic_patterns()``.

Which keys ``config-set`` accepts (spec §2.3 + Appendix B): every upstream central key, every
capability key, the runtime-state key ``workflow._auto_chain_active``, the dynamic patterns, and
for MSD also the seed-only keys (D8), ``context_profile`` (D7) and any
``review.models.<cli>`` (D8). Keys the seeds document but ``config-set`` refuses (``gates.*``,
``safety.*``, ``parallelization.<sub-key>``, ``audit.enabled``) are known (the form may edit them
through the file) but not *settable*; legacy names (``depth``, top-level ``sub_repos``,
``multiRepo``) are neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from msd_desktop.core.common.key_paths import parent_keys
from msd_desktop.core.common.record import ReadOnlyRecord
from msd_desktop.core.common.text import Text
from msd_desktop.core.config.key_patterns import (
    EFFORT_LEVELS,
    GRANULARITIES,
    REVIEW_MODELS_RE,
    TIER_ALIASES,
    DynamicPattern,
    PatternLeaf,
    Segment,
    dynamic_patterns,
    leaves_under,
    match_dynamic,
)
from msd_desktop.core.config.key_titles import distinct_titles, title_for
from msd_desktop.core.config.schema_data import raw_schema_data
from msd_desktop.core.config.value_types import (
    MISSING,
    AnyType,
    ArrayType,
    BooleanType,
    EnumType,
    IntegerType,
    NullType,
    NumberType,
    ObjectType,
    StringType,
    UnionType,
    ValueType,
    make_value_type,
)

__all__ = [
    "EFFORT_LEVELS",
    "GRANULARITIES",
    "MISSING",
    "SCHEMA",
    "TIER_ALIASES",
    "AnyType",
    "ArrayType",
    "BooleanType",
    "DynamicPattern",
    "EnumType",
    "IntegerType",
    "KeySpec",
    "NullType",
    "NumberType",
    "ObjectType",
    "PatternLeaf",
    "Segment",
    "StringType",
    "UnionType",
    "ValueType",
    "absent_means_enabled",
    "config_set_suggestion",
    "default_for",
    "distinct_titles",
    "dynamic_patterns",
    "get",
    "is_known",
    "is_secret",
    "is_settable",
    "keys_in_section",
    "leaves_under",
    "legacy_names",
    "listed_keys",
    "match_dynamic",
    "schema_entry",
    "sections",
    "title_for",
    "unknown_keys",
    "value_type_for",
]


# ── key specs ───────────────────────────────────────────────────────────────────────────────

# "upstream-1.11.0": central keys the reference release @opengsd/gsd-core@1.11.0 knows and the
# spec's schema (upstream commit 636ec92) lacks — added so msd agrees with the release (F1).
UPSTREAM_RELEASE_ORIGIN: Final = "upstream-1.11.0"
SETTABLE_ORIGINS: Final = frozenset(
    {"upstream-central", "upstream-capability", "upstream-runtime-state", "seed-only",
     UPSTREAM_RELEASE_ORIGIN}
)
# Free-text keys whose raw CLI string is stored verbatim (spec §2.4 step 6 for project_code;
# for the other plain-string keys MSD does the same so `git.base_branch 2024` stays "2024").
# Capability string keys keep upstream's check ("Must be a string.").
_UPSTREAM_ERROR_IGNORED: Final = frozenset({"context"})  # D7: `context` is free text


class KeySpec(ReadOnlyRecord):
    """One concrete config key (fields as in ``data/config-schema.json``, plus derived ones).

    Read-only (assigning raises ``AttributeError``); compared by identity. A plain class, not
    a dataclass: see :class:`~msd_desktop.core.common.record.ReadOnlyRecord` (one per key of
    the data file, built at import).
    """

    __slots__ = ("absent_means", "capability", "config_set_error", "config_set_validation",
                 "default", "description", "enum", "key", "msd_decision", "note", "origin",
                 "secret", "section", "settable", "storage", "title", "type",
                 "upstream_default", "value_type")
    __match_args__ = ("key", "type", "enum", "default", "section", "secret", "origin",
                      "description", "absent_means", "capability", "config_set_validation",
                      "config_set_error", "upstream_default", "note", "msd_decision", "storage",
                      "value_type", "title", "settable")

    key: str
    type: str
    enum: tuple[Any, ...] | None
    default: Any
    section: str
    secret: bool
    origin: str
    description: str
    absent_means: str | None
    capability: str | None
    config_set_validation: str | None
    config_set_error: str | None
    upstream_default: Any
    note: str | None
    msd_decision: str | None
    storage: str | None
    value_type: ValueType
    title: str
    settable: bool

    def __init__(
        self, key: str, type: str, enum: tuple[Any, ...] | None, default: Any, section: str,
        secret: bool, origin: str, description: str, absent_means: str | None = None,
        capability: str | None = None, config_set_validation: str | None = None,
        config_set_error: str | None = None, upstream_default: Any = MISSING,
        note: str | None = None, msd_decision: str | None = None, storage: str | None = None,
        value_type: ValueType | None = None, title: str = "", settable: bool = False,
    ) -> None:
        init = object.__setattr__
        init(self, "key", key)
        init(self, "type", type)
        init(self, "enum", enum)
        init(self, "default", default)
        init(self, "section", section)
        init(self, "secret", secret)
        init(self, "origin", origin)
        init(self, "description", description)
        init(self, "absent_means", absent_means)
        init(self, "capability", capability)
        init(self, "config_set_validation", config_set_validation)
        init(self, "config_set_error", config_set_error)
        init(self, "upstream_default", upstream_default)
        init(self, "note", note)
        init(self, "msd_decision", msd_decision)
        init(self, "storage", storage)
        init(self, "value_type", AnyType() if value_type is None else value_type)
        init(self, "title", title)
        init(self, "settable", settable)

    @property
    def options(self) -> tuple[Any, ...] | None:
        """The enum choices for a combo box, or ``None``."""
        vt = self.value_type
        return vt.options if isinstance(vt, EnumType) else None

    @property
    def minimum(self) -> int | None:
        vt = self.value_type
        return vt.minimum if isinstance(vt, IntegerType) else None

    @property
    def maximum(self) -> int | None:
        vt = self.value_type
        return vt.maximum if isinstance(vt, IntegerType) else None

    @property
    def widget(self) -> str:
        return self.value_type.widget

    def error(self, raw: str) -> str:
        """The refusal text for a raw input outside the domain (upstream wording, D2)."""
        generated = Text.of("Invalid {key} '{raw}'. {expectation}", key=self.key, raw=raw,
                            expectation=self.value_type.expectation())
        if not self.config_set_error or self.key in _UPSTREAM_ERROR_IGNORED:
            return generated
        text = self.config_set_error.replace("<raw>", raw)
        if text == generated:
            return generated
        # upstream lists some enum values in its own order: same words, other order
        head = f"Invalid {self.key} '<raw>'. Valid values: "
        if self.config_set_error.startswith(head):
            values = self.config_set_error[len(head):]
            return Text.of("Invalid {key} '{raw}'. {expectation}", key=self.key, raw=raw,
                           expectation=Text.of("Valid values: {values}", values=values))
        return text

    def as_dict(self) -> dict[str, Any]:
        """The JSON-able entry ``msd schema`` prints."""
        out: dict[str, Any] = {
            "key": self.key,
            "title": self.title,
            "type": self.type,
            "enum": list(self.enum) if self.enum is not None else None,
            "default": self.default,
            "section": self.section,
            "description": self.description,
            "secret": self.secret,
            "settable": self.settable,
            "origin": self.origin,
            "widget": self.widget,
        }
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        for name in ("absent_means", "capability", "note", "msd_decision", "storage"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.upstream_default is not MISSING:
            out["upstream_default"] = self.upstream_default
        return out


def _build_spec(entry: Mapping[str, Any], title: str | None = None) -> KeySpec:
    key = str(entry["key"])
    type_name = str(entry["type"])
    enum = entry.get("enum")
    literal = (
        key == "project_code"
        or bool(entry.get("secret"))
        or (
            type_name in ("string", "string|null")
            and not entry.get("capability")
            and not REVIEW_MODELS_RE.match(key)  # like their capability siblings
        )
    )
    value_type = make_value_type(key, type_name, enum, literal=literal)
    settable = (
        entry["origin"] in SETTABLE_ORIGINS
        or key == "context_profile"  # D7
        or bool(REVIEW_MODELS_RE.match(key))  # D8
    )
    return KeySpec(
        key=key,
        type=type_name,
        enum=tuple(enum) if enum is not None else None,
        default=entry.get("default"),
        section=str(entry["section"]),
        secret=bool(entry.get("secret")),
        origin=str(entry["origin"]),
        description=str(entry.get("description") or ""),
        absent_means=entry.get("absent_means"),
        capability=entry.get("capability"),
        config_set_validation=entry.get("config_set_validation"),
        config_set_error=entry.get("config_set_error"),
        upstream_default=entry.get("upstream_default", MISSING),
        note=entry.get("note"),
        msd_decision=entry.get("msd_decision"),
        storage=entry.get("storage"),
        value_type=value_type,
        title=title if title is not None else title_for(key),
        settable=settable,
    )


_TITLES: Final = distinct_titles(
    [(str(e["key"]), str(e["section"])) for e in raw_schema_data()["keys"]]
)

SCHEMA: Final[dict[str, KeySpec]] = {
    str(e["key"]): _build_spec(e, _TITLES[str(e["key"])]) for e in raw_schema_data()["keys"]
}
"""Every concrete key, in the data file's order."""

_SECTION_ORDER: Final = (
    "core", "context_profile", "model", "workflow", "planning", "git", "parallelization",
    "gates", "safety", "security", "review", "ship", "integrations", "statusline", "hooks",
    "effort", "fast_mode", "features", "planner", "executor", "code_quality", "plan_review",
    "graphify", "manager", "agent_skills", "audit", "capabilities", "claude_orchestration",
    "external_job", "mempalace",
)


def get(key: str) -> KeySpec | None:
    """The spec of a concrete key (not a dynamic pattern), or ``None``."""
    return SCHEMA.get(key)


def sections() -> list[str]:
    """Section names: everyday ones first (core, model, workflow, …), then the rest."""
    present = list(dict.fromkeys(s.section for s in SCHEMA.values()))
    ordered = [s for s in _SECTION_ORDER if s in present]
    return ordered + [s for s in present if s not in ordered]


def keys_in_section(section: str) -> list[KeySpec]:
    """The specs of one section, in schema order."""
    return [s for s in SCHEMA.values() if s.section == section]


def value_type_for(key: str) -> ValueType | None:
    """The value type of a concrete or dynamic key; ``None`` for an unknown key."""
    spec = SCHEMA.get(key)
    if spec is not None:
        return spec.value_type
    pattern = match_dynamic(key)
    return pattern.value_type_for(key) if pattern else None


# ── lookups ─────────────────────────────────────────────────────────────────────────────────

# Names that are read (aliases, §2.1/§2.5) or migrated but never set through config-set.
_READ_ALIASES: Final = (
    "depth", "branching_strategy", "sub_repos", "multiRepo", "search_gitignored", "commit_docs",
    "plan_checker", "research", "verifier", "nyquist_validation", "post_planning_gaps",
    "text_mode", "auto_advance", "mvp_mode", "subagent_timeout", "phase_branch_template",
    "milestone_branch_template", "quick_branch_template",
)


def legacy_names() -> tuple[str, ...]:
    """Top-level legacy/alias names a config may hold (kept, read or migrated; spec §2.1, §2.5)."""
    return _READ_ALIASES


def is_known(key: str) -> bool:
    """A concrete schema key or a key matching a dynamic pattern (settable or not)."""
    return key in SCHEMA or match_dynamic(key) is not None


def is_settable(key: str) -> bool:
    """Whether ``config-set`` accepts the key (spec §2.3, §2.4 step 3, Appendix B D7/D8)."""
    spec = SCHEMA.get(key)
    if spec is not None:
        return spec.settable
    return match_dynamic(key) is not None


def listed_keys() -> list[str]:
    """The keys named in the unknown-key error: central + seed-only + D7, sorted (JS order)."""
    names = [
        s.key for s in SCHEMA.values()
        if s.origin in ("upstream-central", UPSTREAM_RELEASE_ORIGIN, "seed-only")
        or s.key == "context_profile"
    ]
    return sorted(names, key=lambda k: k.encode("utf-16-be"))


def config_set_suggestion(key: str) -> str | None:
    """The "Did you mean" target for a known wrong key (spec §2.4 step 2), else ``None``."""
    table: dict[str, str] = raw_schema_data()["config_set_key_suggestions"]
    return table.get(key)


def is_secret(key: str) -> bool:
    """D3: all seven API-key fields are secrets."""
    spec = SCHEMA.get(key)
    return bool(spec and spec.secret)


def absent_means_enabled(key: str) -> bool:
    """Workflow toggles treated as ``true`` when missing (spec §2.2)."""
    spec = SCHEMA.get(key)
    return bool(spec and spec.absent_means == "enabled")


# Upstream config-get SCHEMA_DEFAULTS (spec §2.2 item 4), before capability defaults.
_CONFIG_GET_DEFAULTS: Final[dict[str, Any]] = {
    "context_window": 200000,
    "executor.stall_detect_interval_minutes": 5,
    "executor.stall_threshold_minutes": 10,
    "planner.stall_detect_interval_minutes": 5,
    "planner.stall_threshold_minutes": 10,
    "git.create_tag": True,
    "workflow.agent_hint_routing": True,  # upstream-1.11.0 (F1)
    "workflow.smart_zone_tokens": 100000,
}


def default_for(key: str) -> Any:
    """The "effective default" of §2.2 item 4 (what config-get falls back to), else ``None``.

    Only the fixed config-get defaults and capability keys have one (never ``null``, so ``None``
    unambiguously means "none"); every other key's ``KeySpec.default`` is what the form shows,
    not a config-get answer.
    """
    if key in _CONFIG_GET_DEFAULTS:
        return _CONFIG_GET_DEFAULTS[key]
    spec = SCHEMA.get(key)
    if spec is not None and spec.capability:
        return spec.default
    return None


def schema_entry(key: str) -> dict[str, Any] | None:
    """``msd schema KEY``: the concrete key's entry, or the pattern entry it matches."""
    spec = SCHEMA.get(key)
    if spec is not None:
        return spec.as_dict()
    pattern = match_dynamic(key)
    if pattern is None:
        return None
    leaf = pattern.leaf_for(key)
    vt = pattern.value_type_for(key)
    out: dict[str, Any] = {
        "key": key,
        "title": title_for(key),
        "type": vt.name,
        "enum": list(vt.options) if isinstance(vt, EnumType) else None,
        "description": leaf.description if leaf else pattern.description,
        "secret": False,
        "settable": True,
        "widget": vt.widget,
        "pattern": pattern.regex,
        "shape": pattern.shape,
    }
    if isinstance(vt, IntegerType) and vt.minimum is not None:
        out["minimum"] = vt.minimum
    return out


# ── unknown keys ────────────────────────────────────────────────────────────────────────────


@cache
def _parents() -> frozenset[str]:
    """Every proper dotted prefix of a concrete key or of a pattern's literal head."""
    out: set[str] = set()
    for key in SCHEMA:
        out.update(parent_keys(key))
    for pattern in dynamic_patterns():
        for leaf in pattern.leaves:
            lits: list[str] = []
            for kind, value in leaf.segments[:-1]:
                if kind != "lit":
                    break
                lits.append(value)
                out.add(".".join(lits))
    return frozenset(out)


def unknown_keys(config: Mapping[str, Any]) -> list[str]:
    """Dotted leaf paths of a config that MSD does not know (they are listed and kept).

    Known: concrete keys, pattern matches, parents of either (whatever they hold) and legacy
    names at top level. Free-form objects (``type: object``) are not descended into.
    """
    parents = _parents()
    found: list[str] = []

    def walk(node: Mapping[str, Any], prefix: str) -> None:
        for name, value in node.items():
            path = f"{prefix}{name}"
            if not prefix and name in _READ_ALIASES:
                continue
            spec = SCHEMA.get(path)
            is_parent = path in parents
            matched = match_dynamic(path) is not None
            if isinstance(value, dict) and value:
                if matched or (spec is not None and (spec.type == "object" or not is_parent)):
                    continue  # a known key holding an object: its content is its own business
                walk(value, path + ".")
                continue
            if spec is not None or is_parent or matched:
                continue
            found.append(path)

    walk(config, "")
    return found
