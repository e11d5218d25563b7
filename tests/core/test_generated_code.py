"""Dataclasses and named tuples made with the kept code behave as those the standard library
compiles; a bad memo is ignored."""

from __future__ import annotations

import collections
import dataclasses
import json
import os
import sys
import threading
import typing
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

import pytest

from msd_desktop.core.common import generated_code

pytestmark = pytest.mark.skipif(sys.version_info[:2] != (3, 11),
                                reason="the memo is for Python 3.11's dataclasses")


@pytest.fixture
def memo(tmp_path: Path) -> Iterator[Path]:
    generated_code.uninstall()
    yield tmp_path / "cache" / "code.bin"
    generated_code.uninstall()


def _make() -> dict[str, Any]:
    """A few dataclasses of each kind, made now (with or without the memo)."""

    @dataclasses.dataclass
    class Plain:
        name: str
        count: int = 0
        tags: list[str] = dataclasses.field(default_factory=list)
        hidden: int = dataclasses.field(default=7, repr=False)

    @dataclasses.dataclass(frozen=True, order=True)
    class Frozen:
        a: int
        b: str = "x"

    @dataclasses.dataclass(slots=True, kw_only=True)
    class Slotted:
        x: float
        y: float = 1.5

    @dataclasses.dataclass
    class Derived(Plain):
        extra: str = ""
        seen: ClassVar[int] = 0
        later: int = dataclasses.field(init=False, default=3)
        scale: dataclasses.InitVar[int] = 1

        def __post_init__(self, scale: int) -> None:
            self.later = self.count * scale

    class Pair(NamedTuple):
        left: int
        right: tuple[str, ...] = ()  # string annotations (future import): typing compiles them

    Point = collections.namedtuple("Point", "x y", defaults=(0,))
    return {"Plain": Plain, "Frozen": Frozen, "Slotted": Slotted, "Derived": Derived,
            "Pair": Pair, "Point": Point}


def _behaviour(classes: dict[str, Any]) -> list[object]:
    """What the generated methods do, as plain values to compare."""
    plain, frozen = classes["Plain"], classes["Frozen"]
    slotted, derived = classes["Slotted"], classes["Derived"]
    p = plain("a", 2)
    out: list[object] = [repr(p), p == plain("a", 2), p == plain("b"), p.tags, p.hidden]
    f1, f2 = frozen(1), frozen(1, "y")
    out += [repr(f1), f1 < f2, hash(f1) == hash(frozen(1)), sorted([f2, f1]) == [f1, f2]]
    with pytest.raises(dataclasses.FrozenInstanceError):
        f1.a = 5
    s = slotted(x=2.0)
    out += [repr(s), s == slotted(x=2.0, y=1.5), hasattr(s, "__dict__")]
    with pytest.raises(TypeError):
        slotted(2.0)  # keyword-only
    d = derived("n", 4, scale=3)
    out += [repr(d), d.later, [f.name for f in dataclasses.fields(d)]]
    out += [dataclasses.asdict(p), dataclasses.replace(f1, b="z")]
    pair, point = classes["Pair"], classes["Point"]
    out += [pair(1), pair(2, ("a",))._asdict(), typing.get_type_hints(pair), point(3),
            point(1, 2)._replace(y=5), point._fields]
    return out


def test_a_second_run_makes_every_method_from_kept_code(memo: Path) -> None:
    reference = _behaviour(_make())  # no memo: dataclasses compiles as usual
    assert generated_code.install(str(memo))
    first = _behaviour(_make())
    assert generated_code.stats()["new"] > 8
    assert generated_code.save()
    assert not generated_code.save()  # nothing new since
    generated_code.uninstall()

    assert generated_code.install(str(memo))  # the next run
    second = _behaviour(_make())
    stats = generated_code.stats()
    assert stats["hits"] > 8
    assert stats["new"] == 0
    assert [repr(x) for x in first] == [repr(x) for x in reference]
    assert [repr(x) for x in second] == [repr(x) for x in reference]


def _memo_file(body: bytes, engine: str | None = None) -> bytes:
    header = {"format": generated_code.FORMAT, "engine": engine or generated_code.engine_key(),
              "bytes": len(body), "crc32": zlib.crc32(body)}
    return json.dumps(header).encode() + b"\n" + body


def test_a_corrupt_or_foreign_memo_is_ignored_and_written_again(memo: Path) -> None:
    import marshal

    reference = _behaviour(_make())
    generated_code.install(str(memo))
    _make()
    generated_code.save()
    generated_code.uninstall()
    good = memo.read_bytes()
    flipped = bytearray(good)
    flipped[-30] ^= 0x01
    variants = [
        b"garbage", bytes(flipped), good[:-7],
        _memo_file(good.partition(b"\n")[2], engine="another python"),
        _memo_file(marshal.dumps([1, 2, 3])),  # loads, but not a dict of code
        _memo_file(marshal.dumps({("exec", "def f(): pass"): 42})),  # a value that is no code
        _memo_file(marshal.dumps({"def f(): pass": compile("1", "<string>", "eval")})),
        _memo_file(b"\x00\x01 not marshal"),
    ]
    for bad in variants:
        memo.write_bytes(bad)
        assert generated_code.install(str(memo))
        assert generated_code.stats()["stored"] == 0
        assert [repr(x) for x in _behaviour(_make())] == [repr(x) for x in reference]
        assert generated_code.save()  # written again
        generated_code.uninstall()
        assert generated_code.install(str(memo))
        assert generated_code.stats()["stored"] > 8
        generated_code.uninstall()


def test_a_fifo_never_blocks(memo: Path) -> None:
    memo.parent.mkdir(parents=True)
    os.mkfifo(memo)
    done = threading.Event()

    def install() -> None:
        generated_code.install(str(memo))
        done.set()

    threading.Thread(target=install, daemon=True).start()
    assert done.wait(10), "install blocked on a FIFO"
    assert generated_code.stats()["stored"] == 0


def test_only_dataclasses_gets_the_memo(memo: Path) -> None:
    import builtins

    generated_code.install(str(memo))
    assert dataclasses.exec is not builtins.exec  # type: ignore[attr-defined]
    namespace: dict[str, Any] = {}
    exec("x = 1", namespace)  # everyone else's exec is the builtin one
    assert namespace["x"] == 1
    assert generated_code.stats()["new"] == 0
    generated_code.uninstall()
    assert "exec" not in vars(dataclasses)


MODULE_SOURCE = '''
"""A module as a library compiles it from text."""
from __future__ import annotations

def area(w: Width, h: int = 2) -> int:
    return w * h

class Box:
    size: Width
'''


def test_whole_modules_compiled_inside_the_block_come_from_the_memo(memo: Path) -> None:
    import builtins
    import marshal

    generated_code.install(str(memo))
    fresh = {kind: compile(src, "lib/box.py", "exec", dont_inherit=True)
             for kind, src in (("str", MODULE_SOURCE), ("bytes", MODULE_SOURCE.encode()))}
    with generated_code.compiling_from_memo():
        first = {"str": compile(MODULE_SOURCE, "lib/box.py", "exec", dont_inherit=True),
                 "bytes": compile(MODULE_SOURCE.encode(), "lib/box.py", "exec",
                                  dont_inherit=True)}
    assert builtins.compile is not generated_code._file_compile  # put back after the block
    assert generated_code.save()
    generated_code.uninstall()

    generated_code.install(str(memo))  # the next run
    before = generated_code.stats()["hits"]
    with generated_code.compiling_from_memo():
        again = {"str": compile(MODULE_SOURCE, "lib/box.py", "exec", dont_inherit=True),
                 "bytes": compile(MODULE_SOURCE.encode(), "lib/box.py", "exec",
                                  dont_inherit=True)}
        other_name = compile(MODULE_SOURCE, "lib/other.py", "exec", dont_inherit=True)
    assert generated_code.stats()["hits"] == before + 2  # the same name and text only
    for kind in ("str", "bytes"):
        assert marshal.dumps(first[kind]) == marshal.dumps(fresh[kind])
        assert marshal.dumps(again[kind]) == marshal.dumps(fresh[kind])
    assert other_name.co_filename == "lib/other.py"


def test_inherited_future_flags_are_the_builtins(memo: Path) -> None:
    """This test module has ``from __future__ import annotations``: a compile that inherits
    takes it, the memo's answer too (and a module compiled without it is another entry)."""
    import marshal

    generated_code.install(str(memo))
    builtin = compile(MODULE_SOURCE.replace("from __future__ import annotations\n", ""),
                      "lib/plain.py", "exec")
    assert builtin.co_consts  # (compiled)
    with generated_code.compiling_from_memo():
        inherited = compile(MODULE_SOURCE.replace("from __future__ import annotations\n", ""),
                            "lib/plain.py", "exec")
        alone = compile(MODULE_SOURCE.replace("from __future__ import annotations\n", ""),
                        "lib/plain.py", "exec", dont_inherit=True)
    assert marshal.dumps(inherited) == marshal.dumps(builtin)
    assert marshal.dumps(alone) != marshal.dumps(builtin)  # annotations evaluated: other code


def test_other_compiles_inside_the_block_take_the_builtin(memo: Path) -> None:
    import ast

    generated_code.install(str(memo))
    with generated_code.compiling_from_memo():
        tree = compile("x = 1", "<ast>", "exec", ast.PyCF_ONLY_AST)
        value = eval(compile("1 + 2", "<expr>", "eval"))
    assert isinstance(tree, ast.Module)
    assert value == 3
    assert generated_code.stats()["new"] == 0


def test_the_block_does_nothing_without_the_memo() -> None:
    import builtins

    generated_code.uninstall()
    with generated_code.compiling_from_memo():
        assert builtins.compile is generated_code._REAL_COMPILE
