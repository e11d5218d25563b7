"""P2: resolve every catalog agent, with traces, in-process — what the explorer does on refresh.

One *pass* = load the project config (``config_store.load_config`` + ``input_from_loaded``,
with global defaults present so D1's merge runs) and, for each of the 34 catalog agents,
resolve the model with its full layer trace plus effort and fast_mode with their traces, and
turn every trace into plain dicts (what the UI model reads). The representative config
exercises overrides, ``models.*``, ``model_policy``, a non-Claude runtime tier map and
``effort``/``fast_mode`` blocks. Prints one JSON object:

    {"pass_median_ms", "target_ms": 2.0, "pass", "resolve_only_median_ms", ...}

``pass_median_ms`` (the target) includes the config load; ``resolve_only_median_ms`` reuses
one loaded config. Usage: bench/bench_p2_inprocess.py [-n 300] [--warmup 30]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

TARGET_MS = 2.0

CONFIG: dict[str, Any] = {
    "model_profile": "balanced",
    "runtime": "codex",
    "models": {"research": "sonnet", "verification": "haiku"},
    "model_overrides": {"msd-executor": "gpt-5.6-sol", "msd-verifier": "claude-haiku-4-5"},
    "model_profile_overrides": {"codex": {"opus": {"reasoning_effort": "high"}}},
    "model_policy": {"runtime_tiers": {"codex": {"haiku": "gpt-5.6-mini"}}},
    "effort": {
        "agent_overrides": {"msd-debugger": "max"},
        "routing_tier_defaults": {"light": "low"},
    },
    "fast_mode": {"agent_overrides": {"msd-codebase-mapper": True}},
    "dynamic_routing": {
        "enabled": True,
        "tier_models": {"light": "haiku", "standard": "sonnet", "heavy": "opus"},
    },
    "workflow": {"research": True, "plan_check": True},
}
GLOBAL_DEFAULTS: dict[str, Any] = {
    "model_overrides": {"msd-planner": "opus", "msd-executor": "sonnet"}
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=300)
    ap.add_argument("--warmup", type=int, default=30)
    opts = ap.parse_args()

    from msd_desktop.core.config.store import load_config
    from msd_desktop.core.models.catalog import load_catalog
    from msd_desktop.core.models.config_input import input_from_loaded
    from msd_desktop.core.models.execution import resolve_effort, resolve_fast_mode
    from msd_desktop.core.models.resolution import resolve_model

    agents = list(load_catalog().agents)
    with tempfile.TemporaryDirectory(prefix="msd-bench-p2-") as tmp:
        root = Path(tmp) / "proj"
        home = Path(tmp) / "home"
        (root / ".planning").mkdir(parents=True)
        (home / ".msd").mkdir(parents=True)
        (root / ".planning" / "config.json").write_text(
            json.dumps(CONFIG, indent=2) + "\n", encoding="utf-8"
        )
        (home / ".msd" / "defaults.json").write_text(
            json.dumps(GLOBAL_DEFAULTS) + "\n", encoding="utf-8"
        )
        env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}

        def load() -> Any:
            return input_from_loaded(load_config(root, env), env)

        def resolve_all(inp: Any) -> list[dict[str, Any]]:
            rows = []
            for agent in agents:
                model = resolve_model(inp, agent)
                effort = resolve_effort(inp, agent)
                fast = resolve_fast_mode(inp, agent)
                rows.append(
                    {
                        "model": model.to_dict(),
                        "effort": {
                            "value": effort.value,
                            "layer": effort.layer,
                            "trace": [s.to_dict() for s in effort.trace],
                        },
                        "fast_mode": {
                            "value": fast.value,
                            "layer": fast.layer,
                            "trace": [s.to_dict() for s in fast.trace],
                        },
                    }
                )
            return rows

        def full_pass() -> list[dict[str, Any]]:
            return resolve_all(load())

        sample = full_pass()
        assert len(sample) == len(agents)
        assert all(r["model"]["trace"] for r in sample)
        for _ in range(opts.warmup):
            full_pass()
        full: list[float] = []
        for _ in range(opts.n):
            t0 = time.perf_counter_ns()
            full_pass()
            full.append((time.perf_counter_ns() - t0) / 1e6)
        inp = load()
        only: list[float] = []
        for _ in range(opts.n):
            t0 = time.perf_counter_ns()
            resolve_all(inp)
            only.append((time.perf_counter_ns() - t0) / 1e6)
        loads: list[float] = []
        for _ in range(opts.n):
            t0 = time.perf_counter_ns()
            load()
            loads.append((time.perf_counter_ns() - t0) / 1e6)

    med = statistics.median(full)
    print(
        json.dumps(
            {
                "bench": "P2 in-process: all catalog agents, model+effort+fast_mode with traces",
                "agents": len(agents),
                "passes": opts.n,
                "pass_median_ms": round(med, 3),
                "target_ms": TARGET_MS,
                "pass": med <= TARGET_MS,
                "pass_min_ms": round(min(full), 3),
                "pass_p90_ms": round(sorted(full)[int(0.9 * len(full)) - 1], 3),
                "resolve_only_median_ms": round(statistics.median(only), 3),
                "config_load_median_ms": round(statistics.median(loads), 3),
                "per_agent_us": round(statistics.median(only) * 1000 / len(agents), 1),
                "python": sys.version.split()[0],
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
