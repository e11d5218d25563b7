"""The Settings form kept from project to project: a pick refills the form the project before
used instead of building ~200 rows again, and what it shows is what a form built for the new
project shows — every row, label, value and state — with each project's edits, undo history and
pages its own. A form busy with its project (a save waiting for the lock) is not reused.
Offscreen, real key presses on the focused field."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractListModel, QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QUndoGroup
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from msd_desktop.app import demo_source
from msd_desktop.core.common.planning_lock import PlanningLock
from msd_desktop.core.workspace.registry import project_ref
from msd_desktop.ui.project_tabs import ProjectTabs, shown_project
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.settings.sessions import EditSessions
from tests.form_saving import wait_for_saves

WINDOW = "context_window"  # an integer key: letters are refused, digits typed


def _tabs(qtbot: QtBot) -> tuple[ProjectTabs, EditSessions]:
    tabs = ProjectTabs(QUndoGroup(), lambda: sessions)
    sessions = EditSessions(tabs)
    qtbot.addWidget(tabs)
    tabs.resize(1100, 800)
    tabs.show()
    qtbot.waitExposed(tabs)
    return tabs, sessions


def _open(tabs: ProjectTabs, root: Path, *, in_place: bool = False) -> ConfigFormPanel:
    tabs.close_project(keep_settings=in_place)  # in place: the window's pick
    tabs.show_project(shown_project(project_ref(root, "Demo"), None), 0)
    form = tabs.settings_tab()
    assert isinstance(form, ConfigFormPanel)
    return form


class HideCounter(QObject):
    """Notes each time the widget it watches is hidden."""

    def __init__(self, hides: list[int]) -> None:
        super().__init__()
        self.hides = hides

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Hide:
            self.hides.append(1)
        return False


def _state(widget: QWidget) -> tuple[Any, ...]:
    """What one widget shows a person (its text, value, check, enabled state)."""
    parts: list[Any] = [type(widget).__name__, widget.isEnabled(), widget.toolTip()]
    if isinstance(widget, QLineEdit | QLabel | QAbstractButton):
        parts.append(widget.text())
    if isinstance(widget, QAbstractButton):
        parts.append(widget.isChecked())
    if isinstance(widget, QComboBox):
        parts.append(widget.currentText())
    if isinstance(widget, QAbstractSpinBox):
        parts.append(widget.text())
    if isinstance(widget, QPlainTextEdit):
        parts.append(widget.toPlainText())
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model = widget.model()
        root = QModelIndex()
        columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(root)
        parts.append(tuple(str(model.index(r, c, root).data())
                           for r in range(model.rowCount(root)) for c in range(columns)))
    return tuple(parts)


def shown_rows(form: ConfigFormPanel) -> dict[str, list[tuple[Any, ...]]]:
    """Every row as a person sees it: the state of each widget shown in it, in order."""
    rows = {}
    for fk in form.model.keys:
        row = form.row(fk.key)
        parts = _qt_parts(row)
        rows[fk.key] = [_state(w) for w in row.findChildren(QWidget)
                        if w not in parts and w.isVisibleTo(row)]
    return rows


def _qt_parts(row: QWidget) -> set[QWidget]:
    """The parts Qt shows or hides by itself: inside a field, its clear button (it fades out),
    inside a table, its corner button and scroll bars (they follow the table's geometry); the
    field's text and the table's cells say what is shown."""
    return {part for owner in (*row.findChildren(QLineEdit), *row.findChildren(QAbstractItemView))
            for part in owner.findChildren(QWidget)}


def fresh_rows(qtbot: QtBot, root: Path, sessions: EditSessions) -> dict[str, Any]:
    """The rows of a form built for ``root`` now (the window's sessions: its edits too)."""
    fresh = ConfigFormPanel(project_ref(root, "Demo"), sessions=sessions)
    qtbot.addWidget(fresh)
    fresh.resize(1100, 800)
    fresh.show()
    fresh.build_all_editors()
    rows = shown_rows(fresh)
    fresh.close()
    fresh.deleteLater()
    return rows


def _type_into(form: ConfigFormPanel, key: str, text: str) -> None:
    form._scroll_to(key)
    field = form.editor(key).findChild(QLineEdit)
    assert field is not None
    field.setFocus(Qt.FocusReason.OtherFocusReason)
    field.selectAll()
    QTest.keyClicks(field, text)


class NewForms:
    """What a form built now shows for each project of one demo copy, shared by both ways of
    picking: both make the same unsaved edit in field-notes first and write nothing, so a new
    form of a project shows the same in either (built once: ~200 rows a project)."""

    def __init__(self, demo: Path) -> None:
        self.demo = demo
        self._rows: dict[str, dict[str, Any]] = {}

    def rows(self, qtbot: QtBot, name: str, sessions: EditSessions) -> dict[str, Any]:
        if name not in self._rows:
            self._rows[name] = fresh_rows(qtbot, self.demo / name, sessions)
        return self._rows[name]


@pytest.fixture(scope="module")
def new_forms(tmp_path_factory: pytest.TempPathFactory) -> NewForms:
    target = tmp_path_factory.mktemp("kept") / "demo"
    shutil.copytree(demo_source(), target)
    return NewForms(target)


@pytest.mark.parametrize("in_place", [False, True], ids=["reparented", "in-place"])
def test_a_kept_form_shows_what_a_new_form_would(qtbot: QtBot, new_forms: NewForms,
                                                 in_place: bool) -> None:
    demo = new_forms.demo
    tabs, sessions = _tabs(qtbot)
    first = _open(tabs, demo / "field-notes")
    _type_into(first, WINDOW, "123456")  # an unsaved edit in the first project
    assert first.draft is not None
    assert first.draft.dirty
    hides: list[int] = []
    first.installEventFilter(watcher := HideCounter(hides))
    # a plain project, one whose config.json does not parse, the first one (with its edit)
    for name in ("billing-service", "legacy-importer", "field-notes"):
        form = _open(tabs, demo / name, in_place=in_place)
        assert form is first  # the same widgets, refilled
        assert form.root == demo / name
        kept_rows, new_rows = shown_rows(form), new_forms.rows(qtbot, name, sessions)
        differ = {k: (kept_rows[k], new_rows[k]) for k in kept_rows if kept_rows[k] != new_rows[k]}
        assert not differ, (name, differ)
    assert bool(hides) is not in_place  # in place: never hidden, so never laid out anew
    first.removeEventFilter(watcher)
    form = _open(tabs, demo / "field-notes")
    assert form.draft is not None
    assert form.draft.dirty
    assert "123456" in form.editor(WINDOW).findChild(QLineEdit).text()


def test_each_project_keeps_its_own_undo_history(qtbot: QtBot, demo: Path) -> None:
    tabs, sessions = _tabs(qtbot)
    form = _open(tabs, demo / "field-notes")
    before = form.editor(WINDOW).findChild(QLineEdit).text()
    _type_into(form, WINDOW, "4242")
    form = _open(tabs, demo / "billing-service")
    billing = form.editor(WINDOW).findChild(QLineEdit).text()
    assert form.undo_stack is not None
    assert not form.undo_stack.canUndo()
    form = _open(tabs, demo / "field-notes")
    field = form.editor(WINDOW).findChild(QLineEdit)
    assert field.text() == "4242"
    field.setFocus(Qt.FocusReason.OtherFocusReason)
    QTest.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert field.text() == before
    form = _open(tabs, demo / "billing-service")
    assert form.editor(WINDOW).findChild(QLineEdit).text() == billing
    assert not sessions.dirty_roots([demo / "billing-service", demo / "field-notes"])


def test_a_pick_starts_on_the_form_unfiltered_with_the_new_projects_pages(
        qtbot: QtBot, demo: Path) -> None:
    tabs, sessions = _tabs(qtbot)
    form = _open(tabs, demo / "field-notes")
    form.search.setFocus()
    form.search.insert("model")  # pasted: one filtering, not one per letter
    QTest.mouseClick(form.modified_only, Qt.MouseButton.LeftButton)
    json_before = form.json_view.toPlainText()
    form.inner_tabs.setCurrentWidget(form._json_page)
    form = _open(tabs, demo / "billing-service")
    assert form.search.text() == ""
    assert not form.modified_only.isChecked()
    assert form.inner_tabs.currentIndex() == 0
    assert len(form.visible_keys()) == len(form.model.keys)
    assert form._json_page_widget is None  # built again for this project when opened
    fresh = ConfigFormPanel(project_ref(demo / "billing-service", "Demo"), sessions=sessions)
    qtbot.addWidget(fresh)
    assert form.json_view.toPlainText() == fresh.json_view.toPlainText() != json_before


def test_a_form_busy_saving_is_not_reused(qtbot: QtBot, demo: Path) -> None:
    tabs, sessions = _tabs(qtbot)
    root = demo / "field-notes"
    form = _open(tabs, root)
    _type_into(form, WINDOW, "777")
    lock = PlanningLock(root / ".planning")
    lock.acquire()  # another program holds the planning lock: the save waits
    try:
        form.save_button.click()
        qtbot.waitUntil(lambda: form.save_job() is not None, timeout=15000)
        other = _open(tabs, demo / "billing-service")
        assert other is not form
    finally:
        lock.release()
    back = _open(tabs, root)
    wait_for_saves(back)
    assert '"context_window": 777' in (root / ".planning" / "config.json").read_text(
        encoding="utf-8")
    assert not sessions.dirty_roots([root])


def test_the_workstream_entry_follows_the_project(qtbot: QtBot, demo: Path) -> None:
    workstream = "alpha"
    tabs, _ = _tabs(qtbot)
    form = _open(tabs, demo / "field-notes")
    ws_root = demo / "billing-service"
    ref = project_ref(ws_root, "Demo")
    tabs.close_project()
    tabs.show_project(shown_project(ref, workstream), 0)
    kept = tabs.settings_tab()
    assert kept is form
    assert workstream in kept.scope_combo.itemText(1)
    assert kept.scope_combo.model().item(1).isEnabled()
    form = _open(tabs, demo / "checklist-printer")
    assert form.scope_combo.itemText(1) == "Workstream (none)"
    assert not form.scope_combo.model().item(1).isEnabled()


def test_a_form_of_another_language_is_not_kept(qtbot: QtBot, demo: Path) -> None:
    tabs, _ = _tabs(qtbot)
    form = _open(tabs, demo / "field-notes")
    tabs.forget_settings_form()  # the window's language changed
    assert _open(tabs, demo / "billing-service") is not form
    assert _open(tabs, demo / "field-notes") is not form
