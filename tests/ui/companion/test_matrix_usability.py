"""The config matrix and the Global defaults window for people: Brazilian Portuguese everywhere
they speak, names for a screen reader, a hint where a table is empty, secrets masked in every
cell and tooltip, and nothing clipped or scrolling sideways at 1024×700 (English and pt_BR).

Offscreen, real demo project files, the real compiled catalogues. ``MSD_SCREENSHOT_DIR`` saves
the pictures there (``matrix-defaults-1024.png``, ``matrix-defaults-1920.png``,
``matrix-defaults-pt_BR-1024.png``: the matrix above the Global defaults window).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAccessible, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from msd_desktop.core.config.batch import BatchReport, BatchResult, plan_batch
from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import project_ref
from msd_desktop.ui.companion.matrix_confirm import BatchConfirmDialog, batch_report_box
from msd_desktop.ui.companion.matrix_model import COL_SOURCE, COL_STATUS, COL_VALUE
from msd_desktop.ui.companion.matrix_view import ConfigMatrixView
from msd_desktop.ui.settings.global_defaults_panel import GlobalDefaultsPanel
from tests.layout_checks import (
    cell_problems,
    header_problems,
    label_problems,
    layout_problems,
    sideways_problems,
)
from tests.prerequisites import require_keyring

PROJECTS = ("billing-service", "checklist-printer", "field-notes", "legacy-importer",
            "platform-monorepo")
# reads the same in both languages: the glossary keeps "Status"; separators and empty texts
SAME_IN_BOTH = {"", "Status"}
SECRET = "sk-live-abcdef1234567890"
PICTURE_HOME = Path("/home/sam")  # a plausible home for the pictures' paths (wiped after)


@pytest.fixture
def home(env: dict[str, str]) -> Iterator[dict[str, str]]:
    """The environment, with HOME in :data:`PICTURE_HOME` when taking pictures."""
    if not os.environ.get("MSD_SCREENSHOT_DIR"):
        yield env
        return
    shutil.rmtree(PICTURE_HOME, ignore_errors=True)
    PICTURE_HOME.mkdir(parents=True)
    try:
        yield {**env, "HOME": str(PICTURE_HOME)}
    finally:
        shutil.rmtree(PICTURE_HOME, ignore_errors=True)


@pytest.fixture
def projects(home: dict[str, str], tmp_path: Path) -> list[Any]:
    base = (Path(home["HOME"]) / "projects" if os.environ.get("MSD_SCREENSHOT_DIR")
            else tmp_path / "demo")
    shutil.copytree(demo_source(), base, dirs_exist_ok=True)
    return [project_ref(base / name, "demo") for name in PROJECTS]


def write_defaults(env: dict[str, str], data: dict[str, Any]) -> None:
    path = Path(env["HOME"]) / ".msd" / "defaults.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def matrix(qtbot: Any, projects: list[Any], env: dict[str, str],
           size: tuple[int, int] = (1024, 700), key: str = "model_profile") -> ConfigMatrixView:
    view = ConfigMatrixView(projects, env, key=key)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    QApplication.processEvents()
    return view


def defaults(qtbot: Any, projects: list[Any], env: dict[str, str],
             size: tuple[int, int] = (1024, 700)) -> GlobalDefaultsPanel:
    panel = GlobalDefaultsPanel(projects, env)
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    QApplication.processEvents()
    return panel


def foreign(widget: QWidget, area: QWidget) -> bool:
    """A widget of someone else's area inside ours: the Settings form (Global defaults' left
    side) and the shared value editor (the Settings form's registry)."""
    skip = [getattr(area, "form", None), getattr(area, "editor", None)]
    w: QWidget | None = widget
    while w is not None and w is not area:
        if any(w is s for s in skip if s is not None):
            return True
        w = w.parentWidget()
    return False


def own_widgets(area: QWidget) -> list[QWidget]:
    """Our widgets in the window itself (a completer's popup is a window of its own)."""
    return [w for w in area.findChildren(QWidget)
            if not foreign(w, area) and w.window() is area.window()]


def texts(area: QWidget) -> dict[str, str]:
    """Every text of our widgets, keyed by where it is (the same key in both languages)."""
    out: dict[str, str] = {}
    for i, w in enumerate(own_widgets(area)):
        where = f"{type(w).__name__}/{w.objectName() or i}"
        ours = w.objectName() not in ("MatrixKeyDescription", "ReachDetails")
        if (isinstance(w, QLabel) and ours) or isinstance(w, QAbstractButton):
            out[where] = w.text()
        elif isinstance(w, QLineEdit) and not isinstance(w.parentWidget(), QComboBox):
            out[where + "/placeholder"] = w.placeholderText()
        if w.toolTip() and not isinstance(w, QLabel):
            out[where + "/tip"] = w.toolTip()
        if w.accessibleName():
            out[where + "/name"] = w.accessibleName()
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            model = w.model()
            for c in range(model.columnCount()):
                out[f"{where}/header/{c}"] = str(model.headerData(c, Qt.Orientation.Horizontal))
    return out


def matrix_cell_texts(view: ConfigMatrixView) -> dict[str, str]:
    """The matrix's own words in its cells (the value column only where it says "default")."""
    out = {}
    for r in range(view.model.rowCount()):
        cell = view.model.cells[r]
        out[f"{cell.project.name}/from"] = view.model.index(r, COL_SOURCE).data()
        out[f"{cell.project.name}/status"] = view.model.index(r, COL_STATUS).data()
        if not cell.present:
            out[f"{cell.project.name}/value"] = view.model.index(r, COL_VALUE).data()
    return out


def compare(english: dict[str, str], portuguese: dict[str, str]) -> list[str]:
    assert english.keys() == portuguese.keys()
    return [f"{k}: {english[k]!r}" for k in english
            if english[k] == portuguese[k] and english[k] not in SAME_IN_BOTH]


# ----------------------------------------------------------------------------- (a) pt_BR


def test_matrix_speaks_portuguese(qtbot: Any, projects: list[Any], home: dict[str, str],
                                  request: pytest.FixtureRequest) -> None:
    en_view = matrix(qtbot, projects, home)
    en_description = en_view.description.text()
    en = {**texts(en_view), **matrix_cell_texts(en_view),
          "reference": en_view.reference_label.text().split(" (")[-1]}
    request.getfixturevalue("pt_br")
    pt_view = matrix(qtbot, projects, home)
    pt = {**texts(pt_view), **matrix_cell_texts(pt_view),
          "reference": pt_view.reference_label.text().split(" (")[-1]}
    assert len(en) > 20
    assert compare(en, pt) == []
    assert "difere" in pt_view.reference_label.text()  # the plural form by count
    assert pt_view.description.text() != en_description  # the schema's own translation


def test_global_defaults_speak_portuguese(qtbot: Any, projects: list[Any],
                                          home: dict[str, str],
                                          request: pytest.FixtureRequest) -> None:
    write_defaults(home, {"model_profile": "budget", "mode": "yolo"})
    en_panel = defaults(qtbot, projects, home)
    en = texts(en_panel)
    en_details = en_panel.details.text()
    request.getfixturevalue("pt_br")
    pt_panel = defaults(qtbot, projects, home)
    pt = texts(pt_panel)
    assert len(en) > 8
    assert compare(en, pt) == []
    assert pt_panel.details.text() != en_details
    assert "Define o próprio valor" in pt_panel.details.text()
    tip = pt_panel.model.index(0, 3).data(Qt.ItemDataRole.ToolTipRole)
    assert "Define o próprio valor" in tip


def test_confirmation_and_report_speak_portuguese(qtbot: Any, projects: list[Any],
                                                  home: dict[str, str],
                                                  request: pytest.FixtureRequest) -> None:
    plan = plan_batch(projects, "model_profile", "budget", home)
    results = tuple(BatchResult(c, "unchanged" if c.unchanged else "error" if c.problem
                                else "written", c.problem or "") for c in plan.changes)
    report = BatchReport(plan, results, "apply")

    def collect(name: str) -> dict[str, str]:
        dialog = BatchConfirmDialog(plan)
        qtbot.addWidget(dialog)
        out = {**texts(dialog), "title": dialog.windowTitle()}
        box = batch_report_box(None, report)
        qtbot.addWidget(box)
        out["box/title"] = box.windowTitle()
        out["box/text"] = box.text()
        out["box/lines"] = box.informativeText()
        notes = [dialog.model.index(r, 3).data() for r in range(dialog.model.rowCount())]
        out["notes"] = " | ".join(n for n in notes if n)
        dialog.show()
        box.show()
        picture([dialog, box], name)
        return out

    en = collect("matrix-defaults-confirm.png")
    request.getfixturevalue("pt_br")
    pt = collect("matrix-defaults-pt_BR-confirm.png")
    assert compare(en, pt) == []
    assert "gravado" in pt["box/lines"]
    assert "written" not in pt["box/lines"]
    assert "failed" not in pt["box/lines"]
    assert "falhou" in pt["box/lines"]
    assert "não gravado" in pt["notes"]


def test_english_plurals_read_right(qtbot: Any, projects: list[Any], home: dict[str, str],
                                    english: None) -> None:
    plan = plan_batch(projects[:2], "model_profile", "budget", home)
    dialog = BatchConfirmDialog(plan)
    qtbot.addWidget(dialog)
    n = len(plan.to_write)
    assert dialog.apply_button.text() == (f"Apply to {n} projects" if n != 1
                                          else "Apply to 1 project")
    view = matrix(qtbot, projects, home)
    assert "(s)" not in view.reference_label.text()


# ----------------------------------------------------------------------------- (b) a11y


def interactive(w: QWidget) -> bool:
    """A control a person reaches (a table's own header and corner button are part of the
    table, whose name they share)."""
    return (isinstance(w, QAbstractButton | QComboBox | QLineEdit | QAbstractItemView
                       | QAbstractSpinBox)
            and not isinstance(w, QHeaderView) and w.isVisible()
            and w.objectName() != "qt_tableview_cornerbutton"
            and not isinstance(w.parentWidget(), QComboBox))


def unnamed(area: QWidget) -> list[str]:
    missing = []
    editor = getattr(area, "editor", None)
    for w in own_widgets(area) + ([editor] if editor is not None else []):
        if not interactive(w) and w is not editor:
            continue
        face = QAccessible.queryAccessibleInterface(w)
        name = face.text(QAccessible.Text.Name) if face is not None else ""
        if not name.strip():
            missing.append(f"{type(w).__name__}/{w.objectName()}")
    return missing


def test_every_control_has_an_accessible_name(qtbot: Any, projects: list[Any],
                                              home: dict[str, str]) -> None:
    write_defaults(home, {"model_profile": "budget"})
    view = matrix(qtbot, projects, home)
    assert unnamed(view) == []
    panel = defaults(qtbot, projects, home)
    assert unnamed(panel) == []
    dialog = BatchConfirmDialog(plan_batch(projects, "model_profile", "budget", home))
    qtbot.addWidget(dialog)
    assert unnamed(dialog) == []


def test_keys_reach_the_controls(qtbot: Any, projects: list[Any], home: dict[str, str]) -> None:
    view = matrix(qtbot, projects, home)
    view.activateWindow()
    view.key_combo.setFocus()
    qtbot.waitUntil(lambda: view.key_combo.hasFocus(), timeout=3000)
    seen: list[QWidget | None] = []
    for _ in range(4):  # Tab, as a person would
        focused = QApplication.focusWidget()
        seen.append(focused)
        assert focused is not None
        QTest.keyClick(focused, Qt.Key.Key_Tab)
    editor = view.editor
    assert editor is not None
    landed = [w for w in seen if w is not None]
    assert landed[0] is view.key_combo
    assert landed[1] is view.table
    assert landed[2] is editor or editor.isAncestorOf(landed[2])
    assert landed[3] is view.select_drift_button
    QTest.keyClick(view.table, Qt.Key.Key_K, Qt.KeyboardModifier.AltModifier)  # the mnemonic
    assert view.key_combo.hasFocus()
    assert "Alt+K" in view.key_combo.toolTip()


# ----------------------------------------------------------------------------- secrets


def test_a_secret_is_masked_in_every_cell_and_tooltip(qtbot: Any, projects: list[Any],
                                                      home: dict[str, str]) -> None:
    path = projects[0].root / ".planning" / "config.json"
    data = json.loads(path.read_text("utf-8"))
    data["brave_search"] = SECRET
    path.write_text(json.dumps(data), encoding="utf-8")
    write_defaults(home, {"brave_search": SECRET})
    view = matrix(qtbot, projects, home, key="brave_search")
    shown = [view.model.index(r, c).data(role) for r in range(view.model.rowCount())
             for c in range(view.model.columnCount())
             for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)]
    shown += [view.reference_label.text(), view.reference_label.toolTip(),
              view.summary_label.text()]
    assert any("7890" in str(s) and "*" in str(s) for s in shown)  # the masked form …
    assert not any(SECRET in str(s) for s in shown)  # … never the secret
    view.table.setFocus()
    view.table.setCurrentIndex(view.proxy.index(0, COL_VALUE))
    QApplication.clipboard().clear()
    QTest.keyClick(view.table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)  # a copy
    copied = QApplication.clipboard().text()
    assert "7890" in copied  # the masked value was copied …
    assert SECRET not in copied  # … not the secret
    panel = defaults(qtbot, projects, home)
    shown = [panel.model.index(r, c).data(role) for r in range(panel.model.rowCount())
             for c in range(panel.model.columnCount())
             for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)]
    shown.append(panel.details.text())
    assert panel.model.rowCount() == 1
    assert not any(SECRET in str(s) for s in shown)


@pytest.mark.keyring
def test_a_secret_batch_report_is_masked(qtbot: Any, projects: list[Any],
                                         home: dict[str, str]) -> None:
    """The account of a secret's bulk edit (real keyring: scripts/run-tests.sh)."""
    from msd_desktop.core.config.batch import apply_batch

    require_keyring()
    plan = plan_batch(projects[:3], "brave_search", SECRET, home)
    report = apply_batch(plan, home)
    assert report.counts.get("written", 0) >= 1
    box = batch_report_box(None, report)
    qtbot.addWidget(box)
    dialog = BatchConfirmDialog(plan)
    qtbot.addWidget(dialog)
    shown = [box.text(), box.informativeText(), box.detailedText(), box.windowTitle(),
             *texts(dialog).values(),
             *[dialog.model.index(r, c).data(role) for r in range(dialog.model.rowCount())
               for c in range(4)
               for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)]]
    assert any("7890" in t for t in shown)  # the masked value is said …
    assert not any(SECRET in t for t in shown)  # … never the secret


def test_file_text_shows_as_text_in_the_reach_details(qtbot: Any, projects: list[Any],
                                                      home: dict[str, str]) -> None:
    write_defaults(home, {"project_code": "<img src=x>&amp;"})
    panel = defaults(qtbot, projects, home)
    assert "&lt;img src=x&gt;&amp;amp;" in panel.details.text()
    assert "<img" not in panel.details.text()


# ----------------------------------------------------------------------------- (c) empty


def test_empty_tables_say_what_would_be_there(qtbot: Any, home: dict[str, str],
                                              request: pytest.FixtureRequest) -> None:
    view = matrix(qtbot, [], home)
    assert view.empty_hint.isVisible()
    assert "workspace" in view.empty_hint.text()
    assert view.table.accessibleDescription() == view.empty_hint.text()
    panel = defaults(qtbot, [], home)
    assert panel.model.rowCount() == 0
    assert panel.empty_hint.isVisible()
    assert "defaults.json" in panel.empty_hint.text()
    request.getfixturevalue("pt_br")
    pt_view = matrix(qtbot, [], home)
    assert "espaço de trabalho" in pt_view.empty_hint.text()


def test_confirmation_with_no_project_says_so(qtbot: Any, home: dict[str, str]) -> None:
    dialog = BatchConfirmDialog(plan_batch([], "model_profile", "budget", home))
    qtbot.addWidget(dialog)
    dialog.show()
    QApplication.processEvents()
    assert dialog.empty_hint.isVisible()
    assert "select projects" in dialog.empty_hint.text()
    assert not dialog.apply_button.isEnabled()


def test_key_list_names_each_setting(qtbot: Any, projects: list[Any], home: dict[str, str],
                                     request: pytest.FixtureRequest) -> None:
    request.getfixturevalue("pt_br")
    view = matrix(qtbot, projects, home)
    row = view.key_combo.findText("model_profile")
    assert view.key_combo.itemText(row) == "model_profile"  # key names stay as they are
    assert view.key_combo.itemData(row, Qt.ItemDataRole.ToolTipRole) == "Perfil de modelo"


def test_hint_goes_when_rows_come(qtbot: Any, projects: list[Any],
                                  home: dict[str, str]) -> None:
    view = matrix(qtbot, [], home)
    assert view.empty_hint.isVisible()
    view.set_projects(projects)
    assert not view.empty_hint.isVisible()
    assert view.table.accessibleDescription() == ""


# ----------------------------------------------------------------------------- (d) fit


def clipped(area: QWidget) -> list[str]:
    """Cut or overlapping texts, sideways scrolling, elided cells without their tooltip (the
    shared checks of the whole window; the Settings form inside Global defaults included)."""
    return [*layout_problems(area), *cell_problems(area)]


def titles_fit(area: QWidget) -> list[str]:
    """Every column title of our tables is wider than its text (no cut headers)."""
    out = []
    for view in area.findChildren(QAbstractItemView):
        header = getattr(view, "horizontalHeader", lambda: None)()
        if header is None or foreign(view, area):
            continue
        for c in range(header.count()):
            text = str(view.model().headerData(c, Qt.Orientation.Horizontal))
            if header.fontMetrics().horizontalAdvance(text) > header.sectionSize(c):
                out.append(f"{view.objectName()}: {text!r}")
    return out


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_nothing_clips_at_1024x700(qtbot: Any, projects: list[Any], home: dict[str, str],
                                   request: pytest.FixtureRequest, language: str) -> None:
    write_defaults(home, {"model_profile": "budget", "mode": "yolo"})
    request.getfixturevalue("pt_br" if language == "pt_BR" else "english")
    view = matrix(qtbot, projects, home)
    panel = defaults(qtbot, projects, home)
    assert clipped(view) == []
    assert clipped(panel) == []
    assert titles_fit(view) == []
    assert titles_fit(panel) == []
    # the table rows stay one line high (no wrapped cells growing tall)
    heights = {view.table.rowHeight(r) for r in range(view.model.rowCount())}
    assert len(heights) == 1
    assert heights.pop() < 3 * view.fontMetrics().height()
    picture([view, panel], "matrix-defaults-1024.png" if language == "en"
            else "matrix-defaults-pt_BR-1024.png")


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_smallest_windows_still_hold(qtbot: Any, projects: list[Any], home: dict[str, str],
                                     request: pytest.FixtureRequest, language: str) -> None:
    """At their minimum sizes nothing is cut and no table is wider than itself (a column
    title may then elide)."""
    write_defaults(home, {"model_profile": "budget", "mode": "yolo"})
    request.getfixturevalue("pt_br" if language == "pt_BR" else "english")
    view = matrix(qtbot, projects, home, size=(640, 360))
    panel = defaults(qtbot, projects, home, size=(640, 480))
    # labels, titles, cells and sideways scrolling; not the buttons: at 640 px the pt_BR apply
    # bar needs 768 px and Qt squeezes its buttons (whole from the supported 1024 px on)
    assert label_problems(view) == []
    assert sideways_problems(view) == []
    assert header_problems(view) == []
    assert cell_problems(view) == []
    # the reach part only: the Settings form above it is narrower than its supported 1024 px
    # here (its own tests and the layout test hold it from 1024×700)
    assert clipped(panel.splitter.widget(1)) == []
    assert titles_fit(panel) == []  # the counts keep their titles


def test_wide_window_keeps_the_key_field_its_size(qtbot: Any, projects: list[Any],
                                                  home: dict[str, str], english: None) -> None:
    write_defaults(home, {"model_profile": "budget", "mode": "yolo"})
    view = matrix(qtbot, projects, home, size=(1920, 1080))
    panel = defaults(qtbot, projects, home, size=(1920, 1080))
    assert view.key_combo.width() <= 400  # a key name, not the whole row
    assert clipped(view) == []
    assert clipped(panel) == []
    picture([view, panel], "matrix-defaults-1920.png")


def test_report_box_is_wide_enough_for_its_title(qtbot: Any, projects: list[Any],
                                                 home: dict[str, str]) -> None:
    plan = plan_batch(projects, "model_profile", "budget", home)
    results = tuple(BatchResult(c, "refused", "") for c in plan.changes)
    box = batch_report_box(None, BatchReport(plan, results, "undo"))
    qtbot.addWidget(box)
    box.show()
    QApplication.processEvents()
    assert box.windowTitle() == "Batch undone"
    assert box.width() >= box.fontMetrics().horizontalAdvance(box.windowTitle()) + 160
    assert box.icon() == QMessageBox.Icon.Warning
    assert len(box.informativeText().splitlines()) == len(plan.changes)
    assert all("left as it is" in line for line in box.informativeText().splitlines())
    picture([box], "matrix-defaults-report.png")


# ----------------------------------------------------------------------------- pictures


def picture(windows: list[QWidget], name: str) -> None:
    """The windows one above the other in one picture (only with ``MSD_SCREENSHOT_DIR``)."""
    target = os.environ.get("MSD_SCREENSHOT_DIR")
    if not target:
        return
    QApplication.processEvents()
    grabs = [w.grab().toImage() for w in windows]
    gap = 12
    image = QImage(max(g.width() for g in grabs), sum(g.height() for g in grabs)
                   + gap * (len(grabs) - 1), QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.darkGray)
    painter = QPainter(image)
    y = 0
    for g in grabs:
        painter.drawImage(QPoint(0, y), g)
        y += g.height() + gap
    painter.end()
    Path(target).mkdir(parents=True, exist_ok=True)
    assert image.save(str(Path(target) / name))
