"""Settings you can trust, in the real window on the real X server (Xvfb via the runner).

The window runs in this process (the demo copied to tmp) so the tests can press keys where a
person would: QTest key events on the widget that has the focus (they go through Qt's
shortcut map like real ones), mouse clicks in the project tree, and — for the first case —
real X key events from xdotool. What is checked is what a person sees (field text, title,
tree, dialogs) and what lands in the file.

1. A value typed in a field (cursor still there) is saved by Ctrl+S, from anywhere.
2. Ctrl+Z after Tab undoes in the form and the draft together; Ctrl+S then writes what shows.
3. Unsaved edits survive a project switch, mark the title and the tree, and closing or Ctrl+Q
   asks Save / Discard / Cancel.
8. Number keys are spin boxes that refuse letters; errors show, outlined, while typing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from msd_desktop.app import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.tree_model import UNSAVED_MARK
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings import unsaved
from msd_desktop.ui.settings.form import ConfigFormPanel
from tests.e2e.conftest import DOC_SHOTS, SHOTS, needs_display
from tests.prerequisites import require_tool, require_xcb

pytestmark = [pytest.mark.e2e]

AGENTS = "parallelization.max_concurrent_agents"
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, isolated_home: Path) -> Iterator[MainWindow]:
    needs_display()
    require_xcb()
    # README pictures (MSD_SCREENSHOT_HOME, see the conftest): a plausible home, no tmp path
    shots_home = os.environ.get("MSD_SCREENSHOT_HOME")
    demo = Path(shots_home) / "projects" if shots_home else tmp_path / "demo"
    shutil.rmtree(demo, ignore_errors=True)
    shutil.copytree(demo_source(), demo)
    config = demo / "checklist-printer" / ".planning" / "config.json"
    data = json.loads(config.read_text(encoding="utf-8"))
    data.setdefault("parallelization", {})["max_concurrent_agents"] = 5
    config.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    env = {k: os.environ[k] for k in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                      "XDG_STATE_HOME", "XDG_CACHE_HOME", "PATH")
           if k in os.environ}
    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    win = MainWindow(registry=WorkspaceRegistry(tmp_path / "workspaces.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=settings, restore_last=False)
    # closed by this fixture, after its unsaved edits are discarded (qtbot's own close would
    # come first and meet the question)
    win.resize(1280, 800)
    with qtbot.waitSignal(win.summaries_loaded, timeout=30000):
        win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    yield win
    # whatever a test left unsaved is discarded without a question (the tests ask theirs)
    sessions = win.unsaved.made
    if sessions is not None:
        unsaved.discard_all(sessions.dirty())
        left = [(s.draft.path, s.draft.pending) for s in sessions.dirty()]
        assert not left, left
    win.close()
    win.deleteLater()


def _config(win: MainWindow, name: str) -> dict[str, Any]:
    root = next(p.ref.root for p in win.browser.model.projects() if p.ref.name == name)
    data: dict[str, Any] = json.loads(
        (root / ".planning" / "config.json").read_text(encoding="utf-8"))
    return data


def _click_project(qtbot: QtBot, win: MainWindow, name: str) -> None:
    """A mouse click on the project's row in the tree, as a person would open it."""
    tree = win.browser.tree
    model = tree.model()
    found = None
    for w in range(model.rowCount()):
        ws = model.index(w, 0)
        for p in range(model.rowCount(ws)):
            index = model.index(p, 0, ws)
            if str(index.data()).split(" ")[0] == name:
                found = index
    assert found is not None, name
    tree.scrollTo(found)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton,
                     pos=tree.visualRect(found).center())
    qtbot.waitUntil(lambda: win._current is not None and win._current.name == name,
                    timeout=10000)


def _open_settings(qtbot: QtBot, win: MainWindow, name: str) -> ConfigFormPanel:
    _click_project(qtbot, win, name)
    win.project_tabs.setCurrentIndex(0)
    panel = win.project_tabs.currentWidget()
    assert isinstance(panel, ConfigFormPanel)
    return panel


def _focus_field(qtbot: QtBot, panel: ConfigFormPanel, key: str) -> QWidget:
    """Scroll to the field and click into it; return the widget that has the focus."""
    panel._scroll_to(key)
    spin = panel.editor(key).spin  # type: ignore[attr-defined]
    line = spin.lineEdit()
    QTest.mouseClick(line, Qt.MouseButton.LeftButton, pos=line.rect().center())
    qtbot.waitUntil(lambda: QApplication.focusWidget() in (spin, line), timeout=5000)
    focus = QApplication.focusWidget()
    assert focus is not None
    return focus


def _keys(text: str) -> None:
    """Type into whatever has the focus."""
    focus = QApplication.focusWidget()
    assert focus is not None
    QTest.keyClicks(focus, text)


def _key(key: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    focus = QApplication.focusWidget()
    assert focus is not None
    QTest.keyClick(focus, key, mods)


def _shot(widget_or_region: QWidget, name: str, *, docs: bool = False) -> Path:
    """The screen where the window is (dialogs and menus included), for a person to look at."""
    screen = QApplication.primaryScreen()
    geo = widget_or_region.frameGeometry()
    pixmap = screen.grabWindow(0, geo.x(), geo.y(), geo.width(), geo.height())
    path = SHOTS / "app" / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    assert pixmap.save(str(path))
    assert pixmap.width() >= 1024
    assert pixmap.height() >= 700
    if docs and os.environ.get("MSD_SCREENSHOT_HOME"):  # tracked files only on request
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SHOTS / f"{name}.png")
    return path


# ---- 1: what is typed is what Ctrl+S saves ---------------------------------------------------


def test_ctrl_s_saves_the_value_still_in_the_field(qtbot: QtBot, window: MainWindow) -> None:
    panel = _open_settings(qtbot, window, "checklist-printer")
    _focus_field(qtbot, panel, AGENTS)
    _key(Qt.Key.Key_A, CTRL)
    _keys("7")
    assert panel.save_button.isEnabled()
    with qtbot.waitSignal(panel.save_finished, timeout=10000):  # Save runs in a worker
        _key(Qt.Key.Key_S, CTRL)  # the cursor is still in the field
    qtbot.waitUntil(lambda: _config(window, "checklist-printer")["parallelization"][
        "max_concurrent_agents"] == 7, timeout=5000)
    assert panel.status.text().startswith("Saved 1 change(s)")
    assert not window.isWindowModified()
    _keys("5")  # 75: a new state, the old "Saved" message is gone
    assert panel.status.text() == "1 unsaved change(s)"
    # Ctrl+S from elsewhere in the window (the project tree has the focus)
    window.browser.tree.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.browser.tree, timeout=5000)
    with qtbot.waitSignal(panel.save_finished, timeout=10000):
        _key(Qt.Key.Key_S, CTRL)
    qtbot.waitUntil(lambda: _config(window, "checklist-printer")["parallelization"][
        "max_concurrent_agents"] == 75, timeout=5000)


def test_real_x_keys_type_and_save(qtbot: QtBot, window: MainWindow) -> None:
    """The same with key events from the X server itself (xdotool → XTEST)."""
    require_tool("xdotool")
    panel = _open_settings(qtbot, window, "checklist-printer")
    focus = _focus_field(qtbot, panel, AGENTS)
    wid = str(int(window.winId()))
    subprocess.run(["xdotool", "windowfocus", "--sync", wid], check=True, timeout=10)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is focus, timeout=5000)
    subprocess.run(["xdotool", "key", "--delay", "30", "ctrl+a", "9", "ctrl+s"], check=True,
                   timeout=10)
    qtbot.waitUntil(lambda: _config(window, "checklist-printer")["parallelization"][
        "max_concurrent_agents"] == 9, timeout=10000)
    assert panel.editor(AGENTS).spin.lineEdit().text() == "9"  # type: ignore[attr-defined]


# ---- 2: undo is the form's, and the draft follows -------------------------------------------


def test_ctrl_z_after_tab_undoes_field_and_draft(qtbot: QtBot, window: MainWindow) -> None:
    panel = _open_settings(qtbot, window, "checklist-printer")
    spin = panel.editor(AGENTS).spin  # type: ignore[attr-defined]
    _focus_field(qtbot, panel, AGENTS)
    _key(Qt.Key.Key_A, CTRL)
    _keys("7")
    _key(Qt.Key.Key_Tab)
    assert window.main_actions.undo_action.text() == "Undo set Max concurrent agents to 7"
    _key(Qt.Key.Key_Z, CTRL)
    assert spin.lineEdit().text() == "5"
    assert panel.draft is not None
    assert not panel.draft.dirty
    assert window.main_actions.redo_action.text() == "Redo set Max concurrent agents to 7"
    _key(Qt.Key.Key_S, CTRL)
    assert _config(window, "checklist-printer")["parallelization"]["max_concurrent_agents"] == 5
    assert spin.lineEdit().text() == "5"  # the field did not jump
    _key(Qt.Key.Key_Z, CTRL | SHIFT)
    assert spin.lineEdit().text() == "7"
    assert panel.draft.pending == {AGENTS: 7}
    # the Edit menu, open: what a person reads (screenshot)
    menu = window.main_actions.edit_menu
    bar = window.menuBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton,
                     pos=bar.actionGeometry(menu.menuAction()).center())
    qtbot.waitUntil(menu.isVisible, timeout=5000)
    qtbot.wait(150)
    texts = [a.text() for a in menu.actions()]
    assert texts[0] == "Undo set Max concurrent agents to 7"
    _shot(window, "settings-undo-menu", docs=True)
    menu.close()


# ---- 3: nothing dropped ---------------------------------------------------------------------


def test_edits_survive_a_project_switch_and_are_marked(qtbot: QtBot,
                                                       window: MainWindow) -> None:
    panel = _open_settings(qtbot, window, "checklist-printer")
    _focus_field(qtbot, panel, AGENTS)
    _key(Qt.Key.Key_A, CTRL)
    _keys("7")
    assert window.isWindowModified()
    assert "checklist-printer[*]" in window.windowTitle()  # shown as "checklist-printer*"
    _click_project(qtbot, window, "billing-service")
    assert window.isWindowModified()  # still unsaved, in another project
    rows = {str(i.data()) for i in _project_indexes(window)}
    assert f"checklist-printer {UNSAVED_MARK}" in rows
    assert "billing-service" in rows
    back = _open_settings(qtbot, window, "checklist-printer")
    assert back is panel  # the form kept from project to project, refilled with its draft
    assert back.editor(AGENTS).spin.lineEdit().text() == "7"  # type: ignore[attr-defined]
    assert back.draft is not None
    assert back.draft.pending == {AGENTS: 7}
    _key(Qt.Key.Key_Z, CTRL)  # and its history came along
    assert back.editor(AGENTS).spin.lineEdit().text() == "5"  # type: ignore[attr-defined]
    assert not window.isWindowModified()
    assert "[*]" not in window.windowTitle()
    assert "checklist-printer" in window.windowTitle()


def _project_indexes(win: MainWindow) -> list[Any]:
    model = win.browser.tree.model()
    return [model.index(p, 0, model.index(w, 0)) for w in range(model.rowCount())
            for p in range(model.rowCount(model.index(w, 0)))]


def test_closing_or_ctrl_q_asks_save_discard_cancel(qtbot: QtBot, window: MainWindow,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    panel = _open_settings(qtbot, window, "checklist-printer")
    _focus_field(qtbot, panel, AGENTS)
    _key(Qt.Key.Key_A, CTRL)
    _keys("7")
    seen: list[str] = []

    def answer_with(button: QMessageBox.StandardButton, shot: str | None = None) -> None:
        def press() -> None:
            box = QApplication.activeModalWidget()
            if not isinstance(box, QMessageBox):
                QTimer.singleShot(50, press)
                return
            seen.append(box.text() + "\n" + box.informativeText())
            if shot:
                qtbot.wait(150)
                _shot(window, shot, docs=True)
            box.button(button).click()
        QTimer.singleShot(50, press)

    # Ctrl+Q (the window's Quit) → the real question → Cancel: the window and the edit stay
    answer_with(QMessageBox.StandardButton.Cancel, shot="settings-unsaved")
    _key(Qt.Key.Key_Q, CTRL)
    qtbot.waitUntil(lambda: len(seen) == 1, timeout=10000)
    assert window.isVisible()
    assert "Closing MSD Desktop: save your changes" in seen[0]
    assert "1 unsaved change(s)" in seen[0]
    assert panel.draft is not None
    assert panel.draft.pending == {AGENTS: 7}
    # closing the window (what Alt+F4 asks for) → Save: written, then closed
    answer_with(QMessageBox.StandardButton.Save)
    assert window.close()
    assert len(seen) == 2
    assert _config(window, "checklist-printer")["parallelization"]["max_concurrent_agents"] == 7


def test_discard_is_the_persons_choice(qtbot: QtBot, window: MainWindow,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    panel = _open_settings(qtbot, window, "checklist-printer")
    _focus_field(qtbot, panel, AGENTS)
    _key(Qt.Key.Key_A, CTRL)
    _keys("7")
    asked: list[int] = []

    def discard(_parent: object, sessions: list[Any], _what: str) -> unsaved.Answer:
        asked.append(len(sessions))
        return unsaved.Answer.DISCARD

    monkeypatch.setattr(unsaved, "ask_unsaved", discard)
    assert window.request_quit()  # the tray's Quit goes through here
    assert asked == [1]
    assert _config(window, "checklist-printer")["parallelization"]["max_concurrent_agents"] == 5


def test_log_out_asks_and_can_cancel_the_log_out(qtbot: QtBot, window: MainWindow,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``commitDataRequest``: Qt offers no way to make a QSessionManager, so the manager here
    records what the window asked of it (the real one forwards that to the session)."""
    panel = _open_settings(qtbot, window, "checklist-printer")
    _focus_field(qtbot, panel, AGENTS)
    _key(Qt.Key.Key_A, CTRL)
    _keys("7")
    monkeypatch.setattr(unsaved, "ask_unsaved", lambda *_a: unsaved.Answer.CANCEL)

    class Manager:
        def __init__(self) -> None:
            self.calls: list[str] = []

        def allowsInteraction(self) -> bool:
            self.calls.append("allowsInteraction")
            return True

        def cancel(self) -> None:
            self.calls.append("cancel")

        def release(self) -> None:
            self.calls.append("release")

    manager = Manager()
    window._commit_data(manager)  # type: ignore[arg-type]
    assert manager.calls == ["allowsInteraction", "cancel", "release"]
    assert panel.draft is not None
    assert panel.draft.pending == {AGENTS: 7}


# ---- 8: the editor follows the schema type, errors as you type ------------------------------


def test_number_fields_refuse_letters_and_outline_errors(qtbot: QtBot,
                                                         window: MainWindow) -> None:
    panel = _open_settings(qtbot, window, "checklist-printer")
    spin = panel.editor(AGENTS).spin  # type: ignore[attr-defined]
    _focus_field(qtbot, panel, AGENTS)
    _key(Qt.Key.Key_A, CTRL)
    _keys("abc")
    assert spin.lineEdit().text() == "5"
    assert panel.draft is not None
    assert not panel.draft.dirty
    _focus_field(qtbot, panel, "context_window")
    _key(Qt.Key.Key_A, CTRL)
    _keys("0")
    row = panel.row("context_window")
    assert QApplication.focusWidget() in (panel.editor("context_window").spin,  # type: ignore[attr-defined]
                                          panel.editor("context_window").spin.lineEdit())  # type: ignore[attr-defined]
    assert row.error.isVisible()
    assert row.error.text() == "Invalid context_window '0'. Must be a positive integer " \
                               "(token count)."
    assert row.outlined
    assert not panel.save_button.isEnabled()
    assert "1 invalid" in panel.status.text()
    _key(Qt.Key.Key_S, CTRL)  # refused, nothing written
    assert "context_window" not in _config(window, "checklist-printer")
    _keys("00")  # 000 → still invalid; then a real value
    _key(Qt.Key.Key_A, CTRL)
    _keys("4096")
    assert not row.outlined
    assert not row.error.isVisible()
    assert panel.save_button.isEnabled()


def test_quitting_asks_about_the_global_defaults_window_too(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    window.main_actions.global_defaults_action.trigger()
    from msd_desktop.ui.settings.global_defaults_panel import GlobalDefaultsPanel

    qtbot.waitUntil(lambda: bool(window.findChildren(GlobalDefaultsPanel)), timeout=5000)
    panel = window.findChildren(GlobalDefaultsPanel)[0]
    panel.form.edit("model_profile", "quality")
    asked: list[list[str]] = []

    def cancel(_parent: object, sessions: list[Any], _what: str) -> unsaved.Answer:
        asked.append([str(s.draft.path) for s in sessions])
        return unsaved.Answer.CANCEL

    monkeypatch.setattr(unsaved, "ask_unsaved", cancel)
    assert not window.close()
    assert asked
    assert asked[0][0].endswith("defaults.json")
    unsaved.discard_all(panel.form.sessions.dirty())


def test_closing_the_global_defaults_window_asks(qtbot: QtBot, window: MainWindow,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from msd_desktop.ui.settings.global_defaults_panel import GlobalDefaultsPanel

    window.main_actions.global_defaults_action.trigger()
    qtbot.waitUntil(lambda: bool(window.findChildren(GlobalDefaultsPanel)), timeout=5000)
    panel = window.findChildren(GlobalDefaultsPanel)[0]
    panel.form.edit("model_profile", "quality")
    answers = [unsaved.Answer.CANCEL, unsaved.Answer.DISCARD]
    monkeypatch.setattr(unsaved, "ask_unsaved", lambda *_a: answers.pop(0))
    assert not panel.close()  # Cancel: still open, still edited
    assert panel.form.draft is not None
    assert panel.form.draft.pending == {"model_profile": "quality"}
    assert panel.close()  # Discard
    assert not panel.form.draft.dirty
