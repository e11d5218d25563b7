"""Per-key differences between two states of a config file (a snapshot, the file, a draft).

A document is flattened to its leaves by dotted key (objects are walked, lists and scalars are
values), so "3 keys differ" means three settings, not three lines. Secret values are masked
(:func:`~msd_desktop.core.secrets.masking.mask`): the file may still hold a plaintext key that
the history itself never stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from msd_desktop.core.history.redact import MARKER, secret_keys


class KeyChange(NamedTuple):
    """One key that differs: ``added``, ``removed`` or ``changed``."""

    key: str
    change: str
    before: Any
    after: Any

    def to_json(self) -> dict[str, Any]:
        """The change as ``msd history diff`` prints it."""
        return {"key": self.key, "change": self.change, "before": self.before,
                "after": self.after}


_ABSENT = object()


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """The leaves of a JSON object by dotted key (an empty object is a leaf too)."""
    if not isinstance(data, dict) or (prefix and not data):
        return {prefix: data} if prefix else {}
    out: dict[str, Any] = {}
    for key, value in data.items():
        out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    return out


def _shown(key: str, value: Any) -> Any:
    if key in secret_keys() and isinstance(value, str) and value not in ("", MARKER):
        from msd_desktop.core.secrets.masking import mask

        return mask(value)
    return value


def count_changes(old: Mapping[str, Any], new: Mapping[str, Any]) -> int:
    """How many keys :func:`diff` would list between two :func:`flatten` results (counted
    without building the changes: the timeline asks this for every row)."""
    count = sum(1 for key in new if key not in old)
    for key, a in old.items():
        b = new.get(key, _ABSENT)
        if b is _ABSENT or a != b or type(a) is not type(b):
            count += 1
    return count


def diff(before: Any, after: Any) -> list[KeyChange]:
    """What changes from ``before`` to ``after`` (documents; a non-object counts as empty)."""
    old, new = flatten(before if isinstance(before, dict) else {}), flatten(
        after if isinstance(after, dict) else {})
    changes: list[KeyChange] = []
    for key in [*old, *(k for k in new if k not in old)]:
        a, b = old.get(key, _ABSENT), new.get(key, _ABSENT)
        if a is _ABSENT:
            changes.append(KeyChange(key, "added", None, _shown(key, b)))
        elif b is _ABSENT:
            changes.append(KeyChange(key, "removed", _shown(key, a), None))
        elif a != b or type(a) is not type(b):
            changes.append(KeyChange(key, "changed", _shown(key, a), _shown(key, b)))
    return changes
