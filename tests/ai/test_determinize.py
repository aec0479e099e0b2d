"""Each ruleset's ``determinize(state, seat, rng)``: a state the seat cannot tell from the real
one, with what it cannot know drawn afresh, depending on what it knows alone."""

from __future__ import annotations

from typing import Any

import pytest

from rules.ai import has_cpu
from rules.engine import Action, Match, Rng, canonical
from rules.registry import RULESETS, get_ruleset
from rules.simulate import random_action
from tests.ai.positions import positions

NAMES = [n for n in sorted(RULESETS) if has_cpu(get_ruleset(n))]
"""The rulesets with a CPU player."""
DUELS = [n for n in NAMES if get_ruleset(n).max_seats == 2]
"""Those of two seats with hands of cards (esper's hidden things: ``test_determinize_esper``)."""


def _seats(match: Match[Any, Any]) -> range:
    return range(match.seats)


@pytest.mark.parametrize("name", NAMES)
def test_a_determinized_state_shows_the_seat_and_everyone_what_they_saw(name: str) -> None:
    ruleset = get_ruleset(name)
    for k, match in enumerate(positions(name, range(4), every=7)):
        for seat in _seats(match):
            dealt = ruleset.determinize(match.state, seat, Rng(k))
            assert ruleset.view(dealt, seat) == match.view(seat)
            assert ruleset.view(dealt, None) == match.view(None)
            assert ruleset.legal_actions(dealt, seat) == match.legal_actions(seat)


@pytest.mark.parametrize("name", NAMES)
def test_a_determinization_depends_on_what_the_seat_knows_alone(name: str) -> None:
    ruleset = get_ruleset(name)
    for k, match in enumerate(positions(name, range(3), every=5)):
        for seat in _seats(match):
            # Another state the seat cannot tell from this one: a determinization of it.
            other = ruleset.determinize(match.state, seat, Rng(1000 + k))
            one = ruleset.determinize(match.state, seat, Rng(k))
            two = ruleset.determinize(other, seat, Rng(k))
            assert canonical(one) == canonical(two)


@pytest.mark.parametrize("name", DUELS)
def test_the_other_seats_hand_is_dealt_again_and_chance_drawn_afresh(name: str) -> None:
    ruleset = get_ruleset(name)
    match = next(m for m in positions(name, range(1), every=9) if len(m.actions) >= 9)
    state = match.state
    real = sorted(card.defn.id for card in state.players[1].hand)
    hands = set()
    for k in range(20):
        dealt = ruleset.determinize(state, 0, Rng(k))
        hands.add(tuple(sorted(card.defn.id for card in dealt.players[1].hand)))
        assert dealt.rng.state != state.rng.state
    assert len(hands) > 1
    assert hands != {tuple(real)}


@pytest.mark.parametrize("name", NAMES)
def test_a_determinized_state_plays_on_to_the_end(name: str) -> None:
    ruleset = get_ruleset(name)
    invariants = getattr(ruleset, "invariants", None)
    for k, match in enumerate(positions(name, range(2), every=23)):
        for seat in _seats(match):
            dealt = ruleset.determinize(match.state, seat, Rng(k))
            play = Match(ruleset, match.seed, match.setup, dealt, match.opening, quiet=True)
            rng = Rng(k)
            for _ in range(20_000):
                pending = play.pending()
                if not pending:
                    break
                kinds = ruleset.kinds
                specs = [s for s in play.legal_actions(pending[0]) if not kinds[s.kind].always]
                play.apply(pending[0], random_action(specs[rng.below(len(specs))], rng))
                if invariants is not None:
                    assert invariants(play.state) == []
            assert play.over


@pytest.mark.parametrize("name", ["fanfare", "charm"])
def test_the_other_seats_secret_mulligan_is_drawn_again(name: str) -> None:
    ruleset = get_ruleset(name)
    match = Match.new(ruleset, 5, quiet=True)
    assert match.pending() == (0, 1)
    hand = [card.uid for card in match.state.players[1].hand]
    match.apply(1, Action("mulligan", cards=hand[:2]))
    chosen = set()
    for k in range(16):
        dealt = ruleset.determinize(match.state, 0, Rng(k))
        returned = dealt.mulligan.chosen(1, 1)
        assert set(returned) <= {card.uid for card in dealt.players[1].hand}
        chosen.add(returned)
        assert ruleset.view(dealt, 0) == match.view(0)
    assert len(chosen) > 2
    own = ruleset.determinize(match.state, 1, Rng(3))  # a seat knows its own choice
    assert own.mulligan.chosen(1, 1) == tuple(hand[:2])
