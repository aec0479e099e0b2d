"""No caption says more than its audience may know, in random play of every ruleset.

A caption may name a card (or a lanes location) only if the step's audience can see that name
anyway: in its view before the action or after this step or an earlier one, or in the events it
was shown. A seat may also be told about its own cards (its deck's game-start abilities, the
cards it draws). So a
public caption never names a card in a hand, a deck or face down, a location not yet revealed
(LANES-1.6, LANES-4.2), and a drawn card is named only to the seat that drew it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.engine import Match, Resolution, Rng, derive_seed
from rules.registry import RULESETS, get_ruleset
from rules.simulate import random_action

GAMES = 6


def _text(data: Any) -> str:
    return json.dumps(data, default=str, ensure_ascii=False)


def _names(match: Match[Any, Any]) -> set[str]:
    pool = match.ruleset.pool  # type: ignore[attr-defined]
    names = {card.name for card in pool.cards.values()}
    return names | {loc.name for loc in getattr(pool, "locations", {}).values()}


def _own(match: Match[Any, Any], seat: int | None) -> str:
    """Names of the seat's own cards, wherever they are (a seat knows its own deck); a ruleset
    without cards of a seat's own (a board game's) has none."""
    if seat is None:
        return ""
    cards = getattr(match.state, "cards", {}).values()
    return _text([card.defn.name for card in cards if card.owner == seat])


def _viewers(match: Match[Any, Any]) -> tuple[int | None, ...]:
    return (None, *range(match.seats))


def _check(
    match: Match[Any, Any], names: set[str], before: dict[int | None, str], res: Resolution
) -> None:
    for viewer in _viewers(match):
        seen = before[viewer] + _own(match, viewer)
        for step in res.steps_for(viewer):
            assert step.views is not None
            seen += _text(step.views[viewer].to_json())
            seen += _text([e.to_json() for e in step.events_for(viewer)])
            for name in names:
                assert name not in step.caption or name in seen, (
                    f"{match.ruleset.name}: {step.caption!r} names {name!r} to {viewer}"
                )


def _views(match: Match[Any, Any]) -> dict[int | None, str]:
    return {viewer: _text(match.view(viewer).to_json()) for viewer in _viewers(match)}


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_no_caption_names_what_its_audience_may_not_see(name: str) -> None:
    ruleset = get_ruleset(name)
    for game in range(GAMES):
        seed = derive_seed(11, f"captions-{game}")
        # Every seat's view after every step: the fewest seats a ruleset allows keep it quick.
        setup = {**ruleset.random_setup(Rng(seed)), "seats": ruleset.min_seats}
        match = Match.new(ruleset, seed, setup, views=True)
        names = _names(match)
        rng = Rng(derive_seed(seed, "policy"))
        while not match.over:
            seat = match.pending()[rng.below(len(match.pending()))]
            specs = [s for s in match.legal_actions(seat) if s.kind not in ("concede", "retreat")]
            before = _views(match)
            res = match.apply(seat, random_action(specs[rng.below(len(specs))], rng), views=True)
            _check(match, names, before, res)
