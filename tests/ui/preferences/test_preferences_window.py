"""Edit → Preferences… on the real window, driven by keys on the focused widget: each choice
is kept where the app keeps it and takes effect at once (the terminal the strip starts, the
close-to-tray switch the View menu shows, the tray's notifications, every scan root's depth);
Esc, Ctrl+W and Close leave without applying."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QWidget

from msd_desktop.core.state.status_changes import StatusEvent
from msd_desktop.core.workspace.registry import MAX_SCAN_DEPTH, Workspace, WorkspaceRegistry
from msd_desktop.ui.app_preferences import NOTIFICATIONS, SCAN_DEPTH, load_values
from msd_desktop.ui.companion.next_command_widget import TERMINAL_SETTING
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.preferences.preferences_dialog import PreferencesDialog
from msd_desktop.ui.tray_close import close_to_tray


@pytest.fixture
def scan_root(tmp_path: Path) -> Path:
    root = tmp_path / "code"
    (root / "a" / "b" / "deep" / ".planning").mkdir(parents=True)  # depth 3
    (root / "near" / ".planning").mkdir(parents=True)  # depth 1
    return root


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, scan_root: Path, env: dict[str, str],
           ui_settings: Any) -> Any:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    registry.add(scan_root, kind="scan_root", scan_depth=6)
    win = MainWindow(registry=registry, env=env, settings=ui_settings, watch=False,
                     restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    qtbot.waitExposed(win)
    yield win
    win.request_quit()


def _names(win: MainWindow) -> set[str]:
    return {ref.name for ref in win.known_refs()}


def _open(qtbot: Any, win: MainWindow) -> PreferencesDialog:
    win.activateWindow()
    win.browser.filter_edit.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=5000)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Comma,
                   Qt.KeyboardModifier.ControlModifier)
    found: list[PreferencesDialog] = []

    def opened() -> bool:
        found[:] = [w for w in QApplication.topLevelWidgets()
                    if isinstance(w, PreferencesDialog) and w.isVisible()]
        return bool(found)

    qtbot.waitUntil(opened, timeout=5000)
    dialog = found[0]
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    return dialog


def _focus(qtbot: Any, widget: QWidget) -> QWidget:
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=5000)
    return widget


def test_the_menu_entry_and_its_key(window: MainWindow) -> None:
    action = window.main_actions.preferences_action
    assert action.text() == "Preferences…"
    assert action.shortcut().toString() == "Ctrl+,"
    assert action in window.main_actions.edit_menu.actions()
    assert not hasattr(window.next_command, "config_button")  # moved here


def test_keys_set_every_choice_and_ok_applies_them(qtbot: Any, window: MainWindow,
                                                    ui_settings: Any, tmp_path: Path) -> None:
    assert _names(window) == {"deep", "near"}
    dialog = _open(qtbot, window)
    assert dialog.current() == load_values(ui_settings)  # opens on what is kept
    QTest.keyClicks(_focus(qtbot, dialog.terminal_edit), "xterm -e bash")
    QTest.keyClick(_focus(qtbot, dialog.close_to_tray_box), Qt.Key.Key_Space)
    QTest.keyClick(_focus(qtbot, dialog.notifications_box), Qt.Key.Key_Space)
    spin = _focus(qtbot, dialog.depth_spin)
    QTest.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(spin, "2")
    # Enter in a field is the dialog's OK: applied and closed
    QTest.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    assert ui_settings.value(TERMINAL_SETTING) == "xterm -e bash"
    assert window.next_command.terminal_program == "xterm -e bash"  # what the strip starts
    assert close_to_tray(ui_settings)
    assert window.main_actions.close_to_tray_action.isChecked()  # the View menu agrees
    assert str(ui_settings.value(NOTIFICATIONS)).lower() == "false"
    assert int(ui_settings.value(SCAN_DEPTH)) == 2
    stored = json.loads((tmp_path / "workspaces.json").read_text(encoding="utf-8"))
    assert [entry["scan_depth"] for entry in stored] == [2]  # the registry's own field
    assert window.browser.scan_depth == 2  # the depth of roots added later
    qtbot.waitUntil(lambda: _names(window) == {"near"}, timeout=15000)  # rescanned


def test_notifications_off_keeps_the_tray_quiet(qtbot: Any, window: MainWindow) -> None:
    tray = window.tray
    event = StatusEvent(kind="paused", root=window.known_refs()[0].root, name="near",
                        title="near paused", message="Work paused.")
    tray.notify(event)
    assert len(tray.shown) == 1
    dialog = _open(qtbot, window)
    QTest.keyClick(_focus(qtbot, dialog.notifications_box), Qt.Key.Key_Space)
    apply = dialog.buttons.button(QDialogButtonBox.StandardButton.Apply)
    QTest.mouseClick(apply, Qt.MouseButton.LeftButton)
    assert dialog.isVisible()  # Apply keeps the window open
    assert tray.notifications is False
    tray.notify(event)
    assert len(tray.shown) == 1  # nothing more popped up
    dialog.close()


@pytest.mark.parametrize("how", ["esc", "ctrl+w", "close-button"])
def test_leaving_without_applying(qtbot: Any, window: MainWindow, ui_settings: Any,
                                  how: str) -> None:
    dialog = _open(qtbot, window)
    QTest.keyClicks(_focus(qtbot, dialog.terminal_edit), "konsole")
    if how == "esc":
        QTest.keyClick(dialog.terminal_edit, Qt.Key.Key_Escape)
    elif how == "ctrl+w":
        QTest.keyClick(dialog.terminal_edit, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    else:
        close = dialog.buttons.button(QDialogButtonBox.StandardButton.Close)
        assert close.text() == "Close"
        QTest.mouseClick(close, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    assert ui_settings.value(TERMINAL_SETTING, "") == ""


def test_scan_depth_is_bounded_by_the_core(qtbot: Any, window: MainWindow) -> None:
    dialog = _open(qtbot, window)
    spin = _focus(qtbot, dialog.depth_spin)
    QTest.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(spin, "999")  # the spin box takes no more than the core allows
    spin.interpretText()
    assert spin.value() <= MAX_SCAN_DEPTH
    assert spin.maximum() == MAX_SCAN_DEPTH
    dialog.close()


def test_one_window_at_a_time(qtbot: Any, window: MainWindow) -> None:
    first = _open(qtbot, window)
    window.main_actions.preferences_action.trigger()
    assert [w for w in QApplication.topLevelWidgets()
            if isinstance(w, PreferencesDialog) and w.isVisible()] == [first]
    first.close()


def test_folder_workspaces_keep_their_depth(tmp_path: Path, env: dict[str, str]) -> None:
    registry = WorkspaceRegistry(tmp_path / "w.json", env=env)
    one = tmp_path / "one"
    (one / ".planning").mkdir(parents=True)
    registry.add(one, kind="folder", scan_depth=4)
    assert registry.set_scan_depth(1) == []
    assert registry.list() == [Workspace("one", one.resolve(), "folder", 4)]


def test_in_portuguese(qtbot: Any, translated: Any) -> None:
    from msd_desktop.ui.preferences.preferences_dialog import PreferenceValues

    translated("pt_BR")
    dialog = PreferencesDialog(PreferenceValues(), [("", ""), ("en", "English")])
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Preferências — MSD Desktop"
    assert dialog.language_combo.itemText(0) == "Idioma do sistema"
    assert dialog.close_to_tray_box.text() == "Continuar na bandeja ao fechar"
    close = dialog.buttons.button(QDialogButtonBox.StandardButton.Close)
    assert close.text() == "Fechar"


def test_a_depth_set_elsewhere_stays_unless_changed_here(qtbot: Any, window: MainWindow,
                                                          tmp_path: Path) -> None:
    window.registry.set_scan_depth(1)  # e.g. msd workspaces add --depth 1
    dialog = _open(qtbot, window)
    QTest.keyClick(_focus(qtbot, dialog.notifications_box), Qt.Key.Key_Space)
    QTest.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Apply),
                     Qt.MouseButton.LeftButton)
    assert [ws.scan_depth for ws in window.registry.list()] == [1]  # untouched
    dialog.close()
