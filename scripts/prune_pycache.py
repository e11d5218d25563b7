"""Remove the compiled modules of checkouts that no longer exist from the test runner's cache.

With ``PYTHONPYCACHEPREFIX`` Python mirrors every source folder's absolute path under the
prefix, so each new checkout path (a clean clone in /tmp, a worktree) adds a whole tree
(~50 MB with its virtual environment) that nothing removes once the checkout is gone. A mirrored
folder whose source folder is missing is removed; folders of checkouts still on disk are kept.
Only real folders under the prefix are visited (symbolic links are neither followed nor
removed through), and the prefix must belong to the user running this.
"""

from __future__ import annotations

import os
import shutil
import stat
import sys
from pathlib import Path


def prune(prefix: Path, root: Path = Path("/")) -> list[Path]:
    """Remove every folder under ``prefix`` whose mirror under ``root`` is not a folder.

    Returns the removed folders. Files are left alone: a module whose source went is a few
    kilobytes, a checkout that went is the whole tree.
    """
    removed: list[Path] = []
    stack = [(prefix, root)]
    while stack:
        cached, source = stack.pop()
        try:
            entries = list(os.scandir(cached))
        except OSError:
            continue
        for entry in entries:
            if not entry.is_dir(follow_symlinks=False):
                continue
            mirror = source / entry.name
            if mirror.is_dir():
                stack.append((Path(entry.path), mirror))
            else:
                shutil.rmtree(entry.path, ignore_errors=True)
                removed.append(Path(entry.path))
    return removed


def _ours(prefix: Path) -> bool:
    try:
        st = os.lstat(prefix)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid()


def main(argv: list[str]) -> int:
    prefix = Path(argv[1])
    if _ours(prefix):
        prune(prefix)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
