"""What an install baked into its agent files: the ``model`` and effort lines, read safely.

Why: Codex and OpenCode take no model at spawn time, so MSD's installer writes the model (and
Codex its ``model_reasoning_effort``) into each agent's static file; Claude's installer writes
an ``effort:`` frontmatter line. Those files keep what config said on the day of the install.
Reading them back is the only way to tell whether the runtime still runs what config says.

Where and how the installer writes them (upstream 1.11.0 ``bin/install.js`` and
``runtime-artifact-conversion``; MSD renames ``gsd-`` to ``msd-``):

* ``<config dir>/agents/msd-<name>.toml`` for Codex: top-level TOML keys ``model`` and
  ``model_reasoning_effort`` (both JSON-quoted strings) before ``developer_instructions``;
* ``<config dir>/agents/msd-<name>.md`` for OpenCode and Kilo: a ``model: <id>`` line in the
  YAML frontmatter (unquoted);
* ``<config dir>/agents/msd-<name>.md`` for Claude: an ``effort: <level>`` frontmatter line.

A file named ``gsd-<name>`` is read when the ``msd-`` one is absent (an install made before
the rename). Every file goes through the core's bounded reader (``safe_read``): a FIFO, a
device, a symlink to one, a directory or a file over the agent-file cap is *unreadable* with
the reader's message, never a hang and never read whole.
"""

from __future__ import annotations

import functools
import os
import re
import tomllib
from collections.abc import Mapping
from typing import NamedTuple

from msd_desktop.core.common.text import Text
from msd_desktop.core.models.catalog import legacy_agent_name

# runtime → agent file extension; the runtimes whose installs bake something per agent.
AGENT_FILE_EXT = {"claude": ".md", "codex": ".toml", "opencode": ".md", "kilo": ".md"}
BAKING_RUNTIMES = tuple(AGENT_FILE_EXT)

PRESENT = "present"
MISSING = "missing"
UNREADABLE = "unreadable"

# upstream injectEffortFrontmatter's pattern: the first ``---`` block at the top.
_FRONTMATTER_RE = re.compile(r"\A---\r?\n([\s\S]*?)^---\r?$", re.MULTILINE)
_LINE_RE = {key: re.compile(rf"^{key}:[ \t]*(.*?)[ \t]*\r?$", re.MULTILINE)
            for key in ("model", "effort")}


class InstalledAgent(NamedTuple):
    """One agent file of one install: what it bakes, or why it could not be read."""

    path: str
    status: str
    model: str | None = None
    effort: str | None = None
    problem: str | None = None


def agent_paths(install_dir: str, runtime: str, agent: str) -> list[str]:
    """Where the agent's file is: the ``msd-`` name, then the ``gsd-`` one."""
    ext = AGENT_FILE_EXT[runtime]
    folder = os.path.join(install_dir, "agents")
    names = [agent]
    legacy = legacy_agent_name(agent)
    if legacy is not None:
        names.append(legacy)
    return [os.path.join(folder, name + ext) for name in names]


def frontmatter_value(raw: str) -> str | None:
    """A frontmatter line's value as read back: blanks around it and one pair of quotes go."""
    value = raw.strip(" \t")
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1]
    return value or None


@functools.lru_cache(maxsize=256)  # kept by text, as parse_toml
def parse_markdown(text: str) -> tuple[str | None, str | None]:
    """``(model, effort)`` from an agent file's frontmatter (``None`` where a line is absent)."""
    match = _FRONTMATTER_RE.search(text)
    if match is None:
        return None, None
    front = match.group(1)
    found = {key: frontmatter_value(m.group(1)) for key, rx in _LINE_RE.items()
             if (m := rx.search(front))}
    return found.get("model"), found.get("effort")


# The TOML the installer writes, read without the general parser: a project's own install
# holds one file per agent, every listed project's summary counts its stale ones, and
# tomllib's general machinery was the larger part of that count. ASCII control characters
# other than tab, and DEL, are never valid inside a TOML string.
_BARE_KEY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_CONTROL = frozenset(chr(i) for i in range(32) if i != 9) | {"\x7f"}
_BLANKS = " \t"


def _plain_string(value: str, multiline: bool = False) -> bool:
    """No character TOML refuses in a string (newlines allowed in a multi-line one)."""
    if multiline:
        value = value.replace("\n", "")
    # printable text has no control character; else look at each character
    return value.replace("\t", "").isprintable() or not any(c in _CONTROL for c in value)


def simple_toml(text: str) -> dict[str, str] | None:
    """The installer's TOML shape, exactly as ``tomllib`` reads it, or None (not certain).

    Accepted: ``\\n`` line breaks, blank lines, ``bare-key = "basic string"`` (no ``\\`` or
    ``"`` inside) and ``bare-key = '''`` opening a multi-line literal string whose closing
    ``'''`` ends its line; no key twice. Anything else (comments, tables, escapes, numbers,
    CR, leading blanks, a key twice…) is None: the caller asks ``tomllib``, which also words
    the error of a file that is not TOML. A property test checks the answers against it.
    """
    if "\r" in text:
        return None
    out: dict[str, str] = {}
    pos, size = 0, len(text)
    while pos < size:
        end = text.find("\n", pos)
        end = size if end < 0 else end
        line = text[pos:end]
        pos = end + 1
        if not line.strip(_BLANKS):
            continue
        key, eq, value = line.partition("=")
        key, value = key.rstrip(_BLANKS), value.lstrip(_BLANKS)
        if (not eq or not key or key in out or not _BARE_KEY.issuperset(key)):
            return None
        if value.startswith('"'):
            close = value.find('"', 1)
            inner = value[1:close]
            if close < 0 or "\\" in inner or value[close + 1:].strip(_BLANKS) \
                    or not _plain_string(inner):
                return None
            out[key] = inner
        elif value == "'''" and end < size:  # the newline after the opening is trimmed
            close = text.find("'''", pos)
            if close < 0 or text[close + 3:close + 4] == "'":
                return None
            after = text.find("\n", close + 3)
            after = size if after < 0 else after
            inner = text[pos:close]
            if text[close + 3:after].strip(_BLANKS) or not _plain_string(inner, True):
                return None
            out[key] = inner
            pos = after + 1
        else:
            return None
    return out


# Why kept by text: a project's own install holds some thirty agent files, and the projects
# installed by one release with one config hold the same texts, so a cold load of many
# projects parsed each text once per project. The answer is a pair of strings (immutable);
# a text that is not TOML raises again each time (errors are not kept).
@functools.lru_cache(maxsize=256)
def parse_toml(text: str) -> tuple[str | None, str | None]:
    """``(model, model_reasoning_effort)`` of a Codex agent file; ``ValueError`` if not TOML."""
    data: Mapping[str, object] | None = simple_toml(text)
    if data is None:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ValueError(Text.of("not valid TOML: {error}", error=str(exc))) from exc
    model, effort = data.get("model"), data.get("model_reasoning_effort")
    return (model if isinstance(model, str) else None), (
        effort if isinstance(effort, str) else None)


def read_installed_agent(install_dir: str, runtime: str, agent: str) -> InstalledAgent:
    """The baked model and effort of one agent's file in one install. Never raises."""
    from msd_desktop.core.common.safe_read import UnsafeFileError, read_text

    paths = agent_paths(install_dir, runtime, agent)
    for path in paths:
        try:
            text = read_text(path, "markdown")
        except FileNotFoundError:
            if os.path.islink(path):
                return InstalledAgent(path, UNREADABLE, problem=Text.of(
                    "{path} is a link to nothing", path=path))
            continue
        except UnsafeFileError as exc:
            return InstalledAgent(path, UNREADABLE, problem=exc.message)
        except (OSError, ValueError) as exc:
            error = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            return InstalledAgent(path, UNREADABLE, problem=Text.of(
                "{path}: {error}", path=path, error=error))
        try:
            model, effort = (parse_toml(text) if runtime == "codex" else parse_markdown(text))
        except ValueError as exc:
            return InstalledAgent(path, UNREADABLE, problem=Text.of(
                "{path}: {problem}", path=path, problem=exc.args[0]))
        return InstalledAgent(path, PRESENT, model, effort)
    return InstalledAgent(paths[0], MISSING)
