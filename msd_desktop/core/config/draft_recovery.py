"""Unsaved Settings edits that outlive the process: a crash, a kill, a log-out that allowed
no questions.

Why: a draft lives in memory, and every orderly way out asks Save / Discard / Cancel first —
but a process that dies never asks. So while a draft has pending edits, the window keeps a
small record of them (one file per config file, in the user's state dir); saving, reverting
or discarding removes it. The next start finds the records and stages their edits again on
top of the files as they are then, so what was typed comes back as unsaved edits (marked,
undoable with Revert, saved only when the person saves).

What a record never holds: the text of a secret key (an API key typed into the form is left
out and counted, never written to disk). Records are our own files, but they are read through
the safe reader like every other file, and anything that does not look like a record is
ignored (and left alone: it may be a newer version's).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from msd_desktop.core.common.digest import sha256_hex
from msd_desktop.core.common.jsonfile import atomic_write_text
from msd_desktop.core.common.record import Record
from msd_desktop.core.config import schema
from msd_desktop.core.config.draft import UNSET, ConfigDraft, InvalidInput

__all__ = ["FORMAT", "DraftRecovery", "Recovered", "default_recovery_dir"]

FORMAT = "msd-desktop-unsaved-edits/1"
APP_NAME = "msd-desktop"
#: At most this many records are looked at on start (a folder filled by something else must
#: not slow the window down).
MAX_RECORDS = 500


def default_recovery_dir(env: Mapping[str, str] | None = None) -> Path:
    """``<user state dir>/msd-desktop/unsaved``: on Linux ``$XDG_STATE_HOME`` (or
    ``$HOME/.local/state``) of ``env`` when given (the window's environment), else
    platformdirs' state dir."""
    import sys

    if env is not None and sys.platform.startswith("linux"):
        base = env.get("XDG_STATE_HOME") or (
            os.path.join(env["HOME"], ".local", "state") if env.get("HOME") else "")
        if base and os.path.isabs(base):
            return Path(base) / APP_NAME / "unsaved"
    import platformdirs

    return Path(platformdirs.user_state_dir(APP_NAME, appauthor=False)) / "unsaved"


class Recovered(Record):
    """What a record gave back to a draft."""

    __slots__ = ("file_changed", "keys", "left_out", "saved_at")

    def __init__(self, keys: list[str], left_out: int, saved_at: float,
                 file_changed: bool) -> None:
        self.keys = keys  # the keys staged again
        self.left_out = left_out  # secret edits that were never written down
        self.saved_at = saved_at  # when the record was written (epoch seconds)
        self.file_changed = file_changed  # the file is not the one the edits were made on


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

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def record_path(self, config: Path) -> Path:
        digest = sha256_hex(os.fsencode(os.path.abspath(config)))[:32]
        return self.folder / f"{digest}.json"

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
        if not edits:
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
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write_text(self.record_path(draft.path),
                          json.dumps(record, ensure_ascii=False, indent=1) + "\n", mode=0o600)
        return left_out

    def forget(self, config: Path) -> None:
        """Remove the record of ``config`` (saved, reverted or discarded)."""
        # a record that cannot go is restored, then saved or discarded, next time
        with contextlib.suppress(OSError):
            self.record_path(config).unlink(missing_ok=True)

    # ---- reading -------------------------------------------------------------------------

    def _read(self, record: Path) -> dict[str, Any] | None:
        from msd_desktop.core.common.safe_read import read_text

        try:
            data = json.loads(read_text(record, "defaults", errors="strict"))
        except (OSError, ValueError, RecursionError):
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return None
        if not isinstance(data.get("path"), str) or not isinstance(data.get("edits"), dict):
            return None
        return data

    def configs(self) -> list[Path]:
        """The config files that have a record, oldest record first."""
        try:
            entries = sorted((e for e in os.scandir(self.folder)
                              if e.name.endswith(".json") and e.is_file(follow_symlinks=False)),
                             key=lambda e: e.name)
        except OSError:
            return []
        found: list[tuple[float, Path]] = []
        for entry in entries[:MAX_RECORDS]:
            data = self._read(Path(entry.path))
            if data is None:
                continue
            config = Path(data["path"])
            if self.record_path(config) != Path(entry.path):
                continue  # a record must sit under its own file's name
            saved = data.get("saved_at")
            found.append((saved if isinstance(saved, (int, float)) else 0.0, config))
        return [config for _, config in sorted(found)]

    def restore(self, draft: ConfigDraft) -> Recovered | None:
        """Stage the recorded edits on ``draft`` (on top of the file as it is now); ``None``
        when there is no usable record. The record stays until the draft is saved or
        discarded, so a second crash loses nothing either."""
        data = self._read(self.record_path(draft.path))
        if data is None or Path(data["path"]) != Path(os.path.abspath(draft.path)):
            return None
        if draft.load_error is not None:
            return None  # the file cannot be edited now; the record waits for it
        keys: list[str] = []
        for key, entry in data["edits"].items():
            if not isinstance(key, str) or key in draft.pending:
                continue
            value = _decode(entry)
            if value is _NOT_AN_EDIT:
                continue
            if _is_kept_secret(key, value):
                continue  # never stage a secret's text, whatever the record says
            draft.set(key, value)
            if draft.is_pending(key):
                keys.append(key)
        base = data.get("base_sha256")
        current = draft.fingerprint
        changed = base != (current.sha256 if current is not None else None)
        left_out = data.get("left_out")
        saved_at = data.get("saved_at")
        return Recovered(keys, left_out if isinstance(left_out, int) else 0,
                         saved_at if isinstance(saved_at, (int, float)) else 0.0, changed)
