"""Help → Getting started: our own short page on the tree, Settings, the Models tab and
saving, in the window's language, closed from the keyboard; one copy at a time."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.preferences.getting_started import GettingStartedDialog


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str],
           ui_settings: Any) -> Any:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    qtbot.waitExposed(win)
    yield win
    win.request_quit()


def _open(qtbot: Any, win: MainWindow) -> GettingStartedDialog:
    win.main_actions.getting_started_action.trigger()
    found: list[GettingStartedDialog] = []

    def opened() -> bool:
        found[:] = [w for w in QApplication.topLevelWidgets()
                    if isinstance(w, GettingStartedDialog) and w.isVisible()]
        return bool(found)

    qtbot.waitUntil(opened, timeout=5000)
    dialog = found[0]
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    dialog.page.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.page, timeout=5000)
    return dialog


def test_the_page_names_the_four_parts(qtbot: Any, window: MainWindow) -> None:
    from PySide6.QtWidgets import QMenu

    help_menu = window.menuBar().findChild(QMenu, "HelpMenu")
    assert window.main_actions.getting_started_action in help_menu.actions()
    dialog = _open(qtbot, window)
    text = dialog.page.toPlainText()
    for heading in ("The project tree", "Settings", "The Models tab", "Saving"):
        assert heading in text
    assert "Ctrl+Shift+S" in text
    assert "Ctrl+K" in text
    assert dialog.windowTitle() == "Getting started — MSD Desktop"
    # a second ask brings the same page forward
    window.main_actions.getting_started_action.trigger()
    assert [w for w in QApplication.topLevelWidgets()
            if isinstance(w, GettingStartedDialog) and w.isVisible()] == [dialog]
    dialog.close()


@pytest.mark.parametrize("key", [(Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
                                 (Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)],
                         ids=["esc", "ctrl+w"])
def test_keys_close_it(qtbot: Any, window: MainWindow, key: tuple[Any, Any]) -> None:
    dialog = _open(qtbot, window)
    QTest.keyClick(QApplication.focusWidget(), *key)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)


def test_in_portuguese(qtbot: Any, translated: Callable[[str], None]) -> None:
    translated("pt_BR")
    dialog = GettingStartedDialog()
    qtbot.addWidget(dialog)
    text = dialog.page.toPlainText()
    assert "A árvore de projetos" in text
    assert "A aba Modelos" in text
    assert "The project tree" not in text
    assert dialog.windowTitle() == "Primeiros passos — MSD Desktop"
    assert dialog.buttons.buttons()[0].text() == "Fechar"


def test_no_markup_but_ours(qtbot: Any) -> None:
    dialog = GettingStartedDialog()
    qtbot.addWidget(dialog)
    dialog.sections = lambda: [("<b>x</b>", "<img src=a>")]  # type: ignore[method-assign]
    dialog.retranslate()
    assert "<b>x</b>" in dialog.page.toPlainText()  # shown as text, not markup
