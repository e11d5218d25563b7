"""JSON text that does not parse survives the window being killed (SIGKILL): a child process
opens the real window, a person types into the Settings JSON tab with keys — text that does
not parse, and an API key — and the child is killed; the next window shows that text again in
the JSON tab, as an unsaved change (marked, blocking Save with its line), with the key masked
in the record and in the text. Offscreen; real files, a real child process, a real signal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft import TEXT_KEY
from msd_desktop.core.config.draft_recovery import default_recovery_dir
from msd_desktop.core.secrets.masking import mask
from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings.form import ConfigFormPanel
from tests.ui.settings.killed_window import run_killed

SECRET = "sk-typed-into-json-0000111122223333"

TYPE_BROKEN_JSON = '''
    secret = args[0]
    form.inner_tabs.setCurrentWidget(form._json_page)
    editor = form.json_page.editor
    editor.setFocus()
    cursor = editor.textCursor()
    cursor.setPosition(editor.toPlainText().index("{") + 1)
    editor.setTextCursor(cursor)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    QTest.keyClicks(editor, '  "brave_search": "' + secret + '" oops,')
    assert form.draft.text_edit is not None
    wait(lambda: recorded(b"oops"))
    typed()
'''


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    target = tmp_path / "demo"
    shutil.copytree(demo_source(), target)
    return target


def test_a_killed_window_keeps_the_json_text_that_does_not_parse(
        qtbot: QtBot, tmp_path: Path, demo: Path, ui_settings: object, english: None) -> None:
    home = tmp_path / "home"
    home.mkdir()
    config = demo / "field-notes" / ".planning" / "config.json"
    before = config.read_bytes()
    run_killed(TYPE_BROKEN_JSON, demo, home, SECRET)
    assert config.read_bytes() == before
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    records = list(default_recovery_dir(env).iterdir())
    assert len(records) == 1
    record = records[0].read_text(encoding="ascii")
    assert SECRET not in record  # the key typed into the text is masked on disk too
    assert "oops" in record

    win = MainWindow(registry=WorkspaceRegistry(home / "w2.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitUntil(lambda: win.isWindowModified(), timeout=20000)
    assert "Restored 1 unsaved change from the last run" in win.status_label.text()
    assert win.open_project(demo / "field-notes")
    qtbot.waitUntil(lambda: isinstance(win.project_tabs.settings_tab(), ConfigFormPanel),
                    timeout=20000)
    form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
    draft = form.draft
    assert draft is not None
    assert draft.text_edit is not None
    assert TEXT_KEY in draft.errors
    form.inner_tabs.setCurrentWidget(form._json_page)
    text = form.json_page.text()
    assert f'"brave_search": "{mask(SECRET)}" oops,' in text
    assert SECRET not in text
    assert form.json_page.parse_problem is not None
    assert form.inner_tabs.tabText(1) == "JSON (does not parse)"
    assert not form.save_button.isEnabled()
    assert config.read_bytes() == before  # restored as unsaved, not written

    form.revert()  # the person says no: the record goes too, the file's text is back
    qtbot.waitUntil(lambda: not any(default_recovery_dir(env).iterdir()), timeout=5000)
    assert not win.isWindowModified()
    assert "oops" not in form.json_page.text()
