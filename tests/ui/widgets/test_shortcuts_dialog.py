"""Help → Keyboard shortcuts lists keys a person can act on, each once, and one action's keys
read as alternatives ("Ctrl+Shift+Z or Ctrl+Y"), never as a second shortcut.

The real window on a copy of the demo with a project open on its Models tab (which adds its
Alt keys); the dialog opened with its own key (Ctrl+/) and a listed key pressed to show it
does what its row says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.models.panel import ModelsPanel
from msd_desktop.ui.widgets.shortcuts_dialog import ShortcutsDialog, collect_shortcuts


def _window(qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str]) -> MainWindow:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=settings, restore_last=False)
    qtbot.addWidget(win)
    win.resize(1024, 700)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    with qtbot.waitSignals([win.state_shown, win.next_command.refreshed], timeout=10000):
        assert win.open_project(demo / "billing-service")
    win.project_tabs.setCurrentIndex(1)  # Models: its Alt keys and its copy key
    QApplication.processEvents()
    win.activateWindow()
    return win


def _open_dialog(qtbot: Any, win: MainWindow) -> ShortcutsDialog:
    QTest.keyClick(win, Qt.Key.Key_Slash, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: any(d.isVisible() for d in win.findChildren(ShortcutsDialog)),
                    timeout=5000)
    dialog = next(d for d in win.findChildren(ShortcutsDialog) if d.isVisible())
    qtbot.addWidget(dialog)
    return dialog


def _listed(dialog: ShortcutsDialog) -> list[tuple[str, str, str]]:
    model = dialog.model
    return [tuple(model.item(r, c).text() for c in range(3))  # type: ignore[misc]
            for r in range(model.rowCount())]


def test_every_row_can_be_acted_on_and_no_key_is_listed_twice(
        qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env)
    dialog = _open_dialog(qtbot, win)
    rows = _listed(dialog)
    assert len(rows) > 20
    whats = [what for _keys, what, _where in rows]
    assert "A key of this tab" not in whats
    assert not [w for w in whats if w.startswith("Go to: ") and "…" in w]  # a button's text
    assert all(w.strip() for w in whats)
    keys = [k for key_text, _what, _where in rows for k in key_text.split(" or ")]
    assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)
    # a key that presses a button is said as the button's action, not "Go to"
    copy = next(r for r in rows if r[0] == "Ctrl+Shift+C")
    assert copy[1] == "Copy as JSON"


def test_redo_reads_as_alternatives(qtbot: Any, tmp_path: Path, demo: Path,
                                    env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env)
    rows = _listed(_open_dialog(qtbot, win))
    redo = [r for r in rows if r[1] == "Redo"]
    assert len(redo) == 1
    keys = redo[0][0]
    assert keys.startswith("Ctrl+Shift+Z or ")
    assert keys.count(" or ") == 1
    assert "," not in keys
    assert "Redo" not in keys  # a keyboard's own Redo key is not a second shortcut


def test_a_listed_key_does_what_its_row_says(qtbot: Any, tmp_path: Path, demo: Path,
                                             env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env)
    rows = _listed(_open_dialog(qtbot, win))
    assert ("Alt+G", "Go to the agents table", "Models") in rows
    panel = win.findChild(ModelsPanel)
    assert panel is not None
    panel.runtime_combo.setFocus()
    QTest.keyClick(QApplication.focusWidget() or win, Qt.Key.Key_G,
                   Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: panel.table.hasFocus(), timeout=5000)


def test_keys_nobody_can_press_or_read_are_left_out(qtbot: Any, tmp_path: Path, demo: Path,
                                                    env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env)
    nowhere = QAction("Nowhere to be seen", win)  # in no menu, on no widget
    nowhere.setShortcut(QKeySequence("Ctrl+Alt+N"))
    holder = QWidget(win)
    QShortcut(QKeySequence("Ctrl+Alt+W"), holder)  # nothing says what it does
    rows = collect_shortcuts(win)
    assert not [r for r in rows if "Ctrl+Alt+N" in r.keys or "Ctrl+Alt+W" in r.keys]
    win.addAction(nowhere)  # now the window has it: listed
    assert any(r.keys == "Ctrl+Alt+N" for r in collect_shortcuts(win))


def test_alternatives_in_portuguese(qtbot: Any, tmp_path: Path, demo: Path,
                                    env: dict[str, str], qapp: QApplication,
                                    pt_br: None) -> None:
    win = _window(qtbot, tmp_path, demo, env)
    rows = _listed(_open_dialog(qtbot, win))
    redo = [r for r in rows if r[0].startswith("Ctrl+Shift+Z")]
    assert len(redo) == 1
    assert " ou " in redo[0][0]
    assert "Ir para a tabela de agentes" in [r[1] for r in rows]
