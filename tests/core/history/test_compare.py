"""Per-key differences between two states of a config file, and their count."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from msd_desktop.core.history.compare import count_changes, diff, flatten

_leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2),
                  st.sampled_from(["a", "b", ""]))
_doc = st.recursive(
    st.dictionaries(st.sampled_from(["mode", "model_profile", "x", "y"]), _leaf, max_size=4),
    lambda inner: st.dictionaries(st.sampled_from(["workflow", "git", "x", "y"]),
                                  st.one_of(inner, _leaf), max_size=3),
    max_leaves=12)


def test_the_changes_of_a_key_by_kind() -> None:
    before = {"mode": "yolo", "workflow": {"research": True, "plan_check": 1}, "gone": 1}
    after = {"mode": "interactive", "workflow": {"research": True, "plan_check": True},
             "new": {}}
    changes = {c.key: c.change for c in diff(before, after)}
    assert changes == {"mode": "changed", "workflow.plan_check": "changed",
                       "gone": "removed", "new": "added"}  # 1 and true differ in JSON


@given(_doc, _doc)
def test_the_count_is_the_number_of_changes(before: dict[str, Any],
                                            after: dict[str, Any]) -> None:
    assert count_changes(flatten(before), flatten(after)) == len(diff(before, after))
