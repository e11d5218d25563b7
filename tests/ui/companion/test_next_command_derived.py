"""The window's "Next:" line always has something to say where the State tab does: a project
without STATE.md gets the set-up command the empty State tab names, an executing one the
step upstream's routing takes (go on executing, or verify once every plan has its summary);
in both languages, the reason in the tooltip."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.ui.companion.next_command_widget import NextCommandWidget


def _widget(qtbot: Any, tmp_path: Path, env: dict[str, str]) -> NextCommandWidget:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    w = NextCommandWidget(settings, env)
    qtbot.addWidget(w)
    return w


def _refresh(qtbot: Any, w: NextCommandWidget, root: Path) -> None:
    with qtbot.waitSignal(w.refreshed, timeout=15000):
        w.refresh_from_project(root)


def test_no_state_md_shows_the_set_up_command(qtbot: Any, tmp_path: Path,
                                              env: dict[str, str]) -> None:
    root = tmp_path / "fresh"
    (root / ".planning").mkdir(parents=True)
    w = _widget(qtbot, tmp_path, env)
    _refresh(qtbot, w, root)
    assert w.label.text() == "/msd-new-project"
    assert "—" not in w.label.text()
    assert "no STATE.md" in w.label.toolTip()
    assert w.copy_button.isEnabled()


def test_an_executing_project_is_told_to_go_on(qtbot: Any, tmp_path: Path,
                                               env: dict[str, str]) -> None:
    root = tmp_path / "checklist-printer"
    shutil.copytree(demo_source() / "checklist-printer", root)
    w = _widget(qtbot, tmp_path, env)
    _refresh(qtbot, w, root)
    assert w.label.text() == "/msd-execute-phase 2"
    assert "plans without a summary" in w.label.toolTip()
    summary = root / ".planning" / "phases" / "02-printable-output" / "02-02-SUMMARY.md"
    summary.write_text("# Summary\n", encoding="utf-8")
    _refresh(qtbot, w, root)
    assert w.label.text() == "/msd-verify-work 2"


def test_the_reasons_speak_portuguese(qtbot: Any, tmp_path: Path, env: dict[str, str],
                                      request: pytest.FixtureRequest) -> None:
    request.getfixturevalue("pt_br")
    root = tmp_path / "fresh"
    (root / ".planning").mkdir(parents=True)
    w = _widget(qtbot, tmp_path, env)
    _refresh(qtbot, w, root)
    assert w.label.text() == "/msd-new-project"  # a command: the same in every language
    assert "STATE.md" in w.label.toolTip()
    assert "no STATE.md" not in w.label.toolTip()
