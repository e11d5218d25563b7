"""The exported JSON Schema accepts what MSD itself writes, and still rejects what it refuses.

Checked with the ``jsonschema`` library (draft 2020-12), not our own validator: upstream's
config template, every demo project's config, and configs built from each key's default.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from msd_desktop.core.config import schema
from msd_desktop.core.config.json_schema_export import json_schema

REPO = Path(__file__).resolve().parents[3]
TEMPLATE = REPO / "tests" / "fixtures" / "spec-examples" / "templates" / "config.json"
DEMO = REPO / "msd_desktop" / "resources" / "demo"
DEMO_CONFIGS = sorted(DEMO.rglob("config.json"))
# The demo's README: legacy-importer's config.json is invalid JSON on purpose (a trailing comma).
DELIBERATELY_BROKEN = DEMO / "legacy-importer" / ".planning" / "config.json"


@functools.cache
def _validator() -> Any:
    """Built and checked once: a check of the whole schema per validated value made this file
    the slowest of the suite."""
    exported = json_schema()
    jsonschema.Draft202012Validator.check_schema(exported)
    return jsonschema.Draft202012Validator(exported)


def _errors(data: Any) -> list[str]:
    return [f"{'.'.join(map(str, e.absolute_path))}: {e.message}"
            for e in _validator().iter_errors(data)]


def _nest(key: str, value: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    node = out
    parts = key.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value
    return out


def test_upstream_template_is_valid() -> None:
    assert _errors(json.loads(TEMPLATE.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("path", DEMO_CONFIGS, ids=lambda p: str(p.relative_to(REPO)))
def test_demo_configs_are_valid(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    if path == DELIBERATELY_BROKEN:
        with pytest.raises(json.JSONDecodeError):
            json.loads(text)
        return
    assert _errors(json.loads(text)) == []


def test_every_default_is_valid() -> None:
    """A key set to its own default (null included) is something the schema must accept."""
    bad = {spec.key: _errors(_nest(spec.key, spec.default)) for spec in schema.SCHEMA.values()
           if spec.default is not schema.MISSING}
    assert {k: v for k, v in bad.items() if v} == {}


def test_nullable_only_where_the_default_is_null() -> None:
    template = json.loads(TEMPLATE.read_text(encoding="utf-8"))
    assert template["project_code"] is None
    assert _errors({"project_code": None}) == []
    assert _errors({"workflow": {"research": None}}) != []  # a boolean with a boolean default


def test_bounds_and_types_still_reject() -> None:
    assert _errors({"parallelization": {"max_concurrent_agents": "abc"}}) != []
    assert _errors({"workflow": {"security_asvs_level": 4}}) != []
    assert _errors({"context_window": 0}) != []
    assert _errors({"mode": "sideways"}) != []


def _resolve(schema: dict[str, Any], key: str) -> dict[str, Any] | None:
    node: dict[str, Any] | None = schema
    for segment in key.split("."):
        if node is None:
            return None
        props = node.get("properties", {})
        if segment in props:
            node = props[segment]
            continue
        node = next(
            (sub for rx, sub in node.get("patternProperties", {}).items()
             if re.fullmatch(rx, segment)),
            None,
        )
    return node


def test_json_schema_export() -> None:
    exported = json_schema()
    assert exported["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert exported["additionalProperties"] is True
    json.dumps(exported)  # JSON-able
    for spec in schema.SCHEMA.values():
        node = _resolve(exported, spec.key)
        assert node is not None, spec.key
        assert node["title"] == spec.title
    research = _resolve(exported, "workflow.research")
    assert research == {
        "title": "Research",
        "description": "domain research before planning each phase",
        "type": "boolean",
        "default": True,
    }
    par = _resolve(exported, "parallelization")
    assert par is not None
    assert par["type"] == ["boolean", "object"]
    assert "enabled" in par["properties"]
    assert _resolve(exported, "models.planning") == {
        "title": "Models",
        "description": "tier for every agent of this phase type",
        "enum": ["opus", "sonnet", "haiku", "inherit"],
    }
    assert _resolve(exported, "agent_skills.msd-planner") is not None
    assert _resolve(exported, "review.models.some-cli") is not None
    tier = _resolve(exported, "dynamic_routing.tier_models.heavy")
    assert tier is not None
    assert tier["type"] == "string"
    asvs = _resolve(exported, "workflow.security_asvs_level")
    assert asvs is not None
    assert (asvs["minimum"], asvs["maximum"]) == (1, 3)
    brave = _resolve(exported, "brave_search")
    assert brave is not None
    assert brave["writeOnly"] is True
    assert brave["type"] == ["string", "boolean", "null"]
    pic = _resolve(exported, "phase_id_convention")
    assert pic is not None
    assert pic["enum"] == ["milestone-prefixed", None]
