"""The history store: snapshots and indexes in a folder of ours in the user data folder.

Layout, under ``<user data>/msd-desktop/history/`` (0700, ours, else refused — STYLE item 27):

* ``blobs/<sha256>``: one snapshot per distinct content (identical contents are stored once,
  whichever file and however often), secrets replaced by a marker (:mod:`.redact`);
* ``index/<sha256 of the file's real path>.idx``: that file's entries (:mod:`.index`);
* ``pruned``: when the whole store was last pruned (once a day, by the next recording).

Everything is written through the core's safe writer (``own=True``: 0600 files, 0700 folders;
an index grows by ``append_own_file`` and is rewritten only when compacted; no ``fsync``: a
record lost in a power cut costs little, a slower save would cost every save, and each line and
snapshot checks itself when read) and read through its safe reader, after checking that the
file is a regular file of ours and not a symlink: a planted link, FIFO or another user's file
is refused, never followed. One lock (``own_file_lock`` on the index folder) serialises the
window and ``msd``.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from types import EllipsisType
from typing import NamedTuple, cast

from msd_desktop.core.common.digest import sha256_hex
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.text import Text
from msd_desktop.core.history import index as idx
from msd_desktop.core.history.index import Entry, IndexRead
from msd_desktop.core.history.redact import redact
from msd_desktop.core.history.retention import DAY, DEFAULT_POLICY, Dated, Policy, retain

#: Sources of entries MSD did not write itself.
FIRST_SEEN = "first seen"
OUTSIDE = "changed outside MSD"
#: Outside changes closer together than this are merged into one entry.
MERGE_SECONDS = 10.0
#: Lines an index may hold beyond the entry cap before it is compacted.
_SLACK = 20
_HEX = frozenset("0123456789abcdef")


class HistoryError(MsdError):
    """The history store cannot be used (a refused folder or file)."""


class RecordResult(NamedTuple):
    """What one recording added, and why something was not recorded."""

    added: list[Entry]
    problems: list[Text]


class PruneReport(NamedTuple):
    """What a whole-store prune removed."""

    entries_removed: int
    blobs_removed: int
    bytes_kept: int


def history_root(env: Mapping[str, str] | None = None) -> Path:
    """``<user data folder>/msd-desktop/history`` for ``env``."""
    from msd_desktop.core.common.safe_write import APP_FOLDER
    from msd_desktop.core.common.user_dirs import user_dir

    return user_dir("data", APP_FOLDER, env) / "history"


def file_key(path: Path | str) -> str:
    """The index name of a config file: the digest of its real path."""
    return sha256_hex(os.path.realpath(path).encode("utf-8", "surrogateescape"))


def _new_id() -> str:
    return os.urandom(6).hex()


class HistoryStore:
    """One history folder. Reading methods raise :class:`HistoryError` for a refused store."""

    def __init__(self, root: Path, policy: Policy = DEFAULT_POLICY) -> None:
        self.root = Path(os.path.abspath(root))
        self.policy = policy

    @classmethod
    def for_user(cls, env: Mapping[str, str] | None = None) -> HistoryStore:
        """The user's store (the process's environment when ``env`` is ``None``)."""
        return cls(history_root(env))

    # --- paths and checks ---------------------------------------------------------------

    @property
    def _index_dir(self) -> Path:
        return self.root / "index"

    @property
    def _blob_dir(self) -> Path:
        return self.root / "blobs"

    def index_path(self, path: Path | str) -> Path:
        """Where the index of the config file ``path`` lives."""
        return self._index_dir / f"{file_key(path)}.idx"

    def _blob_path(self, digest: str) -> Path:
        return self._blob_dir / digest

    def _check_folder(self, folder: Path) -> bool:
        """Refuse a symlinked or foreign folder; ``False`` when it does not exist yet."""
        from msd_desktop.core.common.safe_write import own_folder_problem

        try:
            st = os.lstat(folder)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise HistoryError(Text.of("The config history at {folder} cannot be used: "
                                       "{error}", folder=folder,
                                       error=exc.strerror or exc)) from None
        if stat.S_ISLNK(st.st_mode):
            raise HistoryError(Text.of("The config history at {folder} is a symbolic link; "
                                       "it is not used", folder=folder))
        problem = own_folder_problem(folder)
        if problem is not None:
            raise HistoryError(problem)
        return True

    def _readable(self) -> bool:
        """Check the store's folders before reading; ``False`` when there is no store."""
        return all([self._check_folder(self.root), self._check_folder(self._index_dir),
                    self._check_folder(self._blob_dir)])

    def _prepare(self) -> None:
        """Check, then make, the store's folders before writing."""
        from msd_desktop.core.common.safe_write import ensure_own_folder

        for folder in (self.root, self._index_dir, self._blob_dir):
            self._check_folder(folder)
            ensure_own_folder(folder)

    def _read_own(self, path: Path) -> bytes | None:
        """The bytes of one of the store's files; ``None`` when missing."""
        from msd_desktop.core.common.safe_read import read_bytes

        try:
            st = os.lstat(path)
        except FileNotFoundError:
            return None
        if not stat.S_ISREG(st.st_mode):
            raise HistoryError(Text.of("{path} is not a regular file; the config history "
                                       "does not read it", path=path))
        if st.st_uid != os.geteuid():
            raise HistoryError(Text.of("{path} belongs to another user (uid {uid}); the "
                                       "config history does not read it", path=path,
                                       uid=st.st_uid))
        try:
            return read_bytes(path, "history")
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise HistoryError(Text.of("The config history at {folder} cannot be used: "
                                       "{error}", folder=path,
                                       error=getattr(exc, "message", None) or exc.strerror
                                       or exc)) from None

    def _append_own(self, path: Path, data: bytes) -> None:
        from msd_desktop.core.common.safe_write import append_own_file

        append_own_file(path, data)

    def _write_own(self, path: Path, data: bytes) -> None:
        from msd_desktop.core.common.safe_write import write_file

        write_file(path, data, own=True, durable=False)  # each line and snapshot checks itself

    def _lock(self) -> AbstractContextManager[None]:
        from msd_desktop.core.common.safe_write import own_file_lock

        return own_file_lock(self._index_dir / "lock")

    # --- reading ------------------------------------------------------------------------

    def _read_index_at(self, index_path: Path) -> tuple[bytes, IndexRead]:
        raw = self._read_own(index_path) or b""
        return raw, idx.parse(raw, index_path.name)

    def entries(self, path: Path | str) -> IndexRead:
        """The history of the config file ``path``, oldest first, with damaged lines noted."""
        if not self._readable():
            return IndexRead([], [])
        read = self._read_index_at(self.index_path(path))[1]
        return IndexRead(self._retained(read.entries), read.problems)

    def _retained(self, entries: list[Entry]) -> list[Entry]:
        """What retention keeps now: an index compacts lazily, the view never waits for it."""
        keep = retain([Dated(e.id, e.time, e.protected) for e in entries], time.time(),
                      self.policy)
        return [e for e in entries if e.id in keep]

    def files(self) -> list[tuple[str, IndexRead]]:
        """Every file with a history: its path (as last recorded) and its entries. An index
        that is refused (a link, a FIFO, another user's) is listed by its own path, with no
        entries and the reason, so one bad index never hides the others."""
        if not self._readable():
            return []
        out: list[tuple[str, IndexRead]] = []
        for name in sorted(os.listdir(self._index_dir)):
            if not name.endswith(".idx"):
                continue
            where = self._index_dir / name
            try:
                read = self._read_index_at(where)[1]
            except HistoryError as exc:
                why = cast(Text, exc.message)  # every HistoryError is raised with a Text
                out.append((str(where), IndexRead([], [why])))
                continue
            read = IndexRead(self._retained(read.entries), read.problems)
            if read.entries:
                out.append((read.entries[-1].path, read))
        return out

    def content(self, entry: Entry) -> bytes:
        """The stored bytes of ``entry`` (secrets replaced by the marker)."""
        if entry.digest is None:
            raise HistoryError(Text.of("Entry {id} has no stored content ({state})",
                                       id=entry.id, state=entry.state))
        self._readable()
        raw = self._read_own(self._blob_path(entry.digest))
        if raw is None or sha256_hex(raw) != entry.digest:
            raise HistoryError(Text.of("The snapshot of entry {id} is missing or damaged",
                                       id=entry.id))
        return raw

    def contents(self, entries: list[Entry]) -> dict[str, bytes | None]:
        """The stored bytes of many entries at once, by id (``None``: not stored, missing or
        damaged): the store's folders are checked once, not per snapshot."""
        out: dict[str, bytes | None] = {e.id: None for e in entries}
        if not self._readable():
            return out
        for entry in entries:
            if entry.digest is None:
                continue
            try:
                raw = self._read_own(self._blob_path(entry.digest))
            except HistoryError:
                continue
            if raw is not None and sha256_hex(raw) == entry.digest:
                out[entry.id] = raw
        return out

    # --- recording ----------------------------------------------------------------------

    def record(self, path: Path | str, before: bytes | EllipsisType | None,
               after: bytes | None, source: str, *, batch: str | None = None,
               now: float | None = None) -> RecordResult:
        """Record a write of ``path``: its bytes ``before`` (``None``: it did not exist;
        ``...``: not known) and ``after``, by ``source``. A ``before`` that differs from the
        last entry becomes a "first seen" or "changed outside MSD" entry first. Raises
        :class:`HistoryError` or ``OSError``; the caller decides whether that matters."""
        now = time.time() if now is None else now
        states: list[tuple[bytes | None, str, str | None]] = []
        if before is not ...:
            states.append((before, "", None))
        states.append((after, source, batch))
        return self._record(path, states, now)

    def observe(self, path: Path | str, current: bytes | None, *,
                now: float | None = None) -> RecordResult:
        """Record the state of ``path`` seen now (an outside change, or a first look)."""
        return self._record(path, [(current, "", None)], time.time() if now is None else now)

    def _record(self, path: Path | str, states: list[tuple[bytes | None, str, str | None]],
                now: float) -> RecordResult:
        real = os.path.realpath(path)
        self._prepare()
        index_path = self.index_path(real)
        added: list[Entry] = []
        lines: list[bytes] = []
        problems: list[Text] = []
        with self._lock():
            raw = self._read_own(index_path) or b""
            last = idx.latest(raw)
            for content, source, batch in states:
                if content is not None and len(content) > self.policy.max_file_bytes:
                    problems.append(Text.of("{path} is larger than 1 MiB; this state of it is "
                                            "not kept in the config history", path=real))
                    continue
                made = self._entry_for(real, content, source, batch, now, last)
                if made is None:
                    continue
                entry, stored = made
                if (entry.source == OUTSIDE and last is not None and last.source == OUTSIDE
                        and now - last.time <= MERGE_SECONDS):
                    lines.append(idx.drop_line(last.id))  # a burst of outside changes is one
                    added = [a for a in added if a.id != last.id]
                if entry.digest is not None and stored is not None:
                    self._store_blob(entry.digest, stored)
                lines.append(idx.add_line(entry))
                added.append(entry)
                last = entry
            if not lines:
                return RecordResult([], problems)
            if raw and not raw.endswith(b"\n"):  # a torn last line stays one damaged line
                lines.insert(0, b"\n")
            self._append_own(index_path, b"".join(lines))
            if idx.line_count(raw) + len(lines) > self.policy.max_entries + _SLACK:
                self._compact(index_path, now)
        self._maybe_prune(now)
        return RecordResult(added, problems)

    def _compact(self, index_path: Path, now: float) -> int:
        """Rewrite an index with only what retention keeps (dropped and damaged lines go);
        returns how many entries went. Called under the lock."""
        read = self._read_index_at(index_path)[1]
        keep = retain([Dated(e.id, e.time, e.protected) for e in read.entries], now,
                      self.policy)
        kept = [e for e in read.entries if e.id in keep]
        self._write_own(index_path, idx.serialize(kept))
        return len(read.entries) - len(kept)

    def _entry_for(self, real: str, content: bytes | None, source: str, batch: str | None,
                   now: float, last: Entry | None) -> tuple[Entry, bytes | None] | None:
        """The entry for one state and the bytes to store, or ``None`` when it is the state
        already last recorded (or an absent file with no history)."""
        if content is None:
            if last is None or last.state == "absent":
                return None
            return Entry(_new_id(), now, real, source or OUTSIDE, None, 0, "absent", batch), None
        kept = redact(content)
        if kept.content is None:
            state, digest, size = "withheld", None, len(content)
            if last is not None and last.state == "withheld" and last.size == size:
                return None
        else:
            state, digest, size = "present", sha256_hex(kept.content), len(kept.content)
            if last is not None and last.digest == digest:
                return None
        default = FIRST_SEEN if last is None else OUTSIDE
        return Entry(_new_id(), now, real, source or default, digest, size, state, batch,
                     kept.keys), kept.content

    def _store_blob(self, digest: str, content: bytes) -> None:
        blob = self._blob_path(digest)
        try:
            st = os.lstat(blob)
        except FileNotFoundError:
            self._write_own(blob, content)
            return
        if not stat.S_ISREG(st.st_mode) or st.st_size != len(content):
            self._write_own(blob, content)  # the safe writer refuses a planted link or FIFO

    # --- pins and labels ----------------------------------------------------------------

    def mark(self, path: Path | str, entry_id: str, *, pinned: bool,
             label: str | None) -> Entry:
        """Pin/unpin and label one entry (a labelled or pinned entry is never pruned)."""
        self._prepare()
        index_path = self.index_path(path)
        with self._lock():
            raw, read = self._read_index_at(index_path)
            entry = find_entry(read.entries, entry_id)
            self._write_own(index_path, raw + idx.mark_line(entry.id, pinned, label or None))
        return entry._replace(pinned=pinned, label=label or None)

    # --- pruning ------------------------------------------------------------------------

    def _maybe_prune(self, now: float) -> None:
        try:
            last = float((self._read_own(self.root / "pruned") or b"0").decode("ascii"))
        except ValueError:
            last = 0.0
        if not 0 <= now - last < DAY:
            self.prune(now)

    def prune(self, now: float | None = None) -> PruneReport:
        """Apply the retention rules to every file, then the total cap, then drop the
        snapshots no entry uses."""
        now = time.time() if now is None else now
        self._prepare()
        removed = 0
        with self._lock():
            indexes: dict[Path, list[Entry]] = {}
            changed: set[Path] = set()
            for name in sorted(os.listdir(self._index_dir)):
                if not name.endswith(".idx"):
                    continue
                where = self._index_dir / name
                try:
                    read = self._read_index_at(where)[1]
                except HistoryError:
                    continue  # a refused index is left alone, never read
                keep = retain([Dated(e.id, e.time, e.protected) for e in read.entries], now,
                              self.policy)
                indexes[where] = [e for e in read.entries if e.id in keep]
                if len(indexes[where]) != len(read.entries) or read.problems:
                    changed.add(where)
                    removed += len(read.entries) - len(indexes[where])
            removed += self._fit_budget(indexes, changed)
            for where in changed:
                self._write_own(where, idx.serialize(indexes[where]))
            used = {e.digest for entries in indexes.values() for e in entries if e.digest}
            blobs_removed = 0
            kept_bytes = 0
            for name in os.listdir(self._blob_dir):
                blob = self._blob_dir / name
                if name in used:
                    kept_bytes += os.lstat(blob).st_size
                elif len(name) == 64 and set(name) <= _HEX:
                    os.unlink(blob)
                    blobs_removed += 1
            self._write_own(self.root / "pruned", str(now).encode("ascii"))
        return PruneReport(removed, blobs_removed, kept_bytes)

    def _fit_budget(self, indexes: dict[Path, list[Entry]], changed: set[Path]) -> int:
        """Drop the oldest unprotected entries (never a file's newest) until the snapshots
        fit the total cap; returns how many went."""
        sizes: dict[str, int] = {}
        refs: dict[str, int] = {}
        for entries in indexes.values():
            for e in entries:
                if e.digest:
                    sizes[e.digest] = e.size
                    refs[e.digest] = refs.get(e.digest, 0) + 1
        total = sum(sizes.values())
        if total <= self.policy.max_total_bytes:
            return 0
        candidates = sorted(((e.time, e.id, where) for where, entries in indexes.items()
                             for e in entries[:-1] if not e.protected))
        removed = 0
        for _, entry_id, where in candidates:
            if total <= self.policy.max_total_bytes:
                break
            entries = indexes[where]
            entry = next(e for e in entries if e.id == entry_id)
            entries.remove(entry)
            changed.add(where)
            removed += 1
            if entry.digest:
                refs[entry.digest] -= 1
                if refs[entry.digest] == 0:
                    total -= sizes.pop(entry.digest)
        return removed


def find_entry(entries: list[Entry], entry_id: str) -> Entry:
    """The entry whose id is or starts with ``entry_id`` (a unique prefix)."""
    matches = [e for e in entries if e.id == entry_id] or [
        e for e in entries if entry_id and e.id.startswith(entry_id)]
    if len(matches) != 1:
        raise MsdError(Text.of("No history entry {id} for this file", id=entry_id)
                       if not matches else
                       Text.of("History entry {id} is ambiguous; give more of its id",
                               id=entry_id))
    return matches[0]
