"""The JSON tab as a first-class editor, with real keys (offscreen): text that does not parse is
an unsaved edit like any other, Ctrl+Z in the text undoes the typing, Revert brings the file's
text back, a key typed in never vanishes, and a broken config.json is fixed and saved here.

Keys are QTest key events on the widget that has the focus (the text box, a form field, the
Revert button); the cursor is put where a person would click. Real files, a real draft, the
real save worker.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices, QTextCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft import TEXT_KEY
from msd_desktop.core.config.json_edit import secret_key_names
from msd_desktop.core.secrets.masking import mask
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings import unsaved
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.settings.sessions import EditSessions

AGENTS = "parallelization.max_concurrent_agents"
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
SECRET = "sk-live-0123456789abcdef"


def _panel(qtbot: QtBot, root: Path, env: dict[str, str]) -> ConfigFormPanel:
    widget = ConfigFormPanel(ProjectRef(root=root, name=root.name, workspace="demo"),
                             env=env, sessions=EditSessions())
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow, timeout=5000)  # the keys go where the focus is
    return widget


@pytest.fixture
def panel(qtbot: QtBot, demo: Path, env: dict[str, str]) -> ConfigFormPanel:
    return _panel(qtbot, demo / "field-notes", env)


def _focused() -> QWidget:
    focus = QApplication.focusWidget()
    assert focus is not None
    return focus


def _click_into_text(qtbot: QtBot, panel: ConfigFormPanel, after: str) -> None:
    """Open the JSON tab, click into the text and put the cursor just after ``after``."""
    panel.inner_tabs.setCurrentWidget(panel._json_page)
    editor = panel.json_page.editor
    QTest.mouseClick(editor.viewport(), Qt.MouseButton.LeftButton,
                     pos=editor.viewport().rect().center())
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor, timeout=5000)
    cursor = editor.textCursor()
    cursor.setPosition(editor.toPlainText().index(after) + len(after))
    editor.setTextCursor(cursor)


def _type(text: str) -> None:
    QTest.keyClicks(_focused(), text)


def _key(key: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(_focused(), key, mods)


def _type_in_field(qtbot: QtBot, panel: ConfigFormPanel, key: str, text: str) -> None:
    panel.inner_tabs.setCurrentIndex(0)
    panel._scroll_to(key)
    line = panel.editor(key).spin.lineEdit()  # type: ignore[attr-defined]
    QTest.mouseClick(line, Qt.MouseButton.LeftButton, pos=line.rect().center())
    qtbot.waitUntil(lambda: QApplication.focusWidget() in (line, line.parentWidget()),
                    timeout=5000)
    _key(Qt.Key.Key_A, CTRL)
    _type(text)


def _line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


# ---- text that does not parse is an unsaved edit ---------------------------------------------


def test_broken_text_is_unsaved_and_ctrl_s_points_at_its_line(
        qtbot: QtBot, panel: ConfigFormPanel, monkeypatch: pytest.MonkeyPatch) -> None:
    config = panel.draft.path  # type: ignore[union-attr]
    before = config.read_bytes()
    _click_into_text(qtbot, panel, '"granularity": "standard",')
    _type(" oops")
    draft = panel.draft
    assert draft is not None
    text = panel.json_page.text()
    line = _line_of(text, "oops")
    assert draft.dirty
    assert draft.unsaved_count == 1
    assert draft.text_edit == text
    assert panel.inner_tabs.tabText(1) == "JSON (does not parse)"
    assert panel.status.text().startswith("1 unsaved change(s)")
    assert f"does not parse (line {line}, column" in panel.status.text()
    assert panel.save_button.text() == "Save (fix JSON)"
    assert panel.revert_button.isEnabled()
    # Ctrl+S where the cursor is: refused with the line and column, never "No unsaved changes"
    editor = panel.json_page.editor
    cursor = editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.Start)
    editor.setTextCursor(cursor)
    _key(Qt.Key.Key_S, CTRL)
    assert panel.status.text().startswith(f"Not saved: the JSON tab's text does not parse "
                                          f"(line {line}, column")
    assert "No unsaved changes" not in panel.status.text()
    assert editor.textCursor().blockNumber() + 1 == line  # the cursor went to the problem
    assert config.read_bytes() == before
    assert panel.json_page.text() == text  # nothing typed was dropped
    # the window's unsaved-edit question sees it, and its Save says why it cannot
    sessions = panel.sessions
    assert [s.draft for s in sessions.dirty()] == [draft]
    asked: list[str] = []

    def save(_parent: object, dirty: list[Any], _what: str) -> unsaved.Answer:
        asked.append(unsaved.describe(dirty))
        return unsaved.Answer.SAVE

    problems: list[list[str]] = []
    monkeypatch.setattr(unsaved, "ask_unsaved", save)
    monkeypatch.setattr(unsaved, "show_not_saved", lambda _p, found: problems.append(found))
    assert not unsaved.settle_unsaved(panel, sessions, "Quitting")
    assert asked == [f"{config}: 1 unsaved change(s)"]
    assert len(problems) == 1
    assert f"line {line}, column" in problems[0][0]
    assert config.read_bytes() == before
    assert draft.text_edit == text


def test_ctrl_z_in_the_text_undoes_the_typing_not_a_form_edit(
        qtbot: QtBot, panel: ConfigFormPanel) -> None:
    draft = panel.draft
    assert draft is not None
    _type_in_field(qtbot, panel, AGENTS, "7")
    assert draft.pending == {AGENTS: 7}
    _click_into_text(qtbot, panel, '"granularity": "standard",')
    shown = panel.json_page.text()
    _type(" x")
    assert draft.text_edit is not None
    _key(Qt.Key.Key_Z, CTRL)  # in the text: the typing goes, the form's edit stays
    assert panel.json_page.text() == shown
    assert draft.text_edit is None
    assert draft.pending == {AGENTS: 7}
    assert panel.inner_tabs.tabText(1) == "JSON (unsaved)"
    _key(Qt.Key.Key_Z, CTRL | SHIFT)  # redo: the typing is back
    assert draft.text_edit is not None
    assert " x" in panel.json_page.text()
    _key(Qt.Key.Key_Z, CTRL)
    _key(Qt.Key.Key_Z, CTRL)  # then the older step, the form's
    assert not draft.dirty
    assert panel.editor(AGENTS).spin.lineEdit().text() == "3"  # type: ignore[attr-defined]


def test_revert_restores_the_files_text_and_blames_nothing(
        qtbot: QtBot, panel: ConfigFormPanel) -> None:
    draft = panel.draft
    assert draft is not None
    page = panel.json_page
    file_text = page.text()
    _click_into_text(qtbot, panel, '"mode": "yolo",')
    _type(" !!")
    _type_in_field(qtbot, panel, AGENTS, "6")  # the form moves on while the text is broken
    assert page.stale_bar.isVisibleTo(page)
    assert draft.unsaved_count == 2
    QTest.mouseClick(panel.revert_button, Qt.MouseButton.LeftButton)
    panel.inner_tabs.setCurrentWidget(panel._json_page)
    assert page.text() == file_text
    assert not draft.dirty
    assert page.parse_problem is None
    assert page.problems == []
    assert page.stale_bar.isHidden()  # no banner about a change "elsewhere"
    assert panel.inner_tabs.tabText(1) == "JSON"
    assert panel.status.text().startswith("Reverted")
    panel.undo()  # Ctrl+Z brings both back
    assert draft.pending == {AGENTS: 6}
    assert draft.text_edit is not None
    assert " !!" in page.text()


def test_leftover_broken_text_blocking_a_form_save_points_at_the_json_tab(
        qtbot: QtBot, panel: ConfigFormPanel) -> None:
    config = panel.draft.path  # type: ignore[union-attr]
    before = config.read_bytes()
    _click_into_text(qtbot, panel, '"granularity": "standard",')
    _type(" ?")
    line = _line_of(panel.json_page.text(), " ?")
    _type_in_field(qtbot, panel, AGENTS, "8")  # later, in the form
    assert panel.inner_tabs.currentIndex() == 0
    assert panel.save_button.text() == "Save (fix JSON)"
    assert f"(line {line}, column" in panel.save_button.toolTip()
    _key(Qt.Key.Key_S, CTRL)  # from the form field: refused, and the JSON tab opens
    assert panel.inner_tabs.currentWidget() is panel._json_page
    assert QApplication.focusWidget() is panel.json_page.editor
    assert panel.json_page.editor.textCursor().blockNumber() + 1 == line
    assert panel.status.text().startswith("Not saved: the JSON tab's text does not parse")
    assert config.read_bytes() == before
    _key(Qt.Key.Key_Z, CTRL)  # the text's own undo: its typing goes, the later form edit
    assert panel.draft is not None  # stays — and saves now
    assert panel.draft.pending == {AGENTS: 8}
    assert panel.draft.text_edit is None
    assert " ?" not in panel.json_page.text()
    assert '"max_concurrent_agents": 8' in panel.json_page.text()
    with qtbot.waitSignal(panel.save_finished, timeout=20000) as saved:
        _key(Qt.Key.Key_S, CTRL)
    assert saved.args[0] is True
    assert json.loads(config.read_text(encoding="utf-8"))["parallelization"][
        "max_concurrent_agents"] == 8


def test_a_key_typed_into_the_text_never_vanishes(qtbot: QtBot,
                                                   panel: ConfigFormPanel) -> None:
    draft = panel.draft
    assert draft is not None
    key = sorted(k for k in secret_key_names() if k not in draft.data)[0]
    typed = "sk-typed-5555666677778888"
    _click_into_text(qtbot, panel, "{")
    _key(Qt.Key.Key_Return)
    _type(f'  "{key}": "{typed}",')
    page = panel.json_page
    assert draft.unsaved_count == 1
    assert key in draft.errors
    _type_in_field(qtbot, panel, AGENTS, "4")  # the text is shown again from the draft
    panel.inner_tabs.setCurrentWidget(panel._json_page)
    text = page.text()
    assert f'"{key}": "{mask(typed)}"' in text  # still there, masked
    assert typed not in text
    problem = next(p for p in page.problems if p.key == key)
    assert (problem.line, problem.column) == (_line_of(text, f'"{key}"'), 3)
    assert panel.status.text().startswith("2 unsaved change(s)")
    page.diff_check.setChecked(True)  # the diff agrees with the count
    diff = page.diff_box.toPlainText()
    assert f'+  "{key}": "{mask(typed)}"' in diff  # (a new key goes last, as config-set puts it)
    assert '+    "max_concurrent_agents": 4,' in diff
    assert typed not in diff


# ---- a broken config.json ---------------------------------------------------------------------


BROKEN = ('{\n  "mode": "yolo",\n  "brave_search": "' + SECRET + '",\n'
          '  "granularity": "coarse",\n}\n')


def test_a_broken_file_opens_editable_and_is_fixed_and_saved(
        qtbot: QtBot, demo: Path, env: dict[str, str]) -> None:
    config = demo / "field-notes" / ".planning" / "config.json"
    config.write_text(BROKEN, encoding="utf-8")
    panel = _panel(qtbot, demo / "field-notes", env)
    draft = panel.draft
    assert draft is not None
    assert draft.load_error is not None
    assert panel.error_banner.isVisibleTo(panel)
    assert "Fix it in the JSON tab" in panel.error_banner.label.text()
    assert not panel.form_body.isEnabled()  # the form is read-only until then
    panel._scroll_to("granularity")
    assert not panel.editor("granularity").isEnabled()
    assert panel.edit("granularity", "fine") is None  # the form takes no edit
    assert not draft.dirty
    QTest.mouseClick(panel.fix_in_json_button, Qt.MouseButton.LeftButton)
    page = panel.json_page
    assert panel.inner_tabs.currentWidget() is panel._json_page
    assert not page.editor.isReadOnly()
    assert SECRET not in page.text()
    assert page.problems[0].line == 5  # the closing brace after the trailing comma
    assert QApplication.focusWidget() is page.editor
    assert not draft.dirty
    # the cursor is at the problem: up to the end of the line before, one Backspace
    _key(Qt.Key.Key_Up)
    _key(Qt.Key.Key_End)
    _key(Qt.Key.Key_Backspace)
    assert draft.dirty
    assert draft.can_save
    assert page.problems == []
    assert panel.status.text().startswith("1 unsaved change(s)")
    with qtbot.waitSignal(panel.save_finished, timeout=20000) as saved:
        _key(Qt.Key.Key_S, CTRL)
    assert saved.args[0] is True
    data = json.loads(config.read_text(encoding="utf-8"))
    assert data == {"mode": "yolo", "brave_search": SECRET, "granularity": "coarse"}
    assert not draft.dirty
    assert draft.load_error is None
    assert panel.form_body.isEnabled()
    assert panel.error_banner.isHidden()
    assert panel.editor("granularity").combo.currentData() == "coarse"  # type: ignore[attr-defined]
    assert TEXT_KEY not in draft.errors


def test_the_form_unlocks_as_soon_as_the_fix_parses_and_its_edits_go_into_the_text(
        qtbot: QtBot, demo: Path, env: dict[str, str]) -> None:
    config = demo / "field-notes" / ".planning" / "config.json"
    config.write_text(BROKEN, encoding="utf-8")
    panel = _panel(qtbot, demo / "field-notes", env)
    draft = panel.draft
    assert draft is not None
    QTest.mouseClick(panel.fix_in_json_button, Qt.MouseButton.LeftButton)
    page = panel.json_page
    assert not panel.form_body.isEnabled()
    _key(Qt.Key.Key_Up)
    _key(Qt.Key.Key_End)
    _key(Qt.Key.Key_Backspace)  # the trailing comma goes: the text parses, nothing saved yet
    assert draft.load_error is not None
    assert panel.form_body.isEnabled()  # before any Save
    assert "reads now" in panel.error_banner.label.text()
    panel._scroll_to("granularity")
    assert panel.editor("granularity").isEnabled()
    assert panel.editor("granularity").combo.currentData() == "coarse"  # type: ignore[attr-defined]
    _type_in_field(qtbot, panel, AGENTS, "7")
    qtbot.waitUntil(lambda: '"max_concurrent_agents": 7' in page.text(), timeout=10000)
    assert SECRET not in page.text()  # the key stays masked in the rewritten text
    assert mask(SECRET) in page.text()
    # broken again: the form is read-only again at once
    _click_into_text(qtbot, panel, '"coarse"')
    _type(",")
    assert page.problems
    assert not panel.form_body.isEnabled()
    assert "read-only" in panel.error_banner.label.text()
    _key(Qt.Key.Key_Backspace)
    assert panel.form_body.isEnabled()
    with qtbot.waitSignal(panel.save_finished, timeout=20000) as saved:
        _key(Qt.Key.Key_S, CTRL)
    assert saved.args[0] is True
    data = json.loads(config.read_text(encoding="utf-8"))
    assert data == {"mode": "yolo", "brave_search": SECRET, "granularity": "coarse",
                    "parallelization": {"max_concurrent_agents": 7}}
    assert not draft.dirty
    assert draft.load_error is None


def test_a_field_edit_on_the_fix_is_undone_with_ctrl_z(
        qtbot: QtBot, demo: Path, env: dict[str, str]) -> None:
    config = demo / "field-notes" / ".planning" / "config.json"
    config.write_text(BROKEN, encoding="utf-8")
    panel = _panel(qtbot, demo / "field-notes", env)
    QTest.mouseClick(panel.fix_in_json_button, Qt.MouseButton.LeftButton)
    page = panel.json_page
    _key(Qt.Key.Key_Up)
    _key(Qt.Key.Key_End)
    _key(Qt.Key.Key_Backspace)
    _type_in_field(qtbot, panel, AGENTS, "7")
    qtbot.waitUntil(lambda: "max_concurrent_agents" in page.text(), timeout=10000)
    panel.session.seal()  # type: ignore[union-attr]
    _key(Qt.Key.Key_Z, CTRL)
    qtbot.waitUntil(lambda: "max_concurrent_agents" not in page.text(), timeout=10000)
    assert panel.form_body.isEnabled()
    assert config.read_text(encoding="utf-8") == BROKEN  # nothing written


def test_a_fix_is_not_written_over_a_file_changed_meanwhile(
        qtbot: QtBot, demo: Path, env: dict[str, str]) -> None:
    config = demo / "field-notes" / ".planning" / "config.json"
    config.write_text(BROKEN, encoding="utf-8")
    panel = _panel(qtbot, demo / "field-notes", env)
    QTest.mouseClick(panel.fix_in_json_button, Qt.MouseButton.LeftButton)
    _key(Qt.Key.Key_Up)
    _key(Qt.Key.Key_End)
    _key(Qt.Key.Key_Backspace)
    other = BROKEN.replace("coarse", "fine")
    config.write_text(other, encoding="utf-8")  # another program, before Save
    with qtbot.waitSignal(panel.save_finished, timeout=20000) as saved:
        _key(Qt.Key.Key_S, CTRL)
    assert saved.args[0] is False
    assert config.read_text(encoding="utf-8") == other
    assert panel.draft is not None
    assert panel.draft.dirty


class _Opened(QObject):
    """Stands in for the desktop: records the URLs it is asked to open."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url.toLocalFile())


def test_open_in_external_editor_and_show_in_folder(qtbot: QtBot,
                                                    panel: ConfigFormPanel) -> None:
    opened = _Opened()
    QDesktopServices.setUrlHandler("file", opened, "open")
    try:
        config = panel.draft.path  # type: ignore[union-attr]
        QTest.mouseClick(panel.open_external_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: panel.status.text().startswith("Opened"), timeout=10000)
        QTest.mouseClick(panel.show_folder_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: len(opened.urls) == 2, timeout=10000)
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert opened.urls == [str(config), str(config.parent)]
