"""A bulk edit of one config key across projects: plan → confirm → apply → undo.

Why a batch object and not a loop over ``config-set``: "Apply to selected" can touch a dozen
projects at once, so the person must see, before anything is written, exactly which file goes
from which value to which (:func:`plan_batch` — the confirmation data, secrets masked); each
write must refuse a file that changed since that confirmation (the fingerprint read while
planning is the ``expected`` of the atomic write); and the whole batch must be reversible
(:func:`undo_batch`), but never over someone else's later edit — a file whose fingerprint is
no longer the one this batch wrote is left alone and reported.

The forms a value takes here: ``value`` is the Python value the matrix editor produced (``None``
means *unset the key*); :attr:`PlannedChange.old_value` is what the project's active
``config.json`` held (``old_present`` False when it held nothing); ``*_display`` are the texts
shown to a person (JSON spelling, secrets masked, ``(not set)``).

Each write runs under that project's planning lock, keeps unknown keys and key order (the
value is replaced where it sits) and goes through :func:`atomic_write_json`. A secret key goes
through :func:`~msd_desktop.core.config.setter.config_set_typed` (the plaintext to the keyring,
the sentinel to the file, D4); such a batch is not undoable, because undoing it would mean
reading the earlier secret back out of the keyring, which only an explicit reveal may do.
Qt-free; the matrix view only asks, shows the report and offers the undo.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from msd_desktop.core.common.errors import ConflictError, MsdError
from msd_desktop.core.common.jsonfile import (
    Fingerprint,
    fingerprint_of,
    read_json_file,
)
from msd_desktop.core.common.key_paths import get_path, parent_keys, set_path
from msd_desktop.core.common.safe_write import make_folders_for
from msd_desktop.core.common.text import Text
from msd_desktop.core.config import schema as config_schema
from msd_desktop.core.config.matrix import ProjectEntry
from msd_desktop.core.secrets.masking import mask
from msd_desktop.core.workspace.paths import Env, config_path

__all__ = [
    "NOT_SET",
    "BatchPlan",
    "BatchReport",
    "BatchResult",
    "PlannedChange",
    "apply_batch",
    "plan_batch",
    "undo_batch",
    "value_display",
]

ResultStatus = Literal["written", "unchanged", "refused", "error", "restored", "skipped"]
NOT_SET = "(not set)"
UNREADABLE = "(unreadable)"


def value_display(present: bool, value: Any, secret: bool) -> str:
    """A value as the confirmation and the comparison show it: masked when secret."""
    import json

    if not present:
        return NOT_SET
    if secret:
        return mask(value) if isinstance(value, str) else json.dumps(value)
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


@dataclass(frozen=True)
class PlannedChange:
    """One project's line in the confirmation: its file, the old value, the new one."""

    project: ProjectEntry
    path: Path
    key: str
    old_present: bool
    old_value: Any
    new_value: Any  # None = unset
    secret: bool
    fingerprint: Fingerprint | None  # the file as confirmed; None = it did not exist
    problem: str | None = None  # why this project will not be written (bad file, bad value)
    old_known: bool = True  # False when the file could not be read at all

    @property
    def unchanged(self) -> bool:
        """The file already holds the new value (or lacks a key being unset): nothing to do."""
        if self.problem is not None:
            return False
        if self.new_value is None:
            return not self.old_present
        return self.old_present and self.old_value == self.new_value and not (
            self.secret and isinstance(self.new_value, str))

    @property
    def old_display(self) -> str:
        if not self.old_known:
            return UNREADABLE
        return value_display(self.old_present, self.old_value, self.secret)

    @property
    def new_display(self) -> str:
        return value_display(self.new_value is not None, self.new_value, self.secret)

    def __repr__(self) -> str:  # never the plaintext of a secret, even in a traceback
        return (f"PlannedChange({self.project.name!r}, {self.key!r}, {self.old_display!r} → "
                f"{self.new_display!r})")


@dataclass(frozen=True)
class BatchPlan:
    """What "Apply to selected" will do, for the person to confirm."""

    key: str
    value: Any
    changes: tuple[PlannedChange, ...]
    secret: bool = False

    @property
    def to_write(self) -> list[PlannedChange]:
        return [c for c in self.changes if c.problem is None and not c.unchanged]

    @property
    def undoable(self) -> bool:
        return not self.secret

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(project, old, new, note) per project — the confirmation table, secrets masked."""
        out = []
        for c in self.changes:
            note = c.problem or ("already set" if c.unchanged else "")
            out.append((c.project.name, c.old_display, c.new_display, note))
        return out

    def __repr__(self) -> str:
        return f"BatchPlan({self.key!r}, {len(self.changes)} projects)"


@dataclass(frozen=True)
class BatchResult:
    """What happened to one project (``written`` carries the fingerprint the batch left)."""

    change: PlannedChange
    status: ResultStatus
    message: str
    written: Fingerprint | None = None
    created_parents: tuple[str, ...] = ()  # parent objects the write had to create
    sibling_order: tuple[str, ...] = ()  # the key's parent object's keys before the write

    @property
    def project(self) -> ProjectEntry:
        return self.change.project

    def line(self) -> str:
        return f"{self.change.project.name}: {self.status} — {self.message}"


@dataclass(frozen=True)
class BatchReport:
    """The per-project account of an apply or an undo."""

    plan: BatchPlan
    results: tuple[BatchResult, ...]
    kind: Literal["apply", "undo"] = "apply"
    counts: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        counts: dict[str, int] = {}
        for r in self.results:
            counts[r.status] = counts.get(r.status, 0) + 1
        object.__setattr__(self, "counts", counts)

    @property
    def can_undo(self) -> bool:
        """An apply that wrote at least one file of a non-secret key."""
        return self.kind == "apply" and self.plan.undoable and self.counts.get("written", 0) > 0

    def lines(self) -> list[str]:
        return [r.line() for r in self.results]

    def by_status(self, status: str) -> list[BatchResult]:
        return [r for r in self.results if r.status == status]


# --------------------------------------------------------------------------- planning


def _plan_one(entry: ProjectEntry, key: str, value: Any, secret: bool, error: str | None,
              env: Env) -> PlannedChange:
    try:
        path = config_path(entry.root, env)
    except MsdError as exc:
        return PlannedChange(entry, entry.root / ".planning" / "config.json", key, False, None,
                             value, secret, None, exc.message)
    if not entry.root.is_dir():
        return PlannedChange(entry, path, key, False, None, value, secret, None,
                             Text.of("{path} is not a folder", path=entry.root))
    file = read_json_file(path)
    if file.error is not None:
        where = str(entry.root).rstrip("/") + "/"
        shown: str = file.error.message.replace(where, "")
        if isinstance(file.error.message, Text):
            relative = file.error.message.map_params(lambda s: s.replace(where, ""))
            shown = relative if relative == shown else shown
        return PlannedChange(entry, path, key, False, None, value, secret, file.fingerprint,
                             Text.of("not written, {error}", error=shown), old_known=False)
    data = file.data if file.exists else {}
    if not isinstance(data, dict):
        return PlannedChange(entry, path, key, False, None, value, secret, file.fingerprint,
                             Text.of("not written, config.json is not a JSON object"),
                             old_known=False)
    found, old = get_path(data, key)
    problem = error
    if problem is None and value is not None:
        from msd_desktop.core.config.setter import check_agent_skills

        try:
            check_agent_skills(entry.root, key, value, value_display(True, value, secret))
        except MsdError as exc:
            problem = exc.message
    return PlannedChange(entry, path, key, found, copy.deepcopy(old) if found else None,
                         value, secret, file.fingerprint if file.exists else None, problem)


def plan_batch(projects: Iterable[Any], key: str, value: Any, env: Env) -> BatchPlan:
    """Read each project's active ``config.json`` and say what setting ``key`` would change.

    Nothing is written. A project whose file is unusable, or for which the value is invalid,
    gets a ``problem`` and is skipped by :func:`apply_batch`.
    """
    from msd_desktop.core.config.setter import validate_value

    secret = config_schema.is_secret(key)
    error = validate_value(key, value)
    entries = [ProjectEntry.of(p) for p in projects]
    changes = tuple(_plan_one(e, key, value, secret, error, env) for e in entries)
    return BatchPlan(key, value, changes, secret)


# --------------------------------------------------------------------------- writing


def _same(expected: Fingerprint | None, exists: bool, current: Fingerprint | None) -> bool:
    return (not exists) if expected is None else expected.same_content(current)


def _set_in(data: dict[str, Any], key: str, value: Any) -> None:
    from msd_desktop.core.config.setter import apply_set

    updated = apply_set(data, key, value)
    data.clear()
    data.update(updated)


def _parent_keys(data: dict[str, Any], key: str) -> tuple[str, ...]:
    parent = key.rpartition(".")[0]
    found, node = get_path(data, parent) if parent else (True, data)
    return tuple(node) if found and isinstance(node, dict) else ()


def _restore_in(data: dict[str, Any], key: str, present: bool, value: Any,
                created: list[str], order: tuple[str, ...]) -> None:
    """Put ``key`` back as it was: its old value where it sat, or gone with the parents we made."""
    if present:
        set_path(data, key, copy.deepcopy(value))
        parent = key.rpartition(".")[0]
        node = get_path(data, parent)[1] if parent else data  # set_path made it an object
        if order and tuple(node) != order:  # an unset moved it: back to its old place
            ranked = {k: i for i, k in enumerate(order)}
            items = sorted(node.items(), key=lambda kv: ranked.get(kv[0], len(ranked)))
            node.clear()
            node.update(items)
        return
    _set_in(data, key, None)
    for parent in sorted(created, key=len, reverse=True):
        found, node = get_path(data, parent)
        if found and node == {}:
            _set_in(data, parent, None)


def _missing_parents(data: dict[str, Any], key: str) -> list[str]:
    """The parent objects of ``key`` that ``data`` lacks (a set would create them)."""
    out = []
    for prefix in parent_keys(key):
        found, node = get_path(data, prefix)
        if not found or not isinstance(node, dict):
            out.append(prefix)
    return out


def _locked_edit(path: Path, expected: Fingerprint | None,
                 edit: Callable[[dict[str, Any]], None], *, source: str,
                 batch: str, env: Env, lock_timeout: float | None) -> Fingerprint:
    """Under the planning lock: refuse a changed file, else apply ``edit`` and write atomically
    (recorded in the config history under the batch's id)."""
    from msd_desktop.core.common.planning_lock import DEFAULT_TIMEOUT_S, PlanningLock
    from msd_desktop.core.history.recorder import write_config_recorded

    make_folders_for(path)
    timeout = DEFAULT_TIMEOUT_S if lock_timeout is None else lock_timeout
    with PlanningLock(path.parent, timeout):
        file = read_json_file(path)
        if file.error is not None:
            raise MsdError(Text.of("config.json is unusable: {error}", error=file.error.message))
        if not _same(expected, file.exists, file.fingerprint):
            raise ConflictError(Text.of("{path} changed on disk", path=path))
        data: dict[str, Any] = file.data if file.exists else {}
        edit(data)
        return write_config_recorded(path, data,
                                     expected=file.fingerprint if file.exists else None,
                                     source=source, batch=batch, env=env)


def _write_secret(change: PlannedChange, env: Env, batch: str) -> Fingerprint:
    from msd_desktop.core.config.setter import config_set_typed
    from msd_desktop.core.history.recorder import MATRIX_BATCH

    config_set_typed(change.project.root, change.key, change.new_value, env=env,
                     expected=change.fingerprint, source=MATRIX_BATCH, batch=batch)
    written = fingerprint_of(change.path)
    if written is None:
        raise MsdError(Text.of("{path} is gone after writing", path=change.path))
    return written


def apply_batch(plan: BatchPlan, env: Env, *, lock_timeout: float | None = None) -> BatchReport:
    """Write every planned change; each project independently, each against its confirmed file.

    Per project: ``written`` (with the new fingerprint, for the undo), ``unchanged``,
    ``refused`` (the file changed on disk after the confirmation — nothing written there), or
    ``error`` (bad file, bad value, lock timeout, no keyring…). One project's failure never
    stops the others. ``lock_timeout`` is how long each plain value waits for its project's
    planning lock (the lock's own default when None); a secret goes through the setter's lock.
    """
    from msd_desktop.core.history.recorder import MATRIX_BATCH, new_batch_id

    batch = new_batch_id()
    results: list[BatchResult] = []
    for change in plan.changes:
        if change.problem is not None:
            results.append(BatchResult(change, "error", change.problem))
            continue
        if change.unchanged:
            results.append(BatchResult(change, "unchanged",
                                       Text.of("already {value}", value=change.new_display)))
            continue
        parents: list[str] = []
        order: list[str] = []
        try:
            if change.secret:
                written = _write_secret(change, env, batch)
            else:
                from msd_desktop.core.config.setter import normalize_value

                stored = (None if change.new_value is None
                          else normalize_value(change.key, change.new_value))

                def forward(d: dict[str, Any], c: PlannedChange = change, v: Any = stored,
                            made: list[str] = parents, keys: list[str] = order) -> None:
                    made[:] = _missing_parents(d, c.key)
                    keys[:] = _parent_keys(d, c.key)
                    _set_in(d, c.key, v)

                written = _locked_edit(change.path, change.fingerprint, forward,
                                       source=MATRIX_BATCH, batch=batch, env=env,
                                       lock_timeout=lock_timeout)
            verb = (Text.of("unset") if change.new_value is None
                    else Text.of("{old} → {new}", old=change.old_display,
                                 new=change.new_display))
            results.append(BatchResult(change, "written", verb, written, tuple(parents),
                                       tuple(order)))
        except ConflictError:
            results.append(BatchResult(
                change, "refused",
                Text.of("changed on disk since you confirmed — not written; reload and try "
                        "again")))
        except MsdError as exc:
            results.append(BatchResult(change, "error", exc.message))
    return BatchReport(plan, tuple(results), "apply")


def undo_batch(report: BatchReport, env: Env, *,
               lock_timeout: float | None = None) -> BatchReport:
    """Put back each project's previous value where this batch wrote it.

    Per project: ``restored``; ``refused`` when the file changed since the batch wrote it
    (someone else's edit is never overwritten; the file is left as it is); ``skipped`` when the
    batch did not write that project; ``error`` for a lock timeout or an unusable file.
    ``lock_timeout`` as for :func:`apply_batch`.
    """
    if report.kind != "apply":
        raise MsdError(Text.of("only an applied batch can be undone"))
    if not report.plan.undoable:
        raise MsdError(Text.of("a batch of the secret {key} cannot be undone: its earlier "
                               "value lives in the OS keyring and is not read back",
                               key=report.plan.key))
    from msd_desktop.core.history.recorder import MATRIX_UNDO, new_batch_id

    batch = new_batch_id()
    results: list[BatchResult] = []
    for r in report.results:
        change = r.change
        if r.status != "written" or r.written is None:
            results.append(BatchResult(change, "skipped", Text.of("nothing was written here")))
            continue

        def back(d: dict[str, Any], c: PlannedChange = change, done: BatchResult = r) -> None:
            _restore_in(d, c.key, c.old_present, c.old_value, list(done.created_parents),
                        done.sibling_order)

        try:
            _locked_edit(change.path, r.written, back, source=MATRIX_UNDO, batch=batch,
                         env=env, lock_timeout=lock_timeout)
            results.append(BatchResult(change, "restored",
                                       Text.of("{old} → {new}", old=change.new_display,
                                               new=change.old_display)))
        except ConflictError:
            results.append(BatchResult(
                change, "refused",
                Text.of("changed on disk since the batch wrote it — left as it is")))
        except MsdError as exc:
            results.append(BatchResult(change, "error", exc.message))
    return BatchReport(report.plan, tuple(results), "undo")


def summary_text(report: BatchReport) -> str:
    """One line for the matrix's summary: counts per outcome, in a fixed order."""
    order: Sequence[tuple[str, str]] = (
        ("written", "written"), ("restored", "restored"), ("unchanged", "already set"),
        ("refused", "refused (changed on disk)"), ("error", "failed"),
        ("skipped", "not touched"))
    parts = [f"{report.counts[s]} {words}" for s, words in order if report.counts.get(s)]
    return ", ".join(parts) or "nothing to do"
