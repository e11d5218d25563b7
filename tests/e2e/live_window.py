"""The real main window in this test process on the real X server: a demo copy, the window in a
language at a size, a project's Settings form, a picture of what is on screen.

Shared by the end-to-end tests that drive the window in-process (keys through QTest on the
focused widget, or xdotool) and photograph it. With ``MSD_SCREENSHOT_HOME`` set, the demo lives
under that home (a plausible path in the picture) and the pictures are copied to
``docs/screenshots/``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings import unsaved
from msd_desktop.ui.settings.form import ConfigFormPanel
from tests.e2e.conftest import DOC_SHOTS, SHOTS, needs_display
from tests.e2e.test_layout_fit_live import language
from tests.prerequisites import require_xcb

#: The smallest size people use the window at.
SIZE = (1024, 700)
_ENV_KEYS = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
             "PATH")


def shots_home() -> str | None:
    """The home to show in pictures that go to docs/screenshots/, when asked for."""
    return os.environ.get("MSD_SCREENSHOT_HOME")


def demo_copy(tmp_path: Path) -> Path:
    """A fresh copy of the bundled demo (under the pictures' home when one is asked for)."""
    home = shots_home()
    demo = Path(home) / "projects" if home else tmp_path / "demo"
    shutil.rmtree(demo, ignore_errors=True)
    shutil.copytree(demo_source(), demo)
    return demo


def window_env() -> dict[str, str]:
    """The test's HOME and XDG folders (the suite's isolated ones) for the window."""
    return {k: os.environ[k] for k in _ENV_KEYS if k in os.environ}


def picture_env(env: dict[str, str], *, data_home: bool = False) -> dict[str, str]:
    """``env`` with the pictures' home shown instead of a temporary one, when asked for
    (``data_home``: its data folder too — not when the test put data in the real one)."""
    home = shots_home()
    if not home:
        return env
    shown = {**env, "HOME": home, "XDG_CONFIG_HOME": f"{home}/.config"}
    if data_home:
        shown["XDG_DATA_HOME"] = f"{home}/.local/share"
    return shown


@contextmanager
def live_window(qtbot: QtBot, tmp_path: Path, demo: Path, env: dict[str, str], code: str,
                size: tuple[int, int] = SIZE, *, at_origin: bool = False) -> Iterator[MainWindow]:
    """The main window over ``demo`` in language ``code``, shown at ``size`` with every summary
    loaded; its unsaved edits are dropped and it is closed afterwards."""
    needs_display()
    require_xcb()
    with language(code):
        win = MainWindow(registry=WorkspaceRegistry(tmp_path / "w.json", env=env),
                         transient=[Workspace("Demo", demo, "scan_root")], env=env,
                         settings=QSettings(str(tmp_path / "ui.ini"),
                                            QSettings.Format.IniFormat),
                         restore_last=False)
        try:
            win.resize(*size)
            if at_origin:
                win.move(0, 0)
            with qtbot.waitSignal(win.summaries_loaded, timeout=30000):
                win.show()
            qtbot.waitExposed(win)
            win.activateWindow()
            yield win
        finally:
            sessions = win.unsaved.made
            if sessions is not None:
                unsaved.discard_all(sessions.dirty())
            win.close()
            win.deleteLater()
            if shots_home():
                shutil.rmtree(demo, ignore_errors=True)


def open_settings(qtbot: QtBot, win: MainWindow, project: Path) -> ConfigFormPanel:
    """Open ``project`` and bring its Settings tab forward; its form."""
    assert win.open_project(project)
    qtbot.waitUntil(lambda: isinstance(win.project_tabs.settings_tab(), ConfigFormPanel),
                    timeout=20000)  # (built when asked for)
    win.project_tabs.setCurrentIndex(0)
    form = win.project_tabs.settings_tab()
    assert isinstance(form, ConfigFormPanel)
    return form


def settle(qtbot: QtBot) -> None:
    """Let queued layouts (an elided label's fit, a first paint) land before a check."""
    QApplication.processEvents()
    qtbot.wait(100)
    QApplication.processEvents()


def save_picture(widget: QWidget, name: str) -> Path:
    """``widget`` as it is drawn, under tests/e2e/screenshots/app/ (and in docs/screenshots/
    when pictures are asked for)."""
    path = SHOTS / "app" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    assert widget.grab().save(str(path))
    if shots_home():  # tracked files only on request
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SHOTS / name)
    return path


def picture_name(stem: str, code: str, size: tuple[int, int] = SIZE) -> str:
    """``<stem>[-<language>]-<width>.png`` (English has no language part)."""
    suffix = "" if code == "en" else f"-{code}"
    return f"{stem}{suffix}-{size[0]}.png"
