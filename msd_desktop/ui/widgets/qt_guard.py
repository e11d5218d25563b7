"""A guard against reference-counting bugs in the PySide6 build we run on.

Why: with PySide6 6.12 as installed here, ``signal.emit(...)`` called from Python returns
``True`` *without* the reference it hands back, and so do methods returning nothing
(``label.setText(...)``, ``widget.show()``, ``app.processEvents()``, …) with ``None``: each call
takes one reference away from ``True`` or ``None``. On CPython 3.11 these are ordinary objects
whose reference counts start at a few hundred (``True``) or some tens of thousands (``None``);
once they reach zero Python frees them and aborts: ``Fatal Python error: bool_dealloc`` after a
few hundred emits (bench P5 with 300–1,000 projects; at interpreter shutdown, when the garbage
collector drops the last references) or ``none_dealloc`` in a long session. Which thread calls,
and whether anything is connected, does not matter.

The fix is the one CPython 3.12 made for everybody (PEP 683): make ``None``, ``True`` and
``False`` effectively immortal by giving them a reference count no program can exhaust (2**40
calls). It runs once, when ``msd_desktop.ui`` is imported, only on CPython < 3.12 and only for
the objects a probe call shows leaking, so a fixed PySide6 leaves the interpreter untouched.
Our hot paths (:mod:`msd_desktop.ui.widgets.workers`) also avoid Python-side ``emit`` on worker
threads.
"""

from __future__ import annotations

import ctypes
import sys

_PIN = 1 << 40
_state: dict[str, int] = {}


def emit_leaks_bool_refs() -> bool:
    """Emit on a throw-away QObject and see whether ``True`` lost references."""
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        pinged = Signal()

    probe = _Probe()
    before = sys.getrefcount(True) + sys.getrefcount(False)
    for _ in range(4):
        probe.pinged.emit()
    after = sys.getrefcount(True) + sys.getrefcount(False)
    return after < before


def void_call_leaks_none_refs() -> bool:
    """Call a method returning nothing and see whether ``None`` lost references."""
    from PySide6.QtCore import QObject

    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(4):
        probe.setObjectName("probe")
    return sys.getrefcount(None) < before


def install() -> bool:
    """Pin ``None``/``True``/``False`` when the running PySide6 leaks references to them.

    Returns whether a pin was applied (now or by an earlier call).
    """
    if "pinned" in _state:
        return bool(_state["pinned"])
    pinned: list[object] = []
    if sys.implementation.name == "cpython" and sys.version_info < (3, 12):
        if emit_leaks_bool_refs():
            pinned += [True, False]
        if void_call_leaks_none_refs():
            pinned.append(None)
    for obj in pinned:
        # ob_refcnt is the first field of every PyObject (non-debug CPython 3.11 builds).
        ctypes.c_ssize_t.from_address(id(obj)).value += _PIN
    _state["pinned"] = int(bool(pinned))
    return bool(pinned)
