"""Every write the core makes to a config file lands in the history, with its source."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from msd_desktop.core.config.batch import apply_batch, plan_batch, undo_batch
from msd_desktop.core.config.setter import config_set
from msd_desktop.core.config.store import migrate_config, write_project_config
from msd_desktop.core.history.recorder import write_config_recorded
from msd_desktop.core.history.store import FIRST_SEEN, OUTSIDE, HistoryStore
from msd_desktop.core.secrets.store import mark_available
from msd_desktop.core.workspace.new_project import new_project

SECRET = "sk-live-RECORDER-PLAINTEXT-5678"


@pytest.fixture
def env(isolated_home: Path) -> dict[str, str]:
    return {"HOME": str(isolated_home)}


def _project(base: Path, name: str, config: dict[str, object]) -> Path:
    root = base / name
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "config.json").write_text(json.dumps(config, indent=2) + "\n")
    return root


def _history(env: dict[str, str], root: Path) -> list[tuple[str, dict[str, object] | None]]:
    store = HistoryStore.for_user(env)
    return [(e.source, json.loads(store.content(e)) if e.digest else None)
            for e in store.entries(root / ".planning" / "config.json").entries]


def test_config_set_records_the_state_it_replaced_and_the_new_one(
        env: dict[str, str], tmp_path: Path) -> None:
    root = _project(tmp_path, "p", {"mode": "interactive"})
    config_set(root, "mode", "yolo", env=env)
    config_set(root, "mode", "interactive", env=env)
    assert _history(env, root) == [(FIRST_SEEN, {"mode": "interactive"}),
                                   ("msd config-set", {"mode": "yolo"}),
                                   ("msd config-set", {"mode": "interactive"})]


def test_a_settings_save_after_an_outside_edit_records_both(env: dict[str, str],
                                                            tmp_path: Path) -> None:
    root = _project(tmp_path, "p", {"mode": "interactive"})
    path = root / ".planning" / "config.json"
    write_project_config(path, {"mode": "yolo"}, ...)
    path.write_text('{"mode": "interactive", "hand": true}\n')
    write_project_config(path, {"mode": "yolo", "hand": True}, ..., source="JSON tab")
    assert [s for s, _ in _history(env, root)] == [FIRST_SEEN, "Settings save", OUTSIDE,
                                                   "JSON tab"]


def test_a_matrix_batch_shares_one_id_across_its_projects(env: dict[str, str],
                                                          tmp_path: Path) -> None:
    roots = [_project(tmp_path, n, {"model_profile": "quality"}) for n in "abc"]
    report = apply_batch(plan_batch(roots, "model_profile", "budget", env), env)
    store = HistoryStore.for_user(env)
    last = [store.entries(r / ".planning" / "config.json").entries[-1] for r in roots]
    assert {e.source for e in last} == {"matrix batch"}
    assert len({e.batch for e in last}) == 1
    assert last[0].batch is not None
    undo_batch(report, env)
    undone = [store.entries(r / ".planning" / "config.json").entries[-1] for r in roots]
    assert {e.source for e in undone} == {"matrix batch undone"}
    assert len({e.batch for e in undone}) == 1
    assert undone[0].batch != last[0].batch


def test_migrate_config_and_new_project_and_secrets_are_recorded(env: dict[str, str],
                                                                 tmp_path: Path) -> None:
    legacy = _project(tmp_path, "legacy", {"depth": "quick"})
    migrate_config(legacy, env)
    assert [s for s, _ in _history(env, legacy)] == [FIRST_SEEN, "migrate-config"]
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    new_project(fresh, {}, env)
    assert [s for s, _ in _history(env, fresh)] == ["new project"]
    mark_available(fresh, "exa_search", env)
    assert _history(env, fresh)[-1][0] == "secrets set"


def test_a_plaintext_key_saved_in_a_config_never_reaches_the_store(env: dict[str, str],
                                                                  tmp_path: Path) -> None:
    root = _project(tmp_path, "p", {"mode": "yolo", "brave_search": SECRET})
    path = root / ".planning" / "config.json"
    write_project_config(path, {"mode": "interactive", "brave_search": SECRET}, ...)
    store = HistoryStore.for_user(env)
    assert len(store.entries(path).entries) == 2
    for folder, _, files in os.walk(store.root):
        for name in files:
            assert SECRET.encode() not in (Path(folder) / name).read_bytes()


def test_a_store_that_cannot_be_used_never_stops_a_write(env: dict[str, str],
                                                         tmp_path: Path,
                                                         caplog: pytest.LogCaptureFixture
                                                         ) -> None:
    store = HistoryStore.for_user(env)
    store.root.parent.mkdir(parents=True)
    store.root.symlink_to(tmp_path)
    root = _project(tmp_path, "p", {"mode": "interactive"})
    path = root / ".planning" / "config.json"
    write_config_recorded(path, {"mode": "yolo"}, expected=..., source="Settings save",
                          lock_dir=path.parent, env=env)
    assert json.loads(path.read_text()) == {"mode": "yolo"}
    assert "symbolic link" in caplog.text


def test_observed_changes_record_config_files_only(env: dict[str, str], tmp_path: Path) -> None:
    from msd_desktop.core.history.recorder import observe_changes

    root = _project(tmp_path, "p", {"mode": "interactive"})
    config = root / ".planning" / "config.json"
    state = root / ".planning" / "STATE.md"
    state.write_text("# state\n")
    observe_changes([config, state], env)
    config.write_text('{"mode": "yolo"}\n')
    observe_changes([config], env)
    store = HistoryStore.for_user(env)
    assert [e.source for e in store.entries(config).entries] == [FIRST_SEEN, OUTSIDE]
    assert store.entries(state).entries == []
    assert store.files()[0][0] == os.path.realpath(config)


def _wipe_project_keys(root: Path) -> None:
    from msd_desktop.core.secrets import store as secrets

    backend = secrets._backend_or_none()
    if backend is None:
        return
    for key in secrets.secret_keys():
        user = secrets._project_user(key, root)
        if backend.get_password(secrets.SERVICE, user) is not None:
            backend.delete_password(secrets.SERVICE, user)


@pytest.mark.keyring
def test_secrets_migrate_is_recorded_and_the_key_stays_out(env: dict[str, str],
                                                           tmp_path: Path) -> None:
    from msd_desktop.core.secrets.store import migrate_plaintext_secrets
    from tests.prerequisites import require_keyring

    require_keyring()
    root = _project(tmp_path, "p", {"mode": "yolo", "exa_search": SECRET})
    _wipe_project_keys(root)
    try:
        migrate_plaintext_secrets(root, env=env)
    finally:
        _wipe_project_keys(root)
    assert _history(env, root) == [(FIRST_SEEN, {"mode": "yolo", "exa_search":
                                                 "<secret value not kept in history>"}),
                                   ("secrets migrate", {"mode": "yolo", "exa_search": True})]
    for folder, _, files in os.walk(HistoryStore.for_user(env).root):
        for name in files:
            assert SECRET.encode() not in (Path(folder) / name).read_bytes()


def test_a_broken_file_fixed_in_the_json_tab_is_recorded_without_its_key(
        env: dict[str, str], tmp_path: Path) -> None:
    from msd_desktop.core.config.draft import TEXT_KEY, ConfigDraft
    from msd_desktop.core.secrets.masking import mask

    path = tmp_path / "p" / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    broken = '{\n  "brave_search": "' + SECRET + '",\n  "mode": "yolo",\n}\n'
    path.write_text(broken, encoding="utf-8")
    draft = ConfigDraft(path)
    draft.set(TEXT_KEY, broken.replace(SECRET, mask(SECRET)).replace('"yolo",', '"yolo"'))
    draft.save()
    entries = HistoryStore.for_user(env).entries(path).entries
    assert [(e.source, e.state) for e in entries] == [(FIRST_SEEN, "withheld"),
                                                      ("JSON tab", "present")]
    for folder, _, files in os.walk(HistoryStore.for_user(env).root):
        for name in files:
            assert SECRET.encode() not in (Path(folder) / name).read_bytes()
