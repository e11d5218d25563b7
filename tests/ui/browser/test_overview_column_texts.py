"""The column fit reads a whole column at once (``OverviewModel.column_texts``); it must give
exactly the texts the cells show, hostile names and every status included."""

from __future__ import annotations

from pathlib import Path

from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.ui.browser.overview_model import (
    COLUMNS,
    OverviewModel,
    rows_from_summaries,
)


def _summaries() -> list[ProjectSummary]:
    statuses = ["executing", "paused", "planning", "", "something-unknown", "complete"]
    out = []
    for i, status in enumerate(statuses * 3):
        out.append(ProjectSummary(
            root=Path(f"/p/{i}"), name=f"proj\u202e-{i}" if i % 4 == 0 else f"project-{i}",
            workspace="" if i % 5 == 0 else f"ws\n{i}", milestone=f"v1.{i} <b>x</b>",
            phase="" if i % 3 == 0 else f"{i} of 9\x1b[31m", status=status,
            percent=None if i % 2 else i * 5, last_activity="" if i % 2 else "2026-12-01",
            problems=[f"problem {i}\u200b"] if i % 6 == 1 else [],
            workstreams={"alpha": ProjectSummary(root=Path(f"/p/{i}"), name=f"project-{i}",
                                                 workstream="alpha", status="paused")}
            if i == 7 else {}))
    return out


def test_column_texts_are_the_cells_display_texts(qapp) -> None:
    rows = rows_from_summaries(_summaries())
    for col in range(len(COLUMNS)):
        assert OverviewModel.column_texts(rows, col) == [
            OverviewModel.display_text(row, col) for row in rows], col
    assert OverviewModel.column_texts([], 0) == []
