"""New project as a person meets it, offscreen: the missing-folder question, odd targets, the
key fields without a keyring (a real ``fail`` backend in its own process), a layout that does
not jump, the project placed in the scan root that lists it, the demo always reachable and a
quiet start when the last project is no longer listed.

Real files, real dialogs (the question box is answered from inside its own event loop), real
key presses into the focused folder field.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

from msd_desktop.app import demo_source
from msd_desktop.core.secrets.store import KeyringStatus
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.companion.new_project_dialog import NewProjectDialog
from msd_desktop.ui.main_window import MainWindow
from tests.prerequisites import missing

REPO = Path(__file__).resolve().parents[3]


def answer_question(button: QMessageBox.StandardButton, seen: list[str]) -> None:
    """When the create-folder question is up, note its text and press ``button`` on it."""

    def act() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or box.objectName() != "CreateFolderQuestion":
            QTimer.singleShot(20, act)
            return
        seen.append(box.text())
        box.button(button).click()

    QTimer.singleShot(20, act)


def type_into(widget: Any, text: str) -> None:
    """Focus ``widget``, clear it with real keys and type ``text`` key by key."""
    widget.setFocus()
    QTest.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(widget, Qt.Key.Key_Delete)
    QTest.keyClicks(widget, text)


# ----------------------------------------------------------------------------- the folder


def test_missing_folder_is_offered_then_created(qtbot: Any, tmp_path: Path,
                                                env: dict[str, str]) -> None:
    target = tmp_path / "clients" / "acme" / "new-app"
    dlg = NewProjectDialog(env)
    qtbot.addWidget(dlg)
    dlg.show()
    type_into(dlg.folder_edit, str(target))
    assert dlg.folder_edit.text() == str(target)
    assert "does not exist yet" in dlg.folder_label.text()
    assert dlg.create_button.isEnabled()
    seen: list[str] = []
    answer_question(QMessageBox.StandardButton.No, seen)
    dlg.create_button.click()  # the question runs its own loop; "No" ends it
    assert seen
    assert str(target) in seen[0]
    assert "Nothing was created" in dlg.error_label.text()
    assert not (tmp_path / "clients").exists()
    answer_question(QMessageBox.StandardButton.Yes, seen)
    with qtbot.waitSignal(dlg.created, timeout=10000):
        QTest.keyClick(dlg.folder_edit, Qt.Key.Key_Return)  # Return in the field is Create
    assert len(seen) == 2
    assert dlg.project_root == target
    config = json.loads((target / ".planning" / "config.json").read_text(encoding="utf-8"))
    assert config["claude_md_path"] == "./CLAUDE.md"
    state = (target / ".planning" / "STATE.md").read_text(encoding="utf-8")
    assert "next_action: new-project" in state


def test_odd_targets_are_named_and_create_stays_off(qtbot: Any, tmp_path: Path,
                                                    env: dict[str, str]) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("keep", encoding="utf-8")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    dlg = NewProjectDialog(env)
    qtbot.addWidget(dlg)
    cases = {
        str(a_file): "is a file, not a folder",
        str(fifo): "is a FIFO (named pipe), not a folder",
        str(loop): "is a symlink loop",
        str(a_file / "below"): "is a file, not a folder",
        "relative/path": "not an absolute path",
        "": "Choose a folder.",
    }
    for text, words in cases.items():
        dlg.folder_edit.setText(text)
        assert words in dlg.folder_label.text(), (text, dlg.folder_label.text())
        assert not dlg.create_button.isEnabled(), text
        dlg.create_project()  # even when asked directly: nothing happens
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop", "notes.txt", "pipe"]
    assert a_file.read_text(encoding="utf-8") == "keep"


# ----------------------------------------------------------------------------- the keyring

_NO_KEYRING_SCRIPT = r"""
import json, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from PySide6.QtTest import QTest
app = QApplication([])
from msd_desktop.ui.companion.new_project_dialog import NewProjectDialog
env = {"HOME": sys.argv[1], "PATH": ""}
dlg = NewProjectDialog(env)
dlg.resize(1100, 760)
dlg.show()
before = {"enabled": [e.isEnabled() for e in dlg.key_edits.values()],
          "label": dlg.keyring_label.text(),
          "button": dlg.create_button.geometry().getRect(),
          "edit": next(iter(dlg.key_edits.values())).geometry().getRect()}
answered = []
dlg.keyring_checked.connect(answered.append)
for _ in range(500):
    if answered:
        break
    QTest.qWait(10)
app.processEvents()
after = {"enabled": [e.isEnabled() for e in dlg.key_edits.values()],
         "global": dlg.global_keys.isEnabled(),
         "label": dlg.keyring_label.text(), "tooltip": dlg.keyring_label.toolTip(),
         "button": dlg.create_button.geometry().getRect(),
         "edit": next(iter(dlg.key_edits.values())).geometry().getRect(),
         "usable": answered[0].usable if answered else None}
created = []
dlg.created.connect(lambda r: created.append(str(r.path)))
dlg.folder_edit.setText(sys.argv[2])
dlg.create_button.click()
for _ in range(500):
    if created or dlg.error_label.text() not in ("", "Creating…"):
        break
    QTest.qWait(10)
print(json.dumps({"before": before, "after": after, "created": created,
                  "error": dlg.error_label.text()}))
"""


def test_no_keyring_disables_the_key_fields_up_front(tmp_path: Path) -> None:
    """A real process whose keyring is the ``fail`` backend: the fields are off before and
    after the check, the reason is shown in reserved space, Create succeeds without keys."""
    home = tmp_path / "home"
    home.mkdir()
    folder = tmp_path / "app"
    folder.mkdir()
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring",
           "QT_QPA_PLATFORM": "offscreen", "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".data"),
           "PYTHONPATH": str(REPO)}
    run = subprocess.run([sys.executable, "-c", _NO_KEYRING_SCRIPT, str(home), str(folder)],
                         env=env, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout.strip().splitlines()[-1])
    before, after = out["before"], out["after"]
    assert not any(before["enabled"])  # not enabled while the answer is unknown
    assert before["label"] == "Checking the OS keyring…"
    assert after["usable"] is False
    assert not any(after["enabled"])
    assert after["global"] is False
    assert "No usable OS keyring" in after["label"]
    assert "PYTHON_KEYRING_BACKEND=keyring.backends.fail.Keyring" in after["tooltip"]
    # the message arrived in space kept for it: nothing moved
    assert after["button"] == before["button"]
    assert after["edit"] == before["edit"]
    assert out["created"] == [str(folder / ".planning" / "config.json")], out["error"]
    assert (folder / ".planning" / "STATE.md").is_file()


@pytest.mark.keyring
def test_real_keyring_enables_the_key_fields(qtbot: Any, env: dict[str, str]) -> None:
    dlg = NewProjectDialog(env)
    qtbot.addWidget(dlg)
    assert not any(e.isEnabled() for e in dlg.key_edits.values())
    with qtbot.waitSignal(dlg.keyring_checked, timeout=20000) as blocker:
        pass
    status = blocker.args[0]
    if not status.usable:
        missing(f"no usable OS keyring: {status.reason}", "run the tests with scripts/run-tests.sh")
    assert all(e.isEnabled() for e in dlg.key_edits.values())
    assert "Keys typed here go to the OS keyring" in dlg.keyring_label.text()


def test_messages_never_move_the_layout(qtbot: Any, tmp_path: Path,
                                        env: dict[str, str]) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x", encoding="utf-8")
    dlg = NewProjectDialog(env)
    qtbot.addWidget(dlg)
    dlg.resize(1100, 760)
    dlg.show()
    qtbot.waitExposed(dlg)

    def places() -> tuple[Any, ...]:
        QApplication.processEvents()
        edit = next(iter(dlg.key_edits.values()))
        return (dlg.create_button.geometry().getRect(), dlg.splitter.geometry().getRect(),
                edit.mapTo(dlg, edit.rect().topLeft()).toTuple())

    start = places()
    long_reason = ("No usable OS keyring was found. " + "Install a keyring. " * 40).strip()
    for status in (KeyringStatus(False, "x", long_reason), KeyringStatus(True, "y"),
                   KeyringStatus(False, "z", "")):
        dlg._keyring_answered((status, {}))
        assert places() == start, status
    for text in (str(tmp_path / "missing"), str(a_file), str(tmp_path), ""):
        dlg.folder_edit.setText(text)
        assert places() == start, text
    dlg.error_label.setText("Could not write: " + "a long reason " * 12)
    assert places() == start


# ----------------------------------------------------------------------------- the window


@pytest.fixture
def projects(tmp_path: Path) -> Path:
    """A scan root holding one demo project."""
    root = tmp_path / "projects"
    root.mkdir()
    shutil.copytree(demo_source() / "field-notes", root / "field-notes")
    return root


def _window(qtbot: Any, registry: WorkspaceRegistry, env: dict[str, str], settings: Any,
            transient: list[Workspace] | None = None) -> MainWindow:
    win = MainWindow(registry=registry, transient=transient or [], env=env, settings=settings)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    return win


def test_new_project_joins_its_scan_root_and_is_selected(qtbot: Any, tmp_path: Path,
                                                         projects: Path, env: dict[str, str],
                                                         ui_settings: Any) -> None:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    registry.add(projects, kind="scan_root")
    win = _window(qtbot, registry, env, ui_settings)
    win.main_actions.new_project_action.trigger()
    dlg = win.findChild(NewProjectDialog)
    assert dlg is not None
    target = projects / "fresh-app"
    type_into(dlg.folder_edit, str(target))
    seen: list[str] = []
    answer_question(QMessageBox.StandardButton.Yes, seen)
    with qtbot.waitSignal(win.state_shown, timeout=20000,
                          check_params_cb=lambda v: Path(v.root) == target) as blocker:
        dlg.create_button.click()
    assert seen
    view = blocker.args[0]
    assert view.status == "planning"
    assert [w.path for w in registry.list()] == [projects]  # no one-project workspace
    current, _ = win.current_project()
    assert current is not None
    assert current.root == target
    assert win.browser.current_selection().project.root == target
    qtbot.waitUntil(lambda: "in workspace projects" in win.status_label.text(), timeout=10000)
    qtbot.waitUntil(lambda: win.next_command.label.text() == "/msd-new-project",
                    timeout=10000)


def test_new_project_outside_every_scan_root_gets_a_folder_workspace(
        qtbot: Any, tmp_path: Path, projects: Path, env: dict[str, str],
        ui_settings: Any) -> None:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    registry.add(projects, kind="scan_root")
    win = _window(qtbot, registry, env, ui_settings)
    target = tmp_path / "elsewhere"
    target.mkdir()
    win.main_actions.new_project_action.trigger()
    dlg = win.findChild(NewProjectDialog)
    type_into(dlg.folder_edit, str(target))
    with qtbot.waitSignal(win.state_shown, timeout=20000,
                          check_params_cb=lambda v: Path(v.root) == target):
        dlg.create_button.click()
    assert [(w.path, w.kind) for w in registry.list()] == [(projects, "scan_root"),
                                                            (target, "folder")]


def test_restore_of_a_project_no_longer_listed_is_quiet(qtbot: Any, tmp_path: Path,
                                                        projects: Path, env: dict[str, str],
                                                        ui_settings: Any) -> None:
    """The demo was the last project; real projects are registered now, the demo not shown."""
    gone = tmp_path / "data" / "msd-desktop" / "demo" / "field-notes"
    ui_settings.setValue("ui/last_project", str(gone))
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    registry.add(projects, kind="scan_root")
    messages: list[str] = []
    win = MainWindow(registry=registry, transient=[], env=env, settings=ui_settings)
    qtbot.addWidget(win)
    win.browser.message_posted.connect(messages.append)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    qtbot.waitUntil(lambda: not win.last_project.pending, timeout=5000)
    qtbot.wait(100)  # the restore runs on a later turn
    assert "not in any workspace" not in win.status_label.text()
    assert not any("not in any workspace" in m for m in messages)
    assert win.stack.currentIndex() == 0  # the overview
    assert win.current_project()[0] is None
    # a last project that is still listed is reopened as before
    ui_settings.setValue("ui/last_project", str(projects / "field-notes"))
    win2 = MainWindow(registry=registry, transient=[], env=env, settings=ui_settings)
    qtbot.addWidget(win2)
    with qtbot.waitSignal(win2.state_shown, timeout=20000):
        win2.show()
    assert win2.current_project()[0].root == projects / "field-notes"


def test_help_opens_the_demo_workspace(qtbot: Any, tmp_path: Path, projects: Path,
                                       env: dict[str, str], ui_settings: Any) -> None:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    registry.add(projects, kind="scan_root")
    win = _window(qtbot, registry, env, ui_settings)
    help_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Help")
    assert win.main_actions.open_demo_action in help_menu.actions()
    for _ in range(2):  # opening it twice shows it once
        with qtbot.waitSignal(win.browser.projects_loaded, timeout=20000) as blocker:
            win.main_actions.open_demo_action.trigger()
        names = [e.name for e in blocker.args[0]]
        assert names.count("Demo workspace") == 1, names
    roots = {p.ref.root.name for p in win.browser.model.projects()}
    assert {"billing-service", "field-notes", "platform-monorepo"} <= roots
    assert [w.path for w in registry.list()] == [projects]  # shown, never registered
    assert win.open_project(next(p.ref.root for p in win.browser.model.projects()
                                 if p.ref.root.name == "billing-service"))


def test_the_dialog_never_asks_the_keyring_on_the_window_thread(
        qtbot: Any, tmp_path: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The preview lists the keys the keyring holds, but the keyring is asked in a worker
    (with the keyring check): a locked or frozen keyring never holds the window. The keyring
    answers through a stand-in that records its thread (fault injection: which thread asks)."""
    import threading

    from msd_desktop.core.secrets import store as secrets
    from msd_desktop.ui.companion import new_project_dialog

    asked_on: list[bool] = []

    def has_secret(key: str, **_kw: Any) -> bool:
        asked_on.append(threading.current_thread() is threading.main_thread())
        return key == "brave_search"

    monkeypatch.setattr(secrets, "has_secret", has_secret)
    monkeypatch.setattr(new_project_dialog, "keyring_status",
                        lambda: KeyringStatus(True, "test keyring"))
    dlg = NewProjectDialog(env)
    qtbot.addWidget(dlg)
    with qtbot.waitSignal(dlg.keyring_checked, timeout=20000):
        dlg.show()
    dlg.folder_edit.setText(str(tmp_path / "weather"))
    dlg.key_edits["exa_search"].setText("typed")
    assert asked_on  # the keyring was asked…
    assert not any(asked_on)  # …never on the window's thread
    assert "keyring" in dlg.key_edits["brave_search"].placeholderText()
    assert json.loads(dlg.preview.toPlainText())["brave_search"] is True
