"""The State tab for people: Brazilian Portuguese everywhere, names for a screen reader, Tab in
layout order, an empty state wherever there is nothing to show, one "—" for an empty value, and
nothing clipped or scrolling sideways from the smallest normal window (1024×700) to 1920×1080.
Offscreen, real demo project files, the real catalogues.

``MSD_SCREENSHOT_DIR`` saves the tab's pictures there (docs/screenshots when run under Xvfb).
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QGroupBox,
    QLabel,
    QListWidget,
    QProgressBar,
    QTabBar,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.core.workspace.seed_state import seed_state_text
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.state.panel import StatePanel
from msd_desktop.ui.state.state_view import NO_VALUE, state_view_from_core
from msd_desktop.ui.widgets.plain_text import tooltip
from msd_desktop.ui.widgets.status_text import problem_text
from msd_desktop.ui.widgets.translation import install_translators
from tests.layout_checks import elision_problems, layout_problems

# texts that read the same in both languages: the file's own name, the glossary's "Status",
# the empty-value mark (a percentage, the progress value, is allowed in _compare)
SAME_IN_BOTH = {"STATE.md", "Status", "Status:", "", NO_VALUE,
                "new-project"}  # the seed STATE.md's next_action (a value of the file)
# fields whose text is the file's (values, not our words)
FILE_FIELDS = ("milestone", "phase", "plan", "status", "last_activity", "last_session",
               "stopped_at", "resume_file")


PICTURE_PROJECTS = Path("/home/demo-user/projects")  # a plausible place for the pictures' paths


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[Path]:
    """A writable copy of the bundled demo; for the pictures (``MSD_SCREENSHOT_DIR``) in
    :data:`PICTURE_PROJECTS`, so no temporary folder shows in the window (wiped after)."""
    if not os.environ.get("MSD_SCREENSHOT_DIR"):
        target = tmp_path / "demo"
        shutil.copytree(demo_source(), target)
        yield target
        return
    shutil.rmtree(PICTURE_PROJECTS, ignore_errors=True)
    shutil.copytree(demo_source(), PICTURE_PROJECTS)
    try:
        yield PICTURE_PROJECTS
    finally:
        shutil.rmtree(PICTURE_PROJECTS, ignore_errors=True)


def _panel(qtbot: QtBot, root: Path | None, env: dict[str, str]) -> StatePanel:
    panel = StatePanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 640)
    if root is not None:
        state = load_project_state(root, env)
        with qtbot.waitSignal(panel.shown, timeout=2000):
            panel.show_state(state_view_from_core(state, root.name))
    return panel


def _without_state_md(demo: Path) -> Path:
    root = demo / "field-notes"
    (root / ".planning" / "STATE.md").unlink()
    return root


def _broken(demo: Path) -> Path:
    root = demo / "checklist-printer"
    state_md = root / ".planning" / "STATE.md"
    text = state_md.read_text(encoding="utf-8")
    state_md.write_text(text.replace("status: executing", "status: [executing"),
                        encoding="utf-8")
    return root


def test_broken_state_md_keeps_the_last_good_state_in_portuguese(
        qtbot: QtBot, demo: Path, env: dict[str, str], pt_br: None) -> None:
    from msd_desktop.core.state.project import StateCache

    root = demo / "checklist-printer"
    cache = StateCache()
    panel = _panel(qtbot, None, env)
    panel.show_state(state_view_from_core(load_project_state(root, env, cache=cache)))
    _broken(demo)
    panel.show_state(state_view_from_core(load_project_state(root, env, cache=cache),
                                          last_good_at=0.0))
    text = panel.banner_label.text()
    assert text.startswith("Não foi possível ler o STATE.md. A verificação dos arquivos diz:")
    assert "linha" in text  # where, in our words; what, in the core's
    assert "Mostrando o último estado válido, lido às" in text
    assert panel.fields["status"].text() == "executando"  # the last good status, in words


def _seeded(demo: Path) -> Path:
    """A project as New project leaves it: the seed STATE.md, no ROADMAP.md, no phases."""
    root = demo / "seeded"
    (root / ".planning").mkdir(parents=True)
    shutil.copy(demo / "field-notes" / ".planning" / "config.json", root / ".planning")
    (root / ".planning" / "STATE.md").write_text(seed_state_text(), encoding="utf-8")
    return root


def visible_texts(panel: StatePanel) -> list[str]:
    """Every text of ours a person reads or hears in ``panel``: labels (not the file's values),
    group titles, tab texts, the table's headers and status cells, list items, the progress
    text, placeholders, tooltips, the empty-state hints and the accessible names."""
    values = {id(panel.fields[k]) for k in FILE_FIELDS if k in panel.fields}
    values |= {id(panel.session_fields[k]) for k in FILE_FIELDS if k in panel.session_fields}
    values.add(id(panel.statusline_label))
    texts: list[str] = []
    for widget in [panel, *panel.findChildren(QWidget)]:
        if not widget.isVisibleTo(panel) and widget is not panel.phase_hint:
            continue
        file_value = id(widget) in values
        if isinstance(widget, QLabel | QAbstractButton) and not file_value:
            texts.append(widget.text())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QTabBar):
            texts += [widget.tabText(i) for i in range(widget.count())]
        elif isinstance(widget, QProgressBar):
            texts.append(widget.text())
        elif isinstance(widget, QListWidget):
            texts += [widget.item(i).text() for i in range(widget.count())
                      if not widget.isEnabled()]  # the placeholder row (items are the file's)
        elif isinstance(widget, QAbstractItemView):
            model = widget.model()
            texts += [str(model.headerData(c, Qt.Orientation.Horizontal) or "")
                      for c in range(model.columnCount())]
            texts += [str(model.index(r, 4).data()) for r in range(model.rowCount())]
        if isinstance(widget, QTextEdit):
            texts.append(widget.placeholderText())
        tip = widget.toolTip()
        own_text = isinstance(widget, QLabel) and tip == tooltip(widget.text())  # elided
        if tip and not own_text and (not file_value or widget.text() == NO_VALUE):  # type: ignore[attr-defined]
            texts.append(tip)
        if widget.accessibleName() and not file_value:
            texts.append(widget.accessibleName())
    return texts


def _compare(qtbot: QtBot, root: Path, env: dict[str, str]) -> list[str]:
    """Texts of the panel showing ``root`` under pt_BR, checked against English: the same
    construction, one language after the other; returns the Portuguese texts."""
    app = QApplication.instance()
    assert app is not None
    pt = install_translators(app, "pt_BR")
    assert pt
    try:
        pt_texts = visible_texts(_panel(qtbot, root, env))
    finally:
        for translator in pt:
            app.removeTranslator(translator)
    en = install_translators(app, "en")
    try:
        en_texts = visible_texts(_panel(qtbot, root, env))
    finally:
        for translator in en:
            app.removeTranslator(translator)
    assert len(en_texts) == len(pt_texts)
    same = [e for e, p in zip(en_texts, pt_texts, strict=True)
            if e == p and e not in SAME_IN_BOTH and not re.fullmatch(r"\d+%", e)]
    assert same == [], repr(same)
    return pt_texts


def test_every_text_is_portuguese_under_pt_br(qtbot: QtBot, demo: Path,
                                              env: dict[str, str]) -> None:
    texts = _compare(qtbot, demo / "billing-service", env)
    assert "Posição" in texts
    assert "Continuidade da sessão" in texts
    assert "3 fases neste marco" in texts  # the plural form
    assert "Bloqueios (1)" in texts
    assert "Fase" in texts
    assert "Resumos" in texts
    # problems found by the file check (their wording is the core's, labelled in ours)
    texts = _compare(qtbot, demo / "legacy-importer", env)
    assert any(t.startswith("A verificação dos arquivos encontrou 2 problemas:") for t in texts)
    # a new project: empty fields, no phases, empty lists
    texts = _compare(qtbot, _seeded(demo), env)
    assert "Nenhum bloqueio registrado no STATE.md" in texts
    assert any(t.startswith("O ROADMAP.md ainda não lista fases") for t in texts)
    assert "O STATE.md não indica um arquivo para retomar" in texts
    # a STATE.md that does not parse (no earlier good state in a new panel)
    texts = _compare(qtbot, _broken(demo), env)
    assert any(t.startswith("Não foi possível ler o STATE.md. A verificação dos arquivos diz:")
               for t in texts)
    # no STATE.md at all: the whole tab's empty state
    texts = _compare(qtbot, _without_state_md(demo), env)
    assert any(t.startswith("Este projeto ainda não tem STATE.md.") for t in texts)


def test_derived_next_step_and_problem_lines_are_translated(qtbot: QtBot, demo: Path,
                                                            env: dict[str, str],
                                                            pt_br: None) -> None:
    panel = _panel(qtbot, demo / "billing-service", env)
    assert panel.fields["next_action"].text() == (
        "/msd-resume-work (deduzida; nenhuma no STATE.md)")  # the command first
    state = load_project_state(demo / "legacy-importer", env)
    warning = next(p for p in state.problems if p.line)
    line = problem_text(warning, state.root)
    assert f", linha {warning.line}: " in line
    assert " line " not in line.split(":")[0]


def test_english_plurals_have_no_brackets(qtbot: QtBot, demo: Path, env: dict[str, str],
                                          english: None) -> None:
    panel = _panel(qtbot, demo / "billing-service", env)
    assert panel.phases_box.title() == "3 phases in this milestone"
    statuses = [panel.phase_model.index(r, 4).data() for r in range(panel.phase_model.rowCount())]
    assert all("(s)" not in s for s in statuses)
    assert any(s in ("1 plan open", "2 plans open") or s.endswith(" plans open")
               for s in statuses), statuses
    legacy = _panel(qtbot, demo / "legacy-importer", env)
    assert legacy.problems_label.text().startswith("The file check found 2 problems:\n• ")
    assert "(s)" not in legacy.problems_label.text()
    one = dataclasses.replace(legacy.state_view(), problems=["STATE.md line 3: odd"], phases=[])
    legacy.show_state(one)
    assert legacy.problems_label.text() == "The file check found 1 problem:\n• STATE.md line 3: odd"
    assert legacy.phases_box.title() == "Phases"
    legacy.show_state(dataclasses.replace(one, phases=panel.phase_model.rows()[:1]))
    assert legacy.phases_box.title() == "1 phase in this milestone"


def test_every_interactive_widget_has_an_accessible_name(qtbot: QtBot, demo: Path,
                                                         env: dict[str, str],
                                                         pt_br: None) -> None:
    panel = _panel(qtbot, demo / "billing-service", env)
    panel.show()
    qtbot.waitExposed(panel)
    nameless = []
    checked = 0
    for widget in panel.findChildren(QWidget):
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus or not widget.isVisibleTo(panel):
            continue
        iface = QAccessible.queryAccessibleInterface(widget)
        assert iface is not None
        checked += 1
        if not iface.text(QAccessible.Text.Name).strip():
            nameless.append(f"{type(widget).__name__} {widget.objectName()}")
    assert nameless == []
    assert checked >= 10  # the table, the lists, the tab bar, the body, the value labels
    assert panel.phase_table.accessibleName() == "Fases do marco atual"
    assert panel.fields["milestone"].accessibleName() == "Marco: v1.1 Invoicing"


def test_tab_runs_in_layout_order(qtbot: QtBot, demo: Path, env: dict[str, str]) -> None:
    panel = _panel(qtbot, demo / "billing-service", env)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow, timeout=3000)
    panel.phase_table.setFocus()
    order = [QApplication.focusWidget()]
    for _ in range(3):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        order.append(QApplication.focusWidget())
    assert order[0] is panel.phase_table
    assert order[1] is panel.context_tabs.tabBar()
    assert order[2] is panel.blockers  # the list shown (billing-service has a blocker)
    assert order[3] is panel.body


def test_empty_states(qtbot: QtBot, demo: Path, env: dict[str, str], english: None) -> None:
    # no project
    panel = _panel(qtbot, None, env)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.empty_label.isVisible()
    assert panel.empty_label.text() == "Select a project to see its state."
    # a project as New project leaves it: fields say "—" and why, every view says what's missing
    panel.show_state(state_view_from_core(load_project_state(_seeded(demo), env), "seeded"))
    assert not panel.empty_label.isVisible()
    resume = panel.session_fields["resume_file"]
    assert resume.text() == NO_VALUE  # the seed's "Resume file: None"
    assert resume.toolTip() == "STATE.md names no file to resume from"
    assert resume.accessibleDescription() == resume.toolTip()
    for label in (*panel.fields.values(), *panel.session_fields.values()):
        assert label.text() not in ("None", "none", "")
        if label.text() == NO_VALUE:
            assert label.toolTip(), label.accessibleName()
    assert panel.phase_model.rowCount() == 0
    assert panel.phase_hint.isVisible()
    assert "ROADMAP.md lists no phases" in panel.phase_hint.text()
    assert panel.phase_table.accessibleDescription() == panel.phase_hint.text()
    assert panel.phases_box.title() == "Phases"
    for lw, hint in ((panel.blockers, "No blockers recorded in STATE.md"),
                     (panel.decisions, "No decisions recorded in STATE.md"),
                     (panel.todos, "No pending todos in STATE.md")):
        assert lw.count() == 1
        assert lw.item(0).text() == hint
        assert lw.item(0).textAlignment() == Qt.AlignmentFlag.AlignCenter
        assert lw.accessibleDescription() == hint
    # a project with phases: the hint goes away
    panel.show_state(state_view_from_core(load_project_state(demo / "billing-service", env)))
    assert not panel.phase_hint.isVisible()
    assert panel.phase_table.accessibleDescription() == ""
    assert panel.blockers.isEnabled()
    assert panel.blockers.accessibleDescription() == ""
    resume_tip = panel.session_fields["resume_file"].toolTip()
    # a real value: no "why empty" tooltip (its own full text when elided)
    assert resume_tip == "" or ".continue-here.md" in resume_tip
    # no STATE.md: the whole tab says what the file is and what writes it
    panel.show_state(state_view_from_core(load_project_state(_without_state_md(demo), env)))
    assert panel.empty_label.isVisible()
    assert not panel.splitter.isVisible()
    assert not panel.progress.isVisible()
    text = panel.empty_label.text()
    assert text.startswith("This project has no STATE.md yet.")
    assert "/msd-new-project" in text
    assert ".planning" in text
    assert "ROADMAP.md lists 3 phases for the current milestone." in text  # field-notes' roadmap
    panel.clear()
    assert panel.empty_label.text() == "Select a project to see its state."


def test_empty_body_has_a_placeholder(qtbot: QtBot, demo: Path, env: dict[str, str]) -> None:
    root = _seeded(demo)
    state_md = root / ".planning" / "STATE.md"
    text = state_md.read_text(encoding="utf-8")
    state_md.write_text(text[:text.index("---", 3) + 3] + "\n", encoding="utf-8")
    panel = _panel(qtbot, root, env)
    assert panel.body.toPlainText().strip() == ""
    assert panel.body.placeholderText() == "STATE.md has no text below its header."


# ---- window sizes -------------------------------------------------------------------------


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, demo: Path, env: dict[str, str],
           ui_settings: object) -> Iterator[MainWindow]:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    yield win
    win.close()


def _state_tab(qtbot: QtBot, win: MainWindow, root: Path, size: tuple[int, int]) -> StatePanel:
    win.resize(*size)
    with qtbot.waitSignal(win.state_shown, timeout=15000):
        assert win.open_project(root)
    panel = win.state_panel
    assert panel is not None
    win.project_tabs.setCurrentWidget(panel)
    qtbot.waitUntil(panel.isVisible, timeout=5000)
    QApplication.processEvents()
    qtbot.wait(50)  # the phase list's first fit runs from the event loop
    QApplication.processEvents()
    return panel


def _check_fits(panel: StatePanel) -> None:
    QApplication.processEvents()
    assert layout_problems(panel) == []
    assert elision_problems(panel) == []  # the facts wrap: none cut to "…"
    table = panel.phase_table
    header = table.horizontalHeader()
    widths = sum(header.sectionSize(c) for c in range(header.count()))
    assert widths <= table.viewport().width() + 1
    # every column but the name shows its whole text (the name elides in the middle)
    metrics = table.fontMetrics()
    for row in range(panel.phase_model.rowCount()):
        for col in (0, 2, 3, 4):
            text = str(panel.phase_model.index(row, col).data())
            assert metrics.horizontalAdvance(text) < header.sectionSize(col), text
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle
    # a wrapped field never grows into a wall of text
    for label in (panel.fields["next_action"], panel.fields["last_activity"]):
        assert label.height() <= 4 * label.fontMetrics().lineSpacing() + 8, label.text()


def _shoot(widget: QWidget, name: str) -> None:
    target = os.environ.get("MSD_SCREENSHOT_DIR")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        assert widget.grab().save(str(Path(target) / f"{name}.png"))


@pytest.fixture
def seeded(demo: Path) -> Path:
    """The new project, made before the window scans the demo folder."""
    return _seeded(demo)


def test_smallest_window_nothing_clips(qtbot: QtBot, english: None, seeded: Path,
                                       window: MainWindow, demo: Path) -> None:
    panel = _state_tab(qtbot, window, demo / "billing-service", (1024, 700))
    _check_fits(panel)
    assert window.height() <= 700  # the wrapped facts never make the window taller
    next_action = panel.fields["next_action"]
    assert next_action.text().endswith("/msd-resume-work (derived)")
    _shoot(window, "state-1024")
    panel = _state_tab(qtbot, window, demo / "legacy-importer", (1024, 700))
    _check_fits(panel)
    assert panel.problems_frame.isVisible()
    _shoot(window, "state-problems-1024")
    # a new project: the phase list's and the lists' empty states, the fields' "—"
    panel = _state_tab(qtbot, window, seeded, (1024, 700))
    _check_fits(panel)
    assert panel.phase_hint.isVisible()
    hint = panel.phase_hint
    assert hint.heightForWidth(hint.width()) <= hint.height()  # the whole hint shows
    assert panel.body.verticalScrollBar().value() == 0  # STATE.md opens at its top
    assert panel.body.textCursor().position() == 0
    _shoot(window, "state-new-project-1024")


def test_smallest_window_without_state_md(qtbot: QtBot, pt_br: None, window: MainWindow,
                                          demo: Path) -> None:
    panel = _state_tab(qtbot, window, _without_state_md(demo), (1024, 700))
    assert panel.empty_label.isVisible()
    assert panel.empty_label.text().startswith("Este projeto ainda não tem STATE.md.")
    # the explanation wraps inside the tab, whole
    label = panel.empty_label
    assert label.wordWrap()
    assert label.heightForWidth(label.width()) <= label.height()
    assert label.geometry().right() <= panel.width()
    # the window's Next line names the command the empty state names, not "—"
    qtbot.waitUntil(lambda: window.next_command.label.text() == "/msd-new-project",
                    timeout=15000)
    _shoot(window, "state-empty-pt_BR-1024")


def test_smallest_window_in_portuguese(qtbot: QtBot, pt_br: None, window: MainWindow,
                                       demo: Path) -> None:
    panel = _state_tab(qtbot, window, demo / "billing-service", (1024, 700))
    _check_fits(panel)
    _shoot(window, "state-pt_BR-1024")
    panel = _state_tab(qtbot, window, demo / "checklist-printer", (1024, 700))
    _check_fits(panel)


def test_large_window_keeps_fields_to_their_size(qtbot: QtBot, english: None,
                                                 window: MainWindow, demo: Path) -> None:
    panel = _state_tab(qtbot, window, demo / "billing-service", (1920, 1080))
    _check_fits(panel)
    assert panel.progress.width() <= 400  # a bar for a percentage, not across the window
    # the phase list keeps the height its rows need when the window grows (no tall empty table)
    table = panel.phase_table
    rows = sum(table.rowHeight(r) for r in range(panel.phase_model.rowCount()))
    chrome = panel.phases_box.height() - table.viewport().height()
    assert panel.phases_box.height() <= max(rows + chrome + table.rowHeight(0), 140) + 4
    assert panel.context_tabs.height() > panel.phases_box.height()
    _shoot(window, "state-1920")


def test_the_fit_follows_the_size_until_a_splitter_is_dragged(qtbot: QtBot, demo: Path,
                                                              env: dict[str, str]) -> None:
    panel = _panel(qtbot, demo / "billing-service", env)
    panel.resize(1000, 600)
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.waitUntil(lambda: panel._phases_fitted, timeout=2000)
    fitted = panel.left_splitter.sizes()[0]
    panel.resize(1000, 900)  # taller: the phase list keeps the height of its rows
    qtbot.waitUntil(lambda: sum(panel.left_splitter.sizes()) > 500, timeout=2000)
    QApplication.processEvents()
    assert abs(panel.left_splitter.sizes()[0] - fitted) <= 2
    # the person drags the handle down: a resize no longer snaps it back to the fit
    handle = panel.left_splitter.handle(1)
    start = handle.rect().center()
    QTest.mousePress(handle, Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(handle, start + type(start)(0, 120))
    QTest.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=start + type(start)(0, 120))
    dragged = panel.left_splitter.sizes()[0]
    assert dragged > fitted + 60
    panel.resize(1000, 800)
    QApplication.processEvents()
    qtbot.wait(20)
    assert panel.left_splitter.sizes()[0] > fitted + 30  # (Qt shares the 100 px lost)
