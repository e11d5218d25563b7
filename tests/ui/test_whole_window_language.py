"""The whole window in one language: nothing of ours left in English under pt_BR, no hand-made
"(s)" plural in English, and every interactive widget named for a screen reader.

The same window (real demo files, every project tab, every menu, the companion windows) is
built twice, in Portuguese and in English, and every text a person reads is collected from
both. A text that is the same in both languages must be the file's (a project name, a path, a
value, a key name: anything that occurs in the demo's planning files) or a proper name; what is
left is a string of ours that bypassed ``tr()``. The per-area tests check each area more
closely; this one sweeps everything at once, so a new window string cannot slip through.
Each language is swept once per module (the texts are kept, not the window).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLocale, QModelIndex, Qt
from PySide6.QtGui import QAccessible, QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from msd_desktop.core.config import schema
from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.widgets.translation import install_translators

# proper names and words Portuguese shares with English (the glossary keeps them)
PROPER = {"MSD Desktop", "English", "Português (Brasil)", "Status", "Status:", "JSON", "Git",
          "runtime", "Runtime", "Demo", "Terminal…", "OK", "Graphify", "Mempalace", "Fallow",
          "Brave Search", "Firecrawl", "Jina", "Perplexity", "Exa Search", "Tavily Search",
          "Ref Search", "MCP", "TDD", "MVP", "UI", "API", "PR", "LM Studio", "llama.cpp",
          "Ollama", "OpenCode", "Kimi Code", "Claude", "Codex", "Gemini", "Qwen", "Cursor",
          "Agy", "Backend", "Template"}
WORD = re.compile(r"[A-Za-z]{3,}")
REPO = Path(__file__).resolve().parents[2]
DATA_LIKE = re.compile(r"^[\w.\-/<>*:@~ ]*[./_<>@~][\w.\-/<>*:@~ ]*$")  # paths, keys, ids


def _texts(root: QWidget) -> set[str]:
    texts: set[str] = set()
    widgets = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if isinstance(widget, QLabel | QAbstractButton):
            texts.add(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.add(widget.title())
        elif isinstance(widget, QComboBox):
            texts.update(widget.itemText(i) for i in range(widget.count()))
        elif isinstance(widget, QLineEdit):
            texts.add(widget.placeholderText())
        elif isinstance(widget, QTabBar):
            texts.update(widget.tabText(i) for i in range(widget.count()))
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            try:
                columns = model.columnCount(QModelIndex())
            except TypeError:  # a list model: one column, no header of ours
                columns = 0
            texts.update(str(model.headerData(c, Qt.Orientation.Horizontal) or "")
                         for c in range(columns))
        if not isinstance(widget, QLabel):
            texts.add(widget.toolTip())
        for action in widget.actions():
            texts.add(action.text())
            texts.add(action.toolTip())
            menu = action.menu()
            if isinstance(menu, QMenu):
                texts.update(a.text() for a in menu.actions())
    return {t.replace("&", "").strip() for t in texts if t and t.strip()}


def _file_corpus(demo: Path) -> str:
    parts = [p.read_text(encoding="utf-8", errors="replace")
             for p in demo.rglob("*") if p.is_file()]
    parts += [spec.key for spec in schema.SCHEMA.values()]
    # the schema's values (enum options) and the catalogue's names are data, not our words
    parts += [str(o) for spec in schema.SCHEMA.values() for o in spec.options or ()]
    parts.append((REPO / "msd_desktop/core/models/data/model-catalog.json").read_text())
    parts.append((REPO / "msd_desktop/core/models/data/runtime-aliases.json").read_text())
    parts.append(str(demo))
    return "\n".join(parts)


def _ours(text: str, corpus: str) -> bool:
    """Whether ``text`` reads as a sentence or label of ours rather than data."""
    if text in PROPER or text in corpus or DATA_LIKE.match(text):
        return False
    if text.startswith(("/msd-", "msd ", "msd-")):
        return False  # commands to copy
    words = WORD.findall(text)
    return len(words) >= 1 and not all(w in corpus for w in words)


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    target = tmp_path / "demo"
    shutil.copytree(demo_source(), target)
    return target


def _window(qtbot: QtBot, demo: Path, tmp_path: Path, tag: str,
            ui_settings: object) -> MainWindow:
    env = {"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    registry = WorkspaceRegistry(tmp_path / f"workspaces-{tag}.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitUntil(lambda: "summaries_ms" in win.timings, timeout=20000)
    return win


def _sweep(qtbot: QtBot, win: MainWindow, demo: Path) -> set[str]:
    texts = _texts(win)
    for name in ("billing-service", "platform-monorepo", "legacy-importer"):
        win.open_project(demo / name)
        qtbot.waitUntil(lambda: win.state_panel is not None
                        and win.state_panel.state_view() is not None, timeout=20000)
        for i in range(win.project_tabs.count()):
            win.project_tabs.setCurrentIndex(i)
            QApplication.processEvents()
            texts |= _texts(win)
    for menu in win.menuBar().findChildren(QMenu):
        texts.update(a.text().replace("&", "") for a in menu.actions() if a.text())
    return texts


@pytest.fixture
def language() -> Iterator[object]:
    app = QApplication.instance()
    assert app is not None
    installed: list[object] = []

    def use(code: str) -> None:
        for t in installed:
            app.removeTranslator(t)  # type: ignore[arg-type]
        installed.clear()
        found = install_translators(app, code)
        assert found, f"the {code} catalogue is built (scripts/update-translations.py --release)"
        installed.extend(found)

    yield use
    for t in installed:
        app.removeTranslator(t)  # type: ignore[arg-type]
    QLocale.setDefault(QLocale("en_US"))


class Sweeps:
    """The texts of the whole window in each language, swept once per module: the English
    sweep is what both the untranslated-text and the plural checks read. Only the texts are
    kept; each window is closed with the test that built it."""

    def __init__(self, demo: Path) -> None:
        self.demo = demo
        self._texts: dict[str, set[str]] = {}

    def texts(self, code: str, qtbot: QtBot, tmp_path: Path, language: Any,
              ui_settings: object) -> set[str]:
        if code not in self._texts:
            language(code)
            self._texts[code] = _sweep(qtbot, _window(qtbot, self.demo, tmp_path, code,
                                                      ui_settings), self.demo)
        return self._texts[code]


@pytest.fixture(scope="module")
def sweeps(tmp_path_factory: pytest.TempPathFactory) -> Sweeps:
    target = tmp_path_factory.mktemp("swept") / "demo"
    shutil.copytree(demo_source(), target)
    return Sweeps(target)


def test_nothing_of_ours_stays_english_under_pt_br(  # type: ignore[no-untyped-def]
        qtbot: QtBot, sweeps: Sweeps, tmp_path: Path, language, ui_settings) -> None:
    portuguese = sweeps.texts("pt_BR", qtbot, tmp_path, language, ui_settings)
    english = sweeps.texts("en", qtbot, tmp_path, language, ui_settings)
    corpus = _file_corpus(sweeps.demo)
    untranslated = sorted(t for t in english & portuguese if _ours(t, corpus))
    assert untranslated == [], "\n".join(untranslated)
    assert len(english) > 300  # the sweep really walked the window
    assert len(portuguese) > 300


def test_no_hand_made_plural_in_english(  # type: ignore[no-untyped-def]
        qtbot: QtBot, sweeps: Sweeps, tmp_path: Path, language, ui_settings) -> None:
    english = sweeps.texts("en", qtbot, tmp_path, language, ui_settings)
    assert len(english) > 300
    assert sorted(t for t in english if re.search(r"\w\(s\)", t)) == []


INTERACTIVE = (QAbstractButton, QComboBox, QLineEdit, QAbstractSpinBox, QAbstractItemView,
               QPlainTextEdit, QTextEdit, QTabBar)


def test_every_interactive_widget_has_an_accessible_name(qtbot: QtBot, demo: Path,
                                                         tmp_path: Path,
                                                         ui_settings: object) -> None:
    win = _window(qtbot, demo, tmp_path, "a11y", ui_settings)
    nameless: set[str] = set()
    for name in ("billing-service", "platform-monorepo"):
        win.open_project(demo / name)
        qtbot.waitUntil(lambda: win.state_panel is not None
                        and win.state_panel.state_view() is not None, timeout=20000)
        for i in range(win.project_tabs.count()):
            win.project_tabs.setCurrentIndex(i)
            QApplication.processEvents()
            for widget in win.findChildren(QWidget):
                if not isinstance(widget, INTERACTIVE) or not widget.isVisible():
                    continue
                if widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
                    continue
                iface = QAccessible.queryAccessibleInterface(widget)
                label = iface.text(QAccessible.Text.Name) if iface is not None else ""
                if not label.strip():
                    nameless.add(f"{type(widget).__name__} {widget.objectName() or '?'} "
                                 f"in {type(widget.parent()).__name__}")
    assert sorted(nameless) == [], "\n".join(sorted(nameless))


def test_menu_actions_are_all_named(qtbot: QtBot, demo: Path, tmp_path: Path,
                                    ui_settings: object) -> None:
    win = _window(qtbot, demo, tmp_path, "menus", ui_settings)
    empty = [a for m in win.menuBar().findChildren(QMenu) for a in m.actions()
             if not a.isSeparator() and not a.text().strip() and isinstance(a, QAction)]
    assert empty == []
