"""A cache of each project's summary, so a warm start shows thousands of projects at once.

Why: parsing STATE.md, ROADMAP.md, config.json and the phases folder for every project takes
seconds for a few thousand. Most of them did not change since the window last ran. So each
project's summary (the plain display fields the browser, the overview and the tray show) is
kept in ``<user cache dir>/msd-desktop/summaries.jsonl``, keyed by a *stat signature*: size,
``mtime_ns`` and inode of every file and folder under its ``.planning/`` that the summary
comes from (inside ``phases/`` the phase folders, whose files count by name only; the audit
trail and lock/temp files never), and for a project with an install of its own the
install's marker and agent files (``core.models.local_installs``: the stale-install count is
read from them; nothing is added for the others, so their signatures did not change). A
start re-stats — cheap —
and re-reads only the projects whose signature changed.

Rules:

* The signature is taken *before* the files are read, so a write racing the read leaves an
  older signature behind and the next start reads the project again.
* Versioned: a file of another format, version or context (app version, ``MSD_HOME``,
  workstream/project environment, the defaults.json signature) is ignored as a whole; a
  corrupt one too (and rebuilt on the next save). Entries are checked one by one as well.
* Read through the core's bounded reader, written through the safe writer (temp + rename,
  mode 0600). The folder must be ours (owned by us, not writable by others): else the cache is
  neither read nor written and :attr:`SummaryCache.problem` says why (the window shows it), and
  a file owned by another user is never loaded.
* Never stores secrets: only the display fields the window already shows (no config values,
  no keyring data, no environment values — the context is a hash).
* Plain Python and thread-safe: workers look entries up and add them; the GUI thread never
  touches the file.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from msd_desktop.core.common.digest import sha1_hex, sha256_hex

log = logging.getLogger(__name__)

CACHE_FORMAT = "msd-desktop-summary-cache"
CACHE_VERSION = 2
CACHE_FILE = "summaries.jsonl"
APP_NAME = "msd-desktop"
# the environment that changes what a project's summary says (values are hashed, not stored)
_CONTEXT_ENV = ("MSD_HOME", "MSD_PROJECT", "MSD_WORKSTREAM", "HOME")
_SKIP_NAMES = frozenset((".msd-trace.jsonl", ".gsd-trace.jsonl", ".lock"))
_MAX_DEPTH = 4  # .planning/workstreams/<ws>/phases/<phase>
_WRITE_SLICE = 256  # entries joined per write when saving (~300 KiB)


def _line(value: Any) -> bytes:
    """One JSON line in ASCII (JSON escapes every other character): one byte a character."""
    return json.dumps(value, separators=(",", ":")).encode("ascii")


def default_cache_path(env: Mapping[str, str] | None = None) -> Path:
    """``<user cache dir>/msd-desktop/summaries.jsonl`` for ``env`` (the window's environment;
    the process's when ``None``), as :func:`~msd_desktop.core.common.user_dirs.user_dir` says."""
    from msd_desktop.core.common.user_dirs import user_dir

    return user_dir("cache", APP_NAME, env) / CACHE_FILE


def _skipped(name: str) -> bool:
    return (name in _SKIP_NAMES or name.endswith((".tmp", "~", ".swp", ".lock"))
            or ".tmp." in name or ".tmp-" in name)


def _walk(folder: str, rel: str, depth: int, out: list[str]) -> None:
    """Stat every file and folder of ``folder``, and recurse; inside a ``phases`` folder only
    the phase folders are stat'ed: a summary counts their files by name, and a folder's
    mtime moves whenever a name in it is added, removed or renamed."""
    try:
        with os.scandir(folder) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError:
        out.append(f"{rel}\0unreadable")
        return
    phases = rel.endswith("/phases")
    for entry in entries:
        if _skipped(entry.name):
            continue
        try:
            is_dir = entry.is_dir(follow_symlinks=True)
            if phases and not is_dir:
                continue
            st = entry.stat(follow_symlinks=True)
        except OSError:
            out.append(f"{rel}/{entry.name}\0gone")
            continue
        path = f"{rel}/{entry.name}"
        out.append(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}")
        if is_dir and not phases and depth < _MAX_DEPTH:
            _walk(entry.path, path, depth + 1, out)


def project_signature(root: Path, extra: Iterable[str] = ()) -> str:
    """A digest of (size, mtime_ns, inode) of what a summary is read from under
    ``root/.planning``, plus ``extra`` (what the scan says about the project: its
    workstreams, the active one)."""
    planning = os.path.join(os.fspath(root), ".planning")
    parts: list[str] = [*extra]
    try:
        st = os.stat(planning)
        parts.append(f".planning\0{st.st_mtime_ns}\0{st.st_ino}")
    except OSError:
        parts.append(".planning\0missing")
    else:
        _walk(planning, ".planning", 1, parts)
    from msd_desktop.core.models.local_installs import install_stat_parts

    parts.extend(install_stat_parts(root))  # nothing for a project without its own install
    return sha1_hex("\n".join(parts).encode("utf-8", "surrogateescape"))


def cache_context(env: Mapping[str, str], version: str, defaults_file: Path | None) -> str:
    """What must match for cached summaries to be valid at all (a hash; nothing readable)."""
    parts = [version, *(f"{k}={env.get(k, '')}" for k in _CONTEXT_ENV)]
    if defaults_file is not None:
        try:
            st = os.stat(defaults_file)
            parts.append(f"defaults\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}")
        except OSError:
            parts.append("defaults\0missing")
    return sha256_hex("\n".join(parts).encode("utf-8", "surrogateescape"))


class SummaryCache:
    """Summaries by project root, each valid for one signature. Thread-safe."""

    def __init__(self, path: Path | None = None, context: str = "") -> None:
        self._path = path
        self.context = context
        self._lock = threading.Lock()
        # root → (signature, the entry's JSON line): kept as bytes, parsed when asked for —
        # a few MiB for thousands of projects, where the parsed dicts took three times that
        self._entries: dict[str, tuple[str, bytes]] = {}
        self._loaded = False
        self._dirty = False
        # "cold" | "warm" | "corrupt" | "foreign" | "unreadable" | "not ours"
        self.status = "not loaded"
        #: why the cache folder or file is not used (another user's, writable by others)
        self.problem: str | None = None
        self.hits = 0
        self.misses = 0

    @property
    def path(self) -> Path:
        if self._path is None:
            self._path = default_cache_path()
        return self._path

    def load(self) -> None:
        """Read the file once (idempotent); anything unusable leaves the cache empty."""
        with self._lock:
            if self._loaded:
                return
            self._loaded = True
            self._entries, self.status = self._read()
            if self.status in ("corrupt", "foreign"):
                self._dirty = True  # rebuilt (overwritten) on the next save

    def _read(self) -> tuple[dict[str, tuple[str, bytes]], str]:
        """One header line, then one entry per line (JSON Lines).

        Why lines: one ``json.loads`` of a few MiB holds the GIL for the whole parse — the
        window's thread stood still while a large file parsed; small loads let it run in
        between. A damaged line costs only its own entry.
        """
        from msd_desktop.core.common.safe_read import UnsafeFileError, read_bytes_stat
        from msd_desktop.core.common.safe_write import own_folder_problem
        from msd_desktop.core.common.text import Text

        self.problem = own_folder_problem(self.path.parent)
        if self.problem is not None:
            log.warning("summary cache: %s", self.problem)
            return {}, "not ours"
        try:
            raw, st = read_bytes_stat(self.path, "registry")
        except FileNotFoundError:
            return {}, "cold"
        except (UnsafeFileError, OSError) as exc:
            log.warning("summary cache: cannot read %s: %s", self.path, exc)
            return {}, "unreadable"
        if st.st_uid != os.geteuid():
            self.problem = Text.of("{path} belongs to another user (uid {uid}); it is not used",
                                   path=self.path, uid=st.st_uid)
            log.warning("summary cache: %s", self.problem)
            return {}, "not ours"
        # line by line from the bytes: decoding the whole file first costs up to four bytes a
        # character (one "⚠" widens the whole string) and a copy per step
        import io

        lines = io.BytesIO(raw)
        del raw
        try:
            header = json.loads(lines.readline())
        except (ValueError, RecursionError):
            log.warning("summary cache: %s is corrupt; rebuilding it", self.path)
            return {}, "corrupt"
        if not isinstance(header, dict) or header.get("format") != CACHE_FORMAT:
            return {}, "foreign"
        if header.get("version") != CACHE_VERSION or header.get("context") != self.context:
            return {}, "foreign"
        out: dict[str, tuple[str, bytes]] = {}
        damaged = False
        for line in lines:
            line = line.strip()
            if not line:
                continue
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                damaged = True
                continue
            if (isinstance(entry, dict) and isinstance(entry.get("root"), str)
                    and isinstance(entry.get("sig"), str)
                    and isinstance(entry.get("data"), dict)):
                out[entry["root"]] = (entry["sig"], line if line.isascii() else _line(entry))
            else:
                damaged = True
        if damaged:
            self._dirty = True  # written again without the damaged lines
        return out, "warm"

    def get(self, root: Path, signature: str) -> dict[str, Any] | None:
        """The cached payload for ``root`` when its signature still matches."""
        self.load()
        with self._lock:
            entry = self._entries.get(os.fspath(root))
            if entry is None or entry[0] != signature:
                self.misses += 1
                return None
            self.hits += 1
        data = json.loads(entry[1])["data"]
        return data if isinstance(data, dict) else None

    def matches(self, root: Path, signature: str) -> bool:
        """Whether ``root``'s cached entry has this signature (nothing decoded: a re-check
        of thousands of projects only compares)."""
        self.load()
        with self._lock:
            entry = self._entries.get(os.fspath(root))
            return entry is not None and entry[0] == signature

    def has(self, root: Path) -> bool:
        """Whether anything is cached for ``root`` (before paying for its signature)."""
        self.load()
        with self._lock:
            return os.fspath(root) in self._entries

    def put(self, root: Path, signature: str, payload: dict[str, Any]) -> None:
        self.load()
        key = os.fspath(root)
        entry = (signature, _line({"root": key, "sig": signature, "data": payload}))
        with self._lock:
            if self._entries.get(key) != entry:
                self._entries[key] = entry
                self._dirty = True

    def retain(self, roots: Iterable[Path]) -> None:
        """Forget every project not in ``roots`` (the cache holds what the window lists)."""
        keep = {os.fspath(r) for r in roots}
        self.load()
        with self._lock:
            gone = [k for k in self._entries if k not in keep]
            for k in gone:
                del self._entries[k]
            if gone:
                self._dirty = True

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    @property
    def dirty(self) -> bool:
        return self._dirty

    def save(self) -> bool:
        """Write the file atomically when something changed; False when nothing was written
        (unchanged, or the write failed: a cache is never worth an error dialog)."""
        with self._lock:
            if not self._dirty or not self._loaded:
                return False
            lines = [line for _, line in self._entries.values()]
            self._dirty = False
        head = _line({"format": CACHE_FORMAT, "version": CACHE_VERSION, "context": self.context})
        from msd_desktop.core.common.errors import MsdError

        try:
            _write_lines(self.path, [head, *lines])
        except (OSError, MsdError) as exc:  # MsdError: the folder is not ours
            log.warning("summary cache: cannot write %s: %s", self.path, exc)
            with self._lock:
                self._dirty = True
            return False
        return True


def _write_lines(path: Path, lines: list[bytes]) -> None:
    """Replace ``path`` atomically with ``lines``, each ended by a newline, written a slice at
    a time (``atomic_write_bytes`` takes the slices as chunks).

    Why not the whole text at once: the file as one bytes, then one str, then its encoding was
    twice the file at once — a start's highest memory, when the
    cache was saved as the window closed. The file is 0600 in a 0700 folder of ours.
    """
    from msd_desktop.core.common.safe_write import write_file

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(lines), _WRITE_SLICE):
            yield b"\n".join(lines[start:start + _WRITE_SLICE])
            yield b"\n"

    write_file(path, chunks(), own=True)
