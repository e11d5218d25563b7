"""Project-root resolution (spec §8): which directory's ``.planning/`` a command works on.

This runs on every CLI call (``CliContext.root``), so it imports only ``json``, ``os`` and
``pathlib`` and touches the filesystem with plain ``os.path`` calls.

It is a line-by-line port of upstream ``findProjectRoot`` (gsd-core ``bin/lib/project-root.cjs``)
rather than a re-derivation from the prose, because the prose leaves out details the code pins:

* string comparisons on ``os.path.abspath`` forms (Node's ``path.resolve``: absolute and
  normalised, symlinks *not* resolved), and ``$HOME`` compared verbatim;
* the filesystem root's own ``.git`` is never looked at; its ``.planning`` can be a candidate;
* the top-level ``sub_repos`` key wins over ``planning.sub_repos`` unless it is ``null``/absent
  (JS ``??``), and only a JSON array counts;
* an unreadable or invalid ``config.json`` skips rules 1a/1b but not the ``.git`` rule 1c;
* rules 0 and 3 return ``start`` exactly as passed (upstream returns ``startDir`` unchanged).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from msd_desktop.core.common.safe_read import read_text

MAX_DEPTH = 10
"""Upstream ``FIND_PROJECT_ROOT_MAX_DEPTH``: how many ancestors each walk may visit."""


def _home(env: Mapping[str, str]) -> str:
    """Node's ``os.homedir()``: ``$HOME`` if set and non-empty, else the password database."""
    home = env.get("HOME")
    if home:
        return home
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError, AttributeError):  # pragma: no cover - non-POSIX
        return os.path.expanduser("~")


def _is_dir(path: str) -> bool:
    try:
        return os.path.isdir(path)
    except (OSError, ValueError):
        return False


def _exists(path: str) -> bool:
    try:
        return os.path.exists(path)
    except (OSError, ValueError):
        return False


def _reject_constant(name: str) -> Any:
    # JSON.parse rejects NaN / Infinity; so must we, or a file Node skips would match here.
    raise ValueError(name)


def _read_config(planning: str) -> Any:
    """Parse ``<planning>/config.json`` like ``JSON.parse(readFileSync(p, 'utf-8'))``.

    Raises ``OSError``/``ValueError`` where Node throws; invalid UTF-8 is replaced (as Node
    does) and a BOM is kept, which makes the parse fail as it does upstream.
    """
    raw = read_text(os.path.join(planning, "config.json"), "config")
    try:
        return json.loads(raw, parse_constant=_reject_constant)
    except RecursionError:  # absurd nesting: unusable like any invalid JSON, never a crash
        raise ValueError("JSON nesting is too deep to read") from None


def _sub_repos(config: Any) -> list[Any]:
    """``cfg.sub_repos ?? cfg.planning?.sub_repos``, kept only when it is an array."""
    if not isinstance(config, dict):
        return []
    value = config.get("sub_repos")
    if value is None:
        planning = config.get("planning")
        value = planning.get("sub_repos") if isinstance(planning, dict) else None
    return value if isinstance(value, list) else []


def _top_segment(ancestor: str, start: str) -> str:
    return os.path.relpath(start, ancestor).split(os.sep)[0]


def _claims(sub_repos: list[Any], segment: str) -> bool:
    # Array.prototype.includes: strict equality, so only an equal *string* matches.
    return any(isinstance(item, str) and item == segment for item in sub_repos)


def find_root(start: Path, env: Mapping[str, str] | None = None) -> Path:
    """Return the project root for ``start`` (spec §8, upstream ``findProjectRoot``).

    ``env`` supplies ``HOME`` (defaults to ``os.environ``). Never raises for filesystem
    problems: anything unreadable is treated as absent.
    """
    environ: Mapping[str, str] = os.environ if env is None else env
    try:
        resolved = os.path.abspath(os.fspath(start))
    except (OSError, ValueError):
        return start
    fs_root = os.path.splitdrive(resolved)[0] + os.sep
    home = _home(environ)

    # Rule 0: start already has .planning/ → it is the root, no walk-up.
    if _is_dir(os.path.join(resolved, ".planning")):
        return start

    def inside_git_repo(candidate_parent: str) -> bool:
        """Some directory from start up to ``candidate_parent`` (inclusive) has ``.git``."""
        d = resolved
        while d != fs_root:
            if _exists(os.path.join(d, ".git")):
                return True
            if d == candidate_parent:
                break
            nxt = os.path.dirname(d)
            if nxt == d:
                break
            d = nxt
        return False

    def nearest_git_root(frm: str, up_to: str) -> str | None:
        """Nearest directory from ``frm`` up to ``up_to`` (exclusive) that has ``.git``."""
        d = frm
        while d != fs_root:
            if d == up_to:
                break
            if _exists(os.path.join(d, ".git")):
                return d
            nxt = os.path.dirname(d)
            if nxt == d:
                break
            d = nxt
        return None

    # Rule 1: the main walk; never steps onto $HOME as a candidate parent.
    d = resolved
    depth = 0
    while d != fs_root and depth < MAX_DEPTH:
        parent = os.path.dirname(d)
        if parent in (d, home):
            break
        parent_planning = os.path.join(parent, ".planning")
        if _is_dir(parent_planning):
            matched = False
            try:
                config = _read_config(parent_planning)
            except (OSError, ValueError):
                config = None  # missing/unreadable/invalid → straight to the .git rule
            if isinstance(config, dict):
                # 1a: sub_repos claims start's first path segment below parent.
                subs = _sub_repos(config)
                if subs and _claims(subs, _top_segment(parent, resolved)):
                    return Path(parent)
                # 1b: legacy multiRepo flag plus any .git between start and parent.
                if config.get("multiRepo") is True and inside_git_repo(parent):
                    matched = True
            if matched:
                return Path(parent)
            # 1c: the .git heuristic, guarded against crossing into a nested child repo.
            if inside_git_repo(parent):
                if nearest_git_root(resolved, parent) is not None:
                    d = parent
                    depth += 1
                    continue
                found = _sub_repos_lookahead(parent, resolved, fs_root, home)
                return found if found is not None else Path(parent)
        d = parent
        depth += 1

    # Rule 2: last resort, the nearest ancestor with .planning/ (checked before $HOME stops it).
    d = resolved
    depth = 0
    while d != fs_root and depth < MAX_DEPTH:
        parent = os.path.dirname(d)
        if parent == d:
            break
        if _is_dir(os.path.join(parent, ".planning")):
            if nearest_git_root(resolved, parent) is not None:
                break
            return Path(parent)
        if parent == home:
            break
        d = parent
        depth += 1

    # Rule 3: nothing found.
    return start


def _sub_repos_lookahead(parent: str, start: str, fs_root: str, home: str) -> Path | None:
    """Rule 1c lookahead: an ancestor above ``parent`` whose ``sub_repos`` claims ``start``."""
    ancestor = os.path.dirname(parent)
    depth = 0
    while ancestor not in (fs_root, home) and depth < MAX_DEPTH:
        planning = os.path.join(ancestor, ".planning")
        if _is_dir(planning):
            try:
                config = _read_config(planning)
            except (OSError, ValueError):
                config = None
            # Upstream throws (and skips) on a JSON null config; other non-objects claim nothing.
            subs = _sub_repos(config)
            if subs and _claims(subs, _top_segment(ancestor, start)):
                return Path(ancestor)
        nxt = os.path.dirname(ancestor)
        if nxt == ancestor:
            break
        ancestor = nxt
        depth += 1
    return None
