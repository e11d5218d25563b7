"""The overview fits its columns and rows itself, the way Qt's own resize would."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.ui.browser.overview_model import (
    COL_MILESTONE,
    COL_PHASE,
    COL_PROBLEMS,
    COL_PROJECT,
    COL_STATUS,
    OverviewModel,
    rows_from_summaries,
)
from msd_desktop.ui.browser.overview_view import OverviewView


def _view(qtbot, summaries: list[ProjectSummary]) -> OverviewView:
    model = OverviewModel()
    view = OverviewView(model)
    qtbot.addWidget(view)
    view.resize(1400, 700)
    view.show()
    model.set_rows(rows_from_summaries(summaries))
    return view


def _summary(i: int, **kw: object) -> ProjectSummary:
    return ProjectSummary(root=Path(f"/p/{i}"), name=f"project-{i}", milestone=f"v1.{i} Thing",
                          phase=f"{i} of 9 (Phase {'x' * i})", status="executing", **kw)


def test_content_widths_match_qts_own_measure(qtbot) -> None:
    view = _view(qtbot, [_summary(i) for i in range(1, 8)])
    widths = view.content_widths()
    header = view.table.horizontalHeader()
    for col in (COL_PROJECT, COL_MILESTONE, COL_PHASE, COL_STATUS):
        qt = max(view.table.sizeHintForColumn(col), header.sectionSizeHint(col))
        assert abs(widths[col] - qt) <= 1, (col, widths[col], qt)


def test_long_texts_far_down_still_count(qtbot) -> None:
    summaries = [_summary(1) for _ in range(150)]
    summaries = [ProjectSummary(**{**s.__dict__, "root": Path(f"/p/{i}")})
                 for i, s in enumerate(summaries)]
    summaries[-1].phase = "a very long phase name that only the last project has " * 2
    view = _view(qtbot, summaries)
    fm = view.table.fontMetrics()
    assert view.content_widths()[COL_PHASE] > fm.horizontalAdvance(summaries[-1].phase)


def test_every_row_is_one_line_problems_elide_with_the_full_list_in_the_tooltip(qtbot) -> None:
    """A wrapped Problems cell made rows five lines tall: every row is one line now, the
    cell keeps its count badge and elides, the tooltip lists every problem."""
    calm = [_summary(i) for i in range(1, 60)]
    troubled = [_summary(i, problems=["first problem", "second problem", "third problem"])
                for i in range(60, 120)]
    view = _view(qtbot, calm + troubled)
    view.table.setColumnWidth(COL_PROBLEMS, 160)
    qtbot.wait(100)
    vh = view.table.verticalHeader()
    default = vh.defaultSectionSize()
    assert {vh.sectionSize(r) for r in range(view.proxy.rowCount())} == {default}
    row = next(r for r in range(view.proxy.rowCount())
               if view.proxy.index(r, COL_PROBLEMS).data())
    index = view.proxy.index(row, COL_PROBLEMS)
    text = index.data()
    assert text.startswith("(3) first problem")
    assert "\n" not in text
    tip = index.data(Qt.ItemDataRole.ToolTipRole)  # escaped rich text, a line each
    assert tip == "<qt>first problem<br>second problem<br>third problem</qt>"
