"""UI state reaches the settings file only when it changed.

QSettings writes the whole file (and fsyncs it) after any ``setValue``, even of the value it
holds already; a quit that changed nothing wrote the file all the same. These read the file as
it lies on disk: a rewrite is a new file (Qt's ``QSaveFile`` replaces it), so its inode and
time say whether it was written.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QApplication

from msd_desktop.ui.widgets.deferred_settings import DeferredSettings, holds


def _stamp(path: Path) -> tuple[int, int]:
    info = os.stat(path)
    return info.st_ino, info.st_mtime_ns


def _state(path: Path) -> DeferredSettings:
    return DeferredSettings(QSettings(str(path), QSettings.Format.IniFormat))


def test_values_the_file_holds_are_not_written_again(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "ui.ini"
    first = _state(path)
    first.remember("ui/last_project", "/home/me/billing")
    first.remember("ui/last_tab", 2)
    first.remember("ui/geometry", QByteArray(b"\x01\xd9\xd0\xcb\x00\x03geometry"))
    first.write_now()
    assert path.is_file()
    stamp = _stamp(path)

    again = _state(path)  # the next start: the same values remembered again
    again.remember("ui/last_project", "/home/me/billing")
    again.remember("ui/last_tab", 2)
    again.remember("ui/geometry", QByteArray(b"\x01\xd9\xd0\xcb\x00\x03geometry"))
    again.write_now()
    assert _stamp(path) == stamp


def test_a_changed_value_is_written(qapp: QApplication, tmp_path: Path) -> None:
    path = tmp_path / "ui.ini"
    first = _state(path)
    first.remember("ui/last_tab", 2)
    first.write_now()
    again = _state(path)
    again.remember("ui/last_tab", 1)
    again.write_now()
    assert "last_tab=1" in path.read_text(encoding="utf-8").splitlines()


def test_a_value_written_by_an_earlier_flush_is_still_written_at_close(
        qapp: QApplication, tmp_path: Path) -> None:
    """The timer's flush hands a value to QSettings without writing the file; the close that
    follows, with nothing new, still writes it."""
    path = tmp_path / "ui.ini"
    state = _state(path)
    state.remember("ui/last_tab", 1)
    state.flush()  # as the timer does
    state.write_now()
    assert "last_tab=1" in path.read_text(encoding="utf-8").splitlines()


def test_holds_reads_numbers_back_as_the_file_keeps_them(qapp: QApplication,
                                                         tmp_path: Path) -> None:
    path = tmp_path / "ui.ini"
    path.write_text("[General]\nn=2\nflag=true\n", encoding="utf-8")  # as another run left it
    again = QSettings(str(path), QSettings.Format.IniFormat)
    assert again.value("n") == "2"
    assert holds(again, "n", 2)
    assert not holds(again, "n", 3)
    assert not holds(again, "missing", "")
    assert not holds(again, "flag", 1)  # a flag is not a number
