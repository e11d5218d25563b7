"""The PySide6 window. Thin views over Qt item models over the core.

Only this package imports Qt; ``msd_desktop.core`` never does. Importing it installs
:mod:`msd_desktop.ui.widgets.qt_guard` (a work-around for a PySide6 reference-counting bug that
otherwise aborts the process after a few hundred signal emits).
"""

from msd_desktop.ui.widgets import qt_guard as _qt_guard

_qt_guard.install()
