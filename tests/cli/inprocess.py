"""``msd …`` called in this process: the CLI's logic without a Python start per call.

A test of what ``msd`` answers (exit code, stdout, stderr, the files it writes) needs no process
boundary, and a process costs ~0.1–0.3 s of start-up on this machine. ``run`` calls
``msd_desktop.cli.main`` with the arguments, an environment and standard input of the test's
choosing and captures what it writes; what only a real process shows (the entry script, signals,
inherited streams, ``msd run`` handing keys to a child) stays in the tests that spawn one.

The CLI builds its argparse parser on every ``main`` call, once per process in real use; called
here hundreds of times, that build (~5 ms: every verb, and argparse's message lookups) cost more
than most calls' own work. So the calls in one test process share one parser
(:func:`share_one_parser`).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any


def _set_environ(target: Mapping[str, str]) -> None:
    """Make ``os.environ`` exactly ``target``, touching only the variables that differ: each
    change is a ``putenv``/``unsetenv``, and clearing and refilling the whole environment
    around every call cost more than many of the calls themselves."""
    for name in [name for name in os.environ if name not in target]:
        del os.environ[name]
    for name, value in target.items():
        if os.environ.get(name) != value:
            os.environ[name] = value


@contextlib.contextmanager
def environment(env: Mapping[str, str]) -> Iterator[None]:
    """``env`` as the whole environment; keyring picks its backend once per process, so a
    ``PYTHON_KEYRING_BACKEND`` in ``env`` is set for the call too."""
    saved = dict(os.environ)
    saved_keyring = None
    if env.get("PYTHON_KEYRING_BACKEND"):
        import keyring
        import keyring.core

        saved_keyring = keyring.get_keyring()
        keyring.set_keyring(keyring.core.load_keyring(env["PYTHON_KEYRING_BACKEND"]))
    _set_environ(env)
    try:
        yield
    finally:
        _set_environ(saved)
        if saved_keyring is not None:
            import keyring

            keyring.set_keyring(saved_keyring)


def share_one_parser() -> None:
    """Make ``msd_desktop.cli`` build its parser once in this process and reuse it.

    Equivalent to a fresh one per call: ``_build_parser`` reads nothing but the code (no
    environment, no file) and ``parse_known_args`` leaves the parser as it was. A broken
    build still fails every call, from the first."""
    from msd_desktop import cli

    if getattr(cli._build_parser, "_shared", False):
        return
    parser = cli._build_parser()

    def shared() -> Any:
        return parser

    shared._shared = True  # type: ignore[attr-defined]
    cli._build_parser = shared  # type: ignore[assignment]


def run(args: Sequence[str], *, env: Mapping[str, str] | None = None, stdin: str | None = None,
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``msd ARGS…`` in-process, as :func:`subprocess.run` with ``capture_output`` would report
    it (``returncode``, ``stdout``, ``stderr``); ``env`` replaces ``os.environ`` for the call
    (default: the current one), ``cwd`` is the working folder."""
    from msd_desktop import cli

    share_one_parser()
    out, err = io.StringIO(), io.StringIO()
    saved_stdin, saved_cwd = sys.stdin, os.getcwd()
    sys.stdin = io.StringIO(stdin or "")
    try:
        if cwd is not None:
            os.chdir(cwd)
        with environment(dict(os.environ) if env is None else env), \
                contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = int(cli.main(list(args)) or 0)
            except SystemExit as exc:  # argparse's usage errors
                code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.stdin = saved_stdin
        os.chdir(saved_cwd)
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())
