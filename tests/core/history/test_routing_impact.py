"""What a change of a config file does to model routing: the resolver's answer per agent with
one state of the file and with another, only the agents that move (no Qt)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.history.routing_impact import Route, place_of, routes, routing_changes
from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.workspace.paths import defaults_path


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "home"
    home.mkdir()
    return {"HOME": str(home), "MSD_HOME": str(home)}


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "proj" / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"model_profile": "balanced"}), encoding="utf-8")
    return path


def test_a_key_routing_does_not_read_moves_nothing(config: Path, env: dict[str, str]) -> None:
    assert routing_changes(config, {"mode": "yolo"}, {"mode": "interactive"}, env) == []


def test_one_agent_override_moves_that_agent_only(config: Path, env: dict[str, str]) -> None:
    changes = routing_changes(config, {}, {"model_overrides": {"gsd-planner": "haiku"}}, env)
    assert [c.agent for c in changes] == ["msd-planner"]
    assert changes[0].after == Route("haiku", changes[0].before.effort)  # type: ignore[union-attr]
    assert changes[0].before is not None
    assert changes[0].before.model != "haiku"


def test_a_profile_change_moves_the_agents_the_resolver_moves(config: Path,
                                                              env: dict[str, str]) -> None:
    place = place_of(config, env)
    old = routes(place, config, {"model_profile": "quality"})
    new = routes(place, config, {"model_profile": "budget"})
    expected = [a for a in old if old[a] != new[a]]
    changes = routing_changes(config, {"model_profile": "quality"},
                              {"model_profile": "budget"}, env)
    assert [c.agent for c in changes] == expected
    assert 0 < len(changes) <= len(load_catalog().agents)
    assert all(c.before != c.after for c in changes)


def test_an_effort_change_is_reported(config: Path, env: dict[str, str]) -> None:
    after = {"effort": {"agent_overrides": {"msd-executor": "low"}}}
    changes = routing_changes(config, {}, after, env)
    assert [c.agent for c in changes] == ["msd-executor"]
    assert changes[0].after is not None
    assert changes[0].after.effort == "low"
    assert changes[0].before is not None
    assert changes[0].before.model == changes[0].after.model


def test_an_agent_only_named_on_one_side(config: Path, env: dict[str, str]) -> None:
    changes = routing_changes(config, {}, {"model_overrides": {"my-helper": "opus"}}, env)
    assert [(c.agent, c.before) for c in changes] == [("my-helper", None)]


def test_the_other_files_are_read_as_they_are(tmp_path: Path, config: Path,
                                              env: dict[str, str]) -> None:
    """A workstream's file is loaded over the project's: the project file's override shows
    in both states, the workstream's change alone moves routing."""
    config.write_text(json.dumps({"model_overrides": {"msd-planner": "haiku"}}),
                      encoding="utf-8")
    ws = config.parent / "workstreams" / "alpha" / "config.json"
    ws.parent.mkdir(parents=True)
    place = place_of(ws, env)
    assert (place.root, place.workstream) == (config.parent.parent, "alpha")
    both = routes(place, ws, {"model_overrides": {"msd-executor": "opus"}})
    assert both["msd-planner"].model == "haiku"
    assert both["msd-executor"].model == "opus"


def test_global_defaults_and_files_the_resolver_never_reads(tmp_path: Path,
                                                            env: dict[str, str]) -> None:
    defaults = defaults_path(env)
    assert place_of(defaults, env).root is None
    changes = routing_changes(defaults, {}, {"model_profile": "budget"}, env)
    assert changes  # a folder without a project config routes by the global defaults
    project = place_of(tmp_path / "p" / ".planning" / "team" / "config.json", env)
    assert project.env["MSD_PROJECT"] == "team"
    with pytest.raises(MsdError):
        place_of(tmp_path / "notes.json", env)
