"""Unsaved Settings edits that outlive the process: a crash, a kill, a log-out that allowed
no questions.

Why: a draft lives in memory, and every orderly way out asks Save / Discard / Cancel first —
but a process that dies never asks. So while a draft has pending edits, the window keeps a
small record of them (one file per config file, in the user's state dir); saving, reverting
or discarding removes it. The next start finds the records and stages their edits again on
top of the files as they are then, so what was typed comes back as unsaved edits (marked,
undoable with Revert, saved only when the person saves).

The JSON tab's text edit (text that does not parse, or a fix typed over an unusable file) is
kept as ``text``, with every API key in it masked.

What a record never holds: the text of a secret key (an API key typed into the form is left
out and counted, never written to disk; one typed into the JSON text is masked). Records are
our own files, but they are read through the safe reader like every other file, and anything
that does not look like a record is ignored (and left alone: it may be a newer version's).

Records are per window: ``<digest of the config path>-<pid>-<token>.json`` holds the window
that wrote it (``window: {pid, token}``), so two windows on one project never overwrite each
other's, and a start restores only the records of windows that are gone (its own too), never
those of a window still running. The edits of every such record come back, the newest first;
the records taken over go once this window has written its own, or saved or discarded.

Records are trusted only in a folder of ours (owned by us, not writable by others: written
through the safe writer, 0600 in 0700) and only when the file is ours too. Anything else is
ignored, and :attr:`DraftRecovery.problem` says why — a record planted by another user in a
shared state folder must never come back as the person's own edit.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from msd_desktop.core.common.digest import sha256_hex
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.planning_lock import pid_alive
from msd_desktop.core.common.record import Record
from msd_desktop.core.common.safe_write import own_folder_problem, write_file
from msd_desktop.core.common.text import Text
from msd_desktop.core.config import schema
from msd_desktop.core.config.draft import TEXT_KEY, UNSET, ConfigDraft, InvalidInput

__all__ = ["FORMAT", "DraftRecovery", "Recovered", "default_recovery_dir"]

FORMAT = "msd-desktop-unsaved-edits/1"
APP_NAME = "msd-desktop"
#: At most this many records are looked at on start (a folder filled by something else must
#: not slow the window down).
MAX_RECORDS = 500


_RECORD_NAME = re.compile(r"([0-9a-f]{32})(?:-(\d+)-([0-9a-f]{16}))?\.json")
_window: tuple[int, str] | None = None


def default_recovery_dir(env: Mapping[str, str] | None = None) -> Path:
    """``<user state dir>/msd-desktop/unsaved`` for ``env`` (the window's environment; the
    process's when ``None``), as :func:`~msd_desktop.core.common.user_dirs.user_dir` says."""
    from msd_desktop.core.common.user_dirs import user_dir

    return user_dir("state", APP_NAME, env) / "unsaved"


def this_window() -> tuple[int, str]:
    """``(pid, token)`` of this process's window: the token tells a reused pid apart."""
    global _window
    if _window is None or _window[0] != os.getpid():  # (a fork is another window)
        _window = (os.getpid(), os.urandom(8).hex())
    return _window


def _digest(config: Path) -> str:
    return sha256_hex(os.fsencode(os.path.abspath(config)))[:32]


class Recovered(Record):
    """What a record gave back to a draft."""

    __slots__ = ("file_changed", "keys", "left_out", "saved_at")

    def __init__(self, keys: list[str], left_out: int, saved_at: float,
                 file_changed: bool) -> None:
        self.keys = keys  # the keys staged again
        self.left_out = left_out  # secret edits that were never written down
        self.saved_at = saved_at  # when the record was written (epoch seconds)
        self.file_changed = file_changed  # the file is not the one the edits were made on


def _masked_text(draft: ConfigDraft) -> str | None:
    """The draft's text edit with every API key in it masked (typed or not)."""
    if draft.text_edit is None:
        return None
    from msd_desktop.core.config.secret_keys import secret_key_names
    from msd_desktop.core.secrets.masking import mask_text, secrets_in_text

    found = secrets_in_text(draft.text_edit, secret_key_names())
    return mask_text(draft.text_edit, list(found.values()))


def _is_kept_secret(key: str, value: Any) -> bool:
    """A secret key's edit that must not reach the disk: anything but a boolean (its text, or
    text that is not a value yet)."""
    return schema.is_secret(key) and not isinstance(value, bool)


def _encode(value: Any) -> dict[str, Any]:
    if value is UNSET:
        return {"unset": True}
    if isinstance(value, InvalidInput):
        return {"invalid": {"message": value.message, "text": value.text,
                            "shown": value.shown}}
    return {"value": value}


_NOT_AN_EDIT: Any = object()


def _decode(entry: Any) -> Any:
    """An edit as staged, or :data:`_NOT_AN_EDIT` for anything that is not one (ignored)."""
    if not isinstance(entry, dict):
        return _NOT_AN_EDIT
    if entry.get("unset") is True:
        return UNSET
    invalid = entry.get("invalid")
    if isinstance(invalid, dict):
        parts = [invalid.get(k, "") for k in ("message", "text", "shown")]
        return InvalidInput(*parts) if all(isinstance(p, str) for p in parts) else _NOT_AN_EDIT
    return entry.get("value", _NOT_AN_EDIT)


class DraftRecovery:
    """The records of one user's unsaved edits, one JSON file per config file."""

    def __init__(self, folder: Path, window: tuple[int, str] | None = None) -> None:
        self.folder = Path(folder)
        self._window = window  # (pid, token) of the window writing; this process's if None
        #: why records were not used (the folder or a record is not ours), for the window
        self.problem: str | None = None
        self._adopted: dict[Path, set[Path]] = {}  # config → records of gone windows restored

    def record_path(self, config: Path) -> Path:
        """This window's record of ``config``."""
        pid, token = self.window
        return self.folder / f"{_digest(config)}-{pid}-{token}.json"

    @property
    def window(self) -> tuple[int, str]:
        """``(pid, token)`` of the window whose records this object writes."""
        return self._window or this_window()

    def has_record(self, config: Path) -> bool:
        """Whether a record this window may restore exists for ``config``."""
        return bool(self._records(_digest(config)))

    # ---- writing -------------------------------------------------------------------------

    def write(self, draft: ConfigDraft) -> int:
        """Record the draft's pending edits (or remove the record when there are none);
        returns how many secret edits were left out. ``OSError`` when the record cannot be
        written (the caller says so); a record is never written half."""
        if not draft.dirty:
            self.forget(draft.path)
            return 0
        edits: dict[str, Any] = {}
        left_out = 0
        for key, value in draft.pending.items():
            if _is_kept_secret(key, value):
                left_out += 1
                continue
            edits[key] = _encode(value)
        text = _masked_text(draft)
        if not edits and text is None:
            self.forget(draft.path)
            return left_out
        base = draft.fingerprint
        record = {
            "format": FORMAT,
            "path": os.path.abspath(draft.path),
            "saved_at": time.time(),
            "base_sha256": base.sha256 if base is not None else None,
            "left_out": left_out,
            "edits": edits,
        }
        if text is not None:
            record["text"] = text
        pid, token = self.window
        record["window"] = {"pid": pid, "token": token}
        # ASCII: a path that is not UTF-8 (lone surrogates) round-trips as escapes
        text = json.dumps(record, indent=1) + "\n"
        try:
            write_file(self.record_path(draft.path),
                       text.encode("ascii"), own=True)
        except MsdError as exc:  # the folder is not ours: the caller says so, as for I/O
            self.problem = exc.message
            raise PermissionError(errno.EACCES, exc.message) from exc
        self._drop_adopted(draft.path)  # their edits are in this window's record now
        return left_out

    def forget(self, config: Path) -> None:
        """Remove this window's record of ``config`` and those it took over (saved, reverted
        or discarded)."""
        # a record that cannot go is restored, then saved or discarded, next time
        with contextlib.suppress(OSError):
            self.record_path(config).unlink(missing_ok=True)
        self._drop_adopted(config)

    def _drop_adopted(self, config: Path) -> None:
        for record in self._adopted.pop(Path(os.path.abspath(config)), set()):
            with contextlib.suppress(OSError):
                record.unlink(missing_ok=True)

    # ---- reading -------------------------------------------------------------------------

    def _usable_folder(self) -> bool:
        self.problem = own_folder_problem(self.folder)
        return self.problem is None

    def _read(self, record: Path) -> dict[str, Any] | None:
        from msd_desktop.core.common.safe_read import read_bytes_stat

        try:
            raw, st = read_bytes_stat(record, "defaults")
        except (OSError, ValueError):
            return None
        if st.st_uid != os.geteuid():
            self.problem = Text.of("{path} belongs to another user (uid {uid}); it is not used",
                                   path=record, uid=st.st_uid)
            return None
        try:
            data = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        if not isinstance(data.get("path"), str) or not isinstance(data.get("edits"), dict):
            return None
        return data

    def _records(self, digest: str | None = None) -> list[tuple[Path, dict[str, Any]]]:
        """The records this window may restore (of ``digest``'s config, or all): in a folder
        of ours, regular files of ours, under their own config's name, written by this window
        or by one that is gone."""
        if not self._usable_folder():
            return []
        try:
            with os.scandir(self.folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            return []
        mine = self.window
        out: list[tuple[Path, dict[str, Any]]] = []
        for entry in entries[:MAX_RECORDS]:
            name = _RECORD_NAME.fullmatch(entry.name)
            if name is None or (digest is not None and name.group(1) != digest):
                continue
            try:
                if not stat.S_ISREG(entry.stat(follow_symlinks=False).st_mode):
                    continue
            except OSError:
                continue
            if name.group(2) is not None:
                writer = (int(name.group(2)), name.group(3))
                if writer != mine and pid_alive(writer[0]):
                    continue  # another window's, still open: it keeps its own
            data = self._read(Path(entry.path))
            if data is None or _digest(Path(data["path"])) != name.group(1):
                continue  # a record must sit under its own file's name
            out.append((Path(entry.path), data))
        return out

    def configs(self) -> list[Path]:
        """The config files that have a record to restore, oldest record first."""
        found: dict[Path, float] = {}
        for _, data in self._records():
            config = Path(data["path"])
            saved = data.get("saved_at")
            when = saved if isinstance(saved, (int, float)) else 0.0
            found[config] = min(found.get(config, when), when)
        return sorted(found, key=lambda c: (found[c], str(c)))

    def restore(self, draft: ConfigDraft) -> Recovered | None:
        """Stage the recorded edits on ``draft`` (on top of the file as it is now); ``None``
        when there is no usable record. Several records (windows gone) all come back, the
        newest edit of a key winning. The records stay until this window writes its own or
        the draft is saved or discarded, so a second crash loses nothing either."""
        config = Path(os.path.abspath(draft.path))
        records = [(p, d) for p, d in self._records(_digest(config))
                   if Path(d["path"]) == config]
        if not records:
            return None
        if draft.load_error is not None and draft.file.text is None:
            return None  # the file cannot be read now; the record waits for it

        def saved_at(data: dict[str, Any]) -> float:
            value = data.get("saved_at")
            return value if isinstance(value, (int, float)) else 0.0

        records.sort(key=lambda r: saved_at(r[1]), reverse=True)
        keys: list[str] = []
        left_out = 0
        changed = False
        current = draft.fingerprint
        mine = self.record_path(config)
        for path, data in records:
            text = data.get("text")
            if isinstance(text, str) and draft.text_edit is None:
                draft.set(TEXT_KEY, text)  # the newest record's text (records are newest first)
                keys.append(TEXT_KEY)
            for key, entry in data["edits"].items():
                if not isinstance(key, str) or key in draft.pending or key == TEXT_KEY:
                    continue
                if draft.load_error is not None:
                    break  # key edits wait for a file the core can use
                value = _decode(entry)
                if value is _NOT_AN_EDIT:
                    continue
                if _is_kept_secret(key, value):
                    continue  # never stage a secret's text, whatever the record says
                draft.set(key, value)
                if draft.is_pending(key):
                    keys.append(key)
            changed = changed or data.get("base_sha256") != (
                current.sha256 if current is not None else None)
            count = data.get("left_out")
            left_out += count if isinstance(count, int) else 0
            if path != mine:
                self._adopted.setdefault(config, set()).add(path)
        return Recovered(keys, left_out, saved_at(records[0][1]), changed)
