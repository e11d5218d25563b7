"""The Models tab's sentences: the selected agent's resolution in one line, and where the
settings were read from.

Why apart from the panel: they are pure wording over the core's records (a resolution, a
loaded config), built the same way whatever widget shows them; the panel only sets them.
Values from files are plain text: the one rich-text line escapes every value it quotes.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.config.store import LoadedConfig
from msd_desktop.core.models.resolution import ResolutionInput, active_runtime_source
from msd_desktop.ui.models.layer_names import (
    config_reason_text,
    config_source_text,
    layer_title,
    on_off,
    runtime_rung_text,
    tier_origin,
)
from msd_desktop.ui.models.resolution_model import model_text
from msd_desktop.ui.widgets.core_text import core_lines, core_text
from msd_desktop.ui.widgets.plain_text import escape_html, tooltip, visible, visible_lines

translate = QCoreApplication.translate


def agent_title(agent: str, res: Any, which: str) -> tuple[str, str]:
    """(rich text, plain tooltip): the agent's model, effort and fast mode and the layer each
    came from; ``which`` says whether the what-if applies (with its runtime and profile)."""
    mr = res.model_resolution
    fast_layer = res.fast_mode_resolution.layer
    effort_layer = res.effort_resolution.layer
    tier = ("; " + tier_origin(visible(mr.tier, limit=100), mr.tier_source,
                               visible(js_string(res.profile), limit=100))) if mr.tier else ""
    parts = (visible(agent, limit=300), which, visible(model_text(res.model), limit=300),
             layer_title("model", res.layer), tier, visible(js_string(res.effort), limit=100),
             layer_title("effort", effort_layer), on_off(res.fast_mode),
             layer_title("fast_mode", fast_layer))
    rich = translate(
        "ModelsWords",
        "<b>{0}</b>, {1}: model <b>{2}</b> from {3}{4}; effort <b>{5}</b> from {6}; "
        "fast mode <b>{7}</b> from {8}").format(*(escape_html(p) for p in parts))
    tip = tooltip("\n".join((
        translate("ModelsWords", "{0}, {1}: model {2} from {3}{4}; effort {5} from {6}; "
                  "fast mode {7} from {8}").format(*parts),
        translate("ModelsWords", "Layer ids: model {0}, effort {1}, fast mode {2}").format(
            visible(res.layer), visible(effort_layer), visible(fast_layer)),
    )))
    return rich, tip


def which_config(whatif: bool, runtime_text: str, profile_text: str) -> str:
    """"with the what-if (runtime …, profile …)" or "as configured (…)"."""
    which = (translate("ModelsWords", "with the what-if (runtime {0}, profile {1})") if whatif
             else translate("ModelsWords", "as configured (runtime {0}, profile {1})"))
    return which.format(runtime_text, profile_text)


def source_text(loaded: LoadedConfig, base_input: ResolutionInput | None) -> tuple[str, str]:
    """(text, tooltip): where the settings came from, in words (the ids in the tooltip)."""
    where = config_source_text(loaded.source, visible(loaded.workstream or "", limit=200))
    why = config_reason_text(loaded.reason)
    text = (translate("ModelsWords", "Settings read from {0}: {1}.").format(where, why) if why
            else translate("ModelsWords", "Settings read from {0}.").format(where))
    if loaded.degraded:
        text = translate("ModelsWords", "⚠ Partly read: {0}").format(text)
    if loaded.diagnostics:
        text += " " + translate("ModelsWords", "From the file check: {0}").format(
            core_lines(list(loaded.diagnostics)))
    if base_input is not None and loaded.values.get("resolve_model_ids") == "omit":
        # §5.6: only the omit gate asks which runtime is active; say which rung decided
        runtime, rung, marker = active_runtime_source(base_input)
        rung_text = runtime_rung_text(rung)
        if marker:
            rung_text = translate("ModelsWords", "{0} {1}").format(rung_text, marker)
        text += " · " + translate("ModelsWords", "omit gate: active runtime {0} ({1})").format(
            runtime, rung_text)
        if rung == "default" and base_input.install_marker is not None:
            for warning in base_input.install_marker.warnings:  # e.g. two runtimes
                text += f" ⚠ {core_text(warning)}"
    tip = tooltip(translate("ModelsWords", "Config source id: {0}; reason id: {1}")
                  .format(loaded.source, loaded.reason))
    return visible_lines(text), tip
