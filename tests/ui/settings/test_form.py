"""The generated Settings form on a copy of a demo project (offscreen)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTabWidget
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft import GROUP_KEYS, Scope
from msd_desktop.core.config.schema import SCHEMA
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings import form as config_form
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.settings.form_model import (
    ConfigFilterProxyModel,
    ConfigFormModel,
    SectionCountRole,
    SectionRole,
    SectionTocModel,
)
from msd_desktop.ui.settings.key_row import KeyRowWidget
from msd_desktop.ui.widgets.editors import (
    RUNTIME_TIER_GROUPS,
    ComboEditor,
    PatternGroupEditor,
    ValueEditor,
)
from msd_desktop.ui.widgets.editors_runtime import RuntimeTiersEditor
from tests.form_saving import save_form


@pytest.fixture
def project(demo: Path) -> ProjectRef:
    root = demo / "field-notes"
    path = root / ".planning" / "config.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["zzz_custom"] = {"keep": True}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return ProjectRef(root=root, name="field-notes", workspace="demo")


@pytest.fixture
def panel(qtbot: QtBot, project: ProjectRef, env: dict[str, str]) -> ConfigFormPanel:
    widget = ConfigFormPanel(project, env=env)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    return widget


def _config(project: ProjectRef) -> dict:
    return json.loads((project.root / ".planning" / "config.json").read_text(encoding="utf-8"))


def test_exactly_one_editor_per_schema_key(panel: ConfigFormPanel) -> None:
    panel.build_all_editors()
    assert set(panel.editors) == set(SCHEMA) | set(GROUP_KEYS)
    for group in RUNTIME_TIER_GROUPS:  # the <family>.<runtime>.<tier> tables
        assert isinstance(panel.editors[group], RuntimeTiersEditor), group
    routing = panel.editors["dynamic_routing"]
    assert isinstance(routing, PatternGroupEditor)
    assert set(routing.lists) == {"provider_escalation"}  # the array member has its field
    for key, row in panel.rows.items():
        direct = [e for e in row.findChildren(ValueEditor) if e.parent() is row]
        assert direct == [panel.editors[key]], key
    assert len(panel.form_body.findChildren(ValueEditor)) >= len(SCHEMA)
    panel.build_all_editors()  # idempotent: still one per key
    assert len(panel.editors) == len(panel.form_body.findChildren(KeyRowWidget))
    # the layout holds the rows in form order, each after its section's header
    layout = panel.form_layout
    names = [layout.itemAt(i).widget().objectName() for i in range(layout.count())
             if layout.itemAt(i).widget() is not None]
    rows = [n.removeprefix("row:") for n in names if n.startswith("row:")]
    assert rows == [fk.key for fk in panel.model.keys]
    for fk in panel.model.keys:
        assert names.index(f"section:{fk.section}") < names.index(f"row:{fk.key}")


def test_rows_are_built_lazily(qtbot: QtBot, panel: ConfigFormPanel) -> None:
    assert panel.rows == {}  # nothing before the form is shown
    panel._idle_start.setInterval(60_000)  # hold the background completion for now
    panel.show()
    qtbot.waitExposed(panel)
    first = set(panel.rows)
    assert 0 < len(first) < len(panel.model.keys) / 2
    assert all(not panel.rows[k].isHidden() for k in first)
    assert not panel.more_label.isHidden()
    # a search builds (and shows) the matching rows, wherever they are: a screenful of them
    # at once, however loaded the machine, and the others before any row that does not match
    panel.search.setText("mempalace")
    matches = panel.visible_keys()
    assert len(matches) > 1
    at_once = matches[:panel.screenful_rows()]
    assert all(k in panel.rows and not panel.rows[k].isHidden() for k in at_once)
    while not all(k in panel.rows for k in matches):
        panel._idle_build()  # what the (held) idle timer runs: a chunk of the matches left
    assert set(panel.rows) == first | set(matches)
    assert all(not panel.rows[k].isHidden() for k in matches)
    panel.search.clear()
    # the contents list builds its section (and the ones before) and scrolls there
    toc_row = panel.toc_model.sections.index("mempalace")
    panel._toc_clicked(panel.toc_model.index(toc_row, 0))
    header = panel.section_headers["mempalace"]
    assert not header.isHidden()
    assert panel.scroll_area.verticalScrollBar().value() > 0
    # the rest is built while the form is on screen
    panel._idle_start.setInterval(0)
    panel._idle_start.start()
    qtbot.waitUntil(panel.all_built, timeout=20000)
    assert panel.more_label.isHidden()
    assert all(not r.isHidden() for r in panel.rows.values())


@pytest.mark.parametrize("size", [(1000, 700), (600, 420)])
def test_first_screenful_fills_the_form_and_no_more(
    qtbot: QtBot, project: ProjectRef, env: dict[str, str], size: tuple[int, int]
) -> None:
    """As a window's tab (the app's case): the first rows built are those the form's
    viewport shows — no gap under them, none further down — in form order."""
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("other"), "Other")
    panel = ConfigFormPanel(project, env=env)
    panel._idle_start.setInterval(60_000)
    tabs.addTab(panel, "Settings")
    tabs.resize(*size)
    tabs.show()
    qtbot.waitExposed(tabs)
    assert panel.rows == {}
    tabs.setCurrentWidget(panel)
    qtbot.wait(100)  # the scroll area sizes the form when the event loop runs
    keys = [fk.key for fk in panel.model.keys]
    first = [k for k in keys if k in panel.rows]
    assert first == keys[:len(first)]
    assert all(panel.rows[k].isVisible() for k in first)
    viewport = panel.scroll_area.viewport()

    def top_and_bottom(key: str) -> tuple[int, int]:
        row = panel.rows[key]
        top = row.mapTo(viewport, row.rect().topLeft()).y()
        return top, top + row.height()

    assert top_and_bottom(first[-1])[1] >= viewport.height()  # no gap under the rows
    assert top_and_bottom(first[-1])[0] <= viewport.height()  # none wholly below the fold


def test_models_pass_the_model_tester(qtmodeltester, panel: ConfigFormPanel) -> None:
    qtmodeltester.check(panel.model)
    qtmodeltester.check(panel.proxy)
    qtmodeltester.check(panel.toc_model)
    panel.search.setText("drift")
    qtmodeltester.check(panel.proxy)
    qtmodeltester.check(panel.toc_model)


def test_standalone_models(qtmodeltester) -> None:
    model = ConfigFormModel()
    proxy = ConfigFilterProxyModel()
    proxy.setSourceModel(model)
    qtmodeltester.check(model)
    qtmodeltester.check(SectionTocModel(proxy))


def test_round_trip_edit_save_file_reload(
    qtbot: QtBot, panel: ConfigFormPanel, project: ProjectRef, env: dict[str, str]
) -> None:
    combo = panel.editor("mode")
    assert isinstance(combo, ComboEditor)
    combo.combo.setCurrentIndex(combo.combo.findData("interactive"))
    assert panel.draft is not None
    assert panel.draft.pending == {"mode": "interactive"}
    assert panel.save_button.isEnabled()
    assert panel.inner_tabs.tabText(1) == "JSON (unsaved)"
    assert '"mode": "interactive",' in panel.json_view.toPlainText()
    with qtbot.waitSignal(panel.saved):
        save_form(qtbot, panel)
    data = _config(project)
    assert data["mode"] == "interactive"
    assert data["zzz_custom"] == {"keep": True}  # unknown keys survive
    reopened = ConfigFormPanel(project, env=env)
    qtbot.addWidget(reopened)
    assert reopened.editor("mode").combo.currentData() == "interactive"  # type: ignore
    assert "zzz_custom.keep" in reopened.unknown_label.text()
    assert "Modified in: Project = interactive" in reopened.row("mode").provenance.text()


def test_a_row_is_made_without_the_parts_it_does_not_show(panel: ConfigFormPanel) -> None:
    """A valid setting's row has no error label, and in a wide form no lines under its head:
    they are made when first needed (a form is ~200 rows)."""
    from msd_desktop.ui.widgets.wrapping_label import WrappingLabel

    panel.resize(1600, 900)
    panel.show()
    row = panel.row("review.default_reviewers")
    panel.form_layout.activate()
    assert row.findChildren(WrappingLabel) == [row.provenance]  # no error label yet
    assert row.head_lines == 1
    assert row.layout().count() == 4  # the head, the description, the editor, the provenance
    editor = panel.editor("review.default_reviewers")
    editor.other.setText("not a slug!")  # type: ignore[attr-defined]
    editor.other.editingFinished.emit()  # type: ignore[attr-defined]
    assert "invalid reviewer slug" in row.error.text()
    assert not row.error.isHidden()
    layout = row.layout()
    assert layout.indexOf(row.error) == layout.indexOf(row.editor) + 1  # next to the field


def test_validation_error_blocks_save(qtbot, panel: ConfigFormPanel, project: ProjectRef) -> None:
    before = (project.root / ".planning" / "config.json").read_bytes()
    editor = panel.editor("review.default_reviewers")
    editor.other.setText("not a slug!")  # type: ignore[attr-defined]
    editor.other.editingFinished.emit()  # type: ignore[attr-defined]
    row = panel.row("review.default_reviewers")
    assert "invalid reviewer slug" in row.error.text()
    assert not row.error.isHidden()
    assert not panel.save_button.isEnabled()
    assert save_form(qtbot, panel) is False
    assert (project.root / ".planning" / "config.json").read_bytes() == before


def test_external_write_during_draft_shows_banner_and_loses_nothing(
    qtbot: QtBot, panel: ConfigFormPanel, project: ProjectRef
) -> None:
    panel.edit("granularity", "fine")
    path = project.root / ".planning" / "config.json"
    data = _config(project)
    data["model_profile"] = "quality"
    with qtbot.waitSignal(panel.disk_conflict_shown, timeout=5000):
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    assert not panel.disk_banner.isHidden()
    panel.diff_button.click()
    assert "model_profile" in panel.conflict_view.preview.disk_only
    assert panel.draft is not None
    assert panel.draft.pending == {"granularity": "fine"}
    panel.keep_mine()
    assert panel.disk_banner.isHidden()
    assert save_form(qtbot, panel)
    saved = _config(project)
    assert saved["granularity"] == "fine"
    assert saved["model_profile"] == "quality"


def test_external_write_without_draft_reloads(qtbot: QtBot, panel: ConfigFormPanel,
                                              project: ProjectRef) -> None:
    data = _config(project)
    data["mode"] = "interactive"
    path = project.root / ".planning" / "config.json"
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    panel.check_disk()
    assert panel.disk_banner.isHidden()
    assert panel.editor("mode").combo.currentData() == "interactive"  # type: ignore


def test_search_filters_and_highlights(panel: ConfigFormPanel) -> None:
    panel.search.setText("drift")
    keys = panel.visible_keys()
    assert keys
    assert all("drift" in (k + SCHEMA[k].description).lower() for k in keys)
    assert not panel.rows[keys[0]].isHidden()
    assert panel.row("mode").isHidden()
    assert "<span" in panel.rows[keys[0]].key_label.text()
    panel.search.setText("no-such-setting-anywhere")
    assert panel.visible_keys() == []
    assert not panel.empty_label.isHidden()


def test_modified_only(panel: ConfigFormPanel) -> None:
    panel.modified_only.setChecked(True)
    visible = set(panel.visible_keys())
    assert "mode" in visible
    assert "context_window" not in visible
    panel.edit("context_window", 300000)
    assert "context_window" in panel.visible_keys()


def test_reset_and_revert(panel: ConfigFormPanel) -> None:
    assert panel.row("mode").reset_button.isEnabled()
    panel.reset_key("mode")
    assert panel.draft is not None
    assert "mode" in panel.draft.pending
    panel.revert()
    assert not panel.draft.dirty


def test_global_scope_edits_defaults_json(
    qtbot,
    panel: ConfigFormPanel, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    panel.edit("mode", "interactive")
    project_draft = panel.draft
    # switching the scope asks nothing and drops nothing: each file keeps its own draft
    monkeypatch.setattr(config_form, "ask_discard_changes", lambda *_a: pytest.fail("asked"))
    panel._scope_picked(panel.scope_combo.findData(Scope.GLOBAL))
    assert panel.scope is Scope.GLOBAL
    panel.edit("model_profile", "quality")
    assert save_form(qtbot, panel)
    defaults = Path(env["HOME"]) / ".msd" / "defaults.json"
    assert json.loads(defaults.read_text(encoding="utf-8")) == {"model_profile": "quality"}
    panel._scope_picked(panel.scope_combo.findData(Scope.PROJECT))
    assert panel.draft is project_draft
    assert panel.draft.pending == {"mode": "interactive"}


def test_models_group_editor_saves_through_the_draft(
    qtbot: QtBot, panel: ConfigFormPanel, project: ProjectRef
) -> None:
    editor = panel.editor("models")
    assert isinstance(editor, PatternGroupEditor)
    editor.set_member("planning", "opus")
    assert panel.draft is not None
    assert panel.draft.pending == {"models": {"planning": "opus"}}
    assert panel.save_button.isEnabled()
    with qtbot.waitSignal(panel.saved):
        save_form(qtbot, panel)
    data = _config(project)
    assert data["models"] == {"planning": "opus"}
    assert data["zzz_custom"] == {"keep": True}


def test_group_values_are_validated_by_the_core(
    panel: ConfigFormPanel, project: ProjectRef
) -> None:
    before = (project.root / ".planning" / "config.json").read_bytes()
    assert panel.draft is not None
    panel.editor("models").edited.emit({"planning": "gpt-9"})
    assert "Invalid models.planning 'gpt-9'" in panel.draft.errors["models"]
    assert not panel.save_button.isEnabled()
    panel.editor("dynamic_routing").edited.emit({"tier_models": {"light": "opus"},
                                                 "max_escalations": "two"})
    assert "dynamic_routing.max_escalations" in panel.draft.errors["dynamic_routing"]
    panel.editor("effort.agent_overrides").edited.emit({"msd-planner": "huge"})
    assert "effort.agent_overrides.msd-planner" in panel.draft.errors["effort.agent_overrides"]
    assert (project.root / ".planning" / "config.json").read_bytes() == before


def test_table_of_contents_counts_and_disables(panel: ConfigFormPanel) -> None:
    toc = panel.toc_model
    core = toc.index(toc.sections.index("core"), 0)
    total = sum(1 for fk in panel.model.keys if fk.section == "core")
    assert toc.data(core) == f"Core  ({total})"
    assert toc.data(core, SectionRole) == "core"
    assert toc.data(core, SectionCountRole) == total
    assert toc.flags(core) & Qt.ItemFlag.ItemIsEnabled
    panel.search.setText("drift")
    counts = {s: toc.data(toc.index(r, 0), SectionCountRole) for r, s in enumerate(toc.sections)}
    shown = panel.visible_keys()
    for section, count in counts.items():
        assert count == sum(1 for k in shown if panel._form_keys[k].section == section)
        row = toc.index(toc.sections.index(section), 0)
        assert bool(toc.flags(row) & Qt.ItemFlag.ItemIsEnabled) == bool(count), section
        assert not toc.flags(row) & Qt.ItemFlag.ItemIsEditable
    assert toc.data(toc.index(toc.sections.index("core"), 0)) == f"Core  ({counts['core']})"


def test_json_page_is_built_when_first_opened(panel: ConfigFormPanel) -> None:
    assert panel._json_view is None
    assert panel.disk_banner._details is None
    panel.inner_tabs.setCurrentIndex(1)
    assert panel._json_view is not None
    assert '"mode"' in panel._json_view.toPlainText()  # the file as read
    panel.edit("mode", "interactive")
    assert '"mode": "interactive",' in panel._json_view.toPlainText()
    assert panel.inner_tabs.tabText(1) == "JSON (unsaved)"
