"""Summary CPU: what a load helper spends on one project, in-process, per project.

A cold start's summaries are parsed in helper processes (``core.state.bulk_load``); their CPU
is what limits it. One *pass* does, for each of N generated projects (copies of the bundled
demo projects, as the scale benchmark makes them) and each demo project itself, what a helper
and the window do for it: the stat signature, ``summary_load`` (the states read for the
summary, as a helper sends them), written and read back through the helpers' protocol, and
the summary built from it. The process's CPU time per project is reported (median of the
passes, and the first pass on its own: it compiles patterns and imports the parsers once).
With ``--dump FILE`` every project's signature and summary payload is written as JSON, so two
versions of the code can be compared byte for byte. Prints one JSON object:

    {"projects", "median_ms_per_project", "first_pass_ms_per_project", "runs_ms", ...}

Usage: bench/bench_summary_cpu.py [-n 200] [-r 7] [--dir DIR] [--dump FILE]
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
DEMO = REPO / "msd_desktop" / "resources" / "demo"


def generate(root: Path, n: int) -> None:
    """N copies of the demo projects, 50 per group folder (as ``bench_normal_start``)."""
    demos = sorted(p for p in DEMO.iterdir() if (p / ".planning").is_dir())
    for i in range(n):
        src = demos[i % len(demos)]
        shutil.copytree(src, root / f"group-{i // 50:03d}" / f"{src.name}-{i:05d}")


def run(scan: Path, home: Path, repeats: int, dump: Path | None) -> dict[str, Any]:
    from msd_desktop.core.state import bulk_load
    from msd_desktop.core.state.bulk_load import summary_load
    from msd_desktop.core.state.project_summary import summary_from_load, summary_payload
    from msd_desktop.core.state.summary_cache import project_signature
    from msd_desktop.core.workspace.discovery import discover_projects

    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    refs = (sorted(discover_projects(scan), key=lambda r: str(r.root))
            + sorted(discover_projects(DEMO), key=lambda r: str(r.root)))

    def one_pass(out: dict[str, Any] | None = None) -> float:
        start = time.process_time()
        for ref in refs:
            extra = ("ws\0" + "\0".join(ref.workstreams),
                     f"active\0{ref.active_workstream or ''}")
            sig = project_signature(Path(ref.root), extra)
            load = summary_load(Path(ref.root), ref.workstreams, env)
            frame = io.BytesIO()
            bulk_load._write(frame, load)
            frame.seek(0)
            back = bulk_load._read(frame)
            summary = summary_from_load(ref, back)
            if out is not None:
                out[str(ref.root)] = [sig, summary_payload(summary)]
        return (time.process_time() - start) / len(refs) * 1000

    payloads: dict[str, Any] = {}
    first = one_pass(payloads)
    if dump is not None:
        dump.write_text(json.dumps(payloads, indent=1, sort_keys=True), encoding="utf-8")
    runs = [one_pass() for _ in range(repeats)]
    return {"projects": len(refs), "median_ms_per_project": round(statistics.median(runs), 3),
            "min_ms_per_project": round(min(runs), 3),
            "first_pass_ms_per_project": round(first, 3),
            "runs_ms": [round(r, 3) for r in runs]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=200, help="generated projects")
    ap.add_argument("-r", type=int, default=7, help="passes after the first")
    ap.add_argument("--dir", type=Path, help="keep the generated projects here")
    ap.add_argument("--dump", type=Path, help="write every signature and summary here")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="msd-summary-cpu-") as tmp:
        scan = args.dir if args.dir is not None else Path(tmp) / "scan"
        if not scan.exists():
            generate(scan, args.n)
        home = Path(tmp) / "home"
        home.mkdir()
        print(json.dumps(run(scan, home, args.r, args.dump)))


if __name__ == "__main__":
    main()
