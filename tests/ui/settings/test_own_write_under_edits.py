"""Setting an API key while the form has unsaved edits: the key's sentinel is the app's own
write, so no "changed on disk" banner; the edits stay pending on top of the new file and Save
writes both (offscreen, real key events; the keyring itself only under scripts/run-tests.sh).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from msd_desktop.core.secrets import store as secrets
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings import api_keys_panel
from msd_desktop.ui.settings.form import ConfigFormPanel
from tests.prerequisites import require_keyring

AGENTS = "parallelization.max_concurrent_agents"


def _config(root: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (root / ".planning" / "config.json").read_text(encoding="utf-8"))
    return data


def _panel(qtbot: QtBot, root: Path, env: dict[str, str]) -> ConfigFormPanel:
    panel = ConfigFormPanel(ProjectRef(root=root, name="field-notes", workspace="demo"),
                            env=env)
    qtbot.addWidget(panel)
    panel.resize(1200, 800)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    panel.row(AGENTS)
    return panel


def _edit_then_set_key(qtbot: QtBot, panel: ConfigFormPanel) -> None:
    """Type a Form edit, then press Set on the API keys page with the keyboard."""
    spin = panel.editor(AGENTS).spin  # type: ignore[attr-defined]
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "7")
    QTest.keyClick(spin, Qt.Key.Key_Tab)
    assert panel.draft is not None
    assert panel.draft.pending == {AGENTS: 7}
    panel.inner_tabs.setCurrentWidget(panel._api_keys_page)
    keys = panel.api_keys_panel()
    qtbot.waitUntil(lambda: keys.loaded and not keys.busy
                    and keys.set_buttons["exa_search"].isEnabled(), timeout=15000)
    button = keys.set_buttons["exa_search"]
    button.setFocus()
    with qtbot.waitSignal(keys.stored, timeout=15000):
        QTest.keyClick(button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: not keys.busy, timeout=15000)


def _check_kept_and_saved(qtbot: QtBot, panel: ConfigFormPanel, root: Path) -> None:
    draft = panel.draft
    assert draft is not None
    qtbot.waitUntil(lambda: draft.file_value("exa_search") is True, timeout=10000)
    qtbot.wait(300)  # the file watch's own event for the sentinel arrives too
    assert panel.disk_banner.isHidden()
    assert "changed on disk" not in panel.status.text()
    assert draft.pending == {AGENTS: 7}  # the edit is still pending, on the new base
    assert panel.editor(AGENTS).spin.value() == 7  # type: ignore[attr-defined]
    panel.inner_tabs.setCurrentIndex(0)
    spin = panel.editor(AGENTS).spin  # type: ignore[attr-defined]
    spin.setFocus()
    with qtbot.waitSignal(panel.save_finished, timeout=20000) as saved:
        QTest.keyClick(spin, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert saved.args is not None
    assert saved.args[0] is True
    on_disk = _config(root)
    assert on_disk["parallelization"]["max_concurrent_agents"] == 7
    assert on_disk["exa_search"] is True  # our sentinel was not overwritten by the save
    assert not draft.dirty


def test_setting_a_key_keeps_unsaved_edits_without_a_conflict(
        qtbot: QtBot, demo: Path, env: dict[str, str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel's own write path (sentinel through the core) with the keyring replaced by a
    dictionary, so it runs on every machine."""
    stored: dict[str, str] = {}
    monkeypatch.setattr(secrets, "keyring_status",
                        lambda: secrets.KeyringStatus(True, "test.dict"))
    monkeypatch.setattr(secrets, "store_secret",
                        lambda key, value, **_kw: stored.__setitem__(key, value))
    monkeypatch.setattr(api_keys_panel, "ask_secret", lambda *_a: "exa-value-not-real-0042")
    root = demo / "field-notes"
    panel = _panel(qtbot, root, env)
    _edit_then_set_key(qtbot, panel)
    assert stored == {"exa_search": "exa-value-not-real-0042"}
    _check_kept_and_saved(qtbot, panel, root)


def test_an_outside_change_under_edits_still_asks(qtbot: QtBot, demo: Path,
                                                 env: dict[str, str]) -> None:
    """Only our own write is taken silently: someone else's change still shows the banner."""
    root = demo / "field-notes"
    panel = _panel(qtbot, root, env)
    spin = panel.editor(AGENTS).spin  # type: ignore[attr-defined]
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "7")
    panel._own_write_done()  # an own write earlier, nothing changed since
    path = root / ".planning" / "config.json"
    path.write_text(json.dumps({**_config(root), "mode": "interactive"}, indent=2) + "\n",
                    encoding="utf-8")
    panel.check_disk()
    assert not panel.disk_banner.isHidden()
    assert panel.draft is not None
    assert panel.draft.pending == {AGENTS: 7}


@pytest.mark.keyring
def test_setting_a_key_in_the_real_keyring_keeps_unsaved_edits(
        qtbot: QtBot, demo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    require_keyring()
    keep = ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
            "PATH", "DBUS_SESSION_BUS_ADDRESS", "GNOME_KEYRING_CONTROL")
    env = {k: os.environ[k] for k in keep if k in os.environ}
    monkeypatch.setattr(api_keys_panel, "ask_secret", lambda *_a: "exa-value-not-real-0043")
    root = demo / "field-notes"
    panel = _panel(qtbot, root, env)
    try:
        _edit_then_set_key(qtbot, panel)
        _check_kept_and_saved(qtbot, panel, root)
    finally:
        secrets.delete_secret("exa_search", root=root, env=env)
