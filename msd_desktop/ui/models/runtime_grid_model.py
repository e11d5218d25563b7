"""The runtime grid's table: one row per agent, one column per runtime (STYLE item 12).

A thin adapter over the core's :class:`~msd_desktop.core.models.routing_report.RoutingReport`
(the grid, and each baking install's comparison). Each cell shows the model and effort config
resolves to under that runtime, worded (``""`` is the runtime's own default, ``inherit`` the
session's model), with the winning layer and every install's verdict in its tooltip. A cell
whose install bakes something else is marked stale; an agent whose cells differ across runtimes
is in italics. With an *after* report (the unsaved Settings edits applied), a cell that changes
reads ``current → after``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.models.install_bake import TAKES_EFFORT, TAKES_MODEL, Bake
from msd_desktop.core.models.install_drift import (
    NOT_INSTALLED,
    SAME,
    STALE,
    UNREADABLE_STATUS,
    AgentDrift,
    InstallDrift,
)
from msd_desktop.core.models.routing import KIND_INHERIT, KIND_OMIT, RoutingCell
from msd_desktop.core.models.routing_report import RoutingReport
from msd_desktop.ui.models.layer_names import layer_title, reason_words
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import tooltip, visible
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color

Index = QModelIndex | QPersistentModelIndex

CellRole = int(Qt.ItemDataRole.UserRole) + 1  # the RoutingCell shown (current)
StatusRole = int(Qt.ItemDataRole.UserRole) + 2  # the worst install verdict, or None
DiffersRole = int(Qt.ItemDataRole.UserRole) + 3  # bool: the row's cells differ
AfterRole = int(Qt.ItemDataRole.UserRole) + 4  # the RoutingCell after the save, or None

# a stale file outweighs an unreadable one, which outweighs a matching one
_SEVERITY = {STALE: 3, UNREADABLE_STATUS: 2, SAME: 1, NOT_INSTALLED: 0}
translate = QCoreApplication.translate
def model_words(cell: RoutingCell) -> str:
    """The cell's model as a person reads it."""
    if cell.kind == KIND_OMIT:
        return translate("RuntimeGrid", "the runtime's own default")
    if cell.kind == KIND_INHERIT:
        return translate("RuntimeGrid", "the session's model")
    return visible(js_string(cell.model), 120)


def cell_text(cell: RoutingCell) -> str:
    """Model, then the effort the runtime receives (when it takes one)."""
    if cell.effort is None:
        return model_words(cell)
    return translate("RuntimeGrid", "{model} · {effort}").format(
        model=model_words(cell), effort=cell.effort)


def bake_words(runtime: str, bake: Bake | None) -> str:
    """What an agent file bakes (or would), in words: only what that runtime's installer writes."""
    if bake is None:
        return translate("RuntimeGrid", "nothing")
    parts = []
    if runtime in TAKES_MODEL:
        parts.append(translate("RuntimeGrid", "model {model}").format(
            model=visible(bake.model, 120))
                     if bake.model is not None else translate("RuntimeGrid", "no model line"))
    if runtime in TAKES_EFFORT:
        parts.append(translate("RuntimeGrid", "effort {effort}").format(
            effort=visible(bake.effort, 40))
                     if bake.effort is not None else translate("RuntimeGrid", "no effort line"))
    return ", ".join(parts)


def drift_sentence(drift: InstallDrift, row: AgentDrift) -> str:
    """One install's verdict on one agent, as a whole sentence."""
    rt, where = drift.install.runtime, visible(drift.install.directory, 300)
    if row.status == STALE:
        return translate("RuntimeGrid", "Stale: the install at {where} bakes {installed}; "
                         "config now resolves {expected}. Refresh with: {command}").format(
            where=where, installed=bake_words(rt, row.installed),
            expected=bake_words(rt, row.expected), command=drift.command)
    if row.status == SAME:
        return translate("RuntimeGrid", "The install at {where} bakes the same ({bake}).").format(
            where=where, bake=bake_words(rt, row.installed))
    if row.status == UNREADABLE_STATUS:
        return translate("RuntimeGrid", "Unreadable in the install at {where}: {problem}").format(
            where=where, problem=visible(core_text(row.problem or ""), 400))
    return translate("RuntimeGrid", "Not installed in the install at {where}.").format(where=where)


class RuntimeGridModel(HeaderedTableModel):
    """Agents × runtimes over a routing report (and an optional after-save report)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.report: RoutingReport | None = None
        self.after: RoutingReport | None = None
        self._agents: Sequence[str] = ()
        self._runtimes: Sequence[str] = ()
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)

    # -- data in

    def set_report(self, report: RoutingReport | None,
                   after: RoutingReport | None = None) -> None:
        """Show ``report`` (``after``: the same project with unsaved edits applied)."""
        self.beginResetModel()
        self.report = report
        self.after = after
        self._agents = report.grid.agents if report is not None else ()
        self._runtimes = report.grid.runtimes if report is not None else ()
        self.endResetModel()

    def row_items(self) -> Sequence[Any]:
        return self._agents

    def column_headers(self) -> Sequence[str]:
        if self.report is None:
            return ()
        active = self.report.active.runtime
        return [translate("RuntimeGrid", "Agent"), *(
            translate("RuntimeGrid", "{runtime} (active)").format(runtime=rt)
            if rt == active else rt
            for rt in self._runtimes)]

    def runtime_at(self, column: int) -> str | None:
        """The runtime of a column (``None`` for the agent column)."""
        return self._runtimes[column - 1] if 1 <= column <= len(self._runtimes) else None

    # -- lookups

    def status(self, agent: str, runtime: str) -> str | None:
        """The worst verdict of the runtime's installs on the agent (``None``: no install)."""
        assert self.report is not None
        rows = self.report.drift_for(agent, runtime)
        if not rows:
            return None
        return max((row.status for _, row in rows), key=lambda s: _SEVERITY.get(s, 0))

    def _after_cell(self, agent: str, runtime: str) -> RoutingCell | None:
        if self.after is None or (agent, runtime) not in self.after.grid.cells:
            return None
        return self.after.grid.cells[(agent, runtime)]

    # -- data out

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if self.report is None or not index.isValid():
            return None
        agent = self._agents[index.row()]
        runtime = self.runtime_at(index.column())
        differs = self.report.grid.differs(agent)
        if role == DiffersRole:
            return differs
        if runtime is None:
            if role == Qt.ItemDataRole.DisplayRole:
                return agent
            if role == Qt.ItemDataRole.FontRole and differs:
                return self._italic  # the runtimes disagree on this agent (tooltip says so)
            if role == Qt.ItemDataRole.ToolTipRole:
                return tooltip(translate("RuntimeGrid", "{agent}: the runtimes shown do not all "
                                  "give it the same model and effort.").format(agent=agent)
                        if differs else
                        translate("RuntimeGrid", "{agent}: the same model and effort under "
                                  "every runtime shown.").format(agent=agent))
            return None
        cell = self.report.grid.cell(agent, runtime)
        after = self._after_cell(agent, runtime)
        changed = after is not None and cell_text(after) != cell_text(cell)
        status = self.status(agent, runtime)
        if role == CellRole:
            return cell
        if role == AfterRole:
            return after
        if role == StatusRole:
            return status
        if role == Qt.ItemDataRole.DisplayRole:
            text = cell_text(cell)
            if changed:
                assert after is not None
                text = translate("RuntimeGrid", "{before} → {after}").format(
                    before=text, after=cell_text(after))
            if status == STALE:  # the colour and the tooltip say the rest
                return translate("RuntimeGrid", "⚠ {text}").format(text=text)
            if status == UNREADABLE_STATUS:
                return translate("RuntimeGrid", "{text} (install unreadable)").format(text=text)
            return text
        if role == Qt.ItemDataRole.ForegroundRole:
            if status == STALE:
                return semantic_color("warning")
            if status == UNREADABLE_STATUS:
                return semantic_color("error")
            return None
        if role == Qt.ItemDataRole.BackgroundRole and status == STALE:
            return semantic_color("warning_bg")
        if role == Qt.ItemDataRole.FontRole and (changed or status == STALE):
            return self._bold
        if role == Qt.ItemDataRole.ToolTipRole:  # the cell's own text first: it may elide
            return self._tooltip(str(self.data(index)), agent, runtime, cell,
                                 after if changed else None)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            shown = str(self.data(index))
            return (translate("RuntimeGrid", "{text} (stale install)").format(text=shown)
                    if status == STALE else shown)
        return None

    def _tooltip(self, shown: str, agent: str, runtime: str, cell: RoutingCell,
                 after: RoutingCell | None) -> str:
        assert self.report is not None
        lines = [
            shown,
            translate("RuntimeGrid", "{agent} under {runtime}: {model}").format(
                agent=agent, runtime=runtime, model=model_words(cell)),
            translate("RuntimeGrid", "Chosen by: {layer} ({reason})").format(
                layer=layer_title("model", cell.layer), reason=reason_words("model", cell.reason)),
        ]
        if cell.effort is not None:
            lines.append(translate("RuntimeGrid", "Effort sent: {effort} ({layer})").format(
                effort=cell.effort, layer=layer_title("effort", cell.effort_layer)))
        else:
            lines.append(translate("RuntimeGrid", "This runtime takes no effort setting."))
        if after is not None:
            lines.append(translate("RuntimeGrid", "After saving the Settings edits: {text}").format(
                text=cell_text(after)))
        lines.extend(drift_sentence(d, row) for d, row in self.report.drift_for(agent, runtime))
        return tooltip("\n".join(lines))  # paths and models are file text: never markup
