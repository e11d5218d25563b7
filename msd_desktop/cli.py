"""The ``msd`` command line: a thin contract over :mod:`msd_desktop.core`.

Success prints JSON on stdout (or one plain line for ``root``/``statusline``) and exits 0;
failure prints ``Error: <message>`` on stderr and exits 1. ``--cwd DIR`` is accepted before
or after the verb. Each verb imports only what it needs (``resolve-model`` must not pay for
Qt, ruamel.yaml, watchdog or keyring), so handlers live in :mod:`msd_desktop.commands` and are
imported lazily by dotted name.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class CliContext:
    """What every verb needs: where it was started, the resolved project root, the environment."""

    cwd: Path
    env: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    _root: Path | None = None

    @property
    def root(self) -> Path:
        """The project root resolved from ``cwd`` (spec §8), computed once."""
        if self._root is None:
            from msd_desktop.core.project_root import find_root

            self._root = find_root(self.cwd, env=self.env)
        return self._root


class PlainText(str):
    """A handler result printed verbatim as one line instead of JSON."""


# verb -> (handler "module:function", help). Parser arguments are declared in _build_parser.
VERBS: dict[str, tuple[str, str]] = {
    "resolve-model": ("msd_desktop.commands.resolve:resolve_model", "Resolve an agent's model"),
    "resolve-execution": (
        "msd_desktop.commands.resolve:resolve_execution",
        "Resolve model, effort and fast_mode for one agent invocation",
    ),
    "config-get": ("msd_desktop.commands.config:config_get", "Read an effective config value"),
    "config-set": ("msd_desktop.commands.config:config_set", "Set (or unset with null) a key"),
    "migrate-config": (
        "msd_desktop.commands.config:migrate_config",
        "Apply legacy-key migrations to .planning/config.json",
    ),
    "schema": ("msd_desktop.commands.config:schema", "Print the config schema"),
    "state": ("msd_desktop.commands.state:state", "Parse STATE.md"),
    "statusline": ("msd_desktop.commands.state:statusline", "Render the STATE.md status line"),
    "root": ("msd_desktop.commands.workspaces:root", "Print the resolved project root"),
    "workspaces": ("msd_desktop.commands.workspaces:workspaces", "Manage registered workspaces"),
    "secrets": ("msd_desktop.commands.secrets:secrets", "Manage API keys in the OS keyring"),
    "run": ("msd_desktop.commands.secrets:run", "Run a command with API keys from the keyring"),
    "new-project": (
        "msd_desktop.commands.config:new_project",
        "Create .planning/config.json from built-ins, global defaults and choices",
    ),
}


def _build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--cwd", default=argparse.SUPPRESS, help="start directory (default: current directory)"
    )
    parser = argparse.ArgumentParser(
        prog="msd",
        description="MSD core on the command line: the same answers the MSD Desktop window shows.",
        parents=[common],
    )
    sub = parser.add_subparsers(dest="verb", metavar="VERB")
    sub.required = True

    def add(verb: str) -> argparse.ArgumentParser:
        return sub.add_parser(verb, help=VERBS[verb][1], parents=[common])

    p = add("resolve-model")
    p.add_argument("agent", nargs="?")
    p = add("resolve-execution")
    p.add_argument("agent", nargs="?")
    p.add_argument("--effort")
    p.add_argument("--fast-mode", dest="fast_mode")
    p.add_argument("--attempt")
    p.add_argument("--failure-class", dest="failure_class")
    p.add_argument("--host")
    p = add("config-get")
    p.add_argument("key", nargs="?")
    p.add_argument("--default", dest="default", default=None)
    p = add("config-set")
    p.add_argument("key", nargs="?")
    p.add_argument("value", nargs="?")
    p = add("migrate-config")
    p.add_argument("--dry-run", action="store_true")
    p = add("schema")
    p.add_argument("--json-schema", action="store_true", help="export as JSON Schema")
    p.add_argument("key", nargs="?", help="show one key")
    add("state")
    p = add("statusline")
    p.add_argument("--format", choices=["full", "compact"], default=None)
    add("root")
    p = add("workspaces")
    p.add_argument("action", choices=["list", "add", "remove", "scan"])
    p.add_argument("path", nargs="?")
    p.add_argument("--name")
    p.add_argument("--depth", type=int, default=None)
    p = add("secrets")
    p.add_argument("action", choices=["list", "set", "remove", "migrate", "status"])
    p.add_argument("key", nargs="?")
    p.add_argument("value", nargs="?")
    p.add_argument("--project", action="store_true", help="store per project, not globally")
    p.add_argument("--stdin", action="store_true", help="read the secret from stdin")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument(
        "--allow-file-fallback",
        action="store_true",
        help="with no usable keyring, store in ~/.msd/<prefix>_api_key (mode 0600)",
    )
    p = add("run")
    p.add_argument("command", nargs=argparse.REMAINDER)
    p = add("new-project")
    p.add_argument("--from-defaults", action="store_true")
    p.add_argument("assignments", nargs="*", metavar="KEY=VALUE")
    return parser


def _load_handler(dotted: str) -> Callable[[argparse.Namespace, CliContext], Any]:
    module_name, func = dotted.split(":")
    handler: Callable[[argparse.Namespace, CliContext], Any] = getattr(
        importlib.import_module(module_name), func
    )
    return handler


def emit(result: Any) -> int:
    """Print a handler's result: JSON, a plain line, or nothing (an int exit code)."""
    if isinstance(result, bool) or result is None:
        result = json.dumps(result)
        sys.stdout.write(result + "\n")
        return 0
    if isinstance(result, int):
        return result
    if isinstance(result, PlainText):
        sys.stdout.write(str(result) + "\n")
        return 0
    sys.stdout.write(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args, extra = parser.parse_known_args(list(sys.argv[1:] if argv is None else argv))
    # A config-set value may look like an option ("-Infinity", "-1e3"): take it as the value.
    if extra and args.verb == "config-set" and args.value is None and len(extra) == 1:
        args.value, extra = extra[0], []
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    cwd = Path(getattr(args, "cwd", None) or os.getcwd()).expanduser()
    ctx = CliContext(cwd=cwd.resolve() if cwd.exists() else cwd.absolute())
    from msd_desktop.core.errors import MsdError

    try:
        if not ctx.cwd.is_dir():
            raise MsdError(f"--cwd is not a directory: {cwd}")
        return emit(_load_handler(VERBS[args.verb][0])(args, ctx))
    except MsdError as exc:
        sys.stderr.write(f"Error: {exc}\n")
        return 1
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    # Re-import so handlers and this entry share one module object (PlainText identity).
    from msd_desktop.cli import main as _main

    sys.exit(_main())
