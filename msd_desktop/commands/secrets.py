"""``msd secrets list|set|remove|migrate|status`` and ``msd run -- CMD…``.

Thin CLI handlers over :mod:`msd_desktop.core.secrets.store`. Why they exist: the CLI must never put
a plaintext key on stdout or stderr, so every result here is built from masked values, and
``msd run`` hands the keys to a child process through its environment only.

The value for ``set`` comes from the positional argument or, better (no shell history, no
``ps`` listing), from ``--stdin`` (one trailing newline is dropped). A verb about to hold a
key's plaintext (``run``, ``set``, and ``config-set`` / ``new-project`` of a key) first turns
core dumps off for the process (:func:`hold_secrets`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msd_desktop.core.common.errors import KeyringUnavailableError, MsdError

if TYPE_CHECKING:
    import argparse

    from msd_desktop.cli import CliContext


def hold_secrets() -> None:
    """This process is about to hold a key's plaintext: no core dump may contain it."""
    from msd_desktop.core.secrets.no_dumps import disable_core_dumps

    disable_core_dumps()


def _project_root(ctx: CliContext) -> Path | None:
    """The project root when there is a ``.planning`` folder there, else None."""
    root = ctx.root
    return root if (root / ".planning").is_dir() else None


def _require_project(ctx: CliContext) -> Path:
    root = _project_root(ctx)
    if root is None:
        raise MsdError(f"--project needs a project (no .planning/ found from {ctx.cwd})")
    return root


def _require_key(args: argparse.Namespace, usage: str) -> str:
    key: str | None = args.key
    if not key:
        raise MsdError(f"Usage: {usage}")
    return key


def _read_value(args: argparse.Namespace) -> str:
    if args.stdin and args.value is not None:
        raise MsdError("Give the value either as an argument or with --stdin, not both")
    if args.stdin:
        from msd_desktop.cli import read_stdin

        value = read_stdin("the secret on standard input")
        if value.endswith("\n"):
            value = value[:-1]
        if value.endswith("\r"):
            value = value[:-1]
        return value
    if args.value is None:
        raise MsdError("Usage: msd secrets set KEY VALUE | msd secrets set KEY --stdin")
    return str(args.value)


def _set(args: argparse.Namespace, ctx: CliContext) -> dict[str, Any]:
    from msd_desktop.core.secrets import store as core
    from msd_desktop.core.secrets.masking import mask

    key = _require_key(args, "msd secrets set KEY VALUE | msd secrets set KEY --stdin")
    core.env_var(key)  # validates the key before reading stdin
    hold_secrets()
    value = _read_value(args)
    root = _require_project(ctx) if args.project else None
    result: dict[str, Any] = {"key": key, "env_var": core.env_var(key), "masked": mask(value)}
    try:
        core.store_secret(key, value, root=root, env=ctx.env)
    except KeyringUnavailableError as exc:
        if not args.allow_file_fallback:
            path = core.secret_file_path(key, ctx.env)
            raise KeyringUnavailableError(
                f"{exc} Nothing was stored. To store it as plaintext in {path} (mode 0600) "
                "instead, run again with --allow-file-fallback."
            ) from None
        path = core.store_secret_file(key, value, ctx.env)
        result.update(scope="file", path=str(path), mode="0o600")
        if root is not None:
            result["note"] = "the file fallback is global, not per project"
        return result
    result["scope"] = "project" if root is not None else "global"
    if root is not None:
        result["project"] = str(root.resolve())
        result["config_marked"] = core.mark_available(root, key, ctx.env)
    return result


def _remove(args: argparse.Namespace, ctx: CliContext) -> dict[str, Any]:
    from msd_desktop.core.secrets import store as core

    key = _require_key(args, "msd secrets remove KEY [--project] [--allow-file-fallback]")
    root = _require_project(ctx) if args.project else None
    removed = core.delete_secret(key, root=root, env=ctx.env, file=args.allow_file_fallback)
    return {
        "key": key,
        "scope": "project" if root is not None else "global",
        "removed": removed,
    }


def secrets(args: argparse.Namespace, ctx: CliContext) -> Any:
    """``msd secrets ACTION``: JSON with masked values only."""
    from msd_desktop.core.secrets import store as core

    action: str = args.action
    if action == "set":
        return _set(args, ctx)
    if action == "remove":
        return _remove(args, ctx)
    if action == "migrate":
        root = _project_root(ctx)
        if root is None:
            raise MsdError(f"No project found from {ctx.cwd} (no .planning/)")
        return core.migrate_plaintext_secrets(root, dry_run=args.dry_run, env=ctx.env)
    root = _project_root(ctx)
    status = core.keyring_status().as_dict()
    if action == "status":
        result: dict[str, Any] = {"keyring": status}
        if root is not None:
            path = core.config_path(root, ctx.env)
            report = core.find_plaintext_secrets(path)
            result["plaintext"] = {
                "config": str(path),
                "keys": report.keys,
                "git_tracked": report.git_tracked,
            }
        return result
    return {
        "keyring": status,
        "project": str(root.resolve()) if root is not None else None,
        "secrets": core.list_secrets(root, ctx.env),
    }


def run(args: argparse.Namespace, ctx: CliContext) -> int:
    """``msd run -- CMD…``: run CMD with the API keys in its environment; its exit code."""
    from msd_desktop.core.secrets import store as core

    command = list(args.command or [])
    if command and command[0] == "--":
        command = command[1:]
    if not command:
        raise MsdError("Usage: msd run -- COMMAND [ARGS…]")
    hold_secrets()  # before any key is read; the command inherits the zero core limit
    root = _project_root(ctx)
    missing = core.missing_sentinels(root, ctx.env)
    if missing:
        status = core.keyring_status()
        why = f" {status.reason}" if not status.usable else ""
        found = (f"config.json marks {', '.join(missing)} as available but no key was found "
                 f"in the keyring or ~/.msd.{why}")
        if not getattr(args, "allow_missing_keys", False):
            # the child would run without its keys and fail somewhere less clear: stop here
            raise MsdError(f"{found} Nothing was run; unlock the keyring, or run again with "
                           "--allow-missing-keys to run without them.")
        from msd_desktop.cli import warn

        warn(found, prefix="msd run: warning: ")
    sys.stdout.flush()
    return core.run_with_secrets(command, root, ctx.env, cwd=ctx.cwd)
