"""Retention: what pruning keeps, for random histories (a property test) and by example."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from msd_desktop.core.history.retention import DAY, Dated, Policy, retain

NOW = 2_000_000_000.0
POLICY = Policy(max_entries=20)


@st.composite
def histories(draw: st.DrawFn) -> list[Dated]:
    ages = draw(st.lists(st.floats(min_value=0, max_value=400 * DAY, allow_nan=False),
                         min_size=1, max_size=80))
    pins = draw(st.lists(st.booleans(), min_size=len(ages), max_size=len(ages)))
    return [Dated(f"e{i}", NOW - age, pin and i % 3 == 0) for i, (age, pin)
            in enumerate(zip(ages, pins, strict=True))]


@given(histories())
def test_retention_rules_hold_for_random_histories(entries: list[Dated]) -> None:
    keep = retain(entries, NOW, POLICY)
    newest = sorted(entries, key=lambda e: e.time)[-1]
    assert newest.id in keep
    assert {e.id for e in entries if e.protected} <= keep
    assert len(keep) <= max(POLICY.max_entries, sum(e.protected for e in entries) + 1)
    unprotected = [e for e in entries if e.id in keep and not e.protected and e is not newest]
    for e in unprotected:
        assert NOW - e.time <= POLICY.daily_days * DAY
    days = [int(e.time // DAY) for e in unprotected if NOW - e.time > POLICY.keep_all_days * DAY]
    assert len(days) == len(set(days))  # one per day past the first 14 days
    recent = [e for e in entries if NOW - e.time <= POLICY.keep_all_days * DAY]
    if len(entries) <= POLICY.max_entries:
        assert {e.id for e in recent} <= keep


def test_everything_recent_kept_then_one_per_day_then_nothing() -> None:
    entries = [Dated("recent-a", NOW - 1 * DAY, False), Dated("recent-b", NOW - 1 * DAY + 5,
                                                                 False),
               Dated("old-morning", NOW - 30 * DAY - 3600, False),
               Dated("old-evening", NOW - 30 * DAY, False),
               Dated("ancient", NOW - 300 * DAY, False),
               Dated("ancient-pinned", NOW - 301 * DAY, True)]
    keep = retain(entries, NOW)
    assert "recent-a" in keep
    assert "recent-b" in keep
    assert len({"old-morning", "old-evening"} & keep) == 1
    assert "ancient" not in keep
    assert "ancient-pinned" in keep


def test_the_cap_drops_the_oldest_but_never_the_newest_or_a_pinned_one() -> None:
    entries = [Dated(f"e{i}", NOW - i, i == 9) for i in range(10)]
    keep = retain(entries, NOW, Policy(max_entries=3))
    assert keep == {"e0", "e1", "e9"}
