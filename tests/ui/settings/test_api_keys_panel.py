"""API keys panel: masked values, banners, and (under scripts/run-tests.sh) the real keyring."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from msd_desktop.core.secrets import store as secrets
from msd_desktop.ui.settings import api_keys_panel
from msd_desktop.ui.settings.api_keys_panel import ApiKeysPanel
from tests.prerequisites import require_keyring, require_tool

PLAINTEXT = "demo-brave-key-not-real-0000"


@pytest.fixture
def root(demo: Path) -> Path:
    return demo / "billing-service"  # its config.json holds a plaintext brave_search


def _panel(qtbot: QtBot, root: Path, env: dict[str, str]) -> ApiKeysPanel:
    panel = ApiKeysPanel(root, env=env)
    qtbot.addWidget(panel)
    assert panel.status is None
    assert not panel.busy
    panel.show()
    qtbot.waitUntil(lambda: not panel.busy and panel.status is not None, timeout=10000)
    return panel


def test_keyring_is_asked_only_when_shown(qtbot: QtBot, root: Path, env: dict[str, str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = secrets.keyring_status
    monkeypatch.setattr(secrets, "keyring_status", lambda: calls.append("status") or real())
    panel = ApiKeysPanel(root, env=env)
    qtbot.addWidget(panel)
    qtbot.wait(50)
    assert calls == []
    assert not panel.set_buttons["exa_search"].isEnabled()  # until the keyring answered
    panel.show()
    qtbot.waitUntil(lambda: panel.status is not None, timeout=10000)
    assert calls == ["status"]
    panel.hide()
    panel.show()
    qtbot.wait(50)
    assert calls == ["status"]  # once; Set/Remove/Migrate refresh explicitly


def test_masked_values_and_plaintext_banner(qtbot: QtBot, root: Path,
                                            env: dict[str, str]) -> None:
    panel = _panel(qtbot, root, env)
    assert panel.fields["brave_search"].text() == "****0000"
    assert all(PLAINTEXT not in f.text() for f in panel.fields.values())
    assert not panel.plaintext_banner.isHidden()
    assert "brave_search" in panel.plaintext_banner.text()
    assert panel.plaintext_banner.property("git_tracked") is False
    assert panel.fields["exa_search"].text() == "(unset)"


def test_git_tracked_banner_is_stronger(qtbot: QtBot, root: Path, env: dict[str, str]) -> None:
    require_tool("git")
    run = {"cwd": root, "env": env, "check": True, "capture_output": True}
    subprocess.run(["git", "init", "-q"], **run)  # type: ignore[call-overload]
    subprocess.run(["git", "add", ".planning/config.json"], **run)  # type: ignore[call-overload]
    panel = _panel(qtbot, root, env)
    assert panel.plaintext_banner.property("git_tracked") is True
    assert "tracked by git" in panel.plaintext_banner.text()


def test_no_usable_keyring_says_so(qtbot: QtBot, root: Path, env: dict[str, str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    status = secrets.KeyringStatus(False, "keyring.backends.fail.Keyring",
                                   "No usable OS keyring was found. Install gnome-keyring.")
    monkeypatch.setattr(secrets, "keyring_status", lambda: status)
    panel = _panel(qtbot, root, env)
    assert not panel.keyring_banner.isHidden()
    assert "No usable OS keyring" in panel.keyring_banner.text()
    assert not panel.set_buttons["exa_search"].isEnabled()
    assert not panel.migrate_button.isEnabled()


def _need_keyring() -> None:
    require_keyring()


@pytest.mark.keyring
def test_set_reveal_hide_remove_in_the_real_keyring(
    qtbot: QtBot, root: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _need_keyring()
    monkeypatch.setattr(api_keys_panel, "ask_secret", lambda *_a: "exa-secret-value-1234")
    monkeypatch.setattr(api_keys_panel, "confirm_remove", lambda *_a: True)
    monkeypatch.setattr(api_keys_panel, "REVEAL_SECONDS", 0)
    panel = _panel(qtbot, root, env)
    try:
        with qtbot.waitSignal(panel.stored, timeout=10000):
            panel.set_key("exa_search")
        qtbot.waitUntil(lambda: not panel.busy, timeout=10000)
        assert secrets.reveal_secret("exa_search", root=root, env=env) == "exa-secret-value-1234"
        config = json.loads((root / ".planning" / "config.json").read_text(encoding="utf-8"))
        assert config["exa_search"] is True
        assert panel.fields["exa_search"].text() == "****1234"
        with qtbot.waitSignal(panel.revealed, timeout=10000):
            panel.reveal("exa_search")
        assert panel.fields["exa_search"].text() == "exa-secret-value-1234"
        with qtbot.waitSignal(panel.hidden, timeout=5000):
            pass
        assert panel.fields["exa_search"].text() == "****1234"
        with qtbot.waitSignal(panel.removed, timeout=10000):
            panel.remove_key("exa_search")
        assert not secrets.has_secret("exa_search", root=root, env=env)
    finally:
        secrets.delete_secret("exa_search", root=root, env=env)


@pytest.mark.keyring
def test_migrate_plaintext_in_the_real_keyring(qtbot: QtBot, root: Path,
                                               env: dict[str, str]) -> None:
    _need_keyring()
    panel = _panel(qtbot, root, env)
    try:
        with qtbot.waitSignal(panel.migrated, timeout=10000) as blocker:
            panel.migrate_button.click()
        assert blocker.args[0] == ["brave_search"]
        config = json.loads((root / ".planning" / "config.json").read_text(encoding="utf-8"))
        assert config["brave_search"] is True
        assert secrets.reveal_secret("brave_search", root=root, env=env) == PLAINTEXT
        qtbot.waitUntil(lambda: panel.plaintext_banner.isHidden(), timeout=10000)
    finally:
        secrets.delete_secret("brave_search", root=root, env=env)


def test_a_key_shows_checking_until_the_keyring_answers(
        qtbot: QtBot, root: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    release = threading.Event()
    real = secrets.list_secrets

    def frozen(*args, **kwargs):  # fault injection: a keyring that does not answer (yet)
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(secrets, "list_secrets", frozen)
    panel = ApiKeysPanel(root, env=env)
    qtbot.addWidget(panel)
    panel.show()
    try:
        assert panel.busy
        assert panel.fields["brave_search"].text() == "checking…"  # not "(unset)"
    finally:
        release.set()
    qtbot.waitUntil(lambda: not panel.busy, timeout=10000)
    assert panel.fields["brave_search"].text() != "checking…"


def test_quitting_never_waits_for_a_frozen_keyring(
        qtbot: QtBot, root: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The exit waits for ops that may be writing a file; a keyring op that does not answer
    is not one of them: quitting leaves it (it waited 15 + 2 s for it)."""
    import threading

    from msd_desktop.ui.widgets import workers

    release, entered = threading.Event(), threading.Event()
    real = secrets.list_secrets

    def frozen(*args, **kwargs):  # fault injection: a keyring that does not answer
        entered.set()
        release.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(secrets, "list_secrets", frozen)
    panel = ApiKeysPanel(root, env=env)
    qtbot.addWidget(panel)
    panel.show()
    try:
        qtbot.waitUntil(entered.is_set, timeout=10000)  # the keyring op runs, frozen
        assert panel.busy
        assert workers.wait_for_writes(0)  # the exit has nothing to wait for
    finally:
        release.set()
    qtbot.waitUntil(lambda: not panel.busy, timeout=10000)
