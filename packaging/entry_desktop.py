"""Frozen entry point of the ``msd-desktop`` window (PyInstaller)."""

from msd_desktop.app import run

if __name__ == "__main__":
    run()
