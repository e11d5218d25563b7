"""A guard against a reference-counting bug in PySide6's ``SignalInstance.emit``.

Why: with PySide6 6.12 (the version this project is built and tested with) every
``signal.emit(...)`` called from Python returns ``True``/``False`` *without* the reference it
hands back, so each emit takes one reference away from ``True``. On CPython 3.11 the bools are
ordinary objects whose reference count starts at a few hundred once Qt is imported; after
that many emits Python frees ``True`` itself and aborts with ``Fatal Python error: bool_dealloc``
(bench P5 with 300–1,000 projects, and at interpreter shutdown when the garbage collector
finally drops the last references). Which thread emits, and whether anything is connected, does
not matter; ``QMetaObject.invokeMethod`` and ``QCoreApplication.postEvent`` are not affected.

The fix here is the one CPython 3.12 made for everybody (PEP 683): make ``True`` and ``False``
effectively immortal by giving them a reference count no program can exhaust (2**40 emits). It
runs once, when ``msd_desktop.ui`` is imported, only on CPython < 3.12 and only when a probe
emit shows the leak, so a fixed PySide6 leaves the interpreter untouched. Our own hot paths
(:mod:`msd_desktop.ui.workers`) also avoid Python-side ``emit`` on worker threads entirely.
"""

from __future__ import annotations

import ctypes
import sys

_PIN = 1 << 40
_state: dict[str, int] = {}


def emit_leaks_bool_refs() -> bool:
    """Emit once on a throw-away QObject and see whether ``True`` lost a reference."""
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        pinged = Signal()

    probe = _Probe()
    before = sys.getrefcount(True) + sys.getrefcount(False)
    for _ in range(4):
        probe.pinged.emit()
    after = sys.getrefcount(True) + sys.getrefcount(False)
    return after < before


def install() -> bool:
    """Pin ``True``/``False`` when the running PySide6 leaks references to them.

    Returns whether the pin was applied (now or by an earlier call).
    """
    if "pinned" in _state:
        return bool(_state["pinned"])
    pinned = False
    if (sys.implementation.name == "cpython" and sys.version_info < (3, 12)
            and emit_leaks_bool_refs()):
        for obj in (True, False):
            # ob_refcnt is the first field of every PyObject (non-debug CPython 3.11 builds).
            ctypes.c_ssize_t.from_address(id(obj)).value += _PIN
        pinned = True
    _state["pinned"] = int(pinned)
    return pinned
