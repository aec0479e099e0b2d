"""One test per shipped location: each does what its generated rules text says (once revealed)."""

from __future__ import annotations

from rules.lanes import ruleset

from .lanes_helpers import Scenario, prepare


def text(location_id: str) -> str:
    return ruleset().pool.locations[location_id].text


def at_left(
    location_id: str,
    *,
    hands: tuple[list[str], list[str]] = ([], []),
    board: list[tuple[int, str, int]] | None = None,
    energy: int | None = 10,
) -> Scenario:
    """A scenario with ``location_id`` on the left: revealed from turn 1."""
    locations = (location_id, "plain-center", "plain-right")
    return prepare(locations=locations, hands=hands, board=board or [], energy=energy)


def test_location_sunken_market_gives_every_card_here_1() -> None:
    assert text("sunken-market") == "Cards here have +1 power."
    s = at_left(
        "sunken-market", board=[(0, "moth-page", 0), (1, "tin-soldier", 0), (0, "brass-beetle", 1)]
    )
    assert [s.power(0, "moth-page"), s.power(1, "tin-soldier")] == [3, 6]
    assert s.power(0, "brass-beetle") == 3


def test_location_gloom_marsh_gives_every_card_here_minus_1() -> None:
    assert text("gloom-marsh") == "Cards here have -1 power."
    s = at_left("gloom-marsh", board=[(0, "moth-page", 0), (1, "tin-soldier", 0)])
    assert [s.power(0, "moth-page"), s.power(1, "tin-soldier")] == [1, 4]


def test_location_clocktower_ends_the_game_after_turn_4() -> None:
    assert text("clocktower") == "The game ends after turn 4."
    s = at_left("clocktower")
    s.finish()
    assert s.state.turn == 4


def test_location_endless_night_makes_the_game_7_turns_long() -> None:
    assert text("endless-night") == "The game lasts 7 turns."
    s = at_left("endless-night")
    s.finish()
    assert s.state.turn == 7


def test_location_windy_bridge_lets_cards_here_move() -> None:
    assert text("windy-bridge") == "Cards here can move."
    s = at_left("windy-bridge", board=[(0, "moth-page", 0), (0, "brass-beetle", 1)])
    moves = {(a["card"], a["location"]) for a in s.listed(0) if a.kind == "move"}
    assert moves == {(s.card(0, "moth-page").uid, 1), (s.card(0, "moth-page").uid, 2)}
    s.move(0, "moth-page", 2)
    s.end_turn_both()
    assert s.at(2, 0) == ["moth-page"]


def test_location_frozen_lake_takes_no_plays() -> None:
    assert text("frozen-lake") == "Cards can't be played here."
    s = at_left("frozen-lake", hands=(["moth-page"], []), board=[(0, "drifter", 1)])
    assert {a["location"] for a in s.listed(0) if a.kind == "play"} == {1, 2}
    assert "can't be played" in s.rejects(0, "play", card=s.card(0, "moth-page").uid, location=0)
    s.move(0, "drifter", 0)  # moving there is allowed
    s.end_turn_both()
    assert s.at(0, 0) == ["drifter"]
    closed = [loc.closed for loc in s.match.view(None).locations]
    assert closed == [True, False, False]  # a picture can show the slots as closed


def test_location_lantern_field_adds_a_spark_to_each_hand_at_turn_start() -> None:
    assert text("lantern-field") == "Turn start: add a Spark token to each player's hand."
    s = at_left("lantern-field")
    s.end_turn_both()
    assert s.hand(0)[0] == "spark" and s.hand(1)[0] == "spark"


def test_location_greenhouse_gives_every_card_here_1_at_end_of_turn() -> None:
    assert text("greenhouse") == "End of turn: give every card here +1 power."
    s = at_left(
        "greenhouse", board=[(0, "moth-page", 0), (1, "tin-soldier", 0), (0, "brass-beetle", 1)]
    )
    s.end_turn_both()
    assert [s.power(0, "moth-page"), s.power(1, "tin-soldier")] == [3, 6]
    assert s.power(0, "brass-beetle") == 3


def test_location_old_library_lets_each_player_draw_when_revealed() -> None:
    assert text("old-library") == "When revealed: each player draws a card."
    s = prepare(locations=("plain-center", "old-library", "plain-right"))
    s.end_turn_both()  # revealed at turn 2: its draw, then the turn's
    assert [len(s.hand(0)), len(s.hand(1))] == [2, 2]


def test_location_spark_foundry_shuffles_a_spark_into_each_deck_at_game_start() -> None:
    assert text("spark-foundry") == "Game start: shuffle a Spark token into each player's deck."
    s = at_left("spark-foundry")
    for seat in (0, 1):
        cards = s.deck(seat) + s.hand(seat)
        assert len(cards) == 13 and cards.count("spark") == 1
    # LANES-1.6: still hidden at game start, so only the players hear of it, not the channel.
    (step,) = [st for st in s.match.opening.steps if "not yet revealed" in st.caption]
    assert step.audience == frozenset({0, 1}) and not step.visible_to(None)


def test_location_treasury_gives_each_player_1_energy_this_turn() -> None:
    assert text("treasury") == "Turn start: this turn each player gets +1 energy."
    s = at_left("treasury", energy=None)
    assert [s.energy(0), s.energy(1)] == [2, 2]
    s.end_turn_both()
    assert [s.energy(0), s.energy(1)] == [3, 3]


def test_location_armory_gives_every_card_here_2_when_revealed() -> None:
    assert text("armory") == "When revealed: give every card here +2 power."
    s = prepare(
        hands=(["moth-page"], ["brass-beetle"]), locations=("plain-center", "armory", "plain-right")
    )
    s.play(0, "moth-page", 1)  # played while it is still hidden
    s.play(1, "brass-beetle", 1)
    s.end_turn_both()
    assert [s.power(0, "moth-page"), s.power(1, "brass-beetle")] == [4, 5]
    # The reveal and its ability are one step, with one caption.
    (step,) = [st for r in s.last for st in r.steps if "Armory" in st.caption]
    assert {e.kind for e in step.events} >= {"location_revealed", "power"}


def test_lanes_2_2_a_location_disabled_while_hidden_turns_up_but_does_nothing() -> None:
    s = prepare(
        hands=(["hush-monk"], ["brass-beetle"]), locations=("plain-center", "armory", "plain-right")
    )
    s.play(0, "hush-monk", 1)  # "When revealed: disable this location", while it is still hidden
    s.play(1, "brass-beetle", 1)
    s.end_turn_both()  # turn 2: the Armory turns up, disabled
    assert s.state.locations[1].revealed and s.state.locations[1].disabled
    assert [s.power(0, "hush-monk"), s.power(1, "brass-beetle")] == [3, 3]
    (step,) = [st for r in s.last for st in r.steps if "Armory" in st.caption]
    assert step.caption.endswith("but it is disabled: its ability does nothing.")
    assert "power" not in {e.kind for e in step.events}


def test_lanes_2_2_a_location_destroyed_while_hidden_turns_up_but_does_nothing() -> None:
    s = prepare(hands=(["sapper"], []), locations=("plain-center", "old-library", "plain-right"))
    s.play(0, "sapper", 1)  # "When revealed: destroy this location", while it is still hidden
    s.end_turn_both()  # turn 2: the Old Library turns up, destroyed; only the turn's draw
    assert s.state.locations[1].revealed and s.state.locations[1].destroyed
    assert [len(s.hand(0)), len(s.hand(1))] == [1, 1]
    (step,) = [st for r in s.last for st in r.steps if "Old Library" in st.caption]
    assert step.caption.endswith("but it is destroyed: its ability does nothing.")


def test_location_quiet_square_does_nothing() -> None:
    assert text("quiet-square") == "No ability."
    s = at_left("quiet-square", board=[(0, "moth-page", 0)])
    s.end_turn_both()
    assert s.power(0, "moth-page") == 2
