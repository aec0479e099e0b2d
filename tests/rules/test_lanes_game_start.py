"""LANES-1: turn 0, before turn 1 (shuffle, energy, game-start abilities, opening hands, decks,
hidden locations)."""

from __future__ import annotations

import pytest

from rules.engine import Match, replay
from rules.lanes import ruleset
from rules.registry import get_ruleset
from rules.simulate import random_match

from .lanes_helpers import PLAIN, LanesMatch, fill_deck, prepare, scenario_ruleset


def _opening(
    seed: int, locations: list[str] | None = None, decks: list[str | list[str]] | None = None
) -> LanesMatch:
    setup = {"decks": decks or ["roots", "embers"], "locations": locations or list(PLAIN)}
    return Match.new(scenario_ruleset(), seed, setup, views=True)


def _order(match: LanesMatch, seat: int) -> list[int]:
    player = match.state.players[seat]
    return [c.uid for c in player.hand + player.deck]


def test_lanes_1_1_decks_are_shuffled_by_the_seed() -> None:
    orders = {tuple(_order(_opening(seed), 0)) for seed in range(6)}
    assert len(orders) > 1  # the seed decides the order...
    assert _order(_opening(3), 0) == _order(_opening(3), 0)  # ...and the same seed, the same one
    dealt = sorted(_order(_opening(3), 0))
    assert _order(_opening(3), 0) != dealt  # not the deck list's order


def test_lanes_1_1_the_whole_match_replays_from_seed_and_actions() -> None:
    match = random_match(ruleset(), seed=77)
    assert replay(match.record(), get_ruleset).state_hash() == match.state_hash()


def test_lanes_1_2_maximum_energy_is_0_at_turn_0_and_1_at_turn_1() -> None:
    match = _opening(1)
    first_step = match.opening.steps[0]
    assert first_step.views is not None
    assert [p.max_energy for p in first_step.views[None].players] == [0, 0]
    assert [p.max_energy for p in match.view(None).players] == [1, 1]


def test_lanes_1_3_game_start_abilities_of_cards_and_locations_resolve() -> None:
    # Spark Foundry (a location) and Swarm Queen (a card in the deck) both act at turn 0.
    match = _opening(2, ["spark-foundry", "plain-center", "plain-right"], ["roots", "embers"])
    counts = [len(p.deck) + len(p.hand) for p in match.state.players]
    assert counts == [12 + 1 + 2, 12 + 1]  # Spark for each, two Larva for the Swarm Queen's owner
    kinds = [e.data.get("name") for s in match.opening.steps for e in s.events if e.kind == "added"]
    assert kinds == ["Spark", "Spark", "Larva"]  # the location first (LANES-2.3 order)


def test_lanes_1_3_a_shuffling_ability_shuffles_the_deck_again() -> None:
    # Swarm Queen adds two Larva to the deck and the deck is shuffled: they are not left at the
    # bottom, and where they end up depends on the seed.
    places = set()
    for seed in range(8):
        match = _opening(seed)
        deck = [c.defn.id for c in match.state.players[0].hand + match.state.players[0].deck]
        places.add(tuple(i for i, card_id in enumerate(deck) if card_id == "larva"))
    assert len(places) > 1
    assert any(place != (12, 13) for place in places)


def test_lanes_1_3_a_hidden_location_resolves_its_game_start_ability_unnamed() -> None:
    match = _opening(2, ["plain-center", "spark-foundry", "plain-right"])
    captions = [s.caption for s in match.opening.steps]
    assert any(c.startswith("A location not yet revealed:") for c in captions)
    assert not any("Spark Foundry" in c for c in captions)
    assert match.state.locations[1].revealed is False


def test_lanes_1_4_each_player_draws_an_opening_hand_of_3() -> None:
    match = _opening(5)
    opening = next(s for s in match.opening.steps if "opening hands" in s.caption)
    assert opening.views is not None
    assert [p.hand_size for p in opening.views[None].players] == [3, 3]
    assert [p.hand_size for p in match.view(None).players] == [4, 4]  # and turn 1's draw


def test_lanes_1_4_the_opening_hand_comes_from_the_top_of_the_deck() -> None:
    # Early Bird's game-start ability puts it on top, so it is always in the opening hand...
    deck = fill_deck(scenario_ruleset().pool, ["early-bird"])
    for seed in range(5):
        match = _opening(seed, decks=[deck, "embers"])
        assert [c.defn.id for c in match.state.players[0].hand[:1]] == ["early-bird"]


def test_lanes_1_3_game_start_abilities_resolve_deck_top_to_bottom() -> None:
    # ...unless a shuffle resolves after it: in Roots, Early Bird stays on top only when it lay
    # above the Swarm Queen, whose Larva shuffle comes later (docs/rulings.md, LANES-2.4 order).
    orders = set()
    for seed in range(8):
        match = _opening(seed)
        steps = [s for s in match.opening.steps if s.caption.startswith("Game start")]
        order = tuple(s.caption.split(": ")[1] for s in steps if s.visible_to(0))
        orders.add(order)
        if order == ("Swarm Queen (deck).", "Early Bird (deck)."):
            assert match.state.players[0].hand[0].defn.id == "early-bird"
    assert len(orders) == 2  # both orders happen, as the shuffle decides


def test_lanes_1_5_a_deck_is_12_cards_with_no_name_twice() -> None:
    rules = ruleset()
    embers = list(rules.pool.decks["embers"].cards)
    with pytest.raises(ValueError, match="12 cards"):
        rules.normalize_setup({"decks": [embers[:11], embers]})
    with pytest.raises(ValueError, match="'Moth Page' twice"):
        rules.normalize_setup({"decks": [[*embers[:11], "moth-page"], embers]})
    with pytest.raises(ValueError, match="'spark' is a token, not a deck card"):
        rules.normalize_setup({"decks": [[*embers[:11], "spark"], embers]})
    with pytest.raises(ValueError, match="no deck card 1"):
        rules.normalize_setup({"decks": [[1] * 12, embers]})
    for bad in (12, {"cards": embers}):
        with pytest.raises(ValueError, match="a starter deck id or a list of card ids"):
            rules.normalize_setup({"decks": [bad, embers]})


def test_lanes_1_5_there_is_no_mulligan() -> None:
    s = prepare()
    kinds = {spec.kind for spec in s.match.legal_actions(0)}
    assert "mulligan" not in kinds
    assert kinds <= {"play", "move", "activate", "reset", "end_turn", "snap", "retreat"}


def test_lanes_1_6_locations_are_revealed_left_center_right_on_turns_1_2_3() -> None:
    s = prepare(turn=1, energy=None)
    shown = []
    for _ in range(3):
        shown.append([loc.revealed for loc in s.match.view(None).locations])
        s.end_turn_both()
    assert shown == [[True, False, False], [True, True, False], [True, True, True]]


def test_lanes_1_6_a_hidden_location_is_absent_from_every_view_and_caption() -> None:
    s = prepare(hands=(["moth-page"], []), locations=("quiet-square", "sunken-market", "armory"))
    for seat in (None, 0, 1):
        hidden = s.match.view(seat).locations[2]
        assert (hidden.id, hidden.name, hidden.text) == (None, None, None)
        assert hidden.label == "Right (not yet revealed)"
    s.play(0, "moth-page", 2)
    s.end_turn_both()
    assert not any("Armory" in c for c in s.captions())
    assert "Moth Page at Right (not yet revealed)" in " ".join(s.captions())
