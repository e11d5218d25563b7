"""Run the reliability suite (issue 4) and print its measured figures as JSON.

Usage: ``.venv/bin/python bench/reliability_report.py [--plain] [extra pytest args]``

By default the suite runs under ``scripts/run-tests.sh`` (Xvfb + D-Bus + an unlocked
gnome-keyring), so the R4 keyring tests run for real; ``--plain`` runs plain pytest (keyring
tests then skip). The tests append their figures to the file named by
``MSD_RELIABILITY_FIGURES``; this script collects them with the pass/fail counts from a JUnit
XML report and the wall time, and prints one JSON object:

``{"figures": {...}, "limits": {figure: {"value", "target", "pass"}}, "tests": {"passed",
"failed", "skipped", "xfailed", ...}, "wall_seconds": …}``
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def _counts(junit: Path) -> dict[str, int]:
    counts = {"passed": 0, "failed": 0, "errors": 0, "skipped": 0, "xfailed": 0}
    if not junit.exists():
        return counts
    for case in ET.parse(junit).getroot().iter("testcase"):
        tags = {child.tag: child for child in case}
        if "failure" in tags:
            counts["failed"] += 1
        elif "error" in tags:
            counts["errors"] += 1
        elif "skipped" in tags:
            kind = tags["skipped"].get("type", "")
            counts["xfailed" if "xfail" in kind else "skipped"] += 1
        else:
            counts["passed"] += 1
    return counts


# Upper bounds on the recorded figures: the tests record them, this report judges them
# (speed and memory live in bench/, never in timed asserts).
LIMITS = {
    "r6_peak_mib": 200,
    "r7_window_quit_s": 5.0,
    "r7_window_quit_with_stuck_read_s": 5.0,
}


def _limits(figures: dict[str, Any]) -> dict[str, Any]:
    """Each limited figure that was recorded, with its target and whether it is under it."""
    return {name: {"value": figures[name], "target": target, "pass": figures[name] < target}
            for name, target in LIMITS.items() if isinstance(figures.get(name), (int, float))}


def main(argv: list[str]) -> int:
    plain = "--plain" in argv
    extra = [a for a in argv if a != "--plain"]
    with tempfile.TemporaryDirectory(prefix="msd-reliability-") as tmp:
        figures_file = Path(tmp) / "figures.jsonl"
        junit = Path(tmp) / "junit.xml"
        env = {**os.environ, "MSD_RELIABILITY_FIGURES": str(figures_file)}
        args = ["tests/reliability", "-q", "-p", "no:cacheprovider", f"--junitxml={junit}",
                *extra]
        runner = REPO / "scripts" / "run-tests.sh"
        keyring_ready = runner.exists() and all(
            shutil.which(tool) for tool in ("xvfb-run", "dbus-run-session", "gnome-keyring-daemon"))
        if plain or not keyring_ready:
            cmd = [sys.executable, "-m", "pytest", *args]
        else:
            cmd = [str(runner), *args]
        start = time.monotonic()
        proc = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True,
                              check=False)
        wall = time.monotonic() - start
        figures: dict[str, Any] = {}
        if figures_file.exists():
            for line in figures_file.read_text(encoding="utf-8").splitlines():
                item = json.loads(line)
                figures[item["name"]] = item["value"]
        report = {
            "runner": "plain pytest" if cmd[0] == sys.executable else "scripts/run-tests.sh",
            "exit_code": proc.returncode,
            "wall_seconds": round(wall, 1),
            "tests": _counts(junit),
            "figures": figures,
            "limits": _limits(figures),
        }
    print(json.dumps(report, indent=2))
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-2000:])
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
