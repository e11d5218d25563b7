"""The config matrix's bulk edit offscreen: the real confirmation dialog, the report, the undo.

The modal dialogs are the real ones: a timer acts on the active modal widget from inside its
own event loop (keys and clicks through QTest), as a person would. Real files (a copy of the
demo), the real core.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget

from msd_desktop.core.config.batch import plan_batch
from msd_desktop.core.workspace.registry import project_ref
from msd_desktop.ui.companion.matrix_confirm import BatchConfirmDialog
from msd_desktop.ui.companion.matrix_model import (
    BATCH_COL_NEW,
    BATCH_COL_NOTE,
    BATCH_COL_OLD,
    BatchPlanModel,
)
from msd_desktop.ui.companion.matrix_view import ConfigMatrixView

PROJECTS = ("billing-service", "checklist-printer", "field-notes", "legacy-importer")


def refs(demo: Path) -> list[Any]:
    return [project_ref(demo / name, "demo") for name in PROJECTS]


def config_bytes(demo: Path) -> dict[str, bytes]:
    return {n: (demo / n / ".planning" / "config.json").read_bytes() for n in PROJECTS}


def profile(demo: Path, name: str) -> Any:
    """The project's model_profile, ``None`` for the demo's deliberately broken config."""
    try:
        data = json.loads((demo / name / ".planning" / "config.json").read_text("utf-8"))
    except json.JSONDecodeError:
        return None
    return data.get("model_profile", "(not set)")


class ModalHandler:
    """Acts on each modal of the given kinds as it opens, in order; records what it saw."""

    def __init__(self, steps: list[tuple[type[QWidget], Callable[[Any], None]]]) -> None:
        self.steps = list(steps)
        self.seen: list[QWidget] = []
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        widget = QApplication.activeModalWidget()
        if not self.steps or widget is None or widget in self.seen or not widget.isVisible():
            return
        kind, act = self.steps[0]
        if isinstance(widget, kind):
            self.steps.pop(0)
            self.seen.append(widget)
            act(widget)
        if not self.steps:
            self.timer.stop()


def press_apply(dialog: BatchConfirmDialog) -> None:
    QTest.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)


def press_enter(widget: QWidget) -> None:
    QTest.keyClick(widget, Qt.Key.Key_Return)


def choose_budget(qtbot: Any, view: ConfigMatrixView) -> None:
    view.select_drifting()
    view.table.selectAll()
    combo = view.editor.combo  # type: ignore[union-attr]
    combo.setFocus()
    index = combo.findData("budget")
    assert index > 0
    while combo.currentIndex() != index:  # arrow keys, as on the keyboard
        QTest.keyClick(combo, Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up)
    assert view.pending == "budget"
    assert view.apply_button.isEnabled()


def test_confirm_dialog_lists_each_project_old_to_new(qtbot: Any, demo: Path,
                                                      env: dict[str, str]) -> None:
    plan = plan_batch(refs(demo), "model_profile", "budget", env)
    dialog = BatchConfirmDialog(plan)
    qtbot.addWidget(dialog)
    model = dialog.table.model()
    assert isinstance(model, BatchPlanModel)
    assert model.rowCount() == len(PROJECTS)
    for row, name in enumerate(PROJECTS):
        assert model.index(row, 0).data() == name
        assert model.index(row, BATCH_COL_NEW).data() == "budget"
        if profile(demo, name) is None:  # legacy-importer's config.json does not parse
            assert "not written" in model.index(row, BATCH_COL_NOTE).data()
            assert model.index(row, BATCH_COL_OLD).data() == "(unreadable)"
        else:
            assert model.index(row, BATCH_COL_OLD).data() == profile(demo, name)
    notes = [model.index(r, BATCH_COL_NOTE).data() for r in range(model.rowCount())]
    assert notes.count("") == len(plan.to_write) >= 2  # the rest say why they are skipped
    assert dialog.cancel_button.isDefault()
    assert not dialog.apply_button.isDefault()
    assert dialog.apply_button.text() == f"Apply to {len(plan.to_write)} project(s)"
    dialog.show()
    press_enter(dialog)  # Enter alone is Cancel: never a write by accident
    assert dialog.result() == QDialog.DialogCode.Rejected


def test_confirm_dialog_masks_a_secret(qtbot: Any, demo: Path, env: dict[str, str],
                                       qtmodeltester: Any) -> None:
    secret = "sk-live-abcdef1234567890"
    plan = plan_batch(refs(demo)[:2], "brave_search", secret, env)
    dialog = BatchConfirmDialog(plan)
    qtbot.addWidget(dialog)
    qtmodeltester.check(dialog.model)
    texts = [dialog.model.index(r, c).data(role) for r in range(dialog.model.rowCount())
             for c in range(4) for role in (Qt.ItemDataRole.DisplayRole,
                                            Qt.ItemDataRole.ToolTipRole)]
    assert texts
    assert not any(secret in str(t) for t in texts)
    assert "cannot be undone" in dialog.note.text()


def test_cancel_writes_nothing(qtbot: Any, demo: Path, env: dict[str, str]) -> None:
    before = config_bytes(demo)
    view = ConfigMatrixView(refs(demo), env, key="model_profile")
    qtbot.addWidget(view)
    choose_budget(qtbot, view)
    handler = ModalHandler([(BatchConfirmDialog,
                             lambda d: QTest.keyClick(d, Qt.Key.Key_Escape))])
    with qtbot.waitSignal(view.cancelled, timeout=20000):
        QTest.mouseClick(view.apply_button, Qt.MouseButton.LeftButton)
    assert len(handler.seen) == 1
    assert config_bytes(demo) == before
    assert not view.undo_button.isEnabled()
    assert "cancelled" in view.summary_label.text()


def test_apply_then_undo_batch_refusing_a_file_changed_since(
    qtbot: Any, demo: Path, env: dict[str, str]
) -> None:
    before = {n: profile(demo, n) for n in PROJECTS}
    view = ConfigMatrixView(refs(demo), env, key="model_profile")
    qtbot.addWidget(view)
    choose_budget(qtbot, view)
    handler = ModalHandler([(BatchConfirmDialog, press_apply), (QMessageBox, press_enter)])
    with qtbot.waitSignal(view.applied, timeout=20000) as applied:
        QTest.mouseClick(view.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not handler.steps, timeout=5000)
    report = applied.args[0]
    written = [r.project.name for r in report.results if r.status == "written"]
    assert written
    assert all(profile(demo, n) == "budget" for n in written)
    assert view.undo_button.isEnabled()
    assert "written" in view.summary_label.text()

    # someone edits one project after the batch: the undo must leave that file alone
    changed = written[0]
    path = demo / changed / ".planning" / "config.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["model_profile"] = "inherit"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")

    boxes: list[str] = []
    handler = ModalHandler([(QMessageBox, lambda b: (boxes.append(b.text()), press_enter(b)))])
    with qtbot.waitSignal(view.undone, timeout=20000) as undone:
        QTest.mouseClick(view.undo_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not handler.steps, timeout=5000)
    status = {r.project.name: r.status for r in undone.args[0].results}
    assert status[changed] == "refused"
    assert profile(demo, changed) == "inherit"
    for name in written[1:]:
        assert status[name] == "restored"
        assert profile(demo, name) == before[name]
    assert "refused" in boxes[0]
    assert not view.undo_button.isEnabled()


@pytest.mark.parametrize("key", ["model_profile"])
def test_undo_button_waits_for_a_batch(qtbot: Any, demo: Path, env: dict[str, str],
                                       key: str) -> None:
    view = ConfigMatrixView(refs(demo), env, key=key)
    qtbot.addWidget(view)
    assert not view.undo_button.isEnabled()
    assert view.undo_button.text() == "Undo batch"


def test_default_from_defaults_json_is_plain_text(qtbot: Any, demo: Path,
                                                  env: dict[str, str]) -> None:
    path = Path(env["HOME"]) / ".msd" / "defaults.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"project_code": "<b>X</b> %2"}), encoding="utf-8")
    view = ConfigMatrixView(refs(demo), env, key="project_code")
    qtbot.addWidget(view)
    assert view.reference_label.textFormat() == Qt.TextFormat.PlainText
    assert "<b>X</b> %2 (~/.msd/defaults.json)" in view.reference_label.text()


def test_report_box_lists_each_project(qtbot: Any, demo: Path, env: dict[str, str]) -> None:
    view = ConfigMatrixView(refs(demo), env, key="model_profile")
    qtbot.addWidget(view)
    choose_budget(qtbot, view)
    lines: list[str] = []
    handler = ModalHandler([(BatchConfirmDialog, press_apply),
                            (QMessageBox, lambda b: (lines.extend(
                                b.informativeText().splitlines()), press_enter(b)))])
    with qtbot.waitSignal(view.applied, timeout=20000) as applied:
        QTest.mouseClick(view.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not handler.steps, timeout=5000)
    results = applied.args[0].results
    assert len(lines) == len(results)  # every project, said in the box itself
    for line, result in zip(lines, results, strict=True):
        assert line.startswith(f"{result.project.name}: ")
        if result.status == "written":
            assert line.endswith(f"{result.change.old_display} → budget")
