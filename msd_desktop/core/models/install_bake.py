"""What ``msd install <runtime>`` would bake into each agent file today (spec §4 case 3).

Why: an installed agent file is stale when a fresh install would write something else. The
installer does not ask the resolver of §5; it has its own, narrower rules, transcribed here
from upstream 1.11.0 (``bin/install.js`` ``generateCodexAgentToml``,
``install-model-override-resolver`` and ``install-effort-resolver``):

* **Config it reads** (case 3): the first ``.planning/config.json`` found walking up at most 8
  folders from the install's config dir (a project-local install finds its project; a global
  one usually finds none) merged over ``~/.msd/defaults.json``: ``model_overrides`` and
  ``effort.agent_overrides`` / ``effort.routing_tier_defaults`` per key, ``runtime``,
  ``model_profile`` and ``model_profile_overrides`` from the project when JS-truthy.
* **Codex** ``model``: only an explicit ``model_overrides`` entry, trimmed, and never a
  Claude alias or ``claude-…`` ID (those are dropped so Codex keeps a valid model); no model
  line otherwise. ``model_reasoning_effort``: only when a model is pinned — the install-time
  effort rendered for Codex (``max`` → ``xhigh``), none for ``inherit``.
* **OpenCode / Kilo** ``model``: ``model_overrides[agent]``, else the configured runtime's tier
  entry (built-in map with ``model_profile_overrides`` over it) for the agent's profile tier —
  only when a runtime is configured, the profile is not ``inherit`` and a project config was
  found or defaults.json names a profile; no model line otherwise. No effort.
* **Claude** ``effort``: the install-time effort rendered for Claude (``minimal`` → ``low``),
  no line for ``inherit``. Claude takes the model at spawn time: nothing baked.

Install-time effort is §6.1 without ``--effort`` over the merged ``effort`` block.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from msd_desktop.core.common.js_values import js_string, js_truthy
from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.models.execution import render_effort, resolve_effort
from msd_desktop.core.models.installed_agents import frontmatter_value
from msd_desktop.core.models.resolution import (
    ResolutionInput,
    own_agent_value,
    runtime_tier_entry,
)

_WALK_LEVELS = 8
TAKES_MODEL = frozenset({"codex", "opencode", "kilo"})
TAKES_EFFORT = frozenset({"claude", "codex"})


class InstallConfig(NamedTuple):
    """The config an install reads (case 3), already merged."""

    model_overrides: Mapping[str, Any]
    effort: Mapping[str, Any] | None
    runtime: Any
    model_profile: Any
    model_profile_overrides: Any
    project_config: str | None
    resolver_allowed: bool


class Bake(NamedTuple):
    """The model and effort lines a fresh install would write (``None``: no line)."""

    model: str | None
    effort: str | None


def _dict(value: Any) -> dict[str, Any] | None:
    return value if isinstance(value, dict) else None


def find_project_config(install_dir: str) -> str | None:
    """The first ``.planning/config.json`` at most 8 folders up from ``install_dir``."""
    probe = os.path.abspath(install_dir)
    for _ in range(_WALK_LEVELS):
        candidate = os.path.join(probe, ".planning", "config.json")
        if os.path.lexists(candidate):
            return candidate
        parent = os.path.dirname(probe)
        if parent == probe:
            break
        probe = parent
    return None


def merge_install_config(project: Any, defaults: Any, project_path: str | None) -> InstallConfig:
    """Case 3's per-field merge of a project config over defaults.json (plain data; ``project``
    is ``None`` when no config was found or it did not parse)."""
    proj = _dict(project) or {}
    home = _dict(defaults) or {}
    overrides = {**(_dict(home.get("model_overrides")) or {}),
                 **(_dict(proj.get("model_overrides")) or {})}
    home_effort, proj_effort = _dict(home.get("effort")), _dict(proj.get("effort"))
    effort: dict[str, Any] | None = None
    if home_effort is not None or proj_effort is not None:
        effort = {**(home_effort or {}), **(proj_effort or {})}
        for key in ("agent_overrides", "routing_tier_defaults"):
            effort[key] = {**(_dict((home_effort or {}).get(key)) or {}),
                           **(_dict((proj_effort or {}).get(key)) or {})}

    def pick(key: str) -> Any:
        value = proj.get(key)
        return value if js_truthy(value) else home.get(key)

    return InstallConfig(
        model_overrides=overrides,
        effort=effort,
        runtime=pick("runtime") if js_truthy(pick("runtime")) else None,
        model_profile=pick("model_profile") if js_truthy(pick("model_profile")) else "balanced",
        model_profile_overrides=pick("model_profile_overrides"),
        project_config=project_path,
        resolver_allowed=js_truthy(project) or js_truthy(home.get("model_profile")),
    )


def read_install_config(install_dir: str, env: Mapping[str, str]) -> InstallConfig:
    """The config an install at ``install_dir`` reads, through the core's JSON reader."""
    from msd_desktop.core.common.jsonfile import read_json_file
    from msd_desktop.core.config.store import load_global_defaults

    path = find_project_config(install_dir)
    project = read_json_file(Path(path)).data if path is not None else None
    defaults = load_global_defaults(env)
    return merge_install_config(project, defaults.data if defaults.ok else None, path)


def anthropic_flavored(model: str) -> bool:
    """A Claude alias or any ID containing ``claude`` (never written into a Codex file)."""
    return model in load_catalog().claude_agent_aliases or "claude" in model.lower()


def install_effort(cfg: InstallConfig, agent: str) -> str:
    """The unified effort an install resolves for ``agent`` (§6.1 over the merged block)."""
    config = {"effort": dict(cfg.effort)} if cfg.effort is not None else {}
    value = resolve_effort(ResolutionInput(config=config), agent).value
    return value if isinstance(value, str) else "high"


def _rendered(runtime: str, effort: str) -> str | None:
    if effort == "inherit":
        return None
    value = render_effort(load_catalog(), runtime, effort)[0]
    return value if isinstance(value, str) else None


def _tier_model(cfg: InstallConfig, agent: str) -> str | None:
    if not cfg.resolver_allowed or cfg.runtime is None:
        return None
    profile = js_string(cfg.model_profile).lower()
    if profile == "inherit":
        return None
    meta = load_catalog().agents.get(agent)
    if meta is None:
        return None
    tier = meta.profile_tier(profile) or meta.profile_tier("balanced")
    if not tier:
        return None
    config = {"runtime": cfg.runtime, "model_profile_overrides": cfg.model_profile_overrides}
    merged, _, _ = runtime_tier_entry(load_catalog(), config, tier)
    model = merged.get("model") if merged else None
    return js_string(model) if js_truthy(model) else None


def expected_bake(runtime: str, agent: str, cfg: InstallConfig) -> Bake:
    """What a fresh install of ``runtime`` writes for ``agent`` under ``cfg``."""
    _, raw = own_agent_value(cfg.model_overrides, agent)
    if runtime == "codex":
        pinned = None
        if js_truthy(raw) and isinstance(raw, str):
            trimmed = raw.strip()
            if trimmed and not anthropic_flavored(trimmed):
                pinned = trimmed
        effort = _rendered("codex", install_effort(cfg, agent)) if pinned else None
        return Bake(pinned, effort)
    if runtime in ("opencode", "kilo"):
        model = js_string(raw) if js_truthy(raw) else _tier_model(cfg, agent)
        # the ``model: <id>`` line as the runtime's YAML reader (and ours) reads it back
        return Bake(frontmatter_value(model) if model is not None else None, None)
    if runtime == "claude":
        return Bake(None, _rendered("claude", install_effort(cfg, agent)))
    return Bake(None, None)
