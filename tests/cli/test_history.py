"""``msd history list|show|diff|restore`` as a user runs them (in-process)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.cli import inprocess

SECRET = "sk-live-CLI-HISTORY-PLAINTEXT-9012"


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("MSD_", "GSD_"))}


def msd(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return inprocess.run([*args, "--cwd", str(cwd)], env=_env())


def ok(cwd: Path, *args: str) -> object:
    done = msd(cwd, *args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "config.json").write_text(
        json.dumps({"mode": "interactive", "brave_search": SECRET}, indent=2) + "\n")
    return root


def _config(root: Path) -> dict[str, object]:
    data = json.loads((root / ".planning" / "config.json").read_text())
    assert isinstance(data, dict)
    return data


def test_list_show_and_diff_follow_config_set(project: Path) -> None:
    ok(project, "config-set", "mode", "yolo")
    ok(project, "config-set", "model_profile", "budget")
    listed = ok(project, "history", "list")
    assert isinstance(listed, dict)
    entries = listed["entries"]
    assert [e["source"] for e in entries] == ["msd config-set", "msd config-set", "first seen"]
    first = entries[-1]["id"]
    shown = ok(project, "history", "show", first[:6])
    assert isinstance(shown, dict)
    assert json.loads(shown["content"])["mode"] == "interactive"
    assert SECRET not in json.dumps(shown)
    diffed = ok(project, "history", "diff", first)
    assert isinstance(diffed, dict)
    assert {(c["key"], c["change"]) for c in diffed["changes"]} == {
        ("mode", "changed"), ("model_profile", "added"), ("brave_search", "changed")}
    assert SECRET not in json.dumps(diffed)  # the file's plaintext key is masked
    between = ok(project, "history", "diff", first, entries[1]["id"])
    assert isinstance(between, dict)
    assert [c["key"] for c in between["changes"]] == ["mode"]


def test_restore_needs_yes_then_writes_through_the_save_path(project: Path) -> None:
    ok(project, "config-set", "mode", "yolo")
    first = ok(project, "history", "list")["entries"][-1]["id"]  # type: ignore[index]
    refused = msd(project, "history", "restore", first)
    assert refused.returncode == 1
    assert "--yes" in refused.stderr
    assert _config(project)["mode"] == "yolo"
    done = ok(project, "history", "restore", first, "--yes")
    assert isinstance(done, dict)
    assert done["wrote"] is True
    assert [c["key"] for c in done["changes"]] == ["mode"]
    assert _config(project) == {"mode": "interactive", "brave_search": SECRET}
    # the snapshot held a marker where the file holds the key: kept, and said so
    assert any("brave_search" in n and "never writes a secret" in n for n in done["notes"])
    newest = ok(project, "history", "list")["entries"][0]  # type: ignore[index]
    assert newest["source"] == "restore"


def test_restore_never_writes_a_secret_from_the_snapshot(project: Path) -> None:
    ok(project, "config-set", "mode", "yolo")  # the first state had a plaintext key
    (project / ".planning" / "config.json").write_text('{"mode": "yolo"}\n')
    first = ok(project, "history", "list")["entries"][-1]["id"]  # type: ignore[index]
    ok(project, "history", "restore", first, "--yes")
    assert _config(project) == {"mode": "interactive"}


def test_a_value_a_save_would_refuse_is_not_restored(project: Path) -> None:
    path = project / ".planning" / "config.json"
    path.write_text('{"mode": "not-a-mode"}\n')
    ok(project, "config-set", "mode", "yolo")
    first = ok(project, "history", "list")["entries"][-1]["id"]  # type: ignore[index]
    done = msd(project, "history", "restore", first, "--yes")
    assert done.returncode == 1
    assert "nothing was written" in done.stderr
    assert _config(project) == {"mode": "yolo"}


def test_defaults_and_every_file(project: Path, tmp_path: Path) -> None:
    ok(project, "config-set", "mode", "yolo")
    listed = ok(project, "history", "list", "--all")
    assert isinstance(listed, dict)
    assert [f["file"] for f in listed["files"]] == [
        os.path.realpath(project / ".planning" / "config.json")]
    assert ok(project, "history", "list", "--defaults") == {
        "file": str(Path(os.environ["HOME"]) / ".msd" / "defaults.json"), "entries": [],
        "problems": []}
    unknown = msd(project, "history", "show", "ffffffff")
    assert unknown.returncode == 1
    assert "No history entry" in unknown.stderr


def test_restore_recreates_a_deleted_config(project: Path) -> None:
    ok(project, "config-set", "mode", "yolo")
    newest = ok(project, "history", "list")["entries"][0]["id"]  # type: ignore[index]
    (project / ".planning" / "config.json").unlink()
    done = ok(project, "history", "restore", newest, "--yes")
    assert isinstance(done, dict)
    assert done["wrote"] is True
    # the API key is not brought back: the file had none when it was restored
    assert _config(project) == {"mode": "yolo"}


def test_a_batch_is_restored_across_its_projects(tmp_path: Path) -> None:
    from msd_desktop.core.config.batch import apply_batch, plan_batch

    roots = []
    for name in ("a", "b", "c"):
        root = tmp_path / name
        (root / ".planning").mkdir(parents=True)
        (root / ".planning" / "config.json").write_text(
            json.dumps({"model_profile": "quality", "name": name}, indent=2) + "\n")
        roots.append(root)
    env = _env()
    apply_batch(plan_batch(roots, "model_profile", "budget", env), env)
    batch = ok(roots[0], "history", "list")["entries"][0]["batch"]  # type: ignore[index]
    assert batch
    refused = msd(roots[0], "history", "restore", "--batch", batch, "--before")
    assert refused.returncode == 1
    assert "3 key(s) in 3 file(s)" in refused.stderr
    done = ok(roots[0], "history", "restore", "--batch", batch, "--before", "--yes")
    assert isinstance(done, dict)
    assert [f["status"] for f in done["files"]] == ["restored"] * 3
    assert [_config(r)["model_profile"] for r in roots] == ["quality"] * 3
    again = ok(roots[0], "history", "restore", "--batch", batch, "--yes")  # its own state
    assert isinstance(again, dict)
    assert [_config(r)["model_profile"] for r in roots] == ["budget"] * 3
    newest = [ok(r, "history", "list")["entries"][0] for r in roots]  # type: ignore[index]
    assert {e["source"] for e in newest} == {"restore"}
    assert len({e["batch"] for e in newest}) == 1
    unknown = msd(roots[0], "history", "restore", "--batch", "feedbeef", "--yes")
    assert unknown.returncode == 1
    assert "No history entry belongs to batch feedbeef" in unknown.stderr


def test_a_batch_file_that_cannot_be_restored_never_stops_the_others(tmp_path: Path) -> None:
    from msd_desktop.core.config.batch import apply_batch, plan_batch

    old = tmp_path / "old"
    (old / ".planning").mkdir(parents=True)
    (old / ".planning" / "config.json").write_text('{"model_profile": "quality"}\n')
    new = tmp_path / "new"  # no config.json yet: the batch makes it
    (new / ".planning").mkdir(parents=True)
    env = _env()
    apply_batch(plan_batch([old, new], "model_profile", "budget", env), env)
    batch = ok(old, "history", "list")["entries"][0]["batch"]  # type: ignore[index]
    done = msd(old, "history", "restore", "--batch", batch, "--before", "--yes")
    assert done.returncode == 1
    assert "1 of 2 file(s) were not restored" in done.stderr
    rows = {Path(f["file"]).parts[-3]: f for f in json.loads(done.stdout)["files"]}
    assert rows["old"]["status"] == "restored"
    assert rows["new"]["status"] == "error"
    assert "no state from before the batch" in rows["new"]["problem"]
    assert _config(old)["model_profile"] == "quality"
    assert _config(new)["model_profile"] == "budget"
