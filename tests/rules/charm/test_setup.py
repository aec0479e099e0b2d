"""Seats and setup (CHARM-1): decks, heroines, the coin, the opening hands and the mulligan."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.engine import Action, IllegalAction, Match
from rules.registry import get_ruleset

from .helpers import prepare, ruleset

DECK = ["lantern-page"] * 3 + ["tin-drummer"] * 3 + ["ember-moth"] * 3 + ["stage-hand"] * 3
DECK += ["encore-fan"] * 3 + ["bell-ringer"] * 3 + ["velvet-usher"] * 3 + ["ribbon-dancer"] * 3
DECK += ["moonlit-terrace"] * 3 + ["harbor-lights"] * 3


def test_charm_1_1_a_deck_is_30_cards_at_most_three_of_one_id_and_no_heroine() -> None:
    rules = ruleset()
    assert len(DECK) == 30
    explicit = rules.normalize_setup({"decks": [DECK, DECK], "heroines": ["aria-vale"] * 2})
    assert explicit["decks"] == [DECK, DECK]
    with pytest.raises(ValueError, match="a deck holds 30 cards"):
        rules.normalize_setup({"decks": [DECK[:29], DECK], "heroines": ["aria-vale"] * 2})
    with pytest.raises(ValueError, match="4 copies of 'lantern-page', at most 3"):
        rules.normalize_setup({"decks": [["lantern-page", *DECK[:3], *DECK[4:]], DECK]})
    with_heroine = ["lumi-hart", *DECK[1:]]
    with pytest.raises(ValueError, match="heroine is never in the deck"):
        rules.normalize_setup({"decks": [with_heroine, DECK], "heroines": ["aria-vale"] * 2})


def test_charm_1_1_each_player_brings_a_heroine_of_its_choice_face_up_unchecked_unrestricted() -> (
    None
):
    rules = ruleset()
    with pytest.raises(ValueError, match="heroines\\[0\\]: None is no heroine"):
        rules.normalize_setup({"decks": [DECK, DECK]})
    with pytest.raises(ValueError, match="'lantern-page' is no heroine"):
        rules.normalize_setup({"decks": [DECK, DECK], "heroines": ["lantern-page", "lumi-hart"]})
    setup = {"decks": ["spotlight", "curtain"], "heroines": ["lumi-hart", "sena-brook"]}
    match = Match.new(rules, 3, setup)
    for seat, heroine in ((0, "lumi-hart"), (1, "sena-brook")):
        [card] = match.view(None).players[seat].field
        assert card.card == heroine and card.kind == "heroine"
        assert not (card.checked or card.face_down or card.restricted)
    # A starter deck brings its own heroine when none is named.
    explicit = rules.normalize_setup({"decks": ["spotlight", "encore"]})
    assert explicit["heroines"] == ["aria-vale", "sena-brook"]


def test_charm_1_2_five_cards_each_a_seeded_coin_and_no_draw_for_the_first_on_turn_1() -> None:
    firsts = Counter()
    for seed in range(30):
        match = Match.new(ruleset(), seed)
        view = match.view(None)
        assert [p.hand_size for p in view.players] == [5, 5]
        firsts[view.first] += 1
        assert Match.new(ruleset(), seed).view(None).first == view.first  # seeded
    assert firsts[0] and firsts[1]
    match = Match.new(ruleset(), 4, {"first": 1})
    for seat in (0, 1):
        match.apply(seat, Action("mulligan", cards=[]))
    view = match.view(None)
    assert view.turn == 1 and view.turn_player == 1 and view.phase == "draw"
    assert [p.hand_size for p in view.players] == [5, 5]  # no draw on turn 1
    assert [p.deck_size for p in view.players] == [25, 25]


def test_charm_1_2_a_setup_may_name_the_first_seat_and_the_coin_still_falls() -> None:
    """The rematch rule (docs/rulings.md): the named seat goes first; the rest of the deal is
    the same as without it."""
    plain = Match.new(ruleset(), 8)
    coin = plain.view(None).first
    named = Match.new(ruleset(), 8, {"first": 1 - coin})
    assert named.view(None).first == 1 - coin
    assert [c.name for c in named.view(0).hand] == [c.name for c in plain.view(0).hand]
    with pytest.raises(ValueError, match="first: a seat from 0 to 1"):
        ruleset().normalize_setup({"first": 2})


def test_charm_1_3_exactly_two_seats() -> None:
    rules = ruleset()
    assert (rules.min_seats, rules.max_seats) == (2, 2)
    with pytest.raises(ValueError, match="exactly 2 players"):
        rules.normalize_setup({"seats": 3})


def test_charm_1_4_the_mulligan_is_secret_returns_0_to_5_and_shuffles_them_back() -> None:
    match = Match.new(ruleset(), 11, {"first": 0})
    assert match.pending() == (0, 1)
    [spec] = [s for s in match.legal_actions(0) if s.kind == "mulligan"]
    assert (spec.params[0].least, spec.params[0].most) == (0, 5)
    hand = [c.uid for c in match.view(0).hand]
    res = match.apply(0, Action("mulligan", cards=hand[:2]))
    # Seat 1 sees that seat 0 has chosen, not what.
    assert match.view(1).players[0].mulligan_done and match.view(1).players[0].returned is None
    assert all(s.public or s.audience == frozenset({0}) for s in res.steps)
    assert not any("cards" in e.data for s in res.steps_for(1) for e in s.events_for(1))
    assert {c.uid for c in match.view(0).hand if c.returning} == set(hand[:2])
    with pytest.raises(IllegalAction):
        match.apply(0, Action("mulligan", cards=[]))  # chosen once
    match.apply(1, Action("mulligan", cards=[]))
    view = match.view(0)
    kept = [c.uid for c in view.hand]
    assert kept[:3] == hand[2:] and len(kept) == 5
    assert not set(hand[:2]) & set(kept[3:])  # set aside while the new ones were drawn
    assert [p.returned for p in match.view(None).players] == [2, 0]
    deck = [c.uid for c in match.state.players[0].deck]
    assert set(hand[:2]) <= set(deck) and len(deck) == 25


def test_charm_1_4_setup_order_shuffle_heroines_coin_draw() -> None:
    """Two matches from one seed deal the same; the opening steps say who goes first, then
    the draws, each seat told only its own cards."""
    one, two = Match.new(ruleset(), 21), Match.new(ruleset(), 21)
    assert one.state_hash() == two.state_hash()
    captions = [s.caption for s in one.opening.steps if s.public]
    assert captions[0].startswith("The coin says") and "five cards" in captions[1]
    private = [s for s in one.opening.steps if not s.public]
    assert sorted(min(s.audience or {9}) for s in private) == [0, 1]


def test_charm_1_5_a_field_holds_any_number_of_cards() -> None:
    game = prepare()
    for _ in range(12):
        game.put(0, "lantern-page")
    game.set_pool(0, 1)
    card = game.give(0, "tin-drummer")
    assert game.specs(0, "play")
    game.play(card)  # seat 1, with nothing to answer with, is passed for (CHARM-13.2)
    assert len(game.field(0)) == 14


def test_the_registry_knows_charm() -> None:
    assert get_ruleset("charm").name == "charm"
