"""Run the test suite in stages, each printing its test count and time.

Started by ``scripts/run-tests.sh`` inside its private X server, D-Bus session and unlocked
keyring. The stages:

``quick``      unit, core, CLI, UI offscreen, differential (against the cached upstream) —
               in parallel (pytest-xdist; a worker that crashes ends the stage, failed:
               a replaced worker could leave the rest waiting for ever), each file on one
               worker in its own order (a few modules check a figure over all their tests
               last); the everyday tier
               (``--quick``, which also lowers the examples per property test to 20 unless
               ``MSD_TEST_EXAMPLES`` says otherwise, and a test's own number by the same
               share, see ``tests/property_examples.py``; per differential property to 60
               unless ``MSD_DIFF_EXAMPLES`` does; the full run keeps 100 and 300).
``services``   what needs the real keyring or starts the app under the X server (markers
               ``keyring`` and ``e2e``), one at a time: end-to-end tests press keys on one
               display (focus is global) and keyring tests share global entries with fixed
               names. (pytest-xdist's ``loadgroup`` would group them, but it does not work
               with pytest 9.2, which no longer reads the node id xdist rewrites.)
``x11``        tests that drive the window in this process on the X server (marker
               ``x11_in_process``; Qt has one platform per process), one at a time. It runs
               beside ``services``, in a test world of its own (``scripts/test-world.sh``:
               its own X server, so focus stays apart, and its own D-Bus session and keyring
               daemon, so the global entries the services stage writes with fixed names never
               reach the x11 windows' API-key pages): the services stage mostly waits for
               the apps it starts, the x11 stage mostly works. Its output is printed once
               it ends. (The 200 % layout walk also runs beside its stage, on its own
               display: it only reads the keyring.)
``packaging``  the wheel and the frozen bundle (marker ``packaging``).

``--stage NAME`` runs that stage only (how a stage beside another runs in its own world).
Extra arguments go to every stage (paths, ``-k``, ``-x``…); a ``-m EXPR`` given by the caller
is combined with each stage's own selection. A stage that selects nothing is not a failure.
Each stage keeps its temporary files in a folder of its own (``--basetemp``), removed after it:
pytest's shared ``/tmp/pytest-of-<user>`` would otherwise be pruned of other runs' folders at
every start, which costs seconds on a busy machine and touches what is not ours. That folder is
on a memory file system (``/dev/shm``) when one has room: the tests write through the core's
durable writer, and each ``fsync`` on a disk leaves a worker idle (the crash-safety test alone
waited 14 s for ~1,000 of them); ``MSD_TEST_TMP`` names another parent folder.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TextIO

# One worker more than the cores: a quick-stage worker waits a good part of its time (the
# upstream node driver, fork servers, timers the tests wait on), and a third worker on two
# cores fills those waits (paired on two cores: ~20 % less wall time, ~4 % more CPU).
# MSD_TEST_WORKERS chooses another count ("auto": one per core).
PARALLEL = ["-n", os.environ.get("MSD_TEST_WORKERS") or str((os.cpu_count() or 1) + 1)]
STAGES: list[tuple[str, str, list[str], dict[str, str]]] = [
    ("quick", "not (keyring or e2e or x11_in_process or packaging)",
     [*PARALLEL, "--dist", "loadfile", "--max-worker-restart", "0"],
     {"QT_QPA_PLATFORM": "offscreen"}),
    ("services", "(keyring or e2e) and not (x11_in_process or packaging)",
     [], {"QT_QPA_PLATFORM": "offscreen"}),
    ("x11", "x11_in_process and not packaging", [], {"QT_QPA_PLATFORM": "xcb"}),
    ("packaging", "packaging", [], {"QT_QPA_PLATFORM": "offscreen"}),
]
# A stage run beside another (which it waits for before the next stage starts), in a test
# world of its own.
BESIDE = {"x11": "services"}
WORLD = Path(__file__).with_name("test-world.sh")
NO_TESTS = 5
QUICK_EXAMPLES = "20"
QUICK_DIFF_EXAMPLES = "60"
MEMORY_FS = "/dev/shm"
MEMORY_FS_ROOM = 4 * 1024**3  # the largest files the tests write are some 50 MB each


def temp_parent() -> str | None:
    """Where a stage's temporary folder goes (None: the system's temporary folder)."""
    chosen = os.environ.get("MSD_TEST_TMP")
    if chosen:
        return chosen
    try:
        roomy = shutil.disk_usage(MEMORY_FS).free >= MEMORY_FS_ROOM
    except OSError:
        return None
    return MEMORY_FS if roomy and os.access(MEMORY_FS, os.W_OK | os.X_OK) else None


SUMMARY = re.compile(r"^=+ (.*\b(passed|failed|error|errors|skipped|deselected)\b.*) in [\d.]+s")


def split_marker(args: list[str]) -> tuple[str | None, list[str]]:
    """The caller's ``-m EXPR`` (if any) and the other arguments."""
    marker, rest, i = None, [], 0
    while i < len(args):
        arg = args[i]
        if arg == "-m" and i + 1 < len(args):
            marker, i = args[i + 1], i + 2
            continue
        if arg.startswith("-m") and len(arg) > 2:
            marker = arg[2:]
        else:
            rest.append(arg)
        i += 1
    return marker, rest


def stream(cmd: list[str], env: dict[str, str] | None, out: TextIO) -> tuple[int, str]:
    """Run ``cmd``, copying its output to ``out``; its exit status and pytest's summary."""
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace")
    summary = "no summary"
    assert proc.stdout is not None
    for line in proc.stdout:
        out.write(line)
        match = SUMMARY.match(line.strip())
        if match:
            summary = match.group(1)
    return proc.wait(), summary


def run_stage(name: str, expr: str, extra: list[str], env: dict[str, str],
              user_marker: str | None, args: list[str]) -> tuple[int, str, float]:
    selection = f"({expr}) and ({user_marker})" if user_marker else expr
    own_temp = not any(a == "--basetemp" or a.startswith("--basetemp=") for a in args)
    # short: windows elide paths
    temp = tempfile.mkdtemp(prefix="msd-", dir=temp_parent()) if own_temp else ""
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-m", selection,
           *([f"--basetemp={temp}/t"] if own_temp else []), *extra, *args]
    print(f"\n=== stage {name}: pytest -m '{selection}' {' '.join(extra + args)}", flush=True)
    start = time.monotonic()
    try:
        code, summary = stream(cmd, {**os.environ, **env}, sys.stdout)
    finally:
        if temp:
            shutil.rmtree(temp, ignore_errors=True)
    return code, summary, time.monotonic() - start


def keyring_state() -> dict[str, object] | None:
    """What scripts/keyring_supervisor.py last wrote (None outside run-tests.sh or before)."""
    path = os.environ.get("MSD_TEST_KEYRING_STATE")
    if not path:
        return None
    try:
        state = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return state if isinstance(state, dict) else None


def wait_for_keyring(timeout_s: float = 60.0) -> str:
    """Empty once the supervised keyring is ready; else why it is not."""
    if not os.environ.get("MSD_TEST_KEYRING_STATE"):
        return ""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        state = keyring_state()
        if state and state.get("gave_up"):
            return str(state["gave_up"])
        if state and state.get("ready"):
            return ""
        time.sleep(0.2)
    return f"the test keyring was not ready after {timeout_s:.0f} s"


def keyring_report() -> str:
    """How often the daemon had to be started, with the daemon's own last error lines."""
    state = keyring_state()
    if not state or int(str(state.get("starts", 0))) <= 1:
        return ""
    lines = [f"  keyring    gnome-keyring-daemon started {state['starts']} times "
             "(it aborted; scripts/keyring_supervisor.py says why)"]
    log = Path(os.environ.get("MSD_TEST_KEYRING_LOG", "/nonexistent"))
    try:
        text = log.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        text = []
    crash = [line for line in text if "CRITICAL" in line or "ERROR" in line or "ended with" in line]
    lines += [f"    {line.strip()}" for line in crash[-6:]]
    return "\n".join(lines)


def split_stage(args: list[str]) -> tuple[str | None, list[str]]:
    """The stage ``--stage NAME`` asks for alone (if any) and the other arguments."""
    if "--stage" in args:
        at = args.index("--stage")
        if at + 1 < len(args):
            return args[at + 1], args[:at] + args[at + 2:]
    return None, args


class BesideStage(threading.Thread):
    """A stage run in a test world of its own (``scripts/test-world.sh``) while another runs
    here; its output is kept and printed once both have ended."""

    def __init__(self, name: str, args: list[str]) -> None:
        super().__init__(name=f"stage-{name}", daemon=True)
        self.stage, self.args = name, args
        self.output = io.StringIO()
        self.result: tuple[int, str, float] = (1, "did not run", 0.0)

    def run(self) -> None:
        start = time.monotonic()
        cmd = [str(WORLD), sys.executable, str(Path(__file__).resolve()), "--stage", self.stage,
               *self.args]
        try:
            code, summary = stream(cmd, None, self.output)
        except OSError as exc:
            self.output.write(f"error: the stage could not start: {exc}\n")
            code, summary = 1, "did not start"
        self.result = (code, summary, time.monotonic() - start)


def main(argv: list[str]) -> int:
    began = time.monotonic()
    why = wait_for_keyring()
    if why:
        print(f"error: {why}", file=sys.stderr, flush=True)
        return 1
    quick = "--quick" in argv
    if quick:  # the everyday run: fewer examples per property test (the full run keeps all)
        os.environ.setdefault("MSD_TEST_EXAMPLES", QUICK_EXAMPLES)
        os.environ.setdefault("MSD_DIFF_EXAMPLES", QUICK_DIFF_EXAMPLES)
    only, args = split_stage([a for a in argv if a != "--quick"])
    passed_on = args
    user_marker, args = split_marker(args)
    wanted = [stage for stage in STAGES
              if (only is None or stage[0] == only) and (not quick or stage[0] == "quick")]
    names = {stage[0] for stage in wanted}
    beside = {name for name, partner in BESIDE.items()
              if only is None and name in names and partner in names}
    results: list[tuple[str, int, str, float]] = []
    for name, expr, extra, env in wanted:
        if name in beside:
            continue
        companions = [BesideStage(other, passed_on) for other in sorted(beside)
                      if BESIDE[other] == name]
        for companion in companions:
            print(f"\n=== stage {companion.stage}: beside {name}, in a test world of its own "
                  "(its output follows once it ends)", flush=True)
            companion.start()
        code, summary, took = run_stage(name, expr, extra, env, user_marker, args)
        results.append((name, code, summary, took))
        for companion in companions:
            companion.join()
            sys.stdout.write(companion.output.getvalue())
            results.append((companion.stage, *companion.result))
    report = keyring_report()
    if only is not None:
        if report:
            print(report, flush=True)
        return next((code for _, code, _, _ in results if code not in (0, NO_TESTS)), 0)
    print("\n=== stages", flush=True)
    failed = 0
    for name, code, summary, took in results:
        state = "ok" if code in (0, NO_TESTS) else f"FAILED (exit {code})"
        print(f"  {name:<10} {took:7.1f} s  {state:<18} {summary}")
        if code not in (0, NO_TESTS):
            failed = failed or code
    together = " (stages side by side counted once)" if beside else ""
    print(f"  {'total':<10} {time.monotonic() - began:7.1f} s{together}", flush=True)
    if report:
        print(report, flush=True)
    return failed

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
