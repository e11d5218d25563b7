"""The draft's text edit (the Settings JSON tab's text that does not parse, or a fix typed over
a config.json the core cannot use), without Qt: dirty, blocking Save with its line and column,
written over an unusable file once it parses (API keys as the file had them), kept in the
crash record with every key masked. Real files in a temporary folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import ConflictError, MsdError
from msd_desktop.core.config.draft import TEXT_KEY, ConfigDraft, write_planned
from msd_desktop.core.config.draft_recovery import DraftRecovery
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.secrets.masking import mask, secrets_in_text

SECRET = "sk-live-0123456789abcdef"
BROKEN = '{\n  "brave_search": "' + SECRET + '",\n  "mode": "yolo",\n}\n'


@pytest.fixture
def good(tmp_path: Path) -> Path:
    path = tmp_path / "good" / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"mode": "interactive"}, indent=2) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    path = tmp_path / "broken" / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    path.write_text(BROKEN, encoding="utf-8")
    return path


def test_text_that_does_not_parse_is_an_unsaved_edit_that_blocks_save(good: Path) -> None:
    draft = ConfigDraft(good)
    typed = '{\n  "mode": "yolo" oops\n}\n'
    draft.set(TEXT_KEY, typed)
    assert draft.dirty
    assert draft.unsaved_count == 1
    assert draft.value(TEXT_KEY) == typed
    assert draft.text_problem is not None
    assert (draft.text_problem.line, draft.text_problem.column) == (2, 18)
    assert not draft.can_save
    with pytest.raises(MsdError, match="line 2, column 18"):
        draft.plan_save()
    draft.set(TEXT_KEY, None)  # what undo and Revert do
    assert not draft.dirty
    assert TEXT_KEY not in draft.errors
    draft.set(TEXT_KEY, typed)
    draft.revert()
    assert not draft.dirty
    assert draft.text_edit is None


def test_a_fix_over_an_unusable_file_is_saved_with_the_files_own_key(broken: Path) -> None:
    draft = ConfigDraft(broken)
    assert draft.load_error is not None
    assert not draft.dirty
    shown = BROKEN.replace(SECRET, mask(SECRET)).replace('"yolo",', '"yolo"')  # as the tab
    draft.set(TEXT_KEY, shown)
    assert draft.can_save
    draft.save()
    assert json.loads(broken.read_text(encoding="utf-8")) == {"brave_search": SECRET,
                                                              "mode": "yolo"}
    assert not draft.dirty
    assert draft.load_error is None


def test_a_fix_that_parses_is_the_drafts_content_and_takes_field_edits(broken: Path) -> None:
    draft = ConfigDraft(broken)
    assert not draft.editable
    assert draft.value("mode") is MISSING
    draft.set(TEXT_KEY, '{\n  "mode": "yolo",\n}')  # still broken: nothing to edit
    assert not draft.editable
    shown = BROKEN.replace(SECRET, mask(SECRET)).replace('"yolo",', '"yolo"')
    draft.set(TEXT_KEY, shown)
    assert draft.editable
    assert draft.value("mode") == "yolo"
    assert draft.value("brave_search") == SECRET  # the file's own key, not its mask
    assert draft.set("mode", "interactive") is None
    assert draft.pending == {}  # the edit is in the text, which stays what Save writes
    assert draft.text_edit is not None
    assert '"mode": "interactive"' in draft.text_edit
    assert SECRET not in draft.text_edit
    assert draft.set("mode", "nonsense") is not None  # refused: blocks Save, text untouched
    assert '"mode": "interactive"' in draft.text_edit
    assert not draft.can_save
    with pytest.raises(MsdError):
        draft.plan_save()
    draft.set("mode", "interactive")
    assert draft.can_save
    draft.save()
    assert json.loads(broken.read_text(encoding="utf-8")) == {"brave_search": SECRET,
                                                              "mode": "interactive"}
    assert draft.load_error is None
    assert not draft.dirty


def test_a_key_typed_into_the_fix_is_refused(broken: Path) -> None:
    draft = ConfigDraft(broken)
    draft.set(TEXT_KEY, '{"brave_search": "sk-typed-999988887777"}')
    assert not draft.can_save
    assert draft.errors[TEXT_KEY].startswith("brave_search: an API key is not written")
    with pytest.raises(MsdError):
        draft.plan_save()
    assert broken.read_text(encoding="utf-8") == BROKEN


def test_a_fix_is_not_written_over_a_file_changed_since_it_was_read(broken: Path) -> None:
    draft = ConfigDraft(broken)
    draft.set(TEXT_KEY, '{"mode": "yolo"}')
    planned = draft.plan_save()
    broken.write_text(BROKEN.replace("yolo", "interactive"), encoding="utf-8")
    with pytest.raises(ConflictError):
        write_planned(planned)
    assert "interactive" in broken.read_text(encoding="utf-8")


def test_the_crash_record_keeps_the_text_with_keys_masked(tmp_path: Path, good: Path) -> None:
    recovery = DraftRecovery(tmp_path / "state" / "unsaved")
    draft = ConfigDraft(good)
    typed = '{\n  "exa_search": "sk-typed-1234567890abcd" ?\n}\n'
    draft.set(TEXT_KEY, typed)
    recovery.write(draft)
    record = recovery.record_path(good).read_text(encoding="ascii")
    assert "sk-typed-1234567890abcd" not in record
    fresh = ConfigDraft(good)
    got = recovery.restore(fresh)
    assert got is not None
    assert got.keys == [TEXT_KEY]
    assert fresh.text_edit == typed.replace("sk-typed-1234567890abcd",
                                            mask("sk-typed-1234567890abcd"))
    assert fresh.dirty
    assert not fresh.can_save


def test_a_fix_over_an_unusable_file_comes_back_after_a_crash(tmp_path: Path,
                                                              broken: Path) -> None:
    recovery = DraftRecovery(tmp_path / "state" / "unsaved")
    draft = ConfigDraft(broken)
    draft.set(TEXT_KEY, '{"mode": "yolo"}')
    recovery.write(draft)
    fresh = ConfigDraft(broken)
    got = recovery.restore(fresh)
    assert got is not None
    assert fresh.text_edit == '{"mode": "yolo"}'
    assert fresh.can_save


def test_secrets_are_found_in_text_that_does_not_parse() -> None:
    text = '{"brave_search": "' + SECRET + '", "exa_search": "****abcd", oops'
    assert secrets_in_text(text, {"brave_search", "exa_search"}) == {"brave_search": SECRET}
