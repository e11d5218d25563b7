"""From a loaded config to the resolver's input, and the warnings upstream prints at load.

Why apart from the resolver: the resolver takes plain data (:class:`ResolutionInput`) and never
depends on the config loader; this adapter is the one place that knows a ``LoadedConfig``'s
shape, the §5.5 ``resolve_model_ids`` file rule and the §5.6 install marker look-up.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from msd_desktop.core.common.js_access import js_keys
from msd_desktop.core.common.js_values import js_truthy
from msd_desktop.core.common.safe_read import read_text, structure_problem
from msd_desktop.core.common.text import Text
from msd_desktop.core.models.catalog import canonical_agent, load_catalog
from msd_desktop.core.models.install_marker import InstallMarker, find_install_marker
from msd_desktop.core.models.resolution import ResolutionInput

__all__ = ["config_load_warnings", "explicit_omit", "input_from_loaded"]


def config_load_warnings(config: Mapping[str, Any]) -> list[str]:
    """The one-shot load-time warnings upstream prints for a project config (§5.9)."""
    cat = load_catalog()
    known = ", ".join(cat.known_runtimes)
    out: list[str] = []

    def add(text: Text) -> None:
        if text not in out:
            out.append(text)

    runtime = config.get("runtime")
    if js_truthy(runtime) and isinstance(runtime, str) and runtime not in cat.known_runtimes:
        add(
            Text.of(
                'config key "runtime" has unknown value "{runtime}". Known runtimes: {known}. '
                "Resolution will fall back to safe defaults. (#2517)", runtime=runtime, known=known,
            )
        )
    allowed = set(cat.adaptive_tier_map.values())

    def check_runtime_tiers(block: Any, prefix: str, allowed_label: str, ref: str) -> None:
        """Unknown runtimes / tiers under a ``<runtime>.<tier>`` block (two upstream copies)."""
        if not isinstance(block, dict):
            return
        for o_runtime in js_keys(block):
            tier_map = block[o_runtime]
            if o_runtime not in cat.known_runtimes:
                add(
                    Text.of(
                        '{prefix}.{o_runtime}.* uses unknown runtime "{o_runtime}". Known '
                        "runtimes: {known}. ({ref})",
                        prefix=prefix, o_runtime=o_runtime, known=known, ref=ref,
                    )
                )
            if not js_truthy(tier_map) or not isinstance(tier_map, dict | list):
                continue
            names = js_keys(tier_map) if isinstance(tier_map, dict) else [
                str(i) for i in range(len(tier_map))
            ]
            for tier_name in names:
                if tier_name not in allowed:
                    add(
                        Text.of(
                            '{prefix}.{o_runtime}.{tier_name} uses unknown tier "{tier_name}". '
                            "{allowed_label}: opus, sonnet, haiku. ({ref})",
                            prefix=prefix, o_runtime=o_runtime, tier_name=tier_name,
                            allowed_label=allowed_label, ref=ref,
                        )
                    )

    check_runtime_tiers(config.get("model_profile_overrides"), "model_profile_overrides",
                        Text.of("Allowed tiers"), "#2517")
    policy = config.get("model_policy")
    if isinstance(policy, dict):
        provider = policy.get("provider")
        if (
            js_truthy(provider)
            and isinstance(provider, str)
            and provider not in cat.known_providers
            and provider not in cat.sentinel_providers
        ):
            add(
                Text.of(
                    'model_policy.provider has unknown value "{provider}". Known providers: '
                    '{providers}. For manual model IDs use provider="custom". (#49)',
                    provider=provider, providers=", ".join(cat.known_providers),
                )
            )
        check_runtime_tiers(policy.get("runtime_tiers"), "model_policy.runtime_tiers",
                            Text.of("Allowed"), "#49")
    return out

class _LoadedLike(Protocol):
    """The parts of ``config_store.LoadedConfig`` this module reads."""

    @property
    def root(self) -> Any: ...
    @property
    def planning_dir(self) -> Any: ...
    @property
    def values(self) -> Mapping[str, Any]: ...
    @property
    def model_override_sources(self) -> Mapping[str, str]: ...
    @property
    def source(self) -> str: ...
    @property
    def degraded(self) -> bool: ...
    @property
    def reason(self) -> str: ...
    @property
    def layers(self) -> Sequence[Any]: ...


def _reject_constant(name: str) -> Any:
    raise ValueError(name)


def _raw_config(path: Path, layers: Sequence[Any]) -> Any:
    """A config file's parsed content, as upstream's plain ``JSON.parse`` read sees it."""
    for lay in layers:
        file = getattr(lay, "file", None)
        if file is not None and getattr(lay, "path", None) is not None and Path(lay.path) == path:
            return file.data if getattr(file, "error", None) is None else None
    try:
        data = json.loads(read_text(path, "config", errors="strict"),
                          parse_constant=_reject_constant)
        return data if structure_problem(data) is None else None
    except (OSError, ValueError, RecursionError):
        return None


def explicit_omit(root: Path, planning_dir: Path, layers: Sequence[Any] = ()) -> bool:
    """§5.5: the planning-dir config, then ``<root>/.planning/config.json``; the first file
    that defines ``resolve_model_ids`` (even as null) decides. Global defaults never count."""
    root_dir = Path(root) / ".planning"
    dirs = [root_dir] if Path(planning_dir) == root_dir else [Path(planning_dir), root_dir]
    for directory in dirs:
        data = _raw_config(directory / "config.json", layers)
        if isinstance(data, dict) and "resolve_model_ids" in data:
            value = data["resolve_model_ids"]
            return isinstance(value, str) and value == "omit"
    return False


def input_from_loaded(
    loaded: _LoadedLike,
    env: Mapping[str, str],
    *,
    install_runtime: str | None = None,
    locate_install: bool = True,
) -> ResolutionInput:
    """Adapt a ``config_store.LoadedConfig`` to :class:`ResolutionInput`.

    The §5.6 install marker is looked up for the project (``core.install_marker``) unless the
    caller passes ``install_runtime`` (used as is) or ``locate_install=False`` (no marker).
    """
    layers = list(loaded.layers)
    global_path = next(
        (str(lay.path) for lay in layers if getattr(lay, "name", None) == "global"), None
    )
    sources = {
        canonical_agent(str(k)): str(v) for k, v in dict(loaded.model_override_sources).items()
    }
    config = dict(loaded.values)
    warnings = (
        tuple(config_load_warnings(config)) if loaded.source in ("workstream", "root") else ()
    )
    omit = config.get("resolve_model_ids")
    marker: InstallMarker | None = None
    if install_runtime is None and locate_install:
        marker = find_install_marker(loaded.root, env)
        install_runtime = marker.value
    return ResolutionInput(
        config=config,
        env=dict(env),
        explicit_omit=(
            isinstance(omit, str)
            and omit == "omit"
            and explicit_omit(Path(loaded.root), Path(loaded.planning_dir), layers)
        ),
        install_runtime=install_runtime,
        override_sources=sources,
        provenance={
            "config_source": loaded.source,
            "degraded": loaded.degraded,
            "reason": loaded.reason,
            "diagnostics": list(getattr(loaded, "diagnostics", None) or ()),
        },
        global_defaults_path=global_path,
        load_warnings=warnings,
        install_marker=marker,
    )
