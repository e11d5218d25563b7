"""The selected agent's trace: every precedence layer in order, for the model, effort and fast_mode.

The steps are the core's ``TraceStep`` records (``resolution.resolve_model`` and
``execution.resolve_effort`` / ``resolve_fast_mode``): layer, consulted, value, applied, reason.
The "File" column says where a consulted value came from: the step's own ``source`` when the
core gives one (``model_overrides``), else the file ``LoadedConfig.provenance`` names for the
config key that layer reads (a tiny adapter, :func:`layer_config_key`); built-in layers say so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from msd_desktop.core.models.execution import ExecutionResolution
from msd_desktop.core.models.resolution import TraceStep, js_str
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color

Index = QModelIndex | QPersistentModelIndex

KindRole = Qt.ItemDataRole.UserRole + 1  # "model" | "effort" | "fast_mode"
StepRole = Qt.ItemDataRole.UserRole + 2  # the TraceStep
AppliedRole = Qt.ItemDataRole.UserRole + 3
FileRole = Qt.ItemDataRole.UserRole + 4  # full path, "built-in", "what-if" or ""

COLUMNS = ("", "Layer", "Value", "Result", "Why", "File")
COL_KIND, COL_LAYER, COL_VALUE, COL_RESULT, COL_WHY, COL_FILE = range(6)

KIND_LABELS = {"model": "Model", "effort": "Effort", "fast_mode": "Fast mode"}

# Given (file path for a config key) → where a layer's value came from.
FileLookup = Callable[[str], str | None]


def layer_config_key(kind: str, step: TraceStep, res: ExecutionResolution) -> str | None:
    """The config key a layer reads, for the File column; ``"builtin"``/``"override"`` markers."""
    agent = res.agent
    mr = res.model_resolution
    layer = step.layer
    if kind == "model":
        table = {
            "model_overrides": f"model_overrides.{agent}",
            "dynamic_routing": "dynamic_routing",
            "model_policy": "model_policy",
            "model_profile_overrides": "model_profile_overrides",
            "runtime_tier_default": "builtin",
            "resolve_model_ids_omit": "resolve_model_ids",
            "unknown_agent_default": "model_profile",
            "tier_full_id": "resolve_model_ids",
        }
        if layer in ("inherit", "tier_alias"):
            return "models" if mr.tier_source == "models" else "model_profile"
        return table.get(layer)
    if layer.startswith("--"):
        return "override"
    if layer.startswith("builtin."):
        return "builtin"
    tier = res.model_resolution.routing_tier or _routing_tier(res)
    if layer.endswith(".agent_overrides"):
        return f"{layer}.{agent}"
    if layer.endswith(".routing_tier_defaults"):
        return f"{layer}.{tier}" if tier else layer
    return layer


def _routing_tier(res: ExecutionResolution) -> str | None:
    from msd_desktop.core.models.catalog import load_catalog

    meta = load_catalog().agents.get(res.agent)
    return meta.routing_tier if meta else None


class TraceRow(NamedTuple):
    kind: str
    step: TraceStep
    file: str


def trace_rows(res: ExecutionResolution, file_of: FileLookup | None = None) -> list[TraceRow]:
    """Model steps, then effort, then fast_mode — each in precedence order."""
    rows: list[TraceRow] = []
    groups = (("model", res.model_resolution.trace), ("effort", res.effort_resolution.trace),
              ("fast_mode", res.fast_mode_resolution.trace))
    for kind, steps in groups:
        for step in steps:
            file = ""
            if step.consulted:
                key = layer_config_key(kind, step, res)
                if step.source:
                    file = step.source
                elif key == "builtin":
                    file = "built-in"
                elif key == "override":
                    file = "what-if override"
                elif key and file_of is not None and step.value is not None:
                    file = file_of(key) or ""
            rows.append(TraceRow(kind, step, file))
    return rows


def _value(step: TraceStep) -> str:
    if step.value is None:
        return "—" if not step.consulted else "(absent)"
    if step.value == "":
        return '""'
    if isinstance(step.value, dict | list):
        import json

        return json.dumps(step.value, ensure_ascii=False)
    return js_str(step.value)


class TraceTableModel(HeaderedTableModel):
    """Rows = trace steps of one agent (model, effort, fast_mode)."""

    HEADERS = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[TraceRow] = []
        self.agent: str | None = None

    def set_result(self, res: ExecutionResolution | None, file_of: FileLookup | None = None
                   ) -> None:
        self.beginResetModel()
        self.agent = res.agent if res is not None else None
        self.rows = trace_rows(res, file_of) if res is not None else []
        self.endResetModel()

    def row_items(self) -> Sequence[Any]:
        return self.rows

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self.rows)):
            return None
        row = self.rows[index.row()]
        step = row.step
        col = index.column()
        first_of_kind = index.row() == 0 or self.rows[index.row() - 1].kind != row.kind
        if role == Qt.ItemDataRole.DisplayRole:
            if col == COL_KIND:
                return KIND_LABELS[row.kind] if first_of_kind else ""
            if col == COL_LAYER:
                return step.layer
            if col == COL_VALUE:
                return _value(step)
            if col == COL_RESULT:
                if step.applied:
                    return "✔ applied"
                return "skipped" if step.consulted else "not consulted"
            if col == COL_WHY:
                return step.reason
            if col == COL_FILE:
                return row.file.rsplit("/", 2)[-2] + "/" + row.file.rsplit("/", 1)[-1] \
                    if row.file.count("/") >= 2 else row.file
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == COL_FILE and row.file:
                return row.file
            if col in (COL_WHY, COL_VALUE):
                return f"{_value(step)} — {step.reason}"
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
        if role == StepRole:
            return step
        if role == AppliedRole:
            return step.applied
        if role == FileRole:
            return row.file
        return None
