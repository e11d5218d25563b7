"""Refresh the window's translation sources and build their catalogues.

    .venv/bin/python scripts/update-translations.py            # lupdate, then lrelease
    .venv/bin/python scripts/update-translations.py --release  # lrelease only (install/build)
    .venv/bin/python scripts/update-translations.py --check    # exit 1 if a .ts is stale

``pyside6-lupdate`` reads every ``tr()`` / ``QCoreApplication.translate()`` in the window's
sources, plus the schema's texts (titles, descriptions, section names, option help) listed by
``msd_desktop.core.config.schema_texts`` — written to a temporary Python file of ``translate``
calls so they are extracted like any other string, keyed by key and field — and the core's
message templates: every ``Text.of("…")`` literal under ``msd_desktop/core`` (found by reading
the sources, not by importing them), extracted the same way in the context ``CoreMessages``,
which the window's ``core_text()`` looks them up in. Sources carry no
line locations (``-locations none``) so a refresh only shows real text changes; entries whose
source text vanished are dropped (``-no-obsolete``). ``--check`` runs the same extraction on a
copy and fails when it would add or drop anything, or when an entry is unfinished. English is
the source language; its file (``msd_desktop_en.ts``) holds only the plural forms.
"""

from __future__ import annotations

import argparse
import ast
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "msd_desktop"
I18N = PACKAGE / "i18n"
SOURCE_LANGUAGE = "en"
SKIP_DIRS = {"__pycache__", "core", "commands", "i18n", "resources"}


def tool(name: str) -> str:
    """``pyside6-<name>`` beside this interpreter, else the PySide6 package's own binary."""
    beside = Path(sys.executable).with_name(f"pyside6-{name}")
    if beside.exists():
        return str(beside)
    import PySide6

    return str(Path(PySide6.__file__).resolve().parent / name)


def window_sources() -> list[Path]:
    """Every Python file of the window (the CLI's and the core's texts stay English)."""
    files = [PACKAGE / "app.py"]
    files += sorted(p for p in (PACKAGE / "ui").rglob("*.py")
                    if not SKIP_DIRS.intersection(p.relative_to(PACKAGE).parts))
    return files


def schema_strings_file(directory: Path) -> Path:
    sys.path.insert(0, str(REPO))
    from msd_desktop.core.config.schema_texts import CONTEXT, texts

    lines = ["from PySide6.QtCore import QCoreApplication", "", "", "def _texts() -> None:"]
    lines += [f"    QCoreApplication.translate({CONTEXT!r}, {t.english!r}, {t.ident!r})"
              for t in texts()]
    path = directory / "schema_strings.py"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


CORE_CONTEXT = "CoreMessages"  # ui/widgets/core_text.py looks the templates up here


def core_templates() -> list[str]:
    """Every ``Text.of("literal", …)`` template of the core, each once, file by file."""
    seen: dict[str, None] = {}
    for path in sorted((PACKAGE / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        calls = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call)),
                       key=lambda n: (n.lineno, n.col_offset))
        for call in calls:
            func = call.func
            if (isinstance(func, ast.Attribute) and func.attr == "of"
                    and isinstance(func.value, ast.Name) and func.value.id == "Text"
                    and call.args and isinstance(call.args[0], ast.Constant)
                    and isinstance(call.args[0].value, str)):
                seen.setdefault(call.args[0].value, None)
    return list(seen)


def core_strings_file(directory: Path) -> Path:
    lines = ["from PySide6.QtCore import QCoreApplication", "", "", "def _messages() -> None:"]
    lines += [f"    QCoreApplication.translate({CORE_CONTEXT!r}, {template!r})"
              for template in core_templates()]
    path = directory / "core_strings.py"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def lupdate(ts_files: list[Path]) -> None:
    with tempfile.TemporaryDirectory(prefix="msd-lupdate-") as tmp:
        sources = [*window_sources(), schema_strings_file(Path(tmp)), core_strings_file(Path(tmp))]
        for ts in ts_files:
            # English is the source: its catalogue holds only the plural forms ("1 change",
            # "2 changes" from "%n change(s)")
            only_plurals = ["-pluralonly"] if ts.stem.endswith(f"_{SOURCE_LANGUAGE}") else []
            subprocess.run([tool("lupdate"), *map(str, sources), "-ts", str(ts),
                            "-locations", "none", "-no-obsolete", "-silent", *only_plurals],
                           check=True)


def lrelease(ts_files: list[Path]) -> None:
    """Build each ``.qm`` beside its ``.ts``, replacing it atomically: a running window maps
    the catalogue it loaded, and rewriting that file in place would crash it (SIGBUS)."""
    for ts in ts_files:
        target = ts.with_suffix(".qm")
        tmp = target.with_name(f".{target.name}.tmp")
        subprocess.run([tool("lrelease"), "-silent", str(ts), "-qm", str(tmp)], check=True)
        tmp.replace(target)


def messages(ts: Path) -> set[tuple[str, str, str]]:
    root = ET.parse(ts).getroot()
    return {(ctx.findtext("name") or "", m.findtext("source") or "", m.findtext("comment") or "")
            for ctx in root.iter("context") for m in ctx.iter("message")}


def unfinished(ts: Path) -> list[str]:
    root = ET.parse(ts).getroot()
    out = []
    for ctx in root.iter("context"):
        for m in ctx.iter("message"):
            tr = m.find("translation")
            empty = tr is None or not ("".join(tr.itertext()).strip())
            if tr is None or tr.get("type") in ("unfinished", "vanished", "obsolete") or empty:
                out.append(f"{ctx.findtext('name')}: {m.findtext('source')!r}")
    return out


def check(ts_files: list[Path]) -> list[str]:
    problems = []
    with tempfile.TemporaryDirectory(prefix="msd-ts-check-") as tmp:
        for ts in ts_files:
            copy = Path(tmp) / ts.name
            shutil.copy2(ts, copy)
            lupdate([copy])
            added = messages(copy) - messages(ts)
            dropped = messages(ts) - messages(copy)
            problems += [f"{ts.name}: not extracted yet: {m}" for m in sorted(added)]
            problems += [f"{ts.name}: obsolete: {m}" for m in sorted(dropped)]
            problems += [f"{ts.name}: unfinished: {m}" for m in unfinished(ts)]
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", action="store_true", help="only build the .qm files")
    parser.add_argument("--check", action="store_true", help="fail if a .ts is stale")
    args = parser.parse_args()
    ts_files = sorted(I18N.glob("msd_desktop_*.ts"))
    if args.check:
        problems = check(ts_files)
        for line in problems:
            print(line)
        return 1 if problems else 0
    if not args.release:
        lupdate(ts_files)
    lrelease(ts_files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
