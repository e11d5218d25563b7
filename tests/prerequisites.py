"""What the set-up provides, and the one way a test asks for it: a missing piece fails.

``scripts/bootstrap.sh`` installs the system tools (Xvfb, xdotool, trayer, desktop-file-utils,
appstream, gnome-keyring, git) and the test extras into ``.venv``; the machine brings node and
npm; ``scripts/run-tests.sh`` starts the X server, a private D-Bus session and an unlocked
keyring. A test that needs one of them calls the matching function below. When the piece is
missing the test fails, saying what is missing and how to get it. A skip would turn a broken
set-up, or a renamed module, into a green run that tested nothing.

The skips left in the suite are for conditions no set-up changes (another Python version,
another platform, running as root, a picture nobody asked for); CONTRIBUTING lists them.
"""

from __future__ import annotations

import importlib
import os
import shutil
from types import ModuleType
from typing import TYPE_CHECKING, NoReturn

import pytest

if TYPE_CHECKING:
    from msd_desktop.core.secrets.store import KeyringStatus

RUNNER = "run the tests with scripts/run-tests.sh"
BOOTSTRAP = "scripts/bootstrap.sh installs it (run it as root)"


def missing(what: str, how: str) -> NoReturn:
    """Fail the current test: ``what`` is missing, ``how`` says where it comes from."""
    pytest.fail(f"missing prerequisite: {what}; {how}", pytrace=False)


def require_tool(name: str, how: str = BOOTSTRAP) -> str:
    """The full path of the command ``name`` on PATH."""
    path = shutil.which(name)
    if path is None:
        missing(f"the command {name!r} is not on PATH", how)
    return path


def require_node() -> str:
    """``node``, which the upstream comparisons run (the machine provides node and npm)."""
    return require_tool("node", "install Node.js 18 or newer with npm (Debian: nodejs, npm)")


def require_module(name: str, how: str = "scripts/bootstrap.sh dev installs the test extras "
                                         "into .venv") -> ModuleType:
    """The imported module ``name``: a module of ours, or a test or development dependency."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        missing(f"cannot import {name} ({exc})", how)


def require_display() -> str:
    """The X display the runner started (``DISPLAY``)."""
    display = os.environ.get("DISPLAY")
    if not display:
        missing("no X display (DISPLAY is not set)", f"{RUNNER} (it starts Xvfb)")
    return display


def require_xcb() -> None:
    """This process's Qt runs on the X server (the runner's ``x11`` stage), not offscreen."""
    require_display()
    from PySide6.QtGui import QGuiApplication

    platform = QGuiApplication.platformName()
    if platform != "xcb":
        missing(f"Qt runs on the {platform!r} platform, this test drives a real X server",
                f"{RUNNER} (its x11 stage sets QT_QPA_PLATFORM=xcb)")


def require_keyring() -> KeyringStatus:
    """A usable OS keyring: the runner's unlocked gnome-keyring on its private D-Bus."""
    from msd_desktop.core.secrets.store import keyring_status

    status = keyring_status()
    if not status.usable:
        missing(f"no usable OS keyring ({status.backend}): {status.reason}",
                f"{RUNNER} (it starts an unlocked gnome-keyring-daemon)")
    return status
