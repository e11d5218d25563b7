"""A broken config.json in the real window on the real X server (Xvfb via the runner), at
1024×700 in English and pt_BR: the form is read-only with a banner pointing at the JSON tab,
"Fix in the JSON tab" (clicked) opens the text at the problem, the text is editable and the
parse error shows its line and column, and nothing is cut. The picture is saved for a person
to look at (and, with ``MSD_SCREENSHOT_HOME`` set, copied to docs/screenshots/)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings import unsaved
from msd_desktop.ui.settings.form import ConfigFormPanel
from tests.e2e.conftest import DOC_SHOTS, SHOTS, needs_display
from tests.e2e.test_layout_fit_live import language
from tests.layout_checks import layout_problems
from tests.prerequisites import require_xcb

pytestmark = [pytest.mark.e2e]

SIZE = (1024, 700)


@pytest.mark.parametrize("code", ["en", "pt_BR"])
def test_a_broken_config_opens_in_the_json_tab(qapp: QApplication, qtbot: QtBot,
                                               tmp_path: Path, code: str) -> None:
    needs_display()
    require_xcb()
    shots_home = os.environ.get("MSD_SCREENSHOT_HOME")
    demo = Path(shots_home) / "projects" if shots_home else tmp_path / "demo"
    shutil.rmtree(demo, ignore_errors=True)
    shutil.copytree(demo_source(), demo)
    config = demo / "field-notes" / ".planning" / "config.json"
    text = config.read_text(encoding="utf-8")
    broken = text.replace('"agent_skills": {}', '"agent_skills": {},')  # a trailing comma
    assert broken != text
    config.write_text(broken, encoding="utf-8")
    env = {k: os.environ[k] for k in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                      "XDG_STATE_HOME", "XDG_CACHE_HOME", "PATH")
           if k in os.environ}
    if shots_home:  # a plausible home in the picture, no temporary path
        env.update(HOME=shots_home, XDG_CONFIG_HOME=f"{shots_home}/.config",
                   XDG_DATA_HOME=f"{shots_home}/.local/share")
    with language(code):
        win = MainWindow(registry=WorkspaceRegistry(tmp_path / "w.json", env=env),
                         transient=[Workspace("Demo", demo, "scan_root")], env=env,
                         settings=QSettings(str(tmp_path / "ui.ini"),
                                            QSettings.Format.IniFormat),
                         restore_last=False)
        try:
            win.resize(*SIZE)
            with qtbot.waitSignal(win.summaries_loaded, timeout=30000):
                win.show()
            qtbot.waitExposed(win)
            win.activateWindow()
            assert win.open_project(demo / "field-notes")
            qtbot.waitUntil(lambda: any(isinstance(w, ConfigFormPanel)
                                        for _, w in win.project_tabs.tabs), timeout=20000)
            win.project_tabs.setCurrentIndex(0)
            form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
            assert form.error_banner.isVisible()
            assert not form.form_body.isEnabled()
            QTest.mouseClick(form.fix_in_json_button, Qt.MouseButton.LeftButton)
            page = form.json_page
            qtbot.waitUntil(lambda: page.editor.isVisible() and page.problem_list.isVisible(),
                            timeout=10000)
            assert not page.editor.isReadOnly()
            line = broken.splitlines().index("}") + 1  # the brace after the comma
            assert page.problems[0].line == line
            assert f" {line}, " in page.problem_list.item(0).text()
            QApplication.processEvents()
            qtbot.wait(100)  # queued layouts (an elided label's fit) land before the picture
            QApplication.processEvents()
            assert layout_problems(win) == []
            suffix = "" if code == "en" else f"-{code}"
            name = f"settings-json-broken{suffix}-{SIZE[0]}.png"
            path = SHOTS / "app" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            assert win.grab().save(str(path))
            if shots_home:  # tracked files only on request
                DOC_SHOTS.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, DOC_SHOTS / name)
        finally:
            sessions = win.unsaved.made
            if sessions is not None:
                unsaved.discard_all(sessions.dirty())
            win.close()
            win.deleteLater()
            if shots_home:
                shutil.rmtree(demo, ignore_errors=True)
