"""Objects Qt and Python both hold (clipboard data, undo commands) never crash the exit.

A ``QMimeData`` made in Python and handed to the clipboard, or an undo command holding a
strong reference back to the object that owns its stack, is deleted twice when the garbage
collector runs after the widgets are gone: the process then ends with SIGSEGV after every test
passed. Each case runs in its own interpreter so the exit itself is what is checked.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

COPY_MASKED = """
import gc
from PySide6.QtWidgets import QApplication
from msd_desktop.ui.settings.json_text_edit import JsonTextEdit
app = QApplication([])
edit = JsonTextEdit()
edit.secret_values = lambda: ["sk-live-1234567890abcdef"]
edit.setPlainText('{"brave_search": "sk-live-1234567890abcdef"}')
edit.selectAll()
edit.copy()
data = app.clipboard().mimeData()
for fmt in data.formats():
    assert b"1234567890" not in bytes(data.data(fmt)), fmt
assert "****" in app.clipboard().text()
del edit
gc.collect()
"""

UNDO_SESSION = """
import gc, json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.ui.settings.undo import EditSession
app = QApplication([])
path = Path(sys.argv[1])
path.write_text(json.dumps({"mode": "interactive"}), encoding="utf-8")
session = EditSession(ConfigDraft(path))
session.edit("mode", "yolo", "set Mode to yolo")
session.seal()
session.edit("mode", "interactive", "set Mode to interactive")
session.stack.undo()
assert session.draft.value("mode") == "yolo"
gc.collect()
"""


@pytest.mark.parametrize("script", [COPY_MASKED, UNDO_SESSION], ids=["copy", "undo"])
def test_process_exits_cleanly(script: str, tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONFAULTHANDLER": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), str(tmp_path / "config.json")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
