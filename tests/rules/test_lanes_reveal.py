"""LANES-5 (the reveal) and LANES-6 (turn end)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import Action, Match, replay
from rules.lanes import ruleset
from rules.registry import get_ruleset

from .lanes_helpers import LanesMatch, Scenario, prepare


def _first_player_event(s: Scenario) -> tuple[int, str]:
    (event,) = s.events("first_player")
    return event.data["seat"], event.data["reason"]


# -- LANES-5.1 ----------------------------------------------------------------------------------


def test_lanes_5_1_all_of_the_first_players_actions_resolve_before_the_others() -> None:
    s = prepare(hands=(["moth-page"], ["brass-beetle", "tin-soldier"]), first=1)
    s.play(0, "moth-page", 0)
    s.play(1, "brass-beetle", 0)
    s.play(1, "tin-soldier", 1)
    s.end_turn_both()
    reveals = [(e.data["seat"], e.data["name"]) for e in s.events("revealed")]
    assert reveals == [(1, "Brass Beetle"), (1, "Tin Soldier"), (0, "Moth Page")]


# -- LANES-5.2 ----------------------------------------------------------------------------------


def test_lanes_5_2_the_player_winning_more_locations_is_first() -> None:
    # Seat 0 wins two locations with little power; seat 1 one location with a lot.
    s = prepare(board=[(0, "moth-page", 0), (0, "brass-beetle", 1), (1, "iron-colossus", 2)])
    s.end_turn_both()
    assert _first_player_event(s) == (0, "locations")
    assert s.match.view(None).first == 0


def test_lanes_5_2_equal_locations_then_more_total_power_is_first() -> None:
    s = prepare(board=[(0, "moth-page", 0), (1, "iron-colossus", 2)])
    s.end_turn_both()
    assert _first_player_event(s) == (1, "power")


def test_lanes_5_2_equal_locations_and_power_then_a_seeded_coin_flip() -> None:
    firsts = set()
    for seed in range(6):
        s = prepare(seed=seed, board=[(0, "moth-page", 0), (1, "moth-page", 0)])
        s.end_turn_both()
        seat, reason = _first_player_event(s)
        assert reason == "coin"
        firsts.add(seat)
    assert firsts == {0, 1}


def test_lanes_5_2_at_turn_1_it_is_always_the_coin() -> None:
    s = prepare(first=None)
    events = [e for step in s.match.opening.steps for e in step.events if e.kind == "first_player"]
    assert [e.data["reason"] for e in events] == ["coin"]
    assert s.state.first == events[0].data["seat"]


def _opening(seed: int, **setup: Any) -> LanesMatch:
    return Match.new(ruleset(), seed, {"decks": ["embers", "roots"], **setup})


def test_lanes_5_2_a_setup_may_name_the_first_player_of_turn_1() -> None:
    """LANES-5.2, docs/rulings.md: a setup's ``first`` seat reveals first on turn 1 instead of
    the coin's (a rematch); the coin is still flipped, so naming the coin's own seat changes
    nothing, and the record replays."""
    for seed in range(6):
        coin = _opening(seed).state.first
        for first in (0, 1):
            match = _opening(seed, first=first)
            assert match.view(None).first == first
            assert match.setup["first"] == first
            (event,) = [
                e for s in match.opening.steps for e in s.events if e.kind == "first_player"
            ]
            assert (event.data["seat"], event.data["reason"]) == (first, "setup")
            assert (
                f"{{seat{first}}} reveals first on turn 1 (a rematch"
                in match.opening.steps[0].caption
            )
            if first == coin:
                assert match.state_hash() == _opening(seed).state_hash()
            assert replay(match.record(), get_ruleset).state_hash() == match.state_hash()


def test_lanes_5_2_without_a_first_seat_the_coin_decides_and_the_setup_says_nothing() -> None:
    """LANES-5.2: no ``first`` (or ``None``): the coin, as always; the explicit setup (what a
    record keeps) gains no ``first``."""
    firsts = {seed: _opening(seed).view(None).first for seed in range(10)}
    assert set(firsts.values()) == {0, 1}
    for seed, first in firsts.items():
        match = _opening(seed, first=None)
        assert "first" not in match.setup
        assert match.view(None).first == first
        assert match.opening.steps[0].caption.startswith("Decks shuffled. The coin says")


@pytest.mark.parametrize("bad", [2, -1, True, False, "0", 0.0, [0]])
def test_lanes_5_2_a_first_seat_that_is_not_a_seat_is_refused(bad: object) -> None:
    """LANES-5.2: ``first`` is a seat, 0 or 1 (``True`` is not seat 1)."""
    with pytest.raises(ValueError, match=r"setup: first: a seat from 0 to 1, not "):
        ruleset().normalize_setup({"first": bad})


def test_lanes_5_2_your_cards_are_revealed_last_overrides_everything() -> None:
    s = prepare(board=[(0, "night-owl", 0), (0, "iron-colossus", 1), (1, "moth-page", 2)])
    s.end_turn_both()
    assert _first_player_event(s) == (1, "reveal_last")


def test_lanes_5_2_revealed_last_on_both_sides_cancels_out() -> None:
    s = prepare(board=[(0, "night-owl", 0), (0, "iron-colossus", 1), (1, "night-owl", 2)])
    s.end_turn_both()
    assert _first_player_event(s) == (0, "locations")


# -- LANES-5.3 ----------------------------------------------------------------------------------


def test_lanes_5_3_moves_first_then_plays_and_activations_in_staged_order() -> None:
    """The example of the source, as written: play A, activate B, move C, play D resolves as
    C, A, B, D."""
    a, b, c, d = "moth-page", "alchemist", "drifter", "brass-beetle"
    s = prepare(hands=([a, d], []), board=[(0, b, 0), (0, c, 1)])
    s.play(0, a, 0)
    s.activate(0, b)
    s.move(0, c, 2)
    s.play(0, d, 0)
    s.end_turn_both()
    resolved = [
        e.data["name"]
        for r in s.last
        for step in r.steps
        for e in step.events
        if e.kind in ("moved", "revealed", "activated")
    ]
    assert resolved == ["Drifter", "Moth Page", "Alchemist", "Brass Beetle"]


def test_lanes_5_3_several_moves_resolve_in_the_order_they_were_staged() -> None:
    s = prepare(board=[(0, "tumbleweed", 0), (0, "drifter", 1), (0, "wind-dancer", 2)])
    s.move(0, "wind-dancer", 0)
    s.move(0, "tumbleweed", 1)
    s.move(0, "drifter", 2)
    s.end_turn_both()
    assert [e.data["name"] for e in s.events("moved")] == ["Wind Dancer", "Tumbleweed", "Drifter"]


# -- LANES-5.4 ----------------------------------------------------------------------------------


def test_lanes_5_4_on_reveal_resolves_when_the_card_comes_up_in_the_order() -> None:
    # Lamplighter buffs the Moth Page staged before it, not the Brass Beetle staged after it.
    s = prepare(hands=(["moth-page", "lamplighter", "brass-beetle"], []))
    s.play(0, "moth-page", 0)
    s.play(0, "lamplighter", 0)
    s.play(0, "brass-beetle", 0)
    s.end_turn_both()
    assert [s.power(0, "moth-page"), s.power(0, "brass-beetle")] == [3, 3]


def test_lanes_5_4_ongoing_applies_only_while_its_card_is_face_up_in_play() -> None:
    s = prepare(
        hands=([], ["headhunter"]), board=[(0, "banner-bearer", 0), (0, "moth-page", 0)], first=1
    )
    assert s.power(0, "moth-page") == 3
    s.play(1, "headhunter", 0)  # destroys the weakest enemy card here: Banner Bearer (2)
    s.end_turn_both()
    assert s.at(0, 0) == ["moth-page"]
    assert s.power(0, "moth-page") == 2


def test_lanes_5_4_a_card_played_face_down_stays_face_down_and_counts_0() -> None:
    s = prepare(hands=(["sealed-letter"], []))
    s.play(0, "sealed-letter", 0)
    s.end_turn_both()
    assert s.card(0, "sealed-letter").face_up is False
    assert s.power_at(0, 0) == 0
    assert s.events("revealed") == []


# -- LANES-5.5 ----------------------------------------------------------------------------------


def test_lanes_5_5_each_resolved_action_is_one_step_with_the_board_shown_after_it() -> None:
    s = prepare(hands=(["moth-page", "tin-soldier"], []), board=[(0, "drifter", 1)])
    s.play(0, "moth-page", 0)
    s.move(0, "drifter", 0)
    s.play(0, "tin-soldier", 0)
    s.end_turn(1)
    resolution = s.match.apply(0, Action("end_turn"), views=True)
    steps = [
        step
        for step in resolution.steps
        if any(e.kind in ("moved", "revealed") for e in step.events)
    ]
    assert len(steps) == 3
    shown = []
    for step in steps:
        assert step.views is not None
        shown.append(
            [getattr(c, "name", "?") for c in step.views[None].locations[0].sides[0].cards]
        )
    assert shown == [["Drifter"], ["Drifter", "Moth Page"], ["Drifter", "Moth Page", "Tin Soldier"]]


# -- LANES-6.1 ----------------------------------------------------------------------------------


def test_lanes_6_1_end_of_turn_abilities_resolve_locations_first_then_cards() -> None:
    s = prepare(
        board=[(0, "ember-kiln", 0)], locations=("greenhouse", "plain-center", "plain-right")
    )
    s.end_turn_both()
    captions = s.captions()
    greenhouse = next(i for i, c in enumerate(captions) if c.startswith("End of turn at Green"))
    kiln = next(i for i, c in enumerate(captions) if "'s Ember Kiln" in c)
    assert greenhouse < kiln
    assert s.power(0, "ember-kiln") == 1 + 1 + 1


def test_lanes_6_1_end_of_turn_cards_in_hand_and_deck_resolve_too() -> None:
    s = prepare(hands=(["restless-ghost"], []), decks=(["restless-ghost", "deep-diver"], []))
    s.set_deck_top(0, ["moth-page", "deep-diver"])
    s.end_turn_both()
    assert s.card(0, "restless-ghost").base_power == 3
    assert s.card(0, "deep-diver").cost == 4
