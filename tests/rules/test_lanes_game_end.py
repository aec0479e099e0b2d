"""LANES-7 (the last-turn check) and LANES-8 (game end)."""

from __future__ import annotations

from .lanes_helpers import Scenario, prepare


def _play_at_turn(s: Scenario, turn: int, seat: int, card_id: str, location: int) -> None:
    s.until_turn(turn)
    s.set_hand(seat, [card_id])
    s.set_energy(seat, 10)
    s.play(seat, card_id, location)


# -- LANES-7 --------------------------------------------------------------------------------------


def test_lanes_7_1_the_game_ends_after_turn_6() -> None:
    s = prepare(energy=None)
    s.until_turn(6)
    assert not s.match.over
    s.end_turn_both()
    assert s.match.over and s.state.turn == 6
    assert s.match.legal_actions(0) == []


def test_lanes_7_2_a_4_turn_location_ends_the_game_after_turn_4() -> None:
    s = prepare(locations=("clocktower", "plain-center", "plain-right"))
    assert s.match.view(None).last_turn == 4
    s.finish()
    assert s.state.turn == 4


def test_lanes_7_2_if_it_is_disabled_by_the_end_of_turn_4_the_game_goes_on() -> None:
    s = prepare(decks=(["hush-monk"], []), locations=("clocktower", "plain-center", "plain-right"))
    _play_at_turn(s, 4, 0, "hush-monk", 0)
    s.end_turn_both()
    assert not s.match.over and s.state.turn == 5
    s.finish()
    assert s.state.turn == 6


def test_lanes_7_2_if_it_is_destroyed_by_the_end_of_turn_4_the_game_goes_on() -> None:
    s = prepare(decks=(["sapper"], []), locations=("clocktower", "plain-center", "plain-right"))
    _play_at_turn(s, 4, 0, "sapper", 0)
    s.end_turn_both()
    assert s.state.locations[0].destroyed and s.state.turn == 5


def test_lanes_7_3_a_7_turn_location_makes_a_turn_7() -> None:
    s = prepare(locations=("endless-night", "plain-center", "plain-right"))
    s.until_turn(7)
    assert not s.match.over
    s.finish()
    assert s.state.turn == 7


def test_lanes_7_3_if_it_is_disabled_by_the_end_of_turn_6_there_is_no_turn_7() -> None:
    s = prepare(
        decks=(["hush-monk"], []), locations=("endless-night", "plain-center", "plain-right")
    )
    _play_at_turn(s, 6, 0, "hush-monk", 0)
    s.end_turn_both()
    assert s.match.over and s.state.turn == 6
    # The last-turn doubling of LANES-9.2 was still owed: it happens at game end.
    assert s.state.stakes == 2
    assert any("was the last turn after all" in c for c in s.captions())


def test_lanes_7_4_with_both_the_4_turn_location_wins() -> None:
    s = prepare(locations=("endless-night", "clocktower", "plain-right"))
    assert s.match.view(None).last_turn == 7  # the Clocktower is not revealed yet
    s.end_turn_both()
    assert s.match.view(None).last_turn == 4
    s.finish()
    assert s.state.turn == 4


# -- LANES-8 --------------------------------------------------------------------------------------


def test_lanes_8_1_face_down_cards_turn_face_up_one_at_a_time_in_the_order_placed() -> None:
    s = prepare(decks=(["sealed-letter"], ["sealed-letter"]))
    s.put(1, "sealed-letter", 2, face_up=False)
    s.put(0, "sealed-letter", 0, face_up=False)
    s.finish()
    reveals = [(e.data["seat"], e.data["location"]) for e in s.events("revealed")]
    assert reveals == [(1, 2), (0, 0)]
    steps = [step for r in s.last for step in r.steps if "face-down card" in step.caption]
    assert len(steps) == 2  # one step each
    assert s.power(0, "sealed-letter") == 8


def test_lanes_8_1_a_face_down_card_destroyed_before_game_end_is_never_shown() -> None:
    s = prepare(decks=(["sealed-letter"], []), hands=([], ["sapper"]))
    s.put(0, "sealed-letter", 0, face_up=False)
    s.play(1, "sapper", 0)
    s.end_turn_both()
    for seat in (None, 1):
        shown = [e for r in s.last for step in r.steps_for(seat) for e in step.events_for(seat)]
        assert not any("Sealed Letter" in str(e.data) for e in shown)
    assert [e.data["location"] for e in s.events("destroyed_face_down")] == [0]
    (own,) = s.events("destroyed_face_down_card")
    assert own.to == frozenset({0}) and own.data["name"] == "Sealed Letter"


def test_lanes_8_1_decoy_pairs_reveal_left_center_right() -> None:
    s = prepare(hands=(["shell-twin"], ["shell-twin"]))
    s.play(0, "shell-twin", 2)
    s.play(1, "shell-twin", 1)
    s.end_turn_both()
    s.finish()
    pair_events = [
        (e.kind, e.data["seat"], e.data["location"])
        for r in s.last
        for step in r.steps
        for e in step.events
        if e.kind in ("decoy_removed", "revealed")
    ]
    assert len(pair_events) == 4
    assert [loc for _, _, loc in pair_events] == sorted(loc for _, _, loc in pair_events)
    assert {e for e in pair_events if e[0] == "revealed"} == {
        ("revealed", 0, 2),
        ("revealed", 1, 1),
    }
    for seat in (0, 1):
        assert s.card(seat, "shell-twin").face_up
        assert s.card(seat, "decoy").loc == -1


def test_lanes_8_2_game_end_abilities_resolve_before_the_winner_is_decided() -> None:
    # Without Closing Act's +4, seat 1 would win the left (5 to 3) and the center: 2 to 1.
    s = prepare(
        board=[
            (0, "closing-act", 0),
            (1, "tin-soldier", 0),
            (1, "moth-page", 1),
            (0, "brass-beetle", 2),
        ]
    )
    s.finish()
    result = s.match.result
    assert result is not None
    assert result.detail["leaders"] == [0, 1, 0]
    assert result.winners == (0,)
    assert s.power(0, "closing-act") == 7


def test_lanes_8_3_more_locations_wins() -> None:
    s = prepare(board=[(0, "moth-page", 0), (0, "brass-beetle", 1), (1, "iron-colossus", 2)])
    s.finish()
    result = s.match.result
    assert result is not None and result.winners == (0,) and result.reason == "locations"


def test_lanes_8_3_equal_locations_then_more_total_power_wins() -> None:
    s = prepare(board=[(0, "moth-page", 0), (1, "iron-colossus", 2)])
    s.finish()
    result = s.match.result
    assert result is not None and result.winners == (1,) and result.reason == "power"


def test_lanes_8_3_equal_locations_and_power_is_a_draw_that_moves_nothing() -> None:
    s = prepare(board=[(0, "moth-page", 0), (1, "moth-page", 1)])
    s.finish()
    result = s.match.result
    assert result is not None and result.draw and result.points == (0, 0)
