"""A matrix batch restored across its projects and the restore undone (no Qt): every file
through the normal save path, one file's refusal never stopping the others, an undo that never
overwrites a later edit nor deletes a file the restore made."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from msd_desktop.core.config.batch import apply_batch, plan_batch
from msd_desktop.core.history.restore import (
    plan_batch_restore,
    restore_batch,
    undo_batch_restore,
)
from msd_desktop.core.history.store import HistoryStore


@pytest.fixture
def env() -> dict[str, str]:
    return dict(os.environ)


def _project(tmp_path: Path, name: str, profile: str | None) -> Path:
    root = tmp_path / name
    (root / ".planning").mkdir(parents=True)
    if profile is not None:
        (root / ".planning" / "config.json").write_text(
            json.dumps({"model_profile": profile, "name": name}, indent=2) + "\n",
            encoding="utf-8")
    return root


def _profile(root: Path) -> str:
    return str(json.loads((root / ".planning" / "config.json").read_text(
        encoding="utf-8"))["model_profile"])


def _batch_of(root: Path) -> str:
    entry = HistoryStore.for_user().entries(root / ".planning" / "config.json").entries[-1]
    assert entry.batch
    return entry.batch


def test_restore_then_undo_across_three_projects(tmp_path: Path, env: dict[str, str]) -> None:
    roots = [_project(tmp_path, n, p) for n, p in (("a", "quality"), ("b", "balanced"),
                                                   ("c", "quality"))]
    apply_batch(plan_batch(roots, "model_profile", "budget", env), env)
    batch = _batch_of(roots[0])
    store = HistoryStore.for_user()
    report = restore_batch(plan_batch_restore(store, batch, before=True), batch, env)
    assert [r.status for r in report.results] == ["restored"] * 3
    assert [_profile(r) for r in roots] == ["quality", "balanced", "quality"]
    assert report.can_undo
    assert report.failed == []
    newest = [store.entries(r / ".planning" / "config.json").entries[-1] for r in roots]
    assert {e.source for e in newest} == {"restore"}
    assert {e.batch for e in newest} == {report.restore_batch}
    # someone edits b afterwards: the undo leaves b alone and puts the others back
    b = roots[1] / ".planning" / "config.json"
    b.write_text(json.dumps({"model_profile": "inherit", "name": "b"}) + "\n",
                 encoding="utf-8")
    undone = undo_batch_restore(report, env)
    assert {r.path.parts[-3]: r.status for r in undone.results} == {
        "a": "restored", "b": "refused", "c": "restored"}
    assert [_profile(r) for r in roots] == ["budget", "inherit", "budget"]
    assert json.loads((roots[0] / ".planning" / "config.json").read_text(
        encoding="utf-8"))["name"] == "a"  # the whole document as it was, not one key
    assert store.entries(roots[0] / ".planning" / "config.json").entries[-1].source \
        == "restore undone"


def test_a_refused_file_never_stops_the_others(tmp_path: Path, env: dict[str, str]) -> None:
    a, b = _project(tmp_path, "a", "quality"), _project(tmp_path, "b", "quality")
    new = _project(tmp_path, "new", None)  # the batch makes its config.json
    apply_batch(plan_batch([a, b, new], "model_profile", "budget", env), env)
    batch = _batch_of(a)
    files = plan_batch_restore(HistoryStore.for_user(), batch, before=True)
    # a changes between the confirmation and the write
    (a / ".planning" / "config.json").write_text('{"model_profile": "inherit"}\n',
                                                 encoding="utf-8")
    report = restore_batch(files, batch, env)
    by_name = {r.path.parts[-3]: r for r in report.results}
    assert by_name["a"].status == "refused"
    assert by_name["b"].status == "restored"
    assert by_name["new"].status == "error"
    assert by_name["new"].problem is not None
    assert "no state from before the batch" in by_name["new"].problem
    assert (_profile(a), _profile(b), _profile(new)) == ("inherit", "quality", "budget")
    assert len(report.failed) == 2


def test_an_undo_never_deletes_a_file_the_restore_made(tmp_path: Path,
                                                       env: dict[str, str]) -> None:
    a = _project(tmp_path, "a", "quality")
    apply_batch(plan_batch([a], "model_profile", "budget", env), env)
    batch = _batch_of(a)
    config = a / ".planning" / "config.json"
    config.unlink()  # deleted since: the restore makes it again
    report = restore_batch(plan_batch_restore(HistoryStore.for_user(), batch, before=False),
                           batch, env)
    assert [r.status for r in report.results] == ["restored"]
    assert _profile(a) == "budget"
    assert not report.can_undo
    undone = undo_batch_restore(report, env)
    assert [r.status for r in undone.results] == ["skipped"]
    assert config.is_file()


def test_a_deleted_file_is_recreated_never_overwritten(tmp_path: Path,
                                                       env: dict[str, str]) -> None:
    from msd_desktop.core.common.errors import MsdError
    from msd_desktop.core.config.store import write_project_config
    from msd_desktop.core.history.restore import recreate_file

    root = _project(tmp_path, "a", "quality")
    config = root / ".planning" / "config.json"
    write_project_config(config, {"model_profile": "budget", "name": "a"}, ..., env=env)
    store = HistoryStore.for_user()
    first = store.entries(config).entries[0]
    with pytest.raises(MsdError, match="nothing was written"):
        recreate_file(store, config, first, env)
    assert _profile(root) == "budget"
    config.unlink()
    recreate_file(store, config, first, env)
    assert _profile(root) == "quality"
    assert store.entries(config).entries[-1].source == "restore"
