"""Models → "Apply to settings": the what-if's runtime and profile go into the project's
Settings draft as one undo step, nothing is written until Save, the Settings tab is shown and
the status bar says so. Real keys on the focused widgets of the real main window."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.models.panel import ModelsPanel
from msd_desktop.ui.settings.form import ConfigFormPanel

PROJECT = "billing-service"


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str],
           ui_settings: Any) -> Any:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=10000)
    assert win.open_project(demo / PROJECT)
    qtbot.waitUntil(lambda: win.current_project()[0] is not None, timeout=15000)
    yield win
    from msd_desktop.ui.settings import unsaved

    sessions = win.unsaved.made
    if sessions is not None:
        unsaved.discard_all(sessions.dirty())
    win.close()


def _key(widget: Any, key: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
         ) -> None:
    QTest.keyClick(widget, key, mods)


def _models(qtbot: Any, win: MainWindow) -> ModelsPanel:
    focused = QApplication.focusWidget() or win
    _key(focused, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)  # the Models tab
    qtbot.waitUntil(lambda: isinstance(win.project_tabs.currentWidget(), ModelsPanel),
                    timeout=15000)
    panel = win.project_tabs.currentWidget()
    assert isinstance(panel, ModelsPanel)
    panel.table.setFocus()  # the tab's Alt keys work from inside it
    qtbot.waitUntil(panel.table.hasFocus, timeout=10000)
    return panel


def test_apply_a_whatif_profile_is_one_undo_step_and_writes_nothing(
        qtbot: Any, window: MainWindow, demo: Path) -> None:
    config = demo / PROJECT / ".planning" / "config.json"
    before_bytes = config.read_bytes()
    before = json.loads(before_bytes)
    panel = _models(qtbot, window)
    assert not panel.apply_button.isEnabled()  # no what-if yet
    _key(QApplication.focusWidget() or panel, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.profile_combo, timeout=10000)
    with qtbot.waitSignal(panel.recomputed, timeout=15000):
        while panel.profile_combo.currentData() in (before.get("model_profile"),) or \
                panel.profile_combo.currentIndex() == 0:
            _key(panel.profile_combo, Qt.Key.Key_Down)
    profile = panel.profile_combo.currentData()
    assert profile != before.get("model_profile")
    qtbot.waitUntil(panel.apply_button.isEnabled, timeout=10000)
    _key(panel.profile_combo, Qt.Key.Key_Y, Qt.KeyboardModifier.AltModifier)  # Apply…
    qtbot.waitUntil(lambda: isinstance(window.project_tabs.currentWidget(), ConfigFormPanel),
                    timeout=15000)
    form = window.project_tabs.currentWidget()
    assert isinstance(form, ConfigFormPanel)
    session = form.session
    assert session is not None
    assert session.draft.pending == {"model_profile": profile}
    assert session.stack.count() == 1
    assert "what-if" in session.stack.undoText()
    assert "nothing is written until you save" in window.status_label.text()
    assert config.read_bytes() == before_bytes  # nothing written
    # the what-if now reads the draft: the Models tab shows the same without its own profile
    assert panel.profile_combo.currentIndex() == 0
    assert panel.draft_check.isChecked()
    # one Ctrl+Z takes the whole what-if back
    form.setFocus()
    _key(QApplication.focusWidget() or form, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not session.draft.pending, timeout=10000)
    assert config.read_bytes() == before_bytes


def test_runtime_and_profile_together_in_one_step(qtbot: Any, window: MainWindow) -> None:
    panel = _models(qtbot, window)
    _key(QApplication.focusWidget() or panel, Qt.Key.Key_U, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.runtime_combo, timeout=10000)
    with qtbot.waitSignal(panel.recomputed, timeout=15000):
        _key(panel.runtime_combo, Qt.Key.Key_End)
    runtime = panel.runtime_combo.currentData()
    _key(panel.runtime_combo, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.profile_combo, timeout=10000)
    with qtbot.waitSignal(panel.recomputed, timeout=15000):
        _key(panel.profile_combo, Qt.Key.Key_End)
    profile = panel.profile_combo.currentData()
    settings = dict(panel.whatif_settings())
    assert settings == {"runtime": runtime, "model_profile": profile}
    panel.apply_button.setFocus()
    qtbot.waitUntil(panel.apply_button.hasFocus, timeout=10000)
    _key(panel.apply_button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: isinstance(window.project_tabs.currentWidget(), ConfigFormPanel),
                    timeout=15000)
    form = window.project_tabs.currentWidget()
    assert isinstance(form, ConfigFormPanel)
    session = form.session
    assert session is not None
    on_disk = session.draft.file.data or {}
    expected = {k: v for k, v in settings.items() if on_disk.get(k) != v}
    assert expected  # the demo names neither that runtime nor that profile
    assert dict(session.draft.pending) == expected
    assert session.stack.count() == 1
