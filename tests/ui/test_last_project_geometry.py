"""The window comes back whole on a smaller screen, at the size it had as far as the screen
allows — not at its size hint (722×447) when Qt refuses a geometry saved on a screen of
another size.

The real window and its QSettings; the saved geometry is Qt's own ``saveGeometry()`` format,
written here as it is on a 1920-pixel-wide screen (Qt refuses it on any other width). The
screen is the test's (``QScreen.availableGeometry``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QRect, QSettings, QSize, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.workspace.registry import WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.widgets.placement import saved_geometry


def geometry_from_another_screen(normal: QRect, *, screen_width: int = 1920,
                                 maximized: bool = False) -> QByteArray:
    """``QWidget.saveGeometry()``'s bytes (format 3) as written on a ``screen_width`` screen."""
    blob = QByteArray()
    stream = QDataStream(blob, QIODevice.OpenModeFlag.WriteOnly)
    stream.setVersion(QDataStream.Version.Qt_4_0)
    stream.writeUInt32(0x1D9D0CB)
    stream.writeUInt16(3)
    stream.writeUInt16(0)
    frame = normal.adjusted(-1, -28, 1, 1)  # a window manager's frame
    stream << frame
    stream << normal
    stream.writeInt32(0)  # screen number
    stream.writeUInt8(1 if maximized else 0)
    stream.writeUInt8(0)  # full screen
    stream.writeInt32(screen_width)
    stream << normal
    return blob


def _window(qtbot: QtBot, tmp_path: Path, settings: QSettings) -> MainWindow:
    env = {"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, env=env, settings=settings, watch=False,
                     restore_last=False)
    qtbot.addWidget(win)
    return win


def _settings(tmp_path: Path, geometry: QByteArray | None) -> QSettings:
    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    if geometry is not None:
        settings.setValue("ui/geometry", geometry)
    return settings


def _screen() -> QRect:
    screen = QApplication.primaryScreen()
    assert screen is not None
    return screen.availableGeometry()


def test_qt_refuses_a_geometry_from_another_screen(qapp: QApplication) -> None:
    """The cause, kept visible: if Qt ever takes it, the window's own fitting still holds."""
    from PySide6.QtWidgets import QMainWindow

    plain = QMainWindow()
    area = _screen()
    blob = geometry_from_another_screen(QRect(20, 20, 600, 400),
                                        screen_width=area.width() + 896)
    assert plain.restoreGeometry(blob) is False
    plain.deleteLater()


def test_a_larger_window_from_a_larger_screen_fills_this_screen(qtbot: QtBot,
                                                                tmp_path: Path) -> None:
    area = _screen()
    big = QRect(30, 30, area.width() + 900, area.height() + 400)
    win = _window(qtbot, tmp_path, _settings(tmp_path, geometry_from_another_screen(big)))
    win.show()
    qtbot.waitExposed(win)
    size = win.size()
    assert size.width() <= area.width()
    assert size.height() <= area.height()
    assert size.width() >= area.width() - 2  # shrunk to the screen, not to two thirds of it
    assert size.height() >= area.height() - 40  # (room for a title bar)
    assert area.contains(win.frameGeometry().topLeft())


def test_a_window_that_fits_comes_back_at_its_size(qtbot: QtBot, tmp_path: Path) -> None:
    area = _screen()
    wanted = QSize(min(640, area.width() - 40), min(420, area.height() - 80))
    blob = geometry_from_another_screen(QRect(10, 40, wanted.width(), wanted.height()))
    win = _window(qtbot, tmp_path, _settings(tmp_path, blob))
    assert win.size() == wanted


def test_a_maximized_window_comes_back_maximized(qtbot: QtBot, tmp_path: Path) -> None:
    blob = geometry_from_another_screen(QRect(0, 30, 1900, 1000), maximized=True)
    win = _window(qtbot, tmp_path, _settings(tmp_path, blob))
    assert win.windowState() & Qt.WindowState.WindowMaximized


def test_the_first_start_fits_the_screen(qtbot: QtBot, tmp_path: Path) -> None:
    area = _screen()
    win = _window(qtbot, tmp_path, _settings(tmp_path, None))
    assert win.width() == min(1400, area.width())
    assert win.height() <= min(900, area.height())


def test_same_screen_round_trip_keeps_size_and_place(qtbot: QtBot, tmp_path: Path) -> None:
    settings = _settings(tmp_path, None)
    first = _window(qtbot, tmp_path, settings)
    first.resize(620, 410)
    first.move(25, 35)
    first.show()
    qtbot.waitExposed(first)
    settings.setValue("ui/geometry", first.saveGeometry())
    first.close()
    second = _window(qtbot, tmp_path, settings)
    assert second.size() == QSize(620, 410)


@pytest.mark.parametrize("blob", [b"", b"not a geometry", b"\x01\xd9\xd0\xcb\x00\x09"])
def test_a_blob_of_another_format_is_not_read(blob: bytes) -> None:
    assert saved_geometry(QByteArray(blob)) is None
