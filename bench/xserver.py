"""A private X server for the window benchmarks: the window as a person sees it (``xcb``),
not Qt's offscreen platform, which skips the window system's work.

``display()`` gives ``$DISPLAY`` when one is set, else starts ``Xvfb`` on a free display
number (``-displayfd``) for the block and stops it after.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator

SCREEN = "1600x1000x24"


@contextlib.contextmanager
def display() -> Iterator[str]:
    """The ``DISPLAY`` to run the windows on (an existing one, or a private Xvfb)."""
    existing = os.environ.get("DISPLAY")
    if existing:
        yield existing
        return
    if shutil.which("Xvfb") is None:
        raise SystemExit("no DISPLAY and no Xvfb: install xvfb or run under an X server")
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", SCREEN,
                             "-nolisten", "tcp"], pass_fds=(write,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as fd:
            number = fd.readline().strip()
        if not number:
            raise SystemExit("Xvfb did not start")
        yield f":{number}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
