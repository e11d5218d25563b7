"""The Settings JSON tab and the conflict view on a real X server, with real key presses.

The Settings form is shown in a real window on the runner's Xvfb; keys are QTest key events
sent to the focused widget (the JSON text box, the conflict table), so Qt's own key handling
edits the text. "Move to keyring" writes the real OS keyring the runner started. Pictures for
the docs (``docs/screenshots/settings-json-masked.png``, ``settings-conflict.png``) are written
when ``MSD_SCREENSHOT_DIR`` or ``MSD_SCREENSHOT_HOME`` asks for them; always under
``tests/e2e/screenshots``.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from msd_desktop.app import demo_source
from msd_desktop.core.workspace.registry import ProjectRef
from tests.e2e.conftest import DOC_SHOTS, SHOTS, needs_display
from tests.form_saving import save_form
from tests.prerequisites import require_keyring, require_xcb

SECRET = "BSAk-live-7f3e9c1d5b2a8e4f"
ENV_KEYS = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
            "PATH", "DBUS_SESSION_BUS_ADDRESS", "GNOME_KEYRING_CONTROL", "DISPLAY")


@pytest.fixture
def real_x(qapp: QApplication) -> QApplication:
    needs_display()
    require_xcb()
    return qapp


@pytest.fixture
def project(tmp_path: Path) -> ProjectRef:
    """field-notes from the demo, with a plaintext Brave key in its config.json."""
    shots_home = os.environ.get("MSD_SCREENSHOT_HOME")
    base = Path(shots_home) / "projects" if shots_home else tmp_path / "projects"
    root = base / "field-notes"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(demo_source() / "field-notes", root)
    path = root / ".planning" / "config.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["brave_search"] = SECRET
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return ProjectRef(root=root, name="field-notes", workspace="demo")


@pytest.fixture
def panel(real_x: QApplication, qtbot: QtBot, project: ProjectRef) -> Any:
    from msd_desktop.ui.settings.form import ConfigFormPanel

    env = {k: os.environ[k] for k in ENV_KEYS if k in os.environ}
    widget = ConfigFormPanel(project, env=env)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    widget.activateWindow()
    qtbot.waitExposed(widget)
    return widget


def shot(widget: QWidget, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    image = widget.grab()
    assert image.width() >= 1024
    assert image.height() >= 700
    assert image.save(str(path))
    if os.environ.get("MSD_SCREENSHOT_DIR") or os.environ.get("MSD_SCREENSHOT_HOME"):
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SHOTS / path.name)
    return path


def focus(qtbot: QtBot, widget: QWidget) -> None:
    widget.activateWindow()
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=5000)


def go_to_line_end(qtbot: QtBot, editor: Any, line: int) -> None:
    """Ctrl+Home, Down to ``line`` (0-based), End — as a person moves the cursor."""
    QTest.keyClick(editor, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    for _ in range(line):
        QTest.keyClick(editor, Qt.Key.Key_Down)
    QTest.keyClick(editor, Qt.Key.Key_End)
    assert editor.textCursor().blockNumber() == line


def retype_value(qtbot: QtBot, editor: Any, key: str, new: str) -> None:
    """Put the cursor at the end of ``key``'s line, erase its value, type ``new``."""
    lines = editor.toPlainText().splitlines()
    index = next(i for i, text in enumerate(lines) if text.lstrip().startswith(f'"{key}":'))
    go_to_line_end(qtbot, editor, index)
    line = lines[index]
    value = line.split(":", 1)[1].strip()
    for _ in range(len(value)):
        QTest.keyClick(editor, Qt.Key.Key_Backspace)
    QTest.keyClicks(editor, new + ("," if value.endswith(",") else ""))


def test_json_tab_typed_with_real_keys_masked_and_moved_to_keyring(
    qtbot: QtBot, panel: Any, project: ProjectRef
) -> None:
    panel.inner_tabs.setCurrentWidget(panel._json_page)
    page = panel.json_page
    editor = page.editor
    qtbot.waitUntil(editor.isVisible, timeout=5000)  # added to the shown tab: shown queued
    assert SECRET not in editor.toPlainText()
    assert '"brave_search": "****8e4f"' in editor.toPlainText()
    assert page.secret_banner.isVisible()
    focus(qtbot, editor)
    stack = panel.undo_stack
    before = stack.count() if stack is not None else 0
    current = json.loads(editor.toPlainText())["granularity"]
    new = "fine" if current != "fine" else "coarse"

    # typing: the half-typed value is a syntax error with its place, then valid
    lines = editor.toPlainText().splitlines()
    index = next(i for i, t in enumerate(lines) if t.lstrip().startswith('"granularity":'))
    go_to_line_end(qtbot, editor, index)
    for _ in range(len(lines[index].split(":", 1)[1].strip())):
        QTest.keyClick(editor, Qt.Key.Key_Backspace)
    QTest.keyClicks(editor, f'"{new}')
    assert page.parse_problem is not None
    assert page.parse_problem.line == index + 1
    assert not panel.save_button.isEnabled()
    QTest.keyClicks(editor, '",')
    assert page.parse_problem is None
    assert panel.draft.pending == {"granularity": new}
    assert panel.editor("granularity").combo.currentData() == new  # the form follows
    if stack is not None:
        assert stack.count() == before + 1  # one burst of typing, one command

    # an invalid value: the core's words at its line and column
    retype_value(qtbot, editor, "mode", '"sometimes"')
    assert "mode" in panel.draft.errors
    problem = page.problems[0]
    assert problem.key == "mode"
    assert f"Line {problem.line}, column {problem.column}" in page.problem_list.item(0).text()
    assert SECRET not in editor.toPlainText()
    shot(panel, "settings-json-masked")

    # the mask is not the key: selecting everything and copying gives the masked text
    QTest.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(editor, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert SECRET not in QApplication.clipboard().text()
    assert "****8e4f" in QApplication.clipboard().text()

    # back to a valid mode, save from the text box (Ctrl+S), then move the key to the keyring
    retype_value(qtbot, editor, "mode", '"yolo"')
    assert not panel.draft.errors
    QTest.keyClick(editor, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    if panel.draft.dirty:  # in a bare form Ctrl+S is the form's; the window owns it otherwise
        assert save_form(qtbot, panel)
    config = project.root / ".planning" / "config.json"
    saved = json.loads(config.read_text(encoding="utf-8"))
    assert saved["brave_search"] == SECRET  # the mask was never written over the key
    assert saved["granularity"] == new
    assert saved["mode"] == "yolo"

    from msd_desktop.core.secrets import store as secrets

    require_keyring()
    assert page.move_button.isEnabled()
    QTest.mouseClick(page.move_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: json.loads(config.read_text(encoding="utf-8")).get("brave_search") is True,
        timeout=15000)
    assert secrets.reveal_secret("brave_search", root=project.root, env=panel.env) == SECRET
    qtbot.waitUntil(lambda: '"brave_search": true' in editor.toPlainText(), timeout=5000)
    assert page.secret_banner.isHidden()
    assert SECRET not in config.read_text(encoding="utf-8")


def test_conflict_view_shows_what_keep_mine_writes(
    qtbot: QtBot, panel: Any, project: ProjectRef
) -> None:
    from msd_desktop.ui.settings.conflict_view import MergeTableModel

    config = project.root / ".planning" / "config.json"
    data = json.loads(config.read_text(encoding="utf-8"))
    mode = "interactive" if data.get("mode") != "interactive" else "yolo"
    granularity = "fine" if data.get("granularity") != "fine" else "coarse"
    panel.edit("mode", mode)
    panel.edit("granularity", granularity)
    outside = dict(data, model_profile="quality", granularity="standard"
                   if data.get("granularity") != "standard" else "coarse")
    outside["team_notes"] = "kept by Keep mine"
    with qtbot.waitSignal(panel.disk_conflict_shown, timeout=5000):
        config.write_text(json.dumps(outside, indent=2) + "\n", encoding="utf-8")
    QTest.mouseClick(panel.diff_button, Qt.MouseButton.LeftButton)
    view = panel.conflict_view
    qtbot.waitUntil(view.table.isVisible, timeout=5000)
    preview = view.preview
    assert preview.conflicts == ["granularity"]
    assert set(preview.disk_only) == {"model_profile", "team_notes"}
    assert preview.result["model_profile"] == "quality"
    assert preview.result["granularity"] == granularity
    # the diff is what Keep mine changes in the file now: my two keys, nothing of theirs
    changed = [line for line in view.result_diff.toPlainText().splitlines()
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert all('"mode"' in line or '"granularity"' in line for line in changed)
    # choose the disk's value for the key both changed: Space on the choice cell
    row = [r.key for r in view.model.rows].index("granularity")
    view.table.setCurrentIndex(view.model.index(row, MergeTableModel.CHOICE))
    focus(qtbot, view.table)
    QTest.keyClick(view.table, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: view.preview.result["granularity"] == outside["granularity"],
                    timeout=3000)
    all_text = "\n".join([view.result_diff.toPlainText(), view.summary.text()]
                         + [box.toPlainText() for box in view.boxes.values()])
    assert SECRET not in all_text
    assert "****8e4f" in all_text
    shot(panel, "settings-conflict")
    expected = view.preview.result
    QTest.mouseClick(panel.keep_button, Qt.MouseButton.LeftButton)
    assert panel.disk_banner.isHidden()
    assert save_form(qtbot, panel)
    assert json.loads(config.read_text(encoding="utf-8")) == expected
