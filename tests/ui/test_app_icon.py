"""The application's icon is set once the window has painted, for it and every later window.

Setting it loads the SVG engine and draws the icon at each size the window manager keeps;
none of that is part of what the first screen shows, so it waits for the first paint (as the
tray does). The window still gets it, and so does a dialog opened afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QDialog

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.widgets.theme import app_icon

TIMEOUT_MS = 20_000


@pytest.fixture
def no_app_icon(qapp: Any) -> Iterator[None]:
    """The test's QApplication without an icon (an earlier test's window may have set it)."""
    QGuiApplication.setWindowIcon(QIcon())
    yield
    QGuiApplication.setWindowIcon(QIcon())


class _PaintSpy(QObject):
    """Notes whether the application had an icon when the window's first paint arrived."""

    def __init__(self) -> None:
        super().__init__()
        self.icon_at_first_paint: bool | None = None

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.icon_at_first_paint is None:
            self.icon_at_first_paint = not QGuiApplication.windowIcon().isNull()
        return False


def _same_icon(icon: QIcon) -> bool:
    return not icon.isNull() and icon.cacheKey() == app_icon().cacheKey()


@pytest.mark.timeout(60)
@pytest.mark.usefixtures("no_app_icon")
def test_the_icon_comes_after_the_first_paint_for_every_window(
        qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings: Any) -> None:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, restore_last=False, watch=False)
    qtbot.addWidget(win)
    spy = _PaintSpy()
    win.installEventFilter(spy)
    win.show()
    qtbot.waitUntil(lambda: spy.icon_at_first_paint is not None, timeout=TIMEOUT_MS)
    assert spy.icon_at_first_paint is False
    qtbot.waitUntil(lambda: _same_icon(QGuiApplication.windowIcon()), timeout=TIMEOUT_MS)
    assert _same_icon(win.windowIcon())
    dialog = QDialog(win)  # a window opened later (About, Add project…) shows it too
    qtbot.addWidget(dialog)
    assert _same_icon(dialog.windowIcon())
