"""A cheaper answer to PySide6's "does this module use PySide6?" question, asked on every import.

Why: once PySide6 is loaded, its ``__feature__`` support hooks every later import and calls
``shibokensupport.feature._mod_uses_pyside(module)``, which runs ``inspect.getsource(module)``
— ``getsourcefile`` path probing, ``tokenize`` encoding detection and ``linecache`` keeping
every source file in memory — only to test whether the text contains ``"PySide6"``. For the
~150 modules the window imports after PySide6 that was ~60–80 ms of CPU at start-up (bench
P3), half of it on the worker threads competing with the first paint for the GIL.

:func:`install` swaps in a function that gives the same answer for a plain ``.py`` module
by reading its bytes (``"PySide6"`` is ASCII, so a byte search finds it in any ASCII-compatible
encoding) and defers to PySide's own function for everything else (extension modules,
sourceless or zipped modules, unreadable files). Nothing changes when the PySide6 in use does
not have that hook.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

_FEATURE_MODULES = ("shibokensupport.feature", "PySide6.support.feature")


def _feature_module() -> ModuleType | None:
    for name in _FEATURE_MODULES:
        module = sys.modules.get(name)
        if module is not None and callable(getattr(module, "_mod_uses_pyside", None)):
            return module
    return None


def make_fast_check(original: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    """``original``'s answer, reading a ``.py`` module's bytes instead of ``inspect``-ing it."""

    def mod_uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as fh:
                    return b"PySide6" in fh.read()
            except OSError:
                pass
        return original(module)

    mod_uses_pyside.fast_check = True  # type: ignore[attr-defined]
    return mod_uses_pyside


def install() -> bool:
    """Replace PySide6's check (once); False when this PySide6 has no such hook."""
    feature = _feature_module()
    if feature is None:
        return False
    current = getattr(feature, "_mod_uses_pyside")  # noqa: B009  (a private PySide name)
    if not getattr(current, "fast_check", False):
        setattr(feature, "_mod_uses_pyside", make_fast_check(current))  # noqa: B010
    return True
