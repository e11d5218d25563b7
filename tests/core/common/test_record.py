"""The record bases: equality, hashing and read-only fields as the dataclasses they replace."""

from __future__ import annotations

import pytest

from msd_desktop.core.common.record import FrozenRecord, ReadOnlyRecord, Record


class Point(Record):
    __slots__ = ("x", "y")
    __match_args__ = ("x", "y")

    def __init__(self, x: int, y: int) -> None:
        self.x, self.y = x, y


class Key(ReadOnlyRecord):
    __slots__ = ("name",)
    __match_args__ = ("name",)

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", name)


class Leaf(FrozenRecord):
    __slots__ = ("name",)
    __match_args__ = ("name",)

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", name)


class OtherLeaf(Leaf):
    __slots__ = ()


def test_record_compares_by_fields_and_is_unhashable() -> None:
    assert Point(1, 2) == Point(1, 2)
    assert Point(1, 2) != Point(2, 1)
    assert repr(Point(1, 2)) == "Point(x=1, y=2)"
    with pytest.raises(TypeError):
        hash(Point(1, 2))


def test_read_only_record_refuses_changes_and_compares_by_identity() -> None:
    key = Key("a")
    with pytest.raises(AttributeError):
        key.name = "b"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del key.name
    assert key != Key("a")
    assert repr(key) == "Key(name='a')"


def test_frozen_record_is_a_value() -> None:
    assert Leaf("a") == Leaf("a")
    assert hash(Leaf("a")) == hash(Leaf("a"))
    assert Leaf("a") != OtherLeaf("a")  # another class is another value
    assert len({Leaf("a"), Leaf("a"), Leaf("b")}) == 2
