"""A scroll area's viewport made in Python, so PySide6 never has to guess its type.

Why: the viewport Qt makes for a ``QAbstractScrollArea`` has no Python wrapper; the first time
PySide6 is handed one from C++ (``view.viewport()``), it looks through every ``QWidget``
subclass for the object's most derived type and creates each class it tries, with its enums —
``QFileDialog``, ``QWizard``, ``QCalendarWidget``, ``QMdiArea`` … dozens of enums before the
window's first paint, for classes the window never shows. A
viewport made here already has its wrapper. It is set up as Qt sets up its own (object name,
the ``Base`` background, filled), so it looks and behaves the same.
"""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractScrollArea, QWidget

QT_VIEWPORT_NAME = "qt_scrollarea_viewport"  # the name Qt gives its own viewport


def own_viewport(area: QAbstractScrollArea) -> QWidget:
    """Give ``area`` a viewport made here (call it right after making ``area``)."""
    viewport = QWidget()
    viewport.setObjectName(QT_VIEWPORT_NAME)
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    area.setViewport(viewport)  # the area owns it now (and deletes Qt's own)
    return viewport
