"""The PySide6 window. Thin views over Qt item models over the core.

Only this package imports Qt; ``msd_desktop.core`` never does. Importing it installs
:mod:`msd_desktop.ui.widgets.qt_guard` (a work-around for a PySide6 reference-counting bug that
otherwise aborts the process after a few hundred signal emits), and before that — before
PySide6 makes any of its Python enums — :mod:`msd_desktop.ui.widgets.fast_enums` (the same enum
classes, made in a third of the time). PySide6 itself is first imported here, with its embedded
support modules' compiled code from the start-up memo when the window put one in place
(:func:`msd_desktop.core.common.generated_code.compiling_from_memo`).
"""

from msd_desktop.ui.widgets import fast_enums as _fast_enums

_fast_enums.install()

from msd_desktop.core.common.generated_code import compiling_from_memo as _from_memo  # noqa: E402

with _from_memo():  # PySide6 compiles ~15 modules from source at its first import
    import PySide6.QtCore  # noqa: F401

from msd_desktop.ui.widgets import qt_guard as _qt_guard  # noqa: E402  (after the enums' hook)

_qt_guard.install()
