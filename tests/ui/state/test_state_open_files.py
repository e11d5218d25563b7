"""The State tab opens STATE.md and ROADMAP.md in the person's own programs, or shows the
planning folder: the desktop is asked off the window's thread, and what it did is said."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from msd_desktop.core.state.project import load_project_state
from msd_desktop.ui.state.panel import StatePanel
from msd_desktop.ui.state.state_view import state_view_from_core


class _Opened(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url.toLocalFile())


def _shown(qtbot, root: Path, env: dict[str, str]) -> StatePanel:
    panel = StatePanel()
    qtbot.addWidget(panel)
    panel.show()
    assert not panel.open_button.isEnabled()  # no project yet
    with qtbot.waitSignal(panel.shown, timeout=5000):
        panel.show_state(state_view_from_core(load_project_state(root, env), root.name))
    return panel


def test_state_roadmap_and_the_folder_open_with_the_desktop(qtbot, demo: Path,
                                                            env: dict[str, str]) -> None:
    root = demo / "billing-service"
    planning = root / ".planning"
    panel = _shown(qtbot, root, env)
    assert panel.open_button.isEnabled()
    opened = _Opened()
    QDesktopServices.setUrlHandler("file", opened, "open")
    try:
        panel.open_state_action.trigger()
        qtbot.waitUntil(lambda: len(opened.urls) == 1, timeout=10000)
        panel.open_roadmap_action.trigger()
        qtbot.waitUntil(lambda: len(opened.urls) == 2, timeout=10000)
        panel.show_folder_action.trigger()
        qtbot.waitUntil(lambda: len(opened.urls) == 3, timeout=10000)
        qtbot.waitUntil(lambda: panel.opened_note.text().startswith("Opened"), timeout=10000)
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert opened.urls == [str(planning / "STATE.md"), str(planning / "ROADMAP.md"),
                           str(planning)]
    assert panel.opened_note.isVisible()


def test_a_missing_roadmap_is_said_and_nothing_is_opened(qtbot, demo: Path,
                                                         env: dict[str, str]) -> None:
    root = demo / "field-notes"
    (root / ".planning" / "ROADMAP.md").unlink(missing_ok=True)
    panel = _shown(qtbot, root, env)
    opened = _Opened()
    QDesktopServices.setUrlHandler("file", opened, "open")
    picked: list[bool] = []

    def pick() -> None:  # the menu runs its own loop: choose in it, with the keyboard
        menu = QApplication.activePopupWidget()
        if menu is None:
            QTimer.singleShot(20, pick)
            return
        menu.setActiveAction(panel.open_roadmap_action)  # type: ignore[attr-defined]
        QTest.keyClick(menu, Qt.Key.Key_Return)
        picked.append(True)

    try:
        QTimer.singleShot(20, pick)
        QTest.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)  # opens the menu
        qtbot.waitUntil(lambda: bool(picked), timeout=5000)
        qtbot.waitUntil(panel.opened_note.isVisible, timeout=5000)
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert "does not exist" in panel.opened_note.text()
    assert opened.urls == []
