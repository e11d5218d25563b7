"""The key patterns: which leaves a group holds (the form's family editors ask this)."""

from __future__ import annotations

from msd_desktop.core.config.key_patterns import dynamic_patterns, leaves_under, match_dynamic


def test_leaves_under_a_group_with_their_tails() -> None:
    tails = {tuple(tail) for _leaf, tail in leaves_under("dynamic_routing")}
    assert (("lit", "max_escalations"),) in tails
    assert (("lit", "tier_models"), ("enum", ("light", "standard", "heavy"))) in tails
    assert len(tails) == 5


def test_leaves_under_a_dotted_group() -> None:
    found = list(leaves_under("effort.routing_tier_defaults"))
    assert [tail for _leaf, tail in found] == [(("enum", ("light", "standard", "heavy")),)]


def test_no_leaves_under_an_unknown_or_partial_group() -> None:
    assert list(leaves_under("nothing")) == []
    assert list(leaves_under("dynamic")) == []


def test_every_leaf_is_under_its_own_literal_head() -> None:
    for pattern in dynamic_patterns():
        for leaf in pattern.leaves:
            head = []
            for kind, value in leaf.segments:
                if kind != "lit":
                    break
                head.append(value)
            if head:
                assert leaf in [found for found, _tail in leaves_under(".".join(head))]
    assert match_dynamic("models.planning") is not None
