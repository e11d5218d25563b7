"""``msd history list|show|diff|restore``: the config history on the command line.

Thin handlers over :mod:`msd_desktop.core.history` (an MSD Desktop addition; upstream has no
history). The file is the project's active ``config.json`` (as ``config-set`` writes it),
``--defaults`` for ``~/.msd/defaults.json`` or ``--file PATH``; ``list --all`` lists every
file with a history. Entries are named by their id or a unique start of it. Everything prints
JSON; secret values never appear (the history holds markers, the file's are masked).
``restore`` writes through the normal save path and only with ``--yes``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from msd_desktop.core.common.errors import MsdError

if TYPE_CHECKING:
    import argparse

    from msd_desktop.cli import CliContext
    from msd_desktop.core.history.index import Entry
    from msd_desktop.core.history.store import HistoryStore

_USAGE = {
    "show": "msd history show ENTRY [--file PATH | --defaults]",
    "diff": "msd history diff ENTRY [OTHER] [--file PATH | --defaults]",
    "restore": "msd history restore ENTRY --yes [--file PATH | --defaults]",
    "batch": "msd history restore --batch ID [--before] --yes",
}


def _target(args: argparse.Namespace, ctx: CliContext) -> Path:
    """The config file the command is about."""
    if args.file and args.defaults:
        raise MsdError("Give either --file or --defaults, not both")
    if args.defaults:
        from msd_desktop.core.workspace.paths import defaults_path

        return defaults_path(ctx.env)
    if args.file:
        return (ctx.cwd / Path(args.file).expanduser()).absolute()
    from msd_desktop.core.workspace.paths import planning_dir

    return planning_dir(ctx.root, ctx.env) / "config.json"


def _entry(store: HistoryStore, path: Path, entry_id: str | None, verb: str) -> Entry:
    from msd_desktop.core.history.store import find_entry

    if not entry_id:
        raise MsdError(f"Usage: {_USAGE[verb]}")
    return find_entry(store.entries(path).entries, entry_id)


def _current(path: Path) -> Any:
    from msd_desktop.core.common.jsonfile import read_json_file

    file = read_json_file(path)
    if file.exists and not file.ok:
        raise MsdError(file.error.message if file.error else str(path))
    return file.data if file.ok else None


def history(args: argparse.Namespace, ctx: CliContext) -> Any:
    """Dispatch ``msd history ACTION``."""
    from msd_desktop.core.history.store import HistoryStore

    store = HistoryStore.for_user(ctx.env)
    action: str = args.action
    if action == "list" and args.all:
        return {"files": [{"file": path, "entries": len(read.entries),
                           "newest": read.entries[-1].to_json() if read.entries else None,
                           "problems": list(read.problems)}
                          for path, read in store.files()]}
    if action == "restore" and args.batch:
        return _restore_batch(store, args, ctx)
    path = _target(args, ctx)
    if action == "list":
        read = store.entries(path)
        return {"file": str(path), "entries": [e.to_json() for e in reversed(read.entries)],
                "problems": list(read.problems)}
    entry = _entry(store, path, args.entry, action)
    if action == "show":
        content = store.content(entry) if entry.digest else None
        return {"file": str(path), "entry": entry.to_json(),
                "content": content.decode("utf-8", "replace") if content is not None else None}
    if action == "diff":
        return _diff(store, path, entry, args.other)
    return _restore(store, path, entry, args, ctx)


def _diff(store: HistoryStore, path: Path, entry: Entry, other_id: str | None) -> Any:
    from msd_desktop.core.history.compare import diff
    from msd_desktop.core.history.restore import snapshot_document
    from msd_desktop.core.history.store import find_entry

    if other_id:
        other = find_entry(store.entries(path).entries, other_id)
        after, to = snapshot_document(store, other), other.id
    else:
        after, to = _current(path), "file"
    changes = diff(snapshot_document(store, entry), after)
    return {"file": str(path), "from": entry.id, "to": to,
            "changes": [c.to_json() for c in changes]}


def _restore_batch(store: HistoryStore, args: argparse.Namespace, ctx: CliContext) -> Any:
    """Every file of a bulk edit back to the state it left (``--before``: to the state
    before it), each through the normal save path against the content it has now; one
    file's refusal never stops the others, and the exit code is 1 when any was refused."""
    from msd_desktop.cli import emit, warn
    from msd_desktop.core.history.restore import plan_batch_restore, restore_batch

    if args.entry or args.file or args.defaults:
        raise MsdError(f"Usage: {_USAGE['batch']}")
    files = plan_batch_restore(store, args.batch, before=args.before)
    planned = sum(len(f.plan.changes) for f in files if f.plan is not None)
    if not args.yes:
        raise MsdError(f"Restoring batch {args.batch} changes {planned} key(s) in "
                       f"{len(files)} file(s); add --yes to write them")
    report = restore_batch(files, args.batch, ctx.env)
    out: list[dict[str, Any]] = []
    for r in report.results:
        row: dict[str, Any] = {"file": str(r.path), "status": r.status, "problem": r.problem}
        if r.plan is not None:
            row.update(restored=r.plan.entry.id,
                       changes=[c.to_json() for c in r.plan.changes],
                       notes=[str(n) for n in r.plan.notes])
        out.append(row)
    result = {"batch": args.batch, "restore_batch": report.restore_batch, "files": out}
    if not report.failed:
        return result
    emit(result)
    warn(f"{len(report.failed)} of {len(out)} file(s) were not restored")
    return 1


def _restore(store: HistoryStore, path: Path, entry: Entry, args: argparse.Namespace,
             ctx: CliContext) -> Any:
    from msd_desktop.core.history.restore import apply_restore, plan_restore

    plan = plan_restore(store, path, entry)
    if not args.yes:
        raise MsdError(f"Restoring {entry.id} changes {len(plan.changes)} key(s) in {path}; "
                       "add --yes to write it (msd history diff shows them)")
    wrote = bool(plan.changes)
    if wrote:
        apply_restore(plan, ctx.env)
    return {"file": str(path), "restored": entry.id, "wrote": wrote,
            "changes": [c.to_json() for c in plan.changes],
            "notes": [str(n) for n in plan.notes]}
