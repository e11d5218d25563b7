"""The selected agent's trace: every precedence layer in order, for the model, effort and fast_mode.

The steps are the core's ``TraceStep`` records (``resolution.resolve_model`` and
``execution.resolve_effort`` / ``resolve_fast_mode``): layer, consulted, value, applied, reason.
The "File" column says where a consulted value came from, as the core's ladder
(``core.models.ladder.rung_source``) words it: the step's own ``source`` when the core gives
one (``model_overrides``), else the file ``LoadedConfig.provenance`` names for the config key
that layer reads; built-in layers say so, and a value the what-if supplied says ``what-if``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.models.execution import ExecutionResolution
from msd_desktop.core.models.ladder import (  # layer_config_key: re-exported for callers
    SOURCE_BUILTIN,
    SOURCE_WHATIF,
    FileLookup,
    WhatIf,
    layer_config_key,
    rung_source,
)
from msd_desktop.core.models.resolution import TraceStep
from msd_desktop.ui.models.layer_names import (
    builtin_text,
    kind_title,
    layer_title,
    reason_words,
    whatif_text,
)
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color

Index = QModelIndex | QPersistentModelIndex

KindRole = Qt.ItemDataRole.UserRole + 1  # "model" | "effort" | "fast_mode"
StepRole = Qt.ItemDataRole.UserRole + 2  # the TraceStep
AppliedRole = Qt.ItemDataRole.UserRole + 3
FileRole = Qt.ItemDataRole.UserRole + 4  # full path, "built-in", "what-if" or ""
LayerIdRole = Qt.ItemDataRole.UserRole + 5  # the step's layer id (the Layer column's name)

__all__ = ["COLUMNS", "TraceRow", "TraceTableModel", "layer_config_key", "trace_rows"]

COLUMNS = ("", "Layer", "Value", "Result", "Why", "File")
COL_KIND, COL_LAYER, COL_VALUE, COL_RESULT, COL_WHY, COL_FILE = range(6)


translate = QCoreApplication.translate


def column_titles() -> tuple[str, ...]:
    """The column headers in the window's language (:data:`COLUMNS` in English)."""
    return ("", translate("TraceTable", "Layer"), translate("TraceTable", "Value"),
            translate("TraceTable", "Result"), translate("TraceTable", "Why"),
            translate("TraceTable", "File"))


def column_tooltips() -> tuple[str, ...]:
    return (translate("TraceTable", "Which value: model, effort or fast mode"),
            translate("TraceTable", "The precedence layer (its id in the cell's tooltip)"),
            translate("TraceTable", "What the layer held"),
            translate("TraceTable", "Whether the layer decided the value"),
            translate("TraceTable", "Why it applied or not (from the resolver)"),
            translate("TraceTable", "Where the value came from"))


def file_text(file: str) -> str:
    """The File column: a file's folder and name, or the words for built-in / what-if."""
    if file == SOURCE_WHATIF:
        return whatif_text()
    if file == SOURCE_BUILTIN:
        return builtin_text()
    if file.count("/") >= 2:
        return file.rsplit("/", 2)[-2] + "/" + file.rsplit("/", 1)[-1]
    return file


class TraceRow(NamedTuple):
    kind: str
    step: TraceStep
    file: str


def trace_rows(res: ExecutionResolution, file_of: FileLookup | None = None,
               whatif: WhatIf | None = None) -> list[TraceRow]:
    """Model steps, then effort, then fast_mode — each in precedence order. The File column
    is the core ladder's source: a value the what-if supplied is credited to the what-if."""
    rows: list[TraceRow] = []
    groups = (("model", res.model_resolution.trace), ("effort", res.effort_resolution.trace),
              ("fast_mode", res.fast_mode_resolution.trace))
    for kind, steps in groups:
        for step in steps:
            file, _note = rung_source(kind, step, res, file_of, whatif)
            rows.append(TraceRow(kind, step, file))
    return rows


def _value(step: TraceStep) -> str:
    if step.value is None:
        return "—" if not step.consulted else translate("TraceTable", "(absent)")
    if step.value == "":
        return '""'
    if isinstance(step.value, dict | list):
        import json

        return json.dumps(step.value, ensure_ascii=False)
    return js_string(step.value)


class TraceTableModel(HeaderedTableModel):
    """Rows = trace steps of one agent (model, effort, fast_mode)."""

    HEADERS = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[TraceRow] = []
        self.agent: str | None = None

    def set_result(self, res: ExecutionResolution | None, file_of: FileLookup | None = None,
                   whatif: WhatIf | None = None) -> None:
        self.beginResetModel()
        self.agent = res.agent if res is not None else None
        self.rows = trace_rows(res, file_of, whatif) if res is not None else []
        self.endResetModel()

    def row_items(self) -> Sequence[Any]:
        return self.rows

    def column_headers(self) -> Sequence[str]:
        return column_titles()

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal
                and 0 <= section < len(COLUMNS)):
            return column_tooltips()[section]
        return super().headerData(section, orientation, role)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self.rows)):
            return None
        row = self.rows[index.row()]
        step = row.step
        col = index.column()
        first_of_kind = index.row() == 0 or self.rows[index.row() - 1].kind != row.kind
        if role == Qt.ItemDataRole.DisplayRole:
            if col == COL_KIND:
                return kind_title(row.kind) if first_of_kind else ""
            if col == COL_LAYER:
                return layer_title(row.kind, step.layer)
            if col == COL_VALUE:
                return _value(step)
            if col == COL_RESULT:
                if step.applied:
                    return translate("TraceTable", "✔ applied")
                if step.consulted:
                    return translate("TraceTable", "skipped")
                return translate("TraceTable", "not consulted")
            if col == COL_WHY:
                return reason_words(row.kind, step.reason)
            if col == COL_FILE:
                return file_text(row.file)
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == COL_FILE and row.file:
                return file_text(row.file) if row.file in (SOURCE_WHATIF, SOURCE_BUILTIN) \
                    else row.file
            if col == COL_LAYER:  # the name first: a narrow column elides it
                return layer_title(row.kind, step.layer) + "\n" + translate(
                    "TraceTable", "Layer id: {0}").format(step.layer)
            if col in (COL_WHY, COL_VALUE):
                return f"{_value(step)} — {reason_words(row.kind, step.reason)}"
            return None
        if role == Qt.ItemDataRole.FontRole and (step.applied or (col == COL_KIND)):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            if step.applied and col == COL_RESULT:
                return semantic_color("ok")
            if not step.consulted and col != COL_KIND:
                return semantic_color("muted")
            return None
        if role == KindRole:
            return row.kind
        if role == LayerIdRole:
            return step.layer
        if role == StepRole:
            return step
        if role == AppliedRole:
            return step.applied
        if role == FileRole:
            return row.file
        return None
