"""The upstream reference, ``@opengsd/gsd-core`` from the npm registry, installed once.

Every test that compares with upstream (core and differential alike) gets it through the
``upstream_pkg`` / ``gsd_tools`` session fixtures of ``tests/conftest.py``, so a fresh clone
with node and npm runs them all: ``npm install --no-audit --no-fund --prefix <cache>
@opengsd/gsd-core@1.11.0`` into ``$XDG_CACHE_HOME/msd-desktop-tests/upstream-1.11.0`` (``~/.cache``
when unset; or ``$MSD_UPSTREAM_CACHE``), outside the checkout, under a file lock so parallel
runs do not collide, reused afterwards. A missing ``node`` or ``npm`` fails
(``tests/prerequisites.py``), and so does a failed install.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.prerequisites import require_node, require_tool

REPO_ROOT = Path(__file__).resolve().parents[1]
UPSTREAM_PACKAGE = "@opengsd/gsd-core"
UPSTREAM_VERSION = "1.11.0"
DRIVER_SOURCE = REPO_ROOT / "tests" / "differential" / "gsd_driver.cjs"


# Taken when the module is imported, before any test points HOME at a temporary folder.
_USER_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def upstream_cache_dir() -> Path:
    override = os.environ.get("MSD_UPSTREAM_CACHE")
    return (
        Path(override).expanduser().resolve()
        if override
        else _USER_CACHE / "msd-desktop-tests" / f"upstream-{UPSTREAM_VERSION}"
    )


def _installed_ok(cache: Path) -> bool:
    pkg = cache / "node_modules" / "@opengsd" / "gsd-core" / "package.json"
    tools = pkg.parent / "gsd-core" / "bin" / "gsd-tools.cjs"
    try:
        version = json.loads(pkg.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError):
        return False
    return version == UPSTREAM_VERSION and tools.is_file() and (cache / ".install-ok").is_file()


def ensure_upstream() -> Path:
    """Install (once) and return the gsd-core package dir; fails when node/npm are absent."""
    require_node()
    npm = require_tool("npm", "install Node.js 18 or newer with npm (Debian: nodejs, npm)")
    cache = upstream_cache_dir()
    cache.parent.mkdir(parents=True, exist_ok=True)
    lock_path = cache.parent / f".{cache.name}.lock"
    with open(lock_path, "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not _installed_ok(cache):
                staging = Path(tempfile.mkdtemp(prefix=f".{cache.name}-", dir=cache.parent))
                try:
                    proc = subprocess.run(
                        [
                            npm,
                            "install",
                            "--no-audit",
                            "--no-fund",
                            "--save-exact",
                            "--prefix",
                            str(staging),
                            f"{UPSTREAM_PACKAGE}@{UPSTREAM_VERSION}",
                        ],
                        capture_output=True,
                        text=True,
                        timeout=600,
                        check=False,
                    )
                    if proc.returncode != 0:
                        pytest.fail(
                            f"npm install {UPSTREAM_PACKAGE}@{UPSTREAM_VERSION} failed "
                            f"(exit {proc.returncode}):\n{proc.stderr[-4000:]}"
                        )
                    (staging / ".install-ok").write_text(UPSTREAM_VERSION + "\n", encoding="utf-8")
                    if cache.exists():
                        shutil.rmtree(cache)
                    os.replace(staging, cache)
                finally:
                    shutil.rmtree(staging, ignore_errors=True)
                if not _installed_ok(cache):
                    pytest.fail(f"upstream install at {cache} is incomplete")
            driver = cache / "gsd_driver.cjs"
            source = DRIVER_SOURCE.read_text(encoding="utf-8")
            if not driver.is_file() or driver.read_text(encoding="utf-8") != source:
                tmp = driver.with_suffix(".tmp")
                tmp.write_text(source, encoding="utf-8")
                os.replace(tmp, driver)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return cache


def package_dir(cache: Path) -> Path:
    """The installed gsd-core package (``bin/gsd-tools.cjs``, ``bin/lib/…``)."""
    return cache / "node_modules" / "@opengsd" / "gsd-core" / "gsd-core"
