"""The everyday-companion views offscreen: new-project dialog, global defaults, config matrix,
tray + notifications, next command. Real files (a copy of the demo), real core, qtmodeltester
for every model. ``MSD_SCREENSHOT_DIR`` saves each view's picture there (docs/screenshots).

For those pictures the files live in a plausible place instead of pytest's temporary folders:
HOME is ``MSD_SCREENSHOT_HOME`` (default ``/home/demo-user``), the demo is copied to
``~/projects`` and a new project goes to ``~/projects/new-app``. Only ``~/.msd`` and
``~/projects`` (and ``~/.dbus``, which D-Bus leaves under xcb) are touched there, wiped before
and after (the end-to-end screenshots own the rest of that home). Ordinary runs use tmp_path.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget

from msd_desktop.app import demo_source
from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.workspace.registry import project_ref
from msd_desktop.ui.companion import matrix_view as config_matrix_view
from msd_desktop.ui.companion import next_command_widget
from msd_desktop.ui.companion.matrix_model import COL_STATUS, ConfigMatrixModel, DriftRole
from msd_desktop.ui.companion.matrix_view import ConfigMatrixView
from msd_desktop.ui.companion.new_project_dialog import NEW_PROJECT_KEYS, NewProjectDialog
from msd_desktop.ui.companion.next_command_widget import TERMINAL_SETTING, NextCommandWidget
from msd_desktop.ui.companion.tray import ProjectTray
from msd_desktop.ui.settings.global_defaults_panel import GlobalDefaultsPanel

PROJECTS = ("billing-service", "checklist-printer", "field-notes", "legacy-importer",
            "platform-monorepo")


SCREENSHOT_HOME = Path("/home/demo-user")
OWNED = (".msd", "projects", ".dbus")  # what the pictures create under that home


@pytest.fixture
def demo_user(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path | None]:
    """With ``MSD_SCREENSHOT_DIR``: a clean plausible HOME for the pictures, else ``None``."""
    if not os.environ.get("MSD_SCREENSHOT_DIR"):
        yield None
        return
    home = Path(os.environ.get("MSD_SCREENSHOT_HOME") or SCREENSHOT_HOME)

    def wipe() -> None:
        for name in OWNED:
            shutil.rmtree(home / name, ignore_errors=True)

    wipe()
    (home / "projects").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    try:
        yield home
    finally:
        wipe()


@pytest.fixture
def env(env: dict[str, str], demo_user: Path | None) -> dict[str, str]:
    """The suite's isolated environment; HOME is the demo user's when taking pictures."""
    return env if demo_user is None else {**env, "HOME": str(demo_user)}


@pytest.fixture
def demo(tmp_path: Path, demo_user: Path | None) -> Path:
    """A writable copy of the bundled demo (in ``~/projects`` when taking pictures)."""
    target = tmp_path / "demo" if demo_user is None else demo_user / "projects"
    shutil.copytree(demo_source(), target, dirs_exist_ok=True)
    return target


@pytest.fixture
def workdir(tmp_path: Path, demo_user: Path | None) -> Path:
    """Where a test makes its own folders (next to the demo projects when taking pictures)."""
    return tmp_path if demo_user is None else demo_user / "projects"


def shot(widget: QWidget, name: str, size: tuple[int, int] | None = (1200, 720)) -> None:
    target = os.environ.get("MSD_SCREENSHOT_DIR")
    if not target:
        return
    if size is None:
        widget.adjustSize()
    else:
        widget.resize(*size)
    widget.show()
    QApplication.processEvents()
    Path(target).mkdir(parents=True, exist_ok=True)
    assert widget.grab().save(str(Path(target) / f"companion-{name}.png"))


def refs(demo: Path) -> list[Any]:
    return [project_ref(demo / name, "demo") for name in PROJECTS]


def write_defaults(env: dict[str, str], data: dict[str, Any]) -> Path:
    path = Path(env["HOME"]) / ".msd" / "defaults.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- new project


def test_new_project_dialog_creates_config(qtbot: Any, workdir: Path,
                                           env: dict[str, str]) -> None:
    write_defaults(env, {"model_profile": "quality", "runtime": "codex"})
    folder = workdir / "new-app"
    folder.mkdir()
    dlg = NewProjectDialog(env, folder="")
    qtbot.addWidget(dlg)
    assert set(dlg.editors) == set(NEW_PROJECT_KEYS)  # one editor per offered key
    assert not dlg.create_button.isEnabled()  # no folder yet
    dlg.folder_edit.setText(str(folder))
    assert dlg.create_button.isEnabled()
    preview = json.loads(dlg.preview.toPlainText())
    assert preview["model_profile"] == "quality"
    assert "runtime" not in preview
    for key, value in (("mode", "yolo"), ("workflow.research", False)):
        dlg.editors[key].set_value(value)  # what the person sees …
        dlg.editors[key].edited.emit(value)  # … and what the editor reports
    assert json.loads(dlg.preview.toPlainText())["workflow"]["research"] is False
    shot(dlg, "new-project-offscreen", (1100, 760))
    with qtbot.waitSignal(dlg.created, timeout=5000):
        dlg.create_button.click()
    data = json.loads((folder / ".planning" / "config.json").read_text(encoding="utf-8"))
    assert data["mode"] == "yolo"
    assert data["model_profile"] == "quality"
    assert data["workflow"]["research"] is False
    assert data["claude_md_path"] == "./CLAUDE.md"


def test_new_project_dialog_refuses_existing_and_invalid(qtbot: Any, demo: Path,
                                                         env: dict[str, str]) -> None:
    dlg = NewProjectDialog(env, folder=str(demo / "field-notes"))
    qtbot.addWidget(dlg)
    assert "already has .planning/" in dlg.folder_label.text()
    assert not dlg.create_button.isEnabled()
    dlg.folder_edit.setText(str(demo))
    dlg.editors["granularity"].edited.emit("enormous")
    assert "Invalid granularity" in dlg.error_labels["granularity"].text()
    assert not dlg.create_button.isEnabled()
    dlg.editors["granularity"].edited.emit("fine")
    assert dlg.create_button.isEnabled()


def test_new_project_dialog_fits_small_screens_and_shows_file_text_plainly(
        qtbot: Any, tmp_path: Path) -> None:
    """The form scrolls (the dialog fits 1024x700), its size hint is the roomy one, and the
    notes naming files are plain text (a folder name that looks like markup stays literal)."""
    from PySide6.QtCore import Qt

    home = tmp_path / "h<b>x</b>"
    (home / ".msd").mkdir(parents=True)
    (home / ".msd" / "defaults.json").write_text("{broken", encoding="utf-8")
    dlg = NewProjectDialog({"HOME": str(home), "PATH": ""})
    qtbot.addWidget(dlg)
    hint, smallest = dlg.sizeHint(), dlg.minimumSizeHint()
    assert (hint.width(), hint.height()) == (1100, 760)
    assert smallest.width() <= 1024
    assert smallest.height() <= 700
    assert dlg.preview_title.textFormat() == Qt.TextFormat.PlainText
    assert "h<b>x</b>" in dlg.preview_title.text()
    assert dlg.folder_label.textFormat() == Qt.TextFormat.PlainText
    assert dlg.folder_edit.accessibleName()
    assert "STATE.md" in dlg.state_note.text()


# ----------------------------------------------------------------------------- matrix


def test_config_matrix_model(qtmodeltester: Any, demo: Path, env: dict[str, str]) -> None:
    from msd_desktop.core.config.matrix import key_matrix

    model = ConfigMatrixModel()
    model.set_matrix(key_matrix("model_profile", refs(demo), env))
    qtmodeltester.check(model)
    assert model.rowCount() == len(PROJECTS)
    drift = [model.index(r, COL_STATUS).data(DriftRole) for r in range(model.rowCount())]
    assert any(drift)


def test_config_matrix_apply_to_selected(qtbot: Any, demo: Path, env: dict[str, str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    reports: list[Any] = []
    plans: list[Any] = []
    monkeypatch.setattr(config_matrix_view, "show_batch_report",
                        lambda _p, r: reports.append(r))
    monkeypatch.setattr(config_matrix_view, "confirm_batch",
                        lambda _p, plan: plans.append(plan) or True)
    view = ConfigMatrixView(refs(demo), env, key="model_profile")
    qtbot.addWidget(view)
    assert view.model.rowCount() == len(PROJECTS)
    shot(view, "config-matrix", (1000, 360))
    view.select_drifting()
    chosen = view.selected_entries()
    assert chosen
    assert not view.apply_button.isEnabled()  # no value chosen yet
    view.editor.edited.emit("balanced")  # type: ignore[union-attr]
    assert view.apply_button.isEnabled()
    with qtbot.waitSignal(view.applied, timeout=20000) as blocker:
        view.apply_button.click()
    outcomes = blocker.args[0].results
    assert {o.project.root for o in outcomes} == {e.root for e in chosen}
    assert [c.project.root for c in plans[0].changes] == [o.project.root for o in outcomes]
    assert reports
    counts = reports[0].counts
    assert counts.get("written", 0) + counts.get("refused", 0) + counts.get("error", 0) \
        == len(chosen)
    for o in outcomes:
        if o.status == "written":
            cfg = json.loads((o.project.root / ".planning" / "config.json").read_text("utf-8"))
            assert cfg["model_profile"] == "balanced"
    assert "written" in view.summary_label.text()


# ----------------------------------------------------------------------------- global defaults


def test_global_defaults_panel_reuses_form_and_shows_reach(
    qtbot: Any, qtmodeltester: Any, demo: Path, env: dict[str, str], workdir: Path
) -> None:
    write_defaults(env, {"model_profile": "budget", "mode": "yolo"})
    bare = workdir / "no-planning-yet"
    bare.mkdir()
    panel = GlobalDefaultsPanel([*refs(demo), bare], env)
    qtbot.addWidget(panel)
    from msd_desktop.core.config.draft import Scope

    assert panel.form.scope is Scope.GLOBAL
    assert panel.form.draft is not None
    assert panel.form.draft.path == Path(env["HOME"]) / ".msd" / "defaults.json"
    qtmodeltester.check(panel.model)
    keys = [panel.model.rows[r].key for r in range(panel.model.rowCount())]
    assert keys == ["model_profile", "mode"]
    groups = panel.model.rows[0].by_reach()
    assert [c.project.name for c in groups["reaches"]] == ["no-planning-yet"]
    assert groups["shadowed"]  # demo projects that set model_profile
    assert "model_profile" in panel.details.text()
    shot(panel, "global-defaults", (1400, 800))


# ----------------------------------------------------------------------------- tray


def _states(demo: Path, env: dict[str, str]) -> list[tuple[Any, Any]]:
    return [(r, load_project_state(r.root, env)) for r in refs(demo)]


def test_tray_menu_and_click(qtbot: Any, demo: Path, env: dict[str, str], english: None
                             ) -> None:
    from msd_desktop.core.models.local_installs import stale_local_installs

    tray = ProjectTray(env)
    stale = {r.root: found for r in refs(demo) if (found := stale_local_installs(r.root, env))}
    tray.apply_states(_states(demo, env), stale)
    # the demo's checklist-printer bakes a model config no longer pins: a line says so
    assert tray.stale_action in tray.menu.actions()
    assert [a.text() for a in tray.stale_menu.actions()] == ["checklist-printer"]
    assert tray.stale_action.text() == "1 project with stale installs"
    texts = [a.text() for a in tray.project_actions.values()]
    assert len(texts) == len(PROJECTS)
    billing = next(t for t in texts if t.startswith("billing-service"))
    assert "33%" in billing
    assert billing.count("33%") == 1
    # the browser's ⚠ projects are marked here too: legacy-importer's config.json is broken
    marked = {t.split(":")[0] for t in texts if t.endswith(" ⚠")}
    assert marked == {"legacy-importer", "checklist-printer"}
    legacy = next(ln for ln in tray.lines if ln.name == "legacy-importer")
    assert legacy.problem is not None
    assert "config.json" in legacy.problem
    root = demo / "field-notes"
    with qtbot.waitSignal(tray.project_activated, timeout=1000) as blocker:
        tray.project_actions[root].trigger()
    assert blocker.args == [root]
    assert tray.messages == []  # the first look never notifies
    shot(tray.menu, "tray-menu", None)
    tray.menu.hide()


def test_tray_refresh_off_thread(qtbot: Any, demo: Path, env: dict[str, str]) -> None:
    tray = ProjectTray(env)
    with qtbot.waitSignal(tray.refreshed, timeout=10000):
        tray.set_projects(refs(demo))
    assert len(tray.lines) == len(PROJECTS)


def test_tray_notifies_on_pause_blocker_and_milestone(qtbot: Any, demo: Path,
                                                      env: dict[str, str]) -> None:
    tray = ProjectTray(env)
    tray.apply_states(_states(demo, env))
    ref = project_ref(demo / "checklist-printer", "demo")
    state_md = demo / "checklist-printer" / ".planning" / "STATE.md"
    text = state_md.read_text(encoding="utf-8")
    state_md.write_text(text.replace("status: executing", "status: paused"), encoding="utf-8")
    with qtbot.waitSignal(tray.notified, timeout=1000) as blocker:
        events = tray.update_project(ref, load_project_state(ref.root, env))
    assert blocker.args[0].kind == "paused"
    assert [e.kind for e in events] == ["paused"]
    assert tray.messages[-1].title == "checklist-printer paused"
    # a new blocker
    body = state_md.read_text(encoding="utf-8")
    if "### Blockers/Concerns" not in body:
        body += "\n## Accumulated Context\n\n### Blockers/Concerns\n\n"
    body = body.replace("### Blockers/Concerns\n", "### Blockers/Concerns\n\n- printer "
                        "driver crashes on A5\n", 1)
    state_md.write_text(body, encoding="utf-8")
    events = tray.update_project(ref, load_project_state(ref.root, env))
    assert [e.kind for e in events] == ["blocked"]
    assert "A5" in tray.messages[-1].message
    # clicking the notification opens that project
    with qtbot.waitSignal(tray.project_activated, timeout=1000) as clicked:
        tray.icon.messageClicked.emit()
    assert clicked.args == [ref.root]


# ----------------------------------------------------------------------------- next command


def test_next_command_widget_copy_and_terminal(qtbot: Any, demo: Path, env: dict[str, str],
                                               tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    started: list[tuple[list[str], Path]] = []
    monkeypatch.setattr(next_command_widget, "launch_detached",
                        lambda argv, cwd: started.append((argv, cwd)) or True)
    w = NextCommandWidget(settings, env)
    qtbot.addWidget(w)
    root = demo / "checklist-printer"
    w.set_fields(root, {"next_action": "execute-phase", "next_phases": ["4.5", "5"]})
    assert w.label.text() == "/msd-execute-phase 4.5"
    with qtbot.waitSignal(w.copied, timeout=1000):
        w.copy_button.click()
    assert QApplication.clipboard().text() == "/msd-execute-phase 4.5"
    settings.setValue(TERMINAL_SETTING, "myterm --here {cwd}")
    with qtbot.waitSignal(w.terminal_opened, timeout=1000):
        w.terminal_button.click()
    assert started == [(["myterm", "--here", str(root)], root)]
    w.set_fields(root, {}, "executing")
    assert not w.copy_button.isEnabled()
    w.set_fields(root, {"next_action": "verify-phase", "next_phases": ["3"]})
    shot(w, "next-command", (760, 48))
