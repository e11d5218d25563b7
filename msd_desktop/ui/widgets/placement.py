"""Where a secondary window opens: centred on the window that opened it, inside the screen.

Why: a fixed ``resize(1200, 820)`` opened the config matrix past the bottom of a 768-pixel
screen and wherever the window manager chose; the new window should land over the one the
person is looking at, whole.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

SCREEN_SHARE = 0.92  # never more of the screen than this (title bar and panels stay visible)


def available_rect(anchor: QWidget | None) -> QRect:
    """The usable area (panels excluded) of the screen ``anchor`` is on, or the primary one."""
    screen = anchor.screen() if anchor is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1024, 700)


def fitted_size(wanted: QSize, area: QRect, minimum: QSize | None = None) -> QSize:
    """``wanted``, shrunk to fit ``area`` (times :data:`SCREEN_SHARE`), never below ``minimum``
    unless the screen itself is smaller."""
    width = min(wanted.width(), int(area.width() * SCREEN_SHARE))
    height = min(wanted.height(), int(area.height() * SCREEN_SHARE))
    if minimum is not None:
        width = min(max(width, minimum.width()), area.width())
        height = min(max(height, minimum.height()), area.height())
    return QSize(max(width, 1), max(height, 1))


def centred_rect(size: QSize, over: QRect, area: QRect) -> QRect:
    """A ``size`` rectangle centred on ``over``, moved back inside ``area`` where it sticks
    out (its top-left corner wins when it cannot fit at all)."""
    rect = QRect(QPoint(0, 0), size)
    rect.moveCenter(over.center())
    if rect.right() > area.right():
        rect.moveRight(area.right())
    if rect.bottom() > area.bottom():
        rect.moveBottom(area.bottom())
    if rect.left() < area.left():
        rect.moveLeft(area.left())
    if rect.top() < area.top():
        rect.moveTop(area.top())
    return rect


def place_over(window: QWidget, parent: QWidget | None, wanted: QSize) -> QRect:
    """Size ``window`` to ``wanted`` (fitted to the screen) and centre it on ``parent``.
    Returns the rectangle chosen (the frame is the window manager's, a few pixels more)."""
    area = available_rect(parent)
    size = fitted_size(wanted, area, window.minimumSizeHint())
    over = parent.frameGeometry() if parent is not None and parent.isVisible() else area
    rect = centred_rect(size, over, area)
    window.resize(rect.size())
    window.move(rect.topLeft())
    return rect
