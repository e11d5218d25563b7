"""The History page's timeline model without a view: its difference counts follow the saved
file and the draft (each worked out once, never a stale one)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from msd_desktop.core.history.index import Entry
from msd_desktop.ui.settings.history_page import Row, TimelineModel


def _row(n: int, doc: dict[str, object] | None) -> Row:
    return Row(Entry(f"e{n}", 1_700_000_000.0 + n, "/p/.planning/config.json", "Settings save",
                     None if doc is None else f"{n:064x}", 10, "present" if doc else "absent"),
               doc)


def _cells(model: TimelineModel) -> list[tuple[str, str]]:
    return [(model.data(model.index(r, 3)), model.data(model.index(r, 4)))
            for r in range(model.rowCount())]


def test_counts_follow_the_saved_file_and_the_draft(qtbot: QtBot, english: None) -> None:
    model = TimelineModel()
    model.set_rows([_row(1, {"mode": "yolo", "git": {"branching": "none"}}),
                    _row(2, {"mode": "interactive"}), _row(3, None)])
    model.set_documents({"mode": "yolo", "git": {"branching": "none"}}, {"mode": "yolo"})
    assert _cells(model) == [("same", "1 key"), ("2 keys", "1 key"),
                             ("file absent", "file absent")]
    with qtbot.waitSignal(model.dataChanged):
        model.set_documents({"mode": "interactive"}, {"mode": "interactive"})
    assert _cells(model)[:2] == [("2 keys", "2 keys"), ("same", "same")]
    model.set_rows([_row(4, {"mode": "interactive", "x": 1})])
    assert _cells(model) == [("1 key", "1 key")]
    assert model.data(model.index(0, 3), Qt.ItemDataRole.ToolTipRole) == "1 key"
