"""P3: the window's start against a bare PySide6 window, paired on one X server.

Two measures, each alternating app and bare processes (A B A B) and taking the ratio per pair
(noise that hits a pair hits both of its runs); the median of the pairs' ratios and their range
are reported, with the CPU time of the same processes (on a shared machine wall times move with
the neighbours' load, CPU much less):

* **first paint** — from spawning the process until its main window's first paint event: a
  normal start (``python -m msd_desktop.app``, the demo, the last project restored) against
  the bare window (a tree and a tab widget with three tabs in a splitter, the pieces of the
  app's first screen). Both children get the same few lines that note the moment of the first
  paint (``perf_counter`` is the system's monotonic clock, the same in parent and child) and
  the process's CPU time, then end the process. Target ``first_paint_ratio`` ≤ 1.3.
* **smoke test** — the whole ``msd-desktop --smoke-test`` process (every summary loaded, a
  project opened, every tab built and shown, the window closed, the process ended) against the
  bare window process, which also shows each of its tabs. Target ``smoke_ratio`` ≤ 3.0.

Both run with a fresh HOME/XDG in a throwaway folder, on ``xcb`` (``$DISPLAY`` or a private
Xvfb, ``bench/xserver.py``); ``--platform offscreen`` uses Qt's offscreen platform instead.

``--instructions`` counts instead: the instructions each first-paint child runs from its start
to the first paint, one run of each under ``valgrind --tool=callgrind`` (~1 min each). The count
hardly moves with the machine's load (only with what the window's worker threads do before the
paint), so one run compares two versions of the code where the timed runs need many.

Usage: bench/bench_p3_startup.py [-n 9] [--warmup 1] [--platform xcb|offscreen] [--instructions]
"""

from __future__ import annotations

import argparse
import json
import os
import re
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

SMOKE_TARGET = 3.0
FIRST_PAINT_TARGET = 1.3

# The reference: a bare PySide6 window that paints what the app's first screen is made of —
# a tree (the browser) and a tab widget (the project tabs) in a splitter — once, through the
# event loop (no grab: the smoke test does not grab either without --screenshots).
BARE = """
import sys
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QApplication, QLabel, QMainWindow, QSplitter, QTabWidget,
                               QTreeView)
app = QApplication(sys.argv)
w = QMainWindow()
w.resize(1400, 860)
w.setWindowTitle("bare")
model = QStandardItemModel()
model.setHorizontalHeaderLabels(["Project", "Status"])
for i in range(5):
    model.appendRow([QStandardItem(f"project-{i}"), QStandardItem("executing")])
tree = QTreeView()
tree.setModel(model)
tabs = QTabWidget()
for title in ("Settings", "Models", "State"):
    tabs.addTab(QLabel(title), title)
splitter = QSplitter()
splitter.addWidget(tree)
splitter.addWidget(tabs)
w.setCentralWidget(splitter)
w.show()
for _ in range(5):
    app.processEvents()
for i in range(tabs.count()):
    tabs.setCurrentIndex(i)
    app.processEvents()
w.close()
"""


# Prepended to both first-paint children: the first paint event of a QMainWindow (the app's
# MainWindow is one) prints the clock and the CPU time and ends the process at once. It is
# armed when the child itself imports PySide6.QtWidgets (an import hook), not by importing
# PySide6 here: that would load Qt before the app's own start-up code runs, so the app would
# not start as a user starts it.
FIRST_PAINT_HOOK = """
import os, sys, time
def _arm(widgets):
    from PySide6.QtCore import QEvent, QObject
    paint = QEvent.Type.Paint
    class _FirstPaint(QObject):
        def eventFilter(self, obj, event):
            if event.type() == paint:
                os.write(1, f"first_paint {time.perf_counter()} {time.process_time()}\\n".encode())
                os._exit(0)
            return False
    hook = _FirstPaint()
    show = widgets.QMainWindow.show
    def show_watched(self):
        self.installEventFilter(hook)
        show(self)
    widgets.QMainWindow.show = show_watched
    widgets._first_paint_hook = hook  # kept alive
class _WhenQtWidgets:
    def find_spec(self, name, path=None, target=None):
        if name != "PySide6.QtWidgets":
            return None
        sys.meta_path.remove(self)
        import importlib.util
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            _arm(module)
        spec.loader.exec_module = exec_module
        return spec
sys.meta_path.insert(0, _WhenQtWidgets())
"""
NORMAL_START = """
import runpy, sys
sys.argv = ["msd-desktop"]
runpy.run_module("msd_desktop.app", run_name="__main__", alter_sys=True)
"""


def first_paint(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(ms from spawning ``cmd`` until its window's first paint event, CPU ms until then)."""
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    marks = [line.split()[1:3] for line in proc.stdout.splitlines()
             if line.startswith("first_paint ")]
    if not marks:
        sys.exit(f"{cmd[:2]} never painted ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return (float(marks[0][0]) - start) * 1000, float(marks[0][1]) * 1000


def instructions(cmd: list[str], env: dict[str, str]) -> int:
    """The instructions ``cmd`` runs until its window's first paint (callgrind's total; the
    child ends at the paint)."""
    counted = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               "--cache-sim=no", *cmd]
    proc = subprocess.run(counted, env={**env, "PYTHONHASHSEED": "0"}, capture_output=True,
                          text=True, timeout=1800)
    total = re.search(r"Collected : (\d+)", proc.stderr)
    if "first_paint " not in proc.stdout or total is None:
        sys.exit(f"{cmd[:2]} was not counted ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return int(total.group(1))


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """(wall ms, peak RSS MB, CPU ms) of one process, which must exit 0."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.returncode != 0:
        sys.exit(f"{cmd} failed ({proc.returncode}):\n{err}")
    return wall, usage.ru_maxrss / 1024, (usage.ru_utime + usage.ru_stime) * 1000  # KiB


def _ratios(app: list[float], bare: list[float]) -> dict[str, object]:
    """Median and range of the pairs' ratios, and each side's median."""
    ratios = [a / b for a, b in zip(app, bare, strict=True)]
    return {"app": round(statistics.median(app), 1),
            "bare": round(statistics.median(bare), 1),
            "ratio": round(statistics.median(ratios), 2),
            "ratio_range": [round(min(ratios), 2), round(max(ratios), 2)]}


def _env(home: str, platform: str) -> dict[str, str]:
    env = {**os.environ, "HOME": home, "XDG_DATA_HOME": f"{home}/.local/share",
           "XDG_CONFIG_HOME": f"{home}/.config", "XDG_CACHE_HOME": f"{home}/.cache",
           "XDG_STATE_HOME": f"{home}/.local/state", "MSD_HOME": f"{home}/.msd",
           "QT_QPA_PLATFORM": platform}
    env.pop("MSD_DESKTOP_AUTOMATION", None)
    # an installed app has its bytecode caches: a source changed since the last run (or
    # PYTHONDONTWRITEBYTECODE in the caller's shell) would be compiled again in every run
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


APP_CMD = [sys.executable, "-m", "msd_desktop.app", "--smoke-test"]
BARE_CMD = [sys.executable, "-c", BARE]
# a normal start restores the project the smoke test opened last
APP_PAINT_CMD = [sys.executable, "-c", FIRST_PAINT_HOOK + NORMAL_START]
BARE_PAINT_CMD = [sys.executable, "-c", FIRST_PAINT_HOOK + BARE]


def _warm(env: dict[str, str], warmup: int) -> None:
    """Runs that copy the demo into the throwaway HOME, leave the project to restore and write
    the bytecode caches."""
    for _ in range(warmup):
        run(APP_CMD, env)
        run(BARE_CMD, env)
    first_paint(APP_PAINT_CMD, env)
    first_paint(BARE_PAINT_CMD, env)


def count_platform(platform: str) -> dict[str, object]:
    """The instructions of one first-paint run of each side (``--instructions``)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind")
    with tempfile.TemporaryDirectory(prefix="msd-p3-") as home:
        env = _env(home, platform)
        _warm(env, 1)
        app = instructions(APP_PAINT_CMD, env)
        bare = instructions(BARE_PAINT_CMD, env)
    return {"first_paint_instructions": {"app": app, "bare": bare,
                                         "ratio": round(app / bare, 3)},
            "load_average": [round(x, 1) for x in os.getloadavg()]}


def bench_platform(platform: str, n: int, warmup: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="msd-p3-") as home:
        env = _env(home, platform)
        _warm(env, warmup)
        app_cmd, bare_cmd = APP_CMD, BARE_CMD
        app_paint_cmd, bare_paint_cmd = APP_PAINT_CMD, BARE_PAINT_CMD
        app_paints, bare_paints, app_runs, bare_runs = [], [], [], []
        for _ in range(n):
            app_paints.append(first_paint(app_paint_cmd, env))
            bare_paints.append(first_paint(bare_paint_cmd, env))
        for _ in range(n):
            app_runs.append(run(app_cmd, env))
            bare_runs.append(run(bare_cmd, env))
    paint = _ratios([w for w, _ in app_paints], [w for w, _ in bare_paints])
    paint_cpu = _ratios([c for _, c in app_paints], [c for _, c in bare_paints])
    smoke = _ratios([w for w, _, _ in app_runs], [w for w, _, _ in bare_runs])
    smoke_cpu = _ratios([c for _, _, c in app_runs], [c for _, _, c in bare_runs])
    rss = _ratios([r for _, r, _ in app_runs], [r for _, r, _ in bare_runs])
    return {
        "first_paint": paint, "first_paint_cpu": paint_cpu,
        "smoke": smoke, "smoke_cpu": smoke_cpu, "peak_rss_mb": rss,
        "load_average": [round(x, 1) for x in os.getloadavg()],
        "pass": (float(paint["ratio"]) <= FIRST_PAINT_TARGET  # type: ignore[arg-type]
                 and float(smoke["ratio"]) <= SMOKE_TARGET),  # type: ignore[arg-type]
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=9)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--platform", default="xcb", choices=("xcb", "offscreen"))
    parser.add_argument("--instructions", action="store_true",
                        help="count the first paint's instructions (callgrind) instead")
    args = parser.parse_args()

    def measure(platform: str) -> dict[str, object]:
        if args.instructions:
            return count_platform(platform)
        return bench_platform(platform, args.n, args.warmup)

    if args.platform == "xcb":
        with display() as shown_on:
            os.environ["DISPLAY"] = shown_on
            result = measure("xcb")
    else:
        result = measure("offscreen")
    print(json.dumps({
        "bench": "P3 start-up vs a bare PySide6 window", "platform": args.platform,
        "runs": 1 if args.instructions else args.n, "python": sys.executable, **result,
        "targets": {"first_paint_ratio": FIRST_PAINT_TARGET, "smoke_ratio": SMOKE_TARGET},
    }, indent=2))


if __name__ == "__main__":
    main()
