"""The three-way picture behind "Keep mine", the JSON tab's text ↔ edits, and secrets masked.

Real files on disk and a real :class:`ConfigDraft`; no widgets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from msd_desktop.core.config.conflict import (
    Side,
    apply_pending,
    masked_value,
    merge_preview,
    preview_for_draft,
)
from msd_desktop.core.config.draft import UNSET, ConfigDraft, InvalidInput
from msd_desktop.core.config.json_edit import (
    display_data,
    document_text,
    edits_between,
    key_position,
    parse_document,
)
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.secrets.masking import mask, mask_document, mask_text, unmask_document

SECRET = "sk-live-0123456789abcdef"
SECRETS = {"brave_search"}

# Known keys with small value spaces: the edits the property tests make.
BOOL_KEYS = ["audit.enabled", "fast_mode.enabled", "intel.enabled", "external_job.enabled"]
ENUM_KEYS = {"context_profile": ["dev", "research", "review"],
             "code_quality.fallow.scope": ["phase", "repo"]}


def _write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def _nest(flat: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in flat.items():
        node = out
        *parents, last = key.split(".")
        for p in parents:
            node = node.setdefault(p, {})
        node[last] = value
    return out


unknown_names = st.sampled_from(["zz_custom", "team_notes", "x_flag", "legacy_thing"])
unknown_values = st.one_of(st.integers(-5, 5), st.booleans(), st.text("abc", max_size=3))
known_values = st.one_of(
    *[st.tuples(st.just(k), st.booleans()) for k in BOOL_KEYS],
    *[st.tuples(st.just(k), st.sampled_from(v)) for k, v in ENUM_KEYS.items()],
)


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(base, theirs, pending): a file with unknown keys, an outside change, pending edits."""
    base_flat = dict(draw(st.lists(known_values, max_size=4)))
    base = _nest(base_flat)
    for name, value in draw(st.lists(st.tuples(unknown_names, unknown_values), max_size=3)):
        base[name] = value
    base = dict(draw(st.permutations(list(base.items()))))  # any key order
    theirs = json.loads(json.dumps(base))
    for name, value in draw(st.lists(st.tuples(unknown_names, unknown_values), max_size=3)):
        theirs[name] = value  # changed or added on disk
    for key, value in draw(st.lists(known_values, max_size=2)):
        theirs = _nest_into(theirs, key, value)
    pending = dict(draw(st.lists(known_values, max_size=3)))
    for key in draw(st.lists(st.sampled_from(BOOL_KEYS), max_size=1)):
        pending[key] = UNSET
    return base, theirs, pending


def _nest_into(data: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(data))
    node = out
    *parents, last = key.split(".")
    for p in parents:
        if not isinstance(node.get(p), dict):
            node[p] = {}
        node = node[p]
    node[last] = value
    return out


def _get(data: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(data, dict) or part not in data:
            return MISSING
        data = data[part]
    return data


@given(scenarios())
def test_keep_mine_keeps_disk_only_changes_unknown_keys_and_order(
    scenario: tuple[dict[str, Any], dict[str, Any], dict[str, Any]],
) -> None:
    base, theirs, pending = scenario
    preview = merge_preview(base, theirs, pending)
    result = preview.result
    assert result is not None
    # every key changed only on disk survives with the disk's value
    for path in preview.disk_only:
        assert _get(result, path) == _get(theirs, path), path
    # unknown keys are theirs', in theirs' order; new keys only come after them
    assert list(result)[: len(theirs)] == [k for k in theirs if k in result]
    for name in ("zz_custom", "team_notes", "x_flag", "legacy_thing"):
        assert _get(result, name) == _get(theirs, name)
    # every pending edit wins (the default choice is mine)
    for key, value in pending.items():
        assert _get(result, key) == (MISSING if value is UNSET else value), key
    # conflicts are exactly the keys both sides changed to different values
    for row in preview.keys:
        if row.conflict:
            assert row.mine_changed
            assert row.disk_changed
            assert _get(theirs, row.key) != row.mine


@given(scenarios(), st.data())
def test_choosing_theirs_drops_exactly_that_edit(
    scenario: tuple[dict[str, Any], dict[str, Any], dict[str, Any]], data: st.DataObject
) -> None:
    base, theirs, pending = scenario
    conflicts = merge_preview(base, theirs, pending).conflicts
    chosen = data.draw(st.lists(st.sampled_from(conflicts), unique=True)) if conflicts else []
    preview = merge_preview(base, theirs, pending, choices=dict.fromkeys(chosen, Side.THEIRS))
    assert preview.dropped == chosen
    assert preview.result == apply_pending(theirs, pending, set(chosen))
    for key in chosen:
        assert _get(preview.result, key) == _get(theirs, key)


@given(scenarios(), st.data())
def test_the_preview_is_what_keep_mine_and_save_write(
    tmp_path_factory: Any,
    scenario: tuple[dict[str, Any], dict[str, Any], dict[str, Any]],
    data: st.DataObject,
) -> None:
    base, theirs, pending = scenario
    path = tmp_path_factory.mktemp("conflict") / ".planning" / "config.json"
    _write(path, base)
    draft = ConfigDraft(path)
    for key, value in pending.items():
        assert draft.set(key, value) is None
    # the draft's own result and this module's application of the edits agree
    assert apply_pending(draft.data, draft.pending) == draft.result_data()
    _write(path, theirs)
    conflicts = preview_for_draft(draft).conflicts
    chosen = data.draw(st.lists(st.sampled_from(conflicts), unique=True)) if conflicts else []
    preview = preview_for_draft(draft, dict.fromkeys(chosen, Side.THEIRS))
    # what the form does on Keep mine with these choices
    draft.reload(keep_mine=True)
    for key in preview.dropped:
        draft.discard(key)
    assert draft.result_data() == preview.result
    if draft.dirty:
        draft.save()
    assert json.loads(path.read_text(encoding="utf-8")) == preview.result


def test_conflict_rows_name_each_side(tmp_path: Path) -> None:
    base = {"context_profile": "dev", "zz_custom": 1, "intel": {"enabled": True}}
    theirs = {"context_profile": "review", "zz_custom": 2, "intel": {"enabled": True}}
    preview = merge_preview(base, theirs, {"context_profile": "research",
                                            "intel.enabled": False})
    rows = {row.key: row for row in preview.keys}
    assert rows["context_profile"].conflict
    assert (rows["context_profile"].base, rows["context_profile"].theirs,
            rows["context_profile"].mine, rows["context_profile"].result) == (
        "dev", "review", "research", "research")
    assert not rows["intel.enabled"].conflict
    assert rows["intel.enabled"].result is False
    assert rows["zz_custom"].disk_changed
    assert not rows["zz_custom"].mine_changed
    assert preview.result == {"context_profile": "research", "zz_custom": 2,
                              "intel": {"enabled": False}}
    # the same value on both sides is no conflict
    same = merge_preview(base, theirs, {"context_profile": "review"})
    assert same.conflicts == []
    # an invalid pending edit is listed, not applied
    bad = merge_preview(base, theirs, {"context_profile": "nope"}, errors={"context_profile"})
    assert bad.keys[0].invalid
    assert bad.result == theirs


def test_unusable_file_on_disk_has_no_result(tmp_path: Path) -> None:
    path = tmp_path / ".planning" / "config.json"
    _write(path, {"context_profile": "dev"})
    draft = ConfigDraft(path)
    draft.set("context_profile", "review")
    path.write_text('{"context_profile": "dev",\n  oops}\n', encoding="utf-8")
    preview = preview_for_draft(draft)
    assert preview.result is None
    assert preview.theirs is None
    assert preview.theirs_error is not None
    assert "line 2" in preview.theirs_error
    assert preview.result_diff(SECRETS) == []


def test_secrets_are_masked_in_every_text_and_diff(tmp_path: Path) -> None:
    base = {"brave_search": SECRET, "context_profile": "dev"}
    theirs = {"brave_search": SECRET + "XYZW", "context_profile": "review"}
    preview = merge_preview(base, theirs, {"context_profile": "research"})
    shown = [preview.text(w, SECRETS) for w in ("base", "theirs", "mine", "result")]
    shown += preview.result_diff(SECRETS)
    shown += [masked_value(r.key, v, SECRETS) for r in preview.keys
              for v in (r.base, r.theirs, r.mine, r.result)]
    joined = "\n".join(shown)
    assert SECRET not in joined
    assert "0123456789" not in joined
    assert mask(SECRET) in joined
    assert mask(SECRET + "XYZW") in joined
    assert masked_value("context_profile", MISSING, SECRETS) == "(not set)"


# ---- masking helpers ------------------------------------------------------------------------


def test_mask_document_round_trip_and_edits() -> None:
    data = {"brave_search": SECRET, "exa_search": True, "firecrawl": "", "x": SECRET}
    masked, originals = mask_document(data, {"brave_search", "exa_search", "firecrawl"})
    assert masked["brave_search"] == mask(SECRET)
    assert masked["exa_search"] is True
    assert masked["firecrawl"] == ""
    assert masked["x"] == SECRET
    assert originals == {"brave_search": SECRET}
    assert unmask_document(masked, originals) == data
    edited = dict(masked, brave_search="****other")
    assert unmask_document(edited, originals)["brave_search"] == "****other"
    assert SECRET not in mask_text(f'"brave_search": "{SECRET}", raw {SECRET}', [SECRET])
    escaped = 'sk-"quoted"-0123456789'
    assert "quoted" not in mask_text(json.dumps({"k": escaped}), [escaped])


# ---- the JSON tab's text and edits -----------------------------------------------------------


def test_text_masks_and_parsing_maps_the_mask_back(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    _write(path, {"brave_search": SECRET, "zz_custom": {"keep": [1, 2]}, "context_profile": "dev"})
    draft = ConfigDraft(path)
    doc = document_text(display_data(draft))
    assert SECRET not in doc.text
    assert mask(SECRET) in doc.text
    assert list(json.loads(doc.text)) == ["brave_search", "zz_custom", "context_profile"]
    typed = doc.text.replace('"dev"', '"review"')
    parsed, problem = parse_document(typed, doc.originals)
    assert problem is None
    assert parsed is not None
    assert parsed["brave_search"] == SECRET  # never the mask
    edits = edits_between(doc.data, parsed)
    assert edits == [("context_profile", "review")]
    for key, value in edits:
        draft.set(key, value)
    assert draft.result_data() == {"brave_search": SECRET, "zz_custom": {"keep": [1, 2]},
                                   "context_profile": "review"}


def test_parse_errors_and_key_positions_have_line_and_column() -> None:
    parsed, problem = parse_document('{\n  "a": 1,\n  "b" 2\n}', {})
    assert parsed is None
    assert problem is not None
    assert (problem.line, problem.column) == (3, 7)
    assert "line 3, column 7" in problem.message
    text = '{\n  "workflow": {\n    "research": "yes"\n  },\n  "x": 1\n}'
    assert key_position(text, "workflow.research") == (3, 5)
    assert key_position(text, "workflow.nothing") == (2, 3)
    assert key_position(text, "absent") == (1, 1)
    assert key_position("{bad", "x") == (1, 1)


def test_edits_route_through_form_keys_and_the_core_validators(tmp_path: Path) -> None:
    before = {"intel": {"enabled": True}, "model_overrides": {"planner": "opus"},
              "zz_custom": 1}
    after = {"intel": {"enabled": False}, "model_overrides": {"planner": "sonnet"},
             "zz_custom": 1, "features": {"new_one": True}, "brave_search": SECRET}
    edits = dict(edits_between(before, after))
    assert edits["intel.enabled"] is False
    assert edits["model_overrides"] == {"planner": "sonnet"}  # a group key takes its object
    assert edits["features.new_one"] is True
    assert isinstance(edits["brave_search"], InvalidInput)  # plaintext never staged
    assert SECRET not in repr(edits["brave_search"])
    assert "zz_custom" not in edits
    # removing an unknown key is an unset; changing one is refused by config-set's check
    assert edits_between(before, {k: v for k, v in before.items() if k != "zz_custom"}) == [
        ("zz_custom", UNSET)]
    path = tmp_path / "config.json"
    _write(path, before)
    draft = ConfigDraft(path)
    for key, value in edits_between(before, dict(before, zz_custom=2)):
        draft.set(key, value)
    assert "zz_custom" in draft.errors
    assert "Unknown config key" in draft.errors["zz_custom"]
    # an object replaced by a scalar: its members go and the scalar is checked as itself
    replaced = dict(edits_between(before, dict(before, intel=5)))
    assert replaced == {"intel": 5, "intel.enabled": UNSET}


@given(scenarios(), st.data())
def test_text_edits_reach_the_draft_exactly(
    tmp_path_factory: Any,
    scenario: tuple[dict[str, Any], dict[str, Any], dict[str, Any]],
    data: st.DataObject,
) -> None:
    """Any change of known keys typed into the text is what the draft then writes; the
    file's unknown keys and its key order stay."""
    base, _theirs, changes = scenario
    path = tmp_path_factory.mktemp("text") / "config.json"
    _write(path, base)
    draft = ConfigDraft(path)
    shown = document_text(display_data(draft))
    typed = json.loads(json.dumps(shown.data))
    for key, value in changes.items():
        if value is UNSET:
            parent = _get(typed, key.rsplit(".", 1)[0]) if "." in key else typed
            if isinstance(parent, dict):
                parent.pop(key.rsplit(".", 1)[-1], None)
        else:
            typed = _nest_into(typed, key, value)
    if data.draw(st.booleans()):  # and the person deletes an unknown key
        present = [n for n in ("zz_custom", "team_notes", "x_flag", "legacy_thing")
                   if n in typed]
        if present:
            del typed[present[0]]
    parsed, problem = parse_document(json.dumps(typed, indent=2), shown.originals)
    assert problem is None
    assert parsed is not None
    for key, value in edits_between(shown.data, parsed):
        draft.set(key, value)
    assert not draft.errors
    result = draft.result_data()
    # the same document, except that an emptied parent object stays (config-set's unset)
    assert _strip_empty(result) == _strip_empty(parsed)
    kept = [k for k in base if k in result]
    assert list(result)[: len(kept)] == kept


def _strip_empty(data: Any) -> Any:
    if not isinstance(data, dict):
        return data
    out = {k: _strip_empty(v) for k, v in data.items()}
    return {k: v for k, v in out.items() if v != {}}
