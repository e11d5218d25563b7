"""The window's chrome in people's terms: menus, title, status bar, window-wide keys,
Help → Keyboard shortcuts, View → Language, the tray menu and the next-command strip —
translated (pt_BR), named for screen readers, with empty states, and unclipped at 1024×700.

Real window, real demo files, the real compiled catalogue. ``MSD_SCREENSHOT_DIR`` saves the
window's pictures there (``chrome-1024.png``, ``chrome-1920.png``, ``chrome-pt_BR-1024.png``).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, QSettings, QSize, Qt
from PySide6.QtGui import QAccessible, QAction, QKeySequence, QShortcut
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
    QWidget,
)

from msd_desktop.app import demo_source
from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry, project_ref
from msd_desktop.ui.companion.next_command_widget import NextCommandWidget
from msd_desktop.ui.companion.tray import ProjectTray
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.widgets.language_menu import LanguageMenu
from msd_desktop.ui.widgets.placement import centred_rect, fitted_size
from msd_desktop.ui.widgets.shortcuts_dialog import ShortcutsDialog, collect_shortcuts
from msd_desktop.ui.widgets.translation import SYSTEM, remembered_language
from tests.layout_checks import label_problems, layout_problems

# the same in both languages: proper names, placeholders, and words Portuguese shares
SAME_IN_BOTH = {"", "English", "Português (Brasil)", "MSD Desktop", "Status", "Terminal…"}
# the Models tab's Alt letters and the window's own keys must stay apart
MODELS_ALT = set("UPOAGDSRT")


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


def _window(qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str],
            settings: QSettings, size: tuple[int, int] = (1024, 700)) -> MainWindow:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=settings, restore_last=False)
    qtbot.addWidget(win)
    win.resize(*size)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    return win


def _open(qtbot: Any, win: MainWindow, root: Path) -> None:
    with qtbot.waitSignals([win.state_shown, win.next_command.refreshed], timeout=10000):
        assert win.open_project(root)
    QApplication.processEvents()


def _menu_texts(menu: QMenu, path: str) -> list[tuple[str, str]]:
    out = [(path, menu.title())]
    for i, action in enumerate(menu.actions()):
        if action.isSeparator():
            continue
        if action.menu() is not None:
            out += _menu_texts(action.menu(), f"{path}/{i}")
        elif action.objectName() or path.startswith("menu/2/"):  # ours (the browser's too)
            out.append((f"{path}/{i}", action.text()))
            if action.toolTip() and action.toolTip() != action.text().replace("&", ""):
                out.append((f"{path}/{i}/tip", action.toolTip()))
    return out


def _chrome_texts(win: MainWindow) -> list[tuple[str, str]]:
    """Every text of the chrome, keyed by where it is (the same key in both languages)."""
    texts: list[tuple[str, str]] = []
    for i, action in enumerate(win.menuBar().actions()):
        menu = action.menu()
        assert isinstance(menu, QMenu)
        texts += _menu_texts(menu, f"menu/{i}")
    texts += [(f"tab/{i}", win.project_tabs.tabText(i)) for i in range(win.project_tabs.count())]
    strip = win.next_command
    for name in ("caption", "copy_button", "terminal_button"):
        widget = getattr(strip, name)
        texts.append((f"next/{name}", widget.text()))
        texts.append((f"next/{name}/tip", widget.toolTip()))
    texts.append(("next/label/tip", strip.label.toolTip()))
    texts.append(("status/watch/tip", win.watch_label.toolTip()))
    tray = win.tray
    texts += [(f"tray/{i}", a.text()) for i, a in enumerate(tray.menu.actions())
              if not a.isSeparator() and a not in tray.project_actions.values()]
    dialog = ShortcutsDialog(win)
    texts.append(("keys/title", dialog.windowTitle()))
    texts += [(f"keys/label/{i}", label.text())
              for i, label in enumerate(dialog.findChildren(QLabel))]
    texts.append(("keys/filter", dialog.filter_edit.placeholderText()))
    model = dialog.model
    texts += [(f"keys/header/{c}", model.headerData(c, Qt.Orientation.Horizontal))
              for c in range(model.columnCount())]
    dialog.deleteLater()
    return texts


def test_every_chrome_text_is_portuguese_under_pt_br(qtbot: Any, tmp_path: Path, demo: Path,
                                                     env: dict[str, str], translated: Any
                                                     ) -> None:
    english_win = _window(qtbot, tmp_path, demo, env,
                          QSettings(str(tmp_path / "en.ini"), QSettings.Format.IniFormat))
    _open(qtbot, english_win, demo / "checklist-printer")
    english = dict(_chrome_texts(english_win))
    english_win.close()
    translated("pt_BR")
    pt_win = _window(qtbot, tmp_path / "pt", demo, env,
                     QSettings(str(tmp_path / "pt.ini"), QSettings.Format.IniFormat))
    _open(qtbot, pt_win, demo / "checklist-printer")
    portuguese = dict(_chrome_texts(pt_win))
    assert english.keys() == portuguese.keys()
    same = {key: text for key, text in english.items()
            if portuguese[key] == text and text not in SAME_IN_BOTH
            and not key.startswith("menu/0/")}  # File's middle: the browser's actions
    assert same == {}, same
    assert len(english) > 60  # the walk found the chrome (menus, tray, strip, dialog)
    # the browser's own actions in the File menu are that area's; ours there are checked
    file_ours = {k: v for k, v in english.items() if k.startswith("menu/0/")
                 and v not in SAME_IN_BOTH}
    ours_same = [k for k, v in file_ours.items() if portuguese[k] == v
                 and not any(w in v for w in ("project folder", "scan root", "Remove",
                                              "Refresh", "Add "))]
    assert ours_same == [], [(k, english[k]) for k in ours_same]
    assert pt_win.menuBar().actions()[0].text() == "Ar&quivo"
    assert pt_win.project_tabs.tabText(0) == "Configurações"
    pt_win.close()


def _mnemonic(text: str) -> str | None:
    i = text.replace("&&", "").find("&")
    return text.replace("&&", "")[i + 1].upper() if i >= 0 else None


@pytest.mark.parametrize("code", ["en", "pt_BR"])
def test_menus_have_mnemonics_apart_from_the_models_tab_keys(qtbot: Any, tmp_path: Path,
                                                              demo: Path, env: dict[str, str],
                                                              translated: Any,
                                                              code: str) -> None:
    translated(code)
    win = _window(qtbot, tmp_path, demo, env,
                  QSettings(str(tmp_path / "m.ini"), QSettings.Format.IniFormat))
    letters = [_mnemonic(a.text()) for a in win.menuBar().actions()]
    assert None not in letters
    assert len(set(letters)) == len(letters)
    assert not set(letters) & MODELS_ALT, letters
    # every menu entry of ours shows its key; every key is named in its tooltip
    for menu_action in win.menuBar().actions():
        for action in menu_action.menu().actions():
            if action.shortcut().isEmpty() or not action.objectName().endswith("Action"):
                continue
            shown = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            if action.toolTip() != action.text().replace("&", ""):
                assert shown in action.toolTip(), (action.text(), action.toolTip())
    win.close()


def test_window_wide_keys_reach_their_targets(qtbot: Any, tmp_path: Path, demo: Path,
                                              env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env,
                  QSettings(str(tmp_path / "k.ini"), QSettings.Format.IniFormat))
    keys = [s.toString() for a in win.findChildren(QAction) for s in a.shortcuts()]
    for key in keys:
        assert keys.count(key) == 1, f"{key} is on two actions: neither would fire"
    for taken in ("Ctrl+S", "Ctrl+Z", "Ctrl+Q", "Ctrl+F", "Ctrl+Shift+N", "Ctrl+Shift+M",
                  "Ctrl+Shift+G", "Ctrl+Alt+C", "Ctrl+/"):
        assert taken in keys
    assert not win.main_actions.find_setting_action.isEnabled()  # no project: no Settings tab
    _open(qtbot, win, demo / "billing-service")  # its STATE.md names a next command
    win.project_tabs.setCurrentIndex(0)
    QApplication.processEvents()
    assert win.main_actions.find_setting_action.isEnabled()
    panel = win.project_tabs.currentWidget()
    win.browser.filter_edit.setFocus()
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is panel.search  # from the browser, into Settings
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is panel.search  # and from inside the form too
    # no window key is also a key of a tab (both would be active there: neither fires)
    for index in range(win.project_tabs.count()):
        win.project_tabs.page(index)  # each tab as built when first shown
    tab_keys = {k.toString() for sc in win.project_tabs.findChildren(QShortcut)
                if sc.isEnabled() for k in QShortcut.keys(sc)}
    assert "Ctrl+Shift+C" in tab_keys  # the walk reaches the Models tab (its Copy as JSON)
    assert not tab_keys & set(keys), tab_keys & set(keys)
    # the next command is copied with its key, from anywhere
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_C,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
    assert QApplication.clipboard().text() == win.next_command.command.text
    # the config matrix opens with its key, centred on the window and inside the screen
    before = set(QApplication.topLevelWidgets())
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_M,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    opened = [w for w in QApplication.topLevelWidgets() if w not in before and w.isVisible()]
    assert len(opened) == 1
    matrix = opened[0]
    assert matrix.windowTitle() == "Config matrix — MSD Desktop"
    area = matrix.screen().availableGeometry().adjusted(-4, -4, 4, 4)  # frame margins
    assert area.contains(matrix.geometry()), (area, matrix.geometry())
    matrix.close()
    matrix.deleteLater()
    qtbot.waitUntil(lambda: matrix not in QApplication.topLevelWidgets(), timeout=2000)
    win.close()


def test_keyboard_shortcuts_lists_the_real_actions(qtbot: Any, tmp_path: Path, demo: Path,
                                                   env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env,
                  QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    _open(qtbot, win, demo / "field-notes")
    win.project_tabs.setCurrentIndex(1)  # the Models tab adds its Alt keys
    rows = collect_shortcuts(win)
    listed = {(r.keys, r.what) for r in rows}
    actions = win.main_actions
    for action in (actions.save_settings_action, actions.config_matrix_action,
                   actions.quit_action, actions.shortcuts_action, actions.find_setting_action):
        key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        assert (key, action.text().replace("&", "")) in listed
    # a key added to the window later is listed too: the dialog reads the window, not a list
    extra = QAction("Something new", win)
    extra.setShortcut(QKeySequence("Ctrl+Alt+J"))
    win.addAction(extra)
    assert ("Ctrl+Alt+J", "Something new") in {(r.keys, r.what) for r in collect_shortcuts(win)}
    assert any(r.keys == "Alt+U" and r.where == "Models" for r in rows)
    dialog = ShortcutsDialog(win)
    qtbot.addWidget(dialog)
    assert dialog.proxy.rowCount() == len(dialog.rows) > 20
    # empty state: a filter nothing matches says so instead of showing an empty table
    dialog.show()
    QTest.keyClicks(dialog.filter_edit, "zzzz-no-such-key")
    assert dialog.empty_label.isVisible()
    assert not dialog.view.isVisible()
    dialog.filter_edit.clear()
    assert dialog.view.isVisible()
    assert not dialog.empty_label.isVisible()
    win.close()


def test_language_menu_remembers_and_switches_at_once(qtbot: Any, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "l.ini"), QSettings.Format.IniFormat)
    switched: list[str] = []
    menu = LanguageMenu(settings, switched.append)
    texts = [a.text() for a in menu.actions()]
    assert texts[:2] == ["System language", "English"]
    assert "Português (Brasil)" in texts
    assert menu.language_actions[SYSTEM].isChecked()
    menu.language_actions["pt_BR"].trigger()
    assert remembered_language(settings) == "pt_BR"  # for the next start
    assert switched == ["pt_BR"]  # and now, no restart
    assert menu.language_actions["pt_BR"].isChecked()
    menu.choose("pt_BR")  # already the choice: nothing to switch
    assert switched == ["pt_BR"]
    menu.choose("xx_YY")  # no catalogue: nothing happens
    assert switched == ["pt_BR"]
    menu.deleteLater()


def test_tray_quit_and_empty_state(qtbot: Any, env: dict[str, str]) -> None:
    tray = ProjectTray(env)
    texts = [a.text() for a in tray.menu.actions() if not a.isSeparator()]
    assert texts[0] == "Show MSD Desktop"
    empty = next(a for a in tray.menu.actions() if a.text().startswith("No projects yet"))
    assert not empty.isEnabled()
    quit_action = tray.menu.actions()[-1]
    assert quit_action.objectName() == "TrayQuitAction"
    with qtbot.waitSignal(tray.quit_requested, timeout=1000):
        quit_action.trigger()


def test_tray_quit_asks_the_window(qtbot: Any, tmp_path: Path, demo: Path,
                                   env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env,
                  QSettings(str(tmp_path / "q.ini"), QSettings.Format.IniFormat))
    asked: list[str] = []
    win.unsaved_may_go = lambda what: asked.append(what) or False  # type: ignore[method-assign]
    win.tray.menu.actions()[-1].trigger()
    assert asked
    assert win.isVisible()
    win.unsaved_may_go = lambda what: True  # type: ignore[method-assign]
    win.tray.menu.actions()[-1].trigger()
    assert not win.isVisible()


def test_next_command_strip_terminal_choice_and_empty_state(qtbot: Any, tmp_path: Path,
                                                            env: dict[str, str]) -> None:
    settings = QSettings(str(tmp_path / "n.ini"), QSettings.Format.IniFormat)
    strip = NextCommandWidget(settings, env)
    qtbot.addWidget(strip)
    # the terminal program is chosen in Edit → Preferences, not beside the command
    assert not hasattr(strip, "config_button")
    assert strip.label.text() == "— (STATE.md names no next step)"  # the empty state
    assert not strip.copy_button.isEnabled()


def _interactive(widget: QWidget) -> bool:
    if isinstance(widget, QHeaderView):  # part of its view, which carries the name
        return False
    return isinstance(widget, QAbstractButton | QLineEdit | QComboBox | QAbstractItemView)


def _accessible_name(widget: QWidget) -> str:
    iface = QAccessible.queryAccessibleInterface(widget)
    return iface.text(QAccessible.Text.Name) if iface is not None else ""


def test_every_interactive_chrome_widget_has_an_accessible_name(
        qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str]) -> None:
    win = _window(qtbot, tmp_path, demo, env,
                  QSettings(str(tmp_path / "a.ini"), QSettings.Format.IniFormat))
    _open(qtbot, win, demo / "billing-service")
    dialog = ShortcutsDialog(win)
    qtbot.addWidget(dialog)
    dialog.show()
    parts: list[QWidget] = [win.next_command, win.statusBar(), dialog]
    nameless = []
    for part in parts:
        for widget in [part, *part.findChildren(QWidget)]:
            if widget.isVisible() and _interactive(widget) and not _accessible_name(widget):
                nameless.append((type(widget).__name__, widget.objectName()))
    assert nameless == []
    assert _accessible_name(win.next_command.label) == "Next command"
    assert _accessible_name(win.status_label) == "Status"
    win.close()


def _shot(win: QWidget, name: str) -> None:
    target = os.environ.get("MSD_SCREENSHOT_DIR")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        assert win.grab().save(str(Path(target) / f"{name}.png"))


@pytest.mark.parametrize(("code", "size", "shot"), [
    ("en", (1024, 700), "chrome-1024"), ("pt_BR", (1024, 700), "chrome-pt_BR-1024"),
    ("en", (1920, 1080), "chrome-1920")])
def test_chrome_fits_every_window_size(qtbot: Any, tmp_path: Path, demo: Path,
                                       env: dict[str, str], translated: Any, code: str,
                                       size: tuple[int, int], shot: str) -> None:
    translated(code)
    win = _window(qtbot, tmp_path, demo, env,
                  QSettings(str(tmp_path / "f.ini"), QSettings.Format.IniFormat), size)
    _open(qtbot, win, demo / "billing-service")
    win.project_tabs.setCurrentIndex(2)
    QApplication.processEvents()
    assert win.width() <= size[0]  # nothing of the chrome widens the window
    for part in (win.next_command, win.statusBar(), win.project_page.header):
        assert label_problems(part) == [], part.objectName()
    # the buttons of the strip show their whole text
    for button in (win.next_command.copy_button, win.next_command.terminal_button):
        assert button.width() >= button.sizeHint().width(), button.text()
    # at full HD the command does not stretch the buttons: they keep their natural width
    if size[0] >= 1920:
        assert win.next_command.terminal_button.width() < 400
    dialog = ShortcutsDialog(win)
    qtbot.addWidget(dialog)
    dialog.resize(dialog.sizeHint())
    dialog.show()
    QApplication.processEvents()
    assert not dialog.view.horizontalScrollBar().isVisible()
    assert layout_problems(dialog) == []
    _shot(dialog, f"{shot}-shortcuts")
    dialog.close()
    _shot(win, shot)
    win.close()


def test_secondary_windows_fit_the_screen_and_centre_on_the_window() -> None:
    screen = QRect(0, 0, 1366, 768)
    size = fitted_size(QSize(1200, 820), screen)
    assert size.height() < 768
    assert size.width() == 1200
    rect = centred_rect(size, QRect(100, 50, 1024, 700), screen)
    assert screen.contains(rect)
    assert abs(rect.center().x() - QRect(100, 50, 1024, 700).center().x()) <= 1
    # a parent near the bottom edge: moved up, never past the bottom
    low = centred_rect(QSize(600, 400), QRect(0, 600, 800, 300), screen)
    assert low.bottom() <= screen.bottom()


@pytest.mark.parametrize("code", ["en", "pt_BR"])
def test_tray_notifications_speak_the_window_language(qtbot: Any, demo: Path,
                                                      env: dict[str, str], translated: Any,
                                                      code: str) -> None:
    translated(code)
    tray = ProjectTray(env)
    refs = [project_ref(demo / name, "demo") for name in ("checklist-printer", "field-notes")]
    tray.apply_states([(r, load_project_state(r.root, env)) for r in refs])
    ref = refs[0]
    state_md = demo / "checklist-printer" / ".planning" / "STATE.md"
    text = state_md.read_text(encoding="utf-8").replace("status: executing", "status: paused")
    if "### Blockers/Concerns" not in text:
        text += "\n## Accumulated Context\n\n### Blockers/Concerns\n\n"
    text = text.replace("### Blockers/Concerns\n", "### Blockers/Concerns\n\n- driver A5\n"
                        "- driver A4\n", 1)
    state_md.write_text(text, encoding="utf-8")
    events = tray.update_project(ref, load_project_state(ref.root, env))
    assert [e.kind for e in events] == ["paused", "blocked"]
    (paused_title, _), (blocked_title, blocked_message) = tray.shown[-2:]
    if code == "en":  # the same words the core gives the command line
        assert (paused_title, blocked_title) == (events[0].title, events[1].title)
        assert blocked_message == events[1].message
    else:
        assert paused_title == "checklist-printer pausado"
        assert blocked_title == "checklist-printer: 2 novos bloqueios"
        assert blocked_message == "driver A5 (+1 outro)"
    # the menu's own lines too
    assert tray.menu.actions()[0].text() == ("Show MSD Desktop" if code == "en"
                                             else "Mostrar o MSD Desktop")


def _smoke(env: dict[str, str], *args: str) -> dict[str, Any]:
    """``msd-desktop --smoke-test --demo`` in a subprocess (offscreen), its JSON report."""
    import json
    import subprocess
    import sys

    run_env = {**os.environ, **env, "QT_QPA_PLATFORM": "offscreen"}
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        run_env.pop(name, None)
    run_env.update({k: v for k, v in env.items() if k in ("LANGUAGE", "LANG")})
    done = subprocess.run([sys.executable, "-m", "msd_desktop.app", "--smoke-test", "--demo",
                           *args], env=run_env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout[done.stdout.index("{"):])
    return report


@pytest.mark.parametrize(("args", "desktop", "expected", "tabs"), [
    (("--lang", "pt_BR"), {}, "pt_BR", ["Configurações", "Modelos", "Estado"]),
    ((), {"LANGUAGE": "pt_BR", "LANG": "pt_BR.UTF-8"}, "pt_BR",
     ["Configurações", "Modelos", "Estado"]),
    (("--lang", "en"), {"LANGUAGE": "pt_BR", "LANG": "pt_BR.UTF-8"}, "en",
     ["Settings", "Models", "State"]),
])
def test_the_window_starts_in_the_chosen_language(env: dict[str, str], args: tuple[str, ...],
                                                  desktop: dict[str, str], expected: str,
                                                  tabs: list[str]) -> None:
    """``--lang`` first, then the desktop's language; installed before any widget exists
    (the tabs, built at start-up, already speak it)."""
    report = _smoke({**env, **desktop}, *args)
    assert report["language"] == expected
    assert report["tab_texts"] == tabs
