"""Speed and memory limits of the core and the quit path: what the tests check as behaviour only.

The tests say *that* a dead holder's lock is stolen on the first try, *that* a scan of a
hostile tree ends, *that* a hostile file is refused and *that* quitting does not wait for a
stuck read; this benchmark says how fast and how big, against the targets they used to assert
(wall-clock figures move on a busy machine, so they are judged here, where a miss is a number
to look at, not a red test). Prints one JSON object::

    {"<check>": {"value", "target", "unit", "pass"}, ..., "all_pass"}

Checks (median of ``-n`` runs where a run is cheap):

``lock_steal_dead_ms``        acquire a lock whose holder's process is dead (< 1,000 ms)
``lock_cli_over_dead_s``      ``msd config-set`` through a dead holder's lock, whole process (< 5 s)
``lock_timeout_0_6_s``        a 0.6 s acquire against a live holder gives up within (0.5, 5) s
``lock_uncreatable_ms``       a lock folder that cannot be made fails (< 1,000 ms)
``inotify_bytes_per_folder``  Python memory kept per watched folder (< 260 B, and less than
                              half of watchdog's observer: ``watchdog_bytes_per_folder``)
``scan_hostile_s``            ``discover_projects`` over loops, unreadable and 20-deep folders,
                              default depth and depth 25 (< 10 s each); ``msd workspaces scan``
                              of it (< 15 s)
``state_md_huge_body_s``      STATE.md with 60,000 decisions parsed (< 10 s); an unterminated
                              20,000-item flow refused (< 10 s)
``digit_runs_10mb_s``         the safe reader's check of a 10 MB text made of digit runs just
                              under the limit (< 1 s; the search once grew with the square of
                              the runs' length)
``hostile_peak_rss_mib``      the largest peak RSS (``VmHWM``) of ``msd`` over every hostile
                              file of R6 with a sample of verbs (``--all-verbs``: every verb)
                              (< 200 MiB)
``quit_with_stuck_read_s``    a window quitting with a read that never returns and a 1 s write
                              in flight (< 10 s)

Usage: ``.venv/bin/python bench/bench_core_limits.py [-n 5] [--all-verbs]``. The window's own
quit times over the R7 hostile workspace are recorded by the reliability suite
(``bench/reliability_report.py``, figures ``r7_window_quit_s`` and
``r7_window_quit_with_stuck_read_s``, target < 5 s).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

SAMPLE_VERBS = ("resolve-model", "config-get", "config-set", "state", "statusline",
                "secrets-list", "new-project")


def check(value: float, target: float | tuple[float, float], unit: str) -> dict[str, Any]:
    """One figure against its target: an upper bound, or an open (low, high) range."""
    ok = target[0] < value < target[1] if isinstance(target, tuple) else value < target
    return {"value": round(value, 3), "target": target, "unit": unit, "pass": ok}


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def _dead_lock(planning: Path) -> None:
    planning.mkdir(parents=True, exist_ok=True)
    (planning / ".lock").write_text(json.dumps({"pid": _dead_pid(), "cwd": "/", "acquired": "x"}))


def bench_lock(tmp: Path, runs: int) -> dict[str, Any]:
    from msd_desktop.core.common.errors import LockTimeoutError, MsdError
    from msd_desktop.core.common.planning_lock import PlanningLock

    steals = []
    for i in range(runs):
        planning = tmp / f"steal{i}" / ".planning"
        _dead_lock(planning)
        lock = PlanningLock(planning, timeout=5)
        steals.append(timed(lock.acquire))
        lock.release()

    root = tmp / "cli"
    _dead_lock(root / ".planning")
    (root / ".planning" / "config.json").write_text("{}\n")
    env = {**os.environ, "HOME": str(tmp / "home"), "PYTHON_KEYRING_BACKEND":
           "keyring.backends.fail.Keyring"}
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "msd_desktop.cli", "--cwd", str(root),
                           "config-set", "mode", "yolo"], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=120, check=False)
    cli_s = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"msd config-set failed: {proc.stderr[-2000:]}")

    # a live, fresh holder: this process's parent
    held = tmp / "held" / ".planning"
    held.mkdir(parents=True)
    (held / ".lock").write_text(json.dumps({"pid": os.getppid(), "cwd": "/", "acquired": "x"}))
    start = time.perf_counter()
    try:
        PlanningLock(held, timeout=0.6).acquire()
        sys.exit("a live holder's lock was taken")
    except LockTimeoutError:
        timeout_s = time.perf_counter() - start

    (tmp / "file").write_text("x")
    uncreatable = []
    for _ in range(runs):
        start = time.perf_counter()
        try:
            PlanningLock(tmp / "file" / ".planning").acquire()
        except MsdError:
            uncreatable.append(time.perf_counter() - start)
    return {
        "lock_steal_dead_ms": check(statistics.median(steals) * 1000, 1000, "ms"),
        "lock_cli_over_dead_s": check(cli_s, 5.0, "s"),
        "lock_timeout_0_6_s": check(timeout_s, (0.5, 5.0), "s"),
        "lock_uncreatable_ms": check(statistics.median(uncreatable) * 1000, 1000, "ms"),
    }


def bench_inotify(tmp: Path) -> dict[str, Any]:
    import tracemalloc

    from watchdog import events as ev
    from watchdog.observers import Observer

    from msd_desktop.core.workspace.inotify_tree import InotifyTreeObserver, supported

    watched = [ev.FileCreatedEvent, ev.FileModifiedEvent, ev.FileClosedEvent,
                      ev.FileDeletedEvent, ev.FileMovedEvent, ev.DirCreatedEvent,
                      ev.DirDeletedEvent, ev.DirMovedEvent]  # what the watcher asks for
    if not supported():
        return {"inotify_bytes_per_folder": {"skipped": "no Linux inotify"}}
    for i in range(400):
        (tmp / f"g{i // 50}" / f"p{i}" / ".planning" / "phases" / "01-x").mkdir(parents=True)
    folders = sum(1 for _ in os.walk(tmp))

    def cost(make: Callable[[], Any]) -> float:
        obs = make()
        obs.start()
        try:
            tracemalloc.start()
            try:
                before = tracemalloc.get_traced_memory()[0]
                watch = obs.schedule(ev.FileSystemEventHandler(), os.fspath(tmp),
                                     recursive=True, event_filter=watched)
                kept = tracemalloc.get_traced_memory()[0] - before
            finally:
                tracemalloc.stop()
            obs.unschedule(watch)
        finally:
            obs.stop()
            obs.join(10)
        return kept / folders

    ours, theirs = cost(InotifyTreeObserver), cost(Observer)
    result = check(ours, min(260.0, theirs / 2), "bytes")
    return {"inotify_bytes_per_folder": result,
            "watchdog_bytes_per_folder": {"value": round(theirs), "unit": "bytes"}}


def bench_scan(tmp: Path) -> dict[str, Any]:
    from msd_desktop.core.workspace.discovery import discover_projects
    from tests.reliability.test_r5_hostile_paths import DEEP, _hostile_tree

    tree = _hostile_tree(tmp)
    try:
        default_s = timed(lambda: discover_projects(tree["root"]))
        deep_s = timed(lambda: discover_projects(tree["root"], max_depth=DEEP + 5))
        env = {**os.environ, "HOME": str(tmp), "MSD_HOME": str(tmp)}
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "msd_desktop.cli", "workspaces", "scan",
                        str(tree["root"]), "--depth", str(DEEP + 5)], env=env, cwd=tmp,
                       capture_output=True, timeout=120, check=True)
        cli_s = time.perf_counter() - start
    finally:
        tree["locked"].chmod(0o755)
    return {
        "scan_hostile_default_s": check(default_s, 10.0, "s"),
        "scan_hostile_depth_25_s": check(deep_s, 10.0, "s"),
        "scan_hostile_cli_s": check(cli_s, 15.0, "s"),
    }


def bench_state_md() -> dict[str, Any]:
    from msd_desktop.core.state.state_md import parse_state_text

    body = "\n".join(f"- [Phase {i}]: decision number {i} | with | pipes" for i in range(60000))
    huge = "---\nstatus: executing\n---\n## Accumulated Context\n\n### Decisions\n\n" + body
    flow = "---\nx: [" + "a, " * 20000 + "\n---\n"
    return {
        "state_md_huge_body_s": check(timed(lambda: parse_state_text(huge)), 10.0, "s"),
        "state_md_unterminated_flow_s": check(timed(lambda: parse_state_text(flow)), 10.0, "s"),
    }


def bench_digit_runs() -> dict[str, Any]:
    from msd_desktop.core.common.safe_read import MAX_DIGITS, check_digits

    runs = ("1" * MAX_DIGITS + "x") * (10_000_000 // (MAX_DIGITS + 1))
    return {"digit_runs_10mb_s": check(timed(lambda: check_digits(runs, "runs.md")), 1.0, "s")}


def bench_hostile_rss(tmp: Path, all_verbs: bool) -> dict[str, Any]:
    from tests.reliability.test_r6_hostile_files import (
        CASES,
        VERBS,
        forked_msd,
        make_setup,
        plant,
        run_msd_process,
    )

    verbs = list(VERBS) if all_verbs else [v for v in SAMPLE_VERBS if v in VERBS]
    peak, worst, runs = 0.0, "", 0
    home = tmp / "forkserver-home"
    home.mkdir()
    with forked_msd(home, preload=False):  # a run's peak: only what it imported itself
        for case in CASES:
            for verb in verbs:
                setup = make_setup(tmp / f"r6-{runs}")
                plant(setup, case)
                stdin = "sk-bench-value-1234567890\n" if verb == "secrets-set" else None
                out = run_msd_process(VERBS[verb], cwd=setup.root, env=setup.env, stdin=stdin)
                runs += 1
                if out.peak_mib > peak:
                    peak, worst = out.peak_mib, f"{case} / {verb}"
    result = check(peak, 200.0, "MiB")
    result.update(runs=runs, worst=worst)
    return {"hostile_peak_rss_mib": result}


def bench_quit(tmp: Path) -> dict[str, Any]:
    from tests.reliability.test_r7_window_hostile import QUIT_SCRIPT

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", QUIT_SCRIPT, str(tmp / "written.txt")],
                          env=env, cwd=REPO, capture_output=True, text=True, timeout=120,
                          check=False)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"the quit script failed: {proc.stderr[-2000:]}")
    return {"quit_with_stuck_read_s": check(elapsed, 10.0, "s")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=5, help="runs of the cheap checks (median)")
    ap.add_argument("--all-verbs", action="store_true", help="every R6 verb, not a sample")
    opts = ap.parse_args()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="msd-bench-limits-") as name:
        tmp = Path(name)
        for part, run in (("lock", lambda d: bench_lock(d, opts.n)),
                          ("inotify", bench_inotify),
                          ("scan", bench_scan),
                          ("state_md", lambda _d: bench_state_md()),
                          ("digits", lambda _d: bench_digit_runs()),
                          ("rss", lambda d: bench_hostile_rss(d, opts.all_verbs)),
                          ("quit", bench_quit)):
            folder = tmp / part
            folder.mkdir()
            results.update(run(folder))
    results["all_pass"] = all(v.get("pass", True) for v in results.values()
                              if isinstance(v, dict))
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
