"""Run a step as another local user (uid/gid 65534, "nobody"), as the cross-user cases need:
an attacker who shares a cache or state folder with the person (``XDG_CACHE_HOME`` pointing at
a 1777 folder). Needs root and ``setpriv``; the tests that use it are skipped otherwise.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

OTHER_UID = 65534
PYTHON = "/usr/bin/python3"

needs_root = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None or not os.path.exists(PYTHON),
    reason="the other user is made with setpriv, as root")


def as_other_user(code: str, *args: str) -> None:
    """Run the Python ``code`` (``sys.argv[1:]`` = ``args``) as uid/gid 65534."""
    done = subprocess.run(
        ["setpriv", f"--reuid={OTHER_UID}", f"--regid={OTHER_UID}", "--clear-groups",
         PYTHON, "-I", "-c", code, *args],
        capture_output=True, text=True, timeout=60, check=False, env={"PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A 1777 folder both users reach (like ``/tmp``): outside the tests' private temp folder,
    which the other user cannot enter."""
    base = Path(tempfile.mkdtemp(prefix="msd-shared-", dir="/tmp"))
    try:
        os.chmod(base, 0o1777)
        yield base
    finally:
        shutil.rmtree(base, ignore_errors=True)
