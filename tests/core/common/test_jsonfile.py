"""Tolerant JSON reading (never raises for content), JS-compatible output, atomic safe writes."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.common.errors import ConflictError, MsdError
from msd_desktop.core.common.jsonfile import (
    Fingerprint,
    atomic_write_json,
    atomic_write_text,
    cleanup_stale_temps,
    dump_json,
    fingerprint_of,
    read_json_file,
)
from tests.prerequisites import require_node
from tests.property_examples import examples


def _write(path: Path, data: bytes | str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return path


# --- reading ---------------------------------------------------------------------------


def test_missing_file_is_not_an_error(tmp_path: Path) -> None:
    jf = read_json_file(tmp_path / "nope.json")
    assert (jf.exists, jf.ok, jf.error, jf.data, jf.fingerprint) == (False, False, None, None, None)


def test_good_file_keeps_order_and_fingerprint(tmp_path: Path) -> None:
    text = '{"z": 1, "a": {"y": 2, "b": 3}, "m": [1, 2]}'
    path = _write(tmp_path / "c.json", text)
    jf = read_json_file(path)
    assert jf.ok
    assert jf.text == text
    assert list(jf.data) == ["z", "a", "m"]
    assert list(jf.data["a"]) == ["y", "b"]
    assert jf.fingerprint == fingerprint_of(path)
    assert jf.fingerprint is not None
    assert jf.fingerprint.size == len(text)


def test_duplicate_keys_last_value_first_position(tmp_path: Path) -> None:
    jf = read_json_file(_write(tmp_path / "c.json", '{"a": 1, "b": 2, "a": 3}'))
    assert jf.data == {"a": 3, "b": 2}
    assert list(jf.data) == ["a", "b"]


def test_trailing_comma_reports_line_and_column(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.json", '{\n  "a": 1,\n  "b": 2,\n}\n')
    jf = read_json_file(path)
    assert jf.exists
    assert not jf.ok
    assert jf.data is None
    assert jf.error is not None
    assert jf.error.reason == "config_unparseable"
    assert (jf.error.line, jf.error.column) == (4, 1)
    assert jf.error.message.startswith(f"{path}: line 4, column 1: ")
    assert jf.fingerprint is not None  # conflict detection still works on broken files


def test_missing_comma_message(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.json", '{\n  "a": 1\n  "b": 2\n}')
    jf = read_json_file(path)
    assert jf.error is not None
    assert jf.error.message == f"{path}: line 3, column 3: Expecting ',' delimiter"


def test_bom_is_unparseable_with_clear_message(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.json", b'\xef\xbb\xbf{"a": 1}')
    jf = read_json_file(path)
    assert jf.error is not None
    assert jf.error.reason == "config_unparseable"
    assert "byte order mark" in jf.error.message
    assert str(path) in jf.error.message


def test_invalid_utf8_reports_position(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.json", b'{\n  "a": "caf\xe9"\n}')
    jf = read_json_file(path)
    assert jf.error is not None
    assert jf.error.reason == "config_unparseable"
    assert (jf.error.line, jf.error.column) == (2, 12)
    assert "invalid UTF-8" in jf.error.message
    assert "0xe9" in jf.error.message


@pytest.mark.parametrize(
    ("text", "found"),
    [("[]", "an array"), ("null", "null"), ("0", "a number"), ('"x"', "a string"),
     ("true", "a boolean")],
)
def test_non_object_top_level(tmp_path: Path, text: str, found: str) -> None:
    path = _write(tmp_path / "c.json", text)
    jf = read_json_file(path)
    assert jf.error is not None
    assert jf.error.reason == "config_unparseable"
    assert jf.error.message == f"{path}: expected a JSON object at the top level, found {found}"


@pytest.mark.parametrize("text", ["", "   \n", '{"a": NaN}', '{"a": Infinity}', "{'a': 1}", "{"])
def test_other_invalid_json(tmp_path: Path, text: str) -> None:
    jf = read_json_file(_write(tmp_path / "c.json", text))
    assert jf.error is not None
    assert jf.error.reason == "config_unparseable"


def test_deep_nesting_does_not_crash(tmp_path: Path) -> None:
    jf = read_json_file(_write(tmp_path / "c.json", '{"a":' + "[" * 100_000 + "]" * 100_000 + "}"))
    assert jf.error is not None
    assert jf.error.reason == "config_unparseable"


def test_directory_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "c.json").mkdir()
    jf = read_json_file(tmp_path / "c.json")
    assert jf.exists
    assert jf.error is not None
    assert jf.error.reason == "config_unreadable"
    assert jf.error.message == f"{tmp_path / 'c.json'} could not be read (EISDIR)"


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_permission_denied_is_unreadable(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.json", "{}")
    path.chmod(0)
    try:
        jf = read_json_file(path)
    finally:
        path.chmod(0o644)
    assert jf.error is not None
    assert jf.error.reason == "config_unreadable"
    assert "(EACCES)" in jf.error.message


def test_ten_megabyte_file(tmp_path: Path) -> None:
    big = {"pad": "x" * (10 * 1024 * 1024), "k": 1}
    good = _write(tmp_path / "good.json", json.dumps(big, indent=2))
    assert read_json_file(good).data["k"] == 1
    bad_text = json.dumps(big, indent=2)[:-1] + ',\n"z": }'
    jf = read_json_file(_write(tmp_path / "bad.json", bad_text))
    assert jf.error is not None
    assert jf.error.line == bad_text.count("\n") + 1


# --- writing ---------------------------------------------------------------------------


def test_dump_json_shape() -> None:
    data = {"a": [], "b": {}, "c": [1, {"d": None}], "é": "ü\n\"", "t": True, "f": 2.0}
    assert dump_json(data) == (
        '{\n  "a": [],\n  "b": {},\n  "c": [\n    1,\n    {\n      "d": null\n    }\n  ],\n'
        '  "é": "ü\\n\\"",\n  "t": true,\n  "f": 2\n}\n'
    )


def test_dump_json_escapes_lone_surrogates() -> None:
    assert dump_json({"s": "\ud800"}) == '{\n  "s": "\\ud800"\n}\n'


def test_dump_json_matches_node(tmp_path: Path) -> None:
    require_node()
    data = {"x": [1.5, 1e-7, 1e21, 9007199254740991, -0.0, 1e16, 123e-20],
            "s": "a\u2028b\x01\x7f🎉", "nested": {"k": [True, False, None, {}]}}
    src = _write(tmp_path / "in.json", json.dumps(data))
    node = subprocess.run(
        ["node", "-e", "const fs=require('fs');process.stdout.write(JSON.stringify("
         "JSON.parse(fs.readFileSync(process.argv[1],'utf8')),null,2)+'\\n')", str(src)],
        capture_output=True, text=True, check=True,
    )
    assert dump_json(json.loads(src.read_text())) == node.stdout


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
    max_leaves=20,
)


@settings(max_examples=examples(80), deadline=None)
@given(st.dictionaries(st.text(), json_values))
def test_dump_json_round_trips(data: dict[str, Any]) -> None:
    # Integral floats are written as integers (as JavaScript does); compare numbers as floats.
    def norm(value: Any) -> Any:
        if isinstance(value, bool) or value is None or isinstance(value, str):
            return value
        if isinstance(value, (int, float)):
            return float(value)
        if isinstance(value, list):
            return [norm(v) for v in value]
        return {k: norm(v) for k, v in value.items()}

    assert norm(json.loads(dump_json(data))) == norm(data)


def test_atomic_write_text_keeps_mode_and_leaves_no_temp(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.json", "{}")
    path.chmod(0o640)
    atomic_write_text(path, '{"a": 1}\n')
    assert path.read_text() == '{"a": 1}\n'
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json"]


def test_atomic_write_text_new_file_honours_umask(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        atomic_write_text(tmp_path / "new.json", "{}\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640


def test_atomic_write_text_refuses_a_symlinked_target(tmp_path: Path) -> None:
    target = _write(tmp_path / "real" / "c.json", "{}")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    with pytest.raises(MsdError, match="is a symbolic link; not written through it"):
        atomic_write_text(link, "{\"a\": 1}\n")
    assert link.is_symlink()
    assert target.read_text() == "{}"


def test_failed_write_removes_temp_and_keeps_original(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.json", '{"keep": true}')
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(path, "\ud800")  # cannot be encoded: fails after the temp exists
    assert path.read_text() == '{"keep": true}'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json"]


def test_round_trip_keeps_unknown_keys_and_order(tmp_path: Path) -> None:
    original = {"zeta": 1, "unknown_thing": {"nested": [1, 2]}, "alpha": "x", "model_profile": "a"}
    path = _write(tmp_path / "c.json", dump_json(original))
    jf = read_json_file(path)
    jf.data["model_profile"] = "quality"
    atomic_write_json(path, jf.data, expected=jf.fingerprint)
    assert path.read_text() == dump_json(original).replace('"a"\n}', '"quality"\n}')
    assert list(read_json_file(path).data) == ["zeta", "unknown_thing", "alpha", "model_profile"]


def test_conflict_when_file_changed(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.json", '{"a": 1}')
    jf = read_json_file(path)
    _write(path, '{"a": 2}')
    with pytest.raises(ConflictError) as info:
        atomic_write_json(path, {"a": 3}, expected=jf.fingerprint)
    assert str(info.value) == f"{path} changed on disk since it was read; reload before saving"
    assert path.read_text() == '{"a": 2}'


def test_conflict_when_file_deleted_or_created(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.json", '{"a": 1}')
    fp = read_json_file(path).fingerprint
    path.unlink()
    with pytest.raises(ConflictError):
        atomic_write_json(path, {}, expected=fp)
    assert not path.exists()
    _write(path, "{}")
    with pytest.raises(ConflictError):
        atomic_write_json(path, {"new": 1}, expected=None)
    assert path.read_text() == "{}"


def test_expected_none_creates_and_touch_is_no_conflict(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    fp = atomic_write_json(path, {"a": 1}, expected=None)
    assert fp == fingerprint_of(path)
    later = time.time() + 100
    os.utime(path, (later, later))  # same bytes, new mtime: not a conflict
    fp2 = atomic_write_json(path, {"a": 2}, expected=fp)
    assert isinstance(fp2, Fingerprint)
    assert read_json_file(path).data == {"a": 2}


def test_atomic_write_json_with_lock_dir(tmp_path: Path) -> None:
    planning = tmp_path / ".planning"
    planning.mkdir()
    atomic_write_json(planning / "config.json", {"x": 1}, lock_dir=planning)
    assert read_json_file(planning / "config.json").data == {"x": 1}
    assert not (planning / ".lock").exists()


def test_cleanup_stale_temps(tmp_path: Path) -> None:
    old = _write(tmp_path / ".config.json.tmp-abc", "x")
    fresh = _write(tmp_path / ".config.json.tmp-def", "x")
    dead = subprocess.Popen(["true"])
    dead.wait()
    theirs_dead = _write(tmp_path / f"config.json.tmp.{dead.pid}", "x")
    theirs_live = _write(tmp_path / f"config.json.tmp.{os.getpid()}", "x")
    other = _write(tmp_path / ".other.json.tmp-abc", "x")
    past = time.time() - 3600
    os.utime(old, (past, past))
    os.utime(other, (past, past))
    removed = cleanup_stale_temps(tmp_path, "config.json")
    assert sorted(removed) == sorted([old, theirs_dead])
    assert fresh.exists()
    assert theirs_live.exists()
    assert other.exists()


def test_write_cleans_up_killed_writers(tmp_path: Path) -> None:
    leftover = _write(tmp_path / ".c.json.tmp-zzz", "partial")
    past = time.time() - 3600
    os.utime(leftover, (past, past))
    atomic_write_json(tmp_path / "c.json", {"a": 1})
    assert not leftover.exists()


def test_io_failure_is_a_user_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(MsdError, match=r"^Could not write "):
        atomic_write_json(tmp_path / "file" / "c.json", {"a": 1})


def test_fifo_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "c.json"
    os.mkfifo(fifo)
    jf = read_json_file(fifo)
    assert jf.error is not None
    assert jf.error.reason == "config_unreadable"
    assert "(ENODEV)" in jf.error.message
    assert fingerprint_of(fifo) is None
