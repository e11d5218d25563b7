"""A quicker way for PySide6 to make its Python enums, the same classes as before.

Why: PySide6 turns every Qt enum into a Python ``enum`` class the first time a Qt class is
used, through ``enum``'s functional API (``IntEnum("Key", [(name, value), ...])``). In Python
3.11 that path runs, per member, the metaclass's whole member protocol (a ``_proto_member``,
``__set_name__``, a walk over the bases for descriptors, the alias checks); the window's start
makes ~290 such classes with ~6,000 members: ~45 ms of CPU before the first paint and the
first project opened (bench P3), where a bare PySide6 window makes a fifth of them.

:func:`install` swaps ``EnumType._create_`` for :func:`fast_create`, which builds the same class
in one pass: the class through the metaclass's own fast path (``_simple=True``, as the
standard library's ``_simple_enum`` does for its own enums), then each member set directly as
a class attribute, exactly as the member protocol leaves it (``_value_``, ``_name_``,
``__objclass__``, ``_sort_order_``, ``_member_names_``, ``_member_map_``,
``_value2member_map_``, and for flags ``_flag_mask_``, ``_singles_mask_``, ``_all_bits_``). It
only takes the calls it knows — a list of ``(str, int)`` pairs with distinct names for
``Enum``, ``IntEnum``, ``Flag`` or ``IntFlag`` without a mixin type, no member name shadowing
an attribute of the base — and hands every other call to the original. A test builds every
enum of QtCore, QtGui and QtWidgets both ways and compares them with ``enum``'s own checker
(``_test_simple_enum``).
"""

from __future__ import annotations

import builtins
import enum
import sys
from collections.abc import Callable
from typing import Any

_BASES = (enum.Enum, enum.IntEnum, enum.Flag, enum.IntFlag)
_ORIGINAL = "_msd_original_create_"


def _plain_pairs(names: object) -> list[tuple[str, int]] | None:
    """``names`` as (name, int value) pairs with distinct plain names, or None."""
    if not isinstance(names, list | tuple):
        return None
    seen: set[str] = set()
    pairs: list[tuple[str, int]] = []
    for item in names:
        if not isinstance(item, tuple) or len(item) != 2:
            return None
        name, value = item
        if (type(name) is not str or type(value) is not int or name in seen
                or name.startswith("_")):
            return None
        seen.add(name)
        pairs.append((name, value))
    return pairs


_BASE_NAMES: dict[type, frozenset[str]] = {}


def _shadows_base(etype: type, pairs: list[tuple[str, int]]) -> bool:
    """A member named like an attribute of the base classes (``name``, ``value``…) gets a
    redirecting property from the member protocol: such enums take the original path."""
    taken = _BASE_NAMES.get(etype)
    if taken is None:
        taken = _BASE_NAMES[etype] = frozenset(
            name for base in etype.__mro__ for name in base.__dict__)
    return any(name in taken for name, _ in pairs)


def fast_create(original: Callable[..., Any], cls: type, class_name: str, names: Any, *,
                module: str | None = None, qualname: str | None = None, type: Any = None,
                start: int = 1, boundary: Any = None) -> Any:
    """``cls._create_(...)``'s class, built in one pass when the call is a plain one."""
    pairs = _plain_pairs(names) if type is None and cls in _BASES else None
    if pairs is None or _shadows_base(cls, pairs):
        return original(cls, class_name, names, module=module, qualname=qualname, type=type,
                        start=start, boundary=boundary)
    body: dict[str, Any] = {}
    if module is None:  # the functional API's own guess: the caller's module
        try:
            module = sys._getframe(3).f_globals["__name__"]
        except (AttributeError, ValueError, KeyError):
            module = None
    if module is None:
        enum._make_class_unpicklable(body)  # type: ignore[attr-defined]
    else:
        body["__module__"] = module
    if qualname is not None:
        body["__qualname__"] = qualname
    return _build(cls, class_name, body, pairs, boundary)


def _build(etype: Any, class_name: str, body: dict[str, Any], pairs: list[tuple[str, int]],
           boundary: Any) -> Any:
    """The standard library's ``_simple_enum`` conversion for plain ``(name, int)`` members,
    with each member set as the class attribute the member protocol would leave."""
    new_member = etype._member_type_.__new__
    use_args = etype._use_args_
    member_type = etype._member_type_
    body["_new_member_"] = new_member
    body["_use_args_"] = use_args
    body["_generate_next_value_"] = etype._generate_next_value_
    member_names: list[str] = []
    member_map: dict[str, Any] = {}
    value_map: dict[int, Any] = {}
    body["_member_names_"] = member_names
    body["_member_map_"] = member_map
    body["_value2member_map_"] = value_map
    body["_unhashable_values_"] = []
    body["_member_type_"] = member_type
    body["_value_repr_"] = etype._value_repr_
    is_flag = issubclass(etype, enum.Flag)
    if is_flag:
        body["_boundary_"] = boundary or etype._boundary_
        body["_flag_mask_"] = None
        body["_all_bits_"] = None
        body["_singles_mask_"] = None
        body["_inverted_"] = None
        for name in ("__or__", "__xor__", "__and__", "__ror__", "__rxor__", "__rand__",
                     "__invert__"):
            body[name] = getattr(enum.Flag, name)
    body["__doc__"] = "An enumeration."
    metacls = etype.__class__
    enum_class = metacls(class_name, (etype,), body, boundary=boundary, _simple=True)
    set_attr = builtins.type.__setattr__
    for name in ("__repr__", "__str__", "__format__", "__reduce_ex__"):
        if name not in body:  # the enum's own, not the data type's (as the metaclass checks)
            found = getattr(enum_class, name)
            if found in (getattr(member_type, name), getattr(object, name)):
                set_attr(enum_class, name, getattr(etype, name))
    single_bits = multi_bits = 0
    for name, value in pairs:
        member = value_map.get(value)
        if member is None:
            member = new_member(enum_class, value) if use_args else new_member(enum_class)
            member._value_ = value
            member._name_ = name
            member.__objclass__ = enum_class
            member.__init__(value)
            member._sort_order_ = len(member_names)
            value_map[value] = member
            if not is_flag:
                member_names.append(name)
            elif value > 0 and value & (value - 1) == 0:  # a single bit
                member_names.append(name)
                single_bits |= value
            else:
                multi_bits |= value
        set_attr(enum_class, name, member)  # an alias names the first member
        member_map[name] = member
    if is_flag:
        enum_class._flag_mask_ = single_bits | multi_bits
        enum_class._singles_mask_ = single_bits
        enum_class._all_bits_ = 2 ** ((single_bits | multi_bits).bit_length()) - 1
        values = [m._value_ for m in enum_class]
        if values != sorted(values):
            enum_class._iter_member_ = enum_class._iter_member_by_def_
    enum_class.__new__ = enum.Enum.__new__
    return enum_class


def install() -> bool:
    """Make PySide6's enums through :func:`fast_create` from now on (once); False when this
    Python's ``enum`` lacks what it needs (the original stays)."""
    metacls = enum.EnumType
    current = metacls.__dict__.get("_create_")
    # the conversion mirrors this Python's enum module (3.12 changed the member protocol)
    if (sys.version_info[:2] != (3, 11) or current is None
            or not hasattr(enum, "_make_class_unpicklable")):
        return False
    if getattr(metacls, _ORIGINAL, None) is not None:
        return True
    original = current.__func__ if isinstance(current, classmethod) else current

    def _create_(cls: type, class_name: str, names: Any = None, **kwargs: Any) -> Any:
        return fast_create(original, cls, class_name, names, **kwargs)

    setattr(metacls, _ORIGINAL, original)
    metacls._create_ = _create_  # type: ignore[attr-defined]
    return True


def uninstall() -> None:
    """The original ``_create_`` back (tests compare both)."""
    metacls = enum.EnumType
    original = getattr(metacls, _ORIGINAL, None)
    if original is not None:
        metacls._create_ = original  # type: ignore[attr-defined]
        delattr(metacls, _ORIGINAL)
