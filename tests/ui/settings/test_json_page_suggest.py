"""The JSON tab names the nearest known key for an unknown one, typed with real keys."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.ui.settings.json_page import JsonSettingsPage


def _page(qtbot: QtBot, tmp_path: Path) -> JsonSettingsPage:
    path = tmp_path / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"mode": "yolo"}, indent=2) + "\n", encoding="utf-8")
    page = JsonSettingsPage()
    qtbot.addWidget(page)
    page.resize(900, 600)
    page.set_draft(ConfigDraft(path))
    page.show()
    qtbot.waitExposed(page)
    return page


def _type_after(qtbot: QtBot, page: JsonSettingsPage, anchor: str, typed: str) -> None:
    cursor = page.editor.textCursor()
    cursor.setPosition(page.text().index(anchor) + len(anchor))
    cursor.clearSelection()
    page.editor.setTextCursor(cursor)
    page.editor.setFocus()
    qtbot.waitUntil(page.editor.hasFocus, timeout=10000)
    QTest.keyClicks(page.editor, typed)
    qtbot.waitUntil(lambda: typed in page.text(), timeout=10000)


def test_unknown_key_problem_says_did_you_mean(qtbot: QtBot, tmp_path: Path) -> None:
    page = _page(qtbot, tmp_path)
    _type_after(qtbot, page, '"yolo"', ', "model_profil": "quality"')
    qtbot.waitUntil(lambda: page.problem_list.count() == 1, timeout=10000)
    text = page.problem_list.item(0).text()
    assert 'Unknown config key: "model_profil".' in text
    assert text.endswith("Did you mean model_profile?")
    assert "Valid keys" not in text


def test_far_unknown_key_has_no_suggestion(qtbot: QtBot, tmp_path: Path) -> None:
    page = _page(qtbot, tmp_path)
    _type_after(qtbot, page, '"yolo"', ', "zzzz": 1')
    qtbot.waitUntil(lambda: page.problem_list.count() == 1, timeout=10000)
    assert "Did you mean" not in page.problem_list.item(0).text()


def test_keys_typed_right_have_no_problem(qtbot: QtBot, tmp_path: Path) -> None:
    page = _page(qtbot, tmp_path)
    _type_after(qtbot, page, '"yolo"', ', "model_profile": "quality"')
    qtbot.waitUntil(lambda: page.draft is not None
                    and page.draft.pending.get("model_profile") == "quality", timeout=10000)
    assert page.problems == []
