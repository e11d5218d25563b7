"""Frozen entry point of the ``msd-desktop`` window (PyInstaller)."""

import sys

from msd_desktop.app import main

if __name__ == "__main__":
    sys.exit(main())
