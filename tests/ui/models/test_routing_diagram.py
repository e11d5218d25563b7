"""The routing diagram: paints in light and dark, exports PNG/SVG, reads as text, follows the
Models tab's selection and what-if (offscreen, real demo project files)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QColor, QImage, QPalette
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from msd_desktop.core.models.execution import resolve_execution
from msd_desktop.core.models.ladder import SOURCE_WHATIF, WINNER, build_ladders
from msd_desktop.core.models.resolution import ResolutionInput
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.models import routing_diagram
from msd_desktop.ui.models.diagram_words import rung_tooltip
from msd_desktop.ui.models.layer_names import layer_title
from msd_desktop.ui.models.panel import ModelsPanel
from msd_desktop.ui.models.routing_diagram import RoutingDiagramPanel, RoutingDiagramView
from msd_desktop.ui.models.trace_model import COL_FILE, COL_LAYER, LayerIdRole
from msd_desktop.ui.widgets.theme import semantic_color

CONFIG = {"model_profile": "balanced", "model_overrides": {"msd-planner": "opus"}}


def _ladders(agent: str = "msd-executor", config: dict[str, Any] | None = None,
             **kwargs: Any) -> tuple[Any, tuple[Any, ...]]:
    res = resolve_execution(ResolutionInput(config=config or CONFIG), agent, **kwargs)
    return res, build_ladders(res, lambda key: "/p/.planning/config.json")


def _palette(dark: bool) -> QPalette:
    palette = QPalette()
    window, text = (QColor("#202124"), QColor("#e8eaed")) if dark else (
        QColor("#f0f0f0"), QColor("#000000"))
    base = QColor("#2b2b2b") if dark else QColor("#ffffff")
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        palette.setColor(group, QPalette.ColorRole.Window, window)
        palette.setColor(group, QPalette.ColorRole.Base, base)
        palette.setColor(group, QPalette.ColorRole.Text, text)
        palette.setColor(group, QPalette.ColorRole.WindowText, text)
    return palette


@pytest.fixture
def view(qtbot: QtBot) -> RoutingDiagramView:
    widget = RoutingDiagramView()
    qtbot.addWidget(widget)
    widget.resize(1100, 400)
    res, ladders = _ladders()
    widget.set_ladders("msd-executor", ladders, res)
    return widget


@pytest.mark.parametrize("dark", [False, True])
def test_paints_with_the_palette_and_semantic_colours(view: RoutingDiagramView,
                                                      dark: bool) -> None:
    view.setPalette(_palette(dark))
    image = view.render_image()
    assert not image.isNull()
    assert image.height() >= view.content_height(1100)
    palette = view.palette()
    assert image.pixelColor(2, 2) == palette.color(QPalette.ColorRole.Window)
    rect = view.winner_rect()
    assert rect is not None
    # the winner's state stripe (solid, left edge) is the palette's "ok" colour
    stripe = image.pixelColor(int(rect.left()) + 2, int(rect.center().y()))
    assert stripe == semantic_color("ok", palette)
    view.grab()  # the on-screen paint path too


def test_light_and_dark_winners_differ(view: RoutingDiagramView) -> None:
    colours = []
    for dark in (False, True):
        view.setPalette(_palette(dark))
        rect = view.winner_rect()
        assert rect is not None
        colours.append(view.render_image().pixelColor(int(rect.left()) + 2,
                                                      int(rect.center().y())))
    assert colours[0] != colours[1]


def test_export_png_and_svg_carry_the_rung_texts(view: RoutingDiagramView,
                                                 tmp_path: Path) -> None:
    png, svg = tmp_path / "d.png", tmp_path / "d.svg"
    assert view.export_png(png)
    image = QImage(str(png))
    assert not image.isNull()
    assert image.width() >= 3 * 250
    assert view.export_svg(svg)
    root = ET.parse(svg).getroot()  # well-formed XML
    texts = " ".join("".join(e.itertext()) for e in root.iter() if e.tag.endswith("text"))
    for ladder in view.ladders:
        for rung in ladder.rungs:
            assert layer_title(rung.kind, rung.layer) in texts, rung.layer
    assert "Tier alias" in texts
    assert "sonnet" in texts  # the model's value on its winner and heading
    description = "".join(e.text or "" for e in root.iter() if e.tag.endswith("desc"))
    assert description.splitlines() == view.text_lines()


def test_accessible_text_lists_every_rung_and_marks_the_winner(view: RoutingDiagramView
                                                               ) -> None:
    lines = view.accessibleDescription().splitlines()
    assert lines == view.text_lines()
    assert view.accessibleName() == "Routing diagram for msd-executor"
    rungs = [r for ladder in view.ladders for r in ladder.rungs]
    assert len(lines) == 1 + len(view.ladders) + len(rungs)
    for rung in rungs:
        assert any(f"({rung.layer})" in line for line in lines), rung.layer
    winners = [line for line in lines if " — Winner" in line]
    assert len(winners) == 3  # one per ladder
    n = 1 + [r.layer for r in view.ladders[0].rungs].index("tier_alias")
    assert f"{n}. Tier alias (tier_alias) — Winner — value sonnet — tier sonnet from profile " \
        "balanced — .planning/config.json" in lines
    assert "Model: sonnet" in lines
    iface = QAccessible.queryAccessibleInterface(view)
    assert iface is not None
    assert iface.text(QAccessible.Text.Name) == view.accessibleName()
    assert iface.text(QAccessible.Text.Description) == view.accessibleDescription()


def test_tooltips_name_the_layer_id_and_full_file(view: RoutingDiagramView) -> None:
    rect = view.winner_rect()
    assert rect is not None
    rung = view.rung_at(rect.center().x(), rect.center().y())
    assert rung is not None
    assert rung.state == WINNER
    tip = rung_tooltip(rung, view.result)
    assert "tier_alias" in tip
    assert "/p/.planning/config.json" in tip
    assert view.rung_at(1, 1) is None


def test_untrusted_values_are_shown_escaped(qtbot: QtBot, tmp_path: Path) -> None:
    widget = RoutingDiagramView()
    qtbot.addWidget(widget)
    config = {"model_overrides": {"msd-executor": "<b>x</b>&\ny\u202e"}}
    res, ladders = _ladders(config=config)
    widget.set_ladders("msd-executor", ladders, res)
    line = next(x for x in widget.text_lines() if "(model_overrides)" in x)
    assert "<b>x</b>&\\ny\\u202e" in line
    assert "\n" not in line
    widget.render_image()
    assert widget.export_svg(tmp_path / "hostile.svg")
    root = ET.parse(tmp_path / "hostile.svg").getroot()  # still well-formed XML
    texts = "".join("".join(e.itertext()) for e in root.iter() if e.tag.endswith("text"))
    assert "<b>x</b>&" in texts  # as text, not as markup


def test_empty_diagram_and_panel_export_buttons(qtbot: QtBot, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    panel = RoutingDiagramPanel(actions_inside=True)
    qtbot.addWidget(panel)
    assert not panel.png_button.isEnabled()
    assert panel.view.text_lines() == ["No agent selected."]
    panel.view.render_image()  # the "select an agent" text paints
    res, ladders = _ladders()
    panel.set_ladders("msd-executor", ladders, res)
    assert panel.png_button.isEnabled()
    asked: list[str] = []

    def answer(_parent: Any, _caption: str, suggested: str, _filter: str) -> str:
        asked.append(suggested)
        return str(tmp_path / suggested)

    monkeypatch.setattr(routing_diagram, "ask_export_path", answer)
    with qtbot.waitSignal(panel.exported) as blocker:
        panel.svg_button.click()
    assert blocker.args == [str(tmp_path / "routing-msd-executor.svg")]
    with qtbot.waitSignal(panel.exported):
        panel.png_button.click()
    assert asked == ["routing-msd-executor.svg", "routing-msd-executor.png"]
    assert (tmp_path / "routing-msd-executor.png").stat().st_size > 1000
    monkeypatch.setattr(routing_diagram, "ask_export_path", lambda *_a: None)
    panel.png_button.click()  # cancelled: nothing happens


def test_tall_diagram_scrolls_and_shows_the_winner(qtbot: QtBot) -> None:
    panel = RoutingDiagramPanel()
    qtbot.addWidget(panel)
    panel.resize(500, 260)  # narrow: the ladders stack, taller than the view
    panel.show()
    qtbot.waitExposed(panel)
    res, ladders = _ladders()
    panel.set_ladders("msd-executor", ladders, res)
    view = panel.view
    assert view.minimumHeight() > panel.scroll_area.viewport().height()
    bar = panel.scroll_area.verticalScrollBar()
    viewport = panel.scroll_area.viewport()

    def winner_in_view() -> bool:
        rect = view.winner_rect()
        assert rect is not None
        return bar.value() <= rect.top() and rect.bottom() <= bar.value() + viewport.height()

    qtbot.waitUntil(winner_in_view)
    assert bar.maximum() > 0
    assert bar.value() > 0  # the model's winner is its last rung, below the first screen
    # a wider panel re-lays the ladders out; the winner is followed ...
    panel.resize(1100, 260)
    qtbot.waitUntil(lambda: view.width() > 1000)
    qtbot.waitUntil(winner_in_view)
    # ... until the person scrolls (keys on the focused diagram)
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_Home)
    assert bar.value() == 0
    QTest.keyClick(view, Qt.Key.Key_PageDown)
    assert bar.value() > 0
    QTest.keyClick(view, Qt.Key.Key_End)
    assert bar.value() == bar.maximum()
    QTest.keyClick(view, Qt.Key.Key_Home)
    assert bar.value() == 0
    panel.resize(700, 260)
    qtbot.wait(50)
    assert bar.value() == 0
    assert view.minimumWidth() < 300  # a narrow window is not forced wider


# ---- in the Models tab ---------------------------------------------------------------------


@pytest.fixture
def models(qtbot: QtBot, demo: Path, env: dict[str, str]) -> ModelsPanel:
    root = demo / "field-notes"
    config = json.loads((root / ".planning" / "config.json").read_text(encoding="utf-8"))
    config["model_overrides"] = {"msd-planner": "opus"}
    (root / ".planning" / "config.json").write_text(json.dumps(config), encoding="utf-8")
    panel = ModelsPanel(ProjectRef(root=root, name="field-notes", workspace="demo"), env=env)
    qtbot.addWidget(panel)
    return panel


def test_models_tab_draws_the_selected_agent(models: ModelsPanel) -> None:
    assert models.bottom_tabs.currentWidget() is models.diagram
    assert models.diagram.view.ladders == ()
    models.select_agent("msd-planner")
    view = models.diagram.view
    assert [ladder.kind for ladder in view.ladders] == ["model", "effort", "fast_mode"]
    model = view.ladders[0]
    assert model.winner == "model_overrides"
    assert model.rungs[0].state == WINNER
    assert model.rungs[0].source.endswith("field-notes/.planning/config.json")
    assert "Per-agent override (model_overrides) — Winner — value opus" in (
        view.accessibleDescription())
    models.select_agent("msd-executor")
    assert view.agent == "msd-executor"
    assert view.ladders[0].winner == "tier_alias"


def test_whatif_profile_is_credited_to_the_whatif_in_diagram_and_trace(
    models: ModelsPanel,
) -> None:
    assert models.profile_combo.itemText(0) == "profile: as configured (balanced)"
    assert models.runtime_combo.itemText(0) == "runtime: as configured (claude, the default)"
    models.profile_combo.setCurrentIndex(models.profile_combo.findData("quality"))
    models.recompute(reload=False)
    models.select_agent("msd-executor")
    model = models.diagram.view.ladders[0]
    winner = model.winner_rung()
    assert winner is not None
    assert (winner.layer, winner.source, winner.whatif) == ("tier_alias", SOURCE_WHATIF,
                                                            "profile quality")
    trace = models.trace_model
    files = {trace.data(trace.index(r, COL_LAYER), LayerIdRole):
             trace.data(trace.index(r, COL_FILE))
             for r in range(trace.rowCount()) if trace.rows[r].kind == "model"}
    assert files["tier_alias"] == "what-if"  # not .planning/config.json (which says balanced)
    models.reset_whatif()
    models.select_agent("msd-executor")
    winner = models.diagram.view.ladders[0].winner_rung()
    assert winner is not None
    assert winner.source.endswith(".planning/config.json")
    assert winner.whatif == ""


def test_whatif_runtime_and_attempt_reach_the_diagram(models: ModelsPanel) -> None:
    models.runtime_combo.setCurrentIndex(models.runtime_combo.findData("codex"))
    models.attempt_spin.setValue(1)
    models.recompute(reload=False)
    models.select_agent("msd-executor")
    model, effort, _ = models.diagram.view.ladders
    winner = model.winner_rung()
    assert winner is not None
    assert winner.layer == "runtime_tier_default"
    assert winner.whatif == "runtime codex"
    assert [r.whatif for r in effort.rungs if r.layer == "--effort"] == [""]
    assert models.whatif is not None
    assert models.whatif.attempt == 1


def test_models_tab_at_a_small_window_keeps_the_diagram_usable(models: ModelsPanel,
                                                               qtbot: QtBot) -> None:
    models.resize(760, 560)
    models.show()
    qtbot.waitExposed(models)
    models.select_agent("msd-executor")
    view = models.diagram.view
    assert view.width() >= view.minimumWidth()
    assert view.isVisible()
    models.grab()


def test_settings_draft_is_credited_to_the_whatif(qtbot: QtBot, models: ModelsPanel,
                                                  env: dict[str, str]) -> None:
    from msd_desktop.ui.settings.form import ConfigFormPanel

    form = ConfigFormPanel(models.project, env=env)
    qtbot.addWidget(form)
    form.edit("model_overrides", {"msd-planner": "haiku"})  # on disk: opus
    models.draft_check.setChecked(True)
    models.recompute()
    models.select_agent("msd-planner")
    winner = models.diagram.view.ladders[0].winner_rung()
    assert winner is not None
    assert (winner.layer, winner.value) == ("model_overrides", "haiku")
    assert (winner.source, winner.whatif) == (SOURCE_WHATIF, "unsaved Settings draft")
    # an agent the draft leaves alone keeps the file its profile comes from
    models.select_agent("msd-executor")
    winner = models.diagram.view.ladders[0].winner_rung()
    assert winner is not None
    assert winner.source.endswith("field-notes/.planning/config.json")
    assert winner.whatif == ""


def test_exported_file_name_names_the_project_and_the_whatif(
        qtbot: QtBot, models: ModelsPanel, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def answer(_parent: Any, _caption: str, suggested: str, _filter: str) -> str:
        asked.append(suggested)
        return str(tmp_path / suggested)

    monkeypatch.setattr(routing_diagram, "ask_export_path", answer)
    models.show()
    models.select_agent("msd-executor")
    button = models.diagram.png_button
    button.setFocus()
    with qtbot.waitSignal(models.diagram.exported, timeout=10000):
        QTest.keyClick(button, Qt.Key.Key_Space)
    assert asked[-1] == "routing-field-notes-msd-executor.png"
    # a what-if chosen with the keyboard: the name says which
    combo = models.profile_combo
    combo.setFocus()
    while combo.currentData() != "quality" and combo.currentIndex() < combo.count() - 1:
        QTest.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentData() == "quality"
    models.recompute(reload=False)
    models.select_agent("msd-executor")
    button.setFocus()
    with qtbot.waitSignal(models.diagram.exported, timeout=10000):
        QTest.keyClick(button, Qt.Key.Key_Space)
    assert asked[-1] == "routing-field-notes-msd-executor-whatif-quality.png"
    assert (tmp_path / asked[-1]).stat().st_size > 1000


def test_exported_file_name_keeps_only_safe_characters() -> None:
    from msd_desktop.ui.models.routing_diagram import export_file_name

    assert export_file_name("svg", "msd-planner", "../My Shop/€", ("codex", "attempt2")) == (
        "routing-My-Shop-msd-planner-whatif-codex-attempt2.svg")
    assert export_file_name("png", "", "") == "routing-agent.png"
