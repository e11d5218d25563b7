"""The window with many projects: summaries from the cache on a warm start, one watch per
workspace, projects that appear or vanish without F5, and the fallback when the OS refuses
to watch. Real files, real watchdog observer, offscreen window."""

from __future__ import annotations

import dataclasses
import errno
import json
import shutil
import threading
from pathlib import Path

import pytest
from watchdog.observers import Observer

from msd_desktop.core.state.summary_cache import CACHE_FORMAT, default_cache_path
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow

TIMEOUT_MS = 20000


def many(demo: Path, root: Path, copies: int) -> list[Path]:
    """``copies`` copies of each demo project under one scan root."""
    out = []
    sources = sorted(p for p in demo.iterdir() if (p / ".planning").is_dir())
    for i in range(copies):
        for src in sources:
            dst = root / f"group-{i}" / src.name
            shutil.copytree(src, dst)
            out.append(dst)
    return out


def open_window(qtbot, tmp_path: Path, env: dict[str, str], ui_settings, root: Path,
                **kwargs) -> MainWindow:  # type: ignore[no-untyped-def]
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Many", root, "scan_root")],
                     env=env, settings=ui_settings, restore_last=False, **kwargs)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=TIMEOUT_MS):
        win.show()
    return win


def read_cache(path: Path) -> tuple[dict[str, object], dict[str, object]]:
    """The header and the entries (by root) of the cache file (JSON Lines)."""
    head, *lines = path.read_text("utf-8").splitlines()
    return json.loads(head), {e["root"]: e for e in map(json.loads, lines)}


def shown(win: MainWindow) -> dict[Path, dict[str, object]]:
    """Every project's summary as the window holds it (plain values)."""
    out = {}
    for entry in win.browser.model.projects():
        assert entry.summary is not None, entry.ref.root
        out[entry.ref.root] = dataclasses.asdict(entry.summary)
    return out


def wait_cache_written(qtbot, env: dict[str, str]) -> Path:  # type: ignore[no-untyped-def]
    path = default_cache_path(env)
    qtbot.waitUntil(path.is_file, timeout=TIMEOUT_MS)
    return path


@pytest.mark.timeout(120)
def test_warm_start_shows_cached_summaries_and_rereads_only_changes(
        qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings) -> None:
    root = tmp_path / "projects"
    projects = many(demo, root, 3)
    first = open_window(qtbot, tmp_path, env, ui_settings, root, watch=False)
    assert first.timings["cache_hits"] == 0
    cold = shown(first)
    assert len(cold) == len(projects)
    path = wait_cache_written(qtbot, env)
    first.close()
    header, entries = read_cache(path)
    assert header["format"] == CACHE_FORMAT
    assert set(entries) == {str(p) for p in projects}

    changed = next(p for p in projects if p.name == "checklist-printer")
    state = changed / ".planning" / "STATE.md"
    state.write_text(state.read_text("utf-8").replace("status: executing", "status: paused"),
                     "utf-8")
    second = open_window(qtbot, tmp_path, env, ui_settings, root, watch=False)
    assert second.timings["cache_hits"] == len(projects) - 1
    warm = shown(second)
    assert warm[changed]["status"] == "paused"
    assert cold[changed]["status"] == "executing"
    # everything else is exactly what the fresh parse said
    assert {k: v for k, v in warm.items() if k != changed} == {
        k: v for k, v in cold.items() if k != changed}
    # and the overview agrees with the tree
    overview = {r.summary.root: r.summary.status for r in second.overview_model.rows()
                if r.summary.workstream is None}
    assert overview[changed] == "paused"
    second.close()


@pytest.mark.timeout(120)
def test_corrupt_cache_is_ignored_and_rebuilt(qtbot, tmp_path: Path, demo: Path,
                                              env: dict[str, str], ui_settings) -> None:
    root = tmp_path / "projects"
    projects = many(demo, root, 1)
    path = default_cache_path(env)
    path.parent.mkdir(parents=True)
    path.write_text("{\"format\": \"msd-desktop-summary-cache\", \"vers", "utf-8")
    win = open_window(qtbot, tmp_path, env, ui_settings, root, watch=False)
    assert win.timings["cache_hits"] == 0
    assert len(shown(win)) == len(projects)

    def rebuilt() -> bool:
        try:
            header, entries = read_cache(path)
        except ValueError:
            return False
        return header["format"] == CACHE_FORMAT and len(entries) == len(projects)

    qtbot.waitUntil(rebuilt, timeout=TIMEOUT_MS)
    win.close()


def watchdog_threads() -> int:
    return sum(1 for t in threading.enumerate()
               if type(t).__module__.startswith("watchdog") or t.name.startswith("msd-watcher"))


@pytest.mark.timeout(120)
def test_one_watch_per_workspace_and_threads_independent_of_projects(
        qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings) -> None:
    counts = []
    for copies in (1, 12):
        root = tmp_path / f"projects-{copies}"
        many(demo, root, copies)
        win = open_window(qtbot, tmp_path, env, ui_settings, root)
        assert win.bridge is not None
        qtbot.waitUntil(lambda w=win: w.bridge.health is not None  # type: ignore[union-attr]
                        and w.bridge.health.projects > 0, timeout=TIMEOUT_MS)
        health = win.bridge.health
        assert health is not None
        assert health.watched == (root,)
        assert health.projects == 5 * copies
        assert "watching 5" in win.watch_label.text() or "watching 60" in win.watch_label.text()
        counts.append(watchdog_threads())
        win.close()
        win.bridge.stop()
    assert counts[0] == counts[1]  # 5 or 60 projects: the same watcher threads


@pytest.mark.timeout(120)
# a copied tree can make watchdog add one inotify watch twice: a harmless RuntimeWarning
# (the window filters it; pytest resets warning filters per test)
@pytest.mark.filterwarnings("ignore:Callback with id:RuntimeWarning")
def test_new_and_removed_projects_show_without_rescan(
        qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings) -> None:
    root = tmp_path / "projects"
    many(demo, root, 1)
    win = open_window(qtbot, tmp_path, env, ui_settings, root)
    assert win.bridge is not None
    qtbot.waitUntil(lambda: win.bridge.health is not None  # type: ignore[union-attr]
                    and win.bridge.health.projects == 5, timeout=TIMEOUT_MS)

    def roots() -> set[Path]:
        return {p.ref.root for p in win.browser.model.projects()}

    new = root / "group-new" / "fresh-project"
    shutil.copytree(demo / "field-notes", new)
    qtbot.waitUntil(lambda: new in roots(), timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: "1 new" in win.status_label.text(), timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: any(p.summary is not None for p in win.browser.model.projects()
                                if p.ref.root == new), timeout=TIMEOUT_MS)
    gone = root / "group-0" / "legacy-importer"
    shutil.rmtree(gone)
    qtbot.waitUntil(lambda: gone not in roots(), timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: "1 gone" in win.status_label.text(), timeout=TIMEOUT_MS)
    # the new project is watched like the others
    state = new / ".planning" / "STATE.md"
    state.write_text(state.read_text("utf-8").replace("status: ", "status: paused\nx: ", 1),
                     "utf-8")

    def new_status() -> str | None:
        found = [p for p in win.browser.model.projects() if p.ref.root == new]
        return found[0].summary.status if found and found[0].summary else None

    qtbot.waitUntil(lambda: new_status() == "paused", timeout=TIMEOUT_MS)
    win.close()


class NoSpaceObserver(Observer):  # type: ignore[misc,valid-type]
    """The real observer, refusing every watch with ENOSPC as inotify does at
    ``fs.inotify.max_user_watches`` (injected at watchdog's schedule boundary: lowering the
    real limit needs root and affects the whole machine)."""

    def schedule(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "inotify watch limit reached")


@pytest.mark.timeout(120)
def test_watch_limit_is_said_and_polling_takes_over(
        qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from msd_desktop.core.workspace import watcher

    monkeypatch.setattr(watcher, "Observer", NoSpaceObserver)
    root = tmp_path / "projects"
    many(demo, root, 1)
    win = open_window(qtbot, tmp_path, env, ui_settings, root)
    assert win.bridge is not None
    qtbot.waitUntil(lambda: win.bridge.health is not None  # type: ignore[union-attr]
                    and win.bridge.health.projects == 5, timeout=TIMEOUT_MS)
    health = win.bridge.health
    assert health is not None
    assert health.degraded
    assert health.polled == (root,)
    assert "polled" in win.watch_label.text()
    assert "limit" in win.watch_label.toolTip()
    assert "Watching is limited" in win.status_label.text()
    assert "msd-watcher-poll" in {t.name for t in win.bridge.watcher.threads()}
    win.close()


def test_tray_menu_is_built_in_slices_and_updated_in_place(qtbot, tmp_path: Path) -> None:
    from msd_desktop.ui.companion.tray import MENU_CHUNK, ProjectTray, TrayLine

    tray = ProjectTray({})
    n = MENU_CHUNK * 2 + 17
    tray.lines = [TrayLine(tmp_path / f"p{i}", f"p{i}", "executing", 10) for i in range(n)]
    tray.finish_lines()
    assert len(tray.project_actions) == MENU_CHUNK  # the first slice now, the rest later
    qtbot.waitUntil(lambda: len(tray.project_actions) == n, timeout=5000)
    first = tray.project_actions[tmp_path / "p5"]
    # one line changed, same projects: that action is re-rendered, none is rebuilt
    tray.lines[5] = TrayLine(tmp_path / "p5", "p5", "paused", 40)
    tray.finish_lines()
    assert tray.project_actions[tmp_path / "p5"] is first
    assert "paused" in first.text()
    assert len(tray.menu.actions()) == n + 4  # header, separator; separator, Quit


def test_overview_counts_follow_row_changes(tmp_path: Path) -> None:
    from msd_desktop.core.state.project_summary import ProjectSummary
    from msd_desktop.ui.browser.overview_model import (
        OverviewModel,
        rows_from_summaries,
    )

    model = OverviewModel()
    summaries = [ProjectSummary(root=tmp_path / f"p{i}", name=f"p{i}", workspace=f"w{i % 2}")
                 for i in range(6)]
    model.set_rows(rows_from_summaries(summaries))
    assert (model.problem_rows(), model.workspace_count()) == (0, 2)
    broken = ProjectSummary(root=tmp_path / "p1", name="p1", workspace="w1",
                            state_error="STATE.md: line 3: bad")
    model.update_summaries([broken])
    assert model.problem_rows() == 1
    # a project that gains workstreams: its row is replaced by two, both with the problem
    split = ProjectSummary(root=tmp_path / "p1", name="p1", workspace="w1", workstreams={
        ws: ProjectSummary(root=tmp_path / "p1", name="p1", workspace="w1", workstream=ws,
                           problems=["roadmap lists 3 phases, STATE.md says 2"])
        for ws in ("a", "b")})
    model.update_summaries([split])
    assert model.rowCount() == 7
    assert model.problem_rows() == 2
    assert model.problem_rows() == sum(1 for r in model.rows() if r.summary.badges())
    model.update_summaries([ProjectSummary(root=tmp_path / "p1", name="p1", workspace="w1")])
    assert model.problem_rows() == 0
    assert model.workspace_count() == 2


@pytest.mark.timeout(120)
def test_the_cache_is_written_once_the_window_is_idle(
        qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings) -> None:
    """Not in the turns that end a load (a worker building the file's lines beside them
    shared the interpreter lock with them): a moment later, the window still open."""
    from msd_desktop.ui.summary_pipeline import CACHE_SAVE_DELAY_MS

    root = tmp_path / "projects"
    many(demo, root, 2)
    win = open_window(qtbot, tmp_path, env, ui_settings, root, watch=False)
    path = default_cache_path(env)
    assert not path.exists()  # summaries shown, the file not yet written
    qtbot.wait(CACHE_SAVE_DELAY_MS // 2)
    assert not path.exists()
    wait_cache_written(qtbot, env)
    assert win.isVisible()
    win.close()
