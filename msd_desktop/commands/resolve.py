"""``msd resolve-model`` and ``msd resolve-execution``: upstream's answer, then why.

Why this layout: scripts and the differential tests compare the first keys with upstream
``gsd-tools`` byte for byte (same keys, same order, same values), so those come first exactly
as upstream prints them; MSD's explanation (winning layer, tiers, warnings, the per-layer trace,
config provenance) follows as extra keys that upstream consumers ignore.

Kept light on purpose: ``msd resolve-model`` runs on every agent spawn, so this module imports
only the stdlib and our small core modules (no ruamel.yaml, watchdog, keyring or Qt). Results
are printed here rather than by the CLI front so that a config value holding a lone UTF-16
surrogate is written as ``\\udXXX`` (as ``JSON.stringify`` does) instead of crashing the encoder.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.terminal_text import escape_json_output
from msd_desktop.core.models.config_input import input_from_loaded
from msd_desktop.core.models.execution import (
    AGENT_REQUIRED_ERROR,
    FAILURE_CLASS_ERROR,
    FAILURE_CLASSES,
    parse_attempt,
    parse_fast_mode,
)
from msd_desktop.core.models.payload import (
    dumps,
    resolve_execution_payload,
    resolve_model_payload,
)
from msd_desktop.core.models.resolution import ResolutionInput

if TYPE_CHECKING:
    import argparse

    from msd_desktop.cli import CliContext



def _input(ctx: CliContext) -> ResolutionInput:
    from msd_desktop.core.config.store import load_config

    loaded = load_config(ctx.root, ctx.env)
    return input_from_loaded(loaded, ctx.env)


def _emit(payload: dict[str, Any], warnings: list[str]) -> int:
    from msd_desktop.cli import warn

    for warning in warnings:
        warn(warning, prefix="msd: warning — ")
    sys.stdout.write(escape_json_output(dumps(payload)) + "\n")
    return 0


def resolve_model(args: argparse.Namespace, ctx: CliContext) -> int:
    """``msd resolve-model <agent>``."""
    agent = getattr(args, "agent", None)
    if not agent:
        raise MsdError(AGENT_REQUIRED_ERROR)
    payload = resolve_model_payload(_input(ctx), agent)
    return _emit(payload, payload["warnings"])


def resolve_execution(args: argparse.Namespace, ctx: CliContext) -> int:
    """``msd resolve-execution <agent> [--effort L] [--fast-mode B] [--attempt N] …``."""
    attempt = parse_attempt(getattr(args, "attempt", None))
    failure_class = getattr(args, "failure_class", None)
    if failure_class is not None and failure_class not in FAILURE_CLASSES:
        raise MsdError(FAILURE_CLASS_ERROR)
    agent = getattr(args, "agent", None)
    if not agent:
        raise MsdError(AGENT_REQUIRED_ERROR)
    payload = resolve_execution_payload(
        _input(ctx),
        agent,
        effort=getattr(args, "effort", None),
        fast_mode=parse_fast_mode(getattr(args, "fast_mode", None)),
        attempt=attempt,
        failure_class=failure_class,
        host=getattr(args, "host", None),
    )
    return _emit(payload, payload["warnings"])
