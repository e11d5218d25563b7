"""The real window as a subprocess: live State, the API keys through the keyring, the
config-changed-on-disk banner, and a screenshot of every tab (kept for a person to look at;
the ones named in the README are copied into ``docs/screenshots/``).

Files are changed from outside, the way an agent or an editor would change them, and every
expectation is polled through the automation socket with a deadline.
"""

from __future__ import annotations

import json
import os
import re
import secrets as pysecrets
from pathlib import Path

import pytest

from tests.e2e.conftest import AppDriver, save_shot
from tests.prerequisites import require_keyring

pytestmark = [pytest.mark.e2e]

STATE = {"cls": "StatePanel"}


def _state_text(app: AppDriver, attr: str) -> str:
    return app.text(**STATE, attr=attr)


def _replace_fm(path: Path, key: str, value: str) -> None:
    text = path.read_text(encoding="utf-8")
    new, n = re.subn(rf"(?m)^( *){key}: .*$", rf"\g<1>{key}: {value}", text, count=1)
    assert n == 1, f"{key} not in {path}"
    path.write_text(new, encoding="utf-8")


def test_state_panel_follows_state_md_written_outside(app: AppDriver) -> None:
    root = app.open_project("checklist-printer", "State")
    app.wait_for("the State panel", lambda: _state_text(app, "progress") == "25%")
    save_shot(app, "state-before-edit")
    state_md = root / ".planning" / "STATE.md"

    _replace_fm(state_md, "last_activity_desc", "'Printed the e2e marker page'")
    _replace_fm(state_md, "status", "paused")
    _replace_fm(state_md, "percent", "75")  # contradicts the phases folder (25%)
    app.wait_for("the new activity",
                 lambda: "e2e marker" in _state_text(app, "fields.last_activity"))
    assert _state_text(app, "fields.status") == "paused"
    # the percent comes from the files on disk; the contradiction is shown as a problem
    assert _state_text(app, "progress") == "25%"
    problems = app.do("find", **STATE, attr="problems_label")
    assert problems["visible"]
    assert "75%" in problems["text"], problems["text"]
    save_shot(app, "state-after-edit")
    assert not app.do("find", **STATE, attr="banner", visible=False)["visible"]
    assert app.do("title")["title"] == "checklist-printer — MSD Desktop"


def test_broken_state_md_shows_banner_and_keeps_last_good(app: AppDriver) -> None:
    root = app.open_project("checklist-printer", "State")
    app.wait_for("the State panel", lambda: _state_text(app, "progress") == "25%")
    phase = _state_text(app, "fields.phase")
    assert phase not in ("", "—")
    state_md = root / ".planning" / "STATE.md"
    good = state_md.read_text(encoding="utf-8")

    # an unclosed flow sequence on line 4 of the file (line 3 of the frontmatter)
    state_md.write_text(good.replace("status: executing", "status: [executing", 1),
                        encoding="utf-8")
    banner = app.wait_for(
        "the error banner",
        lambda: (r := app.call("find", **STATE, attr="banner_label"))["ok"] and r["visible"]
        and r)
    assert "STATE.md could not be read" in banner["text"]
    assert re.search(r"line \d+", banner["text"]), banner["text"]
    assert "last good state" in banner["text"]
    # the last good state is still on screen
    assert _state_text(app, "progress") == "25%"
    assert _state_text(app, "fields.phase") == phase
    save_shot(app, "state-broken-banner")

    state_md.write_text(good, encoding="utf-8")
    app.wait_for("the banner to go away",
                 lambda: not app.do("find", **STATE, attr="banner", visible=False)["visible"])


@pytest.mark.keyring
def test_api_key_set_through_the_ui_lands_in_the_keyring(app: AppDriver) -> None:
    from msd_desktop.core.secrets import store as secrets
    from msd_desktop.core.secrets.masking import UNSET, mask

    require_keyring()
    root = app.open_project("checklist-printer", "Settings")
    panel = {"cls": "ApiKeysPanel", "visible": False}
    app.do("tab", text="API keys")
    field = {"name": "secret:brave_search"}
    set_button = {**panel, "attr": "set_buttons.brave_search"}
    app.wait_for("the keys listing", lambda: app.do("find", **set_button)["enabled"])
    assert app.text(**field) == UNSET

    value = "e2e-brave-" + pysecrets.token_hex(8)
    app.do("click", **set_button)
    app.wait_for("the key dialog", lambda: app.call("find", **{"in": "modal", "cls": "QLineEdit"})
                 ["ok"])
    app.do("set_text", **{"in": "modal", "cls": "QLineEdit"}, value=value)
    app.do("click", **{"in": "modal", "cls": "QPushButton", "text": "OK"})

    shown = app.wait_for("the masked value", lambda: (t := app.text(**field)) != UNSET and t)
    assert value not in shown
    assert shown == mask(value) == "****" + value[-4:]
    save_shot(app, "settings-api-key-set")

    env = dict(os.environ)
    assert secrets.reveal_secret("brave_search", root=root, env=env) == value
    config = json.loads((root / ".planning" / "config.json").read_text(encoding="utf-8"))
    assert config["brave_search"] is True
    # nothing on screen holds the plaintext
    texts = [w["text"] for w in app.do("widgets")["widgets"]]
    assert not any(value in t for t in texts)
    secrets.delete_secret("brave_search", root=root, env=env)


def test_config_changed_on_disk_during_a_draft_shows_the_banner(app: AppDriver) -> None:
    root = app.open_project("checklist-printer", "Settings")
    form = {"cls": "ConfigFormPanel"}
    research = {"in": {"name": "row:workflow.research"}, "cls": "QCheckBox"}
    app.wait_for("the form", lambda: app.call("find", **research)["ok"])
    before = app.do("find", **research)["checked"]
    app.do("check", **research, checked=not before)  # a draft edit (synchronous)

    config_path = root / ".planning" / "config.json"
    data = json.loads(config_path.read_text(encoding="utf-8"))
    data["model_profile"] = "quality" if data.get("model_profile") != "quality" else "balanced"
    config_path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")

    banner = app.wait_for(
        "the changed-on-disk banner",
        lambda: (r := app.call("find", **form, attr="disk_banner.label"))["ok"] and r["visible"]
        and r)
    assert "changed on disk" in banner["text"]
    # nothing lost silently: the draft edit is still in the form
    assert app.do("find", **research)["checked"] is (not before)
    save_shot(app, "settings-disk-conflict")
    # closing asks about the draft; Discard lets the app end at once (left unanswered, the
    # question kept it alive until the driver killed it after 10 s)
    app.do("quit")
    discard = {"in": "modal", "cls": "QPushButton", "text": "Discard"}
    app.wait_for("the unsaved-changes question", lambda: app.call("find", **discard)["ok"])
    app.do("click", **discard)
    assert app.proc.wait(timeout=30) == 0, app.stderr()


def test_screenshots_of_every_tab(app: AppDriver) -> None:
    app.wait_for("the overview", lambda: app.call("select_project", name="checklist-printer")
                 ["ok"], timeout=30)
    app.do("trigger", shortcut="Ctrl+0")
    app.wait_for("the overview title", lambda: app.do("title")["title"] == "MSD Desktop")
    save_shot(app, "browser-overview", docs=True)

    app.open_project("billing-service", "Settings")
    app.wait_for("the settings form",
                 lambda: app.call("find", **{"in": {"name": "row:workflow.research"},
                                             "cls": "QCheckBox"})["ok"])
    save_shot(app, "settings-tab", docs=True)
    app.do("trigger", shortcut="Ctrl+2")
    app.wait_for("the models tab", lambda: any(
        t["name"] == "ProjectTabs" and t["current"] == 1 for t in app.do("tabs")["tabs"]))
    agent = app.wait_for("the agents table", lambda: (r := app.call(
        "select_row", cls="ModelsPanel", attr="table", row=0))["ok"] and r)
    assert agent["text"].startswith("msd-")
    save_shot(app, "models-tab", docs=True)
    app.do("trigger", shortcut="Ctrl+3")
    app.wait_for("the state tab", lambda: _state_text(app, "progress") == "33%")
    save_shot(app, "state-tab", docs=True)
    assert app.do("title")["title"] == "billing-service — MSD Desktop"
