"""Completion in the JSON tab's text, with real keys: Ctrl+Space lists the keys, agent names or
choices that fit at the cursor, typing a key inside quotes lists the keys containing it, Enter
or Tab puts the name in; an agent name close to a known one gets a "did you mean" note."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.ui.settings.json_completion import candidates, place_at
from msd_desktop.ui.settings.json_page import JsonSettingsPage

CTRL = Qt.KeyboardModifier.ControlModifier


def _page(qtbot: QtBot, tmp_path: Path, data: dict[str, object] | None = None
          ) -> JsonSettingsPage:
    path = tmp_path / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(data or {"mode": "yolo"}, indent=2) + "\n", encoding="utf-8")
    page = JsonSettingsPage()
    qtbot.addWidget(page)
    page.resize(900, 600)
    page.set_draft(ConfigDraft(path))
    page.show()
    qtbot.waitExposed(page)
    page.activateWindow()
    return page


def _cursor_after(qtbot: QtBot, page: JsonSettingsPage, anchor: str) -> None:
    cursor = page.editor.textCursor()
    cursor.setPosition(page.text().index(anchor) + len(anchor))
    page.editor.setTextCursor(cursor)
    page.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.editor, timeout=10000)


def _keys_target() -> QWidget:
    """Where a key goes: the open list (Qt gives an open popup the keys), else the focus."""
    target = QApplication.activePopupWidget() or QApplication.focusWidget()
    assert target is not None
    return target


def _listed(page: JsonSettingsPage) -> list[str]:
    completer = page.editor.completion.completer
    model = completer.completionModel()
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def _popup(page: JsonSettingsPage) -> bool:
    return page.editor.completion.popup_visible()


def test_the_cursors_place_is_read_from_the_text_before_it() -> None:
    assert place_at('{\n  "mo') == (True, True, (), "mo")
    assert place_at('{"mode": "yo') == (True, False, ("mode",), "yo")
    assert place_at('{"workflow": {"re') == (True, True, ("workflow",), "re")
    assert place_at('{"a": [1, {"b": 2}], "c') == (True, True, (), "c")
    assert place_at('{"a": "x\\"y", "') == (True, True, (), "")
    assert "msd-planner" in candidates(place_at('{"model_overrides": {"msd-pl'))
    assert "research" in candidates(place_at('{"workflow": {"re'))
    assert "mode" in candidates(place_at('{"'))
    assert "research" not in candidates(place_at('{"'))  # only the top level's keys there
    assert candidates(place_at('{"granularity": "')) == ["coarse", "standard", "fine"]
    assert candidates(place_at('{"mode": "yolo", "parallelization": {"max_concurrent_agents": '
                               '"')) == []


def test_ctrl_space_lists_agents_and_enter_puts_one_in(qtbot: QtBot, tmp_path: Path) -> None:
    page = _page(qtbot, tmp_path, {"mode": "yolo", "model_overrides": {"msd-executor": "opus"}})
    _cursor_after(qtbot, page, '"model_overrides": {')
    QTest.keyClick(page.editor, Qt.Key.Key_Return)
    QTest.keyClicks(page.editor, '"msd-pl')
    QTest.keyClick(page.editor, Qt.Key.Key_Space, CTRL)
    qtbot.waitUntil(lambda: _popup(page), timeout=10000)
    assert _listed(page)[0] == "msd-planner"
    assert all("msd-pl" in name for name in _listed(page))
    lines = page.text().count("\n")
    QTest.keyClick(_keys_target(), Qt.Key.Key_Return)
    assert not _popup(page)
    assert '"msd-planner": ' in page.text()
    assert page.text().count("\n") == lines  # Enter picked; it made no new line
    QTest.keyClicks(_keys_target(), '"sonnet",')
    draft = page.draft
    assert draft is not None
    qtbot.waitUntil(lambda: draft.pending.get("model_overrides", {}).get("msd-planner")
                    == "sonnet", timeout=10000)


def test_typing_a_key_lists_what_fits_and_tab_puts_it_in(qtbot: QtBot, tmp_path: Path
                                                         ) -> None:
    page = _page(qtbot, tmp_path)
    _cursor_after(qtbot, page, '"yolo"')
    QTest.keyClicks(page.editor, ', "g')
    assert not _popup(page)  # one letter: no list yet
    QTest.keyClicks(page.editor, "ranu")
    qtbot.waitUntil(lambda: _popup(page), timeout=10000)
    assert _listed(page) == ["granularity"]
    QTest.keyClick(_keys_target(), Qt.Key.Key_Tab)
    assert '"granularity": ' in page.text()
    # the value: Ctrl+Space lists the choices
    QTest.keyClicks(_keys_target(), '"')
    QTest.keyClick(_keys_target(), Qt.Key.Key_Space, CTRL)
    qtbot.waitUntil(lambda: _popup(page), timeout=10000)
    assert _listed(page) == ["coarse", "standard", "fine"]
    QTest.keyClick(_keys_target(), Qt.Key.Key_Down)
    QTest.keyClick(_keys_target(), Qt.Key.Key_Return)
    draft = page.draft
    assert draft is not None
    qtbot.waitUntil(lambda: draft.pending.get("granularity") == "standard", timeout=10000)
    assert page.problems == []


def test_the_list_closes_with_the_quote_and_enter_is_a_new_line_again(
        qtbot: QtBot, tmp_path: Path) -> None:
    page = _page(qtbot, tmp_path)
    _cursor_after(qtbot, page, '"yolo"')
    QTest.keyClicks(page.editor, ', "mo')
    qtbot.waitUntil(lambda: _popup(page), timeout=10000)
    QTest.keyClicks(_keys_target(), 'de_x": 1,')
    assert not _popup(page)
    before = page.text().count("\n")
    QTest.keyClick(_keys_target(), Qt.Key.Key_Return)
    assert page.text().count("\n") == before + 1
    # Esc closes an open list and leaves the text as typed
    QTest.keyClicks(_keys_target(), '"gra')
    qtbot.waitUntil(lambda: _popup(page), timeout=10000)
    typed = page.text()
    QTest.keyClick(_keys_target(), Qt.Key.Key_Escape)
    assert not _popup(page)
    assert page.text() == typed


def test_an_agent_name_close_to_a_known_one_gets_a_note_and_still_saves(
        qtbot: QtBot, tmp_path: Path) -> None:
    page = _page(qtbot, tmp_path)
    _cursor_after(qtbot, page, '"yolo"')
    QTest.keyClicks(page.editor, ', "model_overrides": {"msd-planer": "opus"}')
    draft = page.draft
    assert draft is not None
    qtbot.waitUntil(lambda: page.notes != [], timeout=10000)
    assert page.problems == []
    texts = [page.problem_list.item(i).text() for i in range(page.problem_list.count())]
    assert any("Did you mean msd-planner" in t and "note" in t for t in texts), texts
    assert page.problem_list.isVisibleTo(page)
    assert draft.can_save  # taken as typed: an agent can be added later

