"""Routing grid: every catalog agent under 6 runtimes, in-process — what Models → Runtimes shows.

One *pass* = ``routing.build_grid`` for the 34 catalog agents × 6 runtimes (claude, codex,
opencode, copilot, kilo, qwen) on a loaded representative config (overrides, ``models.*``, a
policy, runtime tier overrides, effort): 204 model resolutions with their traces plus the 34
effort resolutions. The config load is outside the pass (measured once, reported beside).
The thread's CPU time per pass is printed beside (it moves much less with the neighbours'
load). A second figure, ``report_median_ms``, is the whole ``routing_report`` with the
installs read: the config loaded, the markers looked up and two project-local installs (Codex
and OpenCode, 34 agent files each) compared — what the window runs off the GUI thread. Prints
one JSON object:

    {"grid_median_ms", "grid_min_ms", "grid_max_ms", "target_ms": 10.0, "pass", ...}

Usage: bench/bench_routing_grid.py [-n 200] [--warmup 20]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

TARGET_MS = 10.0
RUNTIMES = ("claude", "codex", "opencode", "copilot", "kilo", "qwen")

CONFIG: dict[str, Any] = {
    "model_profile": "balanced",
    "runtime": "codex",
    "models": {"research": "sonnet", "verification": "haiku"},
    "model_overrides": {"msd-executor": "gpt-5.6-sol", "msd-verifier": "claude-haiku-4-5"},
    "model_profile_overrides": {"codex": {"opus": {"reasoning_effort": "high"}},
                                "opencode": {"sonnet": "openai/gpt-5"}},
    "model_policy": {"runtime_tiers": {"codex": {"haiku": "gpt-5.6-mini"}}},
    "effort": {"agent_overrides": {"msd-debugger": "max"},
               "routing_tier_defaults": {"light": "low"}},
}


def _stats(samples: list[float]) -> dict[str, float]:
    ms = [s * 1000 for s in samples]
    return {"median": round(statistics.median(ms), 3), "min": round(min(ms), 3),
            "max": round(max(ms), 3)}


def _installs(root: Path) -> None:
    from msd_desktop.core.models.catalog import load_catalog

    for runtime, ext in (("codex", ".toml"), ("opencode", ".md")):
        base = root / f".{runtime}"
        (base / "msd-core").mkdir(parents=True)
        (base / "msd-core" / ".msd-runtime").write_text(runtime + "\n", encoding="utf-8")
        (base / "agents").mkdir()
        for agent in load_catalog().agents:
            toml = f'name = "{agent}"\nmodel = "gpt-5"\ndeveloper_instructions = """\nx\n"""\n'
            text = toml if ext == ".toml" else f"---\nname: {agent}\nmode: subagent\n---\nx\n"
            (base / "agents" / f"{agent}{ext}").write_text(text, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()

    from msd_desktop.core.config.store import load_config
    from msd_desktop.core.models.config_input import input_from_loaded
    from msd_desktop.core.models.routing import build_grid
    from msd_desktop.core.models.routing_report import routing_report

    with tempfile.TemporaryDirectory(prefix="msd-bench-routing-") as tmp:
        home, root = Path(tmp) / "home", Path(tmp) / "proj"
        home.mkdir()
        (root / ".planning").mkdir(parents=True)
        (root / ".planning" / "config.json").write_text(json.dumps(CONFIG), encoding="utf-8")
        _installs(root)
        env = {"HOME": str(home)}
        start = time.perf_counter()
        inp = input_from_loaded(load_config(root, env), env)
        load_s = time.perf_counter() - start
        cells = 0
        for _ in range(args.warmup):
            cells = len(build_grid(inp, RUNTIMES).cells)
        grid: list[float] = []
        cpu: list[float] = []
        for _ in range(args.n):
            start, start_cpu = time.perf_counter(), time.thread_time()
            build_grid(inp, RUNTIMES)
            grid.append(time.perf_counter() - start)
            cpu.append(time.thread_time() - start_cpu)
        report: list[float] = []
        for _ in range(max(5, args.n // 10)):
            start = time.perf_counter()
            routing_report(root, env)
            report.append(time.perf_counter() - start)
    g, r, c = _stats(grid), _stats(report), _stats(cpu)
    print(json.dumps({
        "benchmark": "routing_grid",
        "cells": cells,
        "runtimes": list(RUNTIMES),
        "grid_median_ms": g["median"], "grid_min_ms": g["min"], "grid_max_ms": g["max"],
        "target_ms": TARGET_MS,
        "pass": g["median"] <= TARGET_MS,
        "grid_cpu_median_ms": c["median"], "grid_cpu_min_ms": c["min"],
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "config_load_ms": round(load_s * 1000, 3),
        "report_median_ms": r["median"], "report_min_ms": r["min"], "report_max_ms": r["max"],
        "report_installs": 2,
        "n": args.n,
    }, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
