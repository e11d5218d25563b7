"""PySide6's enums made through the quick path are the classes the standard path makes.

Every enum QtCore, QtGui and QtWidgets define is built both ways from the very arguments
PySide6 passes, in a fresh interpreter (no enum made yet), and compared with the standard
library's own checker (``enum._test_simple_enum``) plus what it leaves out: each member is the
class attribute itself, the same iteration order, the same canonical names.
"""

from __future__ import annotations

import enum
import json
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from msd_desktop.ui.widgets import fast_enums

pytestmark = pytest.mark.skipif(sys.version_info[:2] != (3, 11),
                                reason="the quick path exists for Python 3.11's enum module")

COMPARE_ALL = textwrap.dedent("""
    import enum, json, sys
    original = enum.EnumType._create_
    calls = []
    def recording(cls, class_name, names=None, **kw):
        calls.append((cls, class_name, list(names) if names is not None else None, kw))
        return original(cls, class_name, names, **kw)
    enum.EnumType._create_ = recording
    from PySide6 import QtCore, QtGui, QtWidgets
    for module in (QtCore, QtGui, QtWidgets):
        for name in dir(module):
            getattr(module, name)  # makes the class and its enums
    enum.EnumType._create_ = original
    from msd_desktop.ui.widgets.fast_enums import _plain_pairs, _shadows_base, fast_create
    differences, quick = [], 0
    for cls, class_name, names, kw in calls:
        kw = {**kw, "module": "compared"}
        standard = original(cls, class_name, names, **kw)
        made = fast_create(original, cls, class_name, names, **kw)
        pairs = _plain_pairs(names) if kw.get("type") is None else None
        quick += pairs is not None and not _shadows_base(cls, pairs)
        try:
            enum._test_simple_enum(standard, made)
            for member in standard._member_map_:
                assert (standard.__dict__.get(member) is standard._member_map_[member]) == (
                    made.__dict__.get(member) is made._member_map_[member]), member
            assert [m.name for m in standard] == [m.name for m in made], "iteration"
            assert standard._member_names_ == made._member_names_, "canonical names"
            assert [(k, v.value) for k, v in standard.__members__.items()] == [
                (k, v.value) for k, v in made.__members__.items()], "aliases"
        except (TypeError, AssertionError) as exc:
            differences.append(f"{class_name}: {exc}")
    members = sum(len(c[2] or ()) for c in calls)
    print(json.dumps({"enums": len(calls), "quick": quick, "members": members,
                      "differences": differences[:20]}))
""")


def test_every_qt_enum_is_the_same_class_both_ways() -> None:
    proc = subprocess.run([sys.executable, "-c", COMPARE_ALL], capture_output=True, text=True,
                          timeout=120, env={"QT_QPA_PLATFORM": "offscreen",
                                            "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout)
    assert result["enums"] > 500  # all three modules were seen
    assert result["members"] > 5000
    assert result["quick"] > 0.9 * result["enums"]  # ...and nearly all made the quick way
    assert result["differences"] == []


def _original() -> Any:
    return getattr(enum.EnumType, "_msd_original_create_", None) or enum.EnumType.__dict__[
        "_create_"]


def _current() -> Any:
    return enum.EnumType.__dict__["_create_"]


def test_the_checker_sees_a_difference() -> None:
    """The comparison above can fail: a class with a member in another order is caught."""
    original = _original()
    made = fast_enums.fast_create(original, enum.IntEnum, "Probe", [("A", 1), ("B", 2)],
                                  module="compared")
    other = original(enum.IntEnum, "Probe", [("B", 2), ("A", 1)], module="compared")
    with pytest.raises(TypeError):
        enum._test_simple_enum(other, made)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("names", "kwargs"), [
    ("A B C", {}),  # names in a string: the standard path numbers them
    ([("A", "x")], {}),  # a value that is not an int
    ([("value", 1)], {}),  # shadows Enum.value: the standard path redirects it
    ([("A", 1)], {"type": int}),  # a mixin type
    ([("A", 1), ("A", 2)], {}),  # a name twice: the standard path refuses it
])
def test_other_calls_take_the_standard_path(names: object, kwargs: dict[str, Any]) -> None:
    seen: list[object] = []

    def standard(*args: object, **kw: object) -> object:
        seen.append(args)
        return "standard"

    result = fast_enums.fast_create(standard, enum.Enum, "Probe", names, **kwargs)
    assert result == "standard"
    assert len(seen) == 1


def test_flags_combine_as_before() -> None:
    original = _original()
    pairs = [("NoFlag", 0), ("Left", 1), ("Right", 2), ("Both", 3), ("Top", 32)]
    made = fast_enums.fast_create(original, enum.Flag, "Align", pairs, module="compared",
                                  boundary=enum.KEEP)
    standard = original(enum.Flag, "Align", pairs, module="compared", boundary=enum.KEEP)
    assert (made.Left | made.Right) is made.Both
    assert (made.Left | made.Top).value == (standard.Left | standard.Top).value == 33
    assert made(64).value == standard(64).value == 64  # KEEP: unknown bits are kept
    assert [m.name for m in made] == [m.name for m in standard]


def test_importing_the_window_package_installs_it() -> None:
    import msd_desktop.ui  # noqa: F401  (what the app and every UI test import)

    original = _original()
    assert _current() is not original
    fast_enums.uninstall()
    try:
        assert _current() is original
        assert not hasattr(enum.EnumType, "_msd_original_create_")
    finally:
        assert fast_enums.install()
