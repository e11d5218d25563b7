"""The Settings JSON page (offscreen): editable, checked as typed, secrets masked, one draft.

Real config files, a real draft and a real QUndoStack; the text is changed through the text
box's cursor (as typing does) and, in the form tests, through the form's own editors.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QGuiApplication, QTextCursor, QUndoStack
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.core.secrets.masking import mask
from msd_desktop.ui.settings.json_page import TEXT_ERROR_KEY, JsonSettingsPage
from tests.form_saving import save_form

SECRET = "sk-live-0123456789abcdef"


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({
        "zz_custom": {"keep": [1, 2]},
        "brave_search": SECRET,
        "context_profile": "dev",
        "intel": {"enabled": True},
    }, indent=2) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def page(qtbot: QtBot, config: Path) -> JsonSettingsPage:
    widget = JsonSettingsPage()
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    widget.set_draft(ConfigDraft(config))
    widget.show()
    return widget


def _replace(page: JsonSettingsPage, old: str, new: str) -> None:
    """Select ``old`` in the text and type ``new`` over it (one text change per character
    class, as a paste does)."""
    text = page.text()
    start = text.index(old)
    cursor = page.editor.textCursor()
    cursor.setPosition(start)
    cursor.setPosition(start + len(old), QTextCursor.MoveMode.KeepAnchor)
    page.editor.setTextCursor(cursor)
    page.editor.insertPlainText(new)


def test_plaintext_key_is_masked_in_text_copy_and_banner(page: JsonSettingsPage) -> None:
    text = page.text()
    assert SECRET not in text
    assert f'"brave_search": "{mask(SECRET)}"' in text
    assert list(json.loads(text)) == ["zz_custom", "brave_search", "context_profile", "intel"]
    assert page.secret_banner.isVisibleTo(page)
    assert "brave_search" in page.secret_label.text()
    assert SECRET not in page.secret_label.text()
    page.editor.selectAll()
    page.editor.copy()
    copied = QGuiApplication.clipboard().text()
    assert copied == text  # what the view shows, masked
    assert SECRET not in copied


def test_edit_in_text_stages_the_draft_and_keeps_the_key(page: JsonSettingsPage,
                                                         config: Path) -> None:
    draft = page.draft
    assert draft is not None
    _replace(page, '"dev"', '"review"')
    assert draft.pending == {"context_profile": "review"}
    assert not draft.errors
    # the untouched mask never reaches the draft: the real key is written back on save
    draft.save()
    saved = json.loads(config.read_text(encoding="utf-8"))
    assert saved == {"zz_custom": {"keep": [1, 2]}, "brave_search": SECRET,
                     "context_profile": "review", "intel": {"enabled": True}}
    assert list(saved) == ["zz_custom", "brave_search", "context_profile", "intel"]


def test_syntax_error_has_line_and_column_and_blocks_save(page: JsonSettingsPage) -> None:
    draft = page.draft
    assert draft is not None
    _replace(page, '"context_profile": "dev",', '"context_profile": "dev"')  # drop a comma
    assert page.parse_problem is not None
    line = page.text().splitlines().index('  "intel": {') + 1
    assert (page.parse_problem.line, page.parse_problem.column) == (line, 3)
    assert page.problem_list.count() == 1
    assert f"Line {line}, column 3" in page.problem_list.item(0).text()
    assert TEXT_ERROR_KEY in draft.errors
    assert not draft.can_save
    _replace(page, '"context_profile": "dev"', '"context_profile": "research",')
    assert page.parse_problem is None
    assert TEXT_ERROR_KEY not in draft.errors
    assert draft.pending == {"context_profile": "research"}
    assert page.problem_list.isHidden()


def test_invalid_value_is_the_core_error_at_its_line(page: JsonSettingsPage) -> None:
    draft = page.draft
    assert draft is not None
    _replace(page, '"dev"', '"nonsense"')
    assert "context_profile" in draft.errors
    assert len(page.problems) == 1
    problem = page.problems[0]
    assert problem.key == "context_profile"
    assert page.text().splitlines()[problem.line - 1].lstrip().startswith('"context_profile"')
    assert "Valid values: dev, research, review" in problem.message
    _replace(page, '"nonsense"', '"dev"')  # back to the file's value: no edit, no error
    assert not draft.pending
    assert not draft.errors
    assert page.problems == []


def test_unknown_key_edit_is_refused_with_config_set_words(page: JsonSettingsPage) -> None:
    draft = page.draft
    assert draft is not None
    _replace(page, "[\n      1,\n      2\n    ]", "[1, 2, 3]")
    assert "zz_custom.keep" in draft.errors
    assert "Unknown config key" in draft.errors["zz_custom.keep"]
    assert page.problems[0].line == 3  # "keep" is on line 3


def test_typed_plaintext_key_is_refused_and_never_copied(page: JsonSettingsPage) -> None:
    draft = page.draft
    assert draft is not None
    typed = "sk-typed-9999888877776666"
    _replace(page, mask(SECRET), typed)
    assert "brave_search" in draft.errors
    assert "API keys tab" in draft.errors["brave_search"]
    assert not draft.can_save
    assert typed not in json.dumps(draft.result_data())
    page.editor.selectAll()
    page.editor.copy()
    assert typed not in QGuiApplication.clipboard().text()
    assert mask(typed) in QGuiApplication.clipboard().text()


def test_a_form_side_change_rewrites_the_text(page: JsonSettingsPage) -> None:
    draft = page.draft
    assert draft is not None
    draft.set("context_profile", "review")
    page.refresh()
    assert '"context_profile": "review"' in page.text()
    assert SECRET not in page.text()
    draft.revert()
    page.refresh()
    assert '"context_profile": "dev"' in page.text()


def test_unreadable_text_is_kept_when_the_draft_moves_on(page: JsonSettingsPage) -> None:
    draft = page.draft
    assert draft is not None
    _replace(page, '"dev"', '"dev" oops')
    broken = page.text()
    draft.set("intel.enabled", False)  # e.g. the form
    page.refresh()
    assert page.text() == broken  # nothing typed is dropped
    assert page.stale_bar.isVisibleTo(page)
    _replace(page, '"dev" oops', '"research"')  # fixed: the text catches up with the draft
    assert draft.pending == {"intel.enabled": False, "context_profile": "research"}
    assert '"enabled": false' in page.text()
    assert page.stale_bar.isHidden()


def test_typing_one_setting_is_one_undo_command(page: JsonSettingsPage) -> None:
    draft = page.draft
    assert draft is not None
    stack = QUndoStack(page)
    applied: list[list[tuple[str, Any]]] = []

    def apply(values: Any) -> None:
        applied.append(list(values))
        for key, value in values:
            draft.set(key, value)
        page.refresh()

    page.set_undo(stack, apply)
    page.editor.setFocus()
    _replace(page, '"dev"', '"re"')
    _replace(page, '"re"', '"research"')
    assert stack.count() == 1  # "re", then "research": one step
    _replace(page, "true", "false")
    assert stack.count() == 2  # another setting: another step
    assert draft.pending == {"context_profile": "research", "intel.enabled": False}
    stack.undo()
    assert draft.pending == {"context_profile": "research"}
    assert '"enabled": true' in page.text()
    stack.undo()
    assert not draft.pending
    assert '"context_profile": "dev"' in page.text()
    assert '"enabled": true' in page.text()
    stack.redo()
    stack.redo()
    assert draft.pending == {"context_profile": "research", "intel.enabled": False}
    assert '"context_profile": "research"' in page.text()


def test_diff_shows_the_unsaved_changes_masked(page: JsonSettingsPage) -> None:
    _replace(page, '"dev"', '"review"')
    page.diff_check.setChecked(True)
    diff = page.diff_box.toPlainText()
    assert '-  "context_profile": "dev",' in diff
    assert '+  "context_profile": "review",' in diff
    assert SECRET not in diff


def test_move_to_keyring_is_one_click(page: JsonSettingsPage, qtbot: QtBot) -> None:
    with qtbot.waitSignal(page.move_to_keyring_requested, timeout=1000):
        page.move_button.click()
    assert QApplication.instance() is not None


# ---- inside the Settings form ----------------------------------------------------------------


@pytest.fixture
def panel(qtbot: QtBot, demo: Path, env: dict[str, str]) -> Any:
    from msd_desktop.core.workspace.registry import ProjectRef
    from msd_desktop.ui.settings.form import ConfigFormPanel

    root = demo / "field-notes"
    path = root / ".planning" / "config.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["brave_search"] = SECRET
    data["zzz_custom"] = {"keep": True}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    widget = ConfigFormPanel(ProjectRef(root=root, name="field-notes", workspace="demo"),
                             env=env)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    return widget


def _combo_value(panel: Any, key: str) -> Any:
    return panel.editor(key).combo.currentData()


def test_form_and_json_share_one_draft(panel: Any) -> None:
    panel.inner_tabs.setCurrentWidget(panel._json_page)
    page = panel.json_page
    assert SECRET not in page.text()
    assert "plaintext key ****cdef" in panel.editor("brave_search").combo.currentText()
    # a form edit shows in the text
    mode = panel.editor("mode")
    mode.combo.setCurrentIndex(mode.combo.findData("interactive"))
    assert '"mode": "interactive"' in page.text()
    # a text edit shows in the form
    current = json.loads(page.text())["granularity"]
    other = "fine" if current != "fine" else "coarse"
    _replace(page, f'"granularity": "{current}"', f'"granularity": "{other}"')
    assert _combo_value(panel, "granularity") == other
    assert panel.draft.pending == {"mode": "interactive", "granularity": other}
    assert panel.inner_tabs.tabText(1) == "JSON (unsaved)"


def test_json_edit_is_undoable_on_the_form_stack(panel: Any) -> None:
    stack = panel.undo_stack
    page = panel.json_page
    page.editor.setFocus()
    current = json.loads(page.text())["granularity"]
    other = "fine" if current != "fine" else "coarse"
    before = stack.count()
    _replace(page, f'"granularity": "{current}"', f'"granularity": "{other}"')
    assert stack.count() == before + 1
    assert "JSON" in stack.undoText()
    panel.undo()
    assert not panel.draft.pending
    assert _combo_value(panel, "granularity") == current
    assert f'"granularity": "{current}"' in page.text()
    panel.redo()
    assert _combo_value(panel, "granularity") == other


def test_unreadable_text_blocks_the_forms_save(qtbot, panel: Any) -> None:
    page = panel.json_page
    config = panel.draft.path
    before = config.read_bytes()
    _replace(page, '"zzz_custom"', '"zzz_custom" :: ')
    assert not panel.save_button.isEnabled()
    # the status line and the button point at the JSON tab's text, not at "1 invalid" field
    assert "JSON tab's text does not parse (line" in panel.status.text()
    assert panel.save_button.text() == "Save (fix JSON)"
    assert panel.draft.dirty
    assert save_form(qtbot, panel) is False
    assert config.read_bytes() == before


def test_saving_from_json_keeps_unknown_keys_order_and_the_real_key(qtbot, panel: Any) -> None:
    page = panel.json_page
    config = panel.draft.path
    order = list(json.loads(config.read_text(encoding="utf-8")))
    _replace(page, '"keep": true', '"keep": true')  # no change: nothing staged
    assert not panel.draft.dirty
    current = json.loads(page.text())["granularity"]
    other = "fine" if current != "fine" else "coarse"
    _replace(page, f'"granularity": "{current}"', f'"granularity": "{other}"')
    assert save_form(qtbot, panel)
    saved = json.loads(config.read_text(encoding="utf-8"))
    assert list(saved) == order
    assert saved["brave_search"] == SECRET
    assert saved["zzz_custom"] == {"keep": True}
    assert saved["granularity"] == other
    assert SECRET not in page.text()


def test_typing_in_json_stays_on_the_json_tab(panel: Any) -> None:
    panel.inner_tabs.setCurrentWidget(panel._json_page)
    page = panel.json_page
    current = json.loads(page.text())["granularity"]
    other = "fine" if current != "fine" else "coarse"
    _replace(page, f'"granularity": "{current}"', f'"granularity": "{other}"')
    assert panel.inner_tabs.currentWidget() is panel._json_page
    panel.undo()
    assert panel.inner_tabs.currentWidget() is panel._json_page
    assert f'"granularity": "{current}"' in page.text()


def test_unusable_file_is_editable_with_its_error_and_keys_masked(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "config.json"
    path.write_text('{\n  "brave_search": "' + SECRET + '",\n  "mode": yolo\n}\n',
                    encoding="utf-8")
    widget = JsonSettingsPage()
    qtbot.addWidget(widget)
    draft = ConfigDraft(path)
    widget.set_draft(draft)
    assert not widget.editor.isReadOnly()
    assert SECRET not in widget.text()
    assert mask(SECRET) in widget.text()
    assert widget.problems[0].line == 3
    assert "line 3" in widget.problems[0].message
    assert not draft.dirty  # nothing typed yet
    _replace(widget, "yolo", '"yolo"')
    assert draft.dirty
    assert draft.text_edit is not None
    assert widget.problems == []
    assert draft.can_save
    draft.save()  # the untouched mask is the real key again
    assert json.loads(path.read_text(encoding="utf-8")) == {"brave_search": SECRET,
                                                            "mode": "yolo"}
    assert not draft.dirty
    widget.refresh()
    assert not widget.editor.isReadOnly()
    assert json.loads(widget.text()) == {"brave_search": mask(SECRET), "mode": "yolo"}
    assert widget.problems == []


def test_a_file_that_cannot_be_read_stays_read_only(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.mkdir()  # EISDIR: no text to edit
    widget = JsonSettingsPage()
    qtbot.addWidget(widget)
    widget.set_draft(ConfigDraft(path))
    assert widget.editor.isReadOnly()
    assert widget.problems


def test_the_text_edit_stays_with_its_draft(qtbot: QtBot, page: JsonSettingsPage,
                                            config: Path) -> None:
    draft = page.draft
    assert draft is not None
    _replace(page, '"dev"', '"dev" oops')
    broken = page.text()
    assert TEXT_ERROR_KEY in draft.errors
    assert draft.dirty
    assert draft.unsaved_count == 1
    other = ConfigDraft(config)
    page.set_draft(other)  # a scope switch: the unreadable text stays an unsaved edit
    assert draft.text_edit == broken
    assert TEXT_ERROR_KEY in draft.errors
    assert TEXT_ERROR_KEY not in other.errors
    again = JsonSettingsPage()  # the form rebuilt for the same draft: the text comes back
    qtbot.addWidget(again)
    again.set_draft(draft)
    assert again.text() == broken
    assert again.parse_problem is not None
    fresh = ConfigDraft(config)
    fresh.errors[TEXT_ERROR_KEY] = "left behind"  # no text edit: nothing may block Save
    again.set_draft(fresh)
    assert TEXT_ERROR_KEY not in fresh.errors


def test_a_huge_text_is_checked_when_typing_pauses(qtbot: QtBot, tmp_path: Path) -> None:
    from msd_desktop.ui.settings.json_page import LARGE_TEXT

    path = tmp_path / "config.json"
    path.write_text(json.dumps({"context_profile": "dev", "zz_big": "x" * (LARGE_TEXT + 10)},
                               indent=2) + "\n", encoding="utf-8")
    widget = JsonSettingsPage()
    qtbot.addWidget(widget)
    draft = ConfigDraft(path)
    widget.set_draft(draft)
    _replace(widget, '"dev"', '"review"')
    assert TEXT_ERROR_KEY in draft.errors  # not checked yet: Save waits
    assert not draft.can_save
    qtbot.waitUntil(lambda: TEXT_ERROR_KEY not in draft.errors, timeout=3000)
    assert draft.pending == {"context_profile": "review"}
    assert draft.can_save
    # a change from elsewhere while a check waits: what was typed is staged first
    _replace(widget, '"review"', '"research"')
    draft.set("intel.enabled", False)
    widget.refresh()
    assert draft.pending == {"context_profile": "research", "intel.enabled": False}
    assert '"context_profile": "research"' in widget.text()
    # another draft shown while a check waits: the typing goes to its own draft first
    _replace(widget, '"research"', '"dev"')
    assert TEXT_ERROR_KEY in draft.errors
    widget.set_draft(ConfigDraft(path))
    assert TEXT_ERROR_KEY not in draft.errors
    assert draft.pending == {"intel.enabled": False}
