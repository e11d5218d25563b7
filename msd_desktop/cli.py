"""The ``msd`` command line: a thin contract over :mod:`msd_desktop.core`.

Success prints JSON on stdout (or one plain line for ``root``/``statusline``) and exits 0;
failure prints ``Error: <message>`` on stderr and exits 1. ``--cwd DIR`` is accepted before
or after the verb. Each verb imports only what it needs (``resolve-model`` must not pay for
Qt, ruamel.yaml, watchdog or keyring), so handlers live in :mod:`msd_desktop.commands` and are
imported lazily by dotted name.

Start-up time matters here: ``msd resolve-model`` runs on every agent spawn. So this module
imports no ``dataclasses`` (it pulls in ``inspect`` and ``ast``) and builds the argparse
parser only when it must: a plain call of a verb in :data:`_FAST_VERBS` (positionals plus
``--opt value`` / ``--opt=value`` options it knows) is parsed by :func:`_fast_parse`; anything
else — help, an unknown or repeated option, too many arguments — goes through argparse, which
stays the reference for what is accepted and how errors read.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, NoReturn, cast

if TYPE_CHECKING:
    import argparse


class CliContext:
    """What every verb needs: where it was started, the resolved project root, the environment.

    A plain class (not a dataclass) to keep ``dataclasses`` off the start-up path.
    """

    __slots__ = ("_root", "cwd", "env")

    def __init__(
        self, cwd: Path, env: dict[str, str] | None = None, _root: Path | None = None
    ) -> None:
        self.cwd = cwd
        self.env: dict[str, str] = dict(os.environ) if env is None else env
        self._root = _root

    def __repr__(self) -> str:
        return f"CliContext(cwd={self.cwd!r}, env=<{len(self.env)} vars>, _root={self._root!r})"

    @property
    def root(self) -> Path:
        """The project root resolved from ``cwd`` (spec §8), computed once."""
        if self._root is None:
            from msd_desktop.core.workspace.project_root import find_root

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
    "routing": (
        "msd_desktop.commands.routing:routing",
        "Every agent under every runtime, the active runtime and stale installs",
    ),
    "workspaces": ("msd_desktop.commands.workspaces:workspaces", "Manage registered workspaces"),
    "secrets": ("msd_desktop.commands.secrets:secrets", "Manage API keys in the OS keyring"),
    "run": ("msd_desktop.commands.secrets:run", "Run a command with API keys from the keyring"),
    "new-project": (
        "msd_desktop.commands.config:new_project",
        "Create .planning/config.json from built-ins, global defaults and choices",
    ),
    "history": (
        "msd_desktop.commands.history:history",
        "List, show, compare and restore earlier states of a config file",
    ),
}


class UsageError(Exception):
    """A command line argparse cannot read; ``main`` prints ``Error: <message>`` and exits 1."""


def _parser_class() -> type[argparse.ArgumentParser]:
    import argparse

    class Parser(argparse.ArgumentParser):
        """argparse, but a usage error is raised (``Error:`` + exit 1), not printed + exit 2."""

        def error(self, message: str) -> NoReturn:
            raise UsageError(message)

    return Parser


def _build_parser() -> argparse.ArgumentParser:
    import argparse

    parser_class = _parser_class()
    common = parser_class(add_help=False)
    common.add_argument(
        "--cwd", default=argparse.SUPPRESS, help="start directory (default: current directory)"
    )
    parser = parser_class(
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
    p.add_argument(
        "--stdin", action="store_true",
        help="read the value from standard input (keeps an API key out of ps and history)",
    )
    p = add("migrate-config")
    p.add_argument("--dry-run", action="store_true")
    p = add("schema")
    p.add_argument("--json-schema", action="store_true", help="export as JSON Schema")
    p.add_argument("key", nargs="?", help="show one key")
    add("state")
    p = add("statusline")
    p.add_argument("--format", choices=["full", "compact"], default=None)
    add("root")
    p = add("routing")
    p.add_argument("--check", action="store_true", help="exit 1 when an install is stale")
    p = add("workspaces")
    p.add_argument("action", choices=["list", "add", "remove", "scan", "exclude", "include"])
    p.add_argument("path", nargs="?")
    p.add_argument("project", nargs="?", help="exclude/include: the project folder")
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
    p.add_argument(
        "--allow-missing-keys",
        action="store_true",
        help="run even when keys config.json marks as available cannot be read (a warning)",
    )
    p.add_argument("command", nargs=argparse.REMAINDER)
    p = add("new-project")
    p.add_argument("--from-defaults", action="store_true")
    p.add_argument(
        "--stdin", action="store_true",
        help="read more KEY=VALUE lines from standard input (keeps API keys out of ps)",
    )
    p.add_argument("assignments", nargs="*", metavar="KEY=VALUE")
    p = add("history")
    p.add_argument("action", choices=["list", "show", "diff", "restore"])
    p.add_argument("entry", nargs="?", help="an entry id (or a unique start of it)")
    p.add_argument("other", nargs="?", help="diff: a second entry (default: the file now)")
    p.add_argument("--file", help="the config file (default: the project's active config.json)")
    p.add_argument("--defaults", action="store_true", help="~/.msd/defaults.json")
    p.add_argument("--all", action="store_true", help="list: every file with a history")
    p.add_argument("--yes", action="store_true", help="restore: write the file")
    p.add_argument("--batch", help="restore: every file of this bulk edit (its batch id)")
    p.add_argument("--before", action="store_true",
                   help="restore --batch: to the state just before the bulk edit")
    return parser


def _load_handler(dotted: str) -> Callable[[argparse.Namespace, CliContext], Any]:
    module_name, func = dotted.split(":")
    # __import__ with a fromlist returns the submodule itself (and spares importing importlib).
    handler: Callable[[argparse.Namespace, CliContext], Any] = getattr(
        __import__(module_name, fromlist=[func]), func
    )
    return handler


# verb -> (positional names in order, {option: dest}). Only verbs whose arguments are all
# optional strings (default None) belong here; _fast_parse must give what argparse gives.
_FAST_VERBS: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "resolve-model": (("agent",), {}),
    "resolve-execution": (
        ("agent",),
        {
            "--effort": "effort",
            "--fast-mode": "fast_mode",
            "--attempt": "attempt",
            "--failure-class": "failure_class",
            "--host": "host",
        },
    ),
    "root": ((), {}),
    "state": ((), {}),
}


def _fast_parse(argv: Sequence[str]) -> argparse.Namespace | None:
    """Parse a plain call of a :data:`_FAST_VERBS` verb without argparse, else ``None``.

    Accepted: the verb, at most its positionals, ``--cwd`` and the verb's options (each at most
    once, as ``--opt value`` or ``--opt=value``, the value not starting with ``-``) in any
    order. Everything else (``-h``, ``--``, abbreviations, negative numbers, repeats, extra
    positionals) returns ``None`` so argparse decides, exactly as before.
    """
    verb: str | None = None
    positionals: list[str] = []
    values: dict[str, str] = {}
    spec: tuple[tuple[str, ...], dict[str, str]] | None = None
    i, n = 0, len(argv)
    while i < n:
        tok = argv[i]
        i += 1
        if not tok.startswith("-"):
            if verb is None:
                spec = _FAST_VERBS.get(tok)
                if spec is None:
                    return None
                verb = tok
            else:
                positionals.append(tok)
            continue
        opt, eq, value = tok.partition("=")
        if opt == "--cwd":
            dest = "cwd"
        elif spec is not None and opt in spec[1]:
            dest = spec[1][opt]
        else:
            return None
        if not eq:
            if i >= n:
                return None
            value = argv[i]
            i += 1
        if dest in values or value.startswith("-"):
            return None
        values[dest] = value
    if verb is None or spec is None or len(positionals) > len(spec[0]):
        return None
    names, options = spec
    ns: dict[str, Any] = dict.fromkeys((*names, *options.values()))
    ns.update(zip(names, positionals, strict=False))
    ns.update(values)
    ns["verb"] = verb
    return cast("argparse.Namespace", SimpleNamespace(**ns))


def _render(result: Any) -> str | int:
    """A handler's result as the text to print, or the exit code of a handler that printed."""
    if isinstance(result, bool) or result is None:
        return json.dumps(result) + "\n"
    if isinstance(result, int):
        return result
    if isinstance(result, PlainText):  # each handler made its line safe for a terminal
        return str(result) + "\n"
    from msd_desktop.core.common.terminal_text import escape_json_output

    return escape_json_output(json.dumps(result, indent=2, ensure_ascii=False)) + "\n"


def _stdout() -> Any:
    """``sys.stdout``; an ``OSError`` when the process was started with it closed."""
    out = sys.stdout
    if out is None:
        import errno

        raise OSError(errno.EBADF, "standard output is closed")
    return out


def emit(result: Any) -> int:
    """Print a handler's result (JSON, a plain line, or nothing for an int exit code) and
    flush it, so a closed or full standard output is known here, not at interpreter exit."""
    rendered = _render(result)
    out = _stdout()
    if isinstance(rendered, str):
        out.write(rendered)
    out.flush()
    return 0 if isinstance(rendered, str) else rendered


def warn(message: str, prefix: str = "msd: warning: ") -> None:
    """``<prefix><message>`` on stderr, control characters and undecodable bytes shown as
    escapes (a key or folder name from someone else's clone must not drive the terminal)."""
    from msd_desktop.core.common.os_text import shown_path
    from msd_desktop.core.common.terminal_text import terminal_safe

    _write_stderr(f"{prefix}{terminal_safe(shown_path(message))}\n")


def _write_stderr(text: str) -> None:
    # a closed or broken stderr must not turn an answer into a traceback
    try:
        if sys.stderr is not None:
            sys.stderr.write(text)
            sys.stderr.flush()
    except (OSError, ValueError):
        pass


def read_stdin(what: str = "standard input") -> str:
    """All of standard input as text, refused by name when it is not valid UTF-8.

    Read as bytes and decoded strictly: the text layer would turn a bad byte into a lone
    surrogate (or fail with an internal message), and a surrogate written into a JSON file
    makes the file unreadable.
    """
    from msd_desktop.core.common.os_text import decode_utf8, require_utf8

    stream = sys.stdin
    if stream is None:
        return ""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        return decode_utf8(buffer.read(), what)
    return require_utf8(stream.read(), what)


# Arguments that are paths (kept as the OS gave them: a Latin-1 folder still opens) or the
# command ``msd run`` starts (passed on as the same bytes). Every other argument is text that
# may end up in a file, and must be valid UTF-8.
_OS_ARGUMENTS = frozenset({"cwd", "path", "command"})
_OPTION_ARGUMENTS = frozenset({"effort", "fast_mode", "attempt", "failure_class", "host",
                               "default", "format", "name", "depth"})


def _argument_name(dest: str, index: int | None) -> str:
    if dest in _OPTION_ARGUMENTS:
        return "--" + dest.replace("_", "-")
    if dest == "assignments":
        return f"KEY=VALUE argument {(index or 0) + 1}"
    return f"the {dest.upper()} argument"


def _check_arguments(args: argparse.Namespace) -> None:
    """Refuse, by name, an argument that is not valid UTF-8 (paths and ``run``'s command
    excepted): argv bytes are never stored as lone surrogates."""
    from msd_desktop.core.common.os_text import is_utf8_text, require_utf8

    for dest, value in vars(args).items():
        if dest in _OS_ARGUMENTS:
            continue
        items = value if isinstance(value, list) else [value]
        for index, item in enumerate(items):
            if isinstance(item, str) and not is_utf8_text(item):
                require_utf8(item, _argument_name(dest, index if isinstance(value, list)
                                                  else None))


# verb -> the actions that change something (None: every call does), for honest exit codes.
_CHANGING_VERBS: dict[str, frozenset[str] | None] = {
    "config-set": None,
    "new-project": None,
    "migrate-config": None,
    "workspaces": frozenset({"add", "remove", "exclude", "include"}),
    "secrets": frozenset({"set", "remove", "migrate"}),
    "history": frozenset({"restore"}),
}


def _changes_something(args: argparse.Namespace) -> bool:
    """Whether a completed call of this verb has changed a file, the registry or the keyring."""
    verb = getattr(args, "verb", None)
    if verb not in _CHANGING_VERBS or getattr(args, "dry_run", False):
        return False
    actions = _CHANGING_VERBS[verb]
    return actions is None or getattr(args, "action", None) in actions


def _silence_stdout() -> None:
    """Point the process's real stdout at ``/dev/null`` after a failed write, so the
    interpreter's last flush of what is still buffered fails no second time (exit 120)."""
    out = sys.__stdout__
    if out is None or sys.stdout is not out:
        return  # closed from the start, or replaced (a test's capture): not ours to touch
    try:
        fd = out.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError):
        return
    try:
        os.dup2(devnull, fd)
    except OSError:
        pass
    finally:
        os.close(devnull)


def _deliver(result: Any, args: argparse.Namespace) -> int:
    """Print the result; when standard output fails, the exit code still says whether the
    change was made: 0 with a warning after a completed change, 1 for an answer not given."""
    try:
        return emit(result)
    except OSError as exc:
        _silence_stdout()
        reason = exc.strerror or str(exc)
        if _changes_something(args):
            warn(f"the change was made, but its answer could not be printed ({reason})")
            return 0
        return _fail(f"the answer could not be printed ({reason})")


# Stands in for a literal "--" after the config-set verb while argparse runs (see _parse).
_DOUBLE_DASH = "\0--"


def _verb_index(argv: Sequence[str]) -> int | None:
    """Where the verb is: the first token that is neither an option nor ``--cwd``'s value."""
    i = 0
    while i < len(argv):
        tok = argv[i]
        if tok == "--cwd":
            i += 2
            continue
        if not tok.startswith("-"):
            return i
        if tok == "--":
            return None
        i += 1
    return None


def _parse(argv: list[str]) -> argparse.Namespace:
    """The argparse path of :func:`main` (exits on a usage error, as argparse does).

    ``config-set`` takes its value verbatim, like upstream: an option-like value
    (``-Infinity``, ``-1e3``) and a literal ``--`` (which argparse would eat as the end of
    options) are the value, not syntax. ``--cwd`` still works before or after the verb.
    """
    verb_at = _verb_index(argv)
    protect = verb_at is not None and argv[verb_at] == "config-set"
    if verb_at is not None and protect:
        argv = [_DOUBLE_DASH if i > verb_at and tok == "--" else tok for i, tok in enumerate(argv)]
    parser = _build_parser()
    args, extra = parser.parse_known_args(argv)
    if protect:
        for name in ("key", "value"):
            if getattr(args, name, None) == _DOUBLE_DASH:
                setattr(args, name, "--")
        extra = ["--" if tok == _DOUBLE_DASH else tok for tok in extra]
    # A config-set value may look like an option ("-Infinity", "-1e3"): take it as the value.
    if extra and args.verb == "config-set" and args.value is None and len(extra) == 1:
        args.value, extra = extra[0], []
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _fast_parse(argv)
        if args is None:
            args = _parse(argv)
    except UsageError as exc:
        return _fail(f"{exc} (msd --help lists the verbs and their arguments)")
    from msd_desktop.core.common.errors import MsdError

    try:
        _check_arguments(args)
        cwd = Path(getattr(args, "cwd", None) or os.getcwd()).expanduser()
        ctx = CliContext(cwd=cwd.resolve() if cwd.exists() else cwd.absolute())
        if not ctx.cwd.is_dir():
            raise MsdError(f"--cwd is not a directory: {cwd}")
        result = _load_handler(VERBS[args.verb][0])(args, ctx)
    except MsdError as exc:
        return _fail(str(exc), exc.hint)
    except BrokenPipeError:
        _silence_stdout()  # a handler that prints itself lost its reader
        return 1
    except OSError as exc:
        # a file system refusal the core did not word itself (ENAMETOOLONG, ELOOP, EACCES …)
        where = f": {exc.filename}" if exc.filename else ""
        return _fail(f"{exc.strerror or exc}{where}")
    except RecursionError:
        return _fail("the input is nested too deeply to process")
    except MemoryError:
        return _fail("out of memory while processing the input")
    except (ValueError, TypeError, KeyError, IndexError, AttributeError,
            UnicodeError, ArithmeticError) as exc:
        # every failure is an answer: a bug or an unforeseen input is reported, not a traceback
        return _fail(f"unexpected {type(exc).__name__}: {exc}")
    return _deliver(result, args)


def _fail(message: str, hint: str | None = None) -> int:
    """Print ``Error: <message>`` on stderr (control characters and undecodable bytes made
    visible), then the hint, if any, on a line of its own; exit code 1."""
    from msd_desktop.core.common.os_text import shown_path
    from msd_desktop.core.common.terminal_text import terminal_safe

    _write_stderr(f"Error: {terminal_safe(shown_path(message))}\n")
    if hint:
        _write_stderr(f"{terminal_safe(shown_path(hint))}\n")
    return 1


if __name__ == "__main__":
    # Re-import so handlers and this entry share one module object (PlainText identity).
    from msd_desktop.cli import main as _main

    sys.exit(_main())
