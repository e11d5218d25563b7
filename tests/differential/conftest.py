"""Fixtures for the differential tests: msd against the real upstream ``gsd-tools`` 1.11.0.

The upstream reference is installed once per machine by :mod:`tests.upstream` (shared with the
core tests that compare with upstream). The tests skip only when ``node`` or ``npm`` is
missing; a failed install is a failure, not a skip.

Two ways to run each tool:

* the real CLI as a process (``gsd.cli(...)``, ``msd.cli(...)``) — the reference;
* a fast path for the bulk of the generated cases: a node driver (``gsd_driver.cjs``, copied
  into the cache) that runs gsd-tools' own ``main()`` for many cases in one node process,
  and ``msd_desktop.cli.main`` called in-process. ``test_fast_paths.py`` checks both fast
  paths against the real CLIs on a sample.

Upstream's answers to read-only batches (the resolution verbs) are kept between runs beside the
upstream install, keyed by everything they read (``answer_cache.py``); ``MSD_DIFF_CACHE=0``
asks upstream every time.

Every run gets its own HOME (and ``XDG_*`` for msd); no ``GSD_*``/``MSD_*`` variable of the
developer's environment is passed on. msd runs with the ``fail`` keyring backend so no test
here can touch a real keyring (the keyring test opts in explicitly).
"""

from __future__ import annotations

import collections
import contextlib
import hashlib
import io
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings

from tests.cli.inprocess import environment, share_one_parser
from tests.prerequisites import require_module
from tests.reliability.msd_forkserver import ForkServer
from tests.upstream import (  # one install, shared with tests/core
    DRIVER_SOURCE,
    UPSTREAM_PACKAGE,
    UPSTREAM_VERSION,
    ensure_upstream,
    upstream_cache_dir,
)

from .answer_cache import AnswerCache
from .answer_cache import enabled as answer_cache_enabled
from .answer_cache import tree as answer_tree

REPO_ROOT = Path(__file__).resolve().parents[2]
MEMORY_CEILING = 8 << 30  # a forked msd run's address space (a ceiling, not a measure)
# Imported once in the fork server: importing picks no keyring backend (that happens in the
# run, from its environment).
FORK_PRELOAD = ("keyring", "msd_desktop.commands.config", "msd_desktop.commands.secrets",
                "msd_desktop.core.config.setter", "msd_desktop.core.secrets.store")
__all__ = ["DRIVER_SOURCE", "UPSTREAM_PACKAGE", "UPSTREAM_VERSION", "ensure_upstream",
           "upstream_cache_dir"]

# --------------------------------------------------------------------------- hypothesis profile
#
# Derandomized by default so CI runs are reproducible and a failure reproduces locally with
# the same command. MSD_DIFF_RANDOM=1 explores new examples (hypothesis prints the seed to
# reproduce with --hypothesis-seed). MSD_DIFF_EXAMPLES scales the run (default: 300 configs).
N_EXAMPLES = int(os.environ.get("MSD_DIFF_EXAMPLES", "300"))
RANDOM = os.environ.get("MSD_DIFF_RANDOM", "") not in ("", "0")
_common = {
    "deadline": None,
    "derandomize": not RANDOM,
    "database": None,
    "print_blob": True,
    "suppress_health_check": [
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
        HealthCheck.filter_too_much,
    ],
    # "explain" re-runs failing examples many times to attribute lines; our examples are
    # processes and files, so it only costs time.
    "phases": [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
}
settings.register_profile("differential", max_examples=N_EXAMPLES, **_common)


def diff_settings(scale: float = 1.0) -> settings:
    """Settings for one differential test: ``scale`` × the profile's example count."""
    return settings(max_examples=max(1, int(N_EXAMPLES * scale)), **_common)


# --------------------------------------------------------------------------- environment


def base_env(flavor: str) -> dict[str, str]:
    """The environment a tool process starts from: PATH and locale only.

    Nothing else of the developer's environment is passed on, in particular no ``GSD_*`` /
    ``MSD_*`` variable and no HOME (``materialize`` sets HOME per case).
    """
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    if flavor == "msd":
        env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["QT_QPA_PLATFORM"] = "offscreen"
    return env


@dataclass
class Result:
    code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)


# --------------------------------------------------------------------------- upstream install


# --------------------------------------------------------------------------- runners


class Upstream:
    """The upstream gsd-tools: real CLI processes and a small pool of batch drivers.

    ``MSD_DIFF_DRIVERS`` node driver processes (default: 2, or 1 on a single core) share each
    batch of at least ``2 × MIN_CHUNK`` cases, so a 2-core machine resolves two cases at a time
    while msd runs in-process here; a smaller batch goes to one driver (a driver meeting a
    project folder for the first time pays for it: upstream asks git about it).
    """

    MIN_CHUNK = 8

    def __init__(self, cache: Path, *, keep_answers: Path | None = None) -> None:
        """``keep_answers``: the folder where this install's answers to read-only cases are
        kept between runs (``answer_cache.py``); for the untouched upstream install only, or a
        copy whose differences the cache's identity names."""
        self.cache = cache
        self.tools = (
            cache / "node_modules" / "@opengsd" / "gsd-core" / "gsd-core" / "bin" / "gsd-tools.cjs"
        )
        self.driver_path = cache / "gsd_driver.cjs"
        default = "2" if (os.cpu_count() or 1) > 1 else "1"
        self.n_drivers = max(1, int(os.environ.get("MSD_DIFF_DRIVERS", default)))
        self._drivers: list[Driver | None] = [None] * self.n_drivers
        self._lock = threading.Lock()
        driver_digest = hashlib.sha256(DRIVER_SOURCE.read_bytes()).hexdigest()
        self._driver_digest = driver_digest
        self.answers = (
            AnswerCache(keep_answers, [UPSTREAM_PACKAGE, UPSTREAM_VERSION, driver_digest])
            if keep_answers is not None and answer_cache_enabled()
            else None
        )
        if self.answers is not None:
            self.answers.prune(time.time())

    def cli(self, args: Sequence[str], cwd: Path, env: dict[str, str]) -> Result:
        proc = subprocess.run(
            ["node", str(self.tools), *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        return Result(proc.returncode, proc.stdout, proc.stderr)

    def _driver(self, i: int) -> Driver:
        driver = self._drivers[i]
        if driver is None or not driver.alive():
            if driver is not None:
                driver.close()
            if hashlib.sha256(self.driver_path.read_bytes()).hexdigest() != self._driver_digest:
                # another checkout's driver was copied into the shared install meanwhile: its
                # answers must not be kept under this driver's name
                self.answers = None
            driver = Driver(
                ["node", str(self.driver_path), str(self.tools)],
                cwd=self.cache,
                env={**base_env("gsd"), "HOME": str(self.cache)},
            )
            self._drivers[i] = driver
        return driver

    def submit(
        self,
        cases: Sequence[tuple[Sequence[str], Path, dict[str, str]]],
        *,
        read_only: bool = False,
    ) -> BatchHandle | CachedHandle | KnownAnswers:
        """Send cases to the drivers without waiting; ``.results()`` collects them in order.

        ``read_only``: the cases write nothing and read only under their working folder's
        parent (``materialize``'s layout), so upstream's answers are taken from and kept in
        the answer cache (``answer_cache.py``).
        """
        if not read_only or self.answers is None:
            return self._submit(cases)
        answers = self.answers
        bases = [cwd.parent for _, cwd, _ in cases]
        key = answers.batch_key(answers.keys(cases))
        found = answers.load(key, bases) if key else None
        if found is not None:
            return KnownAnswers([Result(*answer) for answer in found])
        before = {base: answer_tree(base) for base in bases}
        handle = self._submit(cases)
        if self.answers is not answers:  # see _driver
            return handle
        return CachedHandle(handle, answers, key, bases, before)

    def _submit(self, cases: Sequence[tuple[Sequence[str], Path, dict[str, str]]]) -> BatchHandle:
        """Cases split into contiguous chunks, one per driver, so cases that share a project
        directory mostly stay in one process."""
        with self._lock:
            n = min(self.n_drivers, max(1, len(cases) // self.MIN_CHUNK))
            size = -(-len(cases) // n)
            chunks: list[tuple[Driver, int, int]] = []
            for i in range(n):
                part = cases[i * size : (i + 1) * size]
                if not part:
                    continue
                driver = self._driver(i)
                lines = [
                    json.dumps({"id": j, "args": list(args), "cwd": str(cwd), "env": env})
                    for j, (args, cwd, env) in enumerate(part)
                ]
                chunks.append((driver, driver.send(lines), len(part)))
        return BatchHandle(chunks)

    def batch(
        self,
        cases: Sequence[tuple[Sequence[str], Path, dict[str, str]]],
        *,
        read_only: bool = False,
    ) -> list[Result]:
        return self.submit(cases, read_only=read_only).results()

    def close(self) -> None:
        for i, driver in enumerate(self._drivers):
            if driver is not None:
                driver.close()
            self._drivers[i] = None


class Driver:
    """One batch driver process (``gsd_driver.cjs``).

    Nothing here waits on a pipe the driver may not be emptying: requests are written by a
    thread of their own and the driver's stderr is drained into a tail by another, so only
    reading answers blocks — and the driver answers as long as requests reach it. Answers are
    numbered in the order cases were sent; one read for a batch that was never collected (a
    test that failed in between) is kept under its number, so later batches still get theirs.
    """

    def __init__(self, cmd: list[str], cwd: Path, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            cwd=cwd,
            env=env,
        )
        self.sent = 0
        self.read = 0
        self._unclaimed: dict[int, Result] = {}
        self._requests: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._err_tail: collections.deque[str] = collections.deque(maxlen=200)
        self._writer = threading.Thread(target=self._write, daemon=True)
        self._stderr = threading.Thread(target=self._drain_stderr, daemon=True)
        self._writer.start()
        self._stderr.start()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def _write(self) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        with contextlib.suppress(OSError, ValueError):  # the driver is gone: reads say so
            while (payload := self._requests.get()) is not None:
                stdin.write(payload)
                stdin.flush()
        with contextlib.suppress(OSError, ValueError):
            stdin.close()

    def _drain_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self._err_tail.append(line)

    def send(self, lines: list[str]) -> int:
        """Queue the requests; the number of the first one's answer."""
        first = self.sent
        self.sent += len(lines)
        self._requests.put("\n".join(lines) + "\n")
        return first

    def answer(self, number: int) -> Result:
        assert self.proc.stdout is not None
        while self.read <= number:
            line = self.proc.stdout.readline()
            if not line:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.proc.wait(timeout=10)
                self._stderr.join(timeout=10)
                raise RuntimeError(f"gsd driver died: {''.join(self._err_tail)[-3000:]}")
            rec = json.loads(line)
            self._unclaimed[self.read] = Result(rec["code"], rec["stdout"], rec["stderr"])
            self.read += 1
        return self._unclaimed.pop(number)

    def close(self) -> None:
        self._requests.put(None)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._writer.join(timeout=10)
        self._stderr.join(timeout=10)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


class BatchHandle:
    def __init__(self, chunks: list[tuple[Driver, int, int]]) -> None:
        self.chunks = chunks

    def results(self) -> list[Result]:
        return [driver.answer(first + k) for driver, first, n in self.chunks for k in range(n)]


class KnownAnswers:
    """A batch answered from the cache."""

    def __init__(self, answers: list[Result]) -> None:
        self.answers = answers

    def results(self) -> list[Result]:
        return self.answers


class CachedHandle:
    """A batch the drivers answer; the answers are kept once they are in."""

    def __init__(
        self,
        handle: BatchHandle,
        answers: AnswerCache,
        key: str | None,
        bases: list[Path],
        before: dict[Path, list[tuple[str, str, str]]],
    ) -> None:
        self.handle, self.answers, self.key = handle, answers, key
        self.bases, self.before = bases, before

    def results(self) -> list[Result]:
        """The answers in order; a case that wrote under its folder fails (it cannot be
        cached: its answer would depend on what ran before it)."""
        fresh = self.handle.results()
        for base, entries in self.before.items():
            assert answer_tree(base) == entries, (
                f"a case marked read-only changed files under {base}: it must not be cached")
        if self.key is not None:
            self.answers.store(self.key, self.bases,
                               [(r.code, r.stdout, r.stderr) for r in fresh])
        return fresh


class Msd:
    """msd: the real CLI as a process, and the same ``cli.main`` called in-process."""

    def __init__(self) -> None:
        venv_python = REPO_ROOT / ".venv" / "bin" / "python"
        self.python = str(venv_python if venv_python.exists() else Path(sys.executable))
        self._forks: ForkServer | None = None

    def forked(self, args: Sequence[str], cwd: Path, env: dict[str, str], logs: Path) -> Result:
        """``msd <args>`` in ``cwd`` with exactly ``env`` as a process of its own, forked from
        one that started Python and imported the CLI and config-set's modules once
        (``tests/reliability/msd_forkserver.py``): what the run does to its process (a secret's
        no-core-dump guard) and the keyring backend it picks from ``env`` stay out of this
        one, without a Python start per run. Its output goes through files in ``logs``."""
        if self._forks is None:
            self._forks = ForkServer(REPO_ROOT, base_env("msd"), MEMORY_CEILING, FORK_PRELOAD)
        proc = self._forks.run(args, cwd=cwd, env=env, logs=logs, timeout=60)
        return Result(proc.returncode, proc.stdout, proc.stderr)

    def close(self) -> None:
        if self._forks is not None:
            self._forks.close()
            self._forks = None

    def cli(self, args: Sequence[str], cwd: Path, env: dict[str, str]) -> Result:
        proc = subprocess.run(
            [self.python, "-m", "msd_desktop.cli", *args],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        return Result(proc.returncode, proc.stdout, proc.stderr)

    def inprocess(self, args: Sequence[str], cwd: Path, env: dict[str, str]) -> Result:
        """Run ``msd --cwd <cwd> <args>`` inside this process with exactly ``env``.

        ``os.environ`` is swapped for the duration (the CLI builds its context from it), and
        stdout/stderr are captured. ``SystemExit`` (argparse errors) maps to its code.
        """
        from msd_desktop import cli

        share_one_parser()
        out, err = io.StringIO(), io.StringIO()
        code: int
        with environment(env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                # --cwd goes first: after the verb's arguments it could land behind a
                # "--" value and change how argparse reads them.
                code = int(cli.main(["--cwd", str(cwd), *args]) or 0)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            except Exception as exc:
                import traceback

                err.write("".join(traceback.format_exception(exc)))
                code = 99
        return Result(code, out.getvalue(), err.getvalue())


def require_msd(*modules: str) -> None:
    """The msd modules a test compares with upstream import: a renamed or broken one fails
    the test (it never turns the comparison into a skip)."""
    for module in modules:
        require_module(module, "the msd module this comparison exercises is gone or broken")


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def upstream() -> Iterator[Upstream]:
    cache = ensure_upstream()
    up = Upstream(cache, keep_answers=cache / "answers")
    yield up
    up.close()


@pytest.fixture(scope="session")
def msd() -> Iterator[Msd]:
    runner = Msd()
    yield runner
    runner.close()


@pytest.fixture(scope="session")
def diff_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("differential")


@contextlib.contextmanager
def case_dir(root: Path) -> Iterator[Path]:
    """A fresh directory for one generated example, removed afterwards."""
    d = Path(tempfile.mkdtemp(prefix="case-", dir=root))
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.differential)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from .harness import DEVIATION_COUNTS, NOTES

    if not DEVIATION_COUNTS and not NOTES:
        return
    terminalreporter.write_sep("-", "differential: Appendix B deviations seen (all asserted)")
    for dev, n in sorted(DEVIATION_COUNTS.items()):
        terminalreporter.write_line(f"{dev}: {n}")
    for note, n in sorted(NOTES.items()):
        terminalreporter.write_line(f"note: {note}: {n}")


def pytest_report_header(config: pytest.Config) -> str:
    mode = (
        "random (failures print a @reproduce_failure blob; pin with --hypothesis-seed)"
        if RANDOM
        else "derandomized (same examples every run; MSD_DIFF_RANDOM=1 explores new ones)"
    )
    return (
        f"differential: upstream {UPSTREAM_PACKAGE}@{UPSTREAM_VERSION} in {upstream_cache_dir()}; "
        f"{N_EXAMPLES} examples/test (MSD_DIFF_EXAMPLES); {mode}"
    )
