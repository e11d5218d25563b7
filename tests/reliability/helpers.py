"""Shared tools for the reliability suite (issue 4): real files, real processes, no mocks.

* :func:`msd` runs the installed CLI as a subprocess (``python -m msd_desktop.cli``) with a
  timeout, a real process with its own stdout/stderr; :func:`msd_here` calls it in this
  process where no process boundary is under test.
* :func:`tree_bytes` snapshots every file under a folder (path → bytes) so a test can prove
  that an operation wrote nothing.
* :func:`record_figure` collects the measured figures (cases per run, rounds, kills, hits). When
  ``MSD_RELIABILITY_FIGURES`` names a file, each figure is appended to it as one JSON line;
  ``bench/reliability_report.py`` runs the suite with it set and prints the totals.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "reliability"
CLI_TIMEOUT_S = 60


def msd(
    *args: str,
    cwd: Path,
    env: Mapping[str, str] | None = None,
    stdin: str | None = None,
    timeout: float = CLI_TIMEOUT_S,
) -> subprocess.CompletedProcess[str]:
    """Run ``msd --cwd CWD ARGS…`` as a real process; never raises for a non-zero exit."""
    return subprocess.run(
        [sys.executable, "-m", "msd_desktop.cli", "--cwd", str(cwd), *args],
        input=stdin,
        env=dict(os.environ if env is None else env),
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def msd_here(
    *args: str,
    cwd: Path,
    env: Mapping[str, str] | None = None,
    stdin: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """:func:`msd` called in this process (``tests.cli.inprocess``), for a check that needs no
    process boundary: the same exit code, stdout and stderr without a Python start."""
    from tests.cli import inprocess

    return inprocess.run(["--cwd", str(cwd), *args], env=env, stdin=stdin, cwd=REPO)


def tree_bytes(root: Path, *, skip: tuple[str, ...] = ()) -> dict[str, bytes]:
    """Every regular file below ``root`` (relative path → bytes); symlinks are not followed."""
    out: dict[str, bytes] = {}
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = [d for d in dirnames if d not in skip]
        for name in filenames:
            path = Path(dirpath) / name
            if path.is_symlink() or not path.is_file():
                continue
            try:
                out[str(path.relative_to(root))] = path.read_bytes()
            except OSError:
                continue
    return out


def make_project(base: Path, name: str = "proj") -> Path:
    """A bare project: ``<base>/<name>/.planning/``; returns the root."""
    root = base / name
    (root / ".planning").mkdir(parents=True, exist_ok=True)
    return root


def record_figure(name: str, value: Any) -> None:
    """Append ``{name: value}`` to ``$MSD_RELIABILITY_FIGURES`` (no-op when unset)."""
    target = os.environ.get("MSD_RELIABILITY_FIGURES")
    if not target:
        return
    with open(target, "a", encoding="utf-8") as fh:
        fh.write(json.dumps({"name": name, "value": value}) + "\n")
