"""Every message the core raises or reports to a person is a ``Text``, never a bare string.

Why: the window translates the core's messages through the template a ``Text`` keeps; a
message raised as a literal or an f-string would stay English in a Portuguese window. The scan
reads the sources (AST), so a new ``raise MsdError(f"…")`` fails here, with its file and line.
Internal programming errors (``ValueError``, ``TypeError``, ``AssertionError``…) are exempt:
they are not meant for a person.
"""

from __future__ import annotations

import ast
import functools
import pickle
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.text import Text, plural

CORE = Path(__file__).resolve().parents[3] / "msd_desktop" / "core"

#: The core's user-facing error family, found by name in the sources (subclasses included).
_ERROR_ROOTS = {"MsdError"}
#: Records whose first argument (or the named keyword) is a message shown in the window.
_MESSAGE_RECORDS = {"Problem": 0, "ParseProblem": 0, "FolderCheck": "problem"}


Sources = tuple[tuple[Path, ast.Module], ...]


@functools.cache
def _sources() -> Sources:
    """The core's sources, parsed once for every test of the module (the trees are only read)."""
    return tuple((p, ast.parse(p.read_text(encoding="utf-8"), str(p)))
                 for p in sorted(CORE.rglob("*.py")))


@functools.cache
def _error_family(trees: Sources) -> frozenset[str]:
    """``MsdError`` and every class of the core deriving from it, directly or not."""
    classes = [(node.name, {b.id for b in node.bases if isinstance(b, ast.Name)})
               for _, tree in trees for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    family = set(_ERROR_ROOTS)
    grew = True
    while grew:
        grew = False
        for name, bases in classes:
            if name not in family and bases & family:
                family.add(name)
                grew = True
    return frozenset(family)


def _is_bare_string(node: ast.expr) -> bool:
    """A literal, an f-string, ``"…" + x``, ``"…" % x`` or ``"…".format(…)``."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return _is_bare_string(node.left) or _is_bare_string(node.right)
    if isinstance(node, ast.IfExp):
        return _is_bare_string(node.body) or _is_bare_string(node.orelse)
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format" and _is_bare_string(node.func.value))


def _name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _message_arg(call: ast.Call, where: int | str) -> ast.expr | None:
    if isinstance(where, int):
        return call.args[where] if len(call.args) > where else None
    return next((kw.value for kw in call.keywords if kw.arg == where), None)


def bare_messages() -> list[str]:
    trees = _sources()
    family = _error_family(trees)
    found = []
    for path, tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node)
            where: int | str | None = 0 if name in family else _MESSAGE_RECORDS.get(name or "")
            if where is None:
                continue
            arg = _message_arg(node, where)
            if arg is not None and _is_bare_string(arg):
                found.append(f"{path.relative_to(CORE.parent)}:{node.lineno}: {name}("
                             f"{ast.unparse(arg)[:60]}…)")
    return found


def test_no_core_message_is_a_bare_string() -> None:
    found = bare_messages()
    assert not found, (
        "Write these messages as Text.of(\"template {name}\", name=…) so the window can "
        "translate them:\n" + "\n".join(found)
    )


def test_the_scan_finds_the_error_family_and_a_bare_message() -> None:
    """The scan itself works: it knows the subclasses and flags each kind of bare string."""
    family = _error_family(_sources())
    assert {"MsdError", "ConflictError", "LockTimeoutError", "KeyringUnavailableError",
            "UnsafeFileError"} <= family
    samples = ['"plain"', 'f"x {y}"', '"a" + b', '"a %s" % b', '"a {}".format(b)',
               'f"a" if c else "b"']
    for sample in samples:
        assert _is_bare_string(ast.parse(sample, mode="eval").body), sample
    for sample in ['Text.of("a {b}", b=1)', "message", "exc.message", "spec.error(raw)"]:
        assert not _is_bare_string(ast.parse(sample, mode="eval").body), sample


def test_text_is_the_english_string_and_keeps_its_template() -> None:
    inner = Text.of("{path}: line {line}, column {column}: {problem}", path="/p/config.json",
                    line=3, column=7, problem=Text.of("Expecting value"))
    outer = Text.of("Failed to read config.json: {error}", error=inner)
    assert outer == "Failed to read config.json: /p/config.json: line 3, column 7: Expecting value"
    assert outer.template == "Failed to read config.json: {error}"
    assert outer.params["error"].params["problem"].template == "Expecting value"
    assert str(MsdError(outer)) == outer
    assert MsdError(outer).message.template == outer.template
    assert Text.of("{n:.1f} s", n=2.25) == "2.2 s"
    assert Text.of("no {braces} here") == "no {braces} here"  # no params: kept as written
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):  # the helper processes use 5
        again = pickle.loads(pickle.dumps(outer, protocol=protocol))
        assert again == outer
        assert again.params["error"].template == inner.template


def test_plural_and_shortened_params() -> None:
    assert plural(1, Text.of("{n} plan", n=1), Text.of("{n} plans", n=1)) == "1 plan"
    assert plural(2, Text.of("{n} plan", n=2), Text.of("{n} plans", n=2)) == "2 plans"
    message = Text.of("Cannot save: {error}", error=Text.of("{path} could not be read ({code})",
                                                            path="/w/a/.planning/config.json",
                                                            code="EISDIR"))
    short = message.map_params(lambda s: s.replace("/w/a/", ""))
    assert short == "Cannot save: .planning/config.json could not be read (EISDIR)"
    assert short.params["error"].template == "{path} could not be read ({code})"


@pytest.mark.parametrize("message", [
    "raise MsdError(f'Not a folder: {root}')",
    "raise ConflictError('changed on disk')",
])
def test_a_new_bare_message_is_caught(message: str) -> None:
    """A file with a bare ``raise`` would be reported (run the scan on a synthetic tree)."""
    tree = ast.parse(message)
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call))
    assert _name(call) in _error_family(_sources())
    arg = _message_arg(call, 0)
    assert arg is not None
    assert _is_bare_string(arg)
