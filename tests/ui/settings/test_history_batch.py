"""The History page's batch restore (offscreen), keys on the focused widgets: a matrix batch
across three demo projects is shown with its projects, restored to the state before it (each
file's outcome said), and the restore undone; Enter alone cancels and writes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.batch import apply_batch, plan_batch
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.settings.history_batch import BatchRestoreDialog

NAMES = ("field-notes", "checklist-printer", "billing-service")


def _profile(root: Path) -> Any:
    return json.loads((root / ".planning" / "config.json").read_text(
        encoding="utf-8")).get("model_profile")


@pytest.fixture
def roots(demo: Path, env: dict[str, str]) -> list[Path]:
    roots = [demo / name for name in NAMES]
    billing = roots[2] / ".planning" / "config.json"  # budget already in the demo
    billing.write_text(json.dumps({**json.loads(billing.read_text(encoding="utf-8")),
                                   "model_profile": "quality"}) + "\n", encoding="utf-8")
    assert all(_profile(r) != "budget" for r in roots)
    apply_batch(plan_batch(roots, "model_profile", "budget", env), env)
    assert [_profile(r) for r in roots] == ["budget"] * 3
    return roots


@pytest.fixture
def panel(qtbot: QtBot, roots: list[Path], env: dict[str, str], english: None) -> Any:
    widget = ConfigFormPanel(ProjectRef(root=roots[0], name=NAMES[0], workspace="demo"),
                             env=env)
    qtbot.addWidget(widget)
    widget.resize(1024, 700)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    widget.inner_tabs.setCurrentWidget(widget.history_tab.holder)
    page = widget.history_tab.page()
    qtbot.waitUntil(lambda: len(page.timeline.rows) >= 2, timeout=20000)
    return widget


def _when_dialog(act: Callable[[BatchRestoreDialog], None]) -> list[list[str]]:
    """Run ``act`` on the batch dialog once it is up; returns the lines it listed."""
    seen: list[list[str]] = []

    def look() -> None:
        # the dialog is up once it has the keyboard: on a loaded machine it is shown a while
        # before it is activated, and a key sent meanwhile goes to the page behind it
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, BatchRestoreDialog) or not dialog.isActiveWindow():
            if isinstance(dialog, BatchRestoreDialog):
                dialog.activateWindow()
            QTimer.singleShot(50, look)
            return
        try:
            act(dialog)
        except BaseException:
            dialog.reject()  # never leave the modal loop running: fail instead of hanging
            raise
        seen.append([dialog.files.item(i).text() for i in range(dialog.files.count())])

    QTimer.singleShot(50, look)
    return seen


def _press_restore_batch(qtbot: QtBot, page: Any) -> None:
    page.timeline_view.setFocus()
    QTest.keyClick(page.timeline_view, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert page.selected().entry.batch
    qtbot.waitUntil(page.batch_button.isEnabled, timeout=5000)
    page.batch_button.setFocus()
    qtbot.waitUntil(page.batch_button.hasFocus, timeout=5000)
    QTest.keyClick(page.batch_button, Qt.Key.Key_Space)


def test_enter_alone_cancels(qtbot: QtBot, panel: ConfigFormPanel, roots: list[Path]) -> None:
    page = panel.history_tab.page()

    left_open: list[bool] = []

    def enter(dialog: BatchRestoreDialog) -> None:
        focused = QApplication.focusWidget()
        assert focused is not None
        assert focused.window() is dialog
        QTest.keyClick(focused, Qt.Key.Key_Return)
        left_open.append(dialog.isVisible())
        if dialog.isVisible():
            dialog.reject()  # Enter did not close it: the test fails below, never hangs

    seen = _when_dialog(enter)
    _press_restore_batch(qtbot, page)
    qtbot.waitUntil(lambda: "cancelled" in page.status.text(), timeout=20000)
    assert left_open == [False]
    assert len(seen) == 1
    assert [_profile(r) for r in roots] == ["budget"] * 3


def test_a_batch_restored_before_it_and_undone(qtbot: QtBot, panel: ConfigFormPanel,
                                              demo: Path, roots: list[Path]) -> None:
    originals = {}
    for root in roots:
        history = json.loads((root / ".planning" / "config.json").read_text(encoding="utf-8"))
        originals[root.name] = history
    page = panel.history_tab.page()

    def before_then_restore(dialog: BatchRestoreDialog) -> None:
        combo = dialog.choice
        combo.setFocus()
        QTest.keyClick(combo, Qt.Key.Key_Down)  # the state before the batch
        assert dialog.before()
        dialog.restore_button.setFocus()
        QTest.keyClick(dialog.restore_button, Qt.Key.Key_Space)

    seen = _when_dialog(before_then_restore)
    _press_restore_batch(qtbot, page)
    qtbot.waitUntil(lambda: page.status.text().startswith("Batch restored"), timeout=30000)
    assert sorted(seen[0]) == sorted(f"{name}: 1 key changes" for name in NAMES)
    assert page.status.text().splitlines()[0] == "Batch restored: 3 files written."
    assert sorted(page.status.text().splitlines()[1:]) == sorted(
        f"{name}: restored" for name in NAMES)
    profiles = [_profile(r) for r in roots]
    assert "budget" not in profiles
    # the form follows its own file, which the restore wrote
    qtbot.waitUntil(lambda: panel.draft is not None
                    and panel.draft.data.get("model_profile") == profiles[0], timeout=20000)
    # someone edits one project meanwhile: the undo leaves it as it is
    other = roots[2] / ".planning" / "config.json"
    other.write_text(json.dumps({**json.loads(other.read_text(encoding="utf-8")),
                                 "model_profile": "inherit"}) + "\n", encoding="utf-8")
    qtbot.waitUntil(page.undo_batch_button.isVisible, timeout=20000)
    panel.activateWindow()  # the dialog has gone: the panel's window has the keyboard again
    qtbot.waitUntil(panel.isActiveWindow, timeout=5000)
    page.undo_batch_button.setFocus()
    qtbot.waitUntil(page.undo_batch_button.hasFocus, timeout=5000)
    QTest.keyClick(page.undo_batch_button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: page.status.text().startswith("Batch restore undone"),
                    timeout=30000)
    assert [_profile(r) for r in roots] == ["budget", "budget", "inherit"]
    lines = page.status.text().splitlines()
    assert "billing-service: refused" in "\n".join(lines)
    assert not page.undo_batch_button.isVisible()
