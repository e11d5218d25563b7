"""Switching the language without a restart: View → Language (or Edit → Preferences) makes
the open window speak the new language at once — menus, the open project's tab titles, the
status bar, the browser, an open dialog — and back again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLocale, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.preferences.getting_started import GettingStartedDialog
from msd_desktop.ui.preferences.preferences_dialog import PreferencesDialog
from msd_desktop.ui.widgets.translation import TRANSLATORS, remembered_language


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


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str],
           clean_language: None) -> Any:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    qtbot.waitExposed(win)
    assert win.open_project(demo / "billing-service")
    qtbot.waitUntil(lambda: win.project_tabs.count() == 3, timeout=15000)
    yield win
    win.request_quit()


def _menus(win: MainWindow) -> list[str]:
    return [a.text() for a in win.menuBar().actions()]


def _tabs(win: MainWindow) -> list[str]:
    return [win.project_tabs.tabText(i) for i in range(win.project_tabs.count())]


def _status(win: MainWindow) -> str:
    """The status bar: the open project's status line and the watch's label."""
    return f"{win.status_label.text()} | {win.watch_label.text()}"


def _choose(win: MainWindow, code: str) -> None:
    """View → Language → the language, as a click on its menu entry does."""
    view = next(a.menu() for a in win.menuBar().actions()
                if isinstance(a.menu(), QMenu) and a.menu().objectName() == "ViewMenu")
    menu = win.main_actions.language_menu
    assert menu.menuAction() in view.actions()
    menu.language_actions[code].trigger()


def test_view_language_switches_the_open_window_and_back(qtbot: Any, window: MainWindow
                                                         ) -> None:
    win = window
    assert _menus(win) == ["&File", "&Edit", "&View", "&Help"]
    assert _tabs(win) == ["Settings", "Models", "State"]
    qtbot.waitUntil(lambda: " · paused · " in _status(win), timeout=15000)
    assert _status(win).endswith("| not watching")
    getting_started = GettingStartedDialog(win)  # an open dialog follows too
    getting_started.show()
    win.main_actions.show_shortcuts()
    shortcuts = win.main_actions._shortcuts
    assert shortcuts.windowTitle() == "Keyboard shortcuts — MSD Desktop"
    assert any(row.what == "Preferences…" for row in shortcuts.rows)
    tray_first = win.tray.menu.actions()[0]
    assert tray_first.text() == "Show MSD Desktop"
    _choose(win, "pt_BR")
    qtbot.waitUntil(lambda: _menus(win) == ["Ar&quivo", "&Editar", "E&xibir", "A&juda"],
                    timeout=10000)
    assert remembered_language(win.settings) == "pt_BR"  # and kept for the next start
    qtbot.waitUntil(lambda: _tabs(win) == ["Configurações", "Modelos", "Estado"],
                    timeout=15000)
    qtbot.waitUntil(lambda: " · pausado · " in _status(win), timeout=15000)
    assert _status(win).endswith("| sem monitoramento")
    assert win.main_actions.preferences_action.text() == "Preferências…"
    assert win.browser.filter_edit.placeholderText() == "Filtrar projetos…"
    assert win.next_command.copy_button.text() != "Copy"
    assert getting_started.windowTitle() == "Primeiros passos — MSD Desktop"
    assert shortcuts.windowTitle() != "Keyboard shortcuts — MSD Desktop"
    assert any(row.what == "Preferências…" for row in shortcuts.rows)  # the new actions
    assert win.tray.menu.actions()[0].text() != "Show MSD Desktop"
    assert win.main_actions.language_menu.language_actions["pt_BR"].isChecked()
    # the keys still work after the menus were made again
    assert win.main_actions.preferences_action.shortcut().toString() == "Ctrl+,"
    _choose(win, "en")
    qtbot.waitUntil(lambda: _menus(win) == ["&File", "&Edit", "&View", "&Help"],
                    timeout=10000)
    qtbot.waitUntil(lambda: _tabs(win) == ["Settings", "Models", "State"], timeout=15000)
    qtbot.waitUntil(lambda: " · paused · " in _status(win), timeout=15000)
    assert _status(win).endswith("| not watching")
    assert win.browser.filter_edit.placeholderText() == "Filter projects…"
    assert getting_started.windowTitle() == "Getting started — MSD Desktop"
    assert any(row.what == "Preferences…" for row in shortcuts.rows)
    assert win.tray.menu.actions()[0].text() == "Show MSD Desktop"
    getting_started.close()
    shortcuts.close()


def test_the_overview_switches_too(qtbot: Any, window: MainWindow) -> None:
    win = window
    win.show_overview()
    model = win.overview_model
    english = [model.headerData(c, Qt.Orientation.Horizontal) for c in
               range(model.columnCount())]
    _choose(win, "pt_BR")
    qtbot.waitUntil(lambda: _menus(win)[0] == "Ar&quivo", timeout=10000)
    portuguese = [model.headerData(c, Qt.Orientation.Horizontal) for c in
                  range(model.columnCount())]
    assert portuguese != english
    # scanned again: the rescan's line in the new words
    qtbot.waitUntil(lambda: _status(win).startswith("Nova varredura"), timeout=15000)
    _choose(win, "en")
    qtbot.waitUntil(lambda: _status(win).startswith("Rescan:"), timeout=15000)


def test_preferences_language_switches_with_keys(qtbot: Any, window: MainWindow) -> None:
    win = window
    win.activateWindow()
    win.browser.filter_edit.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is win.browser.filter_edit,
                    timeout=5000)
    QTest.keyClick(win.browser.filter_edit, Qt.Key.Key_Comma,
                   Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: any(isinstance(w, PreferencesDialog) and w.isVisible()
                                for w in QApplication.topLevelWidgets()), timeout=5000)
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if isinstance(w, PreferencesDialog) and w.isVisible())
    combo = dialog.language_combo
    combo.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is combo, timeout=5000)
    while combo.currentData() != "pt_BR":  # down the list with the arrow key
        before = combo.currentIndex()
        QTest.keyClick(combo, Qt.Key.Key_Down)
        assert combo.currentIndex() != before, "pt_BR is in the list"
    QTest.keyClick(combo, Qt.Key.Key_Return)  # OK
    qtbot.waitUntil(lambda: _menus(win) == ["Ar&quivo", "&Editar", "E&xibir", "A&juda"],
                    timeout=10000)
    qtbot.waitUntil(lambda: _tabs(win) == ["Configurações", "Modelos", "Estado"],
                    timeout=15000)
    assert win.main_actions.language_menu.language_actions["pt_BR"].isChecked()
    _choose(win, "en")
    qtbot.waitUntil(lambda: _menus(win) == ["&File", "&Edit", "&View", "&Help"],
                    timeout=10000)


def test_an_unsaved_edit_survives_the_switch(qtbot: Any, window: MainWindow) -> None:
    from msd_desktop.ui.settings.form import ConfigFormPanel

    win = window
    key = "parallelization.max_concurrent_agents"
    win.project_tabs.setCurrentIndex(0)

    def form() -> ConfigFormPanel | None:
        return next((w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel)),
                    None)

    qtbot.waitUntil(lambda: form() is not None and form().draft is not None, timeout=20000)
    spin = form().editor(key).spin
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "7")
    QTest.keyClick(spin, Qt.Key.Key_Tab)
    qtbot.waitUntil(win.isWindowModified, timeout=5000)
    _choose(win, "pt_BR")
    qtbot.waitUntil(lambda: _tabs(win) == ["Configurações", "Modelos", "Estado"],
                    timeout=15000)
    assert win.project_tabs.currentIndex() == 0  # the same tab, built anew
    qtbot.waitUntil(lambda: form() is not None and form().draft is not None, timeout=20000)
    assert form().editor(key).spin.value() == 7  # the edit is still there, unsaved
    assert win.isWindowModified()
    assert win.unsaved.any_dirty()
    _choose(win, "en")
    qtbot.waitUntil(lambda: _tabs(win) == ["Settings", "Models", "State"], timeout=15000)
    from msd_desktop.ui.settings import unsaved

    unsaved.discard_all(win.unsaved.made.dirty())


def test_a_window_not_shown_catches_up_when_shown(qtbot: Any, window: MainWindow) -> None:
    win = window
    win.hide()  # closed to the tray, say
    _choose(win, "pt_BR")
    QApplication.processEvents()
    assert _menus(win) == ["&File", "&Edit", "&View", "&Help"]  # nothing done while hidden
    win.show()
    qtbot.waitUntil(lambda: _menus(win) == ["Ar&quivo", "&Editar", "E&xibir", "A&juda"],
                    timeout=10000)
    _choose(win, "en")
    qtbot.waitUntil(lambda: _menus(win) == ["&File", "&Edit", "&View", "&Help"],
                    timeout=10000)
