"""The window in pt_BR says the status line and the current position in Portuguese: no
"PAUSED", "executing", "complete", "4 of 5", "2 of 2 in current phase" or "Phase 2" left in
the tree, the overview, the State tab, the status bar or the tray menu; workflow and
workstream are two different words.

The real window on a copy of the demo (whose STATE.md files say all of these in MSD's English
template), the real catalogues. Text the files say in their own words (a last activity, a
decision) stays as written, so the check reads the places the window words itself.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QAbstractItemModel, QCoreApplication, QModelIndex, Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow

# MSD's English words the window must not leave in a Portuguese window
ENGLISH = re.compile(r"\bPAUSED\b|\bexecuting\b|\bcomplete\b|\bpaused\b|\bdiscussing\b"
                     r"|\bplanning\b|\b\d+ of \d+\b|in current phase|\bPhase \d|\bnext \w"
                     r"|· P\d")
PROJECTS = ("billing-service", "checklist-printer", "field-notes", "legacy-importer",
            "platform-monorepo")


def _model_texts(model: QAbstractItemModel, parent: QModelIndex | None = None) -> list[str]:
    parent = parent if parent is not None else QModelIndex()
    out: list[str] = []
    for row in range(model.rowCount(parent)):
        for col in range(model.columnCount(parent)):
            index = model.index(row, col, parent)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
                         Qt.ItemDataRole.AccessibleDescriptionRole):
                value = index.data(role)
                if isinstance(value, str) and value:
                    out.append(value)
        first = model.index(row, 0, parent)
        if model.rowCount(first):
            out += _model_texts(model, first)
    return out


def _window(qtbot: QtBot, demo: Path, tmp_path: Path, ui_settings: object) -> MainWindow:
    env = {"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    win.resize(1024, 700)
    win.show()
    qtbot.waitUntil(lambda: "summaries_ms" in win.timings, timeout=20000)
    return win


SEGMENTS = re.compile(r"\n| — | · |; |• ")
MARKUP = re.compile(r"</?qt>|<br>")  # a tooltip's rich-text wrapping
PATH = re.compile(r"\S*[./]planning/\S*|/\S+")
# MSD's template lines, which the window words itself; everything else the files say is theirs
TEMPLATE_LINE = re.compile(r"^(Phase|Plan|Status|status):")


def _file_sentences(demo: Path) -> str:
    lines = [line for p in demo.rglob("*.md") for line in p.read_text("utf-8").splitlines()
             if not TEMPLATE_LINE.match(line)]
    return "\n".join(lines)


def _english_left(texts: list[str], demo: Path) -> list[str]:
    """Texts with one of MSD's English words in a part the window wrote: a part that is a
    sentence of the files (three words or more, found in them as written) is theirs."""
    corpus = _file_sentences(demo)
    quoted = QCoreApplication.translate("StatePanel", "STATE.md says: %1").split("%1")[0]
    left = set()
    for text in texts:
        if quoted in text:
            continue  # the file's own status word, quoted as such
        for part in SEGMENTS.split(PATH.sub("", MARKUP.sub("\n", text))):
            part = part.strip()
            if len(part.split()) >= 3 and part in corpus:
                continue
            if ENGLISH.search(part):
                left.add(text)
    return sorted(left)


def test_status_words_and_positions_speak_portuguese(qtbot: QtBot, demo: Path,
                                                     tmp_path: Path, ui_settings: object,
                                                     pt_br: None) -> None:
    win = _window(qtbot, demo, tmp_path, ui_settings)
    texts: list[str] = []
    tree = win.browser.tree.model()
    overview = win.overview_model
    tree_texts = _model_texts(tree)
    texts += tree_texts
    texts += _model_texts(overview)
    # the walk reached the tree's status column, which says the overview's word
    assert any("pausado" in t.split(" · ") for t in tree_texts)

    for name in PROJECTS:
        win.open_project(demo / name)
        qtbot.waitUntil(lambda: win.state_panel is not None
                        and win.state_panel.state_view() is not None, timeout=20000)
        texts.append(win.statusBar().currentMessage())
        state = win.state_panel
        assert state is not None
        texts += [label.text() for label in state.findChildren(QLabel)]
        texts += [label.toolTip() for label in state.findChildren(QLabel)]
        texts += _model_texts(state.phase_model)
    assert any(" de 5 (Tax Calculation)" in t for t in texts)  # the State tab was read
    assert any("na fase atual" in t for t in texts)

    tray = win.tray
    qtbot.waitUntil(lambda: len(tray.project_actions) == len(PROJECTS), timeout=20000)
    menu = [a.text() for a in tray.menu.actions()]
    assert any("executando" in t for t in menu)
    texts += menu
    texts.append(tray.icon.toolTip())

    left = _english_left(texts, demo)
    assert left == [], "\n".join(left)


def test_workflow_and_workstream_are_different_words(qapp: QApplication, pt_br: None) -> None:
    workflow = QCoreApplication.translate("schema", "Workflow", "section/workflow")
    workstream = QCoreApplication.translate("ProjectTreeModel", "workstream")
    assert workflow.lower() != workstream.lower()
    assert "frente" in workstream.lower()
    assert "fluxo" not in workstream.lower()
