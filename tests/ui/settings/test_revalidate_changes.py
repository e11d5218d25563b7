"""The re-check after the watch set-up finds exactly the projects whose files changed since
their cached summary (signatures compared, nothing decoded)."""

from __future__ import annotations

import shutil
from pathlib import Path

from msd_desktop.core.state.summary_cache import SummaryCache
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.summary_loading import changed_since_cached, signature_of


def test_only_changed_or_uncached_projects_are_named(tmp_path: Path, demo: Path) -> None:
    refs = []
    for i in range(70):  # past the point where the lock is handed over (every 32)
        root = tmp_path / f"p{i:02d}"
        shutil.copytree(demo / "checklist-printer", root)
        refs.append(ProjectRef(root=root, name=root.name, workspace="w"))
    cache = SummaryCache(tmp_path / "cache.jsonl")
    for ref in refs[:-1]:  # the last one never cached
        cache.put(ref.root, signature_of(ref), {"name": ref.name})
    state = refs[40].root / ".planning" / "STATE.md"
    state.write_text(state.read_text("utf-8") + "\nchanged\n", "utf-8")
    assert cache.matches(refs[0].root, signature_of(refs[0]))
    assert not cache.matches(refs[40].root, signature_of(refs[40]))
    assert changed_since_cached(refs, cache) == [refs[40], refs[-1]]
