"""Plain, translated words for the Models tab's ids: layers, ladders, config sources, runtime rungs.

Why one module: the routing diagram, the agents table, the trace table and the panel's labels
show the same ids (``tier_alias``, ``effort.default``, ``root``…) and must name them alike.
The English names of the layers live in the core (``core.models.ladder.LAYER_NAMES``, the one
mapping); :data:`LAYER_TEXTS` repeats them as ``QT_TRANSLATE_NOOP`` literals only so that
``lupdate`` extracts them (a test keeps both in step). The id itself stays in the tooltips.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from msd_desktop.core.models.ladder import layer_name

translate = QCoreApplication.translate

# every English name of core.models.ladder.LAYER_NAMES, for lupdate (same context as the
# diagram's other words, so the existing entries keep their translations)
LAYER_TEXTS = (
    QT_TRANSLATE_NOOP("RoutingDiagram", "Per-agent override"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Dynamic routing (retry)"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Model policy"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Runtime tier override"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Runtime tier default"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Omit model IDs"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Default for an unknown agent"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Inherit the session model"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Full model ID"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Tier alias"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Provider escalation"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Effort override"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Per-agent effort"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Routing-tier effort"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Built-in routing-tier effort"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Effort default"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Built-in default"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Dynamic routing escalation"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Fast-mode override"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Per-agent fast mode"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Routing-tier fast mode"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Built-in routing-tier fast mode"),
    QT_TRANSLATE_NOOP("RoutingDiagram", "Fast mode switch"),
)


def layer_title(kind: str, layer: str) -> str:
    """A layer id's plain name in the window's language (the id when it has no name)."""
    name = layer_name(kind, layer)
    return translate("RoutingDiagram", name) if name != layer else layer


def reason_words(kind: str, reason: object) -> str:
    """A resolver reason in the window's language, with a layer id inside it ("not reached:
    model_overrides applied") said by the name the ladder gives that layer."""
    from msd_desktop.core.common.text import Text
    from msd_desktop.ui.widgets.core_text import core_text

    if isinstance(reason, Text):
        reason = reason.map_params(lambda value: layer_title(kind, value))
    return core_text(reason)


def kind_title(kind: str) -> str:
    """A ladder's name: Model, Effort, Fast mode."""
    return {"model": translate("RoutingDiagram", "Model"),
            "effort": translate("RoutingDiagram", "Effort"),
            "fast_mode": translate("RoutingDiagram", "Fast mode")}.get(kind, kind)


def on_off(value: object) -> str:
    return translate("RoutingDiagram", "on") if value else translate("RoutingDiagram", "off")


def builtin_text() -> str:
    return translate("RoutingDiagram", "built-in")


def whatif_text() -> str:
    """The File column's word for a value the what-if supplied."""
    return translate("ModelsWords", "what-if")


def tier_origin(tier: str, tier_source: str | None, profile: str) -> str:
    """Where the tier came from, in words ("tier sonnet from profile balanced")."""
    if tier_source == "models":
        return translate("RoutingDiagram",
                         "tier {0} from the phase type's models entry").format(tier)
    if tier_source == "model_profile":
        return translate("RoutingDiagram", "tier {0} from profile {1}").format(tier, profile)
    return translate("ModelsWords", "tier {0}").format(tier)


def config_source_text(source: str, workstream: str | None) -> str:
    """Where the settings were read from (``LoadedConfig.source``), in words."""
    if source == "workstream":
        return translate("ModelsWords", "workstream “{0}”").format(workstream or "")
    if source == "root":
        return translate("ModelsWords", "the project's .planning/config.json")
    if source == "global-defaults":
        return translate("ModelsWords", "~/.msd/defaults.json (this folder has no .planning/)")
    if source == "builtin-defaults":
        return translate("ModelsWords", "the built-in defaults")
    return source


def config_reason_text(reason: str) -> str:
    """Why that source (``LoadedConfig.reason``), in words; ``""`` for the ordinary case."""
    texts = {
        "resolved": "",
        "configured_empty": translate("ModelsWords", "the file is empty, so the defaults apply"),
        "workstream_fallback": translate(
            "ModelsWords",
            "the workstream has no config.json of its own, so the project's is used"),
        "not_configured": translate("ModelsWords", "no config file was found"),
        "config_unparseable": translate("ModelsWords", "the file could not be read"),
    }
    return texts.get(reason, reason)


def runtime_rung_text(rung: str) -> str:
    """Which rule chose the active runtime (``active_runtime_source``), in words."""
    texts = {
        "MSD_RUNTIME": translate("ModelsWords", "MSD_RUNTIME variable"),
        "config.runtime": translate("ModelsWords", "config.json runtime"),
        "install marker": translate("ModelsWords", "install marker"),
        "default": translate("ModelsWords", "default"),
    }
    return texts.get(rung, rung)


def whatif_note_text(note: str) -> str:
    """What the what-if supplied or steered (``core.models.ladder.whatif_note``), in words."""
    head, _, value = note.partition(" ")
    if note == "unsaved Settings draft":
        return translate("ModelsWords", "unsaved Settings draft")
    if head == "profile":
        return translate("ModelsWords", "profile {0}").format(value)
    if head == "runtime":
        return translate("ModelsWords", "runtime {0}").format(value)
    if head == "attempt":
        return translate("ModelsWords", "attempt {0}").format(value)
    return note  # "--effort high": the option as typed
