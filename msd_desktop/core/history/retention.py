"""What pruning keeps: a pure function over one file's entries, so it can be property-tested.

The rules: every entry of the last 14 days; then the newest entry of each (UTC) day up to 180
days; nothing older. Pinned or labelled entries are always kept, and so is a file's newest
entry. At most 200 entries per file: the oldest unprotected ones go first (pinned entries can
make a file go over, never lose one). The 50 MB cap over the whole store is applied by the
store (:func:`over_budget`), which knows the sizes of the shared snapshots.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

DAY = 86_400.0


class Policy(NamedTuple):
    """The limits; the defaults are the product's, tests pass smaller ones."""

    keep_all_days: float = 14
    daily_days: float = 180
    max_entries: int = 200
    max_total_bytes: int = 50 * 1024 * 1024
    max_file_bytes: int = 1024 * 1024


DEFAULT_POLICY = Policy()


class Dated(NamedTuple):
    """What retention needs of an entry."""

    id: str
    time: float
    protected: bool  # pinned or labelled


def retain(entries: Sequence[Dated], now: float, policy: Policy = DEFAULT_POLICY) -> set[str]:
    """The ids of ``entries`` (one file's) to keep at ``now``."""
    if not entries:
        return set()
    ordered = sorted(entries, key=lambda e: e.time)  # stable: the given order breaks ties
    newest = ordered[-1]
    keep = {e.id for e in ordered if e.protected}
    keep.add(newest.id)
    seen_days: set[int] = set()
    for entry in reversed(ordered):
        age = now - entry.time
        if age <= policy.keep_all_days * DAY:
            keep.add(entry.id)
        elif age <= policy.daily_days * DAY:
            day = int(entry.time // DAY)
            if day not in seen_days:
                keep.add(entry.id)
            seen_days.add(day)
    if len(keep) > policy.max_entries:
        droppable = [e for e in ordered if e.id in keep and not e.protected and e is not newest]
        for entry in droppable[:len(keep) - policy.max_entries]:
            keep.discard(entry.id)
    return keep


def over_budget(sizes: Iterable[int], policy: Policy = DEFAULT_POLICY) -> bool:
    """Whether snapshots of these sizes exceed the store's total cap."""
    return sum(sizes) > policy.max_total_bytes
