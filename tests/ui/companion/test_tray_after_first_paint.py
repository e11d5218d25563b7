"""The tray icon is made right after the window's first paint, or on first use before it.

Its module and menu are work the first screen does not need (bench P3: the first paint came
~25 ms sooner without it). Whatever the order, there is exactly one tray, with one line per
project once the summaries are in, and closing the window hides it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow

TIMEOUT_MS = 20_000


def _window(tmp_path: Path, env: dict[str, str], ui_settings: Any, demo: Path) -> MainWindow:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    return MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                      env=env, settings=ui_settings, restore_last=False, watch=False)


class _PaintSpy(QObject):
    """Notes whether the tray existed when the window's first paint arrived."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.window = window
        self.tray_at_first_paint: bool | None = None

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self.tray_at_first_paint is None:
            self.tray_at_first_paint = self.window._tray is not None
        return False


@pytest.mark.timeout(60)
def test_the_tray_comes_after_the_first_paint(qtbot: Any, tmp_path: Path, demo: Path,
                                              env: dict[str, str], ui_settings: Any) -> None:
    win = _window(tmp_path, env, ui_settings, demo)
    qtbot.addWidget(win)
    assert win._tray is None  # not made with the window
    spy = _PaintSpy(win)
    win.installEventFilter(spy)
    with qtbot.waitSignal(win.summaries_loaded, timeout=TIMEOUT_MS):
        win.show()
    assert spy.tray_at_first_paint is False
    qtbot.waitUntil(lambda: win._tray is not None, timeout=TIMEOUT_MS)
    tray = win.tray
    assert win.tray is tray  # one tray, whoever asks first
    qtbot.waitUntil(lambda: len(tray.lines) >= 5, timeout=TIMEOUT_MS)
    win.close()
    assert not tray.icon.isVisible()


def test_a_window_never_shown_makes_its_tray_when_asked(qtbot: Any, tmp_path: Path, demo: Path,
                                                        env: dict[str, str],
                                                        ui_settings: Any) -> None:
    win = _window(tmp_path, env, ui_settings, demo)
    qtbot.addWidget(win)
    assert win._tray is None
    tray = win.tray
    assert tray is win.tray
    assert win._tray is tray
