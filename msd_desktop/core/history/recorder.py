"""The hook every config writer of the core goes through: write, and record before and after.

Why one function: the Settings save, the JSON tab, the matrix's batches, ``msd config-set``,
``migrate-config``, ``secrets migrate``, a new project and a restore all write a
``config.json`` (or ``~/.msd/defaults.json``) with ``atomic_write_json``; doing it here means
each keeps its own lock and conflict check and every write lands in the history with its
source. The bytes before and after are read under the same planning lock as the write, so no
other writer can slip in between. Recording never fails a write: a store that cannot be used
is logged and the write stands.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import EllipsisType
from typing import Any

from msd_desktop.core.common.jsonfile import Fingerprint, atomic_write_json
from msd_desktop.core.common.text import Text

#: The sources of writes made through MSD, as the history shows them.
SETTINGS_SAVE = "Settings save"
JSON_TAB = "JSON tab"
MATRIX_BATCH = "matrix batch"
MATRIX_UNDO = "matrix batch undone"
CONFIG_SET = "msd config-set"
MIGRATE_CONFIG = "migrate-config"
SECRETS_MIGRATE = "secrets migrate"
SECRETS_MARK = "secrets set"
NEW_PROJECT = "new project"
RESTORE = "restore"
RESTORE_UNDONE = "restore undone"

_log = logging.getLogger(__name__)


def new_batch_id() -> str:
    """One id shared by the entries of one bulk edit."""
    return os.urandom(4).hex()


def _current(path: Path) -> bytes | EllipsisType | None:
    """The file's bytes now (``None``: absent; ``...``: unreadable, nothing to record)."""
    from msd_desktop.core.common.safe_read import read_bytes

    try:
        return read_bytes(path, "config")
    except FileNotFoundError:
        return None
    except OSError:
        return ...


def record_quietly(path: Path, before: bytes | EllipsisType | None,
                   after: bytes | EllipsisType | None, source: str, *,
                   batch: str | None = None, env: Mapping[str, str] | None = None) -> list[Text]:
    """Record one write in the user's history; the problems are logged and returned, never
    raised (a history that cannot be kept must not stop a save)."""
    from msd_desktop.core.common.errors import MsdError
    from msd_desktop.core.history.store import HistoryStore

    if after is ...:
        return []
    try:
        problems = HistoryStore.for_user(env).record(path, before, after, source,
                                                     batch=batch).problems
    except (OSError, MsdError) as exc:
        problems = [Text.of("The config history could not record {path}: {error}", path=path,
                            error=getattr(exc, "message", None) or exc)]
    for problem in problems:
        _log.warning("%s", problem)
    return problems


def observe_changes(paths: Iterable[Path], env: Mapping[str, str] | None = None) -> list[Text]:
    """Record the config files among ``paths`` as they are now: a change the watcher saw.

    What MSD wrote itself is already the last entry (nothing new is added); anything else
    becomes "changed outside MSD" (a burst of them one entry), or "first seen". Problems are
    logged and returned, never raised: this runs on the watcher's thread."""

    problems: list[Text] = []
    for path in paths:
        if path.name == "config.json" and ".planning" in path.parts:
            problems.extend(observe_file(path, env))
    return problems


def observe_file(path: Path, env: Mapping[str, str] | None = None) -> list[Text]:
    """Record ``path`` as it is now, if that state is new to the history (a first look, or
    a change made while MSD was not watching); problems are logged and returned."""
    from msd_desktop.core.common.errors import MsdError
    from msd_desktop.core.history.store import HistoryStore

    content = _current(path)
    if content is ...:
        return []
    try:
        problems = HistoryStore.for_user(env).observe(path, content).problems
    except (OSError, MsdError) as exc:
        problems = [Text.of("The config history could not record {path}: {error}",
                            path=path, error=getattr(exc, "message", None) or exc)]
    for problem in problems:
        _log.warning("%s", problem)
    return problems


def write_config_recorded(path: Path, data: Any, *,
                          expected: Fingerprint | EllipsisType | None,
                          source: str, lock_dir: Path | None = None, batch: str | None = None,
                          env: Mapping[str, str] | None = None) -> Fingerprint:
    """``atomic_write_json(path, data, expected=…, lock_dir=…)``, recorded in the history.

    Without ``lock_dir`` the caller holds the planning lock already."""
    path = Path(path)
    if lock_dir is None:
        return _write(path, data, expected, source, batch, env)
    from msd_desktop.core.common.planning_lock import PlanningLock

    with PlanningLock(lock_dir):
        return _write(path, data, expected, source, batch, env)


def _write(path: Path, data: Any, expected: Fingerprint | EllipsisType | None, source: str,
           batch: str | None, env: Mapping[str, str] | None) -> Fingerprint:
    before = _current(path)
    written = atomic_write_json(path, data, expected=expected)
    record_quietly(path, before, _current(path), source, batch=batch, env=env)
    return written
