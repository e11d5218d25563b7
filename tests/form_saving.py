"""Saving a Settings form in a test: Save runs in a worker, so a test waits for its end.

``save_form(qtbot, panel)`` presses Save and waits for ``save_finished``; it returns whether the
file was written (False when the save was refused or failed: nothing written). Without a
``qtbot`` (a property test's helper) it waits with a ``QSignalSpy``."""

from __future__ import annotations

from typing import Any


def save_form(qtbot: Any, panel: Any, timeout: int = 20000) -> bool:
    if qtbot is None:
        from PySide6.QtTest import QSignalSpy

        spy = QSignalSpy(panel.save_finished)
        panel.save()
        if spy.count() == 0:
            assert spy.wait(timeout), "the save did not finish"
        return bool(spy.at(0)[0])
    with qtbot.waitSignal(panel.save_finished, timeout=timeout) as blocker:
        panel.save()
    return bool(blocker.args[0])
