"""``core/common/readback``: a document is written only when our own reader reads it back.

The caps are the reader's constants (``safe_read.LIMITS``, ``MAX_DIGITS``, ``MAX_DEPTH``): the
boundary cases are built from them, and a property test checks that the check and the reader
agree on every generated document.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.common import readback, safe_read
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.jsonfile import dump_json, parse_json_text, read_json_file
from msd_desktop.core.common.readback import (
    UnreadableWriteError,
    check_document,
    document_problem,
)
from tests.property_examples import examples

#: The size cap used here instead of 16 MiB (the reader's table is changed for the test, so the
#: reader and the check still share one number); the CLI tests write a real 20 MB value.
_SMALL_CAP = 64 * 1024


@pytest.fixture
def small_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(safe_read.LIMITS, "config", _SMALL_CAP)


def _nested(depth: int) -> dict[str, Any]:
    """A document whose deepest container is at ``depth`` (the top object counts as 1)."""
    value: Any = []
    for _ in range(depth - 2):
        value = [value]
    return {"k": value}


def _reader_accepts(data: dict[str, Any], tmp_path: Path) -> bool:
    path = tmp_path / "config.json"
    path.write_text(dump_json(data), encoding="utf-8", errors="surrogatepass")
    return read_json_file(path).ok


@pytest.mark.parametrize(("data", "words"), [
    ({"k": "1" * (safe_read.MAX_DIGITS + 1)}, "digits"),
    ({"1" * (safe_read.MAX_DIGITS + 1): True}, "digits"),
    (_nested(safe_read.MAX_DEPTH + 1), "nested deeper"),
    ({"k": "a\udcffb"}, "surrogate"),
    ({"a\ud800": 1}, "surrogate"),
    ({"k": "x" * (_SMALL_CAP + 1)}, "more than"),
])
def test_what_the_reader_refuses_is_not_written(tmp_path: Path, data: dict[str, Any],
                                                words: str, small_cap: None) -> None:
    assert not _reader_accepts(data, tmp_path)  # the premise: the reader refuses it
    problem = document_problem(data)
    assert problem is not None
    assert words in problem
    target = tmp_path / "out" / "config.json"
    with pytest.raises(UnreadableWriteError) as info:
        check_document(data, target)
    assert isinstance(info.value, MsdError)
    assert str(target) in str(info.value)
    assert "Nothing was written" in str(info.value)


@pytest.mark.parametrize("data", [
    {"k": "1" * safe_read.MAX_DIGITS},
    {"k": 10 ** (safe_read.MAX_DIGITS - 1)},  # a number: written as JavaScript spells it
    _nested(safe_read.MAX_DEPTH),
    {"k": "é — ✓ 𝄞"},
    {"k": "x" * (_SMALL_CAP - 100)},
])
def test_what_the_reader_accepts_passes(tmp_path: Path, data: dict[str, Any],
                                        small_cap: None) -> None:
    assert _reader_accepts(data, tmp_path)
    assert document_problem(data) is None
    check_document(data, tmp_path / "config.json")


def test_the_caps_are_the_readers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cap changed in the reader is the cap here (no copy of the numbers)."""
    small = {"k": "x" * 2000}
    assert document_problem(small) is None
    monkeypatch.setitem(safe_read.LIMITS, "config", 1024)
    assert document_problem(small) is not None
    assert readback.MAX_DEPTH is safe_read.MAX_DEPTH
    assert readback.MAX_DIGITS is safe_read.MAX_DIGITS


_json = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10 ** 1100), max_value=10 ** 1100)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.sampled_from("a1٣\ud800\udcff\x1b\"\\"), max_size=1100),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(alphabet="ab1\udcff", max_size=3), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=examples(60))
@given(st.dictionaries(st.text(max_size=4), _json, max_size=3))
def test_the_check_and_the_reader_agree(data: dict[str, Any]) -> None:
    """Passed by the check: the reader reads back the same document. Refused by the reader:
    refused by the check. (The check is stricter in one place: a surrogate *pair* held as two
    code points would read back as another character, so it is refused too.)"""
    parsed, error = parse_json_text(dump_json(data), "config.json")
    if document_problem(data) is None:
        assert error is None
        assert dump_json(parsed) == dump_json(data)  # numbers as JavaScript spells them
    if error is not None:
        assert document_problem(data) is not None
