"""The what-if applied to a copy of the project's settings: the Settings draft, the runtime
and the profile.

Why through the loader: ``load_config`` with the draft's contents in place of its file's (in
memory) merges exactly as the project is merged (D1 included), and the file names in the
result are the real ones. Nothing is copied or written.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.core.config.store import LoadedConfig, load_config
from msd_desktop.core.models.config_input import config_load_warnings
from msd_desktop.core.models.ladder import WhatIf
from msd_desktop.core.models.resolution import ResolutionInput

PROFILES = ("quality", "balanced", "budget", "adaptive", "inherit")
AS_CONFIGURED = object()


def loaded_with_draft(
    loaded: LoadedConfig, env: Mapping[str, str], draft: ConfigDraft
) -> LoadedConfig:
    """``load_config`` of the same project as if the draft's file held the draft's contents
    (computed in memory: nothing is copied or written)."""
    return load_config(Path(loaded.root), env, workstream=loaded.workstream,
                       drafts={draft.path: draft.result_data()})


def with_overrides(inp: ResolutionInput, runtime: Any, profile: Any) -> ResolutionInput:
    """A copy of ``inp`` whose config has the what-if runtime / profile."""
    if runtime is AS_CONFIGURED and profile is AS_CONFIGURED:
        return inp
    config = dict(inp.config)
    if runtime is not AS_CONFIGURED:
        config["runtime"] = runtime
    if profile is not AS_CONFIGURED:
        config["model_profile"] = profile
    warnings = inp.load_warnings
    if inp.provenance.get("config_source") in ("workstream", "root"):
        warnings = tuple(config_load_warnings(config))
    return _replace(inp, config=config, load_warnings=warnings)


def _replace(inp: ResolutionInput, **changes: Any) -> ResolutionInput:
    """A changed copy (the core's input is a NamedTuple now; a dataclass earlier)."""
    if hasattr(inp, "_replace"):
        return inp._replace(**changes)
    return dataclasses.replace(inp, **changes)  # type: ignore[type-var]


def whatif_file_words(whatif: WhatIf | None) -> tuple[str, ...]:
    """The active what-if in a few file-name words (``codex``, ``quality``, ``attempt2``,
    ``effort-high``, ``draft``): an exported diagram's name says what it shows."""
    if whatif is None:
        return ()
    words = [w for w in (whatif.runtime, whatif.profile) if w]
    if whatif.attempt:
        words.append(f"attempt{whatif.attempt}")
    if whatif.effort:
        words.append(f"effort-{whatif.effort}")
    if whatif.draft:
        words.append("draft")
    return tuple(words) or ("on",)
