"""A lazy pattern compiles on first use and then answers exactly as ``re`` does."""

from __future__ import annotations

import re

import pytest

from msd_desktop.core.common import lazy_re


def test_nothing_is_compiled_until_first_use() -> None:
    pattern = lazy_re.compile(r"(?P<word>[a-z]+)(\d*)", re.IGNORECASE)
    assert "match" not in vars(pattern)  # not compiled yet
    found = pattern.match("Abc12")
    assert found is not None
    assert found.group("word") == "Abc"
    assert "match" in vars(pattern)  # the compiled pattern's own method from now on
    assert vars(pattern)["match"].__self__ is vars(pattern)["search"].__self__


def _spans(match: re.Match[str] | None) -> tuple[int, int] | None:
    return match.span() if match is not None else None


def test_every_method_answers_as_re() -> None:
    source, flags, text = r"(\w)(\d)?", re.ASCII, "a1 b c3 é4"
    plain = re.compile(source, flags)
    for first in ("findall", "sub", "search"):  # whichever method compiles it
        lazy = lazy_re.compile(source, flags)
        getattr(lazy, first)(*(("x", text) if first == "sub" else (text,)))
        assert lazy.findall(text) == plain.findall(text)
        assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in plain.finditer(text)]
        assert lazy.sub(r"<\1>", text, 2) == plain.sub(r"<\1>", text, 2)
        assert lazy.subn("x", text) == plain.subn("x", text)
        assert lazy.split(text, 1) == plain.split(text, 1)
        assert _spans(lazy.search(text, 3)) == _spans(plain.search(text, 3))
        assert _spans(lazy.match(text, 3)) == _spans(plain.match(text, 3))
        assert lazy.fullmatch("b") is not None
        assert lazy.fullmatch("bb") is None


def test_a_bad_pattern_fails_where_it_is_used() -> None:
    pattern = lazy_re.compile(r"(unclosed")  # no error at import time
    with pytest.raises(re.error):
        pattern.search("x")
