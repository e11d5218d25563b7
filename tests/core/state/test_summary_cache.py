"""The summary cache with real files: signatures, warm/cold/corrupt/foreign files, atomic
saves, nothing secret written."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from msd_desktop.core.state.summary_cache import (
    CACHE_FORMAT,
    CACHE_VERSION,
    SummaryCache,
    cache_context,
    default_cache_path,
    project_signature,
)


def make_project(root: Path) -> Path:
    planning = root / ".planning"
    (planning / "phases" / "01-setup").mkdir(parents=True)
    (planning / "STATE.md").write_text("---\nstatus: executing\n---\n", "utf-8")
    (planning / "ROADMAP.md").write_text("# Roadmap\n", "utf-8")
    (planning / "config.json").write_text("{}\n", "utf-8")
    (planning / "phases" / "01-setup" / "01-01-PLAN.md").write_text("plan", "utf-8")
    return root


def read_cache(path: Path) -> tuple[dict[str, object], dict[str, dict[str, object]]]:
    """The header and the entries (by root) of a cache file: JSON Lines."""
    head, *lines = path.read_text("utf-8").splitlines()
    entries = {e["root"]: e for e in map(json.loads, lines)}
    return json.loads(head), entries


def bump(path: Path) -> None:
    """Rewrite with a different mtime even on coarse clocks."""
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))


def test_signature_follows_what_a_summary_reads(tmp_path: Path) -> None:
    root = make_project(tmp_path / "p")
    planning = root / ".planning"
    first = project_signature(root)
    assert project_signature(root) == first
    (planning / "STATE.md").write_text("---\nstatus: verifying\n---\n", "utf-8")
    bump(planning / "STATE.md")
    second = project_signature(root)
    assert second != first
    # a new plan file changes its phase folder (its name is what counts)
    (planning / "phases" / "01-setup" / "01-01-SUMMARY.md").write_text("done", "utf-8")
    bump(planning / "phases" / "01-setup")
    third = project_signature(root)
    assert third != second
    # the audit trail, the lock and temp files are not part of a summary
    before = planning.stat()
    (planning / ".msd-trace.jsonl").write_text("{}\n", "utf-8")
    (planning / ".lock").write_text("{}", "utf-8")
    (planning / ".STATE.md.tmp-1-ab").write_text("x", "utf-8")
    # (creating them moved .planning's own mtime; put it back to look at the entries alone)
    os.utime(planning, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert project_signature(root) == third
    (planning / "PROJECT.md").write_text("x", "utf-8")  # any other file does count
    os.utime(planning, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert project_signature(root) != third
    # what the scan says is part of it too
    assert project_signature(root, ["ws\0a"]) != project_signature(root, ["ws\0b"])
    # a missing .planning has a signature of its own
    assert project_signature(tmp_path / "nothing") != third


def test_cold_then_warm(tmp_path: Path) -> None:
    path = tmp_path / "cache" / "summaries.jsonl"
    root = make_project(tmp_path / "p")
    cold = SummaryCache(path, context="ctx")
    sig = project_signature(root)
    assert cold.get(root, sig) is None
    assert cold.status == "cold"
    cold.put(root, sig, {"summary": {"status": "executing"}})
    assert cold.save()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not cold.save()  # nothing changed since
    assert not list(path.parent.glob(".*tmp*"))  # atomic: no temp file left behind

    warm = SummaryCache(path, context="ctx")
    assert warm.get(root, sig) == {"summary": {"status": "executing"}}
    assert warm.status == "warm"
    assert (warm.hits, warm.misses) == (1, 0)
    # the project changed: its signature no longer matches, so it is read again
    (root / ".planning" / "STATE.md").write_text("---\nstatus: paused\n---\n", "utf-8")
    bump(root / ".planning" / "STATE.md")
    assert warm.get(root, project_signature(root)) is None


def test_corrupt_file_is_ignored_and_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "summaries.jsonl"
    path.write_text('{"format": "msd-desktop-summary-cache", "entr', "utf-8")
    cache = SummaryCache(path, context="ctx")
    assert cache.get(tmp_path, "sig") is None
    assert cache.status == "corrupt"
    assert len(cache) == 0
    cache.put(tmp_path, "sig", {"summary": {}})
    assert cache.save()
    again = SummaryCache(path, context="ctx")
    assert again.get(tmp_path, "sig") == {"summary": {}}
    assert again.status == "warm"


def test_foreign_files_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "summaries.jsonl"
    entries = {str(tmp_path): {"sig": "sig", "data": {"summary": {}}}}
    for doc in (
        [1, 2, 3],  # not ours at all
        {"format": "someone-else", "version": CACHE_VERSION, "context": "ctx",
         "entries": entries},
        {"format": CACHE_FORMAT, "version": CACHE_VERSION + 1, "context": "ctx",
         "entries": entries},  # a newer app's
        {"format": CACHE_FORMAT, "version": CACHE_VERSION, "context": "other",
         "entries": entries},  # another environment's (MSD_HOME, defaults.json, version)
    ):
        path.write_text(json.dumps(doc), "utf-8")
        cache = SummaryCache(path, context="ctx")
        assert cache.get(tmp_path, "sig") is None, doc
        assert cache.status == "foreign", doc
    # and a file of ours with damaged entries keeps only the sound ones (and is rewritten)
    good = tmp_path / "good"
    path.write_text("\n".join([
        json.dumps({"format": CACHE_FORMAT, "version": CACHE_VERSION, "context": "ctx"}),
        json.dumps({"root": str(good), "sig": "s", "data": {"summary": {}}}),
        json.dumps({"root": str(tmp_path), "sig": 3, "data": []}),
        '{"root": "/torn", "sig": "x", "da',
    ]) + "\n", "utf-8")
    cache = SummaryCache(path, context="ctx")
    assert cache.get(good, "s") == {"summary": {}}
    assert cache.get(tmp_path, "sig") is None
    assert cache.status == "warm"
    assert cache.save()
    assert set(read_cache(path)[1]) == {str(good)}


def test_retain_and_context_store_nothing_readable(tmp_path: Path) -> None:
    path = tmp_path / "summaries.jsonl"
    env = {"HOME": str(tmp_path), "MSD_HOME": str(tmp_path / "secret-place-xyz")}
    context = cache_context(env, "1.0", tmp_path / "defaults.json")
    assert context != cache_context({**env, "MSD_HOME": "/elsewhere"}, "1.0", None)
    cache = SummaryCache(path, context=context)
    a, b = make_project(tmp_path / "a"), make_project(tmp_path / "b")
    cache.put(a, "1", {"summary": {}})
    cache.put(b, "2", {"summary": {}})
    cache.retain([a])
    assert cache.save()
    text = path.read_text("utf-8")
    assert "secret-place-xyz" not in text  # the environment is hashed, never stored
    assert str(b) not in text
    header, entries = read_cache(path)
    assert header == {"format": CACHE_FORMAT, "version": CACHE_VERSION, "context": context}
    assert entries.keys() == {str(a)}


def test_default_path_is_the_user_cache_dir(tmp_path: Path) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path)}
    assert default_cache_path(env) == tmp_path / "xdg" / "msd-desktop" / "summaries.jsonl"
    assert default_cache_path({"HOME": str(tmp_path)}) == (
        tmp_path / ".cache" / "msd-desktop" / "summaries.jsonl")


def test_save_writes_in_slices_not_the_whole_file_at_once(tmp_path: Path) -> None:
    """Thousands of entries round-trip, and saving them never holds a copy of the whole file
    (it was bytes + str + bytes of it: a start's memory peak at 5,000 projects)."""
    import tracemalloc

    path = tmp_path / "summaries.jsonl"
    cache = SummaryCache(path, context="ctx")
    assert cache.get(tmp_path, "none") is None  # loaded (cold)
    text = "Ä status line " * 40  # escaped as \\u00c4: ASCII lines, larger than the text
    roots = [tmp_path / f"p{i:04d}" for i in range(2000)]
    for i, root in enumerate(roots):
        cache.put(root, f"sig{i}", {"summary": {"status": "executing", "line": text, "n": i}})
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        assert cache.save()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    size = path.stat().st_size
    assert size > 1_500_000
    assert peak < size / 4, (peak, size)
    raw = path.read_bytes()
    assert raw.endswith(b"\n")
    assert not raw.endswith(b"\n\n")
    assert raw.isascii()
    warm = SummaryCache(path, context="ctx")
    assert warm.get(roots[1234], "sig1234") == {
        "summary": {"status": "executing", "line": text, "n": 1234}}
    assert len(warm) == 2000
    assert warm.status == "warm"


def test_save_never_writes_through_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real" / "summaries.jsonl"
    real.parent.mkdir()
    real.write_text("not a cache yet", "utf-8")
    link = tmp_path / "cache" / "summaries.jsonl"
    link.parent.mkdir(mode=0o700)
    link.symlink_to(real)
    cache = SummaryCache(link, context="ctx")
    cache.put(tmp_path, "s", {"summary": {}})
    assert not cache.save()  # refused: a cache is never worth an error dialog
    assert link.is_symlink()
    assert real.read_text("utf-8") == "not a cache yet"
    assert not list(link.parent.glob(".*tmp*"))


def test_save_sets_a_loose_mode_back_to_0600(tmp_path: Path) -> None:
    path = tmp_path / "cache" / "summaries.jsonl"
    path.parent.mkdir(mode=0o755)
    path.write_text("not a cache yet", "utf-8")
    path.chmod(0o666)
    cache = SummaryCache(path, context="ctx")
    cache.put(tmp_path, "s", {"summary": {}})
    assert cache.save()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert SummaryCache(path, context="ctx").get(tmp_path, "s") == {"summary": {}}


def test_signature_follows_the_projects_own_install(tmp_path: Path) -> None:
    root = make_project(tmp_path / "p")
    plain = project_signature(root)
    (root / ".codex" / "agents").mkdir(parents=True)  # a folder, no marker: no install
    assert project_signature(root) == plain  # nothing added: as before the count existed
    install = root / ".codex"
    (install / "msd-core").mkdir(parents=True)
    (install / "msd-core" / ".msd-runtime").write_text("codex\n", "utf-8")
    agent = install / "agents" / "msd-planner.toml"
    agent.write_text('model = "gpt-5"\n', "utf-8")
    installed = project_signature(root)
    assert installed != plain
    # `msd install codex --local` rewrites the agent files outside .planning/
    agent.write_text('model = "gpt-5.1"\n', "utf-8")
    bump(agent)
    assert project_signature(root) != installed
