"""The New project dialog for people: Brazilian Portuguese everywhere it speaks, a name for a
screen reader on every control, Tab down the form, Escape to cancel, the preview's empty state,
and nothing clipped or scrolling sideways at 1024×700 (English and pt_BR) nor stretched at
1920×1080.

Offscreen by default, real files, the real compiled catalogues. Through
``scripts/run-tests.sh`` with ``QT_QPA_PLATFORM=xcb`` and ``MSD_SCREENSHOT_DIR`` it photographs
the dialog on a real X server (keyring ready): ``new-project-1024.png``,
``new-project-1920.png``, ``new-project-pt_BR-1024.png``.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QWidget,
)

from msd_desktop.core.secrets.store import secret_keys
from msd_desktop.ui.companion import new_project_dialog
from msd_desktop.ui.companion.new_project_dialog import NEW_PROJECT_KEYS, NewProjectDialog
from tests.layout_checks import layout_problems

# reads the same in both languages: proper names (the section "Git", the "Runtime" of the
# glossary, the search services), and the shared value editor's own notes (the Settings
# form's editors, not this dialog's words)
SAME_IN_BOTH = {"", "Git", "Runtime", "Firecrawl", "Jina", "Perplexity", "Brave Search",
                "Exa Search", "(default)"}
KEYS = (*NEW_PROJECT_KEYS, *secret_keys())
PICTURE_HOME = Path("/home/alex")  # a plausible home for the pictures' paths (wiped after)


@pytest.fixture
def home(env: dict[str, str]) -> Iterator[dict[str, str]]:
    """The environment, with HOME in :data:`PICTURE_HOME` when taking pictures."""
    if not os.environ.get("MSD_SCREENSHOT_DIR"):
        yield env
        return
    shutil.rmtree(PICTURE_HOME, ignore_errors=True)
    (PICTURE_HOME / "projects").mkdir(parents=True)
    try:
        yield {**env, "HOME": str(PICTURE_HOME)}
    finally:
        shutil.rmtree(PICTURE_HOME, ignore_errors=True)


def write_defaults(env: dict[str, str], data: dict[str, Any]) -> None:
    path = Path(env["HOME"]) / ".msd" / "defaults.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def dialog(qtbot: Any, env: dict[str, str], size: tuple[int, int] = (1024, 700),
           folder: str | None = None) -> NewProjectDialog:
    """The dialog at ``size``, a missing project folder typed, the keyring answered."""
    projects = Path(env["HOME"]) / "projects"
    projects.mkdir(parents=True, exist_ok=True)
    dlg = NewProjectDialog(env, folder=str(projects / "weather-station") if folder is None
                           else folder)
    qtbot.addWidget(dlg)
    if dlg.keyring is None:
        with qtbot.waitSignal(dlg.keyring_checked, timeout=15000):
            pass
    dlg.resize(*size)
    dlg.show()
    QApplication.processEvents()
    return dlg


def own_widgets(dlg: QWidget) -> list[QWidget]:
    """The dialog's widgets in its own window (a combo box's popup is a window of its own)."""
    return [w for w in dlg.findChildren(QWidget) if w.window() is dlg]


def texts(dlg: NewProjectDialog) -> dict[str, str]:
    """Every text of the dialog's widgets, keyed by where it is (the same in both languages);
    the values, paths and the file preview are left out (they stay as they are)."""
    skip = {"ConfigPreview"}
    out: dict[str, str] = {"title": dlg.windowTitle()}
    for i, w in enumerate(own_widgets(dlg)):
        if w.objectName() in skip:
            continue
        where = f"{type(w).__name__}/{w.objectName() or i}"
        if isinstance(w, QLabel | QAbstractButton):
            text = w.text()
            if w.objectName() in ("FolderProblem", "PreviewTitle"):
                # the path or file name first, our words after it
                text = text.replace(dlg.folder_edit.text(), "").replace(
                    ".planning/config.json", "")
            out[where] = text
        if isinstance(w, QGroupBox):
            out[where + "/title"] = w.title()
        if isinstance(w, QLineEdit) and not isinstance(w.parentWidget(),
                                                       QComboBox | QAbstractSpinBox):
            out[where + "/placeholder"] = w.placeholderText()
        if isinstance(w, QPlainTextEdit):
            out[where + "/placeholder"] = w.placeholderText()
        if w.accessibleName():
            out[where + "/name"] = w.accessibleName()
        if w.accessibleDescription():
            out[where + "/description"] = w.accessibleDescription()
        tip = w.toolTip()
        if tip and not tip.startswith(KEYS):  # a key name, then its help
            out[where + "/tip"] = tip
        elif tip:
            out[where + "/help"] = tip.split("\n\n", 1)[-1]
    return out


def compare(english: dict[str, str], portuguese: dict[str, str]) -> list[str]:
    assert english.keys() == portuguese.keys()
    return [f"{k}: {english[k]!r}" for k in english
            if english[k] == portuguese[k] and english[k].strip() not in SAME_IN_BOTH]


# ----------------------------------------------------------------------------- (a) pt_BR


def test_dialog_speaks_portuguese(qtbot: Any, home: dict[str, str],
                                  request: pytest.FixtureRequest) -> None:
    write_defaults(home, {"model_profile": "quality"})
    en_dlg = dialog(qtbot, home)
    en = texts(en_dlg)
    request.getfixturevalue("pt_br")
    pt_dlg = dialog(qtbot, home)
    pt = texts(pt_dlg)
    assert len(en) > 40
    assert compare(en, pt) == []
    assert pt_dlg.create_button.text() == "Criar projeto"
    # the tooltips name the Portuguese mnemonics
    assert "&r" in pt_dlg.browse_button.text()
    assert "Alt+R" in pt_dlg.browse_button.toolTip()
    assert "Alt+P" in pt_dlg.folder_edit.toolTip()
    assert "ainda não existe" in pt_dlg.folder_label.text()
    assert str(pt_dlg.folder_edit.text()) in pt_dlg.folder_label.text()  # the path as it is
    # the settings' titles are the Settings form's translations of the schema
    titles = {w.text() for w in own_widgets(pt_dlg) if isinstance(w, QLabel)}
    assert {"Modo", "Granularidade", "Perfil de modelo", "Pesquisa"} <= titles
    # the preview is the file itself: the same bytes in both languages
    assert pt_dlg.preview.toPlainText() == en_dlg.preview.toPlainText()


def test_folder_problems_speak_portuguese(qtbot: Any, home: dict[str, str], tmp_path: Path,
                                          request: pytest.FixtureRequest) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    taken = tmp_path / "taken"
    (taken / ".planning").mkdir(parents=True)
    cases = {"relative": "projects/x", "file": str(a_file), "taken": str(taken),
             "empty": ""}

    def sentences() -> dict[str, str]:
        dlg = dialog(qtbot, home, folder="")
        out = {}
        for name, text in cases.items():
            dlg.folder_edit.setText(text)
            out[name] = dlg.folder_label.text().replace(text, "") if text else \
                dlg.folder_label.text()
        return out

    en = sentences()
    request.getfixturevalue("pt_br")
    pt = sentences()
    assert all(en[k] != pt[k] and pt[k] for k in cases)
    assert "um arquivo" in pt["file"]
    assert ".planning/" in pt["taken"]


def test_create_folder_question_speaks_portuguese(qtbot: Any, home: dict[str, str],
                                                  pt_br: None) -> None:
    dlg = dialog(qtbot, home)
    seen: list[tuple[str, str]] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or box.objectName() != "CreateFolderQuestion":
            QTimer.singleShot(20, answer)
            return
        seen.append((box.windowTitle(), box.text()))
        box.button(QMessageBox.StandardButton.No).click()

    QTimer.singleShot(20, answer)
    QTest.keyClick(dlg.folder_edit, Qt.Key.Key_Return)  # Create, then the question
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    title, text = seen[0]
    assert title == "Criar a pasta?"
    assert text.startswith(dlg.folder_edit.text() + " ainda não existe.")  # the path as is
    assert dlg.error_label.text().startswith("Nada foi criado:")
    assert not Path(dlg.folder_edit.text()).exists()


def test_the_config_checks_words_are_labelled(qtbot: Any, home: dict[str, str],
                                              request: pytest.FixtureRequest) -> None:
    """A note of the core says where it comes from, both in the window's language."""
    write_defaults(home, {"runtime": "codex"})  # "not copied (it is host-specific)"
    request.getfixturevalue("pt_br")
    dlg = dialog(qtbot, home)
    lines = dlg.preview_title.text().splitlines()
    assert ("A verificação da configuração diz: o runtime do defaults.json não foi copiado "
            "(ele é específico da máquina)") in lines


# ----------------------------------------------------------------------------- (b) a11y


def interactive(w: QWidget) -> bool:
    return (isinstance(w, QAbstractButton | QComboBox | QLineEdit | QAbstractSpinBox
                       | QPlainTextEdit)
            and w.isVisible()
            and not isinstance(w.parentWidget(), QComboBox | QAbstractSpinBox))


def test_every_control_has_an_accessible_name(qtbot: Any, home: dict[str, str]) -> None:
    dlg = dialog(qtbot, home)
    controls = [w for w in own_widgets(dlg) if interactive(w)]
    assert len(controls) >= len(NEW_PROJECT_KEYS) + 5
    missing = []
    for w in controls:
        face = QAccessible.queryAccessibleInterface(w)
        name = face.text(QAccessible.Text.Name) if face is not None else ""
        if not name.strip():
            missing.append(f"{type(w).__name__}/{w.objectName()}")
    assert missing == []
    # a setting's control is named by its title, not by its value or "(default)"
    check = dlg.editors["workflow.research"].findChild(QAbstractButton)
    assert check is not None
    assert check.accessibleName() == "Research"


def test_tab_goes_down_the_form(qtbot: Any, home: dict[str, str]) -> None:
    dlg = dialog(qtbot, home)
    dlg.activateWindow()
    dlg.folder_edit.setFocus()
    qtbot.waitUntil(dlg.folder_edit.hasFocus, timeout=3000)
    seen: list[QWidget] = []
    for _ in range(len(NEW_PROJECT_KEYS) + len(dlg.key_edits) + 8):  # once round, and more
        focused = QApplication.focusWidget()
        assert focused is not None
        seen.append(focused)
        QTest.keyClick(focused, Qt.Key.Key_Tab)  # as a person would
    seen = seen[:seen.index(dlg.folder_edit, 1)] if dlg.folder_edit in seen[1:] else seen
    assert seen[0] is dlg.folder_edit
    assert seen[1] is dlg.browse_button
    owners = [next((k for k, e in dlg.editors.items() if e is w or e.isAncestorOf(w)), None)
              for w in seen]
    order = [k for i, k in enumerate(owners) if k is not None and k not in owners[:i]]
    assert order == list(NEW_PROJECT_KEYS)  # each setting once, top to bottom
    last_setting = max(i for i, k in enumerate(owners) if k is not None)
    # then the API keys and the global choice (skipped while disabled: no usable keyring),
    # then the preview
    rest = [e for e in (*dlg.key_edits.values(), dlg.global_keys) if e.isEnabled()]
    rest.append(dlg.preview)
    assert seen[last_setting + 1:last_setting + 1 + len(rest)] == rest
    # and the buttons, as they stand in the box; then round to the folder again
    assert set(seen[last_setting + 1 + len(rest):]) == {dlg.create_button, dlg.cancel_button}


def test_escape_cancels_and_shortcuts_are_named(qtbot: Any, home: dict[str, str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    dlg = dialog(qtbot, home)
    assert "Return" in dlg.create_button.toolTip()
    assert "Escape" in dlg.cancel_button.toolTip()
    assert "Alt+B" in dlg.browse_button.toolTip()
    assert "Alt+F" in dlg.folder_edit.toolTip()
    asked: list[str] = []
    monkeypatch.setattr(new_project_dialog, "pick_folder",
                        lambda _parent, start: asked.append(start) or None)
    dlg.activateWindow()
    dlg.folder_edit.setFocus()
    qtbot.waitUntil(dlg.folder_edit.hasFocus, timeout=3000)
    QTest.keyClick(dlg.folder_edit, Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: bool(asked), timeout=3000)  # a mnemonic clicks animated
    assert asked == [dlg.folder_edit.text()]  # Alt+B is Browse
    with qtbot.waitSignal(dlg.rejected, timeout=3000):
        QTest.keyClick(dlg.folder_edit, Qt.Key.Key_Escape)
    assert not dlg.isVisible()
    assert dlg.result_info is None  # nothing was created
    assert not (Path(home["HOME"]) / "projects" / "weather-station").exists()


# ----------------------------------------------------------------------------- (c) empty


def test_preview_says_why_it_is_empty(qtbot: Any, home: dict[str, str],
                                      monkeypatch: pytest.MonkeyPatch,
                                      request: pytest.FixtureRequest) -> None:
    from msd_desktop.core.common.errors import MsdError

    dlg = dialog(qtbot, home)
    assert dlg.preview.toPlainText()  # a file to show: no hint

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise MsdError("defaults.json: model_profile must be one of quality, balanced")

    monkeypatch.setattr(new_project_dialog, "build_new_project_config", refuse)
    dlg._refresh()
    assert dlg.preview.toPlainText() == ""
    assert "appears here" in dlg.preview.placeholderText()
    assert dlg.error_label.text().startswith("No config.json can be made yet (the config "
                                             "check says: defaults.json")
    assert not dlg.create_button.isEnabled()
    request.getfixturevalue("pt_br")
    monkeypatch.undo()
    pt = dialog(qtbot, home)
    assert "aparece aqui" in pt.preview.placeholderText()


# ----------------------------------------------------------------------------- (d) fit


def clipped(dlg: NewProjectDialog) -> list[str]:
    """Cut or overlapping texts, sideways scrolling (the shared checks of the whole window)."""
    return layout_problems(dlg)


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_nothing_clips_at_1024x700(qtbot: Any, home: dict[str, str],
                                   request: pytest.FixtureRequest, language: str) -> None:
    write_defaults(home, {"model_profile": "quality"})
    request.getfixturevalue("pt_br" if language == "pt_BR" else "english")
    dlg = dialog(qtbot, home)
    assert dlg.width() <= 1024
    assert dlg.height() <= 700
    assert clipped(dlg) == []
    picture(dlg, "new-project-1024.png" if language == "en" else "new-project-pt_BR-1024.png")


def test_wide_dialog_keeps_fields_their_size(qtbot: Any, home: dict[str, str],
                                             english: None) -> None:
    write_defaults(home, {"model_profile": "quality"})
    dlg = dialog(qtbot, home, size=(1920, 1080))
    assert clipped(dlg) == []
    em = dlg.fontMetrics().horizontalAdvance("M")
    for key in ("mode", "granularity", "model_profile", "workflow.research"):
        assert dlg.editors[key].width() <= 30 * em, key  # a choice, not the whole row
    for edit in dlg.key_edits.values():
        assert edit.width() <= 80 * dlg.fontMetrics().horizontalAdvance("x")  # one key
    picture(dlg, "new-project-1920.png")


def test_a_long_path_is_elided_not_widening(qtbot: Any, home: dict[str, str],
                                            tmp_path: Path) -> None:
    deep = tmp_path.joinpath(*[f"a-rather-long-folder-name-{i}" for i in range(14)])
    dlg = dialog(qtbot, home, folder=str(deep))
    assert len(str(deep)) > 300
    assert dlg.minimumSizeHint().width() <= 1024  # the dialog still fits the screen
    assert dlg.width() <= 1024
    shown = dlg.folder_label.text()
    assert "…" in shown
    assert "does not exist yet" in shown
    assert str(deep) in dlg.folder_label.toolTip()  # the whole path, one hover away
    lines = shown.count("\n") + 1
    assert lines == 1
    label = dlg.folder_label
    assert label.heightForWidth(label.width()) <= label.height()  # no line cut off


# ----------------------------------------------------------------------------- pictures


def picture(dlg: QWidget, name: str) -> None:
    """The dialog as it is (only with ``MSD_SCREENSHOT_DIR``)."""
    target = os.environ.get("MSD_SCREENSHOT_DIR")
    if not target:
        return
    QApplication.processEvents()
    Path(target).mkdir(parents=True, exist_ok=True)
    assert dlg.grab().save(str(Path(target) / name))
