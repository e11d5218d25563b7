"""The ``agent_skills`` path check: a skill path must stay inside the project (reliability F1).

Why in the core: ``msd config-set agent_skills.<agent> …``, ``config_set_typed`` and the
window's Agent skills editor must refuse the same values with the same words.

Upstream (``gsd-core/bin/lib/init.cjs`` ``buildAgentSkillsBlock`` + ``security.cjs``
``validatePath``) stores any value and only *skips* unsafe entries when it builds an agent's
prompt. Its shapes, which MSD keeps:

* the value of ``agent_skills.<agent>`` is a string (one path) or an array of strings; any other
  shape, and non-string array items, are ignored by upstream with a warning (no path, nothing to
  escape), so they are not refused here;
* an entry ``global:<name>`` names a skill in the runtime's global skills dir, not a project
  path; ``<name>`` must match ``^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)*$`` (``:`` separates a plugin
  namespace). Where that dir lives depends on the runtime and is resolved when the skill is used;
* every other entry is a path relative to the project root that must resolve (following
  symlinks) inside the root; absolute paths are refused (``validatePath`` without
  ``allowAbsolute``).

``agent_skills_security.trusted_global_roots`` (upstream ``loadTrustedGlobalRoots``) only widens
the check for ``global:<name>`` skills whose ``SKILL.md`` in the global skills dir is a symlink
into one of those roots; upstream never lets a plain project path or an absolute path through
because of it, so neither does this module (a ``global:<name>`` entry is accepted whatever the
roots say, as upstream accepts it at config time).

MSD is stricter than ``validatePath`` in two harmless ways: any ``..`` segment is refused even
when the result would stay inside (``skills/../skills``), and so are ``~``-prefixed and
Windows-absolute (``C:``, ``\\\\server``) paths, so a config shared with another OS stays safe.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.text import Text

__all__ = [
    "GLOBAL_PREFIX",
    "validate_agent_skills_value",
    "validate_skill_path",
]

GLOBAL_PREFIX = "global:"
_GLOBAL_NAME_RE = lazy_re.compile(r"[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)*")
_DRIVE_RE = lazy_re.compile(r"[A-Za-z]:")


def _inside(base: str, target: str) -> bool:
    return target == base or target.startswith(base.rstrip(os.sep) + os.sep)


def validate_skill_path(root: Path, value: str) -> str | None:
    """Why one skill entry is refused (``..``, absolute, ``~``, a link out of the root), or None.

    ``root`` is the project root (the folder that holds ``.planning/``). The path need not exist;
    its existing part is resolved through symlinks (a dangling link is followed to its target).
    """
    if value.startswith(GLOBAL_PREFIX):
        name = value[len(GLOBAL_PREFIX):]
        if not _GLOBAL_NAME_RE.fullmatch(name):
            return Text.of(
                "Global skill '{value}' must be 'global:<name>' with a name of letters, digits, "
                "'-' or '_' (':' between plugin namespace parts).", value=value,
            )
        return None
    if not value:
        return Text.of("A skill path is empty.")
    if "\0" in value:
        return Text.of("Skill path {value!r} contains a NUL character.", value=value)
    if value.startswith("~"):
        return Text.of("Skill path '{value}' must be relative to the project (no '~' or "
                       "absolute paths).", value=value)
    if value.startswith(("/", "\\")) or _DRIVE_RE.match(value) or os.path.isabs(value):
        return Text.of("Skill path '{value}' must be relative to the project (no absolute "
                       "paths).", value=value)
    if any(part == ".." for part in re.split(r"[\\/]", value)):
        return Text.of("Skill path '{value}' must not contain '..'.", value=value)
    base = os.path.realpath(Path(root))
    target = os.path.realpath(os.path.join(base, value))
    if not _inside(base, target):
        return Text.of("Skill path '{value}' leads outside the project (through a symlink).",
                       value=value)
    return None


def validate_agent_skills_value(root: Path, value: Any) -> str | None:
    """The first refused entry of an ``agent_skills.<agent>`` value (string or list), else None.

    Shapes upstream ignores (numbers, booleans, objects, non-string list items) and the empty
    string (upstream: "no skills") carry no path and pass.
    """
    if isinstance(value, str):
        return validate_skill_path(root, value) if value else None
    if isinstance(value, list):
        for item in value:
            if isinstance(item, str) and item:
                error = validate_skill_path(root, item)
                if error:
                    return error
    return None
