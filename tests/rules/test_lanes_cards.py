"""One test per card of the shipped pool: each does what its generated rules text says.

Every test first reads the card's text, so a change of text (or of the data it is written from)
fails here until the test is checked again. ``test_every_card_has_a_test`` names any card that
lacks one.
"""

from __future__ import annotations

import pytest

from rules.lanes import ruleset

from .lanes_helpers import PLAIN, Scenario, prepare


def text(card_id: str) -> str:
    return ruleset().pool.cards[card_id].text


def played(
    card_id: str,
    location: int = 0,
    *,
    hands: tuple[list[str], list[str]] | None = None,
    board: list[tuple[int, str, int]] | None = None,
    locations: tuple[str, str, str] = PLAIN,
    seed: int = 1,
    energy: int = 10,
) -> Scenario:
    """Seat 0 plays ``card_id`` at ``location`` on turn 1, and both end the turn."""
    s = prepare(
        hands=hands or ([card_id], []),
        board=board or [],
        locations=locations,
        seed=seed,
        energy=energy,
    )
    s.play(0, card_id, location)
    s.end_turn_both()
    return s


# -- plain cards ----------------------------------------------------------------------------------

PLAIN_CARDS = ["moth-page", "brass-beetle", "tin-soldier", "stone-warden", "river-ogre",
               "iron-colossus"]  # fmt: skip


@pytest.mark.parametrize("card_id", PLAIN_CARDS)
def test_card_plain(card_id: str) -> None:
    card = ruleset().pool.cards[card_id]
    assert text(card_id) == ""
    s = prepare(hands=([card_id], []), energy=card.cost)
    s.play(0, card_id, 1)
    assert s.energy(0) == 0
    s.end_turn_both()
    assert s.at(1, 0) == [card_id]
    assert s.power(0, card_id) == card.power


# -- on reveal ------------------------------------------------------------------------------------


def test_card_lamplighter_gives_other_own_cards_here_1() -> None:
    assert text("lamplighter") == "On reveal: give your other cards here +1 power."
    s = played(
        "lamplighter",
        board=[(0, "moth-page", 0), (0, "brass-beetle", 1), (1, "tin-soldier", 0)],
    )
    assert [s.power(0, "moth-page"), s.power(0, "brass-beetle")] == [3, 3]
    assert [s.power(0, "lamplighter"), s.power(1, "tin-soldier")] == [1, 5]


def test_card_quill_scout_draws_a_card() -> None:
    assert text("quill-scout") == "On reveal: draw a card."
    s = prepare(hands=(["quill-scout"], []))
    s.set_deck_top(0, ["tin-soldier", "moth-page"])
    s.play(0, "quill-scout", 0)
    s.end_turn_both()
    assert s.hand(0) == ["tin-soldier", "moth-page"]  # its draw, then the turn's


def test_card_thorn_archer_gives_a_random_enemy_card_here_minus_2() -> None:
    assert text("thorn-archer") == "On reveal: give a random enemy card here -2 power."
    s = played("thorn-archer", board=[(1, "tin-soldier", 0), (1, "moth-page", 1)])
    assert [s.power(1, "tin-soldier"), s.power(1, "moth-page")] == [3, 2]


def test_card_thorn_archer_picks_among_enemy_cards_here_with_the_match_rng() -> None:
    hit = set()
    for seed in range(8):
        s = played("thorn-archer", seed=seed, board=[(1, "tin-soldier", 0), (1, "moth-page", 0)])
        hit.add((s.power(1, "tin-soldier"), s.power(1, "moth-page")))
    assert hit == {(3, 2), (5, 0)}


def test_card_bellringer_gives_other_own_cards_on_the_board_1() -> None:
    assert text("bellringer") == "On reveal: give your other cards on the board +1 power."
    s = played(
        "bellringer", board=[(0, "moth-page", 0), (0, "brass-beetle", 2), (1, "tin-soldier", 1)]
    )
    assert [s.power(0, "moth-page"), s.power(0, "brass-beetle")] == [3, 4]
    assert [s.power(0, "bellringer"), s.power(1, "tin-soldier")] == [3, 5]


def test_card_tide_caller_moves_the_strongest_enemy_card_here_away() -> None:
    assert (
        text("tide-caller") == "On reveal: move the strongest enemy card here to another location."
    )
    s = played("tide-caller", board=[(1, "moth-page", 0), (1, "tin-soldier", 0)])
    assert s.at(0, 1) == ["moth-page"]
    assert s.card(1, "tin-soldier").loc in (1, 2)


def test_card_rubble_mason_adds_rubble_to_the_enemy_side_of_each_other_location() -> None:
    assert (
        text("rubble-mason")
        == "On reveal: add a Rubble token to the enemy side of each other location."
    )
    s = played("rubble-mason", 1)
    assert [s.at(i, 1) for i in range(3)] == [["rubble"], [], ["rubble"]]
    assert [s.at(i, 0) for i in range(3)] == [[], ["rubble-mason"], []]
    assert s.power_at(0, 1) == 0  # a Rubble is cost 0, power 0: it only takes a slot
    assert ruleset().pool.cards["rubble"].token


def test_card_headhunter_destroys_the_weakest_enemy_card_here() -> None:
    assert text("headhunter") == "On reveal: destroy the weakest enemy card here."
    s = played(
        "headhunter", board=[(1, "tin-soldier", 0), (1, "moth-page", 0), (1, "lamplighter", 1)]
    )
    assert s.at(0, 1) == ["tin-soldier"]
    assert [c.defn.id for c in s.state.players[1].destroyed] == ["moth-page"]


def test_card_sapper_destroys_its_location_and_every_card_there() -> None:
    assert text("sapper") == "On reveal: destroy this location and every card here."
    s = played(
        "sapper",
        hands=(["sapper"], ["moth-page"]),
        board=[(0, "tin-soldier", 0), (1, "brass-beetle", 0)],
    )
    loc = s.state.locations[0]
    assert loc.destroyed and loc.sides == [[], []]
    assert {c.defn.id for c in s.state.players[0].destroyed} == {"sapper", "tin-soldier"}
    assert 0 not in {a["location"] for a in s.listed(1) if a.kind == "play"}


def test_card_hush_monk_stops_its_locations_ability() -> None:
    assert text("hush-monk") == "On reveal: this location's ability stops working."
    s = played(
        "hush-monk",
        board=[(0, "moth-page", 0)],
        locations=("sunken-market", "plain-center", "plain-right"),
    )
    assert s.state.locations[0].disabled
    assert [s.power(0, "moth-page"), s.power(0, "hush-monk")] == [2, 3]


def test_card_second_wind_gives_2_energy_next_turn() -> None:
    assert text("second-wind") == "On reveal: next turn you get +2 energy."
    s = played("second-wind", energy=2)
    assert [s.energy(0), s.energy(1)] == [2 + 2, 2]
    s.end_turn_both()
    assert s.energy(0) == 3  # for one turn only


def test_card_tinker_adds_two_sparks_to_the_hand() -> None:
    assert text("tinker") == "On reveal: add two Spark tokens to your hand."
    s = played("tinker")
    assert s.hand(0)[:2] == ["spark", "spark"]
    spark = ruleset().pool.cards["spark"]
    assert (spark.token, spark.cost, spark.power) == (True, 0, 1)
    s.set_energy(0, 0)
    s.play(0, "spark", 1)  # a Spark costs nothing and has 1 power
    s.end_turn_both()
    assert s.power(0, "spark") == 1


def test_card_pack_leader_gets_5_if_its_side_is_full() -> None:
    assert text("pack-leader") == "On reveal: +5 power if your side here is full."
    full = [(0, c, 0) for c in ("moth-page", "brass-beetle", "tin-soldier")]
    assert played("pack-leader", board=full).power(0, "pack-leader") == 11
    assert played("pack-leader", board=full[:2]).power(0, "pack-leader") == 6


def test_card_bargain_hunter_makes_a_random_card_in_hand_cost_2_less() -> None:
    assert text("bargain-hunter") == "On reveal: a random card in your hand costs 2 less."
    s = played("bargain-hunter", hands=(["bargain-hunter", "iron-colossus"], []))
    assert s.card(0, "iron-colossus").cost == 4
    s = played("bargain-hunter", hands=(["bargain-hunter", "moth-page"], []))
    assert s.card(0, "moth-page").cost == 0  # never below 0


def test_card_underdog_gets_3_if_not_winning_here() -> None:
    assert text("underdog") == "On reveal: +3 power if you are not winning here."
    assert played("underdog", board=[(1, "tin-soldier", 0)]).power(0, "underdog") == 5
    assert played("underdog", board=[(1, "moth-page", 1)]).power(0, "underdog") == 2


# -- ongoing --------------------------------------------------------------------------------------


def test_card_banner_bearer_gives_other_own_cards_here_1_while_in_play() -> None:
    assert text("banner-bearer") == "Ongoing: your other cards here have +1 power."
    s = played(
        "banner-bearer", board=[(0, "moth-page", 0), (0, "brass-beetle", 1), (1, "tin-soldier", 0)]
    )
    assert [s.power(0, "moth-page"), s.power(0, "brass-beetle")] == [3, 3]
    assert s.power(1, "tin-soldier") == 5
    assert s.power(0, "banner-bearer") == 2
    assert s.card(0, "moth-page").bonus == 0  # computed, not stored


def test_card_sulking_giant_gives_other_own_cards_here_minus_1() -> None:
    assert text("sulking-giant") == "Ongoing: your other cards here have -1 power."
    s = played("sulking-giant", board=[(0, "moth-page", 0), (1, "tin-soldier", 0)])
    assert [s.power(0, "sulking-giant"), s.power(0, "moth-page")] == [9, 1]
    assert s.power(1, "tin-soldier") == 5


def test_card_lone_wolf_gets_5_while_alone_here() -> None:
    assert text("lone-wolf") == "Ongoing: +5 power if this is your only card here."
    s = played("lone-wolf", board=[(1, "tin-soldier", 0)])
    assert s.power(0, "lone-wolf") == 7
    s.set_hand(0, ["moth-page"])
    s.play(0, "moth-page", 0)
    s.end_turn_both()
    assert s.power(0, "lone-wolf") == 2


def test_card_warlord_gives_other_own_cards_on_the_board_1() -> None:
    assert text("warlord") == "Ongoing: your other cards on the board have +1 power."
    s = played(
        "warlord", board=[(0, "moth-page", 1), (0, "brass-beetle", 2), (1, "tin-soldier", 0)]
    )
    assert [s.power(0, "moth-page"), s.power(0, "brass-beetle")] == [3, 4]
    assert [s.power(0, "warlord"), s.power(1, "tin-soldier")] == [8, 5]


def test_card_fog_weaver_gives_enemy_cards_here_minus_1() -> None:
    assert text("fog-weaver") == "Ongoing: enemy cards here have -1 power."
    s = played(
        "fog-weaver", board=[(1, "tin-soldier", 0), (1, "moth-page", 1), (0, "brass-beetle", 0)]
    )
    assert [s.power(1, "tin-soldier"), s.power(1, "moth-page")] == [4, 2]
    assert s.power(0, "brass-beetle") == 3


def test_card_night_owl_makes_its_owner_reveal_last() -> None:
    assert text("night-owl") == "Ongoing: your cards are revealed last."
    s = played("night-owl", board=[(0, "iron-colossus", 1)])  # seat 0 is winning
    assert s.state.first == 1
    (event,) = s.events("first_player")
    assert event.data["reason"] == "reveal_last"


# -- activate -------------------------------------------------------------------------------------


def _activated(card_id: str, board: list[tuple[int, str, int]]) -> Scenario:
    s = prepare(board=board)
    s.activate(0, card_id)
    s.end_turn_both()
    return s


def test_card_war_drummer_activates_to_give_other_own_cards_here_2() -> None:
    assert text("war-drummer") == "Activate (once per game): give your other cards here +2 power."
    s = _activated(
        "war-drummer", [(0, "war-drummer", 0), (0, "moth-page", 0), (0, "brass-beetle", 1)]
    )
    assert [s.power(0, "moth-page"), s.power(0, "brass-beetle")] == [4, 3]
    assert s.power(0, "war-drummer") == 2


def test_card_alchemist_activates_for_4_power() -> None:
    assert text("alchemist") == "Activate (once per game): +4 power."
    s = _activated("alchemist", [(0, "alchemist", 0)])
    assert s.power(0, "alchemist") == 8
    assert s.match.view(0).locations[0].sides[0].cards[0].used  # type: ignore[union-attr]


def test_card_saboteur_activates_to_stop_its_locations_ability() -> None:
    assert text("saboteur") == "Activate (once per game): this location's ability stops working."
    s = prepare(
        board=[(0, "saboteur", 0)], locations=("sunken-market", "plain-center", "plain-right")
    )
    assert s.power(0, "saboteur") == 2
    s.activate(0, "saboteur")
    s.end_turn_both()
    assert s.state.locations[0].disabled and s.power(0, "saboteur") == 1


# -- move -----------------------------------------------------------------------------------------


def test_card_drifter_can_move() -> None:
    assert text("drifter") == "Can move."
    s = prepare(board=[(0, "drifter", 0)])
    s.move(0, "drifter", 2)
    s.end_turn_both()
    assert s.at(2, 0) == ["drifter"] and s.power(0, "drifter") == 3


def test_card_wind_dancer_gets_2_each_time_it_moves() -> None:
    assert text("wind-dancer") == "Can move. When this moves: +2 power."
    s = prepare(board=[(0, "wind-dancer", 0)])
    s.move(0, "wind-dancer", 1)
    s.end_turn_both()
    s.move(0, "wind-dancer", 2)
    s.end_turn_both()
    assert s.power(0, "wind-dancer") == 6


def test_card_tumbleweed_draws_when_it_moves() -> None:
    assert text("tumbleweed") == "Can move. When this moves: draw a card."
    s = prepare(board=[(0, "tumbleweed", 0)])
    s.set_deck_top(0, ["tin-soldier", "moth-page"])
    s.move(0, "tumbleweed", 1)
    s.end_turn_both()
    assert s.hand(0) == ["tin-soldier", "moth-page"]


def test_card_tumbleweed_draws_when_an_enemy_ability_moves_it_too() -> None:
    # LANES-5.4 (docs/rulings.md): "When this moves" answers every move.
    s = prepare(hands=([], ["tide-caller"]), board=[(0, "tumbleweed", 0)])
    s.set_deck_top(0, ["tin-soldier"])
    s.play(1, "tide-caller", 0)
    s.end_turn_both()
    assert s.card(0, "tumbleweed").loc in (1, 2)
    assert s.hand(0)[0] == "tin-soldier"


# -- turn start and end of turn -------------------------------------------------------------------


def test_card_sapling_grows_2_at_each_turn_start_on_the_board() -> None:
    assert text("sapling") == "Turn start: +2 power."
    s = played("sapling")
    assert s.power(0, "sapling") == 2
    s.end_turn_both()
    assert s.power(0, "sapling") == 4


def test_card_ember_kiln_gives_own_cards_here_1_at_end_of_turn() -> None:
    assert text("ember-kiln") == "End of turn: give your cards here +1 power."
    s = played(
        "ember-kiln", board=[(0, "moth-page", 0), (0, "brass-beetle", 1), (1, "tin-soldier", 0)]
    )
    assert [s.power(0, "ember-kiln"), s.power(0, "moth-page")] == [2, 3]
    assert [s.power(0, "brass-beetle"), s.power(1, "tin-soldier")] == [3, 5]


def test_card_coin_hoarder_carries_unspent_energy_to_next_turn() -> None:
    assert text("coin-hoarder") == "End of turn: your unspent energy carries over to next turn."
    s = played("coin-hoarder", energy=4)  # 3 left after it
    assert [s.energy(0), s.energy(1)] == [2 + 3, 2]


def test_card_patient_sage_costs_1_less_each_turn_start_in_hand() -> None:
    assert text("patient-sage") == "Turn start, while in your hand: costs 1 less."
    s = prepare(hands=(["patient-sage"], []))
    s.until_turn(3)
    assert s.card(0, "patient-sage").cost == 4


def test_card_restless_ghost_grows_1_each_end_of_turn_in_hand() -> None:
    assert text("restless-ghost") == "End of turn, while in your hand: +1 power."
    s = prepare(hands=(["restless-ghost"], []))
    s.until_turn(3)
    s.set_hand(0, ["restless-ghost"])
    s.play(0, "restless-ghost", 0)
    s.end_turn_both()  # played: no longer in hand, it stops growing
    assert s.power(0, "restless-ghost") == 4


def test_card_stowaway_grows_1_each_turn_start_in_the_deck() -> None:
    assert text("stowaway") == "Turn start, while in your deck: +1 power."
    s = prepare(decks=(["stowaway"], []))
    s.set_deck_top(0, ["moth-page", "brass-beetle", "stowaway"])
    before = s.card(0, "stowaway").base_power
    s.until_turn(4)  # in the deck at the starts of turns 2, 3 and 4; drawn at turn 4
    assert s.hand(0)[-1] == "stowaway"
    assert s.card(0, "stowaway").base_power == before + 3


def test_card_deep_diver_costs_1_less_each_end_of_turn_in_the_deck() -> None:
    assert text("deep-diver") == "End of turn, while in your deck: costs 1 less."
    s = prepare(decks=(["deep-diver"], []))
    s.set_deck_top(0, ["moth-page", "brass-beetle", "deep-diver"])
    s.until_turn(4)  # in the deck at the ends of turns 1, 2 and 3; drawn at turn 4
    assert s.hand(0)[-1] == "deep-diver"
    assert s.card(0, "deep-diver").cost == 2


# -- game start -----------------------------------------------------------------------------------


def test_card_early_bird_starts_on_top_of_the_deck_and_draws_on_reveal() -> None:
    assert (
        text("early-bird")
        == "Game start: put this card on top of your deck. On reveal: draw a card."
    )
    s = prepare(decks=(["early-bird"], []), energy=None)
    assert s.hand(0)[0] == "early-bird"  # on top at turn 0: the first card of the opening hand
    s.set_energy(0, 2)
    top = s.deck(0)[0]
    s.play(0, "early-bird", 0)
    s.end_turn_both()
    assert top in s.hand(0)
    assert len(s.events("drew")) == 3  # its draw, then one each for turn 2


def test_card_swarm_queen_shuffles_two_larva_in_and_gives_other_own_cards_here_1() -> None:
    assert text("swarm-queen") == (
        "Game start: shuffle two Larva tokens into your deck. "
        "Ongoing: your other cards here have +1 power."
    )
    s = prepare(decks=(["swarm-queen"], []), board=[(0, "moth-page", 0)])
    assert (s.deck(0) + s.hand(0)).count("larva") == 2
    larva = ruleset().pool.cards["larva"]
    assert (larva.token, larva.cost, larva.power) == (True, 1, 2)
    s.set_hand(0, ["swarm-queen", "larva"])
    s.play(0, "swarm-queen", 0)
    s.play(0, "larva", 0)
    s.end_turn_both()
    assert [s.power(0, "moth-page"), s.power(0, "larva"), s.power(0, "swarm-queen")] == [3, 3, 3]


# -- face down, decoys and game end ---------------------------------------------------------------


def test_card_sealed_letter_is_played_face_down_and_turns_up_at_game_end() -> None:
    assert text("sealed-letter") == "Played face down; turns face up at game end."
    s = played("sealed-letter")
    assert s.power(0, "sealed-letter") == 0
    assert (
        s.match.view(1).locations[0].sides[0].cards[0]
        == s.match.view(None).locations[0].sides[0].cards[0]
    )
    assert s.match.view(0).locations[0].sides[0].cards[0].face_down  # type: ignore[union-attr]
    s.finish()
    assert s.power(0, "sealed-letter") == 8


def test_card_shell_twin_leaves_a_face_down_decoy_that_leaves_at_game_end() -> None:
    assert text("shell-twin") == (
        "Played face down; turns face up at game end. "
        "A face-down Decoy goes to another location; at game end the Decoy leaves."
    )
    s = played("shell-twin", 1)
    decoy = s.card(0, "decoy")
    assert decoy.loc in (0, 2) and not decoy.face_up
    assert s.card(0, "shell-twin").twin == decoy.uid
    assert ruleset().pool.cards["decoy"].token
    s.finish()
    assert decoy.loc == -1
    assert s.power(0, "shell-twin") == 9


def test_card_closing_act_gets_4_at_game_end_if_not_winning_here() -> None:
    assert text("closing-act") == "Game end: +4 power if you are not winning here."
    s = played("closing-act", board=[(1, "tin-soldier", 0)])
    assert s.power(0, "closing-act") == 3
    s.finish()
    assert s.power(0, "closing-act") == 7
    s = played("closing-act", board=[(1, "moth-page", 0)])
    s.finish()
    assert s.power(0, "closing-act") == 3


def test_card_curtain_call_gives_other_own_cards_here_2_at_game_end() -> None:
    assert text("curtain-call") == "Game end: give your other cards here +2 power."
    s = played("curtain-call", board=[(0, "moth-page", 0), (0, "brass-beetle", 1)])
    assert s.power(0, "moth-page") == 2
    s.finish()
    assert [s.power(0, "moth-page"), s.power(0, "brass-beetle")] == [4, 3]
    assert s.power(0, "curtain-call") == 5
