"""The model catalog (``data/model-catalog.json``) and runtime aliases as typed, cached data.

Why a module of its own: every resolver (§5 model, §6 effort/fast_mode), the config editor and
the resolution explorer need the same facts — which agents exist, their per-profile tiers,
phase types and routing tiers, the built-in runtime tier maps, provider presets and the Claude
alias↔ID maps. The JSON is parsed once, lazily, on first use (``msd resolve-model`` is a
short-lived process and must stay cheap), and exposed through read-only accessors.

Loading order mirrors upstream ``model-catalog.cts``: the packaged file first, then the path in
``MSD_MODEL_CATALOG`` when the packaged file is missing. Derived sets are recomputed from the
raw data with upstream's rules (``RUNTIME_PROFILE_MAP`` drops null tier entries and runtimes
left empty; known providers are presets with at least one model).

Agent names: the catalog uses ``msd-*``; ``gsd-*`` is accepted everywhere and mapped with
:func:`canonical_agent`. Runtime names are canonicalized with :func:`canonical_runtime`
(normalization: trim, lower-case, runs of ``_``/whitespace → ``-``; then the alias table).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.js_whitespace import JS_WHITESPACE_CLASS, js_trim
from msd_desktop.core.common.text import Text

_DATA_DIR = Path(__file__).resolve().parent / "data"
CATALOG_FILE = _DATA_DIR / "model-catalog.json"
ALIASES_FILE = _DATA_DIR / "runtime-aliases.json"

# Profiles that read a catalog column (upstream MODEL_PROFILES has exactly these four keys).
PROFILE_COLUMNS = ("quality", "balanced", "budget", "adaptive")


class AgentMeta(NamedTuple):
    """One catalog agent: tier per profile column, phase type and routing tier."""

    name: str
    profiles: Mapping[str, str]
    phase_type: str
    routing_tier: str

    def profile_tier(self, profile: str) -> str | None:
        """The tier for a profile column (``quality``/``balanced``/``budget``/``adaptive``)."""
        if profile not in PROFILE_COLUMNS:
            return None
        value = self.profiles.get(profile)
        return value if isinstance(value, str) and value else None


class Catalog(NamedTuple):
    """The parsed catalog plus the sets upstream derives from it."""

    raw: Mapping[str, Any]
    agents: Mapping[str, AgentMeta]
    profiles: tuple[str, ...]
    phase_types: tuple[str, ...]
    tiers: tuple[str, ...]
    routing_tiers: tuple[str, ...]
    adaptive_tier_map: Mapping[str, str]
    runtime_tier_defaults: Mapping[str, Any]
    runtime_profile_map: Mapping[str, Mapping[str, Mapping[str, Any]]]
    known_runtimes: tuple[str, ...]
    runtimes_with_reasoning_effort: frozenset[str]
    runtimes_with_native_aliases: frozenset[str]
    claude_alias_to_id: Mapping[str, str]
    claude_id_to_alias: Mapping[str, str]
    claude_agent_aliases: frozenset[str]
    provider_presets: Mapping[str, Any]
    known_providers: tuple[str, ...]
    sentinel_providers: frozenset[str]
    generic_tier_keys: Mapping[str, str]
    default_budget: str
    efforts: tuple[str, ...]
    effort_rendering: Mapping[str, Any]
    effort_argv: Mapping[str, Any]
    runtimes_with_fast_mode: frozenset[str]
    # tiers accepted in ``models.<phase_type>``: the real tiers plus ``inherit``
    valid_tiers: frozenset[str]


_catalog: Catalog | None = None
_aliases: dict[str, str] | None = None


def _read_json(path: Path) -> Any:
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)


def _build(raw: Mapping[str, Any]) -> Catalog:
    agents: dict[str, AgentMeta] = {}
    for name, meta in dict(raw.get("agents") or {}).items():
        agents[name] = AgentMeta(
            name=name,
            profiles=dict(meta.get("profiles") or {}),
            phase_type=str(meta.get("phase_type") or ""),
            routing_tier=str(meta.get("routing_tier") or ""),
        )
    rtd: Mapping[str, Any] = raw.get("runtime_tier_defaults") or {}
    profile_map: dict[str, dict[str, Mapping[str, Any]]] = {}
    with_effort: set[str] = set()
    for runtime, tiers in rtd.items():
        filtered = {t: e for t, e in (tiers or {}).items() if e}
        if filtered:
            profile_map[runtime] = filtered
        if any(isinstance(e, Mapping) and e.get("reasoning_effort") for e in filtered.values()):
            with_effort.add(runtime)
    presets: Mapping[str, Any] = raw.get("provider_presets") or {}
    known_providers = sorted(
        name
        for name, tiers in presets.items()
        if any(
            isinstance(b, Mapping)
            and any(isinstance(e, Mapping) and e.get("model") for e in b.values())
            for b in (tiers or {}).values()
        )
    )
    alias_to_id = {
        tier: entry["model"]
        for tier, entry in (rtd.get("claude") or {}).items()
        if isinstance(entry, Mapping) and isinstance(entry.get("model"), str)
    }
    id_to_alias = {v: k for k, v in alias_to_id.items()}
    id_to_alias.update(raw.get("claude_id_to_alias") or {})
    return Catalog(
        raw=raw,
        agents=agents,
        profiles=tuple(raw.get("profiles") or ()),
        phase_types=tuple(raw.get("phase_types") or ()),
        tiers=tuple(raw.get("tiers") or ()),
        routing_tiers=tuple(raw.get("routing_tiers") or ()),
        adaptive_tier_map=dict(raw.get("adaptive_tier_map") or {}),
        runtime_tier_defaults=rtd,
        runtime_profile_map=profile_map,
        known_runtimes=tuple(sorted(rtd)),
        runtimes_with_reasoning_effort=frozenset(with_effort),
        runtimes_with_native_aliases=frozenset(raw.get("runtimes_with_native_aliases") or ()),
        claude_alias_to_id=alias_to_id,
        claude_id_to_alias=id_to_alias,
        claude_agent_aliases=frozenset(raw.get("claude_agent_aliases") or ()),
        provider_presets=presets,
        known_providers=tuple(known_providers),
        sentinel_providers=frozenset(raw.get("sentinel_providers") or ()),
        generic_tier_keys=dict(raw.get("generic_tier_keys") or {}),
        default_budget=str(raw.get("default_budget") or "medium"),
        efforts=tuple(raw.get("efforts") or ()),
        effort_rendering=dict(raw.get("effort_rendering") or {}),
        effort_argv=dict(raw.get("effort_argv") or {}),
        runtimes_with_fast_mode=frozenset(raw.get("runtimes_with_fast_mode") or ()),
        valid_tiers=frozenset((*dict(raw.get("adaptive_tier_map") or {}).values(), "inherit")),
    )


def load_catalog(env: Mapping[str, str] | None = None) -> Catalog:
    """The catalog, parsed on first call and cached for the process.

    ``env`` is consulted only for the ``MSD_MODEL_CATALOG`` fallback, and only when the
    packaged file is missing (as upstream does with ``GSD_MODEL_CATALOG``).
    """
    global _catalog
    if _catalog is not None:
        return _catalog
    environ = os.environ if env is None else env
    candidates = [CATALOG_FILE]
    fallback = environ.get("MSD_MODEL_CATALOG")
    if fallback:
        candidates.append(Path(fallback).expanduser().resolve())
    last_error: Exception | None = None
    for path in candidates:
        try:
            raw = _read_json(path)
        except FileNotFoundError as exc:
            last_error = exc
            continue
        if not isinstance(raw, dict):
            raise MsdError(Text.of("model-catalog.json is not a JSON object: {path}", path=path))
        _catalog = _build(raw)
        return _catalog
    tried = "\n".join(f"  {p}" for p in candidates)
    raise MsdError(Text.of(
        "model-catalog.json not found. Tried:\n{tried}\nLast error: {last_error}",
        tried=tried, last_error=last_error,
    ))


def reset_cache() -> None:
    """Forget the cached catalog and alias table (tests that point at another file)."""
    global _catalog, _aliases
    _catalog = None
    _aliases = None


def canonical_agent(name: str) -> str:
    """``gsd-<x>`` → ``msd-<x>``; every other name is returned unchanged."""
    if name.startswith("gsd-"):
        return "msd-" + name[4:]
    return name


def legacy_agent_name(name: str) -> str | None:
    """The ``gsd-*`` spelling of an ``msd-*`` agent (config keys may still use it)."""
    if name.startswith("msd-"):
        return "gsd-" + name[4:]
    return None


def agents() -> list[str]:
    """Catalog agent names in catalog order."""
    return list(load_catalog().agents)


def agent_meta(name: str) -> AgentMeta | None:
    """The catalog entry of an agent (``gsd-*`` accepted), or ``None`` when unknown."""
    return load_catalog().agents.get(canonical_agent(name))


# ── runtimes ────────────────────────────────────────────────────────────────────────────

_NORMALIZE_RE = lazy_re.compile(f"[_{JS_WHITESPACE_CLASS}]+")


def normalize_runtime(value: str) -> str:
    """Upstream's runtime token normalization: trim, lower-case, ``[_\\s]+`` → ``-``."""
    return _NORMALIZE_RE.sub("-", js_trim(value).lower())


def _alias_table() -> dict[str, str]:
    global _aliases
    if _aliases is None:
        table: dict[str, str] = {}
        try:
            data = _read_json(ALIASES_FILE)
        except (OSError, ValueError):
            data = {}
        aliases = data.get("aliases") if isinstance(data, dict) else None
        for canonical, names in (aliases or {}).items():
            if not isinstance(canonical, str) or not isinstance(names, list):
                continue
            target = normalize_runtime(canonical)
            table[target] = target
            for alias in names:
                if isinstance(alias, str):
                    table[normalize_runtime(alias)] = target
        _aliases = table
    return _aliases


def canonical_runtime(value: object) -> str | None:
    """The canonical runtime for a known name or alias (``Claude-Code`` → ``claude``), else None."""
    if not isinstance(value, str):
        return None
    return _alias_table().get(normalize_runtime(value)) or None


def runtime_from_candidates(*candidates: object) -> str | None:
    """First non-empty string candidate, normalized then canonicalized (unknown kept normalized)."""
    for candidate in candidates:
        if not isinstance(candidate, str):
            continue
        normalized = normalize_runtime(candidate)
        if not normalized:
            continue
        return canonical_runtime(normalized) or normalized
    return None
