"""P3: ``msd-desktop --smoke-test`` as a whole process vs a bare PySide6 window process.

Both run as fresh processes under the same ``QT_QPA_PLATFORM`` (``offscreen``, and ``xcb``
when ``DISPLAY`` is set), with HOME/XDG in a throwaway folder (the smoke test opens the
bundled demo copy there, watching on). The bare window paints a tree and a tab widget, the
pieces of the app's first screen. Runs alternate app/bare (A B A B); each ratio is taken per
pair and the median of the pairs' ratios is reported, with its range. Wall time is measured
around the process; peak memory is the child's ``ru_maxrss`` from ``os.wait4``.

First paint, paired the same way: a normal start (``python -m msd_desktop.app``, as a user
starts it: the demo, the last project restored from the smoke test's QSettings) against the
bare window, each from the moment the process is started until its main window gets its first
paint event (both children get the same few lines that note that moment and end the process;
``perf_counter`` is the system's monotonic clock, the same in parent and child).

Prints one JSON object:

    {"platforms": {"offscreen": {"app_wall_ms", "bare_wall_ms", "wall_ratio",
                                  "app_rss_mb", "bare_rss_mb", "rss_ratio",
                                  "app_first_paint_ms", "bare_first_paint_ms",
                                  "first_paint_ratio", "pass"}, ...},
     "targets": {"wall_ratio": 2.5, "rss_ratio": 2.5, "first_paint_ratio": 1.4},
     "pass": bool}

Usage: bench/bench_p3_startup.py [-n 9] [--warmup 1]
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
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WALL_TARGET = 2.5
RSS_TARGET = 2.5
FIRST_PAINT_TARGET = 1.4

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
# MainWindow is one) prints the clock and ends the process at once. It is armed when the child
# itself imports PySide6.QtWidgets (an import hook), not by importing PySide6 here: that would
# load Qt before the app's own start-up code runs (the app puts its enum and regex speed-ups in
# place before its first PySide6 import), so the app would not start as a user starts it.
FIRST_PAINT_HOOK = """
import os, sys, time
def _arm(widgets):
    from PySide6.QtCore import QEvent, QObject
    paint = QEvent.Type.Paint
    class _FirstPaint(QObject):
        def eventFilter(self, obj, event):
            if event.type() == paint:
                os.write(1, f"first_paint {time.perf_counter()}\\n".encode())
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


def first_paint(cmd: list[str], env: dict[str, str]) -> float:
    """Milliseconds from starting ``cmd`` until its window's first paint event."""
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    marks = [line.split()[1] for line in proc.stdout.splitlines()
             if line.startswith("first_paint ")]
    if not marks:
        sys.exit(f"{cmd[:2]} never painted ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return (float(marks[0]) - start) * 1000


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall ms, peak RSS MB) of one process, which must exit 0."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.returncode != 0:
        sys.exit(f"{cmd} failed ({proc.returncode}):\n{err}")
    return wall, usage.ru_maxrss / 1024  # Linux: KiB


def bench_platform(platform: str, n: int, warmup: int) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="msd-p3-") as home:
        env = {**os.environ, "HOME": home, "XDG_DATA_HOME": f"{home}/.local/share",
               "XDG_CONFIG_HOME": f"{home}/.config", "XDG_CACHE_HOME": f"{home}/.cache",
               "QT_QPA_PLATFORM": platform}
        env.pop("MSD_DESKTOP_AUTOMATION", None)
        # an installed app has its bytecode caches: a source changed since the last run (or
        # PYTHONDONTWRITEBYTECODE in the caller's shell) would be compiled again in every run
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        app_cmd = [sys.executable, "-m", "msd_desktop.app", "--smoke-test"]
        bare_cmd = [sys.executable, "-c", BARE]
        for _ in range(warmup):  # also copies the demo into the throwaway HOME
            run(app_cmd, env)
            run(bare_cmd, env)
        app_runs, bare_runs = [], []
        for _ in range(n):
            app_runs.append(run(app_cmd, env))
            bare_runs.append(run(bare_cmd, env))
        # a normal start restores the project the smoke test opened last
        app_paint_cmd = [sys.executable, "-c", FIRST_PAINT_HOOK + NORMAL_START]
        bare_paint_cmd = [sys.executable, "-c", FIRST_PAINT_HOOK + BARE]
        first_paint(app_paint_cmd, env)
        first_paint(bare_paint_cmd, env)
        app_paints, bare_paints = [], []
        for _ in range(n):
            app_paints.append(first_paint(app_paint_cmd, env))
            bare_paints.append(first_paint(bare_paint_cmd, env))
    app_wall = statistics.median(w for w, _ in app_runs)
    bare_wall = statistics.median(w for w, _ in bare_runs)
    app_rss = statistics.median(r for _, r in app_runs)
    bare_rss = statistics.median(r for _, r in bare_runs)
    # runs are paired (app, bare, app, bare …): the ratio is taken per pair, so noise that
    # hits one pair hits both of its runs, and the median of the pairs' ratios is reported
    wall_ratios = [a / b for (a, _), (b, _) in zip(app_runs, bare_runs, strict=True)]
    rss_ratios = [a / b for (_, a), (_, b) in zip(app_runs, bare_runs, strict=True)]
    wall_ratio, rss_ratio = statistics.median(wall_ratios), statistics.median(rss_ratios)
    paint_ratios = [a / b for a, b in zip(app_paints, bare_paints, strict=True)]
    paint_ratio = statistics.median(paint_ratios)
    return {
        "app_wall_ms": round(app_wall, 1), "bare_wall_ms": round(bare_wall, 1),
        "wall_ratio": round(wall_ratio, 2),
        "wall_ratio_range": [round(min(wall_ratios), 2), round(max(wall_ratios), 2)],
        "app_rss_mb": round(app_rss, 1), "bare_rss_mb": round(bare_rss, 1),
        "rss_ratio": round(rss_ratio, 2),
        "rss_ratio_range": [round(min(rss_ratios), 2), round(max(rss_ratios), 2)],
        "app_first_paint_ms": round(statistics.median(app_paints), 1),
        "bare_first_paint_ms": round(statistics.median(bare_paints), 1),
        "first_paint_ratio": round(paint_ratio, 2),
        "first_paint_ratio_range": [round(min(paint_ratios), 2), round(max(paint_ratios), 2)],
        "pass": (wall_ratio <= WALL_TARGET and rss_ratio <= RSS_TARGET
                 and paint_ratio <= FIRST_PAINT_TARGET),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=9)
    parser.add_argument("--warmup", type=int, default=1)
    args = parser.parse_args()
    platforms = ["offscreen"] + (["xcb"] if os.environ.get("DISPLAY") else [])
    results = {p: bench_platform(p, args.n, args.warmup) for p in platforms}
    print(json.dumps({
        "bench": "P3 smoke-test startup vs bare PySide6 window",
        "runs": args.n, "python": sys.executable, "platforms": results,
        "targets": {"wall_ratio": WALL_TARGET, "rss_ratio": RSS_TARGET,
                    "first_paint_ratio": FIRST_PAINT_TARGET},
        "pass": all(bool(r["pass"]) for r in results.values()),
    }, indent=2))


if __name__ == "__main__":
    main()
