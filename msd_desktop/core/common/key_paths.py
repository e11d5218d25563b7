"""Dotted key paths (``workflow.research``) through the nested JSON objects of a config file.

Every reader and writer of a config walks keys the same way, so they live here once: a path
segment is an object's own key (never an inherited member, never an array index); a set creates
the parent objects it lacks and replaces a parent that is not an object; an unset removes the
leaf only, creating and pruning nothing, as upstream ``config-set`` does. Nothing here guards
against ``__proto__``: the setter refuses such keys before it writes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["get_path", "key_and_parents", "parent_keys", "set_path", "unset_path"]


def get_path(data: Mapping[str, Any], key: str) -> tuple[bool, Any]:
    """``(found, value)`` at ``key``; ``(False, None)`` when a segment is missing."""
    current: Any = data
    for part in key.split("."):
        if not isinstance(current, dict) or part not in current:
            return False, None
        current = current[part]
    return True, current


def set_path(data: dict[str, Any], key: str, value: Any) -> tuple[bool, Any]:
    """Set ``key`` to ``value`` in place; ``(was_there, previous)`` of the leaf.

    Missing parents become ``{}``; a parent holding a non-object is replaced by ``{}``.
    """
    *parents, leaf = key.split(".")
    node = data
    for part in parents:
        child = node.get(part)
        if not isinstance(child, dict):
            child = {}
            node[part] = child
        node = child
    was_there = leaf in node
    previous = node.get(leaf)
    node[leaf] = value
    return was_there, previous


def unset_path(data: dict[str, Any], key: str) -> tuple[bool, Any]:
    """Delete ``key`` in place (no parent created or pruned); ``(was_there, previous)``."""
    *parents, leaf = key.split(".")
    node: Any = data
    for part in parents:
        node = node.get(part) if isinstance(node, dict) else None
        if not isinstance(node, dict):
            return False, None
    if not isinstance(node, dict) or leaf not in node:
        return False, None
    return True, node.pop(leaf)


def parent_keys(key: str) -> list[str]:
    """The proper dotted prefixes of ``key``, outermost first (``a``, ``a.b`` for ``a.b.c``)."""
    parts = key.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def key_and_parents(key: str) -> Iterator[str]:
    """``key`` itself, then each enclosing key, innermost first (``a.b.c``, ``a.b``, ``a``)."""
    parts = key.split(".")
    for n in range(len(parts), 0, -1):
        yield ".".join(parts[:n])
