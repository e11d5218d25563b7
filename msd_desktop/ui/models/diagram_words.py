"""The routing diagram's words: a rung's state, value, reason and source, a ladder's result,
the tooltips and the lines a screen reader gets.

Why apart from the drawing: the same words serve the screen, the exported files, the
tooltips and the accessible description; they are about the core's rungs, not about pixels.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QCoreApplication,
)

from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.models.execution import ExecutionResolution
from msd_desktop.core.models.ladder import (
    CLOSED,
    NOT_REACHED,
    SKIPPED,
    SOURCE_BUILTIN,
    SOURCE_WHATIF,
    SUPERSEDED,
    WINNER,
    Ladder,
    Rung,
    model_value_text,
)
from msd_desktop.ui.models.layer_names import (
    builtin_text,
    kind_title,
    layer_title,
    on_off,
    reason_words,
    whatif_note_text,
)
from msd_desktop.ui.widgets.plain_text import tooltip, visible

# lupdate reads only literal contexts: every text below is translate("RoutingDiagram", "…")
translate = QCoreApplication.translate


def state_title(state: str) -> str:
    return {WINNER: translate("RoutingDiagram", "Winner"),
            SUPERSEDED: translate("RoutingDiagram", "Superseded"),
            SKIPPED: translate("RoutingDiagram", "Skipped"),
            CLOSED: translate("RoutingDiagram", "Not consulted"),
            NOT_REACHED: translate("RoutingDiagram", "Not reached")}.get(state, state)


def result_text(ladder: Ladder) -> str:
    if ladder.kind == "fast_mode":
        if ladder.result:
            return translate("RoutingDiagram", "on")
        return translate("RoutingDiagram", "off")
    if ladder.kind == "model" and ladder.result == "":
        return translate("RoutingDiagram", '"" (omit the model parameter)')
    return visible(model_value_text(ladder.result) if ladder.kind == "model"
                   else js_string(ladder.result), limit=200)


def value_text(rung: Rung) -> str:
    """The rung's value (and, for the winner, what it resolved to) on one line."""
    if rung.value is None:
        return ""  # the reason says what was missing
    if rung.kind == "fast_mode" and rung.value in ("true", "false"):
        return on_off(rung.value == "true")  # as the ladder's heading says it
    value = visible(rung.value, limit=200)
    if rung.outcome is not None and rung.value.startswith(("{", "[")):
        return visible(rung.outcome, limit=200)  # a tier map entry: its model is the news
    if rung.outcome is not None:
        outcome = visible(rung.outcome, limit=200)
        return translate("RoutingDiagram", "{0} → {1}").format(value, outcome)
    return value


def reason_text(rung: Rung, res: ExecutionResolution | None) -> str:
    """The core's reason, with the tier's origin spelled out where the core says only
    "tier alias" (the tier comes from the profile or from ``models.<phase type>``)."""
    reason = reason_words(rung.kind, rung.reason)
    if res is not None and rung.kind == "model" and rung.layer == "tier_alias" and (
        rung.state == WINNER
    ):
        mr = res.model_resolution
        if mr.tier_source == "models":
            reason = translate("RoutingDiagram",
                               "tier {0} from the phase type's models entry").format(mr.tier)
        elif mr.tier_source == "model_profile":
            reason = translate("RoutingDiagram", "tier {0} from profile {1}").format(
                mr.tier, js_string(res.profile))
    return visible(reason, limit=300)


def source_text(rung: Rung) -> str:
    """Where the value came from, short (a file's folder and name)."""
    if rung.source == SOURCE_WHATIF:
        return translate("RoutingDiagram", "from the what-if")
    if rung.source == SOURCE_BUILTIN:
        return builtin_text()
    if not rung.source:
        return ""
    parts = rung.source.replace("\\", "/").rsplit("/", 2)
    return visible("/".join(parts[-2:]) if len(parts) >= 2 else rung.source, limit=200)


def rung_line(rung: Rung, res: ExecutionResolution | None) -> str:
    """One rung as a sentence, for the screen reader and the SVG's description."""
    parts = [f"{layer_title(rung.kind, rung.layer)} ({rung.layer})", state_title(rung.state)]
    value = value_text(rung)
    if value:
        parts.append(translate("RoutingDiagram", "value {0}").format(value))
    if rung.state != NOT_REACHED:
        parts.append(reason_text(rung, res))
    source = source_text(rung)
    if source:
        parts.append(source)
    if rung.whatif:
        note = visible(whatif_note_text(rung.whatif), limit=200)
        parts.append(translate("RoutingDiagram", "what-if: {0}").format(note))
    return " — ".join(parts)


def accessible_lines(agent: str, ladders: Sequence[Ladder],
                     res: ExecutionResolution | None = None) -> list[str]:
    """The diagram as text: a heading per ladder, then its rungs in precedence order."""
    lines = [translate("RoutingDiagram",
                       "Routing of {0}: precedence runs top to bottom; the first layer that "
                       "applies wins.").format(visible(agent, limit=200))]
    for ladder in ladders:
        lines.append(translate("RoutingDiagram", "{0}: {1}").format(
            kind_title(ladder.kind), result_text(ladder)))
        lines += [f"{i}. {rung_line(rung, res)}" for i, rung in enumerate(ladder.rungs, 1)]
    return lines


def rung_tooltip(rung: Rung, res: ExecutionResolution | None) -> str:
    lines = [f"{layer_title(rung.kind, rung.layer)} — {state_title(rung.state)}",
             translate("RoutingDiagram", "Layer id: {0}").format(rung.layer)]
    if rung.config_key:
        key = visible(rung.config_key, limit=300)
        lines.append(translate("RoutingDiagram", "Config key: {0}").format(key))
    if rung.value is not None:
        lines.append(translate("RoutingDiagram", "Value: {0}").format(value_text(rung)))
    lines.append(translate("RoutingDiagram", "Why: {0}").format(reason_text(rung, res)))
    if rung.source == SOURCE_WHATIF:
        lines.append(translate("RoutingDiagram", "Supplied by the what-if: {0}").format(
            visible(whatif_note_text(rung.whatif))))
    elif rung.source:
        lines.append(translate("RoutingDiagram", "From: {0}").format(
            visible(rung.source) if rung.source != SOURCE_BUILTIN
            else builtin_text()))
        if rung.whatif:
            lines.append(translate("RoutingDiagram", "Steered by the what-if: {0}").format(
                visible(whatif_note_text(rung.whatif))))
    return tooltip("\n".join(lines))


def intro_text(agent: str) -> str:
    return translate("RoutingDiagram",
                     "{0}: precedence runs top to bottom; the first layer that applies wins "
                     "(framed); grey rungs did not apply, with the reason. Hover a rung for "
                     "its layer id and file.").format(visible(agent, limit=200))


def collapsed_right(rung: Rung, res: ExecutionResolution | None) -> str:
    return state_title(NOT_REACHED) if rung.state == NOT_REACHED else reason_text(rung, res)


def reason_line(rung: Rung, res: ExecutionResolution | None) -> str:
    reason = reason_text(rung, res)
    if rung.state != SKIPPED:
        reason = translate("RoutingDiagram", "{0}: {1}").format(state_title(rung.state), reason)
    return reason
