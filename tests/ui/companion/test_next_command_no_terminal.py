""""Open a terminal here" with no terminal on the machine says so, visibly: a message box
naming what was looked for and the ways to choose one (the box's own button or Edit →
Preferences, the TERMINAL environment variable), with a button that asks for the program and
then opens it.

Offscreen, the real widget and buttons pressed with QTest; programs are looked up on the
PATH the window was given (an empty folder here: no terminal at all). The program chosen in
the end is a real script that is really started in the project folder. (Linux and the BSDs:
macOS and Windows always have a default terminal.)
"""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QInputDialog, QLineEdit, QMessageBox, QPushButton

from msd_desktop.core.state.next_command import LINUX_TERMINALS
from msd_desktop.ui.companion.next_command_widget import TERMINAL_SETTING, NextCommandWidget


def _widget(qtbot: Any, tmp_path: Path, env: dict[str, str]) -> tuple[NextCommandWidget, Path]:
    empty = tmp_path / "bin"
    empty.mkdir()
    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    env = {k: v for k, v in env.items() if k != "TERMINAL"} | {"PATH": str(empty)}
    widget = NextCommandWidget(settings, env)
    qtbot.addWidget(widget)
    root = tmp_path / "project"
    root.mkdir()
    widget.set_fields(root, {"next_action": "execute-phase", "next_phases": ["2"]})
    widget.resize(760, 48)
    widget.show()
    qtbot.waitExposed(widget)
    return widget, root


def _box(widget: NextCommandWidget) -> QMessageBox:
    box = widget.terminal_box
    assert box is not None
    assert box.isVisible()
    return box


def test_no_terminal_says_so_and_how_to_choose_one(qtbot: Any, tmp_path: Path,
                                                   env: dict[str, str]) -> None:
    widget, _root = _widget(qtbot, tmp_path, env)
    tip = widget.terminal_button.toolTip()
    with qtbot.waitSignal(widget.failed, timeout=5000):
        QTest.mouseClick(widget.terminal_button, Qt.MouseButton.LeftButton)
    box = _box(widget)
    assert box.text() == "No terminal program was found."
    info = box.informativeText()
    assert "Edit → Preferences" in info  # where the choice lives now
    assert "TERMINAL environment variable" in info
    assert all(name in info for name in LINUX_TERMINALS)  # what was looked for
    assert widget.terminal_button.toolTip() == tip  # the message is the box, not a tooltip
    # Close leaves everything as it was
    QTest.mouseClick(box.button(QMessageBox.StandardButton.Close), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not box.isVisible(), timeout=5000)
    assert widget.settings.value(TERMINAL_SETTING, "") == ""


def test_choose_terminal_asks_for_the_program_and_opens_it(qtbot: Any, tmp_path: Path,
                                                           env: dict[str, str]) -> None:
    widget, root = _widget(qtbot, tmp_path, env)
    script = tmp_path / "my-term"
    script.write_text("#!/bin/sh\npwd > opened-here\n", encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    QTest.mouseClick(widget.terminal_button, Qt.MouseButton.LeftButton)
    box = _box(widget)
    choose = box.findChild(QPushButton, "ChooseTerminalButton")
    assert choose is not None

    asked: list[str] = []

    def answer() -> None:  # the real input dialog, typed into and accepted with Enter
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QInputDialog) or not dialog.isVisible():
            QTimer.singleShot(20, answer)
            return
        asked.append(dialog.labelText())
        field = dialog.findChild(QLineEdit)
        assert field is not None
        QTest.keyClicks(field, str(script))
        QTest.keyClick(field, Qt.Key.Key_Return)

    QTimer.singleShot(20, answer)
    with qtbot.waitSignal(widget.terminal_opened, timeout=10000) as opened:
        QTest.mouseClick(choose, Qt.MouseButton.LeftButton)
    assert asked
    assert "{cwd}" in asked[0]
    assert opened.args == [[str(script)]]
    assert widget.settings.value(TERMINAL_SETTING) == str(script)
    marker = root / "opened-here"
    qtbot.waitUntil(marker.exists, timeout=10000)
    assert marker.read_text(encoding="utf-8").strip() == str(root)


def test_the_message_speaks_portuguese(qtbot: Any, tmp_path: Path, env: dict[str, str],
                                       qapp: QApplication, pt_br: None) -> None:
    widget, _root = _widget(qtbot, tmp_path, env)
    QTest.mouseClick(widget.terminal_button, Qt.MouseButton.LeftButton)
    box = _box(widget)
    assert box.text() == "Nenhum programa de terminal foi encontrado."
    assert "variável de ambiente TERMINAL" in box.informativeText()
    assert box.findChild(QPushButton, "ChooseTerminalButton").text() == "Escolher terminal…"
    box.close()
