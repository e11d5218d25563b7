"""The compare window driven with real keys: choose keys, copy them through the confirmed bulk
path, undo the copy, filter the differences, close from the keyboard; opened from the main
window's File menu and the project tree's context menu."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from msd_desktop.core.config.compare import CopyPlan, CopyReport
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.companion import compare_window
from msd_desktop.ui.companion.compare_model import COL_KEY, KeyRole
from msd_desktop.ui.companion.compare_window import ConfigCompareWindow

SECRET = "sk-live-0123456789abcdef"


def _project(base: Path, name: str, data: dict[str, Any]) -> Path:
    root = base / name
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "config.json").write_text(json.dumps(data, indent=2),
                                                     encoding="utf-8")
    return root


def _read(root: Path) -> dict[str, Any]:
    data = json.loads((root / ".planning" / "config.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    return (_project(tmp_path, "alpha", {"model_profile": "quality", "brave_search": SECRET,
                                         "workflow": {"research": True, "plan_check": False}}),
            _project(tmp_path, "beta", {"model_profile": "balanced",
                                        "workflow": {"research": True}, "mode": "yolo"}))


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """The confirmation says yes (its plan kept) and the report is only kept."""
    got: dict[str, list[Any]] = {"plans": [], "reports": []}

    def confirm(_parent: QWidget, plan: CopyPlan) -> bool:
        got["plans"].append(plan)
        return True

    monkeypatch.setattr(compare_window, "confirm_copy", confirm)
    monkeypatch.setattr(compare_window, "show_copy_report",
                        lambda _p, report: got["reports"].append(report))
    return got


def _window(qtbot: Any, env: dict[str, str], pair: tuple[Path, Path]) -> ConfigCompareWindow:
    view = ConfigCompareWindow(list(pair), env)
    qtbot.addWidget(view)
    view.resize(1024, 700)
    with qtbot.waitSignal(view.loaded, timeout=15000):
        view.show()
    qtbot.waitExposed(view)
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow, timeout=10000)
    return view


def _focus(qtbot: Any, widget: QWidget) -> QWidget:
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=10000)
    return widget


def _keys_shown(view: ConfigCompareWindow) -> list[str]:
    return [view.proxy.index(r, COL_KEY).data(KeyRole) for r in range(view.proxy.rowCount())]


def test_copy_two_keys_to_the_right_then_undo(qtbot: Any, env: dict[str, str],
                                              pair: tuple[Path, Path],
                                              asked: dict[str, list[Any]]) -> None:
    left, right = pair
    before = _read(right)
    view = _window(qtbot, env, pair)
    assert _keys_shown(view) == ["model_profile", "brave_search", "workflow.research",
                                 "workflow.plan_check", "mode"]
    assert not view.to_right_button.isEnabled()  # nothing selected yet
    table = _focus(qtbot, view.table)
    QTest.keyClick(table, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(table, Qt.Key.Key_Space)
    for _ in range(3):  # model_profile … workflow.plan_check
        QTest.keyClick(table, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    assert view.selected_keys() == ["model_profile", "brave_search", "workflow.research",
                                    "workflow.plan_check"]
    assert view.to_right_button.isEnabled()
    QTest.keyClick(table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is view.to_right_button
    with qtbot.waitSignal(view.copied, timeout=20000) as copied:
        QTest.keyClick(view.to_right_button, Qt.Key.Key_Space)
    (plan,) = asked["plans"]
    rows = {r[0]: r for r in plan.rows()}
    assert rows["model_profile"][1:3] == ("balanced", "quality")
    assert "API keys" in rows["brave_search"][3]  # shown, not copied
    assert all(SECRET not in " ".join(r) for r in plan.rows())
    report: CopyReport = copied.args[0]
    assert report.counts == {"written": 2, "unchanged": 1, "error": 1}
    after = _read(right)
    assert after["model_profile"] == "quality"
    assert after["workflow"] == {"research": True, "plan_check": False}
    assert "brave_search" not in after
    assert SECRET not in (right / ".planning" / "config.json").read_text(encoding="utf-8")
    assert _read(left)["model_profile"] == "quality"
    qtbot.waitUntil(lambda: view.undo_button.isEnabled(), timeout=15000)
    assert "Copied:" in view.summary_label.text()
    _focus(qtbot, view.undo_button)
    with qtbot.waitSignal(view.undone, timeout=20000):
        QTest.keyClick(view.undo_button, Qt.Key.Key_Space)
    assert _read(right) == before
    assert list(_read(right)) == list(before)
    assert len(asked["reports"]) == 2


def test_copy_to_the_left_unsets_what_the_right_lacks(qtbot: Any, env: dict[str, str],
                                                      pair: tuple[Path, Path],
                                                      asked: dict[str, list[Any]]) -> None:
    left, _right = pair
    view = _window(qtbot, env, pair)
    table = _focus(qtbot, view.table)
    QTest.keyClick(table, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)  # mode
    QTest.keyClick(table, Qt.Key.Key_Space)
    QTest.keyClick(table, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)  # plan_check
    assert view.selected_keys() == ["workflow.plan_check", "mode"]
    _focus(qtbot, view.to_left_button)
    with qtbot.waitSignal(view.copied, timeout=20000):
        QTest.keyClick(view.to_left_button, Qt.Key.Key_Space)
    data = _read(left)
    assert data["mode"] == "yolo"
    assert data["workflow"] == {"research": True}


def test_cancelled_copy_writes_nothing(qtbot: Any, env: dict[str, str],
                                       pair: tuple[Path, Path],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    _left, right = pair
    before = (right / ".planning" / "config.json").read_bytes()
    monkeypatch.setattr(compare_window, "confirm_copy", lambda _p, _plan: False)
    view = _window(qtbot, env, pair)
    table = _focus(qtbot, view.table)
    QTest.keyClick(table, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(table, Qt.Key.Key_Space)
    _focus(qtbot, view.to_right_button)
    with qtbot.waitSignal(view.cancelled, timeout=20000):
        QTest.keyClick(view.to_right_button, Qt.Key.Key_Space)
    assert (right / ".planning" / "config.json").read_bytes() == before
    assert not view.undo_button.isEnabled()


def test_only_differences_with_its_mnemonic(qtbot: Any, env: dict[str, str],
                                            pair: tuple[Path, Path]) -> None:
    view = _window(qtbot, env, pair)
    QTest.keyClick(_focus(qtbot, view.table), Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(view.only_differences.isChecked, timeout=10000)
    assert _keys_shown(view) == ["model_profile", "brave_search", "workflow.plan_check", "mode"]
    for r in range(view.proxy.rowCount()):
        for c in range(3):
            assert SECRET not in str(view.proxy.index(r, c).data())


def test_same_project_on_both_sides_cannot_copy(qtbot: Any, env: dict[str, str],
                                                pair: tuple[Path, Path]) -> None:
    view = _window(qtbot, env, pair)
    combo = _focus(qtbot, view.right_combo)
    with qtbot.waitSignal(view.loaded, timeout=15000):
        QTest.keyClick(combo, Qt.Key.Key_Up)  # beta → alpha
    assert view.right_combo.currentText() == "alpha"
    table = _focus(qtbot, view.table)
    QTest.keyClick(table, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(table, Qt.Key.Key_Space)
    assert view.selected_keys()
    assert not view.to_right_button.isEnabled()


@pytest.mark.parametrize("how", ["esc", "ctrl_w", "button"])
def test_closes_from_the_keyboard(qtbot: Any, env: dict[str, str], pair: tuple[Path, Path],
                                  how: str) -> None:
    view = _window(qtbot, env, pair)
    if how == "esc":
        QTest.keyClick(_focus(qtbot, view.table), Qt.Key.Key_Escape)
    elif how == "ctrl_w":
        QTest.keyClick(_focus(qtbot, view.left_combo), Qt.Key.Key_W,
                       Qt.KeyboardModifier.ControlModifier)
    else:
        QTest.keyClick(_focus(qtbot, view.close_button), Qt.Key.Key_Space)
    assert view.isHidden()


def test_opened_from_the_tree_context_menu_and_the_file_menu(
        qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings: Any) -> None:
    from msd_desktop.ui.main_window import MainWindow

    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    tree = win.browser.tree
    with_action = next(a for a in tree.actions() if a.objectName() == "CompareWithAction")
    refs = win.known_refs()
    assert len(refs) >= 2
    assert win.open_project(refs[1].root)
    qtbot.waitUntil(lambda: win.current_project()[0] is not None, timeout=15000)
    qtbot.waitUntil(with_action.isEnabled, timeout=10000)
    menu = win.browser.context_menu.build(tree.currentIndex())  # the project's context menu
    assert menu is not None
    assert with_action in menu.actions()
    current = win.current_project()[0]
    assert current is not None
    with_action.trigger()
    view = win.main_actions.compare.view
    assert view is not None
    qtbot.waitUntil(view.isVisible, timeout=10000)
    assert view.left_combo.currentData() == str(current.root)
    assert view.right_combo.currentData() != str(current.root)
    view.close()
    file_action = win.main_actions.compare.action
    file_menu = win.menuBar().actions()[0].menu()
    assert file_menu is not None
    assert file_action in file_menu.actions()
    file_action.trigger()
    qtbot.waitUntil(view.isVisible, timeout=10000)
    assert win.main_actions.compare.view is view  # one window, brought back
    win.close()
