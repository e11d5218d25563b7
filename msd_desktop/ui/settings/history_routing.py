"""The History page's model routing: what the selected entry does to each agent's model and
effort, against the state the page compares it with (the saved file or the draft).

A thin view over :func:`msd_desktop.core.history.routing_impact.routing_changes`: the core
loads both states with the loader's rules and resolves every agent, which reads the project's
other config files and its install marker, so it runs on the worker pool; the newest request
wins. Only the agents whose model or effort differ are listed; otherwise the heading says there
is no routing change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QHeaderView, QTableView

from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.history.routing_impact import Route, RouteChange
from msd_desktop.ui.widgets.plain_text import visible
from msd_desktop.ui.widgets.table_model import HeaderedTableModel, Index


class RoutingChangeModel(HeaderedTableModel):
    """One row per agent whose routing differs: the agent, in this entry, now."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.changes: list[RouteChange] = []

    def column_headers(self) -> Sequence[str]:
        return (self.tr("Agent"), self.tr("In this entry"), self.tr("Now"))

    def row_items(self) -> Sequence[Any]:
        return self.changes

    def set_changes(self, changes: list[RouteChange]) -> None:
        self.beginResetModel()
        self.changes = changes
        self.endResetModel()

    def route_text(self, route: Route | None) -> str:
        """A route as one cell: the model and the effort."""
        if route is None:
            return self.tr("(not resolved)")
        model = self.tr('"" (omit)') if route.model == "" else visible(js_string(route.model))
        effort = visible(js_string(route.effort))
        return self.tr("%1 · effort %2").replace("%1", model).replace("%2", effort)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole,
                                               Qt.ItemDataRole.ToolTipRole):
            return None
        change = self.changes[index.row()]
        if index.column() == 0:
            return visible(change.agent)
        return self.route_text(change.before if index.column() == 1 else change.after)


class RoutingPane(QObject):
    """The table of the agents that move and its heading (how many, or none), which the page
    shows as the title of the table's tab."""

    heading_changed = Signal(str)

    def __init__(self, table: QTableView, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = RoutingChangeModel(self)
        self.table = table
        table.setModel(self.model)
        table.setAccessibleName(self.tr("Model routing that differs"))
        header = table.horizontalHeader()  # the two states share what the agents leave
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.heading = self.tr("Model routing")
        self._generation = 0
        self.pending = False

    def _set_heading(self, text: str) -> None:
        self.heading = text
        self.heading_changed.emit(text)

    def clear(self, why: str = "") -> None:
        """Nothing to compare (no entry, or one without a snapshot)."""
        self._generation += 1
        self.pending = False
        self.model.set_changes([])
        self._set_heading(why or self.tr("Model routing"))

    def compute(self, path: Path, before: Any, after: Any,
                env: Mapping[str, str] | None) -> None:
        """Resolve both states on the worker pool; the newest request wins."""
        from msd_desktop.core.history.routing_impact import routing_changes
        from msd_desktop.ui.widgets.workers import run_op

        self._generation += 1
        generation = self._generation
        self.pending = True
        self._set_heading(self.tr("Model routing: working it out…"))
        env_copy = dict(env) if env is not None else None

        def done(changes: list[RouteChange]) -> None:
            if generation != self._generation:
                return
            self.pending = False
            self.model.set_changes(changes)
            self._set_heading(
                self.tr("Model routing: %n agent(s) change", "", len(changes)) if changes
                else self.tr("Model routing: no routing change."))

        def failed(error: BaseException) -> None:
            if generation != self._generation:
                return
            self.pending = False
            self.model.set_changes([])
            from msd_desktop.ui.widgets.core_text import core_text

            self._set_heading(self.tr("Model routing could not be worked out: %1").replace(
                "%1", visible(core_text(error))))

        run_op(lambda: routing_changes(path, before, after, env_copy), name="history-routing",
               on_finished=done, on_failed=failed, owner=self)
