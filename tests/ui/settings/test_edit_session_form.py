"""The Settings form as one edit session (offscreen, key events on the fields).

Every keystroke reaches the draft, undo/redo go through the form's stack (not the line
edit's own), number keys refuse letters, invalid fields are outlined with the message under
them, and a property test drives random typing / toggles / choices / Reset / Revert / undo /
redo / save and checks after every step that the fields, the draft, an independent model of
the undo history and (after a save) the file all agree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft import InvalidInput
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.widgets.editors import CheckEditor, ComboEditor, LineEditor, SpinEditor
from tests.form_saving import save_form, wait_for_saves

AGENTS = "parallelization.max_concurrent_agents"  # schema type "number"
WINDOW = "context_window"  # schema type "integer", minimum 1
KEYS = (AGENTS, WINDOW, "mode", "workflow.research", "project_code")


@pytest.fixture
def project(demo: Path) -> ProjectRef:
    root = demo / "field-notes"
    path = root / ".planning" / "config.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data.setdefault("parallelization", {})["max_concurrent_agents"] = 5
    data["zzz_custom"] = {"keep": True}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return ProjectRef(root=root, name="field-notes", workspace="demo")


@pytest.fixture
def panel(qtbot: QtBot, project: ProjectRef, env: dict[str, str]) -> ConfigFormPanel:
    widget = ConfigFormPanel(project, env=env)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()  # shortcuts act in a shown window only
    qtbot.waitExposed(widget)
    widget.activateWindow()
    for key in KEYS:
        widget.row(key)
    return widget


def _config(project: ProjectRef) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (project.root / ".planning" / "config.json").read_text(encoding="utf-8"))
    return data


def _type(widget: Any, text: str) -> None:
    """Select everything in a field and type ``text`` over it, key by key."""
    widget.setFocus()
    widget.selectAll()
    if text:
        QTest.keyClicks(widget, text)
    else:
        QTest.keyClick(widget, Qt.Key.Key_Backspace)


def shown(panel: ConfigFormPanel, key: str) -> Any:
    """What a field shows, as a draft value (MISSING when it shows the default / nothing)."""
    editor = panel.editor(key)
    if isinstance(editor, SpinEditor):
        if editor.note.text() == "(default)":
            return MISSING
        return editor._convert(editor.spin.lineEdit().text())
    if isinstance(editor, LineEditor):
        text = editor.line.text()
        return editor._convert(text) if text else MISSING
    if isinstance(editor, ComboEditor):
        return editor.combo.currentData()
    if isinstance(editor, CheckEditor):
        return MISSING if editor.check.text() == "(default)" else editor.check.isChecked()
    raise AssertionError(type(editor))


def same(a: Any, b: Any) -> bool:
    """Equal draft values; ``null`` in the file is "not set" (the field shows nothing)."""
    a = MISSING if a is None else a
    b = MISSING if b is None else b
    if a is MISSING or b is MISSING:
        return a is b
    if isinstance(a, InvalidInput) and isinstance(b, InvalidInput):
        return a.text == b.text
    return type(a) is type(b) and a == b


def exact(a: Any, b: Any) -> bool:
    """Equal draft values, ``null`` and "not set" apart (removing a null is an edit)."""
    if a is MISSING or b is MISSING:
        return a is b
    if isinstance(a, InvalidInput) and isinstance(b, InvalidInput):
        return a.text == b.text
    return type(a) is type(b) and a == b


# ---- the reported problems, with key events ------------------------------------------------


def test_typed_value_is_in_the_draft_before_the_field_is_left(qtbot, panel: ConfigFormPanel,
                                                               project: ProjectRef) -> None:
    editor = panel.editor(AGENTS)
    assert isinstance(editor, SpinEditor)  # a "number" key gets a spin box too
    _type(editor.spin, "7")
    assert panel.draft is not None
    assert panel.draft.pending == {AGENTS: 7}
    assert panel.save_button.isEnabled()
    assert panel.status.text() == "1 unsaved change(s)"
    with qtbot.waitSignal(panel.save_finished, timeout=20000):  # Save runs in a worker
        QTest.keyClick(editor.spin, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert _config(project)["parallelization"]["max_concurrent_agents"] == 7
    assert panel.status.text().startswith("Saved 1 change(s)")
    _type(editor.spin, "8")
    assert panel.status.text() == "1 unsaved change(s)"  # the old message is gone


def test_ctrl_z_in_a_field_is_the_forms_undo(qtbot, panel: ConfigFormPanel,
                                            project: ProjectRef) -> None:
    spin = panel.editor(AGENTS).spin  # type: ignore[attr-defined]
    _type(spin, "7")
    QTest.keyClick(spin, Qt.Key.Key_Tab)
    _type(spin, "9")
    assert panel.undo_stack.count() == 2
    assert panel.undo_stack.undoText() == "set Max concurrent agents to 9"
    QTest.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert spin.lineEdit().text() == "7"
    assert panel.draft is not None
    assert panel.draft.value(AGENTS) == 7
    QTest.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert spin.lineEdit().text() == "5"
    assert not panel.draft.dirty
    assert not panel.save_button.isEnabled()
    QTest.keyClick(spin, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert spin.lineEdit().text() == "7"
    assert panel.draft.value(AGENTS) == 7
    with qtbot.waitSignal(panel.save_finished, timeout=20000):  # Save runs in a worker
        QTest.keyClick(spin, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert _config(project)["parallelization"]["max_concurrent_agents"] == 7
    assert spin.lineEdit().text() == "7"


def test_number_fields_refuse_letters_and_show_errors_as_typed(
        panel: ConfigFormPanel) -> None:
    spin = panel.editor(AGENTS).spin  # type: ignore[attr-defined]
    _type(spin, "abc")
    assert spin.lineEdit().text() == "5"  # the letters never entered the field
    assert panel.draft is not None
    assert not panel.draft.dirty
    window = panel.editor(WINDOW)
    assert isinstance(window, SpinEditor)
    assert window.spin.minimum() == 1
    row = panel.row(WINDOW)
    _type(window.spin, "0")  # the cursor stays in the field
    assert panel.draft.errors[WINDOW].startswith("Invalid context_window '0'")
    assert row.error.isVisible() or not row.isVisible()
    assert row.error.text().startswith("Invalid context_window")
    assert row.outlined
    assert not panel.save_button.isEnabled()
    assert "1 invalid" in panel.status.text()
    assert panel.save_button.text() == "Save (1 invalid)"
    _type(window.spin, "4096")
    assert panel.save_button.text() == "Save"
    assert not row.outlined
    assert panel.save_button.isEnabled()


def test_every_integer_and_number_key_is_a_spin_box(panel: ConfigFormPanel) -> None:
    from msd_desktop.core.config.schema import SCHEMA, IntegerType, NumberType

    for key, spec in SCHEMA.items():
        vt = getattr(spec.value_type, "inner", spec.value_type)
        if spec.secret or key in ("workflow.security_asvs_level",):
            continue  # the ASVS level is an enum (1, 2, 3): a combo with per-option help
        if isinstance(vt, IntegerType | NumberType):
            editor = panel.editor(key)  # its row, built as the form builds it
            assert isinstance(editor, SpinEditor), key
            if isinstance(vt, IntegerType) and vt.minimum is not None:
                assert editor.spin.minimum() == vt.minimum, key


def test_row_menu_copies_key_value_and_command(panel: ConfigFormPanel) -> None:
    _type(panel.editor(AGENTS).spin, "7")  # type: ignore[attr-defined]
    menu = panel.row_actions.build(panel, AGENTS, panel.draft.value(AGENTS), True,  # type: ignore[union-attr]
                                   lambda: panel.reset_key(AGENTS))
    texts = [a.text() for a in menu.actions() if a.text()]
    assert texts == ["Reset to default", "Copy key", "Copy value as JSON",
                     "Copy command: msd config-set …"]
    menu.actions()[-1].trigger()
    assert panel.row_actions.last_copied == f"msd config-set {AGENTS} 7"
    assert QApplication.clipboard().text() == f"msd config-set {AGENTS} 7"
    menu.actions()[3].trigger()
    assert panel.row_actions.last_copied == "7"
    menu.actions()[0].trigger()
    assert panel.draft is not None
    assert panel.draft.value(AGENTS) is MISSING
    assert panel.undo_stack.undoText() == "reset Max concurrent agents"


def test_an_emptied_number_field_is_invalid_until_left(panel: ConfigFormPanel) -> None:
    spin = panel.editor(AGENTS).spin  # type: ignore[attr-defined]
    _type(spin, "")
    assert panel.draft is not None
    assert AGENTS in panel.draft.errors
    assert not panel.save_button.isEnabled()
    panel.search.setFocus()  # leaving the field puts the last number back, the draft follows
    assert spin.lineEdit().text() == "5"
    assert not panel.draft.dirty
    assert panel.undo_stack.count() == 0  # typing and the correction merged into nothing


# ---- the property: fields == draft == model of the history; file == draft after a save -----


@dataclass
class HistoryModel:
    """An independent model of the form's undo history (absolute values per key)."""

    values: dict[str, Any]
    file: dict[str, Any]
    commands: list[tuple[str | None, dict[str, Any], dict[str, Any]]] = field(
        default_factory=list)
    index: int = 0
    sealed: bool = True
    focus: str | None = None  # the field typed in last (typing elsewhere moves the focus)

    def push(self, after: dict[str, Any], merge_key: str | None) -> None:
        if all(exact(after[k], self.values[k]) for k in after):
            return
        del self.commands[self.index:]
        top = self.commands[self.index - 1] if self.index else None
        if merge_key and not self.sealed and top is not None and top[0] == merge_key:
            top[2].update(after)
            if all(exact(top[1][k], top[2][k]) for k in top[2]):
                self.commands.pop()
                self.index -= 1
        else:
            before = {k: self.values[k] for k in after}
            self.commands.append((merge_key, before, dict(after)))
            self.index += 1
        self.values.update(after)
        self.sealed = False

    def undo(self) -> None:
        if self.index:  # (nothing to undo changes nothing, the seal included)
            self.index -= 1
            self.values.update(self.commands[self.index][1])
            self.sealed = True

    def redo(self) -> None:
        if self.index < len(self.commands):
            self.values.update(self.commands[self.index][2])
            self.index += 1
            self.sealed = True


_digits = st.text("0123456789", min_size=1, max_size=5).filter(lambda t: t[0] != "0")
OPS = st.one_of(
    st.tuples(st.just("type"), st.sampled_from([AGENTS, WINDOW]), _digits),
    st.tuples(st.just("type"), st.just("project_code"),
              st.text("ABCxyz-_ 7", max_size=6)),
    st.tuples(st.just("choose"), st.just("mode"), st.integers(0, 2)),
    st.tuples(st.just("toggle"), st.just("workflow.research"), st.none()),
    st.tuples(st.sampled_from(["undo", "redo", "save", "revert", "focus"]), st.none(),
              st.none()),
    st.tuples(st.just("reset"), st.sampled_from(KEYS), st.none()),
)


@pytest.fixture
def original(project: ProjectRef) -> bytes:
    """The project's config.json as the test starts (every example starts from it)."""
    return (project.root / ".planning" / "config.json").read_bytes()


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=st.lists(OPS, min_size=1, max_size=14))
def test_random_sessions_keep_fields_draft_history_and_file_equal(
        panel: ConfigFormPanel, project: ProjectRef, original: bytes,
        ops: list[tuple[str, Any, Any]]) -> None:
    path = project.root / ".planning" / "config.json"
    draft = panel.draft
    assert draft is not None
    assert panel.session is not None
    # a fresh session per example: no save left running, the file as it was, no edits, no
    # history. The form reads the file again only after an example that saved or failed;
    # else its own Revert takes the fields back to the file (reading it again refreshes
    # every row the scrolling built, most of what an example costs).
    wait_for_saves(panel)
    if path.read_bytes() != original:
        _read_again(panel, path, original)
    else:
        panel.revert()
    panel.session.stack.clear()
    panel.session.seal()
    assert not draft.dirty
    assert not draft.errors
    for k in KEYS:
        assert same(shown(panel, k), draft.value(k)), k
    model = HistoryModel(values={k: draft.value(k) for k in KEYS},
                         file={k: draft.file_value(k) for k in KEYS})
    try:
        for op, key, arg in ops:
            _step(panel, model, op, key, arg)
            for k in KEYS:
                assert exact(draft.value(k), model.values[k]), (op, key, arg, k)
                assert same(shown(panel, k), model.values[k]), (op, key, arg, k)
            assert panel.undo_stack.index() == model.index, (op, key, arg)
            assert panel.undo_stack.count() == len(model.commands), (op, key, arg)
    except BaseException:  # the next example (hypothesis shrinking) starts from the file
        wait_for_saves(panel)
        _read_again(panel, path, original)
        raise


def _read_again(panel: ConfigFormPanel, path: Path, original: bytes) -> None:
    """The file as it was, read again by the draft and shown by every field."""
    assert panel.draft is not None
    path.write_bytes(original)
    panel.draft.reload()
    panel._reload_everything()


def _step(panel: ConfigFormPanel, model: HistoryModel, op: str, key: Any, arg: Any) -> None:
    draft = panel.draft
    assert draft is not None
    if op == "type":
        editor = panel.editor(key)
        widget = editor.spin if isinstance(editor, SpinEditor) else editor.line  # type: ignore[attr-defined]
        before = draft.value(key)
        if model.focus != key:
            model.sealed = True
        model.focus = key
        _type(widget, arg)
        if arg == "":
            value = MISSING
        else:
            value: Any = editor._convert(arg)  # type: ignore[attr-defined]
        # keystroke by keystroke, merged into one step (the first may replace the selection)
        if not same(before, value):
            model.push({key: value}, key)
        elif not exact(before, value):  # the field showed "" for a null: nothing typed
            value = before
        model.sealed = False
        if isinstance(value, InvalidInput):
            assert key in draft.errors
    elif op == "choose":
        combo = panel.editor(key).combo  # type: ignore[attr-defined]
        combo.setCurrentIndex(arg)
        model.push({key: combo.itemData(arg)}, None)
    elif op == "toggle":
        check = panel.editor(key).check  # type: ignore[attr-defined]
        check.click()
        model.push({key: check.isChecked()}, None)
    elif op == "undo":
        panel.undo()
        model.undo()
    elif op == "redo":
        panel.redo()
        model.redo()
    elif op == "focus":
        panel.session.seal()  # type: ignore[union-attr]
        model.sealed = True
    elif op == "reset":
        panel.reset_key(key)
        model.push({key: MISSING}, None)
    elif op == "revert":
        panel.revert()
        model.push({k: model.file[k] for k in KEYS
                    if not exact(model.values[k], model.file[k])}, None)
    elif op == "save":
        could = draft.dirty and not draft.errors
        assert save_form(None, panel) is could
        if could:
            model.sealed = True
            model.file = dict(model.values)
            assert not draft.dirty
            on_disk = json.loads(draft.path.read_text(encoding="utf-8"))
            assert on_disk == draft.result_data()
            assert on_disk["zzz_custom"] == {"keep": True}  # unknown keys kept
            for k in KEYS:
                assert exact(draft.file_value(k), model.values[k]), k


def test_a_parent_object_field_shows_a_pending_child_edit(qtbot, panel: ConfigFormPanel,
                                                          project: ProjectRef) -> None:
    parent = panel.editor("parallelization")
    assert isinstance(parent, LineEditor)
    assert json.loads(parent.line.text())["max_concurrent_agents"] == 5
    _type(panel.editor(AGENTS).spin, "7")  # type: ignore[attr-defined]
    assert json.loads(parent.line.text())["max_concurrent_agents"] == 7  # what Save writes
    panel.undo()
    assert json.loads(parent.line.text())["max_concurrent_agents"] == 5
    panel.redo()
    assert save_form(qtbot, panel)
    assert _config(project)["parallelization"]["max_concurrent_agents"] == 7
    assert json.loads(parent.line.text())["max_concurrent_agents"] == 7
