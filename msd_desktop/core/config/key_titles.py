"""Readable titles for dotted config keys (``workflow.plan_check`` → "Plan check").

Why apart from the schema: the schema, the pattern editors and the JSON Schema export title
keys the same way, and a section's titles must stay distinct for the form (see
:func:`distinct_titles`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["distinct_titles", "title_for"]

#: How a word of a key is written in a title: acronyms in capitals, product and tool names
#: as their makers write them (``ai_integration_phase`` → "AI integration phase", not "Ai").
_TITLE_ACRONYMS: Final = {
    "md": "MD", "pr": "PR", "ui": "UI", "api": "API", "ci": "CI", "id": "ID", "ids": "IDs",
    "url": "URL", "mcp": "MCP", "llm": "LLM", "ai": "AI", "sdk": "SDK", "tdd": "TDD",
    "mvp": "MVP", "asvs": "ASVS", "json": "JSON", "cli": "CLI",
    "claude": "Claude", "github": "GitHub", "git": "Git", "codex": "Codex", "gemini": "Gemini",
    "opencode": "OpenCode", "kimi": "Kimi", "qwen": "Qwen", "jina": "Jina", "exa": "Exa",
}


def _humanise(segment: str) -> str:
    words = segment.replace("_", " ").replace("-", " ").split()
    words = [_TITLE_ACRONYMS.get(w.lower(), w) for w in words]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def title_for(key: str) -> str:
    """A readable title from a dotted key: the segments after the first, humanised."""
    segments = key.split(".")
    shown = segments[1:] if len(segments) > 1 else segments
    return " › ".join(w for w in (_humanise(s) for s in shown) if w)


def distinct_titles(keys: Sequence[tuple[str, str]]) -> dict[str, str]:
    """``title_for`` of each ``(key, section)``, made unique within a section.

    Why: the form lists a section's keys together, and two of them must not read the same
    (``mode`` and ``claude_md_assembly.mode`` were both "Mode"). A colliding dotted key takes
    its last two segments as one phrase ("Claude MD assembly mode"); if that still collides,
    every segment. A one-segment key keeps its plain title.
    """
    titles = {key: title_for(key) for key, _section in keys}
    by_title: dict[tuple[str, str], list[str]] = {}
    for key, section in keys:
        by_title.setdefault((section, titles[key]), []).append(key)
    taken = {(section, titles[key]) for key, section in keys}
    for (section, _title), group in by_title.items():
        if len(group) < 2:
            continue
        for key in group:
            segments = key.split(".")
            if len(segments) < 2:
                continue
            two = _humanise(" ".join(segments[-2:]))
            full = _humanise(" ".join(segments))
            titles[key] = two if (section, two) not in taken else full
            taken.add((section, titles[key]))
    return titles
