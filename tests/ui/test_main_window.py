"""The window: overview, project tabs, live State updates, title, remembered UI state."""

from __future__ import annotations

from pathlib import Path

import pytest

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings):
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    yield win
    win.close()


def _open(qtbot, win: MainWindow, root: Path, ws: str | None = None):
    with qtbot.waitSignal(win.state_shown, timeout=10000) as blocker:
        assert win.open_project(root, ws)
    return blocker.args[0]


def test_overview_lists_every_project(window: MainWindow) -> None:
    assert window.windowTitle() == "MSD Desktop"
    assert window.stack.currentIndex() == 0
    labels = sorted(r.label for r in window.overview_model.rows())
    assert labels == ["billing-service", "checklist-printer", "field-notes", "legacy-importer",
                      "platform-monorepo › api", "platform-monorepo › web"]
    assert all(r.summary.statusline_full for r in window.overview_model.rows())


def test_project_tabs_and_title(qtbot, window: MainWindow, demo: Path) -> None:
    view = _open(qtbot, window, demo / "checklist-printer")
    assert window.windowTitle() == "checklist-printer — MSD Desktop"  # project first
    titles = [window.project_tabs.tabText(i) for i in range(window.project_tabs.count())]
    assert titles == ["Settings", "Models", "State"]
    assert view.status == "executing"
    window.show_overview()
    assert window.stack.currentIndex() == 0
    assert window.windowTitle() == "MSD Desktop"


def test_workstream_selection_shows_that_workstream(qtbot, window: MainWindow,
                                                    demo: Path) -> None:
    view = _open(qtbot, window, demo / "platform-monorepo", "web")
    assert view.workstream == "web"
    assert view.status == "discussing"
    assert window.windowTitle() == "platform-monorepo › web — MSD Desktop"


@pytest.mark.timeout(60)
def test_state_tab_follows_file_changes(qtbot, window: MainWindow, demo: Path) -> None:
    root = demo / "checklist-printer"
    _open(qtbot, window, root)
    state_md = root / ".planning" / "STATE.md"
    text = state_md.read_text(encoding="utf-8")
    with qtbot.waitSignal(window.state_shown, timeout=5000,
                          check_params_cb=lambda v: v.status == "verifying") as blocker:
        state_md.write_text(text.replace("status: executing", "status: verifying"),
                            encoding="utf-8")
    assert blocker.args[0].status == "verifying"
    assert window.state_panel is not None
    assert window.state_panel.fields["status"].text() == "verifying"
    # broken file: banner with a line, last good state kept
    with qtbot.waitSignal(window.state_shown, timeout=5000,
                          check_params_cb=lambda v: v.error is not None):
        state_md.write_text("---\nstatus: [oops\n---\n# broken\n", encoding="utf-8")
    panel = window.state_panel
    assert not panel.banner.isHidden()
    assert "line" in panel.banner_label.text()
    assert panel.fields["status"].text() == "verifying"


def test_geometry_and_last_project_remembered(qtbot, tmp_path: Path, demo: Path,
                                             env: dict[str, str], ui_settings) -> None:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    transient = [Workspace("Demo", demo, "scan_root")]
    first = MainWindow(registry=registry, transient=transient, env=env, settings=ui_settings)
    qtbot.addWidget(first)
    with qtbot.waitSignal(first.summaries_loaded, timeout=15000):
        first.show()
    first.resize(760, 651)
    _open(qtbot, first, demo / "field-notes")
    size = first.size()
    first.close()
    second = MainWindow(registry=registry, transient=transient, env=env, settings=ui_settings)
    qtbot.addWidget(second)
    with qtbot.waitSignal(second.state_shown, timeout=15000):
        second.show()
    # the restore builds the hidden tabs a turn at a time; a tab the first window never built
    # may need more width than the person left (the window then takes its minimum)
    qtbot.waitUntil(lambda: not second.project_tabs.staging(), timeout=15000)
    qtbot.waitUntil(lambda: second.size() == size.expandedTo(second.minimumSizeHint()),
                    timeout=5000)
    assert size.height() == 651
    current, _ = second.current_project()
    assert current is not None
    assert current.name == "field-notes"
    second.close()


def _unwatched_state(qtbot, window: MainWindow, demo: Path) -> tuple[Path, str]:
    """Open checklist-printer with the watch switched off (only a recheck can notice a
    change); its STATE.md and a good rewrite of it (status: verifying)."""
    root = demo / "checklist-printer"
    _open(qtbot, window, root)
    assert window.bridge is not None
    window.bridge.set_roots([])
    state_md = root / ".planning" / "STATE.md"
    good = state_md.read_text(encoding="utf-8").replace("status: executing", "status: verifying")
    return state_md, good


@pytest.mark.timeout(60)
def test_torn_state_read_is_rechecked(qtbot, window: MainWindow, demo: Path) -> None:
    """A read caught half-way through an in-place rewrite is re-read once, even when the
    write that completes it produces no watcher event (here: the watch is switched off)."""
    state_md, good = _unwatched_state(qtbot, window, demo)
    state_md.write_text(good[: good.index("status:") + 12], encoding="utf-8")  # torn
    with qtbot.waitSignal(window.state_shown, timeout=5000,
                          check_params_cb=lambda v: v.error is not None):
        assert window._current is not None
        window._load_state(window._current, window._current_ws)
    with qtbot.waitSignal(window.state_shown, timeout=5000,
                          check_params_cb=lambda v: v.error is None) as blocker:
        state_md.write_text(good, encoding="utf-8")
    assert blocker.args[0].status == "verifying"


@pytest.mark.timeout(60)
def test_truncated_state_read_is_not_taken_as_the_last_good_state(
        qtbot, window: MainWindow, demo: Path) -> None:
    """An in-place save caught between truncate and write reads as an empty STATE.md; the
    window looks again instead of showing (and keeping as last good) an empty state."""
    state_md, good = _unwatched_state(qtbot, window, demo)
    shown: list[str] = []
    window.state_shown.connect(lambda v: shown.append(v.status))
    state_md.write_text("", encoding="utf-8")  # truncated, the write not landed yet
    assert window._current is not None
    handle = window._load_state(window._current, window._current_ws)
    qtbot.waitUntil(lambda: handle.is_done, timeout=5000)  # the empty file was read
    state_md.write_text(good, encoding="utf-8")  # the save completes
    qtbot.waitUntil(lambda: "verifying" in shown, timeout=5000)
    assert shown == ["verifying"]


def test_ui_state_reaches_qsettings_late_and_at_close(qtbot, window: MainWindow,
                                                      demo: Path, ui_settings) -> None:
    """Opening a project or switching tabs does not write QSettings at once (each write was a
    whole-file save with fsync); the window still answers from what it remembered, and the
    values are written when the flush timer fires or the window closes."""
    _open(qtbot, window, demo / "field-notes")
    window.project_tabs.setCurrentIndex(0)
    assert ui_settings.value("ui/last_project") is None
    assert window.ui_state.value("ui/last_project") == str(demo / "field-notes")
    assert int(window.ui_state.value("ui/last_tab")) == 0
    window.ui_state.timer.timeout.emit()  # what the timer does after UI_STATE_FLUSH_MS
    assert ui_settings.value("ui/last_project") == str(demo / "field-notes")
    window.project_tabs.setCurrentIndex(1)
    window.close()
    assert int(ui_settings.value("ui/last_tab")) == 1


def test_another_project_opens_on_the_tab_the_person_was_on(qtbot, window: MainWindow,
                                                           demo: Path) -> None:
    """The tabs of the project that goes are removed quietly: their removal moved the current
    tab through each index, and the window remembered Settings as the person's choice."""
    _open(qtbot, window, demo / "field-notes")
    window.project_tabs.setCurrentIndex(1)  # the person picks Models
    for name in ("billing-service", "legacy-importer"):
        assert window.open_project(demo / name)
        qtbot.waitUntil(lambda name=name: window.current_project()[0] is not None
                        and window.current_project()[0].name == name, timeout=10000)
        assert window.project_tabs.currentIndex() == 1
        assert type(window.project_tabs.current_page()).__name__ == "ModelsPanel"
