"""A broken config.json in the real window on the real X server (Xvfb via the runner), at
1024×700 in English and pt_BR: the form is read-only with a banner pointing at the JSON tab,
"Fix in the JSON tab" (clicked) opens the text at the problem, the text is editable and the
parse error shows its line and column, and nothing is cut. The fix typed with real keys unlocks
the form at once (before Save), and Ctrl+Space in the text lists the keys that fit. The
pictures are saved for a person to look at (and, with ``MSD_SCREENSHOT_HOME`` set, copied to
docs/screenshots/)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.exceptions import TimeoutError as WaitTimeout
from pytestqt.qtbot import QtBot

from tests.e2e.conftest import DOC_SHOTS, SHOTS
from tests.e2e.live_window import (
    demo_copy,
    live_window,
    open_settings,
    picture_env,
    picture_name,
    save_picture,
    settle,
    shots_home,
    window_env,
)
from tests.layout_checks import layout_problems

pytestmark = [pytest.mark.e2e]


@pytest.mark.parametrize("code", ["en", "pt_BR"])
def test_a_broken_config_opens_in_the_json_tab(qapp: QApplication, qtbot: QtBot,
                                               tmp_path: Path, code: str) -> None:
    demo = demo_copy(tmp_path)
    config = demo / "field-notes" / ".planning" / "config.json"
    text = config.read_text(encoding="utf-8")
    broken = text.replace('"agent_skills": {}', '"agent_skills": {},')  # a trailing comma
    assert broken != text
    config.write_text(broken, encoding="utf-8")
    env = picture_env(window_env(), data_home=True)
    with live_window(qtbot, tmp_path, demo, env, code) as win:
        form = open_settings(qtbot, win, demo / "field-notes")
        assert form.error_banner.isVisible()
        assert not form.form_body.isEnabled()
        QTest.mouseClick(form.fix_in_json_button, Qt.MouseButton.LeftButton)
        page = form.json_page
        qtbot.waitUntil(lambda: page.editor.isVisible() and page.problem_list.isVisible(),
                        timeout=10000)
        assert not page.editor.isReadOnly()
        line = broken.splitlines().index("}") + 1  # the brace after the comma
        assert page.problems[0].line == line
        assert f" {line}, " in page.problem_list.item(0).text()
        settle(qtbot)
        assert layout_problems(win) == []
        save_picture(win, picture_name("settings-json-broken", code))
        # the fix: the trailing comma goes with real keys; the form unlocks before Save
        QTest.keyClick(page.editor, Qt.Key.Key_Up)
        QTest.keyClick(page.editor, Qt.Key.Key_End)
        QTest.keyClick(page.editor, Qt.Key.Key_Backspace)
        qtbot.waitUntil(form.form_body.isEnabled, timeout=10000)
        assert page.problems == []
        assert form.error_banner.isVisible()  # (the file on disk is still broken)
        settle(qtbot)
        assert layout_problems(win) == []
        save_picture(win, picture_name("settings-json-fixed", code))
        form.inner_tabs.setCurrentIndex(0)
        settle(qtbot)
        # (the rows the form builds as it shows are laid out over the next turns of the loop)
        with contextlib.suppress(WaitTimeout):
            qtbot.waitUntil(lambda: layout_problems(win) == [], timeout=10000)
        assert layout_problems(win) == []
        save_picture(win, picture_name("settings-json-fixed-form", code))
        # completion: a key typed inside quotes lists the keys containing it
        form.inner_tabs.setCurrentWidget(form._json_page)
        page.editor.setFocus()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is page.editor, timeout=10000)
        cursor = page.editor.textCursor()
        cursor.setPosition(1)  # after the opening brace
        page.editor.setTextCursor(cursor)
        QTest.keyClick(page.editor, Qt.Key.Key_Return)
        QTest.keyClicks(page.editor, '"work')
        completion = page.editor.completion
        qtbot.waitUntil(completion.popup_visible, timeout=10000)
        assert "workflow" in [completion.completer.completionModel().index(r, 0).data()
                              for r in range(completion.completer.completionCount())]
        settle(qtbot)
        save_with_popup(win, completion.popup, picture_name("settings-json-completion", code))
        QTest.keyClick(QApplication.activePopupWidget() or page.editor, Qt.Key.Key_Escape)


def save_with_popup(win: QWidget, popup: QWidget, name: str) -> None:
    """The window with an open popup list drawn where it is (a popup is a window of its own,
    so the window's own grab leaves it out)."""
    import shutil

    picture = win.grab()
    painter = QPainter(picture)
    at = popup.mapToGlobal(popup.rect().topLeft()) - win.mapToGlobal(win.rect().topLeft())
    painter.drawPixmap(at, popup.grab())
    painter.end()
    path = SHOTS / "app" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    assert picture.save(str(path))
    if shots_home():  # tracked files only on request
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SHOTS / name)
