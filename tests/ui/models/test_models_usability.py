"""The Models tab for people: Brazilian Portuguese everywhere, names for a screen reader, a hint
where a view is empty, plain layer names, and nothing clipped or scrolling sideways in the
smallest normal window (1024×700). Offscreen, real demo project files, the real catalogues.

``MSD_SCREENSHOT_DIR`` saves the tab's pictures there (docs/screenshots when run under Xvfb).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTranslator
from PySide6.QtGui import QAccessible, QStandardItemModel
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QLabel,
    QSpinBox,
    QTabBar,
    QWidget,
)
from pytestqt.qtbot import QtBot

from msd_desktop.core.models.ladder import LAYER_NAMES
from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import ProjectRef, Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.models.diagram_words import rung_tooltip
from msd_desktop.ui.models.layer_names import LAYER_TEXTS
from msd_desktop.ui.models.panel import ModelsPanel
from msd_desktop.ui.models.resolution_model import COL_LAYER, COL_MODEL, LayerIdRole
from msd_desktop.ui.models.table_fit import EmptyHint, fit_widths
from msd_desktop.ui.widgets.translation import install_translators
from tests.layout_checks import elision_problems, layout_problems

# texts that read the same in both languages: a runtime's id after the MSD term "runtime"
# (kept in Portuguese, see the glossary), file formats, and empty texts
SAME_IN_BOTH = {"Export PNG…", "Export SVG…", ""}


def same_in_both(text: str) -> bool:
    return text in SAME_IN_BOTH or (text.startswith("runtime: ") and "(" not in text)


PICTURE_PROJECTS = Path("/home/demo-user/work")  # a plausible place for the pictures' paths


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


@pytest.fixture
def project(demo: Path) -> ProjectRef:
    return ProjectRef(root=demo / "field-notes", name="field-notes", workspace="demo")


def _panel(qtbot: QtBot, project: ProjectRef, env: dict[str, str]) -> ModelsPanel:
    panel = ModelsPanel(project, env=env)
    qtbot.addWidget(panel)
    panel.resize(1000, 640)
    return panel


def visible_texts(root: QWidget) -> list[str]:
    """Every text a person reads in ``root``: labels, buttons, combo items, spin prefixes,
    tab texts, placeholders, the item models' headers and the empty-state hints."""
    texts: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        elif isinstance(widget, QSpinBox):
            texts += [widget.prefix(), widget.specialValueText()]
        elif isinstance(widget, QTabBar):
            texts += [widget.tabText(i) for i in range(widget.count())]
        elif isinstance(widget, QAbstractItemView) and not isinstance(
                widget.model(), QStandardItemModel):  # a combo's popup list: its items above
            model = widget.model()
            texts += [str(model.headerData(c, Qt.Orientation.Horizontal) or "")
                      for c in range(model.columnCount())]
        if widget.toolTip() and not isinstance(widget, QLabel):
            texts.append(widget.toolTip())
    return texts


def test_every_text_is_portuguese_under_pt_br(qtbot: QtBot, project: ProjectRef,
                                              env: dict[str, str], pt_br: None) -> None:
    # the same panel in the same state, first in Portuguese, then in English
    app = QApplication.instance()
    assert app is not None
    portuguese = _panel(qtbot, project, env)
    portuguese.select_agent("msd-planner")
    portuguese.profile_combo.setCurrentIndex(portuguese.profile_combo.findData("quality"))
    portuguese.recompute(reload=False)
    portuguese.select_agent("msd-planner")
    pt_texts = visible_texts(portuguese)
    pt_lines = portuguese.diagram.view.text_lines()
    winner = portuguese.diagram.view.ladders[0].winner_rung()
    assert winner is not None
    pt_tip = rung_tooltip(winner, portuguese.diagram.view.result)
    pt_header_tip = portuguese.table_model.headerData(2, Qt.Orientation.Horizontal,
                                                      Qt.ItemDataRole.ToolTipRole)
    pt_layers = {portuguese.table_model.index(r, COL_LAYER).data()
                 for r in range(portuguese.table_model.rowCount())}
    # English: the same construction without our catalogues
    for translator in app.findChildren(QTranslator):
        app.removeTranslator(translator)
    english = _panel(qtbot, project, env)
    english.profile_combo.setCurrentIndex(english.profile_combo.findData("quality"))
    english.recompute(reload=False)
    english.select_agent("msd-planner")
    en_texts = visible_texts(english)
    assert len(en_texts) == len(pt_texts)
    same = [en for en, pt in zip(en_texts, pt_texts, strict=True)
            if en == pt and not same_in_both(en)]
    assert same == [], repr(same)
    assert "Simulação" in pt_texts
    assert "Configurações lidas de" in portuguese.source_label.text()
    assert "agentes mudam" in portuguese.summary_label.text()  # the plural form
    assert "de Apelido do nível; nível opus do perfil quality" in portuguese.trace_title.text()
    assert pt_lines[0].startswith("Roteamento de msd-planner")
    assert "Apelido do nível" in pt_layers
    assert "Fornecido pela simulação: perfil quality" in pt_tip
    assert pt_header_tip.startswith("Nível de roteamento")
    assert not pt_layers & {name for names in LAYER_NAMES.values() for name in names.values()}


def test_english_plural_and_plain_words(qtbot: QtBot, project: ProjectRef,
                                        env: dict[str, str]) -> None:
    app = QApplication.instance()
    assert app is not None
    installed = install_translators(app, "en")
    try:
        panel = _panel(qtbot, project, env)
        panel.profile_combo.setCurrentIndex(panel.profile_combo.findData("quality"))
        panel.recompute(reload=False)
        text = panel.summary_label.text()
        assert "agents change" in text or "1 agent changes" in text, text
        assert "(s)" not in text
    finally:
        for translator in installed:
            app.removeTranslator(translator)
    panel.reset_whatif()
    panel.select_agent("msd-executor")
    title = panel.trace_title.text()
    assert "as configured (runtime claude by default, profile balanced)" in title
    assert "from Tier alias; tier sonnet from profile balanced" in title
    source = panel.source_label.text()
    assert source.startswith("Settings read from the project's .planning/config.json")
    assert "(resolved)" not in source
    assert "resolved" in panel.source_label.toolTip()  # the ids stay in the tooltip


def test_layer_column_shows_plain_names_with_the_id_in_the_tooltip(
    qtbot: QtBot, project: ProjectRef, env: dict[str, str]
) -> None:
    panel = _panel(qtbot, project, env)
    model = panel.table_model
    row = model.row_of("msd-executor")
    assert model.index(row, COL_LAYER).data() == "Tier alias"
    assert model.index(row, COL_LAYER).data(LayerIdRole) == "tier_alias"
    assert "tier_alias" in model.index(row, COL_LAYER).data(Qt.ItemDataRole.ToolTipRole)
    # Copy as JSON keeps the ids (it is the CLI's output)
    panel.select_agent("msd-executor")
    assert '"tier_alias"' in panel.resolve_model_json("msd-executor")


def test_layer_names_are_one_mapping_extracted_for_translation() -> None:
    english = {name for names in LAYER_NAMES.values() for name in names.values()}
    assert set(LAYER_TEXTS) == english


def test_fit_widths_shrinks_only_what_elides() -> None:
    assert fit_widths([100, 200, 300], 700, [([0, 2], 50)]) == [100, 200, 300]
    fitted = fit_widths([100, 200, 300], 500, [([0, 2], 50)])
    assert fitted[1] == 200
    assert sum(fitted) <= 500
    assert all(w >= 50 for w in fitted)
    # a later stage takes what the first could not, the unnamed column keeps its width
    fitted = fit_widths([100, 200, 300], 300, [([0, 2], 80), ([0, 1, 2], 40)])
    assert sum(fitted) <= 300
    assert fitted[1] < 200


def test_every_interactive_widget_has_an_accessible_name(
    qtbot: QtBot, project: ProjectRef, env: dict[str, str], pt_br: None
) -> None:
    panel = _panel(qtbot, project, env)
    panel.show()
    qtbot.waitExposed(panel)
    panel.select_agent("msd-planner")
    nameless = []
    for widget in panel.findChildren(QWidget):
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus or not widget.isVisibleTo(panel):
            continue
        iface = QAccessible.queryAccessibleInterface(widget)
        assert iface is not None
        if not iface.text(QAccessible.Text.Name).strip():
            nameless.append(f"{type(widget).__name__} {widget.objectName()}")
    assert nameless == []
    assert panel.copy_button.accessibleName() == (
        "Copiar a resolução do agente selecionado como JSON")


def test_keys_reach_the_whatif_controls_and_copy(qtbot: QtBot, project: ProjectRef,
                                                 env: dict[str, str]) -> None:
    panel = _panel(qtbot, project, env)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow, timeout=3000)
    panel.table.setFocus()
    for key, widget in ((Qt.Key.Key_U, panel.runtime_combo), (Qt.Key.Key_P, panel.profile_combo),
                        (Qt.Key.Key_O, panel.effort_combo), (Qt.Key.Key_A, panel.attempt_spin),
                        (Qt.Key.Key_G, panel.table)):
        QTest.keyClick(QApplication.focusWidget() or panel, key,
                       Qt.KeyboardModifier.AltModifier)
        assert QApplication.focusWidget() in (widget, *widget.findChildren(QWidget)), key
    panel.select_agent("msd-planner")
    with qtbot.waitSignal(panel.copied, timeout=2000):
        QTest.keyClick(panel.table, Qt.Key.Key_C,
                       Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert "Ctrl+Shift+C" in panel.copy_button.toolTip()
    # Tab runs through the controls as laid out
    panel.runtime_combo.setFocus()
    order = [QApplication.focusWidget()]
    for _ in range(5):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        order.append(QApplication.focusWidget())
    spin_parts = (panel.attempt_spin, *panel.attempt_spin.findChildren(QWidget))
    assert order[0] is panel.runtime_combo
    assert order[1] is panel.profile_combo
    assert order[2] is panel.effort_combo
    assert order[3] in spin_parts
    # the draft check box is disabled without a Settings draft: Tab passes it by
    assert order[4] is (panel.draft_check if panel.draft_check.isEnabled()
                        else panel.reset_button)
    assert order[5] in (panel.reset_button, panel.table)


def test_empty_states(qtbot: QtBot, tmp_path: Path, project: ProjectRef,
                      env: dict[str, str]) -> None:
    panel = _panel(qtbot, project, env)
    panel.show()
    qtbot.waitExposed(panel)
    trace_hint = panel.trace.viewport().findChild(EmptyHint)
    assert trace_hint is panel.trace_hint
    assert panel.trace_model.rowCount() == 0
    panel.bottom_tabs.setCurrentWidget(panel.trace)
    assert panel.trace_hint.isVisible()
    assert "Select an agent" in panel.trace_hint.text()
    assert not panel.table_hint.isVisible()  # the table has agents
    assert panel.diagram.view.text_lines() == ["No agent selected."]
    panel.select_agent("msd-planner")
    assert not panel.trace_hint.isVisible()
    # a config.json that cannot be read: the loader falls back to the defaults and says so
    root = tmp_path / "broken"
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "config.json").write_text("{ not json", encoding="utf-8")
    broken = _panel(qtbot, ProjectRef(root=root, name="broken", workspace="demo"), env)
    assert "the file could not be read" in broken.source_label.text()
    assert "line 1" in broken.source_label.text()


def test_an_empty_agents_table_says_why(qtbot: QtBot, project: ProjectRef, env: dict[str, str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """When the settings cannot be loaded at all (the loader raises), the table is empty and
    its hint points at the reason above it."""
    from msd_desktop.core.common.errors import MsdError
    from msd_desktop.ui.models import panel as models_panel

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise MsdError("config.json: permission denied")

    monkeypatch.setattr(models_panel, "load_config", refuse)
    panel = _panel(qtbot, project, env)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.table_model.rowCount() == 0
    assert panel.table_hint.isVisible()
    assert "could not be loaded" in panel.table_hint.text()
    assert panel.table.accessibleDescription() == panel.table_hint.text()
    assert "permission denied" in panel.source_label.text()
    monkeypatch.undo()
    panel.recompute()
    assert panel.table_model.rowCount() > 20
    assert not panel.table_hint.isVisible()
    assert panel.table.accessibleDescription() == ""


# ---- the smallest normal window ------------------------------------------------------------


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


def _models_tab(qtbot: QtBot, win: MainWindow, demo: Path, size: tuple[int, int]
                ) -> ModelsPanel:
    win.resize(*size)
    assert win.open_project(demo / "field-notes")
    win.project_tabs.setCurrentIndex(1)  # the Models tab, built as it is shown
    panel = win.project_tabs.currentWidget()
    assert isinstance(panel, ModelsPanel)
    qtbot.waitUntil(panel.isVisible, timeout=5000)
    QApplication.processEvents()
    return panel


def _check_fits(panel: ModelsPanel) -> None:
    QApplication.processEvents()
    assert layout_problems(panel) == []
    panel.bottom_tabs.setCurrentWidget(panel.diagram)
    QApplication.processEvents()
    assert elision_problems(panel) == []  # the ladder's texts wrap, none cut to "…"
    model = panel.table_model
    header = panel.table.horizontalHeader()
    metrics = panel.table.fontMetrics()
    bold = panel.table_model.bold_font()
    from PySide6.QtGui import QFontMetrics

    for row in range(model.rowCount()):
        text = model.index(row, COL_MODEL).data()
        fm = QFontMetrics(bold) if model.views[model.order[row]].changed else metrics
        assert fm.horizontalAdvance(text) < header.sectionSize(COL_MODEL), text


def _shoot(widget: QWidget, name: str) -> None:
    target = os.environ.get("MSD_SCREENSHOT_DIR")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        assert widget.grab().save(str(Path(target) / f"{name}.png"))


def test_smallest_window_nothing_clips(qtbot: QtBot, english: None, window: MainWindow,
                                       demo: Path) -> None:
    panel = _models_tab(qtbot, window, demo, (1024, 700))
    _check_fits(panel)
    panel.profile_combo.setCurrentIndex(panel.profile_combo.findData("quality"))
    panel.runtime_combo.setCurrentIndex(panel.runtime_combo.findData("codex"))
    panel.recompute(reload=False)
    panel.select_agent("msd-executor")
    _check_fits(panel)
    panel.bottom_tabs.setCurrentWidget(panel.trace)
    _check_fits(panel)
    panel.bottom_tabs.setCurrentWidget(panel.diagram)
    assert "(s)" not in panel.summary_label.text()  # "34 agents change"
    _shoot(window, "models-1024")


def test_smallest_window_in_portuguese(qtbot: QtBot, pt_br: None, window: MainWindow,
                                       demo: Path) -> None:
    panel = _models_tab(qtbot, window, demo, (1024, 700))
    panel.profile_combo.setCurrentIndex(panel.profile_combo.findData("quality"))
    panel.recompute(reload=False)
    panel.select_agent("msd-executor")
    _check_fits(panel)
    panel.bottom_tabs.setCurrentWidget(panel.trace)
    _check_fits(panel)
    panel.bottom_tabs.setCurrentWidget(panel.diagram)
    _shoot(window, "models-pt_BR-1024")


def test_large_window_fields_keep_their_size(qtbot: QtBot, english: None, window: MainWindow,
                                             demo: Path) -> None:
    panel = _models_tab(qtbot, window, demo, (1920, 1080))
    panel.select_agent("msd-executor")
    QApplication.processEvents()
    for combo in (panel.runtime_combo, panel.profile_combo, panel.effort_combo):
        assert combo.width() <= combo.sizeHint().width() + 2  # not stretched across the bar
    assert panel.attempt_spin.width() < 300
    _check_fits(panel)
    _shoot(window, "models-1920")


def _runtimes_tab(qtbot: QtBot, win: MainWindow, demo: Path) -> ModelsPanel:
    """checklist-printer's Models tab at 1024×700, on Runtimes (the demo's stale Codex install)."""
    win.resize(1024, 700)
    assert win.open_project(demo / "checklist-printer")
    win.project_tabs.setCurrentIndex(1)  # the Models tab, built as it is shown
    panel = win.project_tabs.currentWidget()
    assert isinstance(panel, ModelsPanel)
    panel.bottom_tabs.setCurrentWidget(panel.runtime_grid)
    qtbot.waitUntil(lambda: panel.runtime_grid.report is not None, timeout=60000)
    qtbot.waitUntil(panel.runtime_grid.banner.isVisible, timeout=10000)
    QApplication.processEvents()
    return panel


def test_runtimes_view_fits_the_smallest_window(qtbot: QtBot, english: None, window: MainWindow,
                                                demo: Path) -> None:
    from tests.layout_checks import cell_problems

    panel = _runtimes_tab(qtbot, window, demo)
    assert layout_problems(panel) == []
    assert cell_problems(panel.runtime_grid) == []
    assert "msd install codex --local" in panel.runtime_grid.banner_label.text()
    assert "Active runtime: codex" in panel.runtime_grid.strip.text()
    _shoot(window, "models-runtimes-1024")


def test_runtimes_view_in_portuguese(qtbot: QtBot, pt_br: None, window: MainWindow,
                                     demo: Path) -> None:
    from tests.layout_checks import cell_problems

    panel = _runtimes_tab(qtbot, window, demo)
    assert layout_problems(panel) == []
    assert cell_problems(panel.runtime_grid) == []
    assert "Runtime ativo: codex" in panel.runtime_grid.strip.text()
    assert "desatualizado" in panel.runtime_grid.banner_label.text()
    _shoot(window, "models-runtimes-pt_BR-1024")
