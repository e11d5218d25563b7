"""Dotted key paths: get, set (parents made), unset (nothing made or pruned), prefixes."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from msd_desktop.core.common.key_paths import (
    get_path,
    key_and_parents,
    parent_keys,
    set_path,
    unset_path,
)

SEGMENT = st.sampled_from(["a", "b", "c", "0", "length", "x y", "é"])
KEY = st.lists(SEGMENT, min_size=1, max_size=4).map(".".join)
LEAF = st.none() | st.booleans() | st.integers() | st.text(max_size=3) | st.lists(st.integers())
TREE = st.recursive(LEAF, lambda c: st.dictionaries(SEGMENT, c, max_size=3), max_leaves=8)
DATA = st.dictionaries(SEGMENT, TREE, max_size=3)


def test_get_walks_own_keys_of_objects_only() -> None:
    data = {"a": {"b": 1}, "l": [1, 2], "flat.key": 3}
    assert get_path(data, "a.b") == (True, 1)
    assert get_path(data, "a") == (True, {"b": 1})
    assert get_path(data, "a.c") == (False, None)
    assert get_path(data, "l.0") == (False, None)  # no array indices
    assert get_path(data, "l.length") == (False, None)
    assert get_path(data, "flat.key") == (False, None)  # a flat key is not a path
    assert get_path({"a": None}, "a") == (True, None)


def test_set_makes_and_replaces_parents() -> None:
    data: dict[str, Any] = {"a": 5, "z": 1}
    assert set_path(data, "a.b.c", True) == (False, None)
    assert data == {"a": {"b": {"c": True}}, "z": 1}
    assert set_path(data, "a.b.c", False) == (True, True)
    assert list(data) == ["a", "z"]  # key order kept


def test_unset_makes_and_prunes_nothing() -> None:
    data: dict[str, Any] = {"a": {"b": 1}, "s": "x"}
    assert unset_path(data, "a.b") == (True, 1)
    assert data == {"a": {}, "s": "x"}
    assert unset_path(data, "q.r") == (False, None)
    assert unset_path(data, "s.t") == (False, None)
    assert data == {"a": {}, "s": "x"}


def test_prefixes() -> None:
    assert parent_keys("a.b.c") == ["a", "a.b"]
    assert parent_keys("a") == []
    assert list(key_and_parents("a.b.c")) == ["a.b.c", "a.b", "a"]


@given(DATA, KEY, LEAF)
def test_set_then_get_finds_the_value_and_keeps_the_rest(
    data: dict[str, Any], key: str, value: Any
) -> None:
    before = copy.deepcopy(data)
    was_there, previous = set_path(data, key, value)
    assert (was_there, previous) == get_path(before, key)
    assert get_path(data, key) == (True, value)
    # every other top-level key is untouched
    top = key.split(".")[0]
    assert {k: v for k, v in data.items() if k != top} == {
        k: v for k, v in before.items() if k != top}


@given(DATA, KEY)
def test_unset_removes_the_leaf_only(data: dict[str, Any], key: str) -> None:
    before = copy.deepcopy(data)
    assert unset_path(data, key) == get_path(before, key)
    assert get_path(data, key) == (False, None)
    for parent in parent_keys(key):
        assert get_path(data, parent)[0] == get_path(before, parent)[0]


@given(DATA, KEY, LEAF)
def test_set_then_unset_of_a_new_key_leaves_its_parents(
    data: dict[str, Any], key: str, value: Any
) -> None:
    if get_path(data, key)[0]:
        return
    set_path(data, key, value)
    unset_path(data, key)
    assert get_path(data, key) == (False, None)
    for parent in parent_keys(key):
        found, node = get_path(data, parent)
        assert found
        assert isinstance(node, dict)
