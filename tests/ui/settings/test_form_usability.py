"""The Settings form for people: the schema's texts and the form's own words in Brazilian
Portuguese, a name for a screen reader on every control, empty tables that say so, and nothing
clipped or scrolling sideways at 1024×700 (English and pt_BR) nor stretched at 1920×1080.

Offscreen by default, real files, the real compiled catalogues. Through
``scripts/run-tests.sh`` with ``QT_QPA_PLATFORM=xcb`` and ``MSD_SCREENSHOT_DIR`` it photographs
the window's Settings tab: ``settings-1024.png``, ``settings-1920.png``,
``settings-pt_BR-1024.png``.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTableView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.schema import SCHEMA
from msd_desktop.core.workspace.registry import ProjectRef, Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.settings.form_widgets import KeyNameLabel
from msd_desktop.ui.settings.undo import counts, revert_text
from msd_desktop.ui.widgets.editors import LineEditor
from msd_desktop.ui.widgets.translation import install_translators
from tests.layout_checks import elision_problems, layout_problems
from tests.prerequisites import require_keyring
from tests.ui.settings.conftest import KeptForms

# Read the same in both languages: proper names and words the glossary keeps ("Runtime",
# "JSON"), markers, and schema titles whose Portuguese is the same word.
SAME_IN_BOTH = {"", "⋯", "●", "✎", "JSON", "Runtime", "runtime…", "Git", "Brave Search",
                "Exa Search", "Firecrawl", "Jina", "Perplexity", "Context7", "TDD", "UI",
                "Tavily", "Executor", "Backend", "Graphify", "Mempalace", "Fallow › MCP"}


def form_panel(kept_forms: KeptForms, demo: Path, env: dict[str, str],
               size: tuple[int, int] = (1024, 700)) -> ConfigFormPanel:
    """The module's form of the shown language, showing this test's field-notes."""
    return kept_forms.form(demo / "field-notes", env, size)


def own_widgets(panel: ConfigFormPanel) -> list[QWidget]:
    """The form page and the chrome around it (the JSON and API keys pages are their own
    area), in the panel's window (a combo box's popup is a window of its own)."""
    pages = [panel.inner_tabs.widget(i) for i in (1, 2)]
    return [w for w in panel.findChildren(QWidget)
            if w.window() is panel.window()
            and not any(p is w or p.isAncestorOf(w) for p in pages)]


def texts(panel: ConfigFormPanel) -> dict[str, str]:
    """Every text of the form's widgets, keyed by where it is; key names, paths and values
    are left out (they stay as they are)."""
    out: dict[str, str] = {}
    for i in range(panel.inner_tabs.count()):
        out[f"tab/{i}"] = panel.inner_tabs.tabText(i)
    for i in range(panel.scope_combo.count()):
        out[f"scope/{i}"] = panel.scope_combo.itemText(i).replace(
            "~/.msd/defaults.json", "")
    header = panel.model.column_headers()
    for i, text in enumerate(header):
        out[f"header/{i}"] = text
    for i, w in enumerate(own_widgets(panel)):
        where = f"{type(w).__name__}/{w.objectName() or i}"
        if isinstance(w, KeyNameLabel) or w is panel.path_label:
            continue  # the key name, the file's path
        if isinstance(w, QLabel | QAbstractButton) and w.text():
            out[where] = re.sub(r"</?h3>", "", w.text())
        if isinstance(w, QGroupBox):
            out[where + "/title"] = w.title()
        if isinstance(w, QLineEdit | QPlainTextEdit) and not isinstance(
                w.parentWidget(), QComboBox | QAbstractSpinBox) and w.placeholderText():
            out[where + "/placeholder"] = w.placeholderText()
        if isinstance(w, QComboBox) and w.count() and w is not panel.scope_combo:
            out[where + "/first"] = w.itemText(0)  # "(not set …)"; the rest are values
        if w.accessibleName():
            out[where + "/name"] = w.accessibleName()
        if w.toolTip() and not isinstance(w, QLabel):  # a label's tooltip is its own text
            out[where + "/tip"] = w.toolTip()
        model = w.model() if isinstance(w, QTableView) else None
        if isinstance(w, QTableView) and model is not None:
            for c in range(w.horizontalHeader().count()):
                out[f"{where}/header/{c}"] = str(model.headerData(
                    c, Qt.Orientation.Horizontal) or "")
    for section in panel.section_headers.values():
        out[f"section/{section.objectName()}"] = re.sub(r"</?h3>", "", section.text())
    return out


def the_same(en: dict[str, str], pt: dict[str, str]) -> list[str]:
    assert en.keys() == pt.keys()
    return [f"{k}: {en[k]!r}" for k in en
            if en[k] == pt[k] and en[k].strip() not in SAME_IN_BOTH
            and not _only_names(en[k])]


def _only_names(text: str) -> bool:
    """A text made of key names, values and numbers only (a pattern group's member names,
    a table's name from its key)."""
    words = text.replace(",", " ").replace(":", " ").split()
    return all(w in SCHEMA or "." in w or "_" in w or w.isdigit() or (w.islower()
               and len(w) <= 12 and w.isascii() and w.isalpha())
               for w in words)


# ----------------------------------------------------------------------------- (a) pt_BR


def test_form_speaks_portuguese(
        qtbot: QtBot, kept_forms: KeptForms, demo: Path, env: dict[str, str],
        request: pytest.FixtureRequest) -> None:
    en = texts(form_panel(kept_forms, demo, env))
    request.getfixturevalue("pt_br")
    panel = form_panel(kept_forms, demo, env)
    pt = texts(panel)
    assert len(en) > 500
    assert the_same(en, pt) == []
    assert panel.save_button.text() == "Salvar"
    assert panel.modified_only.text() == "Só as modificadas"
    # the schema's texts are the schema context's translations
    assert panel.rows["granularity"].title.text() == "Granularidade"
    assert panel.section_headers["core"].text() != "<h3>Core</h3>"
    # the key names stay as they are
    assert panel.rows["granularity"].key_label.text() == "granularity"
    # an option's help and a pattern member's description are translated too
    combo = panel.editor("granularity").combo
    assert combo.itemData(1, Qt.ItemDataRole.ToolTipRole).startswith("quantidade de fases")
    member = panel.editor("dynamic_routing").findChild(QComboBox, "member:dynamic_routing.enabled")
    assert member is not None
    assert member.toolTip().startswith("dynamic_routing.enabled: escalar")
    # and Save's own words, said by the form's saving layer
    panel.save()
    assert panel.status.text() == "Nenhuma alteração não salva."


def test_search_finds_the_shown_language_and_the_key(
        qtbot: QtBot, kept_forms: KeptForms, demo: Path, env: dict[str, str], pt_br: None) -> None:
    panel = form_panel(kept_forms, demo, env)
    panel.search.setText("granularidade")
    assert "granularity" in panel.visible_keys()
    panel.search.setText("granularity")
    assert "granularity" in panel.visible_keys()


def test_counts_are_plurals_in_both_languages(qtbot: QtBot, request: pytest.FixtureRequest
                                              ) -> None:
    request.getfixturevalue("english")
    assert counts().unsaved(1) == "1 unsaved change"
    assert counts().unsaved(2) == "2 unsaved changes"
    assert revert_text(1) == "revert 1 change"
    assert counts().saved("c.json", 3) == "Saved 3 changes to c.json."
    app = QApplication.instance()
    assert app is not None
    for translator in install_translators(app, "pt_BR"):
        request.addfinalizer(lambda t=translator: app.removeTranslator(t))
    assert counts().unsaved(1) == "1 alteração não salva"
    assert counts().unsaved(2) == "2 alterações não salvas"
    assert counts().unsaved_in("c.json", 2) == "c.json: 2 alterações não salvas"


def test_undo_names_and_editor_notes_speak_portuguese(
        qtbot: QtBot, kept_forms: KeptForms, demo: Path, env: dict[str, str], pt_br: None) -> None:
    panel = form_panel(kept_forms, demo, env)
    title = panel.rows["max_concurrent_agents"].fk.title if "max_concurrent_agents" in \
        panel.rows else panel.rows["granularity"].fk.title
    key = "max_concurrent_agents" if "max_concurrent_agents" in panel.rows else "granularity"
    panel.edit(key, 7 if key == "max_concurrent_agents" else "fine")
    text = panel.undo_stack.undoText()
    assert text.startswith("definir " + title + " como "), text
    assert QCoreApplication.translate("SettingsEditors", "(not set)") == "(não definido)"


# ----------------------------------------------------------------------------- (b) a11y


def interactive(w: QWidget) -> bool:
    return (isinstance(w, QAbstractButton | QComboBox | QLineEdit | QAbstractSpinBox
                       | QPlainTextEdit | QAbstractItemView)
            and w.isVisible()
            and not isinstance(w.parentWidget(), QComboBox | QAbstractSpinBox))


def test_every_control_has_an_accessible_name(
        qtbot: QtBot, kept_forms: KeptForms, demo: Path, env: dict[str, str]) -> None:
    panel = form_panel(kept_forms, demo, env)
    controls = [w for w in own_widgets(panel) if interactive(w)]
    assert len(controls) >= len(SCHEMA)
    missing = []
    for w in controls:
        face = QAccessible.queryAccessibleInterface(w)
        name = face.text(QAccessible.Text.Name) if face is not None else ""
        if not name.strip():
            missing.append(f"{type(w).__name__}/{w.objectName()}")
    assert missing == []
    # a setting's control is named by its title, not by its value or "(default)"
    row = panel.rows["granularity"]
    combo = row.editor.findChild(QComboBox)
    assert combo is not None
    assert combo.accessibleName() == row.fk.title
    assert row.menu_button.accessibleName() == f"More actions for {row.fk.title}"
    assert "Ctrl+F" in panel.search.toolTip()
    assert "Ctrl+S" in panel.save_button.toolTip()


# ----------------------------------------------------------------------------- (c) empty


def test_empty_tables_and_filters_say_so(
        qtbot: QtBot, kept_forms: KeptForms, demo: Path, env: dict[str, str],
        request: pytest.FixtureRequest) -> None:
    panel = form_panel(kept_forms, demo, env)
    overrides = panel.editor("model_overrides")
    overrides.set_value({})
    hint = overrides.empty_hint
    hint.refresh()
    assert overrides.table.rowCount() == 0
    assert hint.isVisibleTo(panel)
    assert "Add" in hint.text()
    assert overrides.table.accessibleDescription() == hint.text()  # a screen reader hears it
    overrides.set_value({"planner": "opus"})
    assert not hint.isVisibleTo(panel)
    # a runtime × tier table with no runtime
    tiers = panel.editor("model_profile_overrides")
    tiers.set_value(None)
    assert tiers.empty_hint.isVisibleTo(panel)
    assert tiers.empty_hint.text()
    # a search that finds nothing
    panel.search.setText("no-such-setting-anywhere")
    QApplication.processEvents()
    assert panel.empty_label.isVisibleTo(panel)
    assert "Clear the search" in panel.empty_label.text()
    request.getfixturevalue("pt_br")
    pt = form_panel(kept_forms, demo, env)
    pt.editor("model_overrides").set_value({})
    assert "Adicionar" in pt.editor("model_overrides").empty_hint.text()


# ----------------------------------------------------------------------------- own writes


def test_own_keyring_write_is_not_an_outside_change(
        qtbot: QtBot, kept_forms: KeptForms, demo: Path, env: dict[str, str]) -> None:
    panel = form_panel(kept_forms, demo, env)
    assert panel.draft is not None
    path = panel.draft.path
    data = json.loads(path.read_text(encoding="utf-8"))
    panel.status.setText("Moved 1 key to the keyring: brave_search.")
    path.write_text(json.dumps({**data, "brave_search": True}, indent=2) + "\n",
                    encoding="utf-8")  # what the migration leaves
    panel._own_write_done()  # the API keys panel's config_changed after its own write
    assert panel.draft.value("brave_search") is True  # reloaded
    assert panel.status.text() == "Moved 1 key to the keyring: brave_search."
    # a change by someone else afterwards is still reported
    path.write_text(json.dumps({**data, "mode": "yolo"}, indent=2) + "\n", encoding="utf-8")
    panel.check_disk()
    assert panel.status.text() == "The file changed on disk; the form was reloaded."


# ----------------------------------------------------------------------------- (d) sizes


def check_fits(panel: QWidget) -> None:
    QApplication.processEvents()
    assert layout_problems(panel) == []
    # a setting's title, key and default wrap onto the row's next line rather than elide
    assert elision_problems(panel) == []


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


def settings_in_window(qtbot: QtBot, win: MainWindow, root: Path,
                       size: tuple[int, int]) -> ConfigFormPanel:
    win.resize(*size)
    assert win.open_project(root)
    form = win.project_tabs.page(0)
    win.project_tabs.setCurrentWidget(form)
    qtbot.waitUntil(form.isVisible, timeout=5000)
    assert isinstance(form, ConfigFormPanel)
    form.build_all_editors()
    QApplication.processEvents()
    return form


def picture(win: MainWindow, name: str) -> None:
    target = os.environ.get("MSD_SCREENSHOT_DIR")
    if target:
        QApplication.processEvents()
        Path(target).mkdir(parents=True, exist_ok=True)
        assert win.grab().save(str(Path(target) / f"{name}.png"))


def check_row_heads(form: ConfigFormPanel) -> None:
    """Name, key, default and buttons never overlap: side by side in reading order on one
    line, or the key and the default on the lines below the title."""
    for key, row in form.rows.items():
        if not row.isVisibleTo(form):
            continue
        parts = [row.title, row.key_label, row.default_label, row.reset_button]
        shown = [p for p in parts if p.isVisibleTo(row) and p.width() > 0]
        for a, b in itertools.combinations(shown, 2):
            assert not a.geometry().intersects(b.geometry()), (key, a, b)
            if a.geometry().top() == b.geometry().top():  # one line: in reading order
                assert a.geometry().right() < b.geometry().left(), (key, a, b)


def test_smallest_window_nothing_clips(qtbot: QtBot, english: None, window: MainWindow,
                                       demo: Path) -> None:
    form = settings_in_window(qtbot, window, demo / "field-notes", (1024, 700))
    check_fits(form)
    check_row_heads(form)
    picture(window, "settings-1024")


def test_smallest_window_in_portuguese(qtbot: QtBot, pt_br: None, window: MainWindow,
                                       demo: Path) -> None:
    form = settings_in_window(qtbot, window, demo / "field-notes", (1024, 700))
    check_fits(form)
    check_row_heads(form)
    picture(window, "settings-pt_BR-1024")


def test_large_window_keeps_fields_to_their_size(qtbot: QtBot, english: None,
                                                 window: MainWindow, demo: Path) -> None:
    form = settings_in_window(qtbot, window, demo / "field-notes", (1920, 1080))
    check_fits(form)
    chars = form.fontMetrics().averageCharWidth()
    lines = [e for e in form.editors.values() if type(e) is LineEditor]
    assert lines
    for editor in lines:  # free text gets room for a path, not the whole window
        assert editor.line.width() <= 80 * chars, editor.spec.key
    picture(window, "settings-1920")


# ----------------------------------------------------------------------------- Tab order


def _owner(panel: ConfigFormPanel, widget: QWidget | None) -> str | None:
    return next((key for key, row in panel.rows.items()
                 if widget is not None and row.isAncestorOf(widget)), None)


def _tab_stop(widget: QWidget) -> bool:
    """A widget Tab can land on (a combo's or spin box's inner line edit goes with it)."""
    return bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus) and not isinstance(
        widget.parentWidget(), QComboBox | QAbstractSpinBox)


def test_tab_goes_down_the_form_even_when_rows_were_built_out_of_order(
        qtbot: QtBot, demo: Path, env: dict[str, str]) -> None:
    root = demo / "field-notes"
    panel = ConfigFormPanel(ProjectRef(root=root, name="field-notes", workspace="demo"),
                            env=env)
    qtbot.addWidget(panel)
    panel.resize(1024, 700)
    panel.show()
    order = [fk.key for fk in panel.model.keys]
    panel.row(order[-1])  # a click in the contents builds the last row first
    panel.row(order[40])
    panel.build_all_editors()
    qtbot.waitUntil(lambda: not panel._tab_timer.isActive(), timeout=3000)
    # the focus chain (what Tab follows) visits the rows in form order, each once
    seen: list[str] = []
    widget = panel.rows[order[0]].reset_button.nextInFocusChain()
    for _ in range(5000):
        key = _owner(panel, widget) if _tab_stop(widget) else None
        if key is not None and (not seen or seen[-1] != key):
            seen.append(key)
        widget = widget.nextInFocusChain()
        if widget is panel.rows[order[0]].reset_button:
            break
    assert seen == order
    # and real Tab presses walk from one setting into the next
    panel.activateWindow()
    first = panel.rows["context"].editor.line
    first.setFocus()
    qtbot.waitUntil(first.hasFocus, timeout=3000)
    owners = []
    for _ in range(12):
        focused = QApplication.focusWidget()
        owners.append(_owner(panel, focused))
        QTest.keyClick(focused, Qt.Key.Key_Tab)
    keys = [k for i, k in enumerate(owners) if k is not None and k not in owners[:i]]
    positions = [order.index(k) for k in keys]
    assert positions == sorted(positions)
    assert len(keys) >= 3


def test_a_long_status_does_not_widen_the_form(
        qtbot: QtBot, kept_forms: KeptForms, demo: Path, env: dict[str, str]) -> None:
    panel = form_panel(kept_forms, demo, env)
    before = panel.minimumSizeHint().width()
    long_path = "/" + "/".join(["a-very-long-folder-name"] * 20) + "/config.json"
    panel.status.setText(counts().saved(long_path, 2))
    QApplication.processEvents()
    assert panel.minimumSizeHint().width() <= before
    assert panel.status.text().endswith(long_path + ".")  # the whole sentence is kept
    assert long_path in panel.status.toolTip()


def test_setting_menu_speaks_portuguese(
        qtbot: QtBot, kept_forms: KeptForms, demo: Path, env: dict[str, str],
        request: pytest.FixtureRequest) -> None:
    panel = form_panel(kept_forms, demo, env)

    def entries() -> list[str]:
        menu = panel.row_actions.build(panel, "granularity", "fine", True, lambda: None)
        return [a.text() for a in menu.actions() if not a.isSeparator()]

    en = entries()
    request.getfixturevalue("pt_br")
    pt = entries()
    assert len(en) == 4
    assert all(a != b for a, b in zip(en, pt, strict=True))
    assert pt[-1].endswith("msd config-set …")  # the command stays as typed


@pytest.mark.keyring
def test_moving_a_key_to_the_real_keyring_is_not_an_outside_change(
        qtbot: QtBot, demo: Path) -> None:
    """The API keys panel's migration writes config.json (the sentinel): the form reloads
    without saying the file changed on disk (real keyring: scripts/run-tests.sh)."""
    from msd_desktop.core.secrets import store as secrets

    require_keyring()
    keep = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
            "PATH", "DBUS_SESSION_BUS_ADDRESS", "GNOME_KEYRING_CONTROL")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    root = demo / "field-notes"
    path = root / ".planning" / "config.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "brave_search": "BSA-form-polish-0123456789"},
                               indent=2) + "\n", encoding="utf-8")
    panel = ConfigFormPanel(ProjectRef(root=root, name="field-notes", workspace="demo"),
                            env=env)
    qtbot.addWidget(panel)
    panel.show()
    panel.inner_tabs.setCurrentWidget(panel._api_keys_page)  # the page loads when shown
    keys = panel.api_keys_panel()
    qtbot.waitUntil(lambda: keys.loaded and not keys.busy, timeout=10000)
    try:
        with qtbot.waitSignal(keys.config_changed, timeout=15000):
            keys.migrate()
        assert panel.draft is not None
        qtbot.waitUntil(lambda: panel.draft.value("brave_search") is True, timeout=5000)
        qtbot.wait(400)  # the file watcher's own event arrives too
        assert "changed on disk" not in panel.status.text()
        assert panel.disk_banner.isHidden()
    finally:
        secrets.delete_secret("brave_search", root=root, env=env)
