"""The widths of the Models tab's two tables: agents and trace.

Why measured here, once per recompute: ``ResizeToContents`` would re-measure every cell through
``data()`` on each layout pass; the agents' widths come from font metrics over the model's
cached cell texts instead. When the natural widths do not fit, the columns that elide well give
up width in a fixed order (the full text is in each cell's tooltip); the model ids never elide.
"""

from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QStyle, QTableView

from msd_desktop.ui.models.resolution_model import (
    COL_AGENT,
    COL_FLAGS,
    COL_LAYER,
    COL_MODEL,
    COL_PHASE,
    COL_ROUTING,
    COLUMNS,
    ResolutionTableModel,
)
from msd_desktop.ui.models.table_fit import fit_widths
from msd_desktop.ui.models.trace_model import COL_FILE as TRACE_FILE
from msd_desktop.ui.models.trace_model import COL_LAYER as TRACE_LAYER
from msd_desktop.ui.models.trace_model import COL_VALUE as TRACE_VALUE
from msd_desktop.ui.models.trace_model import COL_WHY as TRACE_WHY

LAYER_FLOOR = 100  # px: layer names, flags and reasons elide first, down to this
AGENT_FLOOR = 130  # px: then the agent names (in the middle)
SHRINK_FLOOR = 60  # px: then the layer names further, then the phase type and routing tier
TRACE_LAYER_FLOOR = 170  # px: the trace's layer names
TRACE_WHY_FLOOR = 160  # px: the trace's reasons
LAST_FLOOR = 40  # px: in a very narrow window, every column but the model


def agent_widths(table: QTableView, model: ResolutionTableModel) -> list[int]:
    """Each column's natural width (bold for changed rows). The Flags column is shown only
    when some agent has a flag (an empty column stretched across the table reads as missing
    data); without it, the Layer column stretches."""
    has_flags = any(v.flags for v in model.views)
    table.setColumnHidden(COL_FLAGS, not has_flags)
    header = table.horizontalHeader()
    plain = table.fontMetrics()
    bold = QFontMetrics(model.bold_font())
    # the item delegate's horizontal text margins: painting takes the focus-frame margin
    # off each side twice (the item's text rect, then the text inside it), so a width
    # with the margin counted once elided bold what-if cells ("haiku → …")
    margin = 4 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin,
                                            None, table) + 1)
    widths = [header.sectionSizeHint(col) for col in range(len(COLUMNS))]
    measured: dict[tuple[bool, str], int] = {}  # cells repeat (tiers, efforts, on/off)
    for view in model.views:
        fm = bold if view.changed else plain
        for col, text in enumerate(view.cells):
            if text:
                w = measured.get((view.changed, text))
                if w is None:
                    w = measured[(view.changed, text)] = fm.horizontalAdvance(text) + margin
                if w > widths[col]:
                    widths[col] = w
    return widths


def fit_agent_columns(table: QTableView, widths: list[int]) -> None:
    """The natural widths, or — when they do not fit the table — the agent, layer and
    flags columns elided (in the middle; the tooltip has the full text), never the model."""
    if not widths:
        return
    shown = [c for c in range(len(widths)) if not table.isColumnHidden(c)]
    position = {c: i for i, c in enumerate(shown)}

    def cols(*columns: int) -> list[int]:
        return [position[c] for c in columns if c in position]

    others = [c for c in shown if c != COL_MODEL]
    fitted = fit_widths([widths[c] for c in shown], table.viewport().width(), (
        (cols(COL_LAYER, COL_FLAGS), LAYER_FLOOR),
        (cols(COL_AGENT), AGENT_FLOOR),
        (cols(COL_LAYER, COL_FLAGS), SHRINK_FLOOR),
        (cols(COL_PHASE, COL_ROUTING), SHRINK_FLOOR),
        (cols(*others), LAST_FLOOR),  # the model ids never elide
    ))
    header = table.horizontalHeader()
    for col, width in zip(shown, fitted, strict=True):
        header.resizeSection(col, width)


def fit_trace_columns(trace: QTableView) -> list[int]:
    """The trace's columns at their content width while they fit; else the reason, the
    value, the file and the layer name elide (each has its full text in the tooltip).
    Returns the natural widths."""
    header = trace.horizontalHeader()
    count = trace.model().columnCount()
    widths = [max(header.sectionSizeHint(c), trace.sizeHintForColumn(c))
              for c in range(count)]
    fitted = fit_widths(widths, trace.viewport().width(), (
        ([TRACE_LAYER], TRACE_LAYER_FLOOR),  # the layer id is in the tooltip
        ([TRACE_FILE], LAYER_FLOOR),  # the full path is in the tooltip
        ([TRACE_WHY], TRACE_WHY_FLOOR),  # the reason: what people read the trace for
        ([TRACE_WHY, TRACE_VALUE, TRACE_FILE, TRACE_LAYER], SHRINK_FLOOR),
        (list(range(count)), LAST_FLOOR),
    ))
    for col, width in enumerate(fitted):
        header.resizeSection(col, width)
    return widths
