"""Entry point of the ``msd-desktop`` window (placeholder until the window lands)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv if argv is None else [sys.argv[0], *argv])
    win = QMainWindow()
    win.setWindowTitle("MSD Desktop")
    win.resize(1200, 800)
    win.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
