"""The one safe reader (``core/common/safe_read.py``) on real files, FIFOs, devices and sockets.

Also the guard that keeps it the *only* reader: the core, the commands and the CLI are grepped
for ``read_text(`` / ``read_bytes(`` / ``open(`` outside it (a short allow-list names the few
legitimate ones: package data, temp files we write, ``/proc/self/status``).
"""

from __future__ import annotations

import errno
import json
import os
import re
import socket
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from msd_desktop.core.common import safe_read
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.jsonfile import parse_json_text, read_json_file
from msd_desktop.core.common.safe_read import (
    LIMITS,
    MAX_DEPTH,
    MAX_DIGITS,
    UnsafeFileError,
    read_bytes,
    read_text,
    structure_problem,
)
from msd_desktop.core.common.terminal_text import (
    escape_json_output,
    strip_controls,
    terminal_safe,
)

REPO = Path(__file__).resolve().parents[3]


def test_regular_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "STATE.md"
    path.write_bytes(b"---\nstatus: ok\n---\n")
    assert read_bytes(path, "state") == b"---\nstatus: ok\n---\n"
    assert read_text(path, "state") == "---\nstatus: ok\n---\n"


def test_symlink_to_a_regular_file_is_followed(tmp_path: Path) -> None:
    (tmp_path / "real.md").write_text("x")
    (tmp_path / "STATE.md").symlink_to(tmp_path / "real.md")
    assert read_text(tmp_path / "STATE.md", "state") == "x"


def test_missing_file_is_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_bytes(tmp_path / "nope.json", "config")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_symlink_to_a_device_is_refused(tmp_path: Path, device: str) -> None:
    link = tmp_path / "STATE.md"
    link.symlink_to(device)
    with pytest.raises(UnsafeFileError, match="is a device, not a regular file") as info:
        read_bytes(link, "state")
    assert isinstance(info.value, MsdError)
    assert isinstance(info.value, OSError)
    assert str(link) in str(info.value)


def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "config.json"
    os.mkfifo(fifo)
    with pytest.raises(UnsafeFileError, match=r"a FIFO \(named pipe\)"):
        read_bytes(fifo, "config")


def test_directory_is_refused(tmp_path: Path) -> None:
    (tmp_path / "ROADMAP.md").mkdir()
    with pytest.raises(UnsafeFileError, match="is a directory") as info:
        read_bytes(tmp_path / "ROADMAP.md", "markdown")
    assert info.value.errno == errno.EISDIR


def test_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        with pytest.raises(UnsafeFileError, match="is a socket"):
            read_bytes(path, "pointer")
    finally:
        server.close()


def test_symlink_loop_is_an_os_error(tmp_path: Path) -> None:
    loop = tmp_path / "config.json"
    loop.symlink_to(loop)
    with pytest.raises(OSError, match="Too many levels of symbolic links") as info:
        read_bytes(loop, "config")
    assert info.value.errno == errno.ELOOP


@pytest.mark.parametrize("kind", sorted(LIMITS))
def test_every_kind_refuses_a_sparse_file_over_its_cap(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "big"
    with open(path, "wb") as fh:
        fh.truncate(LIMITS[kind] + 1)
    with pytest.raises(UnsafeFileError, match="is larger than") as info:
        read_bytes(path, kind)  # type: ignore[arg-type]
    limit = LIMITS[kind]
    named = f"{limit // 1048576} MiB" if limit % 1048576 == 0 else f"{limit // 1024} KiB"
    assert named in str(info.value)
    assert info.value.errno == errno.EFBIG


def test_a_file_exactly_at_the_cap_is_read(tmp_path: Path) -> None:
    path = tmp_path / "active-workstream"
    path.write_bytes(b"a" * LIMITS["pointer"])
    assert len(read_bytes(path, "pointer")) == LIMITS["pointer"]


def test_a_proc_file_reporting_size_zero_is_read_with_a_bound() -> None:
    # /proc files say st_size 0: the bound is the read itself (cap + 1 bytes at most)
    text = read_text("/proc/self/status", "lock")
    assert text.startswith("Name:")


def test_long_digit_run_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "ROADMAP.md"
    path.write_text("# Roadmap\n\n### Phase " + "9" * (MAX_DIGITS + 1) + ": x\n")
    with pytest.raises(UnsafeFileError, match=rf"line 3: a number longer than {MAX_DIGITS}"):
        read_text(path, "markdown")
    path.write_text("### Phase " + "9" * MAX_DIGITS + ": x\n")
    assert read_text(path, "markdown").startswith("### Phase 9")


def _nest(depth: int) -> Any:
    value: Any = 1
    for i in range(depth):
        value = {"k": value} if i % 2 else [value]
    return value


def test_structure_depth_cap() -> None:
    assert structure_problem(_nest(MAX_DEPTH)) is None
    assert structure_problem(_nest(MAX_DEPTH + 1)) == f"nested deeper than {MAX_DEPTH} levels"
    assert structure_problem(_nest(5000)) is not None  # iterative: no RecursionError


def test_lone_surrogates_are_refused_in_keys_and_values() -> None:
    assert structure_problem({"a": "\ud800"}) is not None
    assert structure_problem({"\udfff": 1}) is not None
    assert structure_problem({"a": ["ok", "😀"]}) is None


def test_json_depth_digits_and_surrogates_name_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text('{\n"a":\n' + '{"a":' * 500 + "1" + "}" * 500 + "\n}")
    jf = read_json_file(path)
    assert jf.error is not None
    assert "nested deeper than 64 levels" in jf.error.message
    assert jf.error.line == 3
    assert str(path) in jf.error.message
    path.write_text('{\n  "x": ' + "9" * 5000 + "\n}")
    jf = read_json_file(path)
    assert jf.error is not None
    assert jf.error.line == 2
    assert f"longer than {MAX_DIGITS} digits" in jf.error.message
    path.write_text('{\n  "ok": "\\ud83d\\ude00",\n  "bad": "\\ud800"\n}')
    jf = read_json_file(path)
    assert jf.error is not None
    assert jf.error.line == 3
    assert "surrogate" in jf.error.message


def test_json_refusals_of_odd_files_are_unreadable_not_raised(tmp_path: Path) -> None:
    (tmp_path / "config.json").symlink_to("/dev/zero")
    jf = read_json_file(tmp_path / "config.json")
    assert jf.exists
    assert jf.error is not None
    assert jf.error.reason == "config_unreadable"
    assert "is a device" in jf.error.message


# --- properties ------------------------------------------------------------------------------


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=30,
)


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


@given(json_values, st.integers(min_value=1, max_value=6))
def test_structure_problem_agrees_with_a_recursive_depth(value: Any, cap: int) -> None:
    expected_too_deep = _depth(value) > cap
    problem = structure_problem(value, max_depth=cap)
    assert (problem is not None and "nested" in problem) == expected_too_deep or (
        problem is not None and "surrogate" in problem)


@given(st.text(alphabet=st.sampled_from("0123456789 a\n"), max_size=3000))
def test_check_digits_refuses_exactly_the_long_runs(text: str) -> None:
    longest = max((len(m) for m in re.findall(r"\d+", text)), default=0)
    try:
        safe_read.check_digits(text, "f")
    except UnsafeFileError:
        assert longest > MAX_DIGITS
    else:
        assert longest <= MAX_DIGITS


@given(st.binary(max_size=200))
def test_parse_json_never_raises(raw: bytes) -> None:
    text = raw.decode("utf-8", errors="replace")
    data, error = parse_json_text(text, "c.json")
    assert (data is None) != (error is None)


@given(st.text(max_size=60))
def test_terminal_text_leaves_no_control_or_bidi(text: str) -> None:
    bad = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c"
                     "\ud800-\udfff]")
    assert not bad.search(strip_controls(text))
    shown = terminal_safe(text)
    assert not bad.search(shown.replace("\n", "").replace("\t", ""))
    encoded = escape_json_output(json.dumps({"v": text}, ensure_ascii=False))
    assert not bad.search(encoded.replace("\n", ""))
    assert json.loads(encoded) == {"v": text}


def test_plain_text_is_unchanged_by_terminal_text() -> None:
    line = "v1.2 Payments [█████░░░░░] 50% · Phase 3 executing — ünïcode 😀"
    assert strip_controls(line) == line
    assert terminal_safe(line) == line


# --- nobody reads around the reader ----------------------------------------------------------

_READ_CALL_RE = re.compile(r"\.read_text\(|\.read_bytes\(|(?<![\w.])open\(|\bos\.open\(|"
                           r"\.open\(|os\.fdopen\(|json\.load\(|io\.open\(")

# (file, a substring of the line): each a read or open that is not of a planning file.
ALLOWED = {
    ("msd_desktop/core/common/safe_read.py", "os.open(path, os.O_RDONLY | os.O_NONBLOCK"),
    ("msd_desktop/core/common/safe_write.py", 'open("/proc/self/status"'),
    ("msd_desktop/core/common/safe_write.py", "= os.open(folder, os.O_RDONLY"),  # folder fds
    ("msd_desktop/core/common/safe_write.py", "fd = os.open(tmp, os.O_WRONLY"),  # the writer
    ("msd_desktop/core/common/safe_write.py", "fd = os.open(path, flags, 0o600)"),  # appending
    ("msd_desktop/core/common/planning_lock.py", "os.O_WRONLY | os.O_CREAT | os.O_EXCL"),
    ("msd_desktop/core/config/schema_data.py", "SCHEMA_FILE.read_text("),  # package data
    ("msd_desktop/core/models/catalog.py", "with path.open("),  # package data
    ("msd_desktop/core/models/catalog.py", "return json.load(fh)"),  # package data
    ("msd_desktop/core/secrets/store.py", ".read_text(encoding="),  # package schema data
    ("msd_desktop/cli.py", "os.open(os.devnull, os.O_WRONLY)"),  # stdout after it failed
}


def _sources() -> list[Path]:
    roots = [REPO / "msd_desktop" / "core", REPO / "msd_desktop" / "commands"]
    files = [p for r in roots for p in sorted(r.rglob("*.py"))]
    return [*files, REPO / "msd_desktop" / "cli.py"]


def test_no_planning_file_is_read_around_the_safe_reader() -> None:
    offenders: list[str] = []
    used: set[tuple[str, str]] = set()
    for path in _sources():
        rel = path.relative_to(REPO).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0] if not line.lstrip().startswith(("'", '"')) else ""
            if not _READ_CALL_RE.search(code.replace("def open(", "")):
                continue
            hit = next(((f, s) for f, s in ALLOWED if f == rel and s in line), None)
            if hit is None:
                offenders.append(f"{rel}:{number}: {line.strip()}")
            else:
                used.add(hit)
    assert offenders == [], "read through msd_desktop.core.common.safe_read instead"
    assert used == ALLOWED, f"allow-list entries no longer needed: {ALLOWED - used}"


@pytest.mark.parametrize("digit", ["7", "\u0663"])  # an ASCII digit and an Arabic-Indic one
def test_check_digits_finds_a_long_run_at_every_alignment(digit: str) -> None:
    """A run just over the cap is refused, naming its line, wherever it starts; one at the
    cap is let through (the search skips texts a sparse sample proves free of long runs)."""
    for start in range(MAX_DIGITS + 2):
        head = ("a\n" * start)[:start]
        for length in (MAX_DIGITS, MAX_DIGITS + 1):
            text = head + digit * length + " 12 x\n" + "b" * 1500
            if length <= MAX_DIGITS:
                safe_read.check_digits(text, "f")
                continue
            with pytest.raises(UnsafeFileError, match=f"line {head.count(chr(10)) + 1}:"):
                safe_read.check_digits(text, "f")
