"""Key sequences shared by the window and the forms (light: the window imports it at start-up)."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence


def redo_keys() -> list[QKeySequence]:
    """Ctrl+Shift+Z plus the platform's Redo keys (Ctrl+Y on some), each once: one key on two
    shortcuts of a window would cancel both."""
    keys = [QKeySequence("Ctrl+Shift+Z"),
            *QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)]
    out: list[QKeySequence] = []
    for key in keys:
        if not key.isEmpty() and all(key != k for k in out):
            out.append(key)
    return out
