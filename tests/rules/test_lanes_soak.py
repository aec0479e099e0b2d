"""Lanes under random play: every listed action is accepted, invariants hold, replays match."""

from __future__ import annotations

from rules.registry import get_ruleset
from rules.simulate import simulate


def test_random_matches_replay_exactly() -> None:
    report = simulate(
        get_ruleset("lanes"), games=300, seed=2024, get_ruleset=get_ruleset, replay_every=1
    )
    assert report.failures == []
    assert report.games == report.replays == 300
    # Random play still ends every way a match can end.
    assert {"locations", "power", "retreat"} <= set(report.reasons)
