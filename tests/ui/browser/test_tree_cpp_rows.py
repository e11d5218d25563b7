"""The project tree's structure lives in C++ items: the view's layout (``index``, ``parent``,
``rowCount``, ``flags`` per row) never calls into Python, only ``data()`` does, for the rows
it paints; no Python wrapper stays alive per row; nothing in the tree is editable."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from types import FrameType
from typing import Any

from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit, QTreeView

from msd_desktop.core.state.project_summary import ProjectSummary
from msd_desktop.core.workspace.registry import ProjectRef, Workspace, WorkspaceRegistry
from msd_desktop.ui.browser import tree_model
from msd_desktop.ui.browser.project_browser import ProjectBrowserPanel, _TreeFilterProxy
from msd_desktop.ui.browser.tree_model import (
    NodeKindRole,
    ProjectEntry,
    ProjectRefRole,
    ProjectTreeModel,
    WorkspaceEntry,
    WorkstreamRole,
)

_NOT_ALLOWED = (Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsDragEnabled
                | Qt.ItemFlag.ItemIsDropEnabled)


def _workspaces(n: int, *, streams_every: int = 100, prefix: str = "p") -> list[WorkspaceEntry]:
    projects = [ProjectEntry(ProjectRef(Path(f"/r/{prefix}{i}"), f"{prefix}{i}", "Big",
                                        ["alpha", "beta"] if i % streams_every == 1 else []))
                for i in range(n)]
    return [WorkspaceEntry("Big", Path("/r"), "scan_root", projects=projects),
            WorkspaceEntry("Empty", Path("/e"), "folder", error="Folder not found")]


def _walk(model: QStandardItemModel, parent: QModelIndex) -> list[QModelIndex]:
    out = []
    for row in range(model.rowCount(parent)):
        for col in range(model.columnCount(parent)):
            index = model.index(row, col, parent)
            out.append(index)
            out.extend(_walk(model, index))
    return out


def test_layout_methods_are_not_python() -> None:
    """The methods a view's layout calls per row are Qt's own, not Python overrides."""
    assert issubclass(ProjectTreeModel, QStandardItemModel)
    python_classes = [c for c in ProjectTreeModel.__mro__
                      if c.__module__.startswith("msd_desktop")]
    for name in ("index", "parent", "rowCount", "columnCount", "flags", "hasChildren"):
        for cls in python_classes:
            assert name not in vars(cls), f"{cls.__name__}.{name} is a Python override"


def test_first_layout_asks_python_only_for_painted_rows(qtbot) -> None:
    """A shown, expanded tree of 2,000 projects: its first layout and paint call into the
    model's Python code only for the rows on screen (the old model: ~3 calls per row)."""
    model = ProjectTreeModel()
    view = QTreeView()
    qtbot.addWidget(view)
    view.setUniformRowHeights(True)
    view.setModel(model)
    view.resize(400, 600)
    view.show()
    qtbot.waitExposed(view)
    entries = _workspaces(2000)
    rows = sum(1 + len(p.projects) for p in entries)
    model_file = tree_model.__file__
    calls: dict[str, int] = {}
    asked: set[tuple[int, int]] = set()  # (parent's id, row) of the rows data() was asked about

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename == model_file:
            name = frame.f_code.co_name
            calls[name] = calls.get(name, 0) + 1
            if name == "data":
                index = frame.f_locals["index"]
                asked.add((index.internalId(), index.row()))

    model.set_workspaces(entries)
    view.expand(model.index(0, 0))
    sys.setprofile(profile)
    try:
        for _ in range(3):
            QApplication.processEvents()
    finally:
        sys.setprofile(None)
    assert calls.get("data", 0) > 0  # the painted rows' values do come from Python
    visible_rows = view.viewport().height() // max(1, view.sizeHintForRow(0)) + 1
    assert len(asked) <= visible_rows + 5 < rows / 20, (len(asked), visible_rows)
    for name in ("index", "parent", "rowCount", "columnCount", "flags", "hasChildren"):
        assert name not in calls, calls
    # what is on screen is what the lists say
    first = view.indexAt(QPoint(5, view.sizeHintForRow(0) // 2))
    assert first.data() == "Big"
    assert view.isExpanded(model.index(0, 0))


def test_no_python_wrapper_per_row(qapp) -> None:
    """The rows' items are made in C++: no QStandardItem wrapper stays alive per row.

    Counted as a difference, so wrappers other tests of this process left behind do not count.
    """
    def wrappers() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, QStandardItem))

    before = wrappers()
    model = ProjectTreeModel()
    model.set_workspaces(_workspaces(2000, streams_every=10))
    assert model.rowCount(model.index(0, 0)) == 2000
    assert wrappers() - before < 10


def test_values_follow_the_lists_after_each_reset(qapp, qtmodeltester) -> None:
    """Rows are found from their parent item's address: replaced rows (new items, perhaps at
    the old addresses) still read the new lists."""
    model = ProjectTreeModel()
    for prefix, n, every in (("a", 50, 7), ("b", 30, 3), ("c", 0, 1), ("d", 40, 5)):
        model.set_workspaces(_workspaces(n, streams_every=every, prefix=prefix))
        qtmodeltester.check(model)
        ws = model.index(0, 0)
        assert ws.data() == "Big"
        assert ws.data(NodeKindRole) == "workspace"
        assert model.rowCount(ws) == n
        for p in range(n):
            index = model.index(p, 0, ws)
            ref = index.data(ProjectRefRole)
            assert index.data(NodeKindRole) == "project"
            assert ref.name == f"{prefix}{p}"
            assert index.data() == f"{prefix}{p}"
            assert model.itemData(index)[Qt.ItemDataRole.DisplayRole] == f"{prefix}{p}"
            assert model.rowCount(index) == len(ref.workstreams)
            for s, name in enumerate(ref.workstreams):
                stream = model.index(s, 0, index)
                assert stream.data(WorkstreamRole) == name
                assert stream.data(ProjectRefRole) is ref
                assert stream.parent() == index
        assert model.index(1, 1).data() == "Folder not found"


def test_set_workspaces_is_one_reset(qapp) -> None:
    """A structural change is one modelReset, for the model and the filter proxy alike,
    not a rowsInserted/rowsRemoved per row."""
    model = ProjectTreeModel()
    proxy = _TreeFilterProxy()
    proxy.setSourceModel(model)
    model.set_workspaces(_workspaces(100))
    seen: list[str] = []
    for source, tag in ((model, "model"), (proxy, "proxy")):
        source.modelReset.connect(lambda tag=tag: seen.append(f"{tag} reset"))
        for name in ("rowsInserted", "rowsRemoved", "columnsInserted", "dataChanged",
                     "layoutChanged"):
            getattr(source, name).connect(lambda *_a, tag=tag, name=name:
                                          seen.append(f"{tag} {name}"))
    model.set_workspaces(_workspaces(2000))
    assert sorted(seen) == ["model reset", "proxy reset"]


def test_summaries_update_in_place(qapp) -> None:
    model = ProjectTreeModel()
    model.set_workspaces(_workspaces(500))
    changed: list[tuple[int, int, int, int]] = []
    model.dataChanged.connect(lambda a, b, _roles=(): changed.append(
        (a.row(), a.column(), b.row(), b.column())))
    summaries = [ProjectSummary(root=Path(f"/r/p{i}"), name=f"p{i}", status="executing",
                                statusline_compact=f"line {i}") for i in (3, 4, 5, 9)]
    model.set_summaries(summaries)
    assert (3, 0, 5, 1) in changed
    assert (9, 0, 9, 1) in changed
    ws = model.index(0, 0)
    assert model.index(4, 1, ws).data() == "line 4"
    assert model.index(6, 1, ws).data() != "line 6"


def test_filter_proxy_over_many_rows(qapp) -> None:
    model = ProjectTreeModel()
    model.set_workspaces(_workspaces(5000))
    proxy = _TreeFilterProxy()
    proxy.setSourceModel(model)
    proxy.setFilterFixedString("p4321")
    assert proxy.rowCount() == 1
    ws = proxy.index(0, 0)
    assert proxy.rowCount(ws) == 1
    assert proxy.index(0, 0, ws).data() == "p4321"
    proxy.setFilterFixedString("p1")
    assert proxy.rowCount(proxy.index(0, 0)) == 1111  # p1, p10–p19, p100–p199, p1000–p1999


def test_nothing_is_editable(qtbot, tmp_path: Path, env: dict[str, str], demo: Path) -> None:
    """No cell can be edited, dragged or dropped on, and the browser's tree opens no editor
    on a double click or F2."""
    panel = ProjectBrowserPanel(WorkspaceRegistry(tmp_path / "workspaces.json", env=env),
                                [Workspace("Demo", demo, "scan_root")])
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.projects_loaded, timeout=10000):
        panel.rescan()
    model = panel.model
    indexes = _walk(model, QModelIndex())
    assert len(indexes) > 10
    for index in indexes:
        assert not model.flags(index) & _NOT_ALLOWED, (index.data(), model.flags(index))
    assert not model.flags(QModelIndex()) & _NOT_ALLOWED
    tree = panel.tree
    assert tree.editTriggers() == QAbstractItemView.EditTrigger.NoEditTriggers
    panel.show()
    qtbot.waitExposed(panel)
    ws = model.index(0, 0)
    # the tree's triggers, then every trigger: the items' flags alone refuse an editor too
    for triggers in (tree.editTriggers(), QAbstractItemView.EditTrigger.AllEditTriggers):
        tree.setEditTriggers(triggers)
        for index in (ws, model.index(1, 0, ws), model.index(1, 1, ws)):
            tree.setCurrentIndex(index)
            rect = tree.visualRect(index)
            qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            tree.expand(ws)  # a double click on the workspace folds it
            tree.setFocus()
            qtbot.keyClick(tree, Qt.Key.Key_F2)
            assert tree.state() != QAbstractItemView.State.EditingState
            assert not tree.viewport().findChildren(QLineEdit)


def test_a_project_listed_in_two_workspaces(qapp) -> None:
    """A root found by two workspaces: a summary reaches both rows, unsaved marks both, and
    find_project answers the first."""
    shared = ProjectRef(Path("/r/shared"), "shared", "A", ["alpha"])
    other = ProjectRef(Path("/r/other"), "other", "A")
    model = ProjectTreeModel()
    model.set_workspaces([
        WorkspaceEntry("A", Path("/r"), "scan_root",
                       projects=[ProjectEntry(other), ProjectEntry(shared)]),
        WorkspaceEntry("Single", Path("/r/shared"), "folder", projects=[ProjectEntry(shared)]),
    ])
    first = model.index(1, 0, model.index(0, 0))
    second = model.index(0, 0, model.index(1, 0))
    assert model.find_project(Path("/r/shared")) == first
    assert model.find_project(Path("/r/shared"), "alpha") == model.index(0, 0, first)
    assert model.find_project(Path("/r/other")) == model.index(0, 0, model.index(0, 0))
    assert not model.find_project(Path("/r/none")).isValid()
    model.set_summary(shared.root, ProjectSummary(root=shared.root, name="shared",
                                                  status="executing", statusline_compact="S"))
    assert first.siblingAtColumn(1).data() == "S"
    assert second.siblingAtColumn(1).data() == "S"
    assert model.index(0, 1, model.index(0, 0)).data() != "S"
    model.set_unsaved({shared.root})
    assert first.data().startswith("shared ")
    assert second.data().startswith("shared ")
    assert model.index(0, 0, model.index(0, 0)).data() == "other"
