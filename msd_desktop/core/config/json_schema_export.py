"""``msd schema --json-schema``: a draft 2020-12 JSON Schema for ``.planning/config.json``.

Why apart from the schema: only the command (and editors that read its output) need the
export; it walks the concrete keys and the patterns into nested ``properties`` and
``patternProperties`` and decides where ``null`` is admitted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msd_desktop.core.config.key_patterns import Segment, dynamic_patterns, match_dynamic
from msd_desktop.core.config.key_titles import title_for
from msd_desktop.core.config.schema import SCHEMA
from msd_desktop.core.config.value_types import ValueType

__all__ = ["json_schema"]


def _as_object(node: dict[str, Any]) -> dict[str, Any]:
    t = node.get("type")
    if t is None and "enum" not in node:
        node["type"] = "object"
    elif isinstance(t, str) and t != "object":
        node["type"] = [t, "object"]
    elif isinstance(t, list) and "object" not in t:
        t.append("object")
    return node


def _merge_leaf(node: dict[str, Any], leaf: Mapping[str, Any]) -> None:
    children: dict[str, Any] = {
        k: node.pop(k) for k in ("properties", "patternProperties") if k in node
    }
    node.update(leaf)
    if children:
        _as_object(node)
        node.update(children)


def _leaf_schema(vt: ValueType, title: str, description: str, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"title": title}
    if description:
        out["description"] = description
    out.update(vt.json_schema())
    out.update(extra)
    return out


def _place(node: dict[str, Any], segments: Sequence[Segment], leaf: Mapping[str, Any]) -> None:
    kind, value = segments[0]
    if kind == "lit":
        targets = [node.setdefault("properties", {}).setdefault(value, {})]
    elif kind == "enum":
        props = node.setdefault("properties", {})
        targets = [props.setdefault(v, {}) for v in value]
    else:
        targets = [node.setdefault("patternProperties", {}).setdefault(f"^{value}$", {})]
    for target in targets:
        if len(segments) == 1:
            if not target.get("title"):
                _merge_leaf(target, leaf)
        else:
            _place(_as_object(target), segments[1:], leaf)


def _admit_null(leaf: dict[str, Any]) -> None:
    if "enum" in leaf:
        if None not in leaf["enum"]:
            leaf["enum"] = [*leaf["enum"], None]
    elif "type" in leaf:
        types = leaf["type"] if isinstance(leaf["type"], list) else [leaf["type"]]
        if "null" not in types:
            leaf["type"] = [*types, "null"]


def json_schema() -> dict[str, Any]:
    """A draft 2020-12 JSON Schema for ``.planning/config.json`` (editors, validation hints).

    Nested ``properties`` per section with type, enum, default, title and description;
    ``patternProperties`` for the dynamic keys; unknown keys allowed everywhere.
    """
    root: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://msd.dev/schemas/planning-config.json",
        "title": "MSD project config (.planning/config.json)",
        "description": "Settings read by MSD workflows and agents. Unknown keys are kept.",
        "type": "object",
        "additionalProperties": True,
    }
    for spec in SCHEMA.values():
        extra: dict[str, Any] = {"default": spec.default}
        if spec.secret:
            extra["writeOnly"] = True
        leaf = _leaf_schema(spec.value_type, spec.title, spec.description, **extra)
        # null is a value MSD itself writes where the default is null (upstream's template has
        # ``"project_code": null``), so the schema admits it there and only there.
        nullable = (spec.type.endswith("|null") or spec.default is None
                    or (spec.enum is not None and None in spec.enum))
        if nullable:
            _admit_null(leaf)
        _place(root, [("lit", s) for s in spec.key.split(".")], leaf)
    # JSON Schema applies a matching pattern as well as the named property, so a pattern that
    # covers a named key whose default is null must admit null too.
    null_default = [spec.key for spec in SCHEMA.values() if spec.default is None]
    for pattern in dynamic_patterns():
        for pl in pattern.leaves:
            lits = [str(v) for kind, v in pl.segments if kind == "lit"]
            title = " › ".join(title_for(f"x.{lit}") for lit in lits)
            leaf = _leaf_schema(pl.value_type, title, pl.description)
            if any(pl is pattern.leaf_for(key) for key in null_default
                   if match_dynamic(key) is pattern):
                _admit_null(leaf)
            _place(root, pl.segments, leaf)
    return root
