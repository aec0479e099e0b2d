"""FANFARE-1: decks, the coin flip, the mulligan, the second player's double draw, evolving."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import Action, ArgValue, IllegalAction, Match, replay
from rules.fanfare import TIMEOUT
from rules.fanfare.state import FanfareState
from rules.registry import get_ruleset

from .helpers import prepare_game, ruleset


def _new(seed: int, decks: list[str] | None = None, **setup: Any) -> Match[FanfareState, Any]:
    return Match.new(ruleset(), seed, {"decks": decks or ["clockwork", "gravebloom"], **setup})


# -- FANFARE-1.1 decks -------------------------------------------------------------------------


def test_1_1_a_deck_is_40_cards_with_at_most_3_copies() -> None:
    """FANFARE-1.1: the setup takes starter decks by id or 40 card ids, at most 3 of a card."""
    rules = ruleset()
    deck = list(rules.pool.decks["emberwing"].cards)
    assert rules.normalize_setup({"decks": [deck, "tidewarden"]})["decks"][0] == deck
    with pytest.raises(ValueError, match="40 cards"):
        rules.normalize_setup({"decks": [deck[:-1], deck]})
    with pytest.raises(ValueError, match="4 copies of 'fireball'"):
        rules.normalize_setup({"decks": [[*deck[:-1], "fireball"], deck]})
    with pytest.raises(ValueError, match="'thornling' is a token, not a deck card"):
        rules.normalize_setup({"decks": [[*deck[:-1], "thornling"], deck]})
    with pytest.raises(ValueError, match="no starter deck 'nope'"):
        rules.normalize_setup({"decks": ["nope", deck]})
    with pytest.raises(ValueError, match="exactly 2 players"):
        rules.normalize_setup({"seats": 3})
    for starter in rules.pool.decks.values():
        assert len(starter.cards) == 40
        assert max(starter.cards.count(c) for c in starter.cards) <= 3


# -- FANFARE-1.2 coin flip and mulligan --------------------------------------------------------


def test_1_2_a_seeded_coin_flip_picks_the_first_player() -> None:
    """FANFARE-1.2: the same seed, the same first player; over seeds, both go first."""
    firsts = {seed: _new(seed).state.first for seed in range(40)}
    assert set(firsts.values()) == {0, 1}
    assert all(_new(seed).state.first == first for seed, first in firsts.items())


def test_1_2_a_setup_may_name_the_first_player() -> None:
    """FANFARE-1.2, docs/rulings.md: a setup's ``first`` seat goes first instead of the coin's
    (a rematch), with the first player's evolution points and single draw; the coin is still
    flipped, so the decks are shuffled and the hands dealt as without it, and naming the coin's
    own seat changes nothing."""
    for seed in range(6):
        coin = _new(seed)
        for first in (0, 1):
            match = _new(seed, first=first)
            state = match.state
            assert (match.view(None).first, state.turn_player, match.setup["first"]) == (first,) * 3
            assert state.players[first].ep == 2 and state.players[1 - first].ep == 3
            assert [[c.name for c in p.hand] for p in state.players] == [
                [c.name for c in p.hand] for p in coin.state.players
            ]
            (event,) = [
                e for s in match.opening.steps for e in s.events if e.kind == "first_player"
            ]
            assert (event.data["seat"], event.data["reason"]) == (first, "setup")
            caption = match.opening.steps[0].caption
            assert caption == f"{{seat{first}}} goes first (a rematch: the other seat first)."
            if first == coin.state.first:
                assert match.state_hash() == coin.state_hash()
            for seat in (first, 1 - first):
                match.apply(seat, Action("mulligan", cards=[]))
            assert match.pending() == (first,) and len(state.players[first].hand) == 4
            assert replay(match.record(), get_ruleset).state_hash() == match.state_hash()


def test_1_2_without_a_first_seat_the_coin_decides_and_the_setup_says_nothing() -> None:
    """FANFARE-1.2: no ``first`` (or ``None``): the coin, as always; the explicit setup (what a
    record keeps) gains no ``first``."""
    for seed in range(6):
        match = _new(seed, first=None)
        assert "first" not in match.setup and "first" not in _new(seed).setup
        assert match.state.first == _new(seed).state.first
        assert match.opening.steps[0].caption.startswith("The coin says")


@pytest.mark.parametrize("bad", [2, -1, True, False, "1", 1.0])
def test_1_2_a_first_seat_that_is_not_a_seat_is_refused(bad: object) -> None:
    """FANFARE-1.2: ``first`` is a seat, 0 or 1 (``True`` is not seat 1)."""
    with pytest.raises(ValueError, match=r"setup: first: a seat from 0 to 1, not "):
        ruleset().normalize_setup({"first": bad})


def test_1_2_each_draws_three_and_both_choose_at_once_in_secret() -> None:
    """FANFARE-1.2: three cards each; both seats are asked at once; a choice stays secret."""
    match = _new(5)
    assert match.pending() == (0, 1)
    assert [len(p.hand) for p in match.state.players] == [3, 3]
    (spec, concede) = match.legal_actions(0)
    assert spec.kind == "mulligan" and concede.kind == "concede"
    (param,) = spec.params
    assert (param.least, param.most, len(param.options)) == (0, 3, 3)
    chosen = tuple(c.uid for c in match.state.players[0].hand[:2])
    res = match.apply(0, spec.build(cards=list(chosen)))
    assert match.pending() == (1,) and [s.kind for s in match.legal_actions(0)] == ["concede"]
    assert all(e.to == frozenset({0}) for e in res.steps[0].events if "cards" in e.data)
    other = match.view(1)
    assert other.players[0].mulligan_done and other.players[0].returned is None
    assert match.state.players[0].hand[0].uid == chosen[0]  # nothing happens yet
    with pytest.raises(IllegalAction, match="already chosen"):
        match.apply(0, Action("mulligan", cards=[]))
    hand = [c.uid for c in match.state.players[1].hand]
    bad: tuple[ArgValue, ...] = ((hand[0], hand[0]), (999,), (True,), 5)
    for cards in bad:
        with pytest.raises(IllegalAction, match="each at most once"):
            match.apply(1, Action("mulligan", cards=cards))
    match.apply(1, Action("mulligan", cards=[hand[2], hand[0]]))  # any order
    assert match.view(0).players[1].returned == 2


def test_1_2_returned_cards_cannot_come_back_and_the_deck_is_shuffled() -> None:
    """FANFARE-1.2: the new cards come from the cards not returned; then the deck is shuffled
    (the returned cards end up anywhere in it)."""
    positions: set[int] = set()
    for seed in range(30):
        match = _new(seed)
        player = match.state.players[0]
        returned = tuple(c.uid for c in player.hand)
        match.apply(0, Action("mulligan", cards=returned))
        match.apply(1, Action("mulligan", cards=[]))
        hand = [c.uid for c in player.hand]
        assert not set(returned) & set(hand[:3])
        assert match.view(1).players[0].returned == 3
        positions.update(i for i, c in enumerate(player.deck) if c.uid in returned)
    assert min(positions) < 10 and max(positions) > 25


def test_1_2_the_mulligan_is_once_and_keeps_order_then_the_first_turn_starts() -> None:
    """FANFARE-1.2: kept cards stay in place, new ones join on the right; then turn 1."""
    match = _new(8)
    player = match.state.players[1]
    kept, back = player.hand[0], player.hand[1]
    match.apply(1, Action("mulligan", cards=[back.uid]))
    match.apply(0, Action("mulligan", cards=[]))
    assert match.state.phase == "main" and match.state.turn == 1
    assert match.pending() == (match.state.first,)
    assert player.hand[0] is kept and back not in player.hand[:3]


def test_1_2_running_out_of_time_keeps_every_card() -> None:
    """FANFARE-1.2: the clock's timeout during the mulligan returns nothing."""
    match = _new(3)
    hands = [[c.uid for c in p.hand] for p in match.state.players]
    match.apply(0, TIMEOUT)
    match.apply(1, TIMEOUT)
    assert [p.returned for p in match.state.players] == [0, 0]
    first = match.state.first
    assert [c.uid for c in match.state.players[1 - first].hand] == hands[1 - first]


# -- FANFARE-1.3 the second player's first draw -------------------------------------------------


def test_1_3_the_second_player_draws_two_as_one_draw() -> None:
    """FANFARE-1.3: on its first turn the second player draws two at once: both Fortune Tellers
    see a hand of five when they trigger, so both restore defence."""
    match = _new(4, ["clockwork", "clockwork"])
    for seat in (0, 1):
        match.apply(seat, Action("mulligan", cards=[]))
    state = match.state
    second = state.players[state.second]
    second.leader.damage = 6
    tellers = [c for c in second.deck if c.defn.id == "fortune-teller"]
    for card in tellers:
        second.deck.remove(card)
    second.deck[:0] = tellers
    res = match.apply(state.first, Action("end_turn"))
    assert len(second.hand) == 5 and second.leader.defence == 18
    drew = [i for i, e in enumerate(e for s in res.steps for e in s.events) if e.kind == "drew"]
    assert len(drew) == 2


def test_1_3_the_first_player_draws_one_each_turn_the_second_one_after_its_first() -> None:
    """FANFARE-1.3: only the second player's first draw is two cards."""
    match = _new(9)
    for seat in (0, 1):
        match.apply(seat, Action("mulligan", cards=[]))
    state = match.state
    assert len(state.players[state.first].hand) == 4
    match.apply(state.first, Action("end_turn"))
    assert len(state.players[state.second].hand) == 5
    match.apply(state.second, Action("end_turn"))
    match.apply(state.first, Action("end_turn"))
    assert len(state.players[state.second].hand) == 6


# -- FANFARE-1.4 evolution points and evolving --------------------------------------------------


def test_1_4_two_points_for_the_first_player_three_for_the_second() -> None:
    """FANFARE-1.4."""
    state = _new(2).state
    assert state.players[state.first].ep == 2 and state.players[state.second].ep == 3


@pytest.mark.parametrize(("first", "unlocked_at"), [(True, 5), (False, 4)])
def test_1_4_evolving_opens_on_the_fifth_or_fourth_turn(first: bool, unlocked_at: int) -> None:
    """FANFARE-1.4: the first player from its 5th turn, the second from its 4th."""
    game = prepare_game()
    game.state.first = 0 if first else 1
    knight = game.summon(0, "hearth-sprite")
    game.player(0).turns = unlocked_at - 1
    assert not any(s.kind == "evolve" for s in game.match.legal_actions(0))
    with pytest.raises(IllegalAction, match="cannot evolve yet"):
        game.evolve(knight)
    game.player(0).turns = unlocked_at
    assert game.match.view(0).players[0].can_evolve
    game.evolve(knight)
    assert game.stats(knight) == (3, 4)


def test_1_4_once_per_turn_and_it_may_attack_followers_at_once() -> None:
    """FANFARE-1.4: +2/+2; once per turn; an evolved follower played this turn may attack
    followers (not the leader) in that turn; points run out."""
    game = prepare_game()
    game.player(0).ep = 2
    fresh = game.summon(0, "hearth-sprite", fresh=True)
    other = game.summon(0, "hearth-sprite")
    foe = game.summon(1, "hearth-sprite")
    assert not any(
        s.kind == "attack" and s.fixed[0][1] == fresh.uid for s in game.match.legal_actions(0)
    )
    game.evolve(fresh)
    assert game.stats(fresh) == (3, 4) and game.player(0).ep == 1
    (spec,) = [s for s in game.match.legal_actions(0) if s.fixed == (("attacker", fresh.uid),)]
    assert [o.value for o in spec.params[0].options] == [foe.uid]
    with pytest.raises(IllegalAction, match="already evolved this turn"):
        game.evolve(other)
    game.attack(fresh, foe)
    game.pass_turn()
    game.evolve(other)
    game.pass_turn()
    with pytest.raises(IllegalAction, match="no evolution points"):
        game.evolve(game.summon(0, "hearth-sprite"))
