"""The Settings tab's side pages for people — the JSON page, the conflict view and the API keys
panel: Brazilian Portuguese everywhere they speak, where a key lives said in plain words, names
for a screen reader, a hint where a list is empty, secrets masked, and nothing clipped or
scrolling sideways at 1024×700 (English and pt_BR).

Offscreen, real demo project files, a real draft, the real compiled catalogues; the keyring is
whatever the machine has (none offscreen: the panel then says so, which is one of its texts).
``MSD_SCREENSHOT_DIR`` saves the pictures there (``settings-pages-1024.png``,
``settings-pages-1920.png``, ``settings-pages-pt_BR-1024.png``: the JSON page under the
conflict view, beside the API keys page).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAccessible, QImage, QPainter
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTableView,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.conflict import preview_for_draft
from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.core.secrets.masking import mask
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings.api_keys_panel import ApiKeysPanel
from msd_desktop.ui.settings.conflict_view import ConflictView, MergeTableModel
from msd_desktop.ui.settings.json_page import JsonSettingsPage
from msd_desktop.ui.widgets.config_words import secret_places_text
from tests.layout_checks import layout_problems

SECRET = "sk-live-0123456789abcdef"
OUTSIDE = "sk-outside-aaaabbbbccccdddd"
# reads the same in both languages: separators and empty texts, the product's name for the
# text format, and the key names with their environment variables (the API keys' titles)
SAME_IN_BOTH = {"", "JSON"}
SAME_NAMES = ("secret-name:",)


def _write(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "proj" / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    _write(path, {"brave_search": SECRET, "context_profile": "dev", "zz_custom": 1,
                  "intel": {"enabled": True}})
    return path


def conflict_draft(config: Path) -> ConfigDraft:
    """A draft with my edits, then the same file changed outside (a conflict on one key)."""
    draft = ConfigDraft(config)
    draft.set("context_profile", "research")
    draft.set("intel.enabled", False)
    _write(config, {"brave_search": OUTSIDE, "context_profile": "review", "zz_custom": 2,
                    "intel": {"enabled": True}})
    return draft


# ---- building each page alone -------------------------------------------------------------


def json_page(qtbot: QtBot, config: Path, size: tuple[int, int] = (1024, 700)
              ) -> JsonSettingsPage:
    page = JsonSettingsPage()
    qtbot.addWidget(page)
    page.resize(*size)
    draft = ConfigDraft(config)
    page.set_draft(draft)
    page.show()
    draft.set("context_profile", "research")
    page.refresh()
    page.diff_check.setChecked(True)
    QApplication.processEvents()
    return page


def conflict_view(qtbot: QtBot, config: Path, size: tuple[int, int] = (1024, 700)
                  ) -> ConflictView:
    view = ConflictView()
    qtbot.addWidget(view)
    view.resize(*size)
    draft = conflict_draft(config)
    view.set_source(lambda choices: preview_for_draft(draft, choices))
    view.show()
    QApplication.processEvents()
    return view


def keys_panel(qtbot: QtBot, root: Path, env: dict[str, str],
               size: tuple[int, int] = (1024, 700)) -> ApiKeysPanel:
    panel = ApiKeysPanel(root, env=env)
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    qtbot.waitUntil(lambda: not panel.busy and panel.status is not None, timeout=10000)
    QApplication.processEvents()
    return panel


# ---- what a page shows --------------------------------------------------------------------


def texts(area: QWidget) -> dict[str, str]:
    """Every text of the area's widgets, keyed by where it is (the same key in both
    languages): labels, buttons, group titles, tab texts and tips, placeholders, tooltips,
    accessible names and descriptions, table headers and our words in the cells."""
    out: dict[str, str] = {}
    for i, w in enumerate(area.findChildren(QWidget)):
        where = f"{type(w).__name__}/{w.objectName() or i}"
        if w.objectName().startswith(SAME_NAMES) or isinstance(w.parentWidget(), QComboBox):
            continue
        if isinstance(w, (QLabel, QAbstractButton)):
            out[where] = w.text()
        if isinstance(w, QGroupBox):
            out[where + "/title"] = w.title()
        if isinstance(w, (QLineEdit, QPlainTextEdit)):
            out[where + "/placeholder"] = w.placeholderText()
        if isinstance(w, QTabWidget):
            for t in range(w.count()):
                out[f"{where}/tab/{t}"] = w.tabText(t)
                out[f"{where}/tabtip/{t}"] = w.tabToolTip(t)
        if w.toolTip():
            out[where + "/tip"] = w.toolTip()
        for kind, value in (("name", w.accessibleName()), ("desc", w.accessibleDescription())):
            if value:
                out[f"{where}/{kind}"] = value
        if isinstance(w, QTableView) and w.model() is not None:
            model = w.model()
            for c in range(model.columnCount()):
                out[f"{where}/header/{c}"] = str(model.headerData(c, Qt.Orientation.Horizontal))
            for r in range(model.rowCount()):
                for c in range(model.columnCount()):
                    if isinstance(model, MergeTableModel) and c not in (
                            MergeTableModel.KEY, MergeTableModel.CHOICE):
                        continue  # values: file contents
                    index = model.index(r, c)
                    role = (Qt.ItemDataRole.ToolTipRole if isinstance(model, MergeTableModel)
                            and c == MergeTableModel.KEY else Qt.ItemDataRole.DisplayRole)
                    out[f"{where}/cell/{r}/{c}"] = str(index.data(role) or "")
    return out


def untranslated(english: dict[str, str], portuguese: dict[str, str]) -> list[str]:
    assert english.keys() == portuguese.keys()
    return [f"{k}: {english[k]!r}" for k in english
            if english[k] == portuguese[k] and english[k] not in SAME_IN_BOTH]


# ---- (a) Brazilian Portuguese -------------------------------------------------------------


def test_json_page_speaks_portuguese(qtbot: QtBot, config: Path, tmp_path: Path,
                                     request: pytest.FixtureRequest) -> None:
    def shown() -> dict[str, str]:
        page = json_page(qtbot, config)
        _insert(page, '"zz_custom": 1', '"zz_custom": 1,,')  # a syntax error: the problem list
        page.stale_bar.show()  # its words too (shown when the draft moves on meanwhile)
        QApplication.processEvents()
        assert page.problem_list.count() == 1
        return {**texts(page), "problem": page.problem_list.item(0).text().split(":")[0],
                "diff": "\n".join(page.diff_box.toPlainText().splitlines()[:2])}

    en = shown()
    request.getfixturevalue("pt_br")
    pt = shown()
    assert len(en) > 15
    assert untranslated(en, pt) == []
    page = json_page(qtbot, config)
    assert "1 chave de API em texto puro" in page.secret_label.text()  # the plural by count
    assert SECRET not in page.secret_label.text()
    assert page.problem_list.isHidden()


def test_conflict_view_speaks_portuguese(qtbot: QtBot, tmp_path: Path,
                                         request: pytest.FixtureRequest) -> None:
    def shown(name: str) -> dict[str, str]:
        path = tmp_path / name / ".planning" / "config.json"
        path.parent.mkdir(parents=True)
        _write(path, {"brave_search": SECRET, "context_profile": "dev", "zz_custom": 1,
                      "intel": {"enabled": True}})
        view = conflict_view(qtbot, path)
        assert view.model.rowCount() >= 3
        return {**texts(view), "summary": view.summary.text()}

    en = shown("en")
    request.getfixturevalue("pt_br")
    pt = shown("pt")
    assert untranslated(en, pt) == []
    assert "configuração foi alterada dos dois lados" in pt["summary"]  # one: singular


def test_english_plurals_have_no_brackets(qtbot: QtBot, config: Path, english: None) -> None:
    view = conflict_view(qtbot, config)
    assert "(s)" not in view.summary.text()
    assert "1 setting was changed on both sides" in view.summary.text()
    page = json_page(qtbot, config)
    assert "holds 1 plaintext API key: brave_search" in page.secret_label.text()


def test_api_keys_panel_speaks_portuguese(qtbot: QtBot, demo: Path, env: dict[str, str],
                                          request: pytest.FixtureRequest) -> None:
    root = demo / "billing-service"  # a plaintext brave_search in its config.json
    en_panel = keys_panel(qtbot, root, env)
    en = texts(en_panel)
    request.getfixturevalue("pt_br")
    pt_panel = keys_panel(qtbot, root, env)
    pt = texts(pt_panel)
    assert len(en) > 30
    assert untranslated(en, pt) == []
    assert not pt_panel.plaintext_banner.isHidden()
    assert "1 chave de API em texto puro" in pt_panel.plaintext_banner.text()


def test_where_a_key_lives_is_said_in_words(qtbot: QtBot, demo: Path, env: dict[str, str],
                                            english: None) -> None:
    panel = keys_panel(qtbot, demo / "billing-service", env)
    where = panel.where["brave_search"]
    assert where.text() == ("Stored in config.json as plain text — move it to the keyring")
    assert "config-plaintext" not in where.text()
    assert where.toolTip() == "Locations: config-plaintext"  # the id, for the curious
    assert panel.where["exa_search"].text() == "Not stored"
    assert secret_places_text([{"location": "keyring-project", "masked": "****"},
                               {"location": "config-sentinel", "masked": "true"}]) == (
        "Stored in the OS keyring (this project); marked available in config.json (true)")
    assert "1 plaintext API key in config.json" in panel.plaintext_banner.text()
    # the value stays masked everywhere the panel speaks
    for widget in panel.findChildren(QWidget):
        for text in (widget.toolTip(), widget.accessibleName(), widget.accessibleDescription(),
                     getattr(widget, "text", lambda: "")()):
            assert "demo-brave-key-not-real-0000" not in text


# ---- (b) accessible names -----------------------------------------------------------------


INTERACTIVE = (QAbstractButton, QLineEdit, QComboBox, QAbstractItemView, QAbstractScrollArea,
               QTabWidget)


def nameless(area: QWidget) -> list[str]:
    out = []
    for w in [area, *area.findChildren(QWidget)]:
        if not isinstance(w, INTERACTIVE) or isinstance(w, QHeaderView) or not w.isVisibleTo(area):
            continue
        if isinstance(w, QAbstractScrollArea) and not isinstance(
                w, (QAbstractItemView, QPlainTextEdit)):
            continue  # a layout scroll area (the API keys' list), not a control
        iface = QAccessible.queryAccessibleInterface(w)
        if iface is None or not iface.text(QAccessible.Text.Name).strip():
            out.append(f"{type(w).__name__}/{w.objectName()}")
    return out


def test_every_control_has_an_accessible_name(qtbot: QtBot, config: Path, demo: Path,
                                              env: dict[str, str], tmp_path: Path) -> None:
    page = json_page(qtbot, config)
    page.secret_banner.show()
    page.stale_bar.show()
    assert nameless(page) == []
    other = tmp_path / "other" / ".planning" / "config.json"
    other.parent.mkdir(parents=True)
    _write(other, {"brave_search": SECRET, "context_profile": "dev"})
    assert nameless(conflict_view(qtbot, other)) == []
    panel = keys_panel(qtbot, demo / "billing-service", env)
    assert nameless(panel) == []
    # a row's buttons say whose they are (three "Remove" buttons read alike otherwise)
    assert panel.remove_buttons["brave_search"].accessibleName() == "Remove brave_search"
    assert panel.fields["exa_search"].accessibleName() == "exa_search, masked"


def test_tab_runs_through_each_row_in_order(qtbot: QtBot, demo: Path,
                                            env: dict[str, str]) -> None:
    panel = keys_panel(qtbot, demo / "billing-service", env)
    key = next(iter(panel.fields))
    panel.fields[key].setFocus()
    order = [panel.fields[key], panel.set_buttons[key], panel.reveal_buttons[key],
             panel.remove_buttons[key]]
    def next_stop(w: QWidget) -> QWidget:
        """Where Tab goes from ``w`` (the next enabled, visible widget taking Tab focus)."""
        n = w.nextInFocusChain()
        while not (n.isEnabled() and n.isVisible() and n.focusPolicy() & Qt.FocusPolicy.TabFocus):
            n = n.nextInFocusChain()
        return n

    stops = [w for w in order if w.isEnabled()]
    assert len(stops) >= 1
    for a, b in pairwise(stops):
        assert next_stop(a) is b
    # Tab from the row's last control goes to the next row's field
    keys = list(panel.fields)
    assert next_stop(stops[-1]) in (panel.fields[keys[1]], panel.set_buttons[keys[1]])


# ---- (c) empty states ---------------------------------------------------------------------


def test_empty_states(qtbot: QtBot, config: Path, english: None) -> None:
    view = ConflictView()
    qtbot.addWidget(view)
    view.resize(800, 500)
    draft = ConfigDraft(config)  # no edits, no outside change: nothing differs
    view.set_source(lambda choices: preview_for_draft(draft, choices))
    view.show()
    QApplication.processEvents()
    assert view.model.rowCount() == 0
    assert view.empty_hint.isVisible()
    assert view.empty_hint.text().startswith("No setting differs")
    assert view.table.accessibleDescription() == view.empty_hint.text()
    # a conflict fills it: the hint goes
    conflict = conflict_draft(config)
    view.set_source(lambda choices: preview_for_draft(conflict, choices))
    assert view.model.rowCount() > 0
    assert not view.empty_hint.isVisible()

    page = JsonSettingsPage()
    qtbot.addWidget(page)
    page.show()
    assert page.text() == ""
    assert page.editor.placeholderText().startswith("No settings file is shown")
    assert page.problem_list.isHidden()  # no problems: no list at all
    assert page.problem_hint.text().startswith("No problems")
    page.diff_check.setChecked(True)
    assert page.diff_box.placeholderText() == "No unsaved changes."


# ---- (d) every window size ----------------------------------------------------------------


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, demo: Path, env: dict[str, str],
           ui_settings: object, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, restore_last=False)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    yield win
    # the pages' edits are left unsaved on purpose: closing does not ask
    monkeypatch.setattr(MainWindow, "unsaved_may_go", lambda *_a: True)
    win.close()
    win.deleteLater()
    QApplication.processEvents()


def settings_form(qtbot: QtBot, win: MainWindow, root: Path, size: tuple[int, int]) -> Any:
    win.resize(*size)
    assert win.open_project(root)
    qtbot.waitUntil(lambda: win.project_tabs.count() > 0, timeout=15000)
    form = win.project_tabs.page(0)
    win.project_tabs.setCurrentWidget(form)
    qtbot.waitUntil(form.isVisible, timeout=5000)
    QApplication.processEvents()
    return form


def check_fits(area: QWidget) -> None:
    QApplication.processEvents()
    assert layout_problems(area) == []


def the_pages(qtbot: QtBot, form: Any) -> tuple[JsonSettingsPage, ConflictView, ApiKeysPanel]:
    """The JSON page with an edit, the conflict view after an outside change, and the API keys
    page, as the Settings form shows them."""
    form.inner_tabs.setCurrentWidget(form._json_page)
    page = form.json_page
    path = form.draft.path
    data = json.loads(path.read_text(encoding="utf-8"))
    form.edit("mode", "yolo" if data.get("mode") != "yolo" else "interactive")
    form.edit("granularity", "fine" if data.get("granularity") != "fine" else "coarse")
    outside = dict(data, model_profile="quality", zz_outside=[1, 2], granularity="coarse"
                   if data.get("granularity") != "coarse" else "standard")
    with qtbot.waitSignal(form.disk_conflict_shown, timeout=5000):
        _write(path, outside)
    form.diff_button.click()
    view = form.conflict_view
    assert view.isVisibleTo(form)
    QApplication.processEvents()
    return page, view, form.api_keys_panel()


def picture(qtbot: QtBot, win: MainWindow, form: Any, panel: ApiKeysPanel, name: str) -> None:
    """The window on the JSON page (conflict view shown), beside it on the API keys page."""
    target = os.environ.get("MSD_SCREENSHOT_DIR")
    if not target:
        return
    json_shot = win.grab()
    form.inner_tabs.setCurrentWidget(form._api_keys_page)
    qtbot.waitUntil(lambda: panel.loaded and not panel.busy, timeout=10000)
    form.conflict_view.hide()
    QApplication.processEvents()
    keys_shot = win.grab()
    form.conflict_view.show()
    form.inner_tabs.setCurrentWidget(form._json_page)
    image = QImage(json_shot.width() * 2 + 8, json_shot.height(), QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.darkGray)
    painter = QPainter(image)
    painter.drawPixmap(QPoint(0, 0), json_shot)
    painter.drawPixmap(QPoint(json_shot.width() + 8, 0), keys_shot)
    painter.end()
    Path(target).mkdir(parents=True, exist_ok=True)
    assert image.save(str(Path(target) / f"{name}.png"))


def check_window(qtbot: QtBot, win: MainWindow, root: Path, size: tuple[int, int],
                 name: str) -> tuple[JsonSettingsPage, ConflictView, ApiKeysPanel]:
    form = settings_form(qtbot, win, root, size)
    page, view, panel = the_pages(qtbot, form)
    check_fits(view)
    check_fits(page)
    header = view.table.horizontalHeader()
    widths = sum(header.sectionSize(c) for c in range(header.count()))
    assert widths <= view.table.viewport().width() + 1
    assert view.table.textElideMode() == Qt.TextElideMode.ElideMiddle
    row_height = view.table.verticalHeader().defaultSectionSize()
    assert all(view.table.rowHeight(r) <= row_height for r in range(view.model.rowCount()))
    form.inner_tabs.setCurrentWidget(form._api_keys_page)
    qtbot.waitUntil(lambda: panel.loaded and not panel.busy, timeout=10000)
    check_fits(panel)
    for where in panel.where.values():  # one line or two, never a wall of text
        assert where.height() <= 3 * where.fontMetrics().lineSpacing() + 8, where.text()
    form.inner_tabs.setCurrentWidget(form._json_page)
    QApplication.processEvents()
    picture(qtbot, win, form, panel, name)
    return page, view, panel


def test_smallest_window_nothing_clips(qtbot: QtBot, english: None, window: MainWindow,
                                       demo: Path) -> None:
    check_window(qtbot, window, demo / "billing-service", (1024, 700), "settings-pages-1024")


def test_smallest_window_in_portuguese(qtbot: QtBot, pt_br: None, window: MainWindow,
                                       demo: Path) -> None:
    check_window(qtbot, window, demo / "billing-service", (1024, 700),
                 "settings-pages-pt_BR-1024")


def test_large_window_keeps_fields_to_their_size(qtbot: QtBot, english: None,
                                                 window: MainWindow, demo: Path) -> None:
    _page, view, panel = check_window(qtbot, window, demo / "billing-service", (1920, 1080),
                                      "settings-pages-1920")
    # a masked key is a dozen characters: its field is not stretched across the window
    field = next(iter(panel.fields.values()))
    assert field.width() <= 40 * field.fontMetrics().averageCharWidth()
    # the conflict table's values get their content width, not a share of 1900 px
    key_width = view.table.horizontalHeader().sectionSize(MergeTableModel.KEY)
    assert key_width <= 400


def _insert(page: JsonSettingsPage, old: str, new: str) -> None:
    """Select ``old`` in the text and type ``new`` over it."""
    from PySide6.QtGui import QTextCursor

    text = page.text()
    start = text.index(old)
    cursor = page.editor.textCursor()
    cursor.setPosition(start)
    cursor.setPosition(start + len(old), QTextCursor.MoveMode.KeepAnchor)
    page.editor.setTextCursor(cursor)
    page.editor.insertPlainText(new)


def test_masks_hold_in_every_text_of_the_pages(qtbot: QtBot, config: Path) -> None:
    view = conflict_view(qtbot, config)
    for r in range(view.model.rowCount()):
        for c in range(view.model.columnCount()):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                text = str(view.model.index(r, c).data(role) or "")
                assert SECRET not in text
                assert OUTSIDE not in text
    for box in [view.result_diff, *view.boxes.values()]:
        assert SECRET not in box.toPlainText()
        assert OUTSIDE not in box.toPlainText()
    assert mask(OUTSIDE) in view.boxes["theirs"].toPlainText()
