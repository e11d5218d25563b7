"""One config file's index: append-only lines, each carrying its own checksum.

A line is ``<JSON object>\\t<first 16 hex digits of its SHA-256>\\n``. Why a checksum per line:
a crash, a full disk or a hand edit damages one line, not the history — a damaged line is
skipped and reported, the others still read. Two kinds of line:

* ``{"op": "add", "id", "t", "path", "src", "sha", "size", "state", "batch", "redacted"}`` — one
  state of the file (``state``: ``present``; ``absent`` when the file was gone; ``withheld``
  when its bytes could not be stored without a secret);
* ``{"op": "mark", "id", "pinned", "label"}`` — pin or label an earlier entry (the last mark
  of an entry wins);
* ``{"op": "drop", "id"}`` — an earlier entry removed (merged into a newer outside change, or
  pruned); the store rewrites the index without them now and then (compaction).

Recording reads only the last lines (:func:`latest`), so a save does not parse 200 entries.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from msd_desktop.core.common.digest import sha256_hex
from msd_desktop.core.common.text import Text

STATES = ("present", "absent", "withheld")
_DIGEST = re.compile(r"[0-9a-f]{64}")


class Entry(NamedTuple):
    """One recorded state of one config file."""

    id: str
    time: float
    path: str
    source: str
    digest: str | None  # the snapshot's SHA-256 (None unless ``present``)
    size: int
    state: str
    batch: str | None = None
    redacted: tuple[str, ...] = ()
    pinned: bool = False
    label: str | None = None

    @property
    def protected(self) -> bool:
        """Pinned or labelled: pruning keeps it."""
        return self.pinned or bool(self.label)

    def to_json(self) -> dict[str, Any]:
        """The entry as ``msd history`` prints it."""
        return {"id": self.id, "time": self.time, "path": self.path, "source": self.source,
                "sha256": self.digest, "size": self.size, "state": self.state,
                "batch": self.batch, "redacted": list(self.redacted), "pinned": self.pinned,
                "label": self.label}


class IndexRead(NamedTuple):
    """The entries of one index, oldest first, and the damaged lines skipped."""

    entries: list[Entry]
    problems: list[Text]


def _line(record: dict[str, Any]) -> bytes:
    body = json.dumps(record, ensure_ascii=True, separators=(",", ":"))
    return f"{body}\t{sha256_hex(body.encode('ascii'))[:16]}\n".encode("ascii")


def add_line(entry: Entry) -> bytes:
    """The ``add`` line of ``entry`` (its pin and label follow as a ``mark`` line if set)."""
    out = _line({"op": "add", "id": entry.id, "t": entry.time, "path": entry.path,
                 "src": entry.source, "sha": entry.digest, "size": entry.size,
                 "state": entry.state, "batch": entry.batch, "redacted": list(entry.redacted)})
    if entry.protected:
        out += mark_line(entry.id, entry.pinned, entry.label)
    return out


def mark_line(entry_id: str, pinned: bool, label: str | None) -> bytes:
    """A line pinning/unpinning and labelling the entry ``entry_id``."""
    return _line({"op": "mark", "id": entry_id, "pinned": pinned, "label": label})


def drop_line(entry_id: str) -> bytes:
    """A line removing the entry ``entry_id``."""
    return _line({"op": "drop", "id": entry_id})


def serialize(entries: Iterable[Entry]) -> bytes:
    """A whole index holding ``entries`` (written when pruning rewrites it)."""
    return b"".join(add_line(e) for e in entries)


def _entry(rec: dict[str, Any]) -> Entry | None:
    try:
        digest = rec["sha"]
        entry = Entry(str(rec["id"]), float(rec["t"]), str(rec["path"]), str(rec["src"]),
                      digest if isinstance(digest, str) else None, int(rec["size"]),
                      str(rec["state"]), rec.get("batch") if isinstance(rec.get("batch"), str)
                      else None, tuple(str(k) for k in rec.get("redacted") or ()))
    except (KeyError, TypeError, ValueError):
        return None
    if entry.state not in STATES or (entry.state == "present") != (entry.digest is not None):
        return None
    if entry.digest is not None and _DIGEST.fullmatch(entry.digest) is None:
        return None
    return entry


def _record(line: bytes) -> dict[str, Any] | None:
    """The JSON object of a line whose checksum holds, else ``None``."""
    body, _, check = line.rpartition(b"\t")
    if not body or len(check) != 16 or sha256_hex(body)[:16].encode("ascii") != check:
        return None
    try:
        rec = json.loads(body)
    except ValueError:
        return None
    return rec if isinstance(rec, dict) else None


def latest(raw: bytes) -> Entry | None:
    """The newest entry still in the index, read from its last lines only (what recording
    compares a new state with). A mark on it is ignored: recording needs its content only."""
    dropped: set[str] = set()
    end = len(raw)
    while end > 0:
        start = raw.rfind(b"\n", 0, end - 1) + 1
        rec = _record(raw[start:end].rstrip(b"\n"))
        end = start
        if rec is None:
            continue
        if rec.get("op") == "drop":
            dropped.add(str(rec.get("id")))
        elif rec.get("op") == "add" and rec.get("id") not in dropped:
            entry = _entry(rec)
            if entry is not None:
                return entry
    return None


def line_count(raw: bytes) -> int:
    """How many lines the index holds (compaction is due when they outgrow the entries)."""
    return raw.count(b"\n")


def parse(raw: bytes, name: str) -> IndexRead:
    """Read an index; a damaged line is skipped and reported with its number."""
    entries: dict[str, Entry] = {}
    problems: list[Text] = []
    for number, line in enumerate(raw.split(b"\n"), start=1):
        if not line:
            continue
        rec = _record(line)
        entry = _entry(rec) if rec is not None and rec.get("op") == "add" else None
        if entry is not None and entry.id not in entries:
            entries[entry.id] = entry
        elif rec is not None and rec.get("op") == "drop" and isinstance(rec.get("id"), str):
            entries.pop(rec["id"], None)
        elif (isinstance(rec, dict) and rec.get("op") == "mark" and rec.get("id") in entries
              and isinstance(rec.get("pinned"), bool)
              and (rec.get("label") is None or isinstance(rec.get("label"), str))):
            entries[rec["id"]] = entries[rec["id"]]._replace(pinned=rec["pinned"],
                                                             label=rec["label"] or None)
        else:
            problems.append(Text.of("{name}: line {line} is damaged; it was skipped",
                                    name=name, line=number))
    ordered = sorted(entries.values(), key=lambda e: e.time)  # stable: file order breaks ties
    return IndexRead(ordered, problems)
