"""The layering rules, checked three ways (STYLE item 1): no Qt below the UI, a lean
``resolve-model`` import path, and the import-linter contract in ``pyproject.toml``.

Module lists are built with ``pkgutil`` at run time, so modules that do not exist yet are simply
not checked (and new ones are checked as soon as they land).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.prerequisites import missing, require_module

REPO = Path(__file__).resolve().parents[1]
HEAVY = ("ruamel", "watchdog", "keyring", "platformdirs", "PySide6")
# Stdlib modules the resolve-model path keeps lazy for start-up time (each costs 1-10 ms):
# writers, git and session pointers import them when they run; argparse only when the fast
# argv path in cli.py declines.
SLOW_STDLIB = ("tempfile", "subprocess", "hashlib", "decimal", "dataclasses", "argparse")

_IMPORT_ALL = r"""
import importlib, json, pkgutil, sys
import msd_desktop.core, msd_desktop.commands
names = ["msd_desktop.core", "msd_desktop.cli", "msd_desktop.commands"]
for pkg in (msd_desktop.core, msd_desktop.commands):
    names += [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")]
for name in names:
    importlib.import_module(name)
print(json.dumps({"imported": names, "qt": sorted(m for m in sys.modules
                  if m == "PySide6" or m.startswith(("PySide6.", "shiboken6")))}))
"""


def _run(args: list[str], cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=120)


def test_core_cli_and_commands_never_import_qt() -> None:
    proc = _run([sys.executable, "-c", _IMPORT_ALL])
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert "msd_desktop.core.workspace.project_root" in result["imported"]
    assert "msd_desktop.commands.workspaces" in result["imported"]
    assert result["qt"] == []


def _imported_modules(importtime_stderr: str) -> set[str]:
    pattern = re.compile(r"^import time:\s+\d+\s+\|\s+\d+\s+\|\s+(\S+)\s*$")
    return {m.group(1) for line in importtime_stderr.splitlines() if (m := pattern.match(line))}


_RUN_CLI = """
import json, sys
from msd_desktop.cli import main
rc = main(sys.argv[1:])
sys.stdout.write("\\n@@MODULES@@" + json.dumps({"rc": rc, "modules": sorted(sys.modules)}))
"""


def _run_cli_and_list_modules(*argv: str) -> tuple[int, str, set[str]]:
    """Run one verb in a fresh interpreter; return exit code, output and every module loaded.

    ``-X importtime`` is on as well (its report covers ``import`` statements); the authoritative
    list is ``sys.modules`` after the verb ran, since ``importlib.import_module`` (how the CLI
    loads handlers) is not reported by ``-X importtime``.
    """
    proc = _run([sys.executable, "-X", "importtime", "-c", _RUN_CLI, *argv])
    assert "@@MODULES@@" in proc.stdout, proc.stderr[-3000:]
    output, _, tail = proc.stdout.rpartition("@@MODULES@@")
    result = json.loads(tail)
    modules = set(result["modules"]) | _imported_modules(proc.stderr)
    return int(result["rc"]), output, modules


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY)


def test_resolve_model_path_stays_light(tmp_path: Path) -> None:
    require_module("msd_desktop.commands.resolve")
    project = tmp_path / "proj"
    (project / ".planning").mkdir(parents=True)
    (project / ".planning" / "config.json").write_text('{"model_profile": "balanced"}\n', "utf-8")
    rc, output, modules = _run_cli_and_list_modules(
        "resolve-model", "msd-planner", "--cwd", str(project)
    )
    assert rc == 0, output
    assert "msd_desktop.commands.resolve" in modules
    assert "msd_desktop.core.workspace.project_root" in modules
    assert _heavy(modules) == [], "resolve-model imported heavy modules"
    assert sorted(m for m in modules if m.split(".")[0] in SLOW_STDLIB) == [], (
        "resolve-model imported stdlib modules it keeps lazy"
    )


def test_root_path_stays_light(tmp_path: Path) -> None:
    # `msd root` runs find_root only: json/os/pathlib, nothing from the heavy list.
    (tmp_path / "p" / ".planning").mkdir(parents=True)
    start = tmp_path / "p" / "src"
    start.mkdir()
    rc, output, modules = _run_cli_and_list_modules("root", "--cwd", str(start))
    assert rc == 0
    assert output.strip() == str(tmp_path / "p")
    assert _heavy(modules) == []


def test_import_linter_contract() -> None:
    lint = Path(sys.executable).parent / "lint-imports"
    if not lint.exists():
        missing(f"{lint} (import-linter)", "scripts/bootstrap.sh dev installs it into .venv")
    # no cache: import-linter and grimp would write theirs into the checkout
    proc = _run([str(lint), "--no-cache"])
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "broken" in proc.stdout
    assert "0 broken" in proc.stdout


def _import_cycles(package: str = "msd_desktop") -> list[list[str]]:
    """Strongly connected groups of ``package``'s modules (Tarjan), counting every import,
    function-level ones included (grimp, the graph import-linter builds)."""
    grimp = require_module("grimp")
    graph = grimp.build_graph(package, cache_dir=None)
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            # a package importing its own submodule (``__init__`` re-exports) is not a cycle
            if len(group) > 1:
                groups.append(sorted(group))

    for module in modules:
        if module not in index:
            visit(module)
    return groups


def test_no_import_cycles() -> None:
    cycles = _import_cycles()
    assert cycles == [], cycles


def test_cycle_finder_sees_a_cycle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cycle check itself works: two modules importing each other (one lazily) are found."""
    grimp = require_module("grimp")
    pkg = tmp_path / "cyc"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from cyc import b\n")
    (pkg / "b.py").write_text("def f():\n    from cyc import a\n    return a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("cyc", cache_dir=None)
    assert graph.find_modules_directly_imported_by("cyc.b") == {"cyc.a"}
    assert _import_cycles("cyc") == [["cyc.a", "cyc.b"]]
