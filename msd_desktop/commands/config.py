"""``msd config-get`` / ``config-set`` / ``migrate-config`` / ``schema`` / ``new-project``.

Thin handlers over :mod:`msd_desktop.core.config.setter`, :mod:`msd_desktop.core.config.store` and
:mod:`msd_desktop.core.config.schema`. ``config-get``/``config-set`` spell their JSON with
:func:`~msd_desktop.core.common.js_json.json_stringify` so the bytes match upstream ``gsd-tools``
(``1e+21``, ``1e-7``, ``123456789012345680000``), as a ``PlainText`` (a bare number result is
not mistaken for an exit code by ``cli.emit``). Text read from standard input must be UTF-8.
"""

from __future__ import annotations

import argparse
from typing import Any

from msd_desktop.cli import CliContext, PlainText, read_stdin
from msd_desktop.core.common.errors import MsdError


def _js_json(value: Any) -> PlainText:
    """``value`` as upstream prints it, handed to the CLI front to print (it knows whether
    standard output took it)."""
    from msd_desktop.core.common.js_json import json_stringify
    from msd_desktop.core.common.terminal_text import escape_json_output

    return PlainText(escape_json_output(json_stringify(value)))


def config_get(args: argparse.Namespace, ctx: CliContext) -> PlainText:
    """Print the effective value of a key as JSON (secrets masked)."""
    from msd_desktop.core.config import setter as core

    if not args.key:
        raise MsdError(core.USAGE_GET)
    return _js_json(core.config_get(ctx.root, args.key, default=args.default, env=ctx.env))


def config_set(args: argparse.Namespace, ctx: CliContext) -> PlainText:
    """Set (or with ``null`` unset) a key in the active planning config; print the result."""
    from msd_desktop.core.config import setter as core

    value = args.value
    if args.key and schema_is_secret(args.key):
        from msd_desktop.commands.secrets import hold_secrets

        hold_secrets()
    if getattr(args, "stdin", False):
        if value is not None:
            raise MsdError("Give the value either as an argument or with --stdin, not both")
        if not args.key:
            raise MsdError(core.USAGE_SET)
        value = _stdin_value()
    if not args.key or value is None:
        raise MsdError(core.USAGE_SET)
    _refuse_read_only(ctx)
    try:
        result = _js_json(core.config_set(ctx.root, args.key, value, env=ctx.env))
    except MsdError as exc:
        exc.hint = exc.hint or _unknown_key_hint(args.key, exc)
        raise
    _note_unknown_agent(args.key)
    return result


def _unknown_key_hint(key: str, exc: MsdError) -> str | None:
    """The nearest keys for a key refused as unknown (upstream suggests only a few fixed ones;
    its error line is kept, the names go on the next line)."""
    from msd_desktop.core.config.setter import unknown_key_message
    from msd_desktop.core.config.suggest import did_you_mean

    if exc.message != unknown_key_message(key):
        return None
    hint = did_you_mean(key)
    return str(hint) if hint is not None else None


def _note_unknown_agent(key: str) -> None:
    """A misspelled agent in an agent map is stored, as upstream stores it; say so on stderr."""
    from msd_desktop.cli import warn
    from msd_desktop.core.config.suggest import agent_note

    note = agent_note(key)
    if note is not None:
        warn(str(note))


def schema_is_secret(key: str) -> bool:
    """Whether ``key`` names an API key (its value is a secret to keep out of core dumps)."""
    from msd_desktop.core.config.schema import is_secret

    return is_secret(key)


def _refuse_read_only(ctx: CliContext) -> None:
    """Refuse to replace a ``config.json`` that has no write permission bit (0444): its owner
    made it read-only on purpose, and a rename over it would ignore that."""
    import os
    import stat

    from msd_desktop.core.workspace.paths import planning_dir

    path = planning_dir(ctx.root, ctx.env) / "config.json"
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # absent or unreadable: the core decides and words it
    if stat.S_ISREG(mode) and not mode & 0o222:
        raise MsdError(f"{path} is read-only (mode {stat.S_IMODE(mode):04o}); msd does not "
                       "replace a read-only file. Nothing was written.")


def _stdin_value() -> str:
    """The whole of standard input, one trailing newline (``\n`` or ``\r\n``) dropped.

    Why: a value on the command line (an API key above all) shows in ``ps`` and the shell
    history; piped in, it shows nowhere.
    """
    value = read_stdin("the value on standard input")
    if value.endswith("\n"):
        value = value[:-1]
    if value.endswith("\r"):
        value = value[:-1]
    return value


def _stdin_assignments() -> list[str]:
    """``KEY=VALUE`` lines from standard input (blank lines skipped) for ``new-project --stdin``."""
    text = read_stdin("the KEY=VALUE lines on standard input")
    return [line.rstrip("\r") for line in text.split("\n") if line.strip()]


def migrate_config(args: argparse.Namespace, ctx: CliContext) -> Any:
    """Apply the §2.5 legacy-key migrations to the active ``config.json`` (upstream's report)."""
    from msd_desktop.core.config.store import migrate_config as migrate

    dry_run = bool(getattr(args, "dry_run", False))
    if not dry_run:
        _refuse_read_only(ctx)
    report = migrate(ctx.root, ctx.env, dry_run=dry_run)
    if dry_run:  # a preview: what would be written, in full
        return report
    return {k: v for k, v in report.items() if k != "config"}  # upstream's report, key for key


def schema(args: argparse.Namespace, ctx: CliContext) -> Any:
    """The schema: every key entry and the dynamic patterns; one key; or a JSON Schema."""
    from msd_desktop.core.config import schema as cs

    if getattr(args, "json_schema", False):
        from msd_desktop.core.config.json_schema_export import json_schema

        return json_schema()
    if args.key:
        entry = cs.schema_entry(args.key)
        if entry is None:
            raise MsdError(f"Unknown config key: {args.key}")
        return entry
    return {
        "sections": cs.sections(),
        "keys": [spec.as_dict() for spec in cs.SCHEMA.values()],
        "dynamic_patterns": [p.as_dict() for p in cs.dynamic_patterns()],
    }


def new_project(args: argparse.Namespace, ctx: CliContext) -> Any:
    """Create ``.planning/config.json`` for a new project (spec §4 case 1); print what was written.

    ``KEY=VALUE`` choices are coerced and validated like ``config-set``; with none, the explicit
    ``--from-defaults`` is required (built-ins ← ``~/.msd/defaults.json`` only).
    """
    from msd_desktop.core.workspace import new_project as core

    assignments = list(getattr(args, "assignments", None) or [])
    if getattr(args, "stdin", False) or any(
            schema_is_secret(item.partition("=")[0]) for item in assignments):
        from msd_desktop.commands.secrets import hold_secrets

        hold_secrets()
    if getattr(args, "stdin", False):
        assignments += _stdin_assignments()
    if not assignments and not getattr(args, "from_defaults", False):
        raise MsdError("Usage: new-project [--from-defaults] [KEY=VALUE ...] "
                       "(give choices, or --from-defaults to take built-ins and global defaults)")
    result = core.new_project(ctx.root, core.choices_from_assignments(assignments), ctx.env)
    try:
        shown = result.path.relative_to(ctx.root).as_posix()
    except ValueError:
        shown = str(result.path)
    return {"created": True, "path": shown, "config": result.config,
            "notes": result.notes.to_dict()}
