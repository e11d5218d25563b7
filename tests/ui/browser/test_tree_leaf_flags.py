"""The project tree flags the rows that cannot have children (the view's layout then skips
asking them): the flag must agree with ``rowCount`` everywhere, workstreams included."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt

from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.browser.tree_model import ProjectEntry, ProjectTreeModel, WorkspaceEntry


def _model() -> ProjectTreeModel:
    model = ProjectTreeModel()
    projects = [ProjectEntry(ProjectRef(Path(f"/r/p{i}"), f"p{i}", "Projects",
                                        ["alpha", "beta"] if i % 2 else []))
                for i in range(5)]
    model.set_workspaces([WorkspaceEntry("Projects", Path("/r"), "scan_root",
                                         projects=projects),
                          WorkspaceEntry("Empty", Path("/e"), "scan_root")])
    return model


def _walk(model: ProjectTreeModel, parent: QModelIndex) -> list[QModelIndex]:
    out = []
    for row in range(model.rowCount(parent)):
        for col in range(model.columnCount(parent)):
            index = model.index(row, col, parent)
            out.append(index)
            out.extend(_walk(model, index))
    return out


def test_leaf_flag_agrees_with_row_count(qapp, qtmodeltester) -> None:
    model = _model()
    qtmodeltester.check(model)
    indexes = _walk(model, QModelIndex())
    leaves = [ix for ix in indexes
              if model.flags(ix) & Qt.ItemFlag.ItemNeverHasChildren]
    assert leaves
    assert len(leaves) < len(indexes)
    for index in indexes:
        never = bool(model.flags(index) & Qt.ItemFlag.ItemNeverHasChildren)
        if never:
            assert model.rowCount(index) == 0
        elif index.parent().isValid():  # a project row that is not a leaf has workstreams
            assert model.rowCount(index) > 0
        assert model.flags(index) & Qt.ItemFlag.ItemIsSelectable
    with_ws = model.index(1, 0, model.index(0, 0))
    without = model.index(0, 0, model.index(0, 0))
    assert not model.flags(with_ws) & Qt.ItemFlag.ItemNeverHasChildren
    assert model.flags(without) & Qt.ItemFlag.ItemNeverHasChildren
    assert model.flags(model.index(0, 0, with_ws)) & Qt.ItemFlag.ItemNeverHasChildren
    # the Status cells never have children, a workspace's and a project's alike
    for cell in (model.index(0, 1), with_ws.siblingAtColumn(1), without.siblingAtColumn(1)):
        assert model.flags(cell) & Qt.ItemFlag.ItemNeverHasChildren
    empty = model.index(1, 0)  # a workspace is never a leaf, even with no project yet
    assert model.rowCount(empty) == 0
    assert not model.flags(empty) & Qt.ItemFlag.ItemNeverHasChildren
