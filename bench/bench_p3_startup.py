"""P3: ``msd-desktop --smoke-test`` as a whole process vs a bare PySide6 window process.

Both run as fresh processes under the same ``QT_QPA_PLATFORM`` (``offscreen``, and ``xcb``
when ``DISPLAY`` is set), with HOME/XDG in a throwaway folder (the smoke test opens the
bundled demo copy there). Runs alternate app/bare so machine noise hits both alike. Wall time
is measured around the process; peak memory is the child's ``ru_maxrss`` from ``os.wait4``.
Prints one JSON object:

    {"platforms": {"offscreen": {"app_wall_ms", "bare_wall_ms", "wall_ratio",
                                  "app_rss_mb", "bare_rss_mb", "rss_ratio", "pass"}, ...},
     "targets": {"wall_ratio": 3.0, "rss_ratio": 2.5}, "pass": bool}

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
WALL_TARGET = 3.0
RSS_TARGET = 2.5

BARE = """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
w = QMainWindow()
w.resize(1400, 860)
w.setWindowTitle("bare")
w.show()
for _ in range(5):
    app.processEvents()
w.grab()
w.close()
"""


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
        app_cmd = [sys.executable, "-m", "msd_desktop.app", "--smoke-test"]
        bare_cmd = [sys.executable, "-c", BARE]
        for _ in range(warmup):  # also copies the demo into the throwaway HOME
            run(app_cmd, env)
            run(bare_cmd, env)
        app_runs, bare_runs = [], []
        for _ in range(n):
            app_runs.append(run(app_cmd, env))
            bare_runs.append(run(bare_cmd, env))
    app_wall = statistics.median(w for w, _ in app_runs)
    bare_wall = statistics.median(w for w, _ in bare_runs)
    app_rss = statistics.median(r for _, r in app_runs)
    bare_rss = statistics.median(r for _, r in bare_runs)
    wall_ratio, rss_ratio = app_wall / bare_wall, app_rss / bare_rss
    return {
        "app_wall_ms": round(app_wall, 1), "bare_wall_ms": round(bare_wall, 1),
        "wall_ratio": round(wall_ratio, 2),
        "app_rss_mb": round(app_rss, 1), "bare_rss_mb": round(bare_rss, 1),
        "rss_ratio": round(rss_ratio, 2),
        "pass": wall_ratio <= WALL_TARGET and rss_ratio <= RSS_TARGET,
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
        "targets": {"wall_ratio": WALL_TARGET, "rss_ratio": RSS_TARGET},
        "pass": all(bool(r["pass"]) for r in results.values()),
    }, indent=2))


if __name__ == "__main__":
    main()
