"""The conflict view's diff speaks the window's language: its file headers ("on disk now",
"after Keep mine") are the window's words; the core's English ones stay for the core.

Offscreen, a real draft and a file changed on disk behind it, the real catalogues.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.conflict import preview_for_draft
from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.ui.settings.conflict_view import ConflictView


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def _view(qtbot: QtBot, tmp_path: Path) -> ConflictView:
    path = tmp_path / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    _write(path, {"context_profile": "dev"})
    draft = ConfigDraft(path)
    draft.set("context_profile", "research")
    _write(path, {"context_profile": "review", "mode": "yolo"})  # changed on disk meanwhile
    view = ConflictView()
    qtbot.addWidget(view)
    view.set_source(lambda choices: preview_for_draft(draft, choices))
    return view


def _headers(view: ConflictView) -> list[str]:
    return [line for line in view.result_diff.toPlainText().splitlines()
            if line.startswith(("--- ", "+++ "))]


def test_diff_headers_in_portuguese(qtbot: QtBot, tmp_path: Path, qapp: QApplication,
                                    pt_br: None) -> None:
    headers = _headers(_view(qtbot, tmp_path))
    assert headers == ["--- config.json (no disco agora)",
                       "+++ config.json (depois de Manter as minhas)"]


def test_diff_headers_in_english(qtbot: QtBot, tmp_path: Path, english: None) -> None:
    headers = _headers(_view(qtbot, tmp_path))
    assert headers == ["--- config.json (on disk now)", "+++ config.json (after Keep mine)"]
