"""A broken config.json in the real window on the real X server (Xvfb via the runner), at
1024×700 in English and pt_BR: the form is read-only with a banner pointing at the JSON tab,
"Fix in the JSON tab" (clicked) opens the text at the problem, the text is editable and the
parse error shows its line and column, and nothing is cut. The picture is saved for a person
to look at (and, with ``MSD_SCREENSHOT_HOME`` set, copied to docs/screenshots/)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.e2e.live_window import (
    demo_copy,
    live_window,
    open_settings,
    picture_env,
    picture_name,
    save_picture,
    settle,
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
