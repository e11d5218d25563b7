"""Plain words instead of internal ids: a file change is named by its files ("STATE.md
changed on disk", not "state"), and setting titles write acronyms and product names as
people do ("AI integration phase", not "Ai integration phase"), in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.config.schema import SCHEMA
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.widgets.status_text import changed_files_text


def test_change_kinds_are_file_names(qapp: Any, english: None) -> None:
    assert changed_files_text({"state", "other"}) == "STATE.md, other planning files"
    assert changed_files_text({"phases", "config"}) == "config.json, phase files"
    assert changed_files_text(set()) == "planning files"


def test_change_kinds_speak_portuguese(qapp: Any, pt_br: None) -> None:
    assert changed_files_text({"state", "other"}) == (
        "STATE.md, outros arquivos de planejamento")


@pytest.mark.timeout(60)
def test_the_status_line_names_the_changed_file(qtbot: Any, tmp_path: Path, demo: Path,
                                                env: dict[str, str], ui_settings: Any,
                                                english: None) -> None:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    root = demo / "checklist-printer"
    with qtbot.waitSignal(win.state_shown, timeout=15000):
        assert win.open_project(root)
    posted: list[str] = []  # every status line, also one the next one replaces at once
    post = win.post_status
    win.post_status = lambda text: (posted.append(text), post(text))  # type: ignore[method-assign]
    state_md = root / ".planning" / "STATE.md"
    text = state_md.read_text(encoding="utf-8")
    state_md.write_text(text.replace("status: executing", "status: verifying"),
                        encoding="utf-8")
    qtbot.waitUntil(lambda: any("changed on disk" in t for t in posted), timeout=20000)
    said = next(t for t in posted if "changed on disk" in t)
    assert said.startswith("checklist-printer: STATE.md")
    assert "state," not in said
    assert " state " not in said
    assert "other" not in said
    # the status line written again when the summary is in keeps the change beside it
    qtbot.waitUntil(lambda: "verifying" in win.status_label.text(), timeout=20000)
    assert "STATE.md changed on disk at " in win.status_label.text()
    win.close()


def test_titles_write_acronyms_and_names_as_people_do() -> None:
    titles = {key: spec.title for key, spec in SCHEMA.items()}
    assert titles["workflow.ai_integration_phase"] == "AI integration phase"
    assert titles["workflow.tdd_mode"] == "TDD mode"
    assert titles["review.models.opencode"] == "Models › OpenCode"
    for key, title in titles.items():
        for wrong in ("Ai ", " ai ", "Tdd", "Mvp", " sdk ", " ids", "Opencode"):
            assert wrong not in f" {title} ", (key, title)


def test_descriptions_say_who_reads_a_key_in_words() -> None:
    from msd_desktop.core.config.key_patterns import dynamic_patterns

    texts = [spec.description for spec in SCHEMA.values()]
    texts += [leaf.description for p in dynamic_patterns() for leaf in p.leaves]
    assert not [t for t in texts if "upstream-only" in t]
    assert any("read by GSD Core only" in t for t in texts)
