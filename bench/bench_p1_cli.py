"""P1: whole-process ``msd resolve-model`` vs ``gsd-tools resolve-model`` on the same config.

Each tool runs as a fresh process in the same project (a representative config, in each
tool's naming), with an isolated HOME. After warm-up runs, N timed runs per tool alternate
msd/gsd so machine noise hits both alike. Prints one JSON object:

    {"msd_median_ms", "gsd_median_ms", "ratio", "target": 0.35, "pass", ...}

``ratio`` = msd median / gsd median (lower is better; target ≤ 0.35). msd is started as
``.venv/bin/python -m msd_desktop.cli`` (the venv's real interpreter — a pyenv shim would add
~70 ms that is not ours); the ``.venv/bin/msd`` entry script is timed too for reference.

The upstream reference comes from the same cache the differential tests use
(``$MSD_UPSTREAM_CACHE`` or ``~/.cache/msd-desktop-tests/upstream-1.11.0``, outside the
checkout), installed from the npm registry when missing.

Usage: bench/bench_p1_cli.py [-n 30] [--warmup 3]
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
VERSION = "1.11.0"
TARGET = 0.35

CONFIG = {
    "model_profile": "balanced",
    "runtime": "claude",
    "resolve_model_ids": False,
    "models": {"research": "sonnet"},
    "model_overrides": {"msd-executor": "opus", "msd-verifier": "claude-haiku-4-5"},
    "effort": {"agent_overrides": {"msd-debugger": "max"}},
    "fast_mode": {"enabled": False},
    "workflow": {"research": True, "plan_check": True, "verifier": True},
    "git": {"branching_strategy": "none"},
}


def upstream_tools() -> Path:
    user_cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    default = user_cache / "msd-desktop-tests" / f"upstream-{VERSION}"
    cache = Path(os.environ.get("MSD_UPSTREAM_CACHE") or default)
    tools = cache / "node_modules" / "@opengsd" / "gsd-core" / "gsd-core" / "bin" / "gsd-tools.cjs"
    if not tools.is_file():
        npm = shutil.which("npm")
        if npm is None or shutil.which("node") is None:
            sys.exit("bench P1 needs node and npm")
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                npm,
                "install",
                "--no-audit",
                "--no-fund",
                "--save-exact",
                "--prefix",
                str(cache),
                f"@opengsd/gsd-core@{VERSION}",
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        (cache / ".install-ok").write_text(VERSION + "\n", encoding="utf-8")
    return tools


def rename(obj: object) -> object:
    if isinstance(obj, dict):
        return {(f"gsd-{k[4:]}" if k.startswith("msd-") else k): rename(v) for k, v in obj.items()}
    return obj


def make_project(base: Path, flavor: str) -> tuple[Path, dict[str, str]]:
    proj, home = base / flavor / "proj", base / flavor / "home"
    (proj / ".planning").mkdir(parents=True)
    home.mkdir(parents=True)
    data = CONFIG if flavor == "msd" else rename(CONFIG)
    (proj / ".planning" / "config.json").write_text(
        json.dumps(data, indent=2) + "\n", encoding="utf-8"
    )
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "LANG": "C.UTF-8"}
    return proj, env


def run_once(cmd: list[str], cwd: Path, env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, check=False)
    dt = (time.perf_counter() - t0) * 1000
    if proc.returncode != 0:
        sys.exit(f"{cmd} failed ({proc.returncode}): {proc.stderr.decode()[-2000:]}")
    return dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=3)
    opts = ap.parse_args()

    tools = upstream_tools()
    python = REPO / ".venv" / "bin" / "python"
    if not python.exists():
        python = Path(sys.executable)
    entry = REPO / ".venv" / "bin" / "msd"
    with tempfile.TemporaryDirectory(prefix="msd-bench-p1-") as tmp:
        base = Path(tmp)
        mproj, menv = make_project(base, "msd")
        gproj, genv = make_project(base, "gsd")
        cmds = {
            "msd": (
                [
                    str(python),
                    "-m",
                    "msd_desktop.cli",
                    "resolve-model",
                    "msd-planner",
                    "--cwd",
                    str(mproj),
                ],
                mproj,
                menv,
            ),
            "gsd": (["node", str(tools), "resolve-model", "gsd-planner"], gproj, genv),
        }
        if entry.exists():
            cmds["msd_entry"] = (
                [str(entry), "resolve-model", "msd-planner", "--cwd", str(mproj)],
                mproj,
                menv,
            )
        # Same answer first: a fast wrong answer is not a result.
        outs = {}
        for name in ("msd", "gsd"):
            cmd, cwd, env = cmds[name]
            outs[name] = json.loads(
                subprocess.run(
                    cmd, cwd=cwd, env=env, capture_output=True, text=True, check=True
                ).stdout
            )
        same_model = outs["msd"].get("model") == outs["gsd"].get("model")
        times: dict[str, list[float]] = {k: [] for k in cmds}
        for _ in range(opts.warmup):
            for cmd, cwd, env in cmds.values():
                run_once(cmd, cwd, env)
        for _ in range(opts.n):
            for name, (cmd, cwd, env) in cmds.items():
                times[name].append(run_once(cmd, cwd, env))
    med = {k: statistics.median(v) for k, v in times.items()}
    ratio = med["msd"] / med["gsd"]
    result = {
        "bench": "P1 whole-process resolve-model",
        "runs": opts.n,
        "msd_median_ms": round(med["msd"], 2),
        "gsd_median_ms": round(med["gsd"], 2),
        "ratio": round(ratio, 3),
        "target": TARGET,
        "pass": ratio <= TARGET,
        "msd_min_ms": round(min(times["msd"]), 2),
        "gsd_min_ms": round(min(times["gsd"]), 2),
        "msd_entry_script_median_ms": round(med["msd_entry"], 2) if "msd_entry" in med else None,
        "same_model": same_model,
        "python": str(python),
        "node": subprocess.run(
            ["node", "--version"], capture_output=True, text=True
        ).stdout.strip(),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
