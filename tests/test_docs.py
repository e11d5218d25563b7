"""The repository stands alone: its docs point only inside it and describe the real tree.

Three checks, each reading the checkout as it is:

* no tracked file refers to a location outside the repository (the shared folder of the
  machine the project was started on, or absolute paths under its work directory) — a fresh
  clone must have everything a reader or a test is sent to;
* every relative link in the README, CONTRIBUTING, ``bench/README.md`` and ``docs/`` reaches an
  existing file, and a ``#fragment`` reaches a heading of the Markdown file it names;
* every Python package under ``msd_desktop/`` is named in ``docs/architecture.md``.
"""

from __future__ import annotations

import os
import re
import subprocess
import unicodedata
from pathlib import Path

from tests.prerequisites import missing

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "msd_desktop"
ARCHITECTURE = REPO / "docs" / "architecture.md"

# Built from pieces so that this file does not match its own patterns.
OUTSIDE = re.compile(
    "|".join(
        (
            re.escape("../" + "shared"),
            re.escape("shared" + "/spec"),
            re.escape("/" + "work" + "/"),
        )
    )
)

LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")


def _tracked_files() -> list[Path]:
    try:
        proc = subprocess.run(
            ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, timeout=60, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        missing("not a git checkout (the docs checks need the tracked file list)",
                "run the tests in a clone of the repository")
    names = [n for n in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if n]
    return [REPO / n for n in names]


def _doc_files() -> list[Path]:
    docs = [REPO / "README.md", REPO / "CONTRIBUTING.md", REPO / "bench" / "README.md",
            *sorted((REPO / "docs").rglob("*.md"))]
    return [p for p in docs if p.is_file()]


def _prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, numbered from 1, with inline code removed."""
    out: list[tuple[int, str]] = []
    fence: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        match = FENCE.match(line)
        if match:
            if fence is None:
                fence = match.group(1)
            elif match.group(1) == fence:
                fence = None
            continue
        if fence is None:
            out.append((number, INLINE_CODE.sub("", line)))
    return out


def github_anchor(heading: str) -> str:
    """The fragment GitHub gives a heading: lower case, punctuation dropped, spaces → ``-``."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    kept = []
    for ch in text.lower():
        cat = unicodedata.category(ch)
        if ch in "-_" or cat[0] in "LN" or cat == "Mn":
            kept.append(ch)
        elif ch == " ":
            kept.append("-")
    return "".join(kept)


def anchors_of(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    anchors: set[str] = set()
    for _, line in _prose_lines(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if not match:
            continue
        base = github_anchor(match.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        anchors.add(base if n == 0 else f"{base}-{n}")
    return anchors


def broken_links(path: Path, root: Path = REPO, tracked: set[Path] | None = None) -> list[str]:
    """``file:line: target — why`` for each relative link of ``path`` that leads nowhere.

    With ``tracked`` (the files git tracks) a target must also be tracked, or be a folder
    holding tracked files: a file that exists only in this checkout is missing in a clone.
    """
    problems: list[str] = []
    rel = path.relative_to(root)
    for number, line in _prose_lines(path.read_text(encoding="utf-8")):
        for match in LINK.finditer(line):
            target = match.group(1)
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):  # http:, https:, mailto: …
                continue
            file_part, _, fragment = target.partition("#")
            file_part = file_part.split("?", 1)[0]
            dest = Path(os.path.normpath(path.parent / file_part)) if file_part else path
            if not dest.exists():
                problems.append(f"{rel}:{number}: {target} — no such file")
                continue
            try:
                dest.resolve().relative_to(root.resolve())
            except ValueError:
                problems.append(f"{rel}:{number}: {target} — outside the repository")
                continue
            if tracked is not None and dest not in tracked and not any(
                dest in t.parents for t in tracked
            ):
                problems.append(f"{rel}:{number}: {target} — not tracked by git")
                continue
            if fragment and dest.suffix == ".md" and fragment not in anchors_of(dest):
                problems.append(f"{rel}:{number}: {target} — no heading #{fragment}")
    return problems


def test_no_tracked_file_points_outside_the_repository() -> None:
    hits: list[str] = []
    tracked = _tracked_files()
    assert REPO / "pyproject.toml" in tracked
    for path in tracked:
        if path.is_symlink() or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data[:8192]:  # binary (images)
            continue
        text = data.decode("utf-8", "replace")
        if not OUTSIDE.search(text):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                hits.append(f"{path.relative_to(REPO)}:{number}: {line.strip()[:120]}")
    assert not hits, "tracked files refer to places outside the repository:\n" + "\n".join(hits)


def test_relative_links_in_the_docs_reach_existing_files() -> None:
    docs = _doc_files()
    assert REPO / "README.md" in docs
    assert REPO / "CONTRIBUTING.md" in docs
    tracked = set(_tracked_files())
    problems = [p for doc in docs for p in broken_links(doc, REPO, tracked)]
    assert not problems, "broken links:\n" + "\n".join(problems)


def test_every_package_is_in_the_architecture_doc() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    packages = sorted(
        init.parent for init in PACKAGE.rglob("__init__.py") if "__pycache__" not in init.parts
    )
    assert PACKAGE in packages
    missing = []
    for pkg in packages:
        rel = pkg.relative_to(PACKAGE).as_posix()
        spellings = (
            {"msd_desktop/"}
            if rel == "."
            else {f"`{rel}/`", f"msd_desktop/{rel}/", "msd_desktop." + rel.replace("/", ".")}
        )
        if not any(s in text for s in spellings):
            missing.append(rel)
    assert not missing, "packages not described in docs/architecture.md: " + ", ".join(missing)


# --- the checkers themselves must be able to fail --------------------------------------------


def test_anchor_rule_matches_github() -> None:
    assert github_anchor("Appendix B — our decisions") == "appendix-b--our-decisions"
    assert github_anchor("6. Effort, fast_mode and resolve-execution") == (
        "6-effort-fast_mode-and-resolve-execution"
    )
    assert github_anchor("2.4.1 `ship.pr_body_sections`") == "241-shippr_body_sections"


def test_link_checker_reports_missing_files_and_headings(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# Title\n\n## Real part\n", encoding="utf-8")
    doc = tmp_path / "README.md"
    doc.write_text(
        "[ok](docs/a.md) [ok too](docs/a.md#real-part) [web](https://example.org/x.md)\n"
        "[gone](docs/missing.md) [bad anchor](docs/a.md#nope) ![pic](docs/none.png)\n"
        "`[code](not/a/link.md)`\n```\n[fenced](not/a/link.md)\n```\n",
        encoding="utf-8",
    )
    (tmp_path.parent / "elsewhere.md").write_text("# x\n", encoding="utf-8")
    doc.write_text(doc.read_text(encoding="utf-8") + "[out](../elsewhere.md)\n", encoding="utf-8")
    problems = broken_links(doc, tmp_path)
    (tmp_path / "docs" / "b.md").write_text("# B\n", encoding="utf-8")
    untracked = tmp_path / "NEW.md"
    untracked.write_text("[b](docs/b.md) [a](docs/a.md) [folder](docs)\n", encoding="utf-8")
    assert [p.split(": ", 1)[1] for p in broken_links(untracked, tmp_path,
                                                      {tmp_path / "docs" / "a.md"})] == [
        "docs/b.md — not tracked by git",
    ]
    assert [p.split(": ", 1)[1] for p in problems] == [
        "docs/missing.md — no such file",
        "docs/a.md#nope — no heading #nope",
        "docs/none.png — no such file",
        "../elsewhere.md — outside the repository",
    ]


def test_outside_pattern_catches_each_form() -> None:
    for line in ("see ../" + "shared/x.md", "the " + "shared" + "/spec" + " folder",
                 "Path('/" + "work/upstream')"):
        assert OUTSIDE.search(line), line
    assert not OUTSIDE.search("docs/semantics.md §5.6 and shared conventions")
