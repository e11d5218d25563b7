"""Nothing in the app replaces a private function of Python, the standard library or PySide6,
or writes into interpreter objects.

Such patches break silently on another release and are hard to reason about; one of them
turned a cache file into code that ran. This reads every source file of the package (the
code, not the strings and comments: a docstring may name what we do not do) and fails on
each construct, with the file and line.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "msd_desktop"

# (name, a word every match contains, pattern over the code with strings and comments
# blanked). Blanking only removes text, so a file without the word cannot match: most files are
# not tokenized at all.
FORBIDDEN: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    ("the regex engine's private module _sre", "_sre", re.compile(r"\b_sre\b")),
    ("re's private compiler", "_comp", re.compile(r"\bre\._compiler\b|\bsre_compile\b")),
    ("enum.EnumType / EnumMeta touched", "enum.",
     re.compile(r"\benum\.(EnumType|EnumMeta)\b")),
    ("an assignment to _create_", "._create_", re.compile(r"\._create_\s*=(?!=)")),
    ("marshal.loads", "marshal",
     re.compile(r"\bmarshal\s*\.\s*loads?\b|\bfrom\s+marshal\s+import\b")),
    ("ctypes from_address (a write into an object)", "from_address",
     re.compile(r"\bfrom_address\s*\(")),
    ("ctypes.pythonapi (the interpreter's C API)", "pythonapi", re.compile(r"\bpythonapi\b")),
    ("builtins.compile/exec/eval swapped", "builtins",
     re.compile(r"\bbuiltins\s*\.\s*(compile|exec|eval|__import__)\s*=(?!=)")),
    ("PySide6's private _mod_uses_pyside replaced", "_mod_uses_pyside",
     re.compile(r"_mod_uses_pyside\b")),
)
# The syntax checks below look at imports of _sre and at setattr calls only.
TREE_WORDS = ("_sre", "setattr")


def _code_only(text: str) -> str:
    """``text`` with every string literal and comment replaced by spaces (lines kept)."""
    lines = text.splitlines(keepends=True)
    out = [list(line) for line in lines]
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type not in (tokenize.STRING, tokenize.COMMENT):
            continue
        (srow, scol), (erow, ecol) = tok.start, tok.end
        for row in range(srow, erow + 1):
            line = out[row - 1]
            start = scol if row == srow else 0
            end = ecol if row == erow else len(line)
            for i in range(start, end):
                if line[i] != "\n":
                    line[i] = " "
    return "".join("".join(line) for line in out)


def _sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def find_patches(text: str) -> list[tuple[int, str]]:
    """(line, what) for each forbidden construct in this source text."""
    found: list[tuple[int, str]] = []
    wanted = [(what, pattern) for what, word, pattern in FORBIDDEN if word in text]
    code = _code_only(text) if wanted else ""
    for what, pattern in wanted:
        for match in pattern.finditer(code):
            found.append((code.count("\n", 0, match.start()) + 1, what))
    if not any(word in text for word in TREE_WORDS):
        return found
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""])
            if any(n == "_sre" or n.startswith("_sre.") for n in names):
                found.append((node.lineno, "the regex engine's private module _sre"))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id == "setattr" and len(node.args) >= 2
              and not (isinstance(node.args[0], ast.Name) and node.args[0].id in ("self", "cls"))
              and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)
              and node.args[1].value.startswith("_")):
            found.append((node.lineno, "a private name of another object set through setattr"))
    return found


def test_the_package_patches_nothing() -> None:
    problems = [f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
                for path in _sources()
                for line, what in find_patches(path.read_text(encoding="utf-8"))]
    assert problems == []


def test_the_package_has_sources_to_check() -> None:
    assert len(_sources()) > 100


@pytest.mark.parametrize("source", [
    "import _sre\n",
    "from _sre import compile\n",
    "x = _sre.compile(p, 0, [], 0, {}, ())\n",
    "import enum\nenum.EnumType._create_ = fast\n",
    "cls._create_ = staticmethod(f)\n",
    "import marshal\ncode = marshal.loads(raw)\n",
    "ctypes.c_ssize_t.from_address(id(True)).value += 1\n",
    "ctypes.pythonapi.Py_IncRef(obj)\n",
    "import builtins\nbuiltins.compile = mine\n",
    "builtins.exec = mine\n",
    "builtins.eval = mine\n",
    "feature._mod_uses_pyside = check\n",
    "setattr(feature, '_mod_uses_pyside', check)\n",
    "setattr(module, '_private', value)\n",
])
def test_each_construct_is_found(source: str) -> None:
    assert find_patches(source)


@pytest.mark.parametrize("source", [
    '"""We never call marshal.loads or swap builtins.compile = x."""\n',
    "# _sre and from_address( are named in a comment only\n",
    "if isinstance(vt, schema.EnumType):\n    pass\n",
    "def ask_create_folder(parent, path):\n    return ask_create_folder(parent, path)\n",
    "x = builtins.compile is y\n",
    "ok = builtins.compile == y\n",
    "setattr(widget, 'name', value)\n",
    "setattr(self, '_words', [])\n",  # an object's own attribute
])
def test_what_is_not_a_patch_passes(source: str) -> None:
    assert find_patches(source) == []
