"""File and folder text is never rendered as markup, anywhere in the window.

A project folder named like HTML (an ``<img>`` pointing at ``/dev/zero`` without a slash, bold,
a link) and a config.json and STATE.md full of the same: the window is built with every
project tab, every Settings page and every editor, and every ``QLabel`` (its text format and
what it shows) and every tooltip (widgets, tab bars, item views) is walked. A label or a
tooltip that would render that text as rich text fails the test — Qt reading ``/dev/zero`` as an
image aborted the window.

(A folder name cannot hold ``/``: its tags are left open — ``<b>x`` renders bold all the same.)
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractItemView, QLabel, QTabBar, QWidget

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry

FOLDER = "<img src=&#47;dev&#47;zero><b>x<a href=x>y"
FILE_TEXT = "<img src=&#47;dev&#47;zero><b>x</b><a href=x>y</a>"
# what only the hostile text holds (the window's own markup never does)
FRAGMENTS = ("<img src=&#47;", "<b>x", "<a href=x>")

STATE = """---
milestone: v1.0
milestone_name: "{text}"
status: executing
stopped_at: "{text}"
---

# Project State

## Current Position

Phase: 1 of 2
Status: executing
Resume file: {text}
"""


def _project(root: Path, config: str) -> Path:
    planning = root / ".planning"
    planning.mkdir(parents=True)
    (planning / "config.json").write_text(config, encoding="utf-8")
    (planning / "STATE.md").write_text(STATE.format(text=FILE_TEXT), encoding="utf-8")
    (planning / "ROADMAP.md").write_text(f"# Roadmap\n\n### Phase 1: {FILE_TEXT}\n",
                                         encoding="utf-8")
    return root


def _raw(text: str) -> bool:
    return any(fragment in text for fragment in FRAGMENTS)


def _shown(label: QLabel) -> str:
    """What a label puts on screen: its text, or the text its rich text renders to."""
    text = label.text()
    fmt = label.textFormat()
    rich = fmt == Qt.TextFormat.RichText or (
        fmt != Qt.TextFormat.PlainText and GuiQt.mightBeRichText(text))
    if not rich or _raw(text):
        return text
    doc = QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()


def _model_tips(model: QAbstractItemModel, parent: QModelIndex, depth: int = 0) -> list[str]:
    tips: list[str] = []
    try:
        columns = model.columnCount(parent)
    except TypeError:  # a list model keeps columnCount private
        columns = 1
    for row in range(model.rowCount(parent)):
        for column in range(columns):
            index = model.index(row, column, parent)
            tip = index.data(Qt.ItemDataRole.ToolTipRole)
            if tip:
                tips.append(str(tip))
            if column == 0 and depth < 3:
                tips.extend(_model_tips(model, index, depth + 1))
    return tips


def rich_file_text(root: QWidget) -> list[str]:
    """Every label and tooltip under ``root`` that would render the hostile text as markup."""
    bad: list[str] = []
    for label in root.findChildren(QLabel):
        text = label.text()
        if _raw(text) and label.textFormat() != Qt.TextFormat.PlainText:
            bad.append(f"label {label.objectName() or type(label).__name__} is "
                       f"{label.textFormat()}: {text!r}")
        shown = _shown(label)
        if label.textFormat() != Qt.TextFormat.PlainText and "&#47;" not in text \
                and "/dev/zero" in shown:
            bad.append(f"label renders an entity from file text: {text!r}")
    for widget in [root, *root.findChildren(QWidget)]:
        tips = [widget.toolTip()]
        if isinstance(widget, QTabBar):
            tips += [widget.tabToolTip(i) for i in range(widget.count())]
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            tips += _model_tips(widget.model(), QModelIndex())
        bad.extend(f"tooltip of {type(widget).__name__} {widget.objectName()}: {tip!r}"
                   for tip in tips if tip and _raw(tip))
    return bad


def test_every_label_and_tooltip_shows_file_text_as_plain_text(
        qtbot, tmp_path: Path, env: dict[str, str], ui_settings) -> None:
    from msd_desktop.ui.main_window import MainWindow
    from msd_desktop.ui.settings.form import ConfigFormPanel

    ws = tmp_path / "ws"
    config = {"model_profile": "balanced", FILE_TEXT: FILE_TEXT,
              "workflow": {"code_review_command": FILE_TEXT}}
    good = _project(ws / FOLDER, json.dumps(config, indent=2))
    broken = _project(ws / (FOLDER + " broken"), '{"model_profile": ' + json.dumps(FILE_TEXT))
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace(FOLDER, ws, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=20000):
        win.show()
    problems = rich_file_text(win)
    for root in (good, broken):
        with qtbot.waitSignal(win.state_shown, timeout=15000):
            assert win.open_project(root)
        for index in range(win.project_tabs.count()):
            win.project_tabs.setCurrentIndex(index)
            qtbot.wait(1)
        form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
        form.build_all_editors()
        for page in range(form.inner_tabs.count()):
            form.inner_tabs.setCurrentIndex(page)
            qtbot.wait(1)
        form.inner_tabs.setCurrentIndex(0)
        form.search.setText("x")  # the search's highlight is rich text over file text
        problems += rich_file_text(win)
        form.search.clear()
        form.edit("workflow.code_review_command", FILE_TEXT + "!")
        form.check_disk()
        problems += rich_file_text(win)
    # the question before the window goes lists every file with unsaved edits
    from msd_desktop.ui.settings.unsaved import unsaved_box

    box = unsaved_box(win, win.edit_sessions.dirty(), "Quitting")
    assert FOLDER in box.informativeText()
    problems += rich_file_text(box)
    box.deleteLater()
    assert win.windowTitle().startswith("<img")  # the text did reach the window
    assert any(FILE_TEXT in label.text() for label in win.findChildren(QLabel))
    assert problems == [], "\n".join(problems)
