"""The dynamic key patterns (spec §2.3): families of keys such as ``models.<phase>`` or
``agent_skills.<agent>``, with the exact upstream regex, their shape and the type of each leaf.

Why a module: ``config-set`` validation, the unknown-key scan, the JSON Schema export and the
window's family editors (a table per pattern group) all read the same patterns; the form asks
:func:`leaves_under` which leaves a group holds instead of walking segments itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any, Final

from msd_desktop.core.common.record import FrozenRecord
from msd_desktop.core.config.schema_data import raw_schema_data
from msd_desktop.core.config.value_types import (
    AnyType,
    ArrayType,
    BooleanType,
    EnumType,
    IntegerType,
    ObjectType,
    StringType,
    UnionType,
    ValueType,
)

__all__ = [
    "EFFORT_LEVELS",
    "GRANULARITIES",
    "REVIEW_MODELS_RE",
    "TIER_ALIASES",
    "DynamicPattern",
    "PatternLeaf",
    "Segment",
    "dynamic_patterns",
    "leaves_under",
    "match_dynamic",
]

# D8: any ``review.models.<cli>`` is a key (the data file says it is no upstream pattern).
REVIEW_MODELS_RE: Final = re.compile(r"^review\.models\.[a-zA-Z0-9_-]+$")

Segment = tuple[str, Any]  # ("lit", "models") | ("enum", ("a", "b")) | ("re", "[a-z]+")

_PHASE_TYPES: Final = ("planning", "discuss", "research", "execution", "verification", "completion")
_TIERS: Final = ("opus", "sonnet", "haiku")
_ROUTING_TIERS: Final = ("light", "standard", "heavy")
EFFORT_LEVELS: Final = ("minimal", "low", "medium", "high", "xhigh", "max")
TIER_ALIASES: Final = ("opus", "sonnet", "haiku", "inherit")
GRANULARITIES: Final = ("coarse", "standard", "fine")
_SLUG = "[a-zA-Z0-9_-]+"
_WORD = "[a-zA-Z0-9_]+"


def _segments_regex(segments: Sequence[Segment]) -> str:
    parts = []
    for kind, value in segments:
        if kind == "lit":
            parts.append(re.escape(value))
        elif kind == "enum":
            parts.append("(" + "|".join(value) + ")")
        else:
            parts.append(value)
    return "^" + r"\.".join(parts) + "$"


class PatternLeaf(FrozenRecord):
    """One shape inside a dynamic pattern, with the type of its values."""

    __slots__ = ("description", "segments", "value_type")
    __match_args__ = ("segments", "value_type", "description")
    segments: tuple[Segment, ...]
    value_type: ValueType
    description: str

    def __init__(self, segments: tuple[Segment, ...], value_type: ValueType,
                 description: str) -> None:
        init = object.__setattr__
        init(self, "segments", segments)
        init(self, "value_type", value_type)
        init(self, "description", description)

    @property
    def regex(self) -> re.Pattern[str]:
        return re.compile(_segments_regex(self.segments))


def _literal_prefix(regex: str) -> str:
    """The text every match of an anchored ``regex`` starts with (``""`` when unsure).

    Why: :func:`match_dynamic` runs for every key of a config file the form opens; testing a
    prefix first means only a pattern that can match is ever compiled (compiling all of them
    was a visible part of opening the Settings tab). A top-level ``|`` makes it unsure.
    """
    if not regex.startswith("^"):
        return ""
    depth, i = 0, 0
    while i < len(regex):
        char = regex[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":  # a character class: its | and ( are literal
            i += 1
            if regex[i:i + 1] == "^":
                i += 1
            if regex[i:i + 1] == "]":
                i += 1
            while i < len(regex) and regex[i] != "]":
                i += 2 if regex[i] == "\\" else 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            return ""
        i += 1
    out: list[str] = []
    i = 1
    while i < len(regex):
        char = regex[i]
        if char == "\\" and regex[i + 1:i + 2] == ".":
            out.append(".")
            i += 2
        elif char.isalnum() or char in "_-":
            out.append(char)
            i += 1
        else:
            break
    else:
        return ""  # nothing but literals: no shortcut needed
    if regex[i] in "?*{" and out:
        out.pop()  # the last literal is optional or repeated
    return "".join(out)


class DynamicPattern(FrozenRecord):
    """A family of keys (spec §2.3): the exact upstream regex, its shape and its leaves."""

    __slots__ = ("_prefix", "leaves", "msd_decision", "regex", "shape", "top_level")
    __match_args__ = ("regex", "shape", "top_level", "leaves", "msd_decision")
    regex: str
    shape: str
    top_level: str
    leaves: tuple[PatternLeaf, ...]
    msd_decision: str | None
    _prefix: str

    def __init__(self, regex: str, shape: str, top_level: str, leaves: tuple[PatternLeaf, ...],
                 msd_decision: str | None = None) -> None:
        init = object.__setattr__
        init(self, "regex", regex)
        init(self, "shape", shape)
        init(self, "top_level", top_level)
        init(self, "leaves", leaves)
        init(self, "msd_decision", msd_decision)
        init(self, "_prefix", _literal_prefix(regex))

    def matches(self, key: str) -> bool:
        # fullmatch: Python's `$` also matches before a final newline, JS's does not.
        return key.startswith(self._prefix) and re.fullmatch(self.regex, key) is not None

    def leaf_for(self, key: str) -> PatternLeaf | None:
        for leaf in self.leaves:
            if leaf.regex.fullmatch(key):
                return leaf
        return None

    def value_type_for(self, key: str) -> ValueType:
        leaf = self.leaf_for(key)
        return leaf.value_type if leaf else AnyType()

    @property
    def description(self) -> str:
        return self.leaves[0].description if self.leaves else ""

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"pattern": self.regex, "shape": self.shape,
                               "top_level": self.top_level}
        out["leaves"] = [
            {"pattern": leaf.regex.pattern, "type": leaf.value_type.name,
             "description": leaf.description}
            | ({"enum": list(leaf.value_type.options)}
               if isinstance(leaf.value_type, EnumType) else {})
            for leaf in self.leaves
        ]
        if self.msd_decision:
            out["msd_decision"] = self.msd_decision
        return out


def _leaf(segments: Sequence[Segment], value_type: ValueType, description: str) -> PatternLeaf:
    return PatternLeaf(tuple(segments), value_type, description)


# Values of dynamic keys: typed where the spec fixes the domain (D2: tier aliases for models.*,
# effort levels, fast_mode booleans, …); passed through where upstream stores anything opaque.
_LEAVES: Final[dict[str, tuple[PatternLeaf, ...]]] = {
    r"^agent_skills\.[a-zA-Z0-9_-]+$": (
        _leaf([("lit", "agent_skills"), ("re", _SLUG)], AnyType(),
              "skills injected into the named agent's prompt"),
    ),
    r"^features\.[a-zA-Z0-9_]+$": (
        _leaf([("lit", "features"), ("re", _WORD)], AnyType(), "feature flag"),
    ),
    r"^claude_md_assembly\.blocks\.[a-zA-Z0-9_]+$": (
        _leaf([("lit", "claude_md_assembly"), ("lit", "blocks"), ("re", _WORD)], AnyType(),
              "per-section setting for the generated CLAUDE.md"),
    ),
    r"^model_profile_overrides\.[a-zA-Z0-9_-]+\.(opus|sonnet|haiku)$": (
        _leaf([("lit", "model_profile_overrides"), ("re", _SLUG), ("enum", _TIERS)],
              UnionType([StringType(), ObjectType()]),
              "model (or {model, reasoning_effort}) for a runtime's tier"),
    ),
    r"^models\.(planning|discuss|research|execution|verification|completion)$": (
        _leaf([("lit", "models"), ("enum", _PHASE_TYPES)], EnumType(TIER_ALIASES),
              "tier for every agent of this phase type"),
    ),
    r"^granularities\.(planning|discuss|research|execution|verification|completion)$": (
        _leaf([("lit", "granularities"), ("enum", _PHASE_TYPES)], EnumType(GRANULARITIES),
              "granularity for this phase type "
              "(read by GSD Core only — MSD itself does not use it)"),
    ),
    r"^dynamic_routing\.(enabled|escalate_on_failure|max_escalations|provider_escalation|"
    r"tier_models\.(light|standard|heavy))$": (
        _leaf([("lit", "dynamic_routing"), ("lit", "enabled")], BooleanType(),
              "escalate the model tier on failed attempts"),
        _leaf([("lit", "dynamic_routing"), ("lit", "escalate_on_failure")], BooleanType(),
              "false keeps the base tier on every attempt"),
        _leaf([("lit", "dynamic_routing"), ("lit", "max_escalations")], IntegerType(minimum=0),
              "how many tier steps a failing agent may climb"),
        _leaf([("lit", "dynamic_routing"), ("lit", "provider_escalation")], ArrayType(),
              "models to switch to when the provider quota is exceeded"),
        _leaf([("lit", "dynamic_routing"), ("lit", "tier_models"), ("enum", _ROUTING_TIERS)],
              StringType(), "model alias for a routing tier"),
    ),
    r"^model_overrides\.[a-zA-Z0-9_-]+$": (
        _leaf([("lit", "model_overrides"), ("re", _SLUG)], AnyType(),
              "model for one agent (highest precedence)"),
    ),
    r"^effort\.routing_tier_defaults\.(light|standard|heavy)$": (
        _leaf([("lit", "effort"), ("lit", "routing_tier_defaults"), ("enum", _ROUTING_TIERS)],
              EnumType(EFFORT_LEVELS), "effort for every agent of a routing tier"),
    ),
    r"^effort\.agent_overrides\.[a-zA-Z0-9_-]+$": (
        _leaf([("lit", "effort"), ("lit", "agent_overrides"), ("re", _SLUG)],
              EnumType(EFFORT_LEVELS), "effort for one agent"),
    ),
    r"^fast_mode\.routing_tier_defaults\.(light|standard|heavy)$": (
        _leaf([("lit", "fast_mode"), ("lit", "routing_tier_defaults"), ("enum", _ROUTING_TIERS)],
              BooleanType(), "fast mode for every agent of a routing tier"),
    ),
    r"^fast_mode\.agent_overrides\.[a-zA-Z0-9_-]+$": (
        _leaf([("lit", "fast_mode"), ("lit", "agent_overrides"), ("re", _SLUG)], BooleanType(),
              "fast mode for one agent"),
    ),
    r"^review\.reviewer_instances\.[a-zA-Z0-9_-]+\.(cli|model|agent)$": (
        _leaf([("lit", "review"), ("lit", "reviewer_instances"), ("re", _SLUG),
               ("enum", ("cli", "model", "agent"))], StringType(),
              "a named reviewer instance: its adapter (cli), model and agent"),
    ),
    r"^model_policy\.runtime_tiers\.[a-zA-Z0-9_-]+\.(opus|sonnet|haiku)$": (
        _leaf([("lit", "model_policy"), ("lit", "runtime_tiers"), ("re", _SLUG), ("enum", _TIERS)],
              UnionType([StringType(), ObjectType()]),
              "model (or {model, reasoning_effort}) for a runtime's tier under model_policy"),
    ),
    # upstream-1.11.0 (#3587, F1): stored unvalidated like upstream; the reader honours booleans.
    r"^phase_commit_docs\.\d+[A-Z]?(?:\.\d+)*$": (
        _leaf([("lit", "phase_commit_docs"), ("re", r"\d+[A-Z]?(?:\.\d+)*")], AnyType(),
              "commit .planning/ docs for this phase (true/false; overrides "
              "planning.commit_docs)"),
    ),
}

_REVIEW_MODELS_PATTERN: Final = DynamicPattern(
    regex=REVIEW_MODELS_RE.pattern,
    shape="review.models.<cli>",
    top_level="review",
    leaves=(
        _leaf([("lit", "review"), ("lit", "models"), ("re", _SLUG)], StringType(),
              "model passed to a reviewer CLI"),
    ),
    msd_decision="D8: any review.models.<cli> slug is accepted",
)


@cache
def dynamic_patterns() -> tuple[DynamicPattern, ...]:
    """The key patterns ``config-set`` accepts: upstream's 14 + 1.11.0's ``phase_commit_docs``
    (data order), then D8's."""
    out = []
    for entry in raw_schema_data()["dynamic_key_patterns"]:
        regex = entry.get("regex")
        if not regex:
            continue  # the data file's "review.models.<cli> is NOT a pattern" note
        out.append(DynamicPattern(regex=regex, shape=str(entry["shape"]),
                                  top_level=str(entry["top_level"]), leaves=_LEAVES[regex]))
    out.append(_REVIEW_MODELS_PATTERN)
    return tuple(out)


def match_dynamic(key: str) -> DynamicPattern | None:
    """The dynamic pattern a key belongs to, or ``None``."""
    for pattern in dynamic_patterns():
        if pattern.matches(key):
            return pattern
    return None


def leaves_under(group: str) -> Iterator[tuple[PatternLeaf, tuple[Segment, ...]]]:
    """Each pattern leaf whose literal head is the dotted ``group``, with the segments after it
    (``dynamic_routing`` → its five leaves, each with its own tail)."""
    prefix = group.split(".")
    for pattern in dynamic_patterns():
        for leaf in pattern.leaves:
            head = [value for kind, value in leaf.segments[: len(prefix)] if kind == "lit"]
            if head == prefix:
                yield leaf, leaf.segments[len(prefix):]
