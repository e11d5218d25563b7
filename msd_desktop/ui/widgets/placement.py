"""Where a secondary window opens: centred on the window that opened it, inside the screen.

Why: a fixed ``resize(1200, 820)`` opened the config matrix past the bottom of a 768-pixel
screen and wherever the window manager chose; the new window should land over the one the
person is looking at, whole.
"""

from __future__ import annotations

import struct
from typing import NamedTuple

from PySide6.QtCore import QByteArray, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

TITLE_BAR_MIN = 24  # px: a window manager's title bar, at the least
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


# QWidget.saveGeometry()'s header: magic number, then format version 3 (Qt 5.15 and 6)
_GEOMETRY_MAGIC = 0x1D9D0CB
_GEOMETRY_VERSION = 3
# ... then two rectangles, the screen number and the maximized flag (see saved_geometry)
_GEOMETRY_HEAD = struct.Struct(">IHH4i4iiB")


class SavedGeometry(NamedTuple):
    """What a ``saveGeometry()`` blob says: the window with its frame, without, maximized."""

    frame: QRect
    normal: QRect
    maximized: bool


def saved_geometry(blob: QByteArray) -> SavedGeometry | None:
    """Read the sizes back from ``QWidget.saveGeometry()``'s blob (``None`` for a blob of
    another format): ``restoreGeometry`` refuses one from a screen of another size, and the
    window should still come back at the size the person gave it, as far as the screen
    allows.

    Read with ``struct``, as ``QDataStream`` wrote it (big-endian: magic, major and minor
    version, the frame and the normal rectangle as left, top, right, bottom, the screen
    number, then the maximized flag): a ``QDataStream`` here made PySide6 build the Python
    enums of every type its operators name before the window's first paint."""
    data = bytes(blob.data())
    if len(data) < _GEOMETRY_HEAD.size:
        return None
    magic, major, _minor, *edges, _screen, maximized = _GEOMETRY_HEAD.unpack_from(data)
    if magic != _GEOMETRY_MAGIC or major != _GEOMETRY_VERSION:
        return None
    frame, normal = _rect(*edges[:4]), _rect(*edges[4:])
    if not normal.isValid():
        return None
    return SavedGeometry(frame, normal, bool(maximized))


def _rect(left: int, top: int, right: int, bottom: int) -> QRect:
    """A ``QRect`` from the edges ``QDataStream`` writes (right and bottom inclusive)."""
    return QRect(QPoint(left, top), QPoint(right, bottom))


def title_bar_height(window: QWidget) -> int:
    """Room for a window manager's title bar when none was measured: a line of the window's
    font and some (Fusion's own title bar at the default font: 24 px). Not the style's
    metric: naming ``QStyle`` before the first paint makes PySide6 build the type and its
    enums, among its largest, which the first screen does without."""
    return max(TITLE_BAR_MIN, window.fontMetrics().height() + 10)


def fit_on_screen(window: QWidget, wanted: QSize, saved: SavedGeometry | None = None) -> QRect:
    """Size a top-level ``window`` to ``wanted``, shrunk to the available area of its screen
    with room for the window manager's frame (as the saved blob measured it, else a title
    bar), and move it back inside that area where a saved place makes it stick out (a window
    never placed is left to the window manager). Returns the client rectangle chosen."""
    area = available_rect(window)
    extra = (saved.frame.size() - saved.normal.size()) if saved is not None else QSize(0, 0)
    if extra.height() <= 0:
        extra = QSize(max(extra.width(), 0), title_bar_height(window))
    room = QSize(max(area.width() - extra.width(), 1), max(area.height() - extra.height(), 1))
    size = wanted.boundedTo(room).expandedTo(window.minimumSize().boundedTo(room))
    if size != window.size():
        window.resize(size)
    if not window.testAttribute(Qt.WidgetAttribute.WA_Moved):
        return QRect(area.topLeft(), size)  # never placed: the window manager places it
    rect = QRect(window.pos(), size + extra)
    if rect.right() > area.right():
        rect.moveRight(area.right())
    if rect.bottom() > area.bottom():
        rect.moveBottom(area.bottom())
    rect.moveTopLeft(QPoint(max(rect.left(), area.left()), max(rect.top(), area.top())))
    if rect.topLeft() != window.pos():
        window.move(rect.topLeft())
    return QRect(rect.topLeft(), size)
