"""Frozen entry point of the ``msd`` command line (PyInstaller)."""

import sys

from msd_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
