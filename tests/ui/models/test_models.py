"""Every item model passes pytest-qt's qtmodeltester, empty, filled and after updates."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSortFilterProxyModel, Qt

from msd_desktop.core.config.store import load_config
from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.core.workspace.registry import project_ref
from msd_desktop.ui.browser.overview_model import (
    COL_PROBLEMS,
    COL_PROGRESS,
    OverviewModel,
    SortRole,
    rows_from_summaries,
)
from msd_desktop.ui.browser.tree_model import (
    BadgeRole,
    NodeKindRole,
    ProjectEntry,
    ProjectTreeModel,
    WorkspaceEntry,
    WorkstreamRole,
)
from msd_desktop.ui.state.phase_list_model import PhaseListModel, PhaseRow
from msd_desktop.ui.state.state_view import state_view_from_core
from msd_desktop.ui.summary_loading import load_summary


def _demo_entries(demo: Path) -> list[WorkspaceEntry]:
    projects = [ProjectEntry(project_ref(p, "Demo")) for p in sorted(demo.iterdir())
                if (p / ".planning").is_dir()]
    return [WorkspaceEntry("Demo", demo, "scan_root", projects=projects),
            WorkspaceEntry("Empty", demo / "nothing", "folder", error="Folder not found")]


def test_project_tree_model(qtmodeltester, demo: Path, env: dict[str, str]) -> None:
    model = ProjectTreeModel()
    qtmodeltester.check(model)
    model.set_workspaces(_demo_entries(demo))
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    ws = model.index(0, 0)
    assert model.rowCount(ws) == 5
    mono = model.find_project(demo / "platform-monorepo")
    assert mono.data(NodeKindRole) == "project"
    assert model.rowCount(mono) == 2
    api = model.index(0, 0, mono)
    assert api.data(WorkstreamRole) == "api"
    assert api.parent() == mono
    assert mono.parent() == ws
    # summaries arrive later, in place
    for entry in model.projects():
        model.set_summary(entry.ref.root, load_summary(entry.ref, env))
    qtmodeltester.check(model)
    legacy = model.find_project(demo / "legacy-importer")
    badges = legacy.data(BadgeRole)
    assert any("config.json" in b for b in badges)
    assert any("100%" in b and "summary" in b for b in badges)
    assert model.find_project(demo / "field-notes").data(BadgeRole) == []


def test_project_tree_model_through_filter_proxy(qtmodeltester, demo: Path) -> None:
    from msd_desktop.ui.browser.project_browser import _TreeFilterProxy

    model = ProjectTreeModel()
    model.set_workspaces(_demo_entries(demo))
    proxy = _TreeFilterProxy()
    proxy.setSourceModel(model)
    proxy.setFilterFixedString("billing")
    qtmodeltester.check(proxy)
    assert proxy.rowCount() == 1
    assert proxy.rowCount(proxy.index(0, 0)) == 1


def test_overview_model(qtmodeltester, demo: Path, env: dict[str, str]) -> None:
    model = OverviewModel()
    qtmodeltester.check(model)
    summaries = [load_summary(project_ref(p, "Demo"), env) for p in sorted(demo.iterdir())
                 if (p / ".planning").is_dir()]
    model.set_rows(rows_from_summaries(summaries))
    qtmodeltester.check(model)
    labels = [r.label for r in model.rows()]
    assert "platform-monorepo › api" in labels
    assert "platform-monorepo › web" in labels
    assert len(labels) == 6
    # values come from the core, verbatim
    by_label = {r.label: r.summary for r in model.rows()}
    state = load_project_state(demo / "checklist-printer", env)
    assert by_label["checklist-printer"].statusline_full == state.statusline_full
    assert by_label["checklist-printer"].percent == state.progress.percent
    assert by_label["billing-service"].status == "paused"
    assert load_config(demo / "legacy-importer", env).degraded
    assert by_label["legacy-importer"].config_problem
    # sorting by progress is numeric
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(model)
    proxy.setSortRole(SortRole)
    proxy.sort(COL_PROGRESS, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(proxy)
    values = [proxy.index(r, COL_PROGRESS).data(SortRole) for r in range(proxy.rowCount())]
    assert values == sorted(values, reverse=True)
    # in-place update keeps the row count
    changed = ProjectSummary(**{**by_label["field-notes"].__dict__, "status": "executing"})
    model.update_summary(changed)
    qtmodeltester.check(model)
    assert len(model.rows()) == 6


def test_phase_list_model(qtmodeltester, demo: Path, env: dict[str, str]) -> None:
    model = PhaseListModel()
    qtmodeltester.check(model)
    view = state_view_from_core(load_project_state(demo / "checklist-printer", env))
    model.set_rows(view.phases)
    qtmodeltester.check(model)
    assert [r.number for r in model.rows()] == ["1", "2", "3", "4"]
    current = [r for r in model.rows() if r.current]
    assert [r.number for r in current] == ["2"]
    assert (model.rows()[1].plans, model.rows()[1].summaries) == (2, 1)
    model.set_rows([*view.phases[:2], PhaseRow("9", "Extra")])
    qtmodeltester.check(model)
    model.set_rows([])
    assert model.rowCount() == 0


def test_problems_show_paths_relative_to_the_project(demo: Path, env: dict[str, str]) -> None:
    summary = load_summary(project_ref(demo / "legacy-importer", "Demo"), env)
    badges = summary.badges()
    assert badges, "legacy-importer has a broken config.json"
    assert all(str(demo) not in b for b in badges), badges
    assert any(b.startswith(".planning/config.json line ") for b in badges), badges
    model = OverviewModel()
    model.set_rows(rows_from_summaries([summary]))
    text = model.index(0, COL_PROBLEMS).data()
    assert text.startswith(f"({len(badges)}) .planning/")


def test_overview_batch_update_touches_only_changed_rows(qtmodeltester, demo: Path,
                                                        env: dict[str, str]) -> None:
    refs = [project_ref(p, "Demo") for p in sorted(demo.iterdir()) if (p / ".planning").is_dir()]
    summaries = [load_summary(r, env) for r in refs]
    model = OverviewModel()
    model.sort(COL_PROGRESS, Qt.SortOrder.DescendingOrder)
    model.set_rows(rows_from_summaries(summaries[:2]))
    resets: list[int] = []
    changed: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.dataChanged.connect(lambda a, b, *_: changed.append((a.row(), b.row())))
    model.update_summaries(summaries)  # two known, the rest appended
    qtmodeltester.check(model)
    assert resets == []
    assert len(model.rows()) == len(rows_from_summaries(summaries))
    values = [model.index(r, COL_PROGRESS).data(SortRole) for r in range(model.rowCount())]
    assert values == sorted(values, reverse=True)
    changed.clear()
    one = ProjectSummary(**{**summaries[0].__dict__, "status": "paused"})
    model.update_summaries([one])
    assert resets == []
    assert len(changed) == 1
    assert changed[0][0] == changed[0][1]
