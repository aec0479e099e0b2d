"""``rules.engine.clone``: a copy of a state to play on, equal to it and sharing nothing that
changes (a CPU plays hundreds of these per decision)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, NamedTuple

import pytest

from rules.engine import Action, Match, canonical, clone
from rules.registry import RULESETS, get_ruleset
from rules.simulate import random_match
from tests.engine.toy import Toy


def _halfway(name: str, seed: int) -> tuple[Match[Any, Any], Match[Any, Any]]:
    """A whole random match, and the same match replayed to its middle."""
    ruleset = get_ruleset(name)
    whole = random_match(ruleset, seed)
    half = Match.new(ruleset, seed, whole.setup, quiet=True)
    for seat, action in whole.actions[: len(whole.actions) // 2]:
        half.apply(seat, action)
    return whole, half


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_clone_is_the_state_and_plays_on_as_the_state_would(name: str) -> None:
    whole, half = _halfway(name, 11)
    before = half.state_hash()
    copy = Match(half.ruleset, half.seed, half.setup, clone(half.state), half.opening, quiet=True)
    assert copy.state_hash() == before
    for seat, action in whole.actions[len(half.actions) :]:
        copy.apply(seat, action)
    assert copy.state_hash() == whole.state_hash()
    assert half.state_hash() == before  # the original did not move


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_a_clone_shares_the_card_pool_and_definitions_but_nothing_that_changes(name: str) -> None:
    _, half = _halfway(name, 12)
    state = half.state
    copy = clone(state)
    assert copy.pool is state.pool
    assert copy.rng is not state.rng and copy.rng.state == state.rng.state
    assert copy.players[0] is not state.players[0]
    for uid, card in getattr(state, "cards", {}).items():  # a ruleset's table of cards
        assert copy.cards[uid] is not card
        assert copy.cards[uid].defn is card.defn


def test_a_card_in_a_zone_and_in_the_table_of_cards_is_still_one_card() -> None:
    _, half = _halfway("fanfare", 13)
    copy = clone(half.state)
    for player in copy.players:
        for card in player.hand + player.deck + player.board:
            assert copy.cards[card.uid] is card


def test_a_toy_state_with_plain_attributes_is_copied_too() -> None:
    match = Match.new(Toy(), 3, {"counters": 9})
    copy = clone(match.state)
    assert canonical(copy) == canonical(match.state) and copy is not match.state
    copy.hidden.append(5)
    assert match.state.hidden != copy.hidden


class _Pair(NamedTuple):
    name: str
    items: list[int]


class _Slots:
    __slots__ = ("a", "b")


@dataclass(frozen=True)
class _Value:
    items: tuple[int, ...]


def test_values_are_shared_and_what_holds_something_that_changes_is_copied() -> None:
    action = Action("play", card=3)
    value = _Value((1, 2))
    plain = ("a", 1, action)
    holding = _Pair("x", [1])
    thing = _Slots()
    thing.a = [holding, holding, deque([1], maxlen=3), {1: {2}}, plain, value]  # b never set
    copy = clone(thing)
    items = copy.a
    assert items is not thing.a
    assert items[0] is items[1] and items[0] is not holding and items[0] == holding
    assert items[0].items is not holding.items
    assert items[2] == deque([1]) and items[2].maxlen == 3
    assert items[3] == {1: {2}} and items[3][1] is not thing.a[3][1]
    assert items[4] is plain and items[5] is value
    assert not hasattr(copy, "b")
    assert canonical(items) == canonical(thing.a)
