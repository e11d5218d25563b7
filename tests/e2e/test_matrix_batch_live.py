"""The config matrix's bulk edit on a real X server, with real mouse and key presses.

The matrix window is shown on the runner's Xvfb; ``xdotool`` moves the real pointer and clicks
(XTEST), and presses real keys into the focused window. The confirmation dialog and the
report box are the real modal ones: a timer acts on each from inside its own event loop.
The confirmation is photographed for the docs (``docs/screenshots/companion-matrix-confirm.png``
when ``MSD_SCREENSHOT_DIR`` or ``MSD_SCREENSHOT_HOME`` asks for pictures; always under
``tests/e2e/screenshots``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from msd_desktop.app import demo_source
from msd_desktop.core.workspace.registry import project_ref
from tests.e2e.conftest import DOC_SHOTS, SHOTS, needs_display
from tests.prerequisites import require_tool, require_xcb

PROJECTS = ("billing-service", "checklist-printer", "field-notes", "legacy-importer")


@pytest.fixture
def real_x(qapp: QApplication) -> QApplication:
    needs_display()
    require_xcb()
    require_tool("xdotool")
    return qapp


def xdo(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=10)


def click(widget: QWidget) -> None:
    """A real left click in the middle of ``widget`` (pointer moved there first)."""
    center = widget.mapToGlobal(widget.rect().center())
    xdo("mousemove", str(center.x()), str(center.y()), "click", "1")


def key(name: str) -> None:
    xdo("key", "--clearmodifiers", name)


def profile(root: Path) -> Any:
    try:
        data = json.loads((root / ".planning" / "config.json").read_text("utf-8"))
    except json.JSONDecodeError:
        return None
    return data.get("model_profile", "(not set)")


class ModalSteps:
    """Acts on each modal of the given kinds as it opens, in order (from a timer).

    A real key press reaches a modal only once it has the input focus, so each step waits
    until the modal is the active window (asking for it after a few ticks). A step whose
    modal is still open 5 s after its keys were sent is tried again, twice; then the modal is
    rejected and the failure recorded in :attr:`failures`, so a lost key press fails the test
    instead of leaving it blocked inside the modal's event loop.
    """

    RETRY_TICKS = 100  # 5 s at 50 ms
    TRIES = 3

    def __init__(self, steps: list[tuple[type[QWidget], Callable[[Any], None]]]) -> None:
        self.steps = list(steps)
        self.seen: list[QWidget] = []
        self.failures: list[str] = []
        self._pending: tuple[QWidget, Callable[[Any], None], int, int] | None = None
        self._waiting = 0
        self.timer = QTimer()
        self.timer.setInterval(50)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        if self._pending is not None:
            self._watch_pending()
            if self._pending is not None:
                return
        widget = QApplication.activeModalWidget()
        if not self.steps or widget is None or widget in self.seen or not widget.isVisible():
            return
        kind, act = self.steps[0]
        if not isinstance(widget, kind):
            return
        if not widget.isActiveWindow():
            self._waiting += 1
            if self._waiting % 10 == 0:
                widget.activateWindow()
            if self._waiting < self.RETRY_TICKS:
                return
        self._waiting = 0
        self.steps.pop(0)
        self.seen.append(widget)
        act(widget)
        self._pending = (widget, act, 0, 1)

    def _watch_pending(self) -> None:
        widget, act, ticks, tries = self._pending  # type: ignore[misc]
        if not shiboken6.isValid(widget) or not widget.isVisible():  # closed (or deleted)
            self._pending = None
            if not self.steps:
                self.timer.stop()
            return
        ticks += 1
        if ticks < self.RETRY_TICKS:
            self._pending = (widget, act, ticks, tries)
            return
        if tries < self.TRIES:
            widget.activateWindow()
            act(widget)
            self._pending = (widget, act, 0, tries + 1)
            return
        self.failures.append(f"{type(widget).__name__} stayed open after {tries} tries")
        self._pending = None
        if hasattr(widget, "reject"):
            widget.reject()


def _photograph(dialog: QWidget) -> Path:
    dialog.resize(1024, 700)
    QApplication.processEvents()
    path = SHOTS / "companion" / "companion-matrix-confirm.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(path))
    if os.environ.get("MSD_SCREENSHOT_DIR") or os.environ.get("MSD_SCREENSHOT_HOME"):
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SHOTS / path.name)
    return path


def test_matrix_confirm_apply_and_undo_with_real_input(
    real_x: QApplication, qtbot: Any, tmp_path: Path, isolated_home: Path
) -> None:
    from msd_desktop.ui.companion.matrix_confirm import BatchConfirmDialog
    from msd_desktop.ui.companion.matrix_view import ConfigMatrixView

    demo = tmp_path / "projects"
    shutil.copytree(demo_source(), demo)
    env = {"HOME": str(isolated_home), "PATH": os.environ.get("PATH", "")}
    roots = [demo / n for n in PROJECTS]
    before = {r.name: profile(r) for r in roots}
    view = ConfigMatrixView([project_ref(r, "demo") for r in roots], env, key="model_profile")
    qtbot.addWidget(view)
    view.resize(1100, 640)
    view.show()
    qtbot.waitExposed(view)
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow, timeout=5000)

    # choose the value with real keys in the editor's combo, select rows with a real click
    combo = view.editor.combo  # type: ignore[union-attr]
    click(combo)  # opens the popup; real keys pick "budget" in it
    target = combo.findData("budget")
    for _ in range(target):
        key("Down")
    key("Return")
    qtbot.waitUntil(lambda: view.pending == "budget", timeout=5000)
    click(view.select_drift_button)
    qtbot.waitUntil(lambda: bool(view.selected_entries()), timeout=5000)
    differing = {c.project.root.name for c in view.model.cells if c.drift}
    assert len(differing) > 1
    assert {e.root.name for e in view.selected_entries()} == differing  # every one of them
    assert len(differing) < len(PROJECTS)
    click(view.table.viewport())  # into the table, then Ctrl+A: every project
    key("ctrl+a")
    qtbot.waitUntil(lambda: len(view.selected_entries()) == len(PROJECTS), timeout=5000)
    chosen = {e.root.name for e in view.selected_entries()}
    assert view.apply_button.isEnabled()

    # 1. Escape on the confirmation: nothing is written
    steps = ModalSteps([(BatchConfirmDialog, lambda _d: key("Escape"))])
    with qtbot.waitSignal(view.cancelled, timeout=20000):
        click(view.apply_button)
    assert {r.name: profile(r) for r in roots} == before

    # 2. the real dialog, photographed, then its Apply button clicked for real
    shots: list[Path] = []
    rows: list[Any] = []

    def confirm(dialog: BatchConfirmDialog) -> None:
        rows.extend(dialog.plan.rows())
        shots.append(_photograph(dialog))
        click(dialog.apply_button)

    steps = ModalSteps([(BatchConfirmDialog, confirm), (QMessageBox, lambda _b: key("Return"))])
    with qtbot.waitSignal(view.applied, timeout=20000) as applied:
        click(view.apply_button)
    qtbot.waitUntil(lambda: not steps.steps, timeout=10000)
    assert steps.failures == []
    assert {r[0] for r in rows} == chosen
    assert shots
    assert shots[0].stat().st_size > 5000
    written = [r.project.root for r in applied.args[0].results if r.status == "written"]
    assert written
    assert all(profile(r) == "budget" for r in written)

    # 3. someone edits one of them; "Undo batch" (a real click) restores the rest only
    edited = written[0]
    path = edited / ".planning" / "config.json"
    data = json.loads(path.read_text("utf-8"))
    data["model_profile"] = "inherit"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    texts: list[str] = []
    steps = ModalSteps([(QMessageBox, lambda b: (texts.append(b.text()), key("Return")))])
    with qtbot.waitSignal(view.undone, timeout=20000) as undone:
        click(view.undo_button)
    qtbot.waitUntil(lambda: not steps.steps, timeout=10000)
    assert steps.failures == []
    status = {r.project.root: r.status for r in undone.args[0].results}
    assert status[edited] == "refused"
    assert profile(edited) == "inherit"
    for root in written[1:]:
        assert status[root] == "restored"
        assert profile(root) == before[root.name]
    assert "refused" in texts[0]
    assert not view.undo_button.isEnabled()
