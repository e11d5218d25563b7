#!/usr/bin/env bash
# Run both benchmarks and print one JSON object: {"p1": {...}, "p2": {...}}.
# P1 = whole-process `msd resolve-model` vs `gsd-tools resolve-model` (ratio, target ≤ 0.35);
# P2 = all catalog agents with traces, in-process (median ms per pass, target ≤ 2 ms).
# Extra arguments are ignored; N can be set with P1_RUNS / P2_PASSES.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
[ -x "$PY" ] || PY=python3
p1="$("$PY" bench/bench_p1_cli.py -n "${P1_RUNS:-30}")"
p2="$("$PY" bench/bench_p2_inprocess.py -n "${P2_PASSES:-300}")"
"$PY" - "$p1" "$p2" <<'PYEOF'
import json, sys
p1, p2 = json.loads(sys.argv[1]), json.loads(sys.argv[2])
print(json.dumps({"p1": p1, "p2": p2, "all_pass": bool(p1["pass"] and p2["pass"])}, indent=2))
PYEOF
# The window's benchmarks print one JSON object each, after the one above (bench/README.md):
# P3 start-up vs a bare PySide6 window on one X server (first paint ≤ 1.3×, smoke test ≤ 3.0×);
# P4 STATE.md write → State panel (median ≤ 50 ms); P5 scan of 1,000 projects (≤ 1 s, UI stall
# ≤ 50 ms); a click on a project → Settings usable (p90 ≤ 100 ms). The scale benchmark
# (bench_normal_start.py, minutes) runs on its own.
"$PY" bench/bench_p3_startup.py -n "${P3_RUNS:-9}"
QT_QPA_PLATFORM=offscreen "$PY" bench/bench_p4_state_latency.py -n "${P4_WRITES:-60}"
QT_QPA_PLATFORM=offscreen "$PY" bench/bench_p5_scan.py -n "${P5_PROJECTS:-1000}"
"$PY" bench/bench_project_pick.py --picks "${PICKS:-21}"
# The limits the tests check as behaviour only (lock, watcher memory, scans, parses, peak RSS,
# quit): one JSON object with each figure, its target and all_pass.
"$PY" bench/bench_core_limits.py -n "${LIMIT_RUNS:-5}"
