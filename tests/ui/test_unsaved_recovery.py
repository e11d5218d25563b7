"""The window's unsaved-edit recovery (ui/unsaved_recovery) over a recovery folder that is not
ours: nothing in it is restored, and the status bar says why. Real folders, offscreen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from msd_desktop.core.config.draft_recovery import default_recovery_dir
from msd_desktop.ui.unsaved_recovery import UnsavedEdits


def test_a_recovery_folder_others_can_write_is_not_used_and_the_status_bar_says_why(
        qtbot: Any, demo: Path, env: dict[str, str]) -> None:
    folder = default_recovery_dir(env)
    folder.mkdir(parents=True)
    folder.chmod(0o777)  # anyone could have put a "record" in it
    window = QWidget()
    qtbot.addWidget(window)
    messages: list[str] = []
    unsaved = UnsavedEdits(window, env, lambda: None, lambda: [demo])
    unsaved.message_posted.connect(messages.append)
    unsaved.recover()
    assert any("Unsaved edits of an earlier run were not looked at" in m
               and "can be written by other users (mode 0777)" in m for m in messages), messages
    assert not unsaved.any_dirty()
