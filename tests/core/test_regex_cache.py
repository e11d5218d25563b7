"""Compiled patterns kept between runs are the patterns ``re`` makes; a bad memo is ignored."""

from __future__ import annotations

import json
import os
import re
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from msd_desktop.core.common import regex_cache
from msd_desktop.core.common.safe_read import LIMITS

CORPUS: list[tuple[str | bytes, int]] = [
    (r"(?<![^\n\r\u2028\u2029])Phase:[\t \u00a0\u3000]*([0-9]+)", 0),
    (r"\*\*(?P<key>[A-Za-z ]+):\*\*[ \t]*(?P<value>[^\n\r]+)", re.IGNORECASE),
    (r"(?x) \b (?: foo | bar ) # a comment\n \d{2,4}", 0),
    (r"[\ud800-\udfff\u00ad\u0600-\u0605]", 0),  # lone surrogates in a character class
    (r"(?i)straße|ǅ", 0),
    (rb"\x00[\x80-\xff]+(?P<tail>.)", re.DOTALL),
    (r"^(a)(b)?(?(2)c|d)$", re.MULTILINE),
    (r"", 0),
]
SAMPLES = ["Phase: 12\n", "**Core Value:** ship it", "x foo1234", "\u00ad", "STRASSE ǆ", "abc",
           "ad", ""]


@pytest.fixture
def memo(tmp_path: Path) -> Iterator[Path]:
    regex_cache.uninstall()
    path = tmp_path / "cache" / "regex.json"
    yield path
    regex_cache.uninstall()


def _fresh(pattern: str | bytes, flags: int) -> re.Pattern:  # type: ignore[type-arg]
    """What ``re`` compiles without any memo."""
    from re import _compiler  # type: ignore[attr-defined]

    original = regex_cache._original or _compiler.compile
    return original(pattern, flags)  # type: ignore[no-any-return]


def _compile_all() -> list[re.Pattern]:  # type: ignore[type-arg]
    re.purge()  # past re's own in-process cache, to the compiler
    return [re.compile(p, f) for p, f in CORPUS]


def _same(compiled: re.Pattern, pattern: str | bytes, flags: int) -> None:  # type: ignore[type-arg]
    fresh = _fresh(pattern, flags)
    assert compiled == fresh  # CPython compares pattern, flags and the engine code
    assert compiled.groupindex == fresh.groupindex
    assert compiled.groups == fresh.groups
    assert compiled.flags == fresh.flags
    for sample in SAMPLES:
        text = sample.encode("utf-8", "surrogatepass") if isinstance(pattern, bytes) else sample
        got, want = compiled.search(text), fresh.search(text)
        assert (got and got.groups()) == (want and want.groups())


def test_a_second_run_rebuilds_every_pattern_from_the_memo(memo: Path) -> None:
    assert regex_cache.install(str(memo))
    first = _compile_all()
    assert regex_cache.stats()["new"] >= len(CORPUS)
    assert regex_cache.save()
    assert not regex_cache.save()  # nothing new since: nothing written
    regex_cache.uninstall()

    assert regex_cache.install(str(memo))  # the next run
    assert regex_cache.stats()["stored"] >= len(CORPUS)
    second = _compile_all()
    assert regex_cache.stats()["hits"] == len(CORPUS)
    assert regex_cache.stats()["new"] == 0
    for compiled, again, (pattern, flags) in zip(first, second, CORPUS, strict=True):
        _same(again, pattern, flags)
        assert again == compiled


def test_a_bad_pattern_is_refused_as_re_refuses_it(memo: Path) -> None:
    regex_cache.install(str(memo))
    re.purge()
    with pytest.raises(re.error, match="missing \\)"):
        re.compile("(unclosed")
    assert regex_cache._memo is not None
    assert ("s", "(unclosed", 0) not in regex_cache._memo.new


def _memo_file(patterns: list, engine: str | None = None) -> bytes:  # type: ignore[type-arg]
    """A memo file as ``save`` writes it (header line with the CRC, then the patterns)."""
    body = json.dumps(patterns).encode("ascii")
    header = {"format": regex_cache.FORMAT, "engine": engine or regex_cache.engine_key(),
              "bytes": len(body), "crc32": zlib.crc32(body)}
    return json.dumps(header).encode() + b"\n" + body


def _corrupt_variants(good: bytes) -> tuple[list[bytes], list]:  # type: ignore[type-arg]
    patterns = json.loads(good.partition(b"\n")[2])
    entry = patterns[0]
    refused = [*entry[:4], "ffff0000" * 3, *entry[5:]]  # code the engine refuses
    wrong = [*entry[:4], "01000000" * 3, *entry[5:]]  # code it accepts: wrong, CRC intact
    flipped = bytearray(good)
    flipped[-40] ^= 0x01  # one changed byte in the code: the CRC no longer matches
    return [
        b"\x00\xff garbage",
        b"[1, 2, 3]\n[]",
        _memo_file(patterns, engine="another python"),
        bytes(flipped),
        good[:-10],  # a half-written copy
        _memo_file([refused, [*entry[:4], "zz", *entry[5:]], "x", [1] * 8]),
        b"[" * 100_000 + b"\n",  # deeper than the parser goes
    ], wrong


def test_a_corrupt_or_foreign_memo_is_ignored_and_written_again(memo: Path) -> None:
    regex_cache.install(str(memo))
    _compile_all()
    regex_cache.save()
    regex_cache.uninstall()
    variants, _ = _corrupt_variants(memo.read_bytes())
    for bad in variants:
        memo.write_bytes(bad)
        assert regex_cache.install(str(memo))
        for compiled, (pattern, flags) in zip(_compile_all(), CORPUS, strict=True):
            _same(compiled, pattern, flags)
        assert regex_cache.save()  # written again, readable
        regex_cache.uninstall()
        assert regex_cache.install(str(memo))
        assert regex_cache.stats()["stored"] >= len(CORPUS)
        regex_cache.uninstall()


def test_the_crc_is_what_catches_accepted_but_wrong_code(memo: Path) -> None:
    """Why the CRC: the engine takes some wrong code without a word (a memo made by hand
    with a valid CRC shows it), so a changed byte must never get that far."""
    regex_cache.install(str(memo))
    _compile_all()
    regex_cache.save()
    regex_cache.uninstall()
    _, wrong = _corrupt_variants(memo.read_bytes())
    memo.write_bytes(_memo_file([wrong]))
    regex_cache.install(str(memo))
    re.purge()
    pattern, flags = CORPUS[0]
    assert re.compile(pattern, flags) != _fresh(pattern, flags)


def test_a_fifo_or_a_huge_file_never_blocks(memo: Path) -> None:
    memo.parent.mkdir(parents=True)
    os.mkfifo(memo)
    done = threading.Event()

    def install() -> None:
        regex_cache.install(str(memo))
        done.set()

    threading.Thread(target=install, daemon=True).start()
    assert done.wait(10), "install blocked on a FIFO"
    assert regex_cache.stats()["stored"] == 0
    regex_cache.uninstall()
    memo.unlink()
    with memo.open("wb") as fh:  # sparse: larger than the cap without the disk space
        fh.truncate(LIMITS["cache"] + 1)
    regex_cache.install(str(memo))
    assert regex_cache.stats()["stored"] == 0


def test_debug_and_parsed_patterns_take_re_s_own_path(memo: Path, capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    regex_cache.install(str(memo))
    re.purge()
    re.compile("a+b", re.DEBUG)
    assert "MAX_REPEAT" in capsys.readouterr().out  # re printed its parse, as without a memo
    scanner = re.Scanner([(r"\d+", lambda s, t: int(t))])  # type: ignore[attr-defined]
    assert scanner.scan("12")[0] == [12]
    assert regex_cache._memo is not None
    assert ("s", "a+b", re.DEBUG) not in regex_cache._memo.new
