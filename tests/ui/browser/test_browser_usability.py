"""The project browser and the overview in people's terms: translated (pt_BR), named for
screen readers, with empty states, and unclipped at 1024×700 and 1920×1080.

Real window, real demo files, the real compiled catalogue; keys are pressed, not set.
``MSD_SCREENSHOT_DIR`` saves the window's pictures there (``browser-1024.png``,
``browser-1920.png``, ``browser-pt_BR-1024.png``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAccessible, QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QToolButton,
    QWidget,
)

from msd_desktop.app import demo_source
from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.overview_model import (
    COL_PROBLEMS,
    COL_PROJECT,
    OverviewModel,
    rows_from_summaries,
)
from msd_desktop.ui.browser.overview_view import OverviewView, fitted_widths, shrunk_widths
from msd_desktop.ui.browser.project_browser import ProjectBrowserPanel, fitted_name_width
from msd_desktop.ui.browser.tree_model import UNSAVED_MARK
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.widgets.elided_label import ElidedLabel
from tests.layout_checks import label_problems

# the same in both languages: names from the files, values, and words Portuguese shares
SAME_IN_BOTH = {"", "Demo", "Status", "%1, %2"}

PICTURE_PROJECTS = Path("/home/demo-user/code")  # a plausible place for the pictures' paths


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[Path]:
    """A writable copy of the bundled demo; for the pictures (``MSD_SCREENSHOT_DIR``) in
    :data:`PICTURE_PROJECTS`, so no temporary folder shows in the window (wiped after)."""
    target = PICTURE_PROJECTS if os.environ.get("MSD_SCREENSHOT_DIR") else tmp_path / "demo"
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(demo_source(), target)
    try:
        yield target
    finally:
        if target == PICTURE_PROJECTS:
            shutil.rmtree(target, ignore_errors=True)


def _window(qtbot: Any, tmp_path: Path, demo: Path | None, env: dict[str, str],
            size: tuple[int, int] = (1024, 700)) -> MainWindow:
    tmp_path.mkdir(parents=True, exist_ok=True)
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    transient = [Workspace("Demo", demo, "scan_root")] if demo is not None else []
    win = MainWindow(registry=registry, transient=transient, env=env,
                     settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat),
                     restore_last=False)
    qtbot.addWidget(win)
    win.resize(*size)
    if demo is None:
        with qtbot.waitSignal(win.browser.projects_loaded, timeout=15000):
            win.show()
    else:
        with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
            win.show()
    qtbot.waitUntil(lambda: win.browser._natural_width is not None, timeout=5000)
    QApplication.processEvents()
    return win


def _texts(win: MainWindow) -> list[tuple[str, str]]:
    """Every text of the browser and the overview, keyed by where it is (the same keys in
    both languages)."""
    browser, overview = win.browser, win.overview
    out: list[tuple[str, str]] = []
    for part, name in ((browser, "browser"), (overview, "overview")):
        for i, label in enumerate(part.findChildren(QLabel)):
            out.append((f"{name}/label/{label.objectName() or i}", label.text()))
        for i, button in enumerate(part.findChildren(QAbstractButton)):
            key = f"{name}/button/{button.objectName() or i}"
            out += [(key, button.text()), (f"{key}/tip", button.toolTip()),
                    (f"{key}/a11y", button.accessibleName())]
        for i, edit in enumerate(part.findChildren(QLineEdit)):
            key = f"{name}/edit/{edit.objectName() or i}"
            out += [(key, edit.placeholderText()), (f"{key}/tip", edit.toolTip()),
                    (f"{key}/a11y", edit.accessibleName())]
        for i, action in enumerate(part.findChildren(QAction)):
            if action.text():
                out += [(f"{name}/action/{i}", action.text()),
                        (f"{name}/action/{i}/tip", action.toolTip())]
    tree, table = browser.tree, overview.table
    out += [(f"tree/header/{c}", str(tree.model().headerData(c, Qt.Orientation.Horizontal)))
            for c in range(tree.model().columnCount())]
    out += [(f"table/header/{c}", str(table.model().headerData(c, Qt.Orientation.Horizontal)))
            for c in range(table.model().columnCount())]
    out += [("tree/a11y", tree.accessibleName()), ("table/a11y", table.accessibleName()),
            ("table/header/tip", table.horizontalHeader().toolTip()),
            ("progress/a11y", browser.progress.accessibleName())]
    ws = browser.model.index(0, 0)
    out += [("tree/workspace/status", browser.model.index(0, 1).data()),
            ("tree/workspace/tip", ws.data(Qt.ItemDataRole.ToolTipRole))]
    monorepo = next(i for i in range(browser.model.rowCount(ws))
                    if browser.model.index(i, 0, ws).data() == "platform-monorepo")
    stream = browser.model.index(0, 0, browser.model.index(monorepo, 0, ws))
    out.append(("tree/workstream/tip", stream.data(Qt.ItemDataRole.ToolTipRole)))
    out += [("empty/overview", overview.empty_text()),
            ("status/scan", browser.scan_result_text(5, 1, 12))]
    return out


def test_every_browser_text_is_portuguese_under_pt_br(qtbot: Any, tmp_path: Path, demo: Path,
                                                      env: dict[str, str],
                                                      translated: Any) -> None:
    english_win = _window(qtbot, tmp_path / "en", demo, env)
    english = dict(_texts(english_win))
    english_win.close()
    translated("pt_BR")
    pt_win = _window(qtbot, tmp_path / "pt", demo, env)
    portuguese = dict(_texts(pt_win))
    assert english.keys() == portuguese.keys()
    same = {key: text for key, text in english.items()
            if portuguese[key] == text and text not in SAME_IN_BOTH}
    assert same == {}, same
    assert len(english) > 40  # the walk found the area (labels, buttons, actions, headers)
    assert portuguese["tree/workspace/status"] == "5 projetos"
    assert pt_win.browser.filter_edit.placeholderText() == "Filtrar projetos…"
    assert pt_win.overview.title.text() == "Todos os projetos"
    assert pt_win.browser.scan_result_text(1, 1, 3) == (
        "Varredura concluída: 1 projeto em 1 espaço de trabalho (3 ms)")
    # the empty states too (with the filter text quoted as typed)
    pt_win.browser.filter_edit.setFocus()
    QTest.keyClicks(pt_win.browser.filter_edit, "zzz")
    assert pt_win.browser.empty_label.text() == "Nenhum projeto corresponde a “zzz”."
    assert pt_win.browser.clear_filter_button.text() == "Limpar filtro"
    pt_win.close()


def test_english_counts_use_the_plural_forms(qtbot: Any, tmp_path: Path, demo: Path,
                                             env: dict[str, str], translated: Any) -> None:
    translated("en")
    win = _window(qtbot, tmp_path, demo, env)
    panel = win.browser
    assert panel.scan_result_text(1, 1, 3) == "Scan done: 1 project in 1 workspace (3 ms)"
    assert panel.scan_result_text(5, 2, 3) == "Scan done: 5 projects in 2 workspaces (3 ms)"
    assert panel.model.index(0, 1).data() == "5 projects"
    assert win.overview.caption.text() == (
        "— 6 shown, 1 with problems, 1 project with stale installs · double-click a row to "
        "open it")
    win.close()


def test_unsaved_marker_has_words_for_tooltip_and_screen_reader(
        qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str], translated: Any) -> None:
    translated("pt_BR")
    win = _window(qtbot, tmp_path, demo, env)
    model = win.browser.model
    model.set_unsaved({demo / "billing-service"})
    index = model.find_project(demo / "billing-service")
    assert index.data() == f"billing-service {UNSAVED_MARK}"
    words = "Alterações não salvas nas Configurações"
    assert words in index.data(Qt.ItemDataRole.ToolTipRole)
    assert index.data(Qt.ItemDataRole.AccessibleTextRole) == f"billing-service, {words}"
    assert index.data(Qt.ItemDataRole.AccessibleDescriptionRole).startswith(words)
    calm = model.find_project(demo / "field-notes")
    assert calm.data(Qt.ItemDataRole.AccessibleTextRole) == "field-notes"
    assert words not in calm.data(Qt.ItemDataRole.AccessibleDescriptionRole)
    win.close()


def _interactive(widget: QWidget) -> bool:
    if isinstance(widget, QHeaderView):  # part of its view, which carries the name
        return False
    return isinstance(widget, QAbstractButton | QLineEdit | QComboBox | QAbstractItemView)


def _accessible_name(widget: QWidget) -> str:
    iface = QAccessible.queryAccessibleInterface(widget)
    return iface.text(QAccessible.Text.Name) if iface is not None else ""


def _nameless(*parts: QWidget) -> list[tuple[str, str]]:
    return [(type(w).__name__, w.objectName()) for part in parts
            for w in [part, *part.findChildren(QWidget)]
            if w.isVisible() and _interactive(w) and not _accessible_name(w)]


def test_every_interactive_widget_has_an_accessible_name(qtbot: Any, tmp_path: Path,
                                                         demo: Path,
                                                         env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env)
    browser = win.browser
    assert _nameless(browser, win.overview) == []
    assert _accessible_name(browser.tree) == "Projects"
    assert _accessible_name(browser.filter_edit) == "Filter projects"
    assert _accessible_name(win.overview.table) == "All projects"
    # the empty state's buttons too, once shown
    browser.filter_edit.setFocus()
    QTest.keyClicks(browser.filter_edit, "no-such-project")
    assert browser.clear_filter_button.isVisible()
    assert _nameless(browser) == []
    # the tree's rows carry their accessible text (no "black circle" for the marker)
    index = browser.model.find_project(demo / "billing-service")
    assert index.data(Qt.ItemDataRole.AccessibleTextRole) == "billing-service"
    # Tab walks filter → Add → Remove → Rescan → tree
    browser.filter_edit.clear()
    browser.tree.setCurrentIndex(browser.tree.model().index(0, 0))  # the workspace row:
    assert browser.remove_action.isEnabled()  # Remove is enabled (focusable)
    browser.filter_edit.setFocus()
    seen = []
    for _ in range(4):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        seen.append(QApplication.focusWidget())
    assert seen == [browser.add_button, browser.remove_button, browser.rescan_button,
                    browser.tree]
    # the File menu names what is removed or scanned; the buttons say it short
    assert browser.remove_action.text() == "Remove workspace"
    assert browser.remove_button.text() == "Remove"
    assert browser.rescan_button.text() == "Rescan"
    assert browser.refresh_action in win.findChild(QMenu, "FileMenu").actions()
    # every shortcut is named in its tooltip
    for action in (browser.add_project_action, browser.add_root_action,
                   browser.remove_action, browser.refresh_action):
        key = action.shortcut().toString()
        assert key
        assert key in action.toolTip(), (action.text(), action.toolTip())
    win.close()


def test_empty_states(qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str],
                      monkeypatch: pytest.MonkeyPatch) -> None:
    # no workspace registered: the tree says how to add one, and its buttons do it
    win = _window(qtbot, tmp_path / "none", None, env)
    browser = win.browser
    assert browser.views.currentWidget() is browser.empty_page
    assert browser.empty_label.isVisible()
    assert "No workspace yet" in browser.empty_label.text()
    assert browser.empty_add_project_button.isVisible()
    assert browser.empty_add_root_button.isVisible()
    assert not browser.clear_filter_button.isVisible()
    assert browser.tree.accessibleDescription() == browser.empty_label.text()
    # the overview says the same, over its empty table
    assert win.overview.empty_hint.isVisible()
    assert "No projects yet" in win.overview.empty_hint.text()
    from msd_desktop.ui.browser import project_browser

    monkeypatch.setattr(project_browser, "ask_folder", lambda *a: demo / "field-notes")
    with qtbot.waitSignal(browser.projects_loaded, timeout=10000):
        QTest.mouseClick(browser.empty_add_project_button, Qt.MouseButton.LeftButton)
    assert browser.views.currentWidget() is browser.tree
    qtbot.waitUntil(lambda: not win.overview.empty_hint.isVisible(), timeout=10000)
    win.close()

    # a filter that matches nothing: said, with the way back
    win = _window(qtbot, tmp_path / "demo", demo, env)
    browser = win.browser
    assert browser.views.currentWidget() is browser.tree
    browser.filter_edit.setFocus()
    QTest.keyClicks(browser.filter_edit, "zzz")
    assert browser.empty_label.isVisible()
    assert browser.empty_label.text() == "No project matches “zzz”."
    assert browser.clear_filter_button.isVisible()
    assert not browser.empty_add_project_button.isVisible()
    QTest.mouseClick(browser.clear_filter_button, Qt.MouseButton.LeftButton)
    assert browser.filter_edit.text() == ""
    assert browser.views.currentWidget() is browser.tree
    assert QApplication.focusWidget() is browser.filter_edit
    QTest.keyClicks(browser.filter_edit, "ledger")  # nothing; then back to a match
    assert browser.empty_label.isVisible()
    QTest.keyClick(browser.filter_edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(browser.filter_edit, "billing")
    assert browser.views.currentWidget() is browser.tree
    assert browser.tree.accessibleDescription() == ""
    # the overview's filter finding nothing says so too
    win.overview.set_filter("zzz")
    assert win.overview.empty_hint.isVisible()
    assert win.overview.empty_hint.text() == "No project matches the filter."
    win.overview.set_filter("")
    assert not win.overview.empty_hint.isVisible()
    win.close()


def _shot(win: QWidget, name: str) -> None:
    target = os.environ.get("MSD_SCREENSHOT_DIR")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        assert win.grab().save(str(Path(target) / f"{name}.png"))


def _cell_text(view: OverviewView, row: int, col: int) -> str:
    """What the cell shows: its text elided the way its delegate does, at its width."""
    index = view.proxy.index(row, col)
    text = index.data()
    margin = view._item_margin(view.table.fontMetrics())
    return view.table.fontMetrics().elidedText(
        text, Qt.TextElideMode.ElideMiddle, view.table.columnWidth(col) - margin)


def _status_words_cut(tree: Any) -> list[str]:
    """The Status cells whose last part (the status word) is cut to "…" as painted."""
    from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

    model, delegate, style = tree.model(), tree.itemDelegateForColumn(1), tree.style()
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, tree) + 1
    out: list[str] = []

    def walk(parent: Any) -> None:
        for row in range(model.rowCount(parent)):
            index = model.index(row, 1, parent)
            text = index.data()
            if text and not text.startswith("⚠"):  # (a problem: elided, listed in the tip)
                opt = QStyleOptionViewItem()
                tree.initViewItemOption(opt)
                opt.rect = tree.visualRect(index)
                delegate.initStyleOption(opt, index)
                shown = delegate.shown_text(opt, index)
                room = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt,
                                            tree).width() - 2 * margin
                if opt.fontMetrics.horizontalAdvance(shown) > room:
                    out.append(f"{text!r}: {shown!r} in {room} px")
            walk(model.index(row, 0, parent))

    walk(tree.rootIndex())
    return out


@pytest.mark.parametrize(("code", "size", "shot"), [
    ("en", (1024, 700), "browser-1024"), ("pt_BR", (1024, 700), "browser-pt_BR-1024"),
    ("en", (1920, 1080), "browser-1920")])
def test_browser_and_overview_fit_every_window_size(qtbot: Any, tmp_path: Path, demo: Path,
                                                    env: dict[str, str], translated: Any,
                                                    code: str, size: tuple[int, int],
                                                    shot: str) -> None:
    translated(code)
    win = _window(qtbot, tmp_path, demo, env, size)
    browser, overview = win.browser, win.overview
    assert win.width() <= size[0]  # nothing of the area widens the window
    assert label_problems(browser) == []
    assert label_problems(overview) == []
    # the tree: both columns inside its width, no horizontal scrollbar
    tree = browser.tree
    assert not tree.horizontalScrollBar().isVisible()
    assert tree.header().length() <= tree.viewport().width()
    assert tree.columnWidth(1) >= 40
    # the overview: no horizontal scrollbar, every row one line
    table = overview.table
    assert not table.horizontalScrollBar().isVisible()
    heights = {table.rowHeight(r) for r in range(overview.proxy.rowCount())}
    assert heights == {table.verticalHeader().defaultSectionSize()}
    # the Problems cell: one line with its count, the list in the tooltip
    problems = [overview.proxy.index(r, COL_PROBLEMS) for r in range(overview.proxy.rowCount())
                if overview.proxy.index(r, COL_PROBLEMS).data()]
    counted = [p for p in problems if p.data().startswith("(2) ")]
    assert counted
    assert "\n" not in counted[0].data()
    assert counted[0].data(Qt.ItemDataRole.ToolTipRole).count("<br>") == 1
    # the monorepo's two workstreams stay apart even when elided, full names in the tooltip
    rows = {overview.proxy.index(r, COL_PROJECT).data(): r
            for r in range(overview.proxy.rowCount())}
    api, web = rows["platform-monorepo › api"], rows["platform-monorepo › web"]
    assert _cell_text(overview, api, COL_PROJECT) != _cell_text(overview, web, COL_PROJECT)
    assert _cell_text(overview, api, COL_PROJECT).endswith("api")
    assert "platform-monorepo › api" in overview.proxy.index(api, COL_PROJECT).data(
        Qt.ItemDataRole.ToolTipRole)
    # the tree's status words whole in either language (a status line gives up its
    # milestone and phase first); the overview's counts wrap rather than being cut
    assert _status_words_cut(tree) == []
    caption = overview.caption
    assert caption.text() == overview.caption_text() != ""
    if caption.wordWrap():
        assert caption.height() >= caption.heightForWidth(caption.width())
    else:
        assert caption.fontMetrics().horizontalAdvance(caption.text()) <= (
            caption.contentsRect().width())
    if size[0] >= 1920:
        # at full HD names are whole and columns keep their content's width (Problems takes
        # the rest): nothing is stretched to the window
        assert _cell_text(overview, api, COL_PROJECT) == "platform-monorepo › api"
        natural = overview.content_widths()
        assert table.columnWidth(COL_PROJECT) == min(natural[COL_PROJECT], 260)
        assert tree.columnWidth(0) == browser._natural_width
        assert overview.caption.height() <= overview.title.height() + 2  # one line
    _shot(win, shot)
    win.close()


def test_column_fits_give_way_widest_first() -> None:
    # the tree: names keep their width while Status keeps 80 px (or 30 %)
    assert fitted_name_width(180, 400) == 180
    assert fitted_name_width(190, 263) == 263 - 80
    assert fitted_name_width(400, 500) == 500 - 150
    # the overview: the widest columns shrink first, short ones keep their width
    assert shrunk_widths({0: 165, 2: 150, 3: 220}, 600) == {0: 165, 2: 150, 3: 220}
    assert shrunk_widths({0: 80, 2: 150, 3: 220}, 300) == {0: 80, 2: 110, 3: 110}
    assert shrunk_widths({0: 165, 2: 150, 3: 220}, 100) == {0: 70, 2: 70, 3: 70}
    # ...and the project's name keeps up to 170 px while the others can give way
    assert fitted_widths({0: 165, 2: 150, 3: 220}, 330) == {0: 165, 2: 82, 3: 82}


def test_overview_alone_says_what_it_would_show(qtbot: Any) -> None:
    model = OverviewModel()
    view = OverviewView(model)
    qtbot.addWidget(view)
    view.resize(900, 500)
    view.show()
    assert view.empty_hint.isVisible()
    assert view.table.accessibleDescription() == view.empty_hint.text()
    assert view.caption.text() == ""  # no rows to double-click: the hint says it all
    model.set_rows(rows_from_summaries([ProjectSummary(root=Path("/p/a"), name="a")]))
    assert not view.empty_hint.isVisible()
    assert view.caption.text() == "— 1 shown · double-click a row to open it"


def test_panel_shows_its_tree_while_the_first_scan_runs(qtbot: Any, tmp_path: Path,
                                                        env: dict[str, str]) -> None:
    panel = ProjectBrowserPanel(WorkspaceRegistry(tmp_path / "w.json", env=env))
    qtbot.addWidget(panel)
    panel.show()
    assert panel.views.currentWidget() is panel.tree  # no "no workspace" before it is known
    with qtbot.waitSignal(panel.projects_loaded, timeout=10000):
        panel.rescan()
        assert panel.progress_label.text() == "Scanning workspaces…"
    assert panel.views.currentWidget() is panel.empty_page
    assert "No workspace yet" in panel.empty_label.text()
    assert panel.empty_add_project_button.isVisible()


@pytest.mark.filterwarnings("ignore:Callback with id:RuntimeWarning")  # watchdog, fast copy
@pytest.mark.parametrize(("code", "expected"), [
    ("en", "Rescan: 6 projects (1 new, 0 gone)"),
    ("pt_BR", "Nova varredura: 6 projetos (novos: 1, removidos: 0)")])
def test_rescan_says_what_changed_in_counted_words(qtbot: Any, tmp_path: Path, demo: Path,
                                                   env: dict[str, str], translated: Any,
                                                   code: str, expected: str) -> None:
    translated(code)
    win = _window(qtbot, tmp_path, demo, env)
    said: list[str] = []
    shown = win.post_status
    win.post_status = lambda text: (said.append(text), shown(text))  # type: ignore[method-assign]
    posted: list[str] = []
    win.browser.message_posted.connect(posted.append)
    shutil.copytree(demo / "field-notes", demo / "field-notes-2")
    win.browser.tree.setFocus()
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_F5)  # Rescan's key, pressed
    # (the folder watch may rescan first: either way the new project is counted once)
    qtbot.waitUntil(lambda: expected in said, timeout=15000)
    done = "Scan done: 6 projects" if code == "en" else "Varredura concluída: 6 projetos"
    assert any(text.startswith(done) for text in posted), posted
    win.close()


def test_filter_keys_down_into_the_tree_and_escape_clears(qtbot: Any, tmp_path: Path,
                                                          demo: Path,
                                                          env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env)
    browser = win.browser
    browser.filter_edit.setFocus()
    QTest.keyClicks(QApplication.focusWidget(), "billing")
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert QApplication.focusWidget() is browser.tree
    assert browser.tree.currentIndex().isValid()  # a row to move from with the arrows
    browser.filter_edit.setFocus()
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert browser.filter_edit.text() == ""
    assert browser.tree.model() is browser.model  # every project shown again
    win.close()


def test_the_filters_clear_button_comes_with_the_first_text(qtbot: Any, tmp_path: Path,
                                                            demo: Path,
                                                            env: dict[str, str]) -> None:
    """Not made for the first paint (making it looks an icon up in the desktop's theme); it
    shows with the first text typed, named, and clears the filter."""
    win = _window(qtbot, tmp_path, demo, env)
    edit = win.browser.filter_edit
    assert not edit.isClearButtonEnabled()
    edit.setFocus()
    QTest.keyClicks(edit, "bill")
    assert edit.isClearButtonEnabled()
    [clear] = [b for b in edit.findChildren(QToolButton) if b.isVisible()]
    assert _accessible_name(clear) == "Clear filter"
    QTest.mouseClick(clear, Qt.MouseButton.LeftButton)
    assert edit.text() == ""
    assert win.browser.tree.model() is win.browser.model  # every project shown again
    win.close()


def test_a_long_scan_line_elides_instead_of_widening_the_window(
        qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env)
    before = (win.width(), win.browser.width())
    label = win.browser.progress_label
    label.show()
    label.setText("Scanning " + "a-very-long-workspace-name-" * 8 + " — folders read: 1234")
    QApplication.processEvents()
    assert (win.width(), win.browser.width()) == before
    assert isinstance(label, ElidedLabel)
    assert label.is_elided()
    assert "a-very-long-workspace-name-" in label.toolTip()  # the full line, on hover
    win.close()


def test_a_refused_folder_is_said_in_the_windows_language_with_the_cores_words(
        qtbot: Any, tmp_path: Path, env: dict[str, str], isolated_home: Path,
        translated: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from msd_desktop.ui.browser import project_browser

    translated("pt_BR")
    panel = ProjectBrowserPanel(WorkspaceRegistry(tmp_path / "w.json", env=env))
    qtbot.addWidget(panel)
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(project_browser, "ask_folder", lambda *a: isolated_home)
    monkeypatch.setattr(project_browser, "show_error",
                        lambda _p, title, text: shown.append((title, text)))
    assert panel.add_scan_root() is False
    title, text = shown[0]
    assert title == "Não foi possível adicionar a pasta"
    label, core = text.split("\n", 1)
    assert label == "A verificação do registro de espaços de trabalho diz:"
    # the core's own refusal, said in the window's language (the command line keeps English)
    assert core == (f"A varredura da sua pasta pessoal {isolated_home} inteira foi recusada: "
                    "escolha uma pasta dentro dela que contenha seus projetos")
