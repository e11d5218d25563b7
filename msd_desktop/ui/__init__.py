"""The PySide6 window. Thin views over Qt item models over the core.

Only this package imports Qt; ``msd_desktop.core`` never does. Importing it installs
:mod:`msd_desktop.ui.widgets.qt_guard` (a work-around for a PySide6 reference-counting bug that
otherwise aborts the process after a few hundred signal emits), and before that — before
PySide6 makes any of its Python enums — :mod:`msd_desktop.ui.widgets.fast_enums` (the same enum
classes, made in a third of the time).
"""

from msd_desktop.ui.widgets import fast_enums as _fast_enums

_fast_enums.install()

from msd_desktop.ui.widgets import qt_guard as _qt_guard  # noqa: E402  (after the enums' hook)

_qt_guard.install()
