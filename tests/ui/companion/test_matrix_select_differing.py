"""The config matrix's "Select differing": every project whose value differs is selected, and
"Apply to selected…" then plans the batch for all of them.

Six real projects on disk, three of them with a ``model_profile`` other than the default
(``balanced``); the view sorted by name so the differing rows are not next to each other.
Offscreen, the real view and the real confirmation dialog (cancelled: nothing is written).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from msd_desktop.core.workspace.registry import project_ref
from msd_desktop.ui.companion.matrix_confirm import BatchConfirmDialog
from msd_desktop.ui.companion.matrix_model import DriftRole
from msd_desktop.ui.companion.matrix_view import ConfigMatrixView

PROFILES = {"alpha": "budget", "bravo": "balanced", "charlie": "quality",
            "delta": "balanced", "echo": "inherit", "foxtrot": "balanced"}
DIFFERING = {"alpha", "charlie", "echo"}


def six_projects(tmp_path: Path) -> list[Any]:
    refs = []
    for name, value in PROFILES.items():
        planning = tmp_path / "ws" / name / ".planning"
        planning.mkdir(parents=True)
        (planning / "config.json").write_text(
            json.dumps({"model_profile": value}, indent=2) + "\n", encoding="utf-8")
        refs.append(project_ref(planning.parent, "ws"))
    return refs


def selected_names(view: ConfigMatrixView) -> set[str]:
    return {entry.name for entry in view.selected_entries()}


def test_select_differing_selects_every_differing_row(qtbot: Any, tmp_path: Path,
                                                      env: dict[str, str]) -> None:
    view = ConfigMatrixView(six_projects(tmp_path), env, key="model_profile")
    qtbot.addWidget(view)
    drifting = {view.proxy.index(r, 0).data() for r in range(view.proxy.rowCount())
                if view.proxy.index(r, 0).data(DriftRole)}
    assert drifting == DIFFERING

    view.table.selectRow(1)  # an earlier selection is replaced, not kept
    view.select_drifting()

    assert selected_names(view) == DIFFERING
    rows = view.table.selectionModel().selectedRows()
    assert len(rows) == len(DIFFERING)
    # whole rows: every column of each differing row is selected
    columns = view.proxy.columnCount()
    assert len(view.table.selectionModel().selectedIndexes()) == len(DIFFERING) * columns


def test_pressing_select_differing_then_apply_asks_about_all_of_them(
    qtbot: Any, tmp_path: Path, env: dict[str, str]
) -> None:
    view = ConfigMatrixView(six_projects(tmp_path), env, key="model_profile")
    qtbot.addWidget(view)
    view.resize(1024, 700)
    view.show()
    qtbot.waitExposed(view)
    before = {p: (tmp_path / "ws" / p / ".planning" / "config.json").read_bytes()
              for p in PROFILES}

    QTest.mouseClick(view.select_drift_button, Qt.MouseButton.LeftButton)
    assert selected_names(view) == DIFFERING

    combo = view.editor.combo  # type: ignore[union-attr]
    combo.setFocus()
    target = combo.findData("adaptive")
    assert target > 0
    while combo.currentIndex() != target:  # arrow keys, as on the keyboard
        QTest.keyClick(combo, Qt.Key.Key_Down if combo.currentIndex() < target
                       else Qt.Key.Key_Up)
    assert view.apply_button.isEnabled()

    seen: list[tuple[str, list[str]]] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, BatchConfirmDialog) or not dialog.isVisible():
            QTimer.singleShot(20, answer)
            return
        seen.append((dialog.windowTitle(), [c.project.name for c in dialog.plan.to_write]))
        QTest.keyClick(dialog, Qt.Key.Key_Escape)

    QTimer.singleShot(20, answer)
    with qtbot.waitSignal(view.cancelled, timeout=20000):
        QTest.mouseClick(view.apply_button, Qt.MouseButton.LeftButton)

    assert len(seen) == 1
    title, planned = seen[0]
    assert set(planned) == DIFFERING
    assert "model_profile to 3 project" in title  # English plural forms need a catalogue
    after = {p: (tmp_path / "ws" / p / ".planning" / "config.json").read_bytes()
             for p in PROFILES}
    assert after == before
