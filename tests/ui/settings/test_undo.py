"""The Settings edit session without widgets: the draft (core) plus its QUndoStack.

Keystrokes merge, focus moves split, Reset and Revert are undoable, undo past a save stages
the older value again, the drafts outlive a form (DraftBook), and the copied command lines
quote properly and never carry a secret.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from msd_desktop.core.config import schema
from msd_desktop.core.config.draft import (
    ConfigDraft,
    DraftBook,
    InvalidInput,
    config_set_commands,
)
from msd_desktop.core.config.schema import MISSING
from msd_desktop.ui.settings.row_actions import command_line, copyable_value
from msd_desktop.ui.settings.sessions import EditSessions
from msd_desktop.ui.settings.undo import EditSession

KEY = "parallelization.max_concurrent_agents"


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "proj" / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    data = {"zzz_custom": 1, "mode": "interactive", "parallelization": {KEY.split(".")[1]: 5}}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def session(qapp: object, config: Path) -> EditSession:
    return EditSession(ConfigDraft(config))


def _on_disk(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_keystrokes_merge_into_one_undo_step(session: EditSession) -> None:
    draft, stack = session.draft, session.stack
    assert session.edit(KEY, 7, "set Max concurrent agents to 7")
    assert session.edit(KEY, 71, "set Max concurrent agents to 71")
    assert stack.count() == 1
    assert stack.undoText() == "set Max concurrent agents to 71"
    assert draft.value(KEY) == 71
    stack.undo()
    assert draft.value(KEY) == 5
    assert not draft.dirty
    stack.redo()
    assert draft.value(KEY) == 71
    assert draft.pending == {KEY: 71}


def test_a_focus_move_starts_a_new_step(session: EditSession) -> None:
    session.edit(KEY, 7, "a")
    session.seal()
    session.edit(KEY, 8, "b")
    assert session.stack.count() == 2
    session.stack.undo()
    assert session.draft.value(KEY) == 7
    session.stack.undo()
    assert session.draft.value(KEY) == 5


def test_typing_back_to_the_start_leaves_no_step(session: EditSession) -> None:
    session.edit(KEY, 7, "a")
    session.edit(KEY, 5, "b")  # merged, back where it started: obsolete
    assert session.stack.count() == 0
    assert not session.draft.dirty


def test_toggles_do_not_merge(session: EditSession) -> None:
    session.edit("workflow.research", False, "a", merge=False)
    session.edit("workflow.research", True, "b", merge=False)
    assert session.stack.count() == 2


def test_invalid_text_is_undoable_and_blocks_save(session: EditSession) -> None:
    bad = InvalidInput("Must be a number.", "7x")
    session.edit(KEY, 7, "a")
    session.seal()
    session.edit(KEY, bad, "b")
    assert session.draft.errors == {KEY: "Must be a number."}
    assert not session.draft.can_save
    session.stack.undo()
    assert session.draft.value(KEY) == 7
    assert session.draft.errors == {}
    session.stack.redo()
    assert session.draft.value(KEY) == bad


def test_reset_and_revert_are_undoable(session: EditSession) -> None:
    draft = session.draft
    session.change([(KEY, MISSING)], "reset")
    assert draft.value(KEY) is MISSING
    session.edit("mode", "yolo", "mode")
    session.change([(k, draft.file_value(k)) for k in list(draft.pending)], "revert")
    assert not draft.dirty
    session.stack.undo()  # the revert
    assert draft.pending == {KEY: draft.pending[KEY], "mode": "yolo"}
    assert draft.value(KEY) is MISSING
    session.stack.undo()
    session.stack.undo()
    assert not draft.dirty
    assert not session.change([(KEY, 5)], "nothing")  # already the file's value


def test_undo_past_a_save_stages_the_older_value(session: EditSession, config: Path) -> None:
    draft = session.draft
    session.edit(KEY, 7, "a")
    draft.save()
    session.stack.setClean()
    session.seal()
    assert _on_disk(config)["parallelization"] == {"max_concurrent_agents": 7}
    session.stack.undo()
    assert draft.pending == {KEY: 5}  # the file says 7: 5 is an edit again
    assert not session.stack.isClean()
    session.stack.redo()
    assert not draft.dirty
    assert session.stack.isClean()


def test_applied_names_the_source_only_for_the_editing_field(session: EditSession) -> None:
    seen: list[tuple[list[str], object]] = []
    session.applied.connect(lambda keys, source: seen.append((keys, source)))
    session.edit(KEY, 7, "a")
    session.stack.undo()
    assert seen == [([KEY], KEY), ([KEY], None)]


def test_drafts_outlive_the_form(qapp: object, config: Path, tmp_path: Path) -> None:
    book = DraftBook()
    first = book.open(config)
    first.set("mode", "yolo")
    assert book.open(config) is first
    assert book.dirty() == [first]
    assert book.dirty_under(config.parent.parent) == [first]
    assert book.dirty_under(tmp_path / "elsewhere") == []
    store = EditSessions()
    one = store.session(config)
    assert store.session(config) is one
    one.edit("mode", "yolo", "x")
    assert store.dirty() == [one]
    other = tmp_path / "other"
    assert store.dirty_roots([config.parent.parent, other]) == {config.parent.parent}


def test_a_clean_kept_draft_rereads_a_changed_file(config: Path) -> None:
    book = DraftBook()
    draft = book.open(config)
    config.write_text('{"mode": "yolo"}\n', encoding="utf-8")
    assert book.open(config).value("mode") == "yolo"
    assert draft.value("mode") == "yolo"


def test_command_lines_quote_and_never_carry_a_secret() -> None:
    assert config_set_commands(KEY, 7) == [f"msd config-set {KEY} 7"]
    assert config_set_commands("mode", "yolo") == ["msd config-set mode yolo"]
    line = config_set_commands("project_code", "it's $HOME")[0]
    assert shlex.split(line) == ["msd", "config-set", "project_code", "it's $HOME"]
    # every value argument reads back as exactly the value (config-set's own coercion)
    for key, value in (("project_code", "007"), ("mode", "yolo"), (KEY, 2.5),
                       ("workflow.research", False), ("context_window", 1000)):
        raw = shlex.split(config_set_commands(key, value)[0])[-1]
        vt = schema.value_type_for(key)
        assert vt is not None
        got = vt.from_str(raw)
        assert type(got) is type(value), (key, raw)
        assert got == value, (key, raw)
    assert config_set_commands("models", {"planning": "opus"}) == [
        "msd config-set models.planning opus"]
    assert config_set_commands("context_window", MISSING) == [
        "msd config-set context_window null"]
    secret = "sk-live-0123456789"
    line = command_line("brave_search", secret)
    assert line == "msd secrets set brave_search --stdin"
    assert secret not in line
    assert copyable_value("brave_search", secret) is None
    assert copyable_value("brave_search", True) == "true"
    assert command_line("brave_search", True) == "msd config-set brave_search true"
    assert copyable_value(KEY, InvalidInput("x", "7x")) is None
