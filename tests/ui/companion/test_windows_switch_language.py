"""The secondary windows switch language while open, as the main window does: the Config
matrix, Global defaults and New project say every text in the new language at once, and keep
what was chosen or typed in them (real keys).

The switch is the application's own (``switch_language``, what Preferences and View →
Language call); each window is compared with a fresh one made in the new language.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget

from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.companion.matrix_view import ConfigMatrixView
from msd_desktop.ui.companion.new_project_dialog import NewProjectDialog
from msd_desktop.ui.settings.global_defaults_panel import GlobalDefaultsPanel
from msd_desktop.ui.widgets.translation import TRANSLATORS, switch_language
from tests.ui.companion.test_new_project_dialog_usability import texts as dialog_texts

AGENTS = "parallelization.max_concurrent_agents"


@pytest.fixture
def clean_language() -> Iterator[None]:
    """Whatever a switch installs is removed afterwards (the next test starts in English)."""
    app = QApplication.instance()
    assert app is not None
    before = QLocale()
    yield
    for translator in app.property(TRANSLATORS) or []:
        app.removeTranslator(translator)
    app.setProperty(TRANSLATORS, [])
    QLocale.setDefault(before)


def _shown_texts(window: QWidget) -> dict[str, str]:
    """The labels' and buttons' texts and tooltips of a window, by object name or place."""
    out: dict[str, str] = {"title": window.windowTitle()}
    for i, w in enumerate(w for w in window.findChildren(QWidget) if w.window() is window):
        if isinstance(w, QLabel | QAbstractButton) and w.text():
            out[f"{type(w).__name__}/{w.objectName() or i}"] = w.text()
        if w.toolTip():
            out[f"{type(w).__name__}/{w.objectName() or i}/tip"] = w.toolTip()
        if w.accessibleName():
            out[f"{type(w).__name__}/{w.objectName() or i}/name"] = w.accessibleName()
    return out


def _headers(view: Any) -> list[str]:
    model = view.model()
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def _focus(qtbot: Any, widget: QWidget) -> None:
    widget.window().activateWindow()
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=10000)


def _projects(demo: Path) -> list[ProjectRef]:
    return [ProjectRef(root=demo / name, name=name, workspace="Demo")
            for name in ("billing-service", "field-notes")]


def test_the_config_matrix_switches_language_while_open(
        qtbot: Any, demo: Path, env: dict[str, str], clean_language: None) -> None:
    view = ConfigMatrixView(_projects(demo), env)
    qtbot.addWidget(view)
    view.resize(1024, 600)
    view.show()
    qtbot.waitExposed(view)
    view.table.selectRow(0)
    english = _shown_texts(view)
    switch_language("pt_BR")
    qtbot.waitUntil(lambda: view.apply_button.text() != "Apply to selected…", timeout=10000)
    fresh = ConfigMatrixView(_projects(demo), env)
    qtbot.addWidget(fresh)
    fresh.resize(1024, 600)
    fresh.show()
    fresh.table.selectRow(0)
    assert _shown_texts(view) == _shown_texts(fresh)
    assert _shown_texts(view) != english
    assert _headers(view.table) == _headers(fresh.table)
    header, fresh_header = view.table.horizontalHeader(), fresh.table.horizontalHeader()
    assert [header.sectionSize(c) for c in range(header.count())] == [
        fresh_header.sectionSize(c) for c in range(fresh_header.count())]  # fitted anew
    assert view.model.data(view.model.index(0, 4)) == fresh.model.data(fresh.model.index(0, 4))
    assert view.table.selectionModel().selectedRows()  # the selection kept
    switch_language("en")
    qtbot.waitUntil(lambda: view.apply_button.text() == "Apply to selected…", timeout=10000)
    back = ConfigMatrixView(_projects(demo), env)  # (English with its plural forms now)
    qtbot.addWidget(back)
    back.resize(1024, 600)
    back.show()
    back.table.selectRow(0)
    assert _shown_texts(view) == _shown_texts(back)


def test_the_new_project_dialog_switches_language_keeping_what_was_typed(
        qtbot: Any, env: dict[str, str], clean_language: None) -> None:
    folder = str(Path(env["HOME"]) / "projects" / "weather-station")
    (Path(env["HOME"]) / "projects").mkdir(parents=True, exist_ok=True)
    dlg = NewProjectDialog(env, folder="")
    qtbot.addWidget(dlg)
    if dlg.keyring is None:
        with qtbot.waitSignal(dlg.keyring_checked, timeout=15000):
            pass
    dlg.resize(1024, 700)
    dlg.show()
    qtbot.waitExposed(dlg)
    _focus(qtbot, dlg.folder_edit)
    QTest.keyClicks(dlg.folder_edit, folder)
    combo = dlg.editors["granularity"].combo  # type: ignore[attr-defined]
    _focus(qtbot, combo)
    before = combo.currentData()
    QTest.keyClick(combo, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: dlg.choices.get("granularity") not in (None, before),
                    timeout=10000)
    chosen = dlg.choices["granularity"]
    switch_language("pt_BR")
    qtbot.waitUntil(lambda: dlg.create_button.text() == "Criar projeto", timeout=10000)
    assert dlg.folder_edit.text() == folder
    combo = dlg.editors["granularity"].combo  # type: ignore[attr-defined]
    assert combo.currentData() == chosen
    assert f'"granularity": "{chosen}"' in dlg.preview.toPlainText()
    # the keyboard goes on where it was: in the setting's field
    assert QApplication.focusWidget() is combo
    fresh = NewProjectDialog(env, folder=folder)
    qtbot.addWidget(fresh)
    if fresh.keyring is None:
        with qtbot.waitSignal(fresh.keyring_checked, timeout=15000):
            pass
    fresh.resize(1024, 700)
    fresh.show()
    QApplication.processEvents()
    mine, theirs = dialog_texts(dlg), dialog_texts(fresh)
    assert {k: v for k, v in mine.items() if "ConfigPreview" not in k} == {
        k: v for k, v in theirs.items() if "ConfigPreview" not in k}
    assert dlg.create_button.isEnabled()


def test_global_defaults_switches_language_keeping_an_unsaved_edit(
        qtbot: Any, demo: Path, env: dict[str, str], clean_language: None) -> None:
    panel = GlobalDefaultsPanel(_projects(demo), env)
    qtbot.addWidget(panel)
    panel.resize(1024, 700)
    panel.show()
    qtbot.waitExposed(panel)
    panel.form._scroll_to(AGENTS)
    spin = panel.form.editor(AGENTS).spin  # type: ignore[attr-defined]
    _focus(qtbot, spin)
    spin.selectAll()
    QTest.keyClicks(spin, "5")
    QTest.keyClick(spin, Qt.Key.Key_Tab)
    draft = panel.form.draft
    assert draft is not None
    qtbot.waitUntil(lambda: draft.dirty, timeout=10000)
    old_form = panel.form
    assert panel.close_button.text() == "Close"
    switch_language("pt_BR")
    qtbot.waitUntil(lambda: panel.form is not old_form, timeout=10000)
    assert panel.close_button.text() == "Fechar"
    assert panel.reach_title.text() != "Where each global key reaches"
    assert panel.form.save_button.text() == "Salvar"
    assert panel.form.draft is draft  # the same draft: the edit is still there, unsaved
    assert draft.dirty
    panel.form._scroll_to(AGENTS)
    assert panel.form.editor(AGENTS).spin.value() == 5  # type: ignore[attr-defined]
    fresh = GlobalDefaultsPanel(_projects(demo), env)
    qtbot.addWidget(fresh)
    assert panel.reach_title.text() == fresh.reach_title.text()
    assert panel.note.text() == fresh.note.text()
    assert _headers(panel.table) == _headers(fresh.table)
    assert panel.windowTitle() == fresh.windowTitle()
    # the undo history is kept: the new form undoes the edit made in the old one
    panel.form.session.stack.undo()  # type: ignore[union-attr]
    assert not draft.dirty
