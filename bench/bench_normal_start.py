"""Scale: the window as a person starts it, with thousands of projects, watching on.

Each run is a fresh process (``--child``) with a fresh HOME (emptied, then only the registry
in it: one scan root holding N copies of the bundled demo projects; the same path each run, as
a person's HOME is), on an X server (``bench/xserver.py``:
``$DISPLAY`` or a private Xvfb; ``--platform offscreen`` for Qt's offscreen platform), the last
project restored from QSettings (as after a previous session), watching on. ``cold`` runs start
with an empty cache dir, ``warm`` ones with the cache the previous run left; they alternate,
``-r`` times each. Measured, from spawning the process (the parent's ``perf_counter``, the
system's monotonic clock, which the child's marks use too):

* ``spawn_to_first_paint_ms`` — until the window's first paint event;
* ``spawn_to_all_summaries_ms`` — until ``summaries_loaded`` (every listed project has its
  summary on screen);

and, in the child, from just before ``MainWindow()``:

* ``all_summaries_ms``, ``first_paint_ms``, ``watch_ready_ms`` (the watcher reported its
  set-up);
* ``worst_stall_ms`` — worst lateness of a 5 ms heartbeat ``QTimer`` on the GUI thread, from
  the first paint until both of the above plus :data:`SETTLE_MS` (watch set-up included);
* ``outside_change_ms`` — an outside ``STATE.md`` write (temp + rename, as an agent does) of
  a project in the scan root until the browser's tree shows the new status (median of
  :data:`CHANGES` writes);
* ``threads`` — OS threads once everything is loaded and watched, ``peak_rss_mib`` —
  ``ru_maxrss``; the GUI thread's and the process's CPU until every summary is shown, the
  helper processes' CPU and peak RSS, the five worst gaps (``--keep-runs``; ``--sample-gaps K``
  also says what the GUI thread's Python stack and the worker ops were doing in the K worst).

Targets (:data:`TARGETS`): 1,000 projects: every summary ≤ 2.0 s cold, ≤ 1.0 s warm from
spawn; 5,000: ≤ 8 s cold, ≤ 4 s warm, peak RSS ≤ 160 MiB; worst stall ≤ 50 ms; outside change
≤ 100 ms; thread count independent of N.

Usage: bench/bench_normal_start.py [-n 5 1000 5000] [-r 3] [--platform xcb|offscreen]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from xserver import display  # noqa: E402

DEMO = REPO / "msd_desktop" / "resources" / "demo"
TICK_MS = 5
SETTLE_MS = 500
CHANGES = 5
TARGETS = {
    1000: {"warm_spawn_to_all_summaries_ms": 1000.0, "cold_spawn_to_all_summaries_ms": 2000.0,
           "worst_stall_ms": 50.0, "outside_change_ms": 100.0},
    5000: {"warm_spawn_to_all_summaries_ms": 4000.0,
           "cold_spawn_to_all_summaries_ms": 8000.0, "peak_rss_mib": 160.0,
           "worst_stall_ms": 50.0},
}


def generate(root: Path, n: int) -> list[Path]:
    """N copies of the demo projects, 50 per group folder; returns the project roots."""
    demos = sorted(p for p in DEMO.iterdir() if (p / ".planning").is_dir())
    out = []
    for i in range(n):
        src = demos[i % len(demos)]
        dst = root / f"group-{i // 50:03d}" / f"{src.name}-{i:05d}"
        shutil.copytree(src, dst)
        out.append(dst)
    return out


# --------------------------------------------------------------------------- the child


def child(args: argparse.Namespace) -> dict[str, object]:
    t_start = time.perf_counter()
    # start-up as msd_desktop.app does it: two malloc arenas, no cyclic GC until the first
    # load is in
    from msd_desktop.app import _StartupGc, fewer_malloc_arenas

    fewer_malloc_arenas()
    startup_gc = _StartupGc()
    from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    QCoreApplication.setOrganizationName("msd-desktop-bench")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    from msd_desktop.core.workspace.registry import WorkspaceRegistry
    from msd_desktop.ui.main_window import MainWindow

    env = dict(os.environ)
    registry = WorkspaceRegistry(env=env)
    settings = QSettings(args.settings, QSettings.Format.IniFormat)
    marks: dict[str, float] = {}
    gaps: list[float] = []
    last = [0.0]
    last_cpu = [0.0]
    gap_cpu: dict[float, float] = {}  # a gap's start → the GUI thread's CPU in it (ms)
    last_sched = [0.0]
    gap_queued: dict[float, float] = {}  # ... and how long it waited for a core (ms)

    gap_at: list[tuple[float, float, float]] = []  # (start, end, lateness ms)
    restore: list[tuple[float, float]] = []  # when the restored project's tabs were built

    helper_hwm: dict[int, float] = {}  # helper process → its peak RSS seen (MiB)

    rss_seen = [0.0, 0.0]  # the highest VmRSS sampled, and when (ms after MainWindow())

    def tick() -> None:
        if len(gaps) % 20 == 0:  # every ~100 ms: the helper processes' own peak RSS, ours
            _children_hwm(helper_hwm)
            rss = _rss_mib()
            if rss > rss_seen[0]:
                rss_seen[:] = [rss, (time.perf_counter() - t0) * 1000]
        now = time.perf_counter()
        gaps.append((now - last[0]) * 1000 - TICK_MS)
        gap_at.append((last[0], now, gaps[-1]))
        cpu_now = time.thread_time()
        sched_now = _run_delay_ms()
        if gaps[-1] > 20:
            gap_cpu[last[0]] = (cpu_now - last_cpu[0]) * 1000
            gap_queued[last[0]] = sched_now - last_sched[0]
        last[0], last_cpu[0], last_sched[0] = now, cpu_now, sched_now

    sampler = _GapSampler() if args.sample_gaps else None
    heartbeat = QTimer()
    heartbeat.setInterval(TICK_MS)
    heartbeat.timeout.connect(tick)

    class FirstPaint(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and "first_paint" not in marks:
                marks["first_paint"] = time.perf_counter()
                last[0], last_cpu[0] = marks["first_paint"], time.thread_time()
                last_sched[0] = _run_delay_ms()
                gaps.clear()
                heartbeat.start()
            return False

    profile = None
    if args.cprofile:
        import cProfile

        profile = cProfile.Profile()
        profile.enable()
    ops = _record_ops() if args.sample_gaps else None
    t0 = time.perf_counter()
    cpu_start = (time.thread_time(), time.process_time())
    window = MainWindow(registry=registry, env=env, settings=settings, watch=True,
                        restore_last=True)
    show_project = window._show_project

    def timed_show_project(*a, **k):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        try:
            return show_project(*a, **k)
        finally:
            restore.append((start, time.perf_counter()))

    window._show_project = timed_show_project  # type: ignore[method-assign]
    painter = FirstPaint()
    window.installEventFilter(painter)
    for w in (window.browser.tree.viewport(), window.overview):
        w.installEventFilter(painter)

    cpu: dict[str, float] = {}

    def loaded() -> None:
        marks.setdefault("all_summaries", time.perf_counter())
        # CPU spent until then: on a shared machine wall time moves with the neighbours' load,
        # CPU time much less (the GUI thread's is what stalls and delays the window)
        cpu.setdefault("gui", time.thread_time() - cpu_start[0])
        cpu.setdefault("process", time.process_time() - cpu_start[1])

    def watched(health: object) -> None:
        if not getattr(health, "projects", 0):
            return  # the watcher's start (nothing listed yet), not the set-up
        marks.setdefault("watch_ready", time.perf_counter())
        marks["health"] = 0.0
        window.__dict__["_bench_health"] = health

    window.summaries_loaded.connect(loaded)
    window.summaries_loaded.connect(startup_gc.done)
    assert window.bridge is not None
    window.bridge.health_changed.connect(watched)
    window.show()

    def wait(pred, timeout: float) -> bool:  # type: ignore[no-untyped-def]
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            app.processEvents()
            if pred():
                return True
            time.sleep(0.001)
        return False

    ok = wait(lambda: "all_summaries" in marks and "watch_ready" in marks, 180)
    settle_end = time.perf_counter() + SETTLE_MS / 1000
    wait(lambda: time.perf_counter() >= settle_end, SETTLE_MS / 1000 + 1)
    if profile is not None:
        profile.disable()
        profile.dump_stats(args.cprofile)
    worst = max(gaps, default=0.0)
    # the same, leaving out the gaps that contain building the restored project's tabs
    # (Settings, Models, State: the areas' own construction, not loading or watching)
    worst_excl = max((g for a, b, g in gap_at
                      if not any(a <= r0 <= b or a <= r1 <= b for r0, r1 in restore)),
                     default=0.0)
    rss_after_load = _rss_mib()
    threads = _os_threads()
    import threading

    py_threads = threading.active_count()
    health = window.__dict__.get("_bench_health")
    # outside STATE.md changes: temp + rename, like an agent writes
    change_ms = []
    target = Path(args.change_root)
    state_md = target / ".planning" / "STATE.md"
    original = state_md.read_text(encoding="utf-8")
    statuses = ("verifying", "executing")
    from msd_desktop.ui.browser.tree_model import ProjectTreeModel

    model: ProjectTreeModel = window.browser.model
    changes_from = time.perf_counter()
    for i in range(CHANGES):
        status = statuses[i % 2]
        import re

        text = re.sub(r"(?m)^status: .*$", f"status: {status}", original)
        tmp = state_md.with_name(f".STATE.md.tmp-bench{i}")
        tmp.write_text(text, encoding="utf-8")
        start = time.perf_counter()
        os.replace(tmp, state_md)

        def shown(status: str = status) -> bool:
            for p in model.projects():
                if p.ref.root == target:
                    return p.summary is not None and p.summary.status == status
            return False

        if wait(shown, 10):
            change_ms.append((time.perf_counter() - start) * 1000)
        wait(lambda: False, 0.15)  # let the window settle between writes
    heartbeat.stop()
    gap_stacks = sampler.explain(sorted(gap_at, key=lambda x: -x[2])[:args.sample_gaps], t0,
                                 ops or []) if sampler is not None else None
    change_stall = max((g for a, b, g in gap_at if a >= changes_from), default=0.0)
    state_md.write_text(original, encoding="utf-8")
    window.close()
    app.processEvents()
    return {
        "ok": ok,
        "projects": len(model.projects()),
        "cache_hits": window.timings.get("cache_hits"),
        # the window's own marks (ms after MainWindow()): when the cache pass was in, …
        "window_timings": {k: round(v, 1) for k, v in window.timings.items()},
        "import_and_app_ms": round((t0 - t_start) * 1000, 1),
        # perf_counter() at MainWindow() (CLOCK_MONOTONIC: `perf record -k CLOCK_MONOTONIC`
        # samples line up with the gaps)
        "t0_monotonic": t0,
        "spawn_to_first_paint_ms": round((marks.get("first_paint", t0) - args.spawn) * 1000, 1),
        "spawn_to_all_summaries_ms": round((marks.get("all_summaries", t0) - args.spawn)
                                           * 1000, 1),
        "first_paint_ms": round((marks.get("first_paint", t0) - t0) * 1000, 1),
        "all_summaries_ms": round((marks.get("all_summaries", t0) - t0) * 1000, 1),
        "watch_ready_ms": round((marks.get("watch_ready", t0) - t0) * 1000, 1),
        "worst_stall_ms": round(worst, 1),
        # the five longest gaps: ms after MainWindow() when the gap began, its lateness, the
        # GUI thread's CPU in it and its time queued for a core (the rest of the gap it was
        # blocked: on the interpreter lock, a mutex or I/O)
        "worst_gaps": [[round((a - t0) * 1000), round(g, 1), round(gap_cpu.get(a, -1.0), 1),
                        round(gap_queued.get(a, -1.0), 1)]
                       for a, _, g in sorted(gap_at, key=lambda x: -x[2])[:5]],
        "worst_stall_excl_restore_ms": round(worst_excl, 1),
        # the most GUI-thread CPU in one gap (a gap at high load is mostly queueing: this
        # is the part the window's own work makes, whatever the neighbours do)
        "worst_gap_cpu_ms": round(max(gap_cpu.values(), default=0.0), 1),
        "restore_tabs_ms": round(sum(b - a for a, b in restore) * 1000, 1),
        "outside_change_ms": round(statistics.median(change_ms), 1) if change_ms else None,
        "outside_changes_seen": len(change_ms),
        "change_stall_ms": round(change_stall, 1),
        "os_threads": threads,
        "python_threads": py_threads,
        "watch_degraded": bool(getattr(health, "degraded", False)),
        "rss_after_load_mib": rss_after_load,
        "peak_rss_mib": _peak_rss_mib(),
        "highest_rss_sampled": [rss_seen[0], round(rss_seen[1])],
        "gui_cpu_ms": round(cpu.get("gui", 0.0) * 1000, 1),
        "process_cpu_ms": round(cpu.get("process", 0.0) * 1000, 1),
        "helpers": len(helper_hwm),
        "helper_peak_rss_mib": round(max(helper_hwm.values(), default=0.0), 1),
        "helpers_cpu_ms": _helpers_cpu_ms(),
        **({"gap_stacks": gap_stacks} if gap_stacks is not None else {}),
    }


class _GapSampler:
    """Samples the GUI thread's Python stack every millisecond from a thread of its own, to
    say what the worst gaps were doing (``--sample-gaps K``). A gap with few samples was
    spent holding the interpreter lock in C++ (a sample needs the lock); one whose samples
    stop in ``processEvents`` was Qt's own C++ work with the lock released. The sampling
    itself costs the GUI thread a little: use it to explain, not to measure."""

    def __init__(self) -> None:
        import threading

        self.main = threading.get_ident()
        self.samples: list[tuple[float, tuple[str, ...]]] = []
        self.others: list[tuple[float, tuple[str, ...]]] = []  # the other threads'
        self.stopped = False
        threading.Thread(target=self._run, daemon=True, name="gap sampler").start()

    def _run(self) -> None:
        import threading

        me = threading.get_ident()
        while not self.stopped:
            now = time.perf_counter()
            for ident, frame in sys._current_frames().items():
                if ident == me:
                    continue
                stack = []
                while frame is not None and len(stack) < 40:
                    code = frame.f_code
                    stack.append(f"{Path(code.co_filename).name}:{code.co_name}:"
                                 f"{frame.f_lineno}")
                    frame = frame.f_back
                (self.samples if ident == self.main else self.others).append(
                    (now, tuple(stack)))
            time.sleep(0.001)

    def explain(self, gaps: list[tuple[float, float, float]], t0: float,
                ops: list[tuple[str, float, float, float]]) -> list[object]:
        """Per gap: its start (ms after t0), lateness, samples, and the commonest stacks."""
        self.stopped = True
        from collections import Counter

        out: list[object] = []
        for a, b, g in gaps:
            inside = [s for t, s in self.samples if a <= t <= b]
            # the innermost 12 frames identify a callback well enough
            common = Counter(s[:12] for s in inside).most_common(4)
            # what the other threads ran meanwhile (idle ones wait in a lock or select)
            others = Counter(s[:6] for t, s in self.others if a <= t <= b).most_common(4)
            out.append({"at_ms": round((a - t0) * 1000), "late_ms": round(g, 1),
                        "samples": len(inside),
                        "stacks": [[n, list(st)] for st, n in common],
                        "others": [[n, list(st)] for st, n in others],
                        # worker ops that ran during the gap: name, start/end (ms after t0),
                        # the op's whole CPU (ms)
                        "ops": [[name, round((s0 - t0) * 1000), round((s1 - t0) * 1000),
                                 round(c, 1)] for name, s0, s1, c in ops
                                if s0 <= b and s1 >= a]})
        return out


def _record_ops() -> list[tuple[str, float, float, float]]:
    """Record every worker op's name, start, end and CPU (to see what ran beside a gap)."""
    from msd_desktop.ui.widgets import workers

    out: list[tuple[str, float, float, float]] = []
    run = workers._run

    def timed(op_id: int, *a: object) -> None:
        handle = workers._LIVE.get(op_id)
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            run(op_id, *a)  # type: ignore[arg-type]
        finally:
            out.append((handle.name if handle is not None else "?", start,
                        time.perf_counter(), (time.thread_time() - cpu) * 1000))

    workers._run = timed  # type: ignore[assignment]
    return out


def _children_hwm(out: dict[int, float]) -> None:
    """Each child process's peak RSS (``VmHWM``; ``ru_maxrss`` of children would count the
    parent's memory at fork time)."""
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return
    for tid in tasks:
        try:
            pids = Path(f"/proc/self/task/{tid}/children").read_text().split()
        except OSError:
            continue
        for pid in pids:
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmHWM:"):
                        value = int(line.split()[1]) / 1024
                        out[int(pid)] = max(out.get(int(pid), 0.0), value)
            except (OSError, ValueError):
                continue


def _helpers_cpu_ms() -> float:
    """CPU time of the helper processes (they have ended by now; reaped here)."""
    import resource

    from msd_desktop.core.state import bulk_load

    deadline = time.monotonic() + 3
    while bulk_load.ending_helpers() and time.monotonic() < deadline:
        time.sleep(0.01)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return round((usage.ru_utime + usage.ru_stime) * 1000, 1)


def _run_delay_ms() -> float:
    """This thread's time spent runnable but waiting for a core (``schedstat``), in ms."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            return int(f.read().split()[1]) / 1e6
    except (OSError, ValueError, IndexError):
        return 0.0


def _rss_mib() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return 0.0


def _os_threads() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return -1


def _peak_rss_mib() -> float:
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


# --------------------------------------------------------------------------- the parent


def run_child(home: Path, cache: Path, settings: Path, change_root: Path,
              platform: str, sample_gaps: int = 0) -> dict[str, object]:
    """One start in a fresh HOME: the same path each run (the summary cache is only valid for
    the HOME it was made under), emptied and given a copy of ``home`` (the registry only)."""
    fresh = home.parent / "run-home"
    shutil.rmtree(fresh, ignore_errors=True)
    shutil.copytree(home, fresh)
    env = {**os.environ, "HOME": str(fresh), "XDG_CONFIG_HOME": str(fresh / ".config"),
           "XDG_DATA_HOME": str(fresh / ".local/share"), "XDG_CACHE_HOME": str(cache),
           "XDG_STATE_HOME": str(fresh / ".local/state"), "MSD_HOME": str(fresh),
           "QT_QPA_PLATFORM": platform,
           # this checkout, whatever an editable install elsewhere points at
           "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH"))
                                         if p)}
    for var in ("MSD_PROJECT", "MSD_WORKSTREAM", "MSD_DESKTOP_AUTOMATION"):
        env.pop(var, None)
    spawn = time.perf_counter()
    cmd = [sys.executable, __file__, "--child", "--settings", str(settings),
           "--change-root", str(change_root), "--sample-gaps", str(sample_gaps),
           "--spawn", repr(spawn)]
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)
    if proc.returncode != 0:
        sys.exit(f"child failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def summarise(runs: list[dict[str, object]], key: str) -> dict[str, object]:
    values = [float(r[key]) for r in runs if isinstance(r.get(key), int | float)]
    if not values:
        return {"median": None}
    return {"median": round(statistics.median(values), 1),
            "min": round(min(values), 1), "max": round(max(values), 1)}


KEYS = ("spawn_to_first_paint_ms", "spawn_to_all_summaries_ms", "first_paint_ms",
        "all_summaries_ms", "watch_ready_ms", "worst_stall_ms",
        "worst_stall_excl_restore_ms", "worst_gap_cpu_ms", "restore_tabs_ms", "change_stall_ms",
        "outside_change_ms", "peak_rss_mib", "os_threads", "python_threads", "gui_cpu_ms",
        "process_cpu_ms", "helpers_cpu_ms", "helper_peak_rss_mib", "helpers")


def bench_n(n: int, repeats: int, platform: str, sample_gaps: int = 0) -> dict[str, object]:
    tmp = Path(tempfile.mkdtemp(prefix=f"msd-start-{n}-"))
    try:
        home = tmp / "home"
        (home / ".config" / "msd-desktop").mkdir(parents=True)
        root = tmp / "projects"
        projects = generate(root, n)
        (home / ".config" / "msd-desktop" / "workspaces.json").write_text(json.dumps(
            [{"name": "Projects", "path": str(root), "kind": "scan_root", "scan_depth": 3}]))
        settings = tmp / "ui.ini"
        restored = next(p for p in projects if (p / ".planning" / "STATE.md").is_file())
        settings.write_text(f"[ui]\nlast_project={restored}\nlast_tab=2\n", encoding="utf-8")
        change_root = projects[-1] if (projects[-1] / ".planning" / "STATE.md").is_file() \
            else restored
        cache = tmp / "cache"
        runs: dict[str, list[dict[str, object]]] = {"cold": [], "warm": []}
        for _ in range(repeats):
            shutil.rmtree(cache, ignore_errors=True)
            for kind in ("cold", "warm"):
                runs[kind].append(run_child(home, cache, settings, change_root, platform,
                                            sample_gaps))
        out: dict[str, object] = {"projects": n}
        for kind, rs in runs.items():
            out[kind] = {"runs": rs, **{k: summarise(rs, k) for k in KEYS}}
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def verdict(results: list[dict[str, object]]) -> dict[str, object]:
    checks: dict[str, object] = {}
    for res in results:
        n = int(res["projects"])  # type: ignore[call-overload]
        targets = TARGETS.get(n)
        if not targets:
            continue
        cold, warm = res["cold"], res["warm"]  # type: ignore[index]
        for name, limit in targets.items():
            if name.startswith("warm_"):
                value = warm[name[5:]]["median"]  # type: ignore[index]
            elif name.startswith("cold_"):
                value = cold[name[5:]]["median"]  # type: ignore[index]
            else:  # worst over every run, cold and warm
                value = max(float(r[name]) for r in [*cold["runs"], *warm["runs"]]  # type: ignore[index]
                            if r.get(name) is not None)
            checks[f"{n}:{name}"] = {"value": value, "target": limit,
                                     "pass": value is not None and value <= limit}
    threads = sorted({int(r["os_threads"]) for res in results  # type: ignore[call-overload]
                      for kind in ("cold", "warm") for r in res[kind]["runs"]})  # type: ignore[index]
    checks["os_threads_seen"] = threads
    return checks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, nargs="+", default=[5, 1000, 5000])
    parser.add_argument("-r", "--repeats", type=int, default=3)
    parser.add_argument("--platform", default="xcb", choices=("xcb", "offscreen"))
    parser.add_argument("--spawn", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--settings", help=argparse.SUPPRESS)
    parser.add_argument("--change-root", help=argparse.SUPPRESS)
    parser.add_argument("--sample-gaps", type=int, default=0, metavar="K",
                        help="sample the GUI thread's stack and print what the K worst gaps "
                             "were doing (with --keep-runs; the sampling costs a little)")
    parser.add_argument("--cprofile", metavar="FILE",
                        help="(with --child) the GUI thread's cProfile from MainWindow() until "
                             "loaded, to FILE")
    parser.add_argument("--keep-runs", action="store_true",
                        help="print every run (worst gaps and their times) beside the medians")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args)))
        return
    if args.platform == "xcb":
        with display() as shown_on:
            os.environ["DISPLAY"] = shown_on
            results = [bench_n(n, args.repeats, "xcb", args.sample_gaps) for n in args.n]
    else:
        results = [bench_n(n, args.repeats, "offscreen", args.sample_gaps) for n in args.n]
    for res in results:  # keep the printout short: medians and ranges, not every run
        for kind in ("cold", "warm"):
            res[kind].pop("runs_detail", None)  # type: ignore[union-attr]
    checks = verdict(results)
    for res in results:
        for kind in ("cold", "warm"):
            if args.keep_runs:
                res[kind]["runs_worst_gaps"] = [  # type: ignore[index]
                    {k: r.get(k) for k in ("worst_stall_ms", "worst_gaps", "gap_stacks",
                                           "window_timings") if k in r} for r in res[kind]["runs"]]  # type: ignore[index]
            res[kind].pop("runs", None)  # type: ignore[union-attr]
    print(json.dumps({"bench": "scale: spawn -> every summary (watching on, last project "
                               "restored, fresh HOME)",
                      "platform": args.platform, "repeats": args.repeats,
                      "load_average": [round(x, 1) for x in os.getloadavg()],
                      "results": results, "checks": checks,
                      "pass": all(v["pass"] for v in checks.values() if isinstance(v, dict))},
                     indent=2))


if __name__ == "__main__":
    main()
