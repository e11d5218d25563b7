"""The State panel shows the core's facts, keeps the last good state, and never writes."""

from __future__ import annotations

from pathlib import Path

from msd_desktop.core.state.project import StateCache, load_project_state
from msd_desktop.ui.state.panel import StatePanel
from msd_desktop.ui.state.state_view import state_view_from_core


def _show(qtbot, panel: StatePanel, root: Path, env: dict[str, str],
          cache: StateCache | None = None) -> None:
    state = load_project_state(root, env, cache=cache)
    with qtbot.waitSignal(panel.shown, timeout=2000):
        panel.show_state(state_view_from_core(state, root.name))


def test_panel_shows_core_facts(qtbot, demo: Path, env: dict[str, str]) -> None:
    panel = StatePanel()
    qtbot.addWidget(panel)
    assert panel.empty_label.isVisibleTo(panel)
    root = demo / "billing-service"
    _show(qtbot, panel, root, env)
    state = load_project_state(root, env)
    assert panel.statusline_label.text() == state.statusline_full
    assert panel.progress.value() == state.progress.percent == 33
    assert panel.fields["status"].text() == "paused"
    # STATE.md names no next step; the field says what the header derives, as derived
    assert panel.fields["next_action"].text() == "none in STATE.md — /msd-resume-work (derived)"
    assert panel.fields["milestone"].text() == "v1.1 Invoicing"
    assert panel.blockers.count() == 1
    assert "sandbox" in panel.blockers.item(0).text()
    assert panel.todos.count() == 2
    assert "continue-here" in panel.session_fields["resume_file"].text()
    assert panel.phase_model.rowCount() == 3
    assert "Project State" in panel.body.toPlainText()
    assert panel.banner.isHidden()


def test_panel_shows_consistency_problems(qtbot, demo: Path, env: dict[str, str]) -> None:
    panel = StatePanel()
    qtbot.addWidget(panel)
    _show(qtbot, panel, demo / "legacy-importer", env)
    assert not panel.problems_frame.isHidden()
    assert "STATE.md says 100% but 1 plan has no summary" in panel.problems_label.text()


def test_broken_state_keeps_last_good_under_banner(qtbot, demo: Path,
                                                   env: dict[str, str]) -> None:
    panel = StatePanel()
    qtbot.addWidget(panel)
    root = demo / "checklist-printer"
    cache = StateCache()
    _show(qtbot, panel, root, env, cache)
    good_line = panel.statusline_label.text()
    state_md = root / ".planning" / "STATE.md"
    text = state_md.read_text(encoding="utf-8")
    state_md.write_text(text.replace("status: executing", "status: [executing"),
                        encoding="utf-8")
    _show(qtbot, panel, root, env, cache)
    assert not panel.banner.isHidden()
    assert "line" in panel.banner_label.text()
    assert "last good state" in panel.banner_label.text()
    assert panel.fields["status"].text() == "executing"  # the last good state
    assert panel.phase_model.rowCount() == 4
    assert good_line.startswith("v1.0")
    # the status line is the last good state's too, not the broken file's "[executing"
    assert panel.statusline_label.text() == good_line
    assert "[executing" not in panel.state_view().statusline_full
    # and so is the summary the status bar and the browser show (same cache)
    from msd_desktop.core.workspace.registry import project_ref
    from msd_desktop.ui.summary_loading import load_summary

    summary = load_summary(project_ref(root, "Demo"), env, cache)
    assert summary.statusline_full == panel.state_view().statusline_full
    assert "[executing" not in summary.statusline_compact


def test_panel_never_writes(qtbot, demo: Path, env: dict[str, str]) -> None:
    root = demo / "field-notes"
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in root.rglob("*") if p.is_file()}
    panel = StatePanel()
    qtbot.addWidget(panel)
    _show(qtbot, panel, root, env)
    panel.clear()
    after = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in root.rglob("*") if p.is_file()}
    assert before == after
