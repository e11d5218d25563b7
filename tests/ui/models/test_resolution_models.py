"""The Models tab's item models: the agent table and the trace, over the core's results."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSortFilterProxyModel, Qt

from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.models.resolution import ResolutionInput
from msd_desktop.ui.models.resolution_model import (
    COL_FLAGS,
    COL_MODEL,
    COLUMNS,
    AgentRole,
    ChangedRole,
    FlagsRole,
    ResolutionTableModel,
    compute_rows,
    flags_for,
    with_after,
)
from msd_desktop.ui.models.trace_model import (
    AppliedRole,
    KindRole,
    LayerIdRole,
    TraceTableModel,
)


def _inp(config: dict, **kw: object) -> ResolutionInput:
    return ResolutionInput(config=config, **kw)  # type: ignore[arg-type]


def test_table_model_every_agent(qtmodeltester) -> None:
    model = ResolutionTableModel()
    qtmodeltester.check(model)
    rows = compute_rows(_inp({}))
    assert [r.agent for r in rows] == list(load_catalog().agents)
    model.set_rows(rows)
    qtmodeltester.check(model)


def test_before_after_and_changed(qtmodeltester) -> None:
    before = compute_rows(_inp({"model_profile": "budget"}))
    after = compute_rows(_inp({"model_profile": "quality"}))
    model = ResolutionTableModel()
    model.set_rows(with_after(before, after), whatif=True)
    qtmodeltester.check(model)
    changed = model.changed_agents()
    assert changed
    row = model.row_of(changed[0])
    text = model.data(model.index(row, COL_MODEL))
    assert " → " in text
    assert model.data(model.index(row, 0), ChangedRole) is True


def test_flags_omit_inherit_unknown_runtime_and_global_override() -> None:
    [omit] = compute_rows(_inp({"resolve_model_ids": "omit"}, explicit_omit=True),
                          ["msd-planner"])
    assert '"" = omit the model parameter' in flags_for(omit.before)[0]
    [inherit] = compute_rows(_inp({"model_profile": "inherit"}), ["msd-planner"])
    assert "inherit = use the session model" in flags_for(inherit.before)[0]
    [odd] = compute_rows(_inp({"runtime": "nonesuch"},
                              load_warnings=('config key "runtime" has unknown value',)),
                         ["msd-planner"])
    flags, warning = flags_for(odd.before)
    assert warning
    assert any("unknown value" in f for f in flags)
    inp = _inp({"model_overrides": {"msd-planner": "opus"}},
               override_sources={"msd-planner": "/h/.msd/defaults.json"},
               global_defaults_path="/h/.msd/defaults.json")
    [glob] = compute_rows(inp, ["msd-planner"])
    model = ResolutionTableModel()
    model.set_rows([glob])
    assert any("GSD Core" in f for f in model.data(model.index(0, 0), FlagsRole))
    assert "global override" in model.data(model.index(0, COL_FLAGS))


def test_unknown_override_only_agents_are_listed() -> None:
    rows = compute_rows(_inp({"model_overrides": {"my-custom-agent": "haiku"}}))
    assert rows[-1].agent == "my-custom-agent"
    assert "agent not in the catalog" in flags_for(rows[-1].before)[0]


def test_trace_model(qtmodeltester) -> None:
    model = TraceTableModel()
    qtmodeltester.check(model)
    [row] = compute_rows(_inp({"effort": {"agent_overrides": {"msd-planner": "low"}}}),
                         ["msd-planner"])
    model.set_result(row.before, lambda key: f"/p/.planning/config.json#{key}")
    qtmodeltester.check(model)
    kinds = [model.data(model.index(r, 0), KindRole) for r in range(model.rowCount())]
    assert kinds[0] == "model"
    assert "effort" in kinds
    assert kinds[-1] == "fast_mode"
    applied = [r for r in range(model.rowCount()) if model.data(model.index(r, 0), AppliedRole)]
    assert len(applied) == 3  # one winner per kind
    effort_rows = [r for r in range(model.rowCount()) if kinds[r] == "effort"]
    winner = next(r for r in effort_rows if model.data(model.index(r, 0), AppliedRole))
    assert model.data(model.index(winner, 1)) == "Per-agent effort"  # the plain name
    assert model.data(model.index(winner, 1), LayerIdRole) == "effort.agent_overrides"
    assert "effort.agent_overrides.msd-planner" in model.data(model.index(winner, 5), 3)


@pytest.mark.parametrize("order", [Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder])
def test_table_sorts_itself_like_a_sort_proxy(qtmodeltester, order: Qt.SortOrder) -> None:
    """The model sorts itself (no proxy in front of it): every column, both orders, in the
    order a QSortFilterProxyModel over the unsorted rows gives (stable, ties in agent order)."""
    before = compute_rows(_inp({"model_profile": "budget"}))
    after = compute_rows(_inp({"model_profile": "quality", "runtime": "codex"}))
    rows = with_after(before, after)
    reference = ResolutionTableModel()
    reference.set_rows(rows, whatif=True)
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(reference)
    model = ResolutionTableModel()
    model.set_rows(rows, whatif=True)
    for column in [*range(len(COLUMNS)), -1]:
        proxy.sort(column, order)
        model.sort(column, order)
        qtmodeltester.check(model)
        expected = [proxy.data(proxy.index(r, 0), AgentRole) for r in range(proxy.rowCount())]
        shown = [model.data(model.index(r, 0), AgentRole) for r in range(model.rowCount())]
        assert shown == expected, column
        for r in range(model.rowCount()):
            for c in range(len(COLUMNS)):
                assert model.data(model.index(r, c)) == proxy.data(proxy.index(r, c))
        assert model.row_of(shown[3]) == 3
    model.sort(COL_MODEL, order)
    proxy.sort(COL_MODEL, order)
    model.set_rows(rows, whatif=True)  # new rows keep the sort (ties in the rows' order)
    reference.set_rows(rows, whatif=True)
    assert [model.data(model.index(r, 0)) for r in range(model.rowCount())] == [
        proxy.data(proxy.index(r, 0)) for r in range(proxy.rowCount())]
