"""``core/common/os_text``: argv and file names that are not UTF-8 — refused as values, shown
as paths."""

from __future__ import annotations

import os

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.os_text import decode_utf8, is_utf8_text, require_utf8, shown_path

LATIN1 = os.fsdecode(b"caf\xe9")  # what Python makes of a Latin-1 argument or file name


def test_an_undecodable_argument_is_refused_by_name() -> None:
    assert not is_utf8_text(LATIN1)
    assert require_utf8("café", "the VALUE argument") == "café"
    with pytest.raises(MsdError, match=r"^the VALUE argument is not valid UTF-8 text"):
        require_utf8(LATIN1, "the VALUE argument")


def test_bytes_are_decoded_strictly_and_the_bad_byte_named() -> None:
    assert decode_utf8("é".encode(), "standard input") == "é"
    with pytest.raises(MsdError) as info:
        decode_utf8(b"ab\xffc", "standard input")
    assert str(info.value).startswith("standard input is not valid UTF-8 (byte 0xff at offset 2)")


def test_a_path_is_shown_with_its_odd_bytes_and_stays_usable(tmp_path: os.PathLike[str]) -> None:
    assert shown_path(f"/x/{LATIN1}") == "/x/caf\\xe9"
    assert shown_path("/x/a\ud800") == "/x/a\\ud800"  # not from a byte: shown as a code point
    folder = os.path.join(os.fsdecode(tmp_path), LATIN1)
    os.mkdir(folder)  # the same bytes again: the folder opens
    assert os.fsencode(folder).endswith(b"caf\xe9")
