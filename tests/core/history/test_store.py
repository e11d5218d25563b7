"""The history store: dedupe, secrets kept out, damaged lines, hostile folders, pruning."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.history.redact import MARKER
from msd_desktop.core.history.retention import DAY, Policy
from msd_desktop.core.history.store import (
    FIRST_SEEN,
    OUTSIDE,
    HistoryError,
    HistoryStore,
    history_root,
)
from tests.other_user import OTHER_UID, needs_root

NOW = 2_000_000_000.0
SECRET = "sk-live-THIS-IS-A-PLAINTEXT-KEY-1234"


def _doc(**values: object) -> bytes:
    return (json.dumps(values, indent=2) + "\n").encode()


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    return HistoryStore(tmp_path / "data" / "msd-desktop" / "history")


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "proj" / ".planning" / "config.json"
    path.parent.mkdir(parents=True)
    return path


def _files_under(root: Path) -> list[Path]:
    return [Path(d) / f for d, _, files in os.walk(root) for f in files]


def test_the_user_store_is_in_the_data_folder(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "xdg")}
    assert history_root(env) == tmp_path / "xdg" / "msd-desktop" / "history"


def test_identical_contents_are_stored_once(store: HistoryStore, config: Path,
                                            tmp_path: Path) -> None:
    other = tmp_path / "other" / ".planning" / "config.json"
    a, b = _doc(mode="yolo"), _doc(mode="interactive")
    store.record(config, None, a, "Settings save", now=NOW)
    store.record(config, a, b, "msd config-set", now=NOW + 1)
    store.record(config, b, a, "msd config-set", now=NOW + 2)
    store.record(other, ..., a, "new project", now=NOW + 3)
    assert [e.source for e in store.entries(config).entries] == [
        "Settings save", "msd config-set", "msd config-set"]
    assert len(os.listdir(store.root / "blobs")) == 2
    # writing the same bytes again is no new entry
    assert store.record(config, a, a, "Settings save", now=NOW + 4).added == []
    assert len(store.entries(config).entries) == 3
    assert store.content(store.entries(other).entries[0]) == a


def test_a_before_state_unlike_the_last_entry_is_recorded_first(store: HistoryStore,
                                                                 config: Path) -> None:
    a, b, c = _doc(v=1), _doc(v=2), _doc(v=3)
    store.record(config, a, b, "Settings save", now=NOW)
    store.record(config, c, a, "restore", now=NOW + 60)
    entries = store.entries(config).entries
    assert [(e.source, store.content(e)) for e in entries] == [
        (FIRST_SEEN, a), ("Settings save", b), (OUTSIDE, c), ("restore", a)]


def test_a_burst_of_outside_changes_is_one_entry(store: HistoryStore, config: Path) -> None:
    store.observe(config, _doc(v=1), now=NOW)
    for i in range(2, 6):
        store.observe(config, _doc(v=i), now=NOW + 100 + i)
    store.observe(config, _doc(v=9), now=NOW + 1000)
    entries = store.entries(config).entries
    assert [json.loads(store.content(e))["v"] for e in entries] == [1, 5, 9]
    assert [e.source for e in entries] == [FIRST_SEEN, OUTSIDE, OUTSIDE]


def test_a_deleted_file_is_an_absent_entry(store: HistoryStore, config: Path) -> None:
    store.observe(config, _doc(v=1), now=NOW)
    store.observe(config, None, now=NOW + 100)
    assert [e.state for e in store.entries(config).entries] == ["present", "absent"]


def test_no_secret_text_anywhere_under_the_store(store: HistoryStore, config: Path) -> None:
    before = _doc(mode="yolo", brave_search=SECRET)
    after = _doc(mode="interactive", brave_search=SECRET, exa_search=True)
    result = store.record(config, before, after, "Settings save", now=NOW)
    assert [e.redacted for e in result.added] == [("brave_search",), ("brave_search",)]
    for path in _files_under(store.root):
        assert SECRET.encode() not in path.read_bytes(), path
    kept = json.loads(store.content(result.added[-1]))
    assert kept == {"mode": "interactive", "brave_search": MARKER, "exa_search": True}


def test_an_unparseable_document_naming_a_secret_key_is_withheld(store: HistoryStore,
                                                                 config: Path) -> None:
    broken = b'{"brave_search": "' + SECRET.encode() + b'", oops'
    store.observe(config, broken, now=NOW)
    [entry] = store.entries(config).entries
    assert entry.state == "withheld"
    for path in _files_under(store.root):
        assert SECRET.encode() not in path.read_bytes()


def test_a_duplicate_key_cannot_smuggle_a_secret_in(store: HistoryStore, config: Path) -> None:
    raw = b'{"brave_search": "' + SECRET.encode() + b'", "brave_search": true}\n'
    store.observe(config, raw, now=NOW)
    for path in _files_under(store.root):
        assert SECRET.encode() not in path.read_bytes()


def test_a_damaged_line_is_skipped_and_reported_never_the_history(store: HistoryStore,
                                                                  config: Path) -> None:
    for i in range(3):
        store.observe(config, _doc(v=i), now=NOW + 100 * i)
    index = store.index_path(config)
    lines = index.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b'"v', b'"w').replace(b"present", b"presenT")
    index.write_bytes(b"\n".join(lines))
    read = store.entries(config)
    assert len(read.entries) == 2
    assert len(read.problems) == 1
    assert "line 2 is damaged" in read.problems[0]
    store.observe(config, _doc(v=7), now=NOW + 1000)  # recording still works
    assert len(store.entries(config).entries) == 3


def test_pinned_and_labelled_entries_survive_pruning(store: HistoryStore,
                                                      config: Path) -> None:
    small = HistoryStore(store.root, Policy(max_entries=3))
    first = small.observe(config, _doc(v=0), now=NOW).added[0]
    small.mark(config, first.id[:6], pinned=False, label="before the migration")
    for i in range(1, 8):
        small.observe(config, _doc(v=i), now=NOW + 100 * i)
    entries = small.entries(config).entries
    assert len(entries) == 3
    assert entries[0].id == first.id
    assert entries[0].label == "before the migration"
    assert json.loads(small.content(entries[-1]))["v"] == 7


def test_the_total_cap_drops_the_oldest_snapshots_and_their_files(store: HistoryStore,
                                                                   tmp_path: Path) -> None:
    capped = HistoryStore(store.root, Policy(max_total_bytes=3000))
    files = [tmp_path / f"p{i}" / ".planning" / "config.json" for i in range(3)]
    for step in range(6):
        for n, path in enumerate(files):
            capped.observe(path, _doc(pad="x" * 300, step=step, n=n), now=NOW + step * 100)
    report = capped.prune(now=NOW + 1000)
    assert report.bytes_kept <= 3000
    for path in files:  # each file keeps its newest state
        assert json.loads(capped.content(capped.entries(path).entries[-1]))["step"] == 5
    blobs = os.listdir(store.root / "blobs")
    used = {e.digest for path in files for e in capped.entries(path).entries}
    assert set(blobs) == used


def test_old_entries_are_pruned_by_day(store: HistoryStore, config: Path) -> None:
    for i in range(5):  # five saves on one day, 30 days ago
        store.observe(config, _doc(v=i), now=NOW - 30 * DAY + i * 60)
    store.observe(config, _doc(v=99), now=NOW)
    store.prune(now=NOW)
    assert [json.loads(store.content(e))["v"] for e in store.entries(config).entries] == [4, 99]


def test_a_file_over_one_mib_is_not_recorded(store: HistoryStore, config: Path) -> None:
    result = store.observe(config, b"{}" + b" " * (1024 * 1024), now=NOW)
    assert result.added == []
    assert "larger than 1 MiB" in result.problems[0]
    assert store.entries(config).entries == []


def test_an_unknown_entry_is_named(store: HistoryStore, config: Path) -> None:
    store.observe(config, _doc(v=1), now=NOW)
    with pytest.raises(MsdError, match="No history entry"):
        store.mark(config, "zzzz", pinned=True, label=None)


# --- hostile store paths ------------------------------------------------------------------


def test_a_symlinked_store_is_refused(store: HistoryStore, config: Path,
                                      tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    store.root.parent.mkdir(parents=True, mode=0o700)
    store.root.symlink_to(elsewhere)
    with pytest.raises(HistoryError, match="symbolic link"):
        store.observe(config, _doc(v=1), now=NOW)
    with pytest.raises(HistoryError, match="symbolic link"):
        store.entries(config)
    assert os.listdir(elsewhere) == []


def test_a_fifo_as_index_is_refused_without_blocking(store: HistoryStore,
                                                     config: Path) -> None:
    store.observe(config, _doc(v=1), now=NOW)
    index = store.index_path(config)
    index.unlink()
    os.mkfifo(index)
    with pytest.raises(HistoryError, match="not a regular file"):
        store.entries(config)
    with pytest.raises(HistoryError, match="not a regular file"):
        store.observe(config, _doc(v=2), now=NOW + 100)


def test_a_symlinked_snapshot_is_not_read(store: HistoryStore, config: Path,
                                          tmp_path: Path) -> None:
    entry = store.observe(config, _doc(v=1), now=NOW).added[0]
    blob = store.root / "blobs" / str(entry.digest)
    decoy = tmp_path / "decoy"
    decoy.write_bytes(blob.read_bytes())
    blob.unlink()
    blob.symlink_to(decoy)
    with pytest.raises(HistoryError, match="not a regular file"):
        store.content(entry)


def test_a_group_writable_store_is_refused(store: HistoryStore, config: Path) -> None:
    store.root.mkdir(parents=True)
    os.chmod(store.root, 0o777)
    with pytest.raises(HistoryError, match="can be written by other users"):
        store.observe(config, _doc(v=1), now=NOW)


@needs_root
def test_a_store_of_another_user_is_refused(store: HistoryStore, config: Path) -> None:
    store.observe(config, _doc(v=1), now=NOW)
    os.chown(store.root / "index", OTHER_UID, OTHER_UID)
    with pytest.raises(HistoryError, match="another user"):
        store.entries(config)
    with pytest.raises(HistoryError, match="another user"):
        store.observe(config, _doc(v=2), now=NOW + 100)


@needs_root
def test_an_index_of_another_user_is_not_read(store: HistoryStore, config: Path) -> None:
    store.observe(config, _doc(v=1), now=NOW)
    os.chown(store.index_path(config), OTHER_UID, OTHER_UID)
    with pytest.raises(HistoryError, match="another user"):
        store.entries(config)


def test_a_torn_last_line_damages_only_itself(store: HistoryStore, config: Path) -> None:
    store.observe(config, _doc(v=1), now=NOW)
    index = store.index_path(config)
    with index.open("ab") as fh:  # a crash in the middle of an append
        fh.write(b'{"op":"add","id":"torn"')
    store.observe(config, _doc(v=2), now=NOW + 100)
    read = store.entries(config)
    assert [json.loads(store.content(e))["v"] for e in read.entries] == [1, 2]
    assert len(read.problems) == 1


def test_an_index_is_compacted_when_it_outgrows_the_cap(store: HistoryStore,
                                                         config: Path) -> None:
    small = HistoryStore(store.root, Policy(max_entries=5))
    for i in range(40):
        small.observe(config, _doc(v=i), now=NOW + 100 * i)
    lines = small.index_path(config).read_bytes().count(b"\n")
    assert lines <= 5 + 20
    assert [json.loads(small.content(e))["v"] for e in small.entries(config).entries] == [
        35, 36, 37, 38, 39]


def test_many_snapshots_at_once_and_a_damaged_one(store: HistoryStore, config: Path) -> None:
    for i in range(3):
        store.observe(config, _doc(v=i), now=NOW + 100 * i)
    entries = store.entries(config).entries
    blob = store.root / "blobs" / str(entries[1].digest)
    blob.write_bytes(b"tampered")
    contents = store.contents(entries)
    assert contents[entries[0].id] == _doc(v=0)
    assert contents[entries[1].id] is None
    assert contents[entries[2].id] == _doc(v=2)


def test_one_refused_index_never_hides_the_others(store: HistoryStore, config: Path,
                                                  tmp_path: Path) -> None:
    other = tmp_path / "other" / ".planning" / "config.json"
    store.observe(config, _doc(v=1), now=NOW)
    store.observe(other, _doc(v=2), now=NOW)
    index = store.index_path(other)
    index.unlink()
    os.mkfifo(index)
    files = dict(store.files())
    assert len(files[os.path.realpath(config)].entries) == 1
    refused = files[str(index)]
    assert refused.entries == []
    assert "not a regular file" in refused.problems[0]
