"""A snapshot turned back into a document to save — never with a secret in it.

The snapshot's keys, order and values come back, except the secret keys: their values in the
history are markers, and a restore never writes a secret, so each keeps what the file holds
now (or stays absent). When the snapshot had another value there, a note says so. Every
schema key whose value changes is validated as a save would; the write itself is the normal
save path (planning lock, conflict check, readback caps), recorded as a "restore".
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.jsonfile import Fingerprint, read_json_file
from msd_desktop.core.common.text import Text
from msd_desktop.core.history.compare import KeyChange, diff
from msd_desktop.core.history.index import Entry
from msd_desktop.core.history.redact import secret_keys
from msd_desktop.core.history.store import HistoryStore


class RestorePlan(NamedTuple):
    """What a restore writes, what changes, and what it says about secrets (``current``: the
    file's document as the plan read it, ``None`` when it was absent — what an undo puts
    back)."""

    path: Path
    entry: Entry
    data: dict[str, Any]
    expected: Fingerprint | None
    changes: list[KeyChange]
    notes: list[Text]
    current: dict[str, Any] | None = None


def snapshot_document(store: HistoryStore, entry: Entry) -> dict[str, Any]:
    """The snapshot of ``entry`` as a JSON object."""
    if entry.state != "present":
        raise MsdError(Text.of("Entry {id} has no stored content ({state})", id=entry.id,
                               state=entry.state))
    try:
        data = json.loads(store.content(entry))
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        raise MsdError(Text.of("The snapshot of entry {id} is not a JSON object; it cannot be "
                               "restored", id=entry.id))
    return data


def merge_secrets(snapshot: dict[str, Any], current: dict[str, Any]) -> tuple[dict[str, Any],
                                                                            list[Text]]:
    """``snapshot`` with every secret key as ``current`` has it, and a note where they differ."""
    secrets = secret_keys()
    notes: list[Text] = []
    out: dict[str, Any] = {}
    for key, value in snapshot.items():
        if key not in secrets:
            out[key] = value
            continue
        if key in current:
            out[key] = current[key]
        if key not in current or current[key] != value:
            notes.append(Text.of("{key}: the snapshot had another value; a restore never "
                                 "writes a secret, the current one is kept", key=key))
    for key in secrets:
        if key in current and key not in snapshot:
            out[key] = current[key]
            notes.append(Text.of("{key}: the snapshot had another value; a restore never "
                                 "writes a secret, the current one is kept", key=key))
    return out, notes


def _validate(changes: list[KeyChange], data: dict[str, Any]) -> None:
    from msd_desktop.core.common.key_paths import get_path
    from msd_desktop.core.config.schema import SCHEMA
    from msd_desktop.core.config.setter import validate_value

    problems = []
    for change in changes:
        if change.key in SCHEMA and change.change != "removed":
            found, value = get_path(data, change.key)
            error = validate_value(change.key, value) if found else None
            if error:
                problems.append(f"{change.key}: {error}")
    if problems:
        raise MsdError(Text.of("The snapshot holds values a save would refuse; nothing was "
                               "written: {problems}", problems="; ".join(problems)))


def plan_restore(store: HistoryStore, path: Path, entry: Entry) -> RestorePlan:
    """Decide what restoring ``entry`` into ``path`` writes (nothing is written here)."""
    snapshot = snapshot_document(store, entry)
    file = read_json_file(path)
    if file.exists and not file.ok:
        raise MsdError(Text.of("Cannot restore into {error}", error=file.error.message
                               if file.error else path))
    current: dict[str, Any] = file.data if file.ok and isinstance(file.data, dict) else {}
    data, notes = merge_secrets(snapshot, current)
    changes = diff(current, data)
    _validate(changes, data)
    return RestorePlan(Path(path), entry, data, file.fingerprint if file.exists else None,
                       changes, notes, current if file.exists else None)


def apply_restore(plan: RestorePlan, env: Mapping[str, str] | None = None, *,
                  batch: str | None = None) -> Fingerprint:
    """Write a planned restore through the normal save path; ``ConflictError`` when the file
    changed since the plan was made. ``batch``: the id shared by a batch restore's writes."""
    from msd_desktop.core.common.safe_write import make_folders_for
    from msd_desktop.core.config.store import write_project_config
    from msd_desktop.core.history.recorder import RESTORE

    make_folders_for(plan.path)
    return write_project_config(plan.path, plan.data, plan.expected, source=RESTORE, env=env,
                                batch=batch)


def recreate_file(store: HistoryStore, path: Path, entry: Entry,
                  env: Mapping[str, str] | None = None) -> RestorePlan:
    """Write a deleted config file again as ``entry`` had it, through the normal save path
    (refused when the file exists: this never overwrites); returns the plan written, whose
    notes name the API keys left out."""
    plan = plan_restore(store, path, entry)
    if plan.expected is not None:
        raise MsdError(Text.of("{path} exists; recreating it from the history would overwrite "
                               "it, so nothing was written", path=path))
    apply_restore(plan, env)
    return plan


class BatchFile(NamedTuple):
    """One file of a batch restore: its plan, or why it has none."""

    path: Path
    plan: RestorePlan | None
    problem: str | None


def plan_batch_restore(store: HistoryStore, batch: str, *, before: bool) -> list[BatchFile]:
    """Every file a bulk edit (``batch``: its id) wrote, planned back to the state that edit
    left (``before``: to the state just before it). A file whose plan fails (a snapshot a save
    would refuse, an unreadable file) carries the reason; the others are unaffected."""
    out: list[BatchFile] = []
    for path, read in store.files():
        entries = read.entries
        hits = [i for i, e in enumerate(entries) if e.batch == batch]
        if not hits:
            continue
        index = hits[0] - 1 if before else hits[-1]
        target = Path(entries[hits[0]].path)
        if index < 0:
            out.append(BatchFile(target, None, str(Text.of(
                "{path}: the history has no state from before the batch", path=path))))
            continue
        try:
            out.append(BatchFile(target, plan_restore(store, target, entries[index]), None))
        except MsdError as exc:
            out.append(BatchFile(target, None, exc.message))
    if not out:
        raise MsdError(Text.of("No history entry belongs to batch {batch}", batch=batch))
    return out


class BatchRestoreResult(NamedTuple):
    """One file of a batch restore (or of its undo): ``restored``, ``unchanged``, ``refused``
    (changed on disk since the plan: nothing written), ``skipped`` or ``error``, with the
    reason, the plan and the fingerprint this write left (what an undo must still find)."""

    path: Path
    status: str
    problem: str | None
    plan: RestorePlan | None
    written: Fingerprint | None = None


class BatchRestoreReport(NamedTuple):
    """Every file of one batch restore: the batch restored and the id its own writes share."""

    batch: str
    restore_batch: str
    results: list[BatchRestoreResult]

    @property
    def failed(self) -> list[BatchRestoreResult]:
        """The files that were not restored (refused or failed)."""
        return [r for r in self.results if r.status in ("error", "refused")]

    @property
    def can_undo(self) -> bool:
        """At least one file was written over a file that existed (an undo never deletes)."""
        return any(r.status == "restored" and r.plan is not None and r.plan.current is not None
                   for r in self.results)


def restore_batch(files: list[BatchFile], batch: str,
                  env: Mapping[str, str] | None = None) -> BatchRestoreReport:
    """Write the planned files of a batch restore (:func:`plan_batch_restore`), each through
    the normal save path against the content it had when planned; one file's refusal or
    failure never stops the others. Their writes share one new batch id."""
    from msd_desktop.core.common.errors import ConflictError
    from msd_desktop.core.history.recorder import new_batch_id

    shared = new_batch_id()
    results: list[BatchRestoreResult] = []
    for f in files:
        if f.plan is None:
            results.append(BatchRestoreResult(f.path, "error", f.problem, None))
            continue
        if not f.plan.changes:
            results.append(BatchRestoreResult(f.path, "unchanged", None, f.plan))
            continue
        try:
            written = apply_restore(f.plan, env, batch=shared)
            results.append(BatchRestoreResult(f.path, "restored", None, f.plan, written))
        except ConflictError as exc:
            results.append(BatchRestoreResult(f.path, "refused", exc.message, f.plan))
        except MsdError as exc:
            results.append(BatchRestoreResult(f.path, "error", exc.message, f.plan))
    return BatchRestoreReport(batch, shared, results)


def undo_batch_restore(report: BatchRestoreReport,
                       env: Mapping[str, str] | None = None) -> BatchRestoreReport:
    """Put back what each restored file held before the batch restore, where the file still
    has what the restore wrote (someone's later edit is never overwritten: ``refused``). A
    file the restore created is left as it is (``skipped``): an undo never deletes."""
    from msd_desktop.core.common.errors import ConflictError
    from msd_desktop.core.config.store import write_project_config
    from msd_desktop.core.history.recorder import RESTORE_UNDONE, new_batch_id

    shared = new_batch_id()
    results: list[BatchRestoreResult] = []
    for r in report.results:
        plan = r.plan
        if r.status != "restored" or plan is None or r.written is None:
            results.append(BatchRestoreResult(r.path, "skipped",
                                                 Text.of("nothing was written here"), plan))
            continue
        if plan.current is None:
            results.append(BatchRestoreResult(r.path, "skipped", Text.of(
                "the restore created this file; it is left as it is"), plan))
            continue
        try:
            written = write_project_config(r.path, plan.current, r.written,
                                           source=RESTORE_UNDONE, batch=shared, env=env)
            results.append(BatchRestoreResult(r.path, "restored", None, plan, written))
        except ConflictError:
            results.append(BatchRestoreResult(r.path, "refused", Text.of(
                "changed on disk since the restore wrote it — left as it is"), plan))
        except MsdError as exc:
            results.append(BatchRestoreResult(r.path, "error", exc.message, plan))
    return BatchRestoreReport(report.batch, shared, results)
