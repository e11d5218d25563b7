"""R6 — hostile planning files: every verb answers, within bounds, and changes nothing it refuses.

Every planning file may come from someone else's clone. Each case below plants one hostile
file (a symlink to ``/dev/zero`` or ``/dev/urandom``, a FIFO, a directory, a symlink loop, a
1 GiB sparse file, a 46 MB ROADMAP.md, a 5,000-digit number, nesting 500–2,000 deep, a lone
surrogate, raw ESC/BEL bytes, names over 255 bytes …) and runs **every** ``msd`` verb on it,
called in this process (``tests.cli.inprocess``) with at most 1 GiB more address space. Two
verbs per case (each verb on four cases) also run as a process of their own (forked from one
that imported the CLI once: ``msd_forkserver``), under ``RLIMIT_AS`` = 1 GiB and a 20 s hang
guard: the exit code, the ceiling and the peak memory of a real run. Each run must:

* exit 0 or 1 — 1 with an ``Error: …`` line, never a traceback, never "out of memory" (a run
  that blew past the 1 GiB ceiling);
* leave the hostile file as it was, and when it failed, every file under the test folder
  (project, ``~/.msd``, the registry) as it was;
* print no control or bidi character on stdout.

Then the honest outcomes, one test each: ``config-set`` / ``secrets migrate`` / ``new-project``
refuse hostile configs with exit 1; ``new-project`` refuses odd targets and a failed one leaves
``defaults.json`` alone; ``msd run`` stops on unreadable keys unless ``--allow-missing-keys``;
``--stdin`` for ``config-set`` and ``new-project``; ``statusline`` strips control and bidi
characters in both formats (a property test over random field text).

Each real run's peak RSS (its own ``VmHWM``) is recorded for the reliability report; the
200 MiB target is checked by ``bench/bench_core_limits.py`` (every case), not here.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import resource
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli import inprocess
from tests.property_examples import examples
from tests.reliability.helpers import REPO, record_figure
from tests.reliability.msd_forkserver import ForkServer, cli_modules

MEMORY_CEILING = 1 << 30  # RLIMIT_AS for every run
HANG_GUARD_S = 20.0  # a hang, not a speed target (speed lives in bench/)
FAIL_KEYRING = "keyring.backends.fail.Keyring"

_UNSAFE_OUTPUT = frozenset([chr(c) for c in (*range(0, 9), *range(11, 32), *range(0x7F, 0xA0))]
                           + list("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                                  "\u200e\u200f\u061c"))


class Outcome(NamedTuple):
    code: int | None  # None: killed by the hang guard
    stdout: str
    stderr: str
    peak_mib: float
    seconds: float


_SERVER: list[ForkServer] = []


@contextlib.contextmanager
def forked_msd(home: Path, *, preload: bool = True) -> Iterator[None]:
    """A fork server (``msd_forkserver``) for :func:`run_msd_process` while the block runs;
    ``preload``: the verbs' modules imported once in the server (``cli_modules``)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home),
           "LANG": "C.UTF-8", "PYTHON_KEYRING_BACKEND": FAIL_KEYRING}
    _SERVER.append(ForkServer(REPO, env, MEMORY_CEILING,
                              preload=cli_modules() if preload else ()))
    try:
        yield
    finally:
        _SERVER.pop().close()


@pytest.fixture(scope="module")
def fork_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """One fork server for the module's real runs, ended with the module."""
    with forked_msd(tmp_path_factory.mktemp("forkserver-home")):
        yield


def _address_space_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmSize:"):
                return int(line.split()[1])
    raise AssertionError("no VmSize in /proc/self/status")


def run_msd(args: list[str], *, cwd: Path, env: dict[str, str],
            stdin: str | None = None) -> Outcome:
    """``msd --cwd CWD ARGS…`` called in this process (``tests.cli.inprocess``), with at most
    :data:`MEMORY_CEILING` more address space than this process holds (a run that reads
    without a bound ends in a ``MemoryError``, which :func:`check_outcome` refuses). No
    process boundary is under test here; :func:`run_msd_process` runs a sample as real ones."""
    started = time.monotonic()
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    ceiling = _address_space_kib() * 1024 + MEMORY_CEILING
    if hard != resource.RLIM_INFINITY:
        ceiling = min(ceiling, hard)
    resource.setrlimit(resource.RLIMIT_AS, (ceiling, hard))
    try:
        proc = inprocess.run(["--cwd", str(cwd), *args], env=env, stdin=stdin, cwd=REPO)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    return Outcome(proc.returncode, proc.stdout, proc.stderr, 0.0, time.monotonic() - started)


def run_msd_process(args: list[str], *, cwd: Path, env: dict[str, str],
                    stdin: str | None = None) -> Outcome:
    """``msd --cwd CWD ARGS…`` as a process of its own (forked by the module's fork server,
    under ``RLIMIT_AS``), with its own peak RSS (``VmHWM``, which the run reports at exit).

    ``wait4``'s ``ru_maxrss`` would also count what the child had as a fork of the server
    before it ran; ``VmHWM`` read at exit is the run's own peak."""
    server = _SERVER[-1]
    started = time.monotonic()
    if stdin is not None:
        in_read, in_write = os.pipe()
    else:
        in_read, in_write = os.open(os.devnull, os.O_RDONLY), -1
    out_read, out_write = os.pipe()
    err_read, err_write = os.pipe()
    peak_read, peak_write = os.pipe()
    try:
        pid = server.start(["--cwd", str(cwd), *args], cwd=REPO, env=env,
                           fds=(in_read, out_write, err_write, peak_write))
    finally:
        for fd in (in_read, out_write, err_write, peak_write):
            os.close(fd)
    chunks: dict[str, bytes] = {}

    def drain(name: str, fd: int) -> None:
        with open(fd, "rb") as stream:
            chunks[name] = stream.read()

    readers = [threading.Thread(target=drain, args=(n, fd), daemon=True)
               for n, fd in (("out", out_read), ("err", err_read), ("peak", peak_read))]
    for reader in readers:
        reader.start()
    if in_write >= 0:
        try:
            data = memoryview((stdin or "").encode("utf-8"))
            while data:
                data = data[os.write(in_write, data):]
        except BrokenPipeError:
            pass
        finally:
            os.close(in_write)
    killed = threading.Event()

    def guard() -> None:
        killed.set()
        server.kill(pid)

    timer = threading.Timer(HANG_GUARD_S, guard)
    timer.start()
    status, maxrss_kib = server.finish()
    timer.cancel()
    code = os.waitstatus_to_exitcode(status)
    for reader in readers:
        reader.join()
    reported = chunks.get("peak", b"").strip()
    # no report (killed, or died before atexit ran): the kernel's figure, an upper bound
    peak_kib = int(reported) if reported.isdigit() else maxrss_kib
    return Outcome(
        None if killed.is_set() else code,
        chunks.get("out", b"").decode("utf-8", errors="replace"),
        chunks.get("err", b"").decode("utf-8", errors="replace"),
        peak_kib / 1024,
        time.monotonic() - started,
    )


# --- the snapshot: what "nothing changed" means -----------------------------------------------


_DIGESTS: dict[tuple[int, ...], str] = {}


def _digest(path: Path, info: os.stat_result) -> str:
    """The SHA-256 of a file; a large one (the shared 46 MB ROADMAP.md, hard-linked into each
    project) hashed once per inode, size, mtime and ctime (a write changes the last two)."""
    if info.st_size < 1 << 20:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    key = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    if key not in _DIGESTS:
        _DIGESTS[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return _DIGESTS[key]


def _entry(path: Path) -> tuple[Any, ...]:
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISREG(info.st_mode):
        if info.st_size > 64 << 20:  # the sparse GiB files: size and mtime say enough
            return ("file", info.st_size, info.st_mtime_ns)
        return ("file", _digest(path, info))
    return (stat.S_IFMT(info.st_mode),)


def snapshot(base: Path) -> dict[str, tuple[Any, ...]]:
    """Every entry under ``base`` (links not followed): type and content."""
    out: dict[str, tuple[Any, ...]] = {}
    for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
        for name in [*dirnames, *filenames]:
            path = Path(dirpath) / name
            out[str(path.relative_to(base))] = _entry(path)
    return out


# --- the cases --------------------------------------------------------------------------------


class Setup(NamedTuple):
    base: Path
    root: Path  # the project
    planning: Path
    home: Path
    env: dict[str, str]


def _deep_json(depth: int) -> str:
    return '{"a":' * depth + "1" + "}" * depth


_BIG_ROADMAP: list[Path] = []


def _big_roadmap(tmp_root: Path) -> Path:
    """One 46 MB ROADMAP.md per session, hard-linked into each project (a real regular file)."""
    if not _BIG_ROADMAP:
        path = tmp_root / "big-ROADMAP.md"
        line = "- [ ] Phase 1: a plan line that repeats and repeats\n"
        with open(path, "w", encoding="utf-8") as fh:
            fh.write("# Roadmap\n")
            fh.write(line * (46_000_000 // len(line)))
        _BIG_ROADMAP.append(path)
    return _BIG_ROADMAP[0]


@functools.cache
def _many_phase_headings() -> str:
    return "# R\n" + "".join(f"### Phase {i}: x\n" for i in range(100_000))


def _sparse(path: Path, size: int = 1 << 30) -> None:
    with open(path, "wb") as fh:
        fh.truncate(size)


def _codex_agent(setup: Setup, path: Path, make: Callable[[Path], None]) -> None:
    """A Codex install (``MSD_INSTALL_DIR``) whose agent file at ``path`` is hostile."""
    (setup.base / "inst" / "msd-core" / ".msd-runtime").write_text("codex\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    make(path)


def _device_node(path: Path) -> None:
    """A link to a character device of the test's own (/dev/zero's numbers), never the
    machine's; a FIFO where nodes cannot be made (not root)."""
    node = path.parent / "zero-node"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 5))
    except PermissionError:
        os.mkfifo(node)
    path.symlink_to(node)


# raw ESC/BEL bytes (OSC 52 clipboard write, OSC 0 title, CSI 2J clear) and a bidi override
CONTROL_STATE = (
    "---\n"
    "milestone: \x1b]52;c;SGVsbG8=\x07v1\n"
    "milestone_name: \x1b]0;pwned\x07Name\x1b[2J \u202eevil\n"
    "status: executing\x1b[2J\n"
    "---\n# State\n"
)

# (target relative to the test folder, how to plant it). Targets under "home/" are in ~.
Plant = Callable[[Setup, Path], None]
CASES: dict[str, tuple[str, Plant]] = {
    "config-dev-zero": ("proj/.planning/config.json", lambda s, p: p.symlink_to("/dev/zero")),
    "config-dev-urandom": ("proj/.planning/config.json",
                           lambda s, p: p.symlink_to("/dev/urandom")),
    "config-fifo": ("proj/.planning/config.json", lambda s, p: os.mkfifo(p)),
    "config-directory": ("proj/.planning/config.json", lambda s, p: p.mkdir()),
    "config-symlink-loop": ("proj/.planning/config.json", lambda s, p: p.symlink_to(p.name)),
    "config-sparse-1g": ("proj/.planning/config.json", lambda s, p: _sparse(p)),
    "config-nested-500": ("proj/.planning/config.json",
                          lambda s, p: p.write_text(_deep_json(500))),
    "config-5000-digits": ("proj/.planning/config.json",
                           lambda s, p: p.write_text('{"x": ' + "9" * 5000 + "}")),
    "config-lone-surrogate": ("proj/.planning/config.json",
                              lambda s, p: p.write_text('{"model_profile": "\\ud800"}')),
    "state-dev-zero": ("proj/.planning/STATE.md", lambda s, p: p.symlink_to("/dev/zero")),
    "state-dev-urandom": ("proj/.planning/STATE.md", lambda s, p: p.symlink_to("/dev/urandom")),
    "state-fifo": ("proj/.planning/STATE.md", lambda s, p: os.mkfifo(p)),
    "state-directory": ("proj/.planning/STATE.md", lambda s, p: p.mkdir()),
    "state-sparse-1g": ("proj/.planning/STATE.md", lambda s, p: _sparse(p)),
    "state-frontmatter-5000-digits": (
        "proj/.planning/STATE.md",
        lambda s, p: p.write_text("---\nprogress:\n  percent: " + "9" * 5000 + "\n---\n")),
    "state-progress-5000-digits": (
        "proj/.planning/STATE.md",
        lambda s, p: p.write_text("# State\n\nProgress: " + "9" * 5000 + "%\n")),
    "state-yaml-flow-2000-deep": (
        "proj/.planning/STATE.md",
        lambda s, p: p.write_text("---\nx: " + "[" * 2000 + "]" * 2000 + "\n---\n")),
    "state-yaml-block-200-deep": (
        "proj/.planning/STATE.md",
        lambda s, p: p.write_text(
            "---\n" + "".join(" " * i + f"k{i}:\n" for i in range(200)) + "---\n")),
    "state-control-bytes": ("proj/.planning/STATE.md", lambda s, p: p.write_text(CONTROL_STATE)),
    "state-raw-escapes": (
        "proj/.planning/STATE.md",
        lambda s, p: p.write_bytes(b"# State\n\n**Status:** exec\x1b]0;t\x07uting\x1b[2J\n"
                                   b"Phase: 1 of 3 (\xe2\x80\xaeevil)\n")),
    "roadmap-dev-zero": ("proj/.planning/ROADMAP.md", lambda s, p: p.symlink_to("/dev/zero")),
    "roadmap-fifo": ("proj/.planning/ROADMAP.md", lambda s, p: os.mkfifo(p)),
    "roadmap-46mb": ("proj/.planning/ROADMAP.md",
                     lambda s, p: os.link(_big_roadmap(s.base.parent), p)),
    "roadmap-phase-5000-digits": (
        "proj/.planning/ROADMAP.md",
        lambda s, p: p.write_text("# Roadmap\n\n### Phase " + "9" * 5000 + ": x\n")),
    "roadmap-100k-phase-headings": (
        "proj/.planning/ROADMAP.md",
        lambda s, p: p.write_text(_many_phase_headings())),
    "defaults-nested-500": ("home/.msd/defaults.json",
                            lambda s, p: p.write_text(_deep_json(500))),
    "defaults-dev-zero": ("home/.msd/defaults.json", lambda s, p: p.symlink_to("/dev/zero")),
    "defaults-fifo": ("home/.msd/defaults.json", lambda s, p: os.mkfifo(p)),
    "active-workstream-dev-zero": ("proj/.planning/active-workstream",
                                   lambda s, p: p.symlink_to("/dev/zero")),
    "active-workstream-fifo": ("proj/.planning/active-workstream", lambda s, p: os.mkfifo(p)),
    "registry-dev-zero": ("home/.config/msd-desktop/workspaces.json",
                          lambda s, p: p.symlink_to("/dev/zero")),
    "registry-fifo": ("home/.config/msd-desktop/workspaces.json", lambda s, p: os.mkfifo(p)),
    "install-marker-dev-zero": ("inst/msd-core/.msd-runtime",
                                lambda s, p: p.symlink_to("/dev/zero")),
    "install-marker-fifo": ("inst/msd-core/.msd-runtime", lambda s, p: os.mkfifo(p)),
    "codex-agent-fifo": ("inst/agents/msd-planner.toml",
                         lambda s, p: _codex_agent(s, p, os.mkfifo)),
    "codex-agent-sparse-1g": ("inst/agents/msd-planner.toml",
                              lambda s, p: _codex_agent(s, p, _sparse)),
    "codex-agent-device-link": ("inst/agents/msd-planner.toml",
                                lambda s, p: _codex_agent(s, p, _device_node)),
    "workstream-name-300": ("", lambda s, p: s.env.update(MSD_WORKSTREAM="w" * 300)),
    "project-name-300": ("", lambda s, p: s.env.update(MSD_PROJECT="p" * 300)),
}

VERBS: dict[str, list[str]] = {
    "resolve-model": ["resolve-model", "gsd-planner"],
    "resolve-execution": ["resolve-execution", "gsd-executor", "--attempt", "2"],
    "config-get": ["config-get", "model_profile"],
    "config-set": ["config-set", "model_profile", "budget"],
    "migrate-config": ["migrate-config"],
    "schema": ["schema", "model_profile"],
    "state": ["state"],
    "statusline": ["statusline"],
    "statusline-compact": ["statusline", "--format", "compact"],
    "root": ["root"],
    "workspaces-list": ["workspaces", "list"],
    "workspaces-add": ["workspaces", "add", "."],
    "workspaces-scan": ["workspaces", "scan"],
    "secrets-list": ["secrets", "list"],
    "secrets-status": ["secrets", "status"],
    "secrets-migrate": ["secrets", "migrate"],
    "secrets-set": ["secrets", "set", "brave_search", "--stdin"],
    "run": ["run", "--", "true"],  # a command of its own; what it runs is not the point
    "new-project": ["new-project", "--from-defaults"],
    "routing": ["routing", "--check"],
}

GOOD_STATE = "---\nstatus: executing\nmilestone: v1.0\n---\n# State\n\nPhase: 1 of 3 (Parser)\n"
GOOD_ROADMAP = "# Roadmap\n\n### Phase 1: Parser\n**Goal:** parse\n"


def make_setup(base: Path) -> Setup:
    home = base / "home"
    root = base / "proj"
    planning = root / ".planning"
    for folder in (planning, home / ".msd", home / ".config" / "msd-desktop",
                   base / "inst" / "msd-core", base / "tmp"):
        folder.mkdir(parents=True)
    (planning / "config.json").write_text('{\n  "model_profile": "quality"\n}\n')
    (planning / "STATE.md").write_text(GOOD_STATE)
    (planning / "ROADMAP.md").write_text(GOOD_ROADMAP)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "TMPDIR": str(base / "tmp"),
        "MSD_INSTALL_DIR": str(base / "inst"),
        "PYTHON_KEYRING_BACKEND": FAIL_KEYRING,
        "LANG": "C.UTF-8",
    }
    return Setup(base, root, planning, home, env)


def plant(setup: Setup, case: str) -> Path | None:
    target_rel, how = CASES[case]
    target = setup.base / target_rel if target_rel else None
    if target is not None:
        if target.is_dir() and not target.is_symlink():
            target.rmdir()
        elif os.path.lexists(target):
            target.unlink()
    how(setup, target if target is not None else setup.base)
    return target


def check_outcome(out: Outcome, label: str) -> None:
    assert out.code is not None, f"{label}: still running after {HANG_GUARD_S} s"
    assert out.code in (0, 1), f"{label}: exit {out.code}\n{out.stderr[-2000:]}"
    assert "Traceback" not in out.stderr, f"{label}:\n{out.stderr[-3000:]}"
    assert "out of memory" not in out.stderr, f"{label}: ran past the memory ceiling"
    if out.code == 1:
        assert any(line.startswith("Error: ") for line in out.stderr.splitlines()), (
            f"{label}: exit 1 without an Error: line\n{out.stderr[-2000:]}")
    leaked = sorted(f"U+{ord(c):04X}" for c in set(out.stdout) & _UNSAFE_OUTPUT)
    assert not leaked, f"{label}: control/bidi characters on stdout: {leaked}"


_FIGURES: dict[str, float] = {"runs": 0, "peak_mib": 0.0, "slowest_s": 0.0}


def _record(out: Outcome) -> None:
    _FIGURES["runs"] += 1
    _FIGURES["peak_mib"] = max(_FIGURES["peak_mib"], out.peak_mib)
    _FIGURES["slowest_s"] = max(_FIGURES["slowest_s"], out.seconds)
    record_figure("r6_hostile_run", {"peak_mib": round(out.peak_mib, 1),
                                     "seconds": round(out.seconds, 2)})


def check_run(setup: Setup, case: str, verb: str, run: Callable[..., Outcome]) -> None:
    """Plant ``case``, run ``verb`` with ``run``; the outcome and the files are as promised."""
    target = plant(setup, case)
    before = snapshot(setup.base)
    stdin = "sk-test-value-1234567890\n" if verb == "secrets-set" else None
    out = run(VERBS[verb], cwd=setup.root, env=setup.env, stdin=stdin)
    label = f"{case} / msd {' '.join(VERBS[verb])}"
    check_outcome(out, label)
    after = snapshot(setup.base)
    if target is not None:
        rel = str(target.relative_to(setup.base))
        assert after.get(rel) == before.get(rel), f"{label}: the hostile file was changed"
    if out.code != 0:
        changed = sorted(k for k in before.keys() | after.keys()
                         if before.get(k) != after.get(k) and not k.startswith("tmp"))
        assert changed == [], f"{label}: failed (exit {out.code}) but changed {changed}"


@pytest.mark.parametrize("verb", list(VERBS))
@pytest.mark.parametrize("case", list(CASES))
def test_every_verb_answers_every_hostile_file(tmp_path: Path, case: str, verb: str) -> None:
    check_run(make_setup(tmp_path / "t"), case, verb, run_msd)


def _process_sample() -> list[tuple[str, str]]:
    """Two verbs per case, turning through the verbs so each is run on four different cases."""
    verbs = list(VERBS)
    return [(case, verbs[(i * 7 + shift) % len(verbs)])
            for i, case in enumerate(CASES) for shift in (0, len(verbs) // 2)]


@pytest.mark.usefixtures("fork_server")
@pytest.mark.parametrize(("case", "verb"), _process_sample())
def test_a_real_msd_process_answers_a_hostile_file(tmp_path: Path, case: str,
                                                  verb: str) -> None:
    """What only a process of its own shows: its exit code, no hang past the guard, the
    1 GiB ``RLIMIT_AS`` of a real run, and its own peak memory (for the report)."""

    def run(args: list[str], **kwargs: Any) -> Outcome:
        out = run_msd_process(args, **kwargs)
        _record(out)
        return out

    check_run(make_setup(tmp_path / "t"), case, verb, run)


# --- honest outcomes ----------------------------------------------------------------------------

CONFIG_CASES = [c for c in CASES if c.startswith("config-")]


@pytest.mark.parametrize("case", CONFIG_CASES)
@pytest.mark.parametrize("verb", ["config-set", "secrets-migrate", "migrate-config", "config-get"])
def test_a_hostile_config_is_refused_with_its_reason(tmp_path: Path, case: str,
                                                      verb: str) -> None:
    setup = make_setup(tmp_path / "t")
    plant(setup, case)
    before = snapshot(setup.base)
    out = run_msd(VERBS[verb], cwd=setup.root, env=setup.env)
    check_outcome(out, f"{case} / {verb}")
    assert out.code == 1, f"{case} / {verb}: exit {out.code}, stdout {out.stdout[:300]!r}"
    assert "config.json" in out.stderr
    assert snapshot(setup.base) == before


ODD_TARGETS: dict[str, Callable[[Path], None]] = {
    "symlink-loop": lambda p: p.symlink_to(p.name),
    "dangling-symlink": lambda p: p.symlink_to("nowhere.json"),
    "symlink-to-dev-null": lambda p: p.symlink_to("/dev/null"),
    "fifo": lambda p: os.mkfifo(p),
    "directory": lambda p: p.mkdir(),
}


@pytest.mark.parametrize("flavour", list(ODD_TARGETS))
def test_new_project_refuses_odd_targets(tmp_path: Path, flavour: str) -> None:
    setup = make_setup(tmp_path / "t")
    target = setup.planning / "config.json"
    target.unlink()
    ODD_TARGETS[flavour](target)
    before = snapshot(setup.base)
    for args in (["new-project", "--from-defaults"], ["new-project", "model_profile=budget"]):
        out = run_msd(args, cwd=setup.root, env=setup.env)
        check_outcome(out, f"{flavour} / {args}")
        assert out.code == 1
        assert "new-project never overwrites" in out.stderr
        assert snapshot(setup.base) == before


LEGACY_DEFAULTS = '{\n  "depth": "quick",\n  "model_profile": "budget"\n}\n'


def test_a_failed_new_project_leaves_defaults_json_alone(tmp_path: Path) -> None:
    setup = make_setup(tmp_path / "t")
    (setup.planning / "config.json").unlink()
    defaults = setup.home / ".msd" / "defaults.json"
    defaults.write_text(LEGACY_DEFAULTS)
    before = snapshot(setup.base)
    # a key needs the keyring, which is unusable here: the command fails …
    out = run_msd(["new-project", "--stdin"], cwd=setup.root, env=setup.env,
                  stdin="brave_search=BSA-secret-value-123456\n")
    check_outcome(out, "new-project without keyring")
    assert out.code == 1
    assert "BSA-secret-value-123456" not in out.stdout + out.stderr
    # … and changes no file: not config.json, not the legacy depth in defaults.json
    assert snapshot(setup.base) == before
    # the same command without a key succeeds, and only then migrates defaults.json
    out = run_msd(["new-project", "--from-defaults"], cwd=setup.root, env=setup.env)
    check_outcome(out, "new-project")
    assert out.code == 0, out.stderr
    assert '"granularity"' in defaults.read_text()
    assert (setup.planning / "config.json").is_file()


def test_run_stops_on_unreadable_keys_unless_allowed(tmp_path: Path) -> None:
    setup = make_setup(tmp_path / "t")
    (setup.planning / "config.json").write_text('{"brave_search": true, "exa_search": true}')
    ran = setup.base / "child-ran"
    child = ["--", sys.executable, "-c", f"open({str(ran)!r}, 'w').close()"]
    out = run_msd(["run", *child], cwd=setup.root, env=setup.env)
    check_outcome(out, "run")
    assert out.code == 1
    assert "brave_search, exa_search" in out.stderr
    assert "--allow-missing-keys" in out.stderr
    assert not ran.exists()
    out = run_msd(["run", "--allow-missing-keys", *child], cwd=setup.root, env=setup.env)
    check_outcome(out, "run --allow-missing-keys")
    assert out.code == 0
    assert "msd run: warning:" in out.stderr
    assert ran.exists()


def test_config_set_and_new_project_take_values_on_stdin(tmp_path: Path) -> None:
    setup = make_setup(tmp_path / "t")
    out = run_msd(["config-set", "model_profile", "--stdin"], cwd=setup.root, env=setup.env,
                  stdin="budget\n")
    check_outcome(out, "config-set --stdin")
    assert out.code == 0, out.stderr
    assert '"model_profile": "budget"' in (setup.planning / "config.json").read_text()
    out = run_msd(["config-set", "model_profile", "balanced", "--stdin"], cwd=setup.root,
                  env=setup.env, stdin="budget\n")
    assert out.code == 1
    assert "not both" in out.stderr
    # a secret through stdin, without a keyring: refused, and the value shows nowhere
    out = run_msd(["config-set", "brave_search", "--stdin"], cwd=setup.root, env=setup.env,
                  stdin="BSA-secret-value-123456\n")
    check_outcome(out, "config-set secret --stdin")
    assert out.code == 1
    assert "BSA-secret-value-123456" not in out.stdout + out.stderr
    assert "BSA-secret" not in (setup.planning / "config.json").read_text()
    (setup.planning / "config.json").unlink()
    out = run_msd(["new-project", "--stdin"], cwd=setup.root, env=setup.env,
                  stdin="model_profile=budget\n\ngranularity=fine\n")
    check_outcome(out, "new-project --stdin")
    assert out.code == 0, out.stderr
    text = (setup.planning / "config.json").read_text()
    assert '"model_profile": "budget"' in text
    assert '"granularity": "fine"' in text


# --- statusline: nothing injected ---------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["full", "compact"])
def test_statusline_strips_control_and_bidi_characters(tmp_path: Path, fmt: str) -> None:
    setup = make_setup(tmp_path / "t")
    (setup.planning / "STATE.md").write_text(CONTROL_STATE)
    out = run_msd(["statusline", "--format", fmt], cwd=setup.root, env=setup.env)
    check_outcome(out, f"statusline {fmt}")
    assert out.code == 0
    assert "\x1b" not in out.stdout
    assert "\x07" not in out.stdout
    assert "\u202e" not in out.stdout
    assert "v1" in out.stdout  # the text around the sequences is still shown
    if fmt == "full":
        assert "pwnedName" in out.stdout


_FIELD_TEXT = st.text(
    alphabet=st.sampled_from(["a", "1", " ", ".", "\x1b", "\x07", "\x9b", "\x00", "\u202e",
                              "\u2066", "\u200f", "\u061c", "[", "]", ";", "\x7f"]),
    min_size=1, max_size=12,
)


@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(milestone=_FIELD_TEXT, name=_FIELD_TEXT, status=_FIELD_TEXT,
       fmt=st.sampled_from(["full", "compact"]))
def test_statusline_output_never_carries_controls(
    tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str],
    milestone: str, name: str, status: str, fmt: str,
) -> None:
    from msd_desktop.cli import main

    root = tmp_path_factory.mktemp("sl")
    (root / ".planning").mkdir()

    # raw characters: the status-line reader takes frontmatter lines as written (as upstream)
    (root / ".planning" / "STATE.md").write_text(
        f"---\nmilestone: v{milestone}\nmilestone_name: {name}\n"
        f"status: {status}\n---\n# State\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["statusline", "--format", fmt, "--cwd", str(root)]) == 0
    printed = capsys.readouterr().out
    assert not set(printed) & _UNSAFE_OUTPUT


def test_figures_of_the_run() -> None:
    """The count of hostile runs, the largest peak and the slowest run (for the report)."""
    record_figure("r6_hostile_cases", len(CASES) * len(VERBS))
    record_figure("r6_process_runs", _FIGURES["runs"])
    record_figure("r6_peak_mib", round(_FIGURES["peak_mib"], 1))
    record_figure("r6_slowest_s", round(_FIGURES["slowest_s"], 2))
    assert len(CASES) * len(VERBS) >= 600


def test_statusline_cleaning_is_a_no_op_on_the_upstream_differential_texts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The texts the upstream-hook differential test compares render byte for byte the same
    through ``msd statusline`` (which cleans fields and output) as through the core renderer
    (which the differential test checks against upstream)."""
    from msd_desktop.cli import main
    from tests.core.state.test_statusline import _CURATED, _generated_cases, compact, full

    texts = _CURATED + _generated_cases(120, seed=7502)
    root = tmp_path / "p"
    (root / ".planning").mkdir(parents=True)
    state = root / ".planning" / "STATE.md"
    for text in texts:
        state.write_bytes(text.encode("utf-8"))
        for fmt, render in (("full", full), ("compact", compact)):
            capsys.readouterr()
            assert main(["statusline", "--format", fmt, "--cwd", str(root)]) == 0
            assert capsys.readouterr().out == render(text) + "\n", (fmt, text)


@pytest.mark.parametrize("verb", list(VERBS))
def test_every_verb_refuses_a_path_part_over_255_bytes(tmp_path: Path, verb: str) -> None:
    setup = make_setup(tmp_path / "t")
    before = snapshot(setup.base)
    out = run_msd(VERBS[verb], cwd=setup.root / ("d" * 300) / "x", env=setup.env,
                  stdin="v\n" if verb == "secrets-set" else None)
    check_outcome(out, f"--cwd with a 300-byte part / {verb}")
    assert out.code == 1
    assert "File name too long" in out.stderr
    assert snapshot(setup.base) == before


@pytest.mark.parametrize("action", ["add", "remove", "scan"])
def test_workspaces_refuse_a_path_argument_over_255_bytes(tmp_path: Path, action: str) -> None:
    setup = make_setup(tmp_path / "t")
    before = snapshot(setup.base)
    out = run_msd(["workspaces", action, str(setup.base / ("d" * 300))], cwd=setup.root,
                  env=setup.env)
    check_outcome(out, f"workspaces {action} with a 300-byte part")
    assert out.code == 1
    assert snapshot(setup.base) == before
