"""A tiny base for plain mutable records: ``==`` and ``repr`` from ``__slots__``.

Why not ``@dataclass``: ``msd resolve-model`` runs on every agent spawn and imports the JSON
and config modules; ``import dataclasses`` alone costs several milliseconds (it pulls in
``inspect``, ``ast``, ``tokenize``) and each decorated class is compiled at import time. A
subclass declares its fields in ``__slots__``, lists them in constructor order in
``__match_args__`` (as a dataclass does) and writes its ``__init__``; it then compares, prints
and pattern-matches like a dataclass (and, like one with ``eq=True``, is unhashable).
Use ``typing.NamedTuple`` instead for immutable values, or :class:`FrozenRecord` (read-only,
hashable) where a class also needs methods and slots; :class:`ReadOnlyRecord` is read-only and
compared by identity.
"""

from __future__ import annotations

from typing import Any


class _Fields:
    """``repr`` over the fields named in the subclass's ``__match_args__``, and their values."""

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def _same_fields(self, other: object) -> bool:
        """Whether ``other`` is of this very class with equal fields (``==`` of a record)."""
        if other.__class__ is not self.__class__:
            return False
        assert isinstance(other, _Fields)
        return self._fields() == other._fields()

    def __repr__(self) -> str:
        body = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({body})"


class Record(_Fields):
    """Equality and ``repr`` over the fields named in the subclass's ``__match_args__``."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._same_fields(other)

    __hash__ = None  # type: ignore[assignment]  # mutable, like a dataclass with eq=True


class ReadOnlyRecord(_Fields):
    """A read-only record: ``repr`` over the fields in ``__match_args__``; assigning or
    deleting a field raises ``AttributeError``, as a frozen dataclass does; compared by
    identity.

    Why not ``@dataclass(frozen=True)``: the schema builds ~190 of these while the Settings tab
    opens, and each decorated class is generated code compiled at import. A subclass lists its
    fields in ``__match_args__`` (constructor order) and sets them in ``__init__`` with
    ``object.__setattr__``.
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")


class FrozenRecord(ReadOnlyRecord):
    """An immutable value: :class:`ReadOnlyRecord` plus ``==`` and ``hash`` over its fields."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._same_fields(other)

    def __hash__(self) -> int:
        return hash(self._fields())
