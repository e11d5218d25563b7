"""A child process with the real window that a test kills (SIGKILL) while edits are unsaved.

:func:`run_killed` runs :data:`OPEN_SETTINGS` (a window over the demo at ``argv[1]`` with HOME
``argv[2]``, field-notes' Settings form as ``form``) followed by the test's own steps, which
type with keys, wait until the recovery record holds the typing (:func:`wait`, ``folder``) and
end with ``typed()``: the child prints that and is killed. Offscreen, real files and signal.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

OPEN_SETTINGS = textwrap.dedent('''
    import os, signal, sys
    from pathlib import Path
    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from msd_desktop.core.config.draft_recovery import default_recovery_dir
    from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
    from msd_desktop.ui.main_window import MainWindow
    from msd_desktop.ui.settings.form import ConfigFormPanel

    demo, home, args = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:]
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    folder = default_recovery_dir(env)
    app = QApplication([])
    win = MainWindow(registry=WorkspaceRegistry(home / "w.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=QSettings(str(home / "ui.ini"), QSettings.Format.IniFormat),
                     watch=False, restore_last=False)
    win.resize(1400, 900)
    win.show()

    def wait(cond, ms=20000):
        while not cond() and ms > 0:
            QTest.qWait(10)
            ms -= 10
        assert cond()

    def typed():
        print("typed", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)

    def recorded(text):
        """The recovery record holds ``text`` (written after a pause in typing)."""
        return folder.is_dir() and any(text in f.read_bytes() for f in folder.iterdir())

    wait(lambda: "summaries_ms" in win.timings)
    assert win.open_project(demo / "field-notes")
    wait(lambda: isinstance(win.project_tabs.settings_tab(), ConfigFormPanel))
    win.project_tabs.setCurrentIndex(0)
    form = win.project_tabs.settings_tab()
''')


def run_killed(steps: str, demo: Path, home: Path, *args: str) -> None:
    """Run the child with ``steps`` after :data:`OPEN_SETTINGS`; it must end killed after
    saying it typed."""
    child_env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", OPEN_SETTINGS + textwrap.dedent(steps), str(demo), str(home),
         *args], env=child_env, capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr[-2000:]
    assert "typed" in done.stdout
