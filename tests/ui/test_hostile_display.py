"""Hostile file and folder text in the window: plain text, visibly escaped names, and every
failure (an exception or a read that never answers) shown as the project's problem.

Real files and the real core throughout; where a failure must be certain whatever the core
does with a file (it is being hardened separately), the project loader is replaced by one that
raises or blocks — a fault injection, said so at each use.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.workspace.registry import ProjectRef, Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.tree_model import BadgeRole
from msd_desktop.ui.widgets.plain_text import (
    menu_text,
    notification_text,
    title_text,
    tooltip,
    visible,
    visible_lines,
)

RLO = "\u202e"
HTML_MILESTONE = "<b>FAKE</b> <img src='x'>"
HTML_STOPPED = "<a href='https://example.invalid'>click</a><h1>Done</h1>"

STATE_TEMPLATE = """---
milestone: v1.0
milestone_name: "{milestone}"
status: executing
stopped_at: "{stopped}"
progress:
  total_phases: 2
  completed_phases: 1
  percent: 50
---

# Project State

## Current Position

Phase: 1 of 2
Status: executing
"""


def _project(base: Path, name: str, milestone: str = "Plain", stopped: str = "here") -> Path:
    root = base / name
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "STATE.md").write_text(
        STATE_TEMPLATE.format(milestone=milestone.replace('"', '\\"'),
                              stopped=stopped.replace('"', '\\"')), encoding="utf-8")
    (root / ".planning" / "ROADMAP.md").write_text("# Roadmap\n\n### Phase 1: One\n",
                                                    encoding="utf-8")
    return root


# -- the helper


def test_visible_escapes_controls_bidi_and_surrogates() -> None:
    assert visible("a\nb\tc\r") == "a\\nb\\tc\\r"
    assert visible("x\x1b[31my") == "x\\x1b[31my"
    assert visible(f"invoice{RLO}txt.exe") == "invoice\\u202etxt.exe"
    assert visible("lone\udc80") == "lone\\udc80"
    assert visible("zero\u200bwidth\ufeff") == "zero\\u200bwidth\\ufeff"
    assert visible("\x85next\u2028line") == "\\x85next\\u2028line"
    # ordinary text is untouched: accents, CJK, emoji (with a joiner), arrows
    for text in ("café", "日本語", "👩\u200d💻", "name › ws", "50% — done"):
        assert visible(text) == text
    assert visible("x" * 5000).endswith("…")
    assert len(visible("x" * 5000)) == 2001


def test_visible_escapes_every_control_and_format_character() -> None:
    import sys
    import unicodedata

    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Zl", "Zp", "Cs") and ch not in "\u200c\u200d":
            assert visible(ch).startswith("\\"), hex(code)
        elif category[0] in "LNPS":
            assert visible(ch) == ch, hex(code)


def test_visible_lines_keeps_breaks_and_tooltip_is_always_literal() -> None:
    assert visible_lines("one\ntwo\x1b") == "one\ntwo\\x1b"
    tip = tooltip("<b>bold</b>\nline 2")
    assert tip == "<qt>&lt;b&gt;bold&lt;/b&gt;<br>line 2</qt>"
    assert tooltip("") == ""
    assert menu_text("R&D\n") == "R&&D\\n"
    assert title_text("x[*]\n") == "x[*][*]\\n"  # Qt shows "[*][*]" as a literal "[*]"
    assert notification_text("plain words") == "plain words"
    assert notification_text("<b>x</b> & y\x1b") == "&lt;b&gt;x&lt;/b&gt; &amp; y\\x1b"


# -- labels are plain text


def test_state_tab_shows_html_from_state_md_as_text(qtbot, tmp_path: Path) -> None:
    from msd_desktop.ui.state.panel import StatePanel
    from msd_desktop.ui.state.state_view import state_view_from_core

    root = _project(tmp_path, "html", HTML_MILESTONE, HTML_STOPPED)
    state = load_project_state(root, {"HOME": str(tmp_path)})
    view = state_view_from_core(state, "html")
    panel = StatePanel()
    qtbot.addWidget(panel)
    panel.show_state(view)
    milestone = panel.fields["milestone"]
    stopped = panel.session_fields["stopped_at"]
    assert HTML_MILESTONE in milestone.text()
    assert stopped.text() == HTML_STOPPED
    shown: list[QLabel] = [*panel.fields.values(), *panel.session_fields.values(),
                           panel.statusline_label, panel.banner_label, panel.problems_label]
    for label in shown:
        assert label.textFormat() == Qt.TextFormat.PlainText, label.text()


def test_state_body_renders_html_as_text_and_loads_no_resource(qtbot, tmp_path: Path) -> None:
    from msd_desktop.ui.state.panel import StatePanel
    from msd_desktop.ui.state.state_view import state_view_from_core

    root = _project(tmp_path, "body")
    state_md = root / ".planning" / "STATE.md"
    state_md.write_text(state_md.read_text(encoding="utf-8")
                        + "\n<h1 style='color:red'>INJECTED</h1>\n\n![zero](/dev/zero)\n",
                        encoding="utf-8")
    panel = StatePanel()
    qtbot.addWidget(panel)
    panel.show_state(state_view_from_core(load_project_state(root, {"HOME": str(tmp_path)})))
    html = panel.body.document().toHtml()
    assert "&lt;h1" in html  # shown as text, not a heading
    assert panel.body.loadResource(2, "file:///dev/zero") is None


def test_labels_elsewhere_are_plain_text(qtbot, tmp_path: Path, env) -> None:
    from msd_desktop.ui.companion.next_command_widget import NextCommandWidget

    widget = NextCommandWidget(env=env)
    qtbot.addWidget(widget)
    assert widget.label.textFormat() == Qt.TextFormat.PlainText


# -- names with control or bidi characters


HOSTILE_NAMES = ["new\nline", "esc\x1b[31mred", f"invoice{RLO}txt.exe"]


@pytest.fixture
def hostile_window(qtbot, tmp_path: Path, env: dict[str, str], ui_settings):
    from msd_desktop.ui.main_window import MainWindow

    ws = tmp_path / "ws"
    for name in HOSTILE_NAMES:
        _project(ws, name, HTML_MILESTONE, HTML_STOPPED)
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Hostile", ws, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    yield win
    win.close()


def test_names_are_escaped_in_tree_overview_title_tray_and_status(qtbot, hostile_window,
                                                                  tmp_path: Path) -> None:
    from msd_desktop.ui.browser.overview_model import COL_MILESTONE, COL_PROJECT

    win = hostile_window
    model = win.browser.model
    ws_index = model.index(0, 0)
    shown = sorted(str(model.index(r, 0, ws_index).data()) for r in range(model.rowCount(ws_index)))
    assert shown == sorted(visible(n) for n in HOSTILE_NAMES)
    assert all("\n" not in s and "\x1b" not in s and RLO not in s for s in shown)
    rows = win.overview_model.rows()
    labels = sorted(str(win.overview_model.index(i, COL_PROJECT).data()) for i in range(len(rows)))
    assert labels == shown
    milestone_cell = str(win.overview_model.index(0, COL_MILESTONE).data())
    assert HTML_MILESTONE in milestone_cell
    tip = str(win.overview_model.index(0, COL_MILESTONE).data(Qt.ItemDataRole.ToolTipRole))
    assert tip.startswith("<qt>")
    assert "&lt;b&gt;FAKE" in tip
    tray_texts = [a.text() for a in win.tray.project_actions.values()]
    assert len(tray_texts) == len(HOSTILE_NAMES)
    assert all("\n" not in t and "\x1b" not in t and RLO not in t for t in tray_texts)

    rlo_root = tmp_path / "ws" / HOSTILE_NAMES[2]
    with qtbot.waitSignal(win.state_shown, timeout=10000):
        assert win.open_project(rlo_root)
    assert win.windowTitle() == "invoice\\u202etxt.exe — MSD Desktop"
    assert win.project_page.title.textFormat() == Qt.TextFormat.PlainText
    assert "\\u202e" in win.project_page.title.text()
    assert win.status_label.textFormat() == Qt.TextFormat.PlainText
    assert RLO not in win.status_label.text()
    assert HTML_MILESTONE in win.state_panel.fields["milestone"].text()


# -- every failure is an answer


def _two_projects(tmp_path: Path) -> tuple[Path, Path, Path]:
    ws = tmp_path / "ws"
    good = _project(ws, "good")
    bad = _project(ws, "bad")
    return ws, good, bad


def _window(qtbot, ws: Path, tmp_path: Path, env: dict[str, str], settings):
    from msd_desktop.ui.main_window import MainWindow

    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("W", ws, "scan_root")], env=env,
                     settings=settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    return win


def _summary(win, root: Path):
    return next(p.summary for p in win.browser.model.projects() if p.ref.root == root)


def test_a_load_that_raises_marks_that_project_only(qtbot, monkeypatch, tmp_path: Path,
                                                    env: dict[str, str], ui_settings) -> None:
    import msd_desktop.ui.summary_loading as summary_loading

    ws, good, bad = _two_projects(tmp_path)
    real = summary_loading.load_summary_and_state

    def loader(ref: ProjectRef, env, cache=None):  # fault injection: any exception, not MsdError
        if ref.root == bad:
            raise RecursionError("maximum recursion depth exceeded <b>deep</b>")
        return real(ref, env, cache)

    monkeypatch.setattr(summary_loading, "load_summary_and_state", loader)
    win = _window(qtbot, ws, tmp_path, env, ui_settings)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    bad_summary, good_summary = _summary(win, bad), _summary(win, good)
    assert bad_summary is not None
    assert good_summary is not None
    assert bad_summary.load_error is not None
    assert "RecursionError" in bad_summary.load_error
    assert good_summary.load_error is None
    assert good_summary.statusline_full
    index = win.browser.model.find_project(bad)
    assert index.siblingAtColumn(1).data().startswith("⚠ could not be read")
    assert index.data(BadgeRole) == [bad_summary.load_error]
    # its tabs carry a banner with the message
    win.open_project(bad)
    qtbot.waitUntil(lambda: win.project_page.load_banner.isVisible(), timeout=5000)
    assert "RecursionError" in win.project_page.load_banner_label.text()
    assert win.project_page.load_banner_label.textFormat() == Qt.TextFormat.PlainText
    # the good one opens normally, without the banner
    with qtbot.waitSignal(win.state_shown, timeout=10000):
        win.open_project(good)
    assert not win.project_page.load_banner.isVisible()
    assert win.state_panel.fields["status"].text() == "executing"
    win.close()


def test_a_load_that_never_answers_times_out_and_the_rest_loads(
        qtbot, monkeypatch, tmp_path: Path, env: dict[str, str], ui_settings) -> None:
    import msd_desktop.ui.summary_loading as summary_loading

    ws, good, bad = _two_projects(tmp_path)
    third = _project(ws, "third")
    real = summary_loading.load_summary_and_state
    release = threading.Event()

    def loader(ref: ProjectRef, env, cache=None):  # fault injection: a read that blocks
        if ref.root == bad:
            release.wait(60)
        return real(ref, env, cache)

    monkeypatch.setattr(summary_loading, "load_summary_and_state", loader)
    env = {**env, "MSD_DESKTOP_READ_TIMEOUT_S": "0.6"}
    win = _window(qtbot, ws, tmp_path, env, ui_settings)
    try:
        # the read blocks for 60 s: summaries_loaded within 15 s means it was not waited for
        with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
            win.show()
        assert _summary(win, bad).load_error == "could not be read in 0.6 s"
        tray = {a.data(): a.text() for a in win.tray.project_actions.values()}
        assert tray[str(bad)] == "bad: could not be read ⚠"
        for root in (good, third):  # loaded before and after the stuck one
            assert _summary(win, root).load_error is None
            assert _summary(win, root).statusline_full
        # the window stays usable: a good project opens while the stuck read is still stuck
        with qtbot.waitSignal(win.state_shown, timeout=10000):
            win.open_project(good)
        assert win.state_panel.fields["status"].text() == "executing"
    finally:
        release.set()
        win.close()


def test_state_tab_that_never_answers_shows_the_problem(qtbot, monkeypatch, tmp_path: Path,
                                                       env: dict[str, str], ui_settings) -> None:
    import msd_desktop.core.state.project as project

    ws, _good, bad = _two_projects(tmp_path)
    env = {**env, "MSD_DESKTOP_READ_TIMEOUT_S": "0.5"}
    win = _window(qtbot, ws, tmp_path, env, ui_settings)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    real = project.load_project_state
    release = threading.Event()

    def blocking(root, env=None, cache=None, **kw):  # fault injection: STATE.md never answers
        if Path(root) == bad:
            release.wait(60)
        return real(root, env, cache=cache, **kw)

    monkeypatch.setattr(project, "load_project_state", blocking)
    try:
        win.open_project(bad)
        qtbot.waitUntil(lambda: win.state_panel is not None
                        and win.state_panel.banner.isVisible(), timeout=8000)
        assert "could not be read in 0.5 s" in win.state_panel.banner_label.text()
        assert "could not be read" in win.next_command.label.text()
    finally:
        release.set()
        win.close()


def test_worker_timeout_writes_the_thread_off_and_the_pool_goes_on(qtbot) -> None:
    from msd_desktop.ui.widgets import workers

    release = threading.Event()
    errors: list[BaseException] = []
    stuck = workers.run_op(lambda: release.wait(60), name="stuck", timeout_s=0.3,
                           on_failed=errors.append)
    try:
        with qtbot.waitSignal(stuck.done, timeout=5000):
            pass
        assert isinstance(errors[0], workers.OpTimeout)
        assert workers.stuck_threads() >= 1
        # every other worker slot still serves: as many ops as the pool has threads finish
        handles = [workers.run_op(lambda i=i: i) for i in range(workers.MAX_WORKERS)]
        qtbot.waitUntil(lambda: all(h.is_done for h in handles), timeout=5000)
        assert [h.result for h in handles] == list(range(workers.MAX_WORKERS))
    finally:
        release.set()
    qtbot.waitUntil(lambda: workers.stuck_threads() == 0, timeout=5000)


def test_too_many_stuck_reads_fail_queued_ops_fast(qtbot) -> None:
    from msd_desktop.ui.widgets import workers

    release = threading.Event()
    try:
        stuck = [workers.run_op(lambda: release.wait(60), timeout_s=0.2)
                 for _ in range(workers.MAX_STUCK + workers.MAX_WORKERS)]
        qtbot.waitUntil(lambda: all(h.is_done for h in stuck), timeout=15000)
        kinds = {type(h.error) for h in stuck}
        assert kinds <= {workers.OpTimeout, workers.PoolExhausted}
        assert workers.OpTimeout in kinds
        assert workers.PoolExhausted in kinds  # the last ones never waited for a thread
        # the thread count stays bounded however many reads get stuck
        assert workers.stuck_threads() <= workers.MAX_STUCK + workers.MAX_WORKERS
    finally:
        release.set()
    qtbot.waitUntil(lambda: workers.stuck_threads() == 0, timeout=5000)
    handle = workers.run_op(lambda: "after")  # the pool serves again once the reads return
    qtbot.waitUntil(lambda: handle.is_done, timeout=5000)
    assert handle.result == "after"


def test_workers_are_daemon_threads(qtbot) -> None:
    from msd_desktop.ui.widgets import workers

    names: list[tuple[str, bool]] = []
    handle = workers.run_op(lambda: names.append((threading.current_thread().name,
                                                  threading.current_thread().daemon)))
    qtbot.waitUntil(lambda: handle.is_done, timeout=5000)
    assert names
    assert names[0][0].startswith("msd-op")
    assert names[0][1] is True


def test_tray_gives_a_failed_project_a_line(qtbot, monkeypatch, tmp_path: Path,
                                            env: dict[str, str]) -> None:
    import msd_desktop.core.state.project as project
    from msd_desktop.ui.companion.tray import ProjectTray

    _, good, bad = _two_projects(tmp_path)
    real = project.load_project_state

    def loader(root, env=None, cache=None, **kw):  # fault injection: any exception
        if Path(root) == bad:
            raise OverflowError("int too large to convert")
        return real(root, env, cache=cache, **kw)

    monkeypatch.setattr(project, "load_project_state", loader)
    tray = ProjectTray(env)
    refs = [ProjectRef(root=r, name=r.name, workspace="W") for r in (good, bad)]
    tray.set_projects(refs, load=False)
    tray.refresh_project(refs[1])
    qtbot.waitUntil(lambda: str(bad) in {a.data() for a in tray.project_actions.values()},
                    timeout=5000)
    action = next(a for a in tray.project_actions.values() if a.data() == str(bad))
    assert action.text() == "bad: could not be read ⚠"
    assert "OverflowError" in action.toolTip()


def test_a_tab_that_cannot_be_built_says_so(qtbot, monkeypatch, tmp_path: Path,
                                           env: dict[str, str], ui_settings) -> None:
    import msd_desktop.ui.models.panel as models_panel

    ws, good, _bad = _two_projects(tmp_path)

    def broken(project, **_options):  # fault injection: the tab's constructor raises
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

    monkeypatch.setattr(models_panel, "create_tab", broken)
    win = _window(qtbot, ws, tmp_path, env, ui_settings)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    with qtbot.waitSignal(win.state_shown, timeout=10000):
        assert win.open_project(good)
    titles = [win.project_tabs.tabText(i) for i in range(win.project_tabs.count())]
    assert titles == ["Settings", "Models", "State"]
    models = win.project_tabs.page(1)
    assert models.objectName() == "TabProblem"
    text = models.findChild(QLabel).text()
    assert "ValueError: Exceeds the limit" in text
    assert win.state_panel.fields["status"].text() == "executing"  # the others still work
    win.close()


def test_a_scan_that_never_answers_fails_with_a_message(qtbot, monkeypatch, tmp_path: Path,
                                                       env: dict[str, str]) -> None:
    from msd_desktop.ui.browser.project_browser import ProjectBrowserPanel

    ws, _good, _bad = _two_projects(tmp_path)
    release = threading.Event()

    def projects(self, workspace, on_progress=None, cancel=None):  # fault injection: a hung mount
        release.wait(60)
        return []

    monkeypatch.setenv("MSD_DESKTOP_READ_TIMEOUT_S", "0.5")
    monkeypatch.setattr(WorkspaceRegistry, "projects", projects)
    panel = ProjectBrowserPanel(WorkspaceRegistry(tmp_path / "workspaces.json", env=env),
                                [Workspace("W", ws, "scan_root")])
    qtbot.addWidget(panel)
    try:
        with qtbot.waitSignal(panel.message_posted, timeout=5000) as blocker:
            panel.rescan()
        assert blocker.args[0] == "Scan failed: no answer within 0.5 s"
        assert not panel.is_scanning()
    finally:
        release.set()
