"""LANES-4: staging, simultaneous and hidden (play, move, activate, undo, end turn, time limit,
and what happens to a staged action that is no longer legal when it resolves)."""

from __future__ import annotations

from dataclasses import asdict

from rules.engine import Action
from rules.lanes import TIMEOUT

from .lanes_helpers import prepare

# -- LANES-4.1 (a): play ----------------------------------------------------------------------


def test_lanes_4_1_a_play_pays_the_cost_from_available_energy() -> None:
    s = prepare(hands=(["tin-soldier"], []), energy=5)
    s.play(0, "tin-soldier", 0)
    assert s.energy(0) == 2
    assert s.hand(0) == []


def test_lanes_4_1_a_a_card_costing_more_than_is_left_is_neither_offered_nor_accepted() -> None:
    s = prepare(hands=(["tin-soldier", "moth-page"], []), energy=3)
    s.play(0, "moth-page", 0)
    uid = s.card(0, "tin-soldier").uid
    assert not any(a.kind == "play" and a["card"] == uid for a in s.listed(0))
    assert "Not enough energy" in s.rejects(0, "play", card=uid, location=1)


def test_lanes_4_1_a_only_into_a_free_slot_counting_staged_plays() -> None:
    s = prepare(
        hands=(["moth-page", "lamplighter"], []),
        board=[(0, "brass-beetle", 0), (0, "tin-soldier", 0), (0, "stone-warden", 0)],
    )
    s.play(0, "moth-page", 0)  # the fourth card
    uid = s.card(0, "lamplighter").uid
    assert "full (4 cards)" in s.rejects(0, "play", card=uid, location=0)
    assert {a["location"] for a in s.listed(0) if a.kind == "play"} == {1, 2}


def test_lanes_4_1_a_a_slot_freed_by_a_staged_move_takes_a_play() -> None:
    # Moves resolve first (LANES-5.3), so a full side whose card is moving away has room.
    full = [(0, c, 0) for c in ("drifter", "brass-beetle", "tin-soldier", "stone-warden")]
    s = prepare(hands=(["moth-page"], []), board=full)
    uid = s.card(0, "moth-page").uid
    assert "full (4 cards)" in s.rejects(0, "play", card=uid, location=0)
    s.move(0, "drifter", 1)
    s.play(0, "moth-page", 0)
    s.end_turn_both()
    assert s.at(0, 0) == ["brass-beetle", "tin-soldier", "stone-warden", "moth-page"]


def test_lanes_4_1_a_only_from_the_own_hand() -> None:
    s = prepare(hands=(["moth-page"], ["moth-page"]), board=[(0, "tin-soldier", 0)])
    theirs = s.card(1, "moth-page").uid
    assert "not in your hand" in s.rejects(0, "play", card=theirs, location=0)
    on_board = s.card(0, "tin-soldier").uid
    assert "not in your hand" in s.rejects(0, "play", card=on_board, location=1)
    mine = s.card(0, "moth-page").uid
    assert "Pick a location" in s.rejects(0, "play", card=mine, location=3)


# -- LANES-4.1 (b): move ----------------------------------------------------------------------


def test_lanes_4_1_b_a_face_up_card_that_can_move_may_move() -> None:
    s = prepare(board=[(0, "drifter", 0), (0, "moth-page", 0)])
    drifter, moth = s.card(0, "drifter").uid, s.card(0, "moth-page").uid
    assert {a["location"] for a in s.listed(0) if a.kind == "move" and a["card"] == drifter} == {
        1,
        2,
    }
    assert "can't move" in s.rejects(0, "move", card=moth, location=1)


def test_lanes_4_1_b_any_card_at_a_location_that_allows_moves_may_move() -> None:
    s = prepare(
        board=[(0, "moth-page", 0)], locations=("windy-bridge", "plain-center", "plain-right")
    )
    s.move(0, "moth-page", 1)
    s.end_turn_both()
    assert s.at(1, 0) == ["moth-page"]


def test_lanes_4_1_b_a_face_down_card_cannot_move() -> None:
    s = prepare(
        decks=(["sealed-letter"], []), locations=("windy-bridge", "plain-center", "plain-right")
    )
    s.put(0, "sealed-letter", 0, face_up=False)
    uid = s.card(0, "sealed-letter").uid
    assert "face-up" in s.rejects(0, "move", card=uid, location=1)


def test_lanes_4_1_b_a_card_moves_once_a_turn_and_not_onto_a_full_side() -> None:
    s = prepare(board=[(0, "drifter", 0), *[(0, c, 1) for c in ("moth-page", "brass-beetle")]])
    s.put(0, "tin-soldier", 1)
    s.put(0, "stone-warden", 1)
    uid = s.card(0, "drifter").uid
    assert "full" in s.rejects(0, "move", card=uid, location=1)
    s.move(0, "drifter", 2)
    assert "already moving" in s.rejects(0, "move", card=uid, location=1)


# -- LANES-4.1 (c): activate ------------------------------------------------------------------


def test_lanes_4_1_c_an_activate_ability_is_used_once_per_game() -> None:
    s = prepare(board=[(0, "alchemist", 0)])
    uid = s.card(0, "alchemist").uid
    s.activate(0, "alchemist")
    assert "once per game" in s.rejects(0, "activate", card=uid)  # not twice in one turn
    s.end_turn_both()
    assert s.power(0, "alchemist") == 8
    assert "once per game" in s.rejects(0, "activate", card=uid)  # nor in a later one
    assert not any(a.kind == "activate" for a in s.listed(0))


def test_lanes_4_1_c_only_a_face_up_own_card_with_an_activate_ability() -> None:
    s = prepare(board=[(0, "moth-page", 0), (1, "alchemist", 0)])
    assert "nothing to activate" in s.rejects(0, "activate", card=s.card(0, "moth-page").uid)
    assert "face-up cards" in s.rejects(0, "activate", card=s.card(1, "alchemist").uid)


# -- LANES-4.2 --------------------------------------------------------------------------------


def test_lanes_4_2_the_opponent_sees_no_staged_action_only_the_hand_size() -> None:
    s = prepare(hands=(["moth-page", "tin-soldier", "lamplighter"], []))
    before = {seat: s.match.view(seat) for seat in (None, 1)}
    s.play(0, "tin-soldier", 1)
    s.play(0, "moth-page", 0)
    for seat in (None, 1):
        after = s.match.view(seat)
        assert after == before[seat]  # nothing changed in what they see
        assert after.players[0].hand_size == 3  # staged plays still count in the hand
        assert "Tin Soldier" not in str(asdict(after))
    own = s.match.view(0)
    assert [v.card.card for v in own.staged] == ["tin-soldier", "moth-page"]
    assert own.players[0].hand_size == 1
    resolution = s.last[0]
    assert resolution.steps_for(1) == () and resolution.steps_for(None) == ()


def test_lanes_4_2_a_played_card_counts_once_during_the_reveal() -> None:
    """Others count a staged card in the hand until it resolves, then only on the board."""
    s = prepare(hands=(["moth-page", "tin-soldier", "lamplighter"], []), energy=5)
    s.set_first(0)
    s.play(0, "tin-soldier", 1)
    s.play(0, "moth-page", 0)
    s.end_turn(0)
    reveal = s.match.apply(1, Action("end_turn"), views=True)
    seen = [
        (
            step.views[None].players[0].hand_size,
            sum(len(loc.sides[0].cards) for loc in step.views[None].locations),
        )
        for step in reveal.steps
        if step.public and step.views is not None
    ]
    # Hand 3 at the start, the two plays land one at a time, then the turn's draw.
    assert (3, 0) in seen and (2, 1) in seen and (1, 2) in seen
    assert all(hand + board <= 3 for hand, board in seen[: seen.index((1, 2)) + 1])


# -- LANES-4.3 --------------------------------------------------------------------------------


def test_lanes_4_3_undo_takes_back_every_staged_action_of_the_turn() -> None:
    s = prepare(hands=(["moth-page", "tin-soldier"], []), board=[(0, "drifter", 1)], energy=4)
    s.play(0, "tin-soldier", 0)
    s.move(0, "drifter", 2)
    s.act(0, "reset")
    assert s.hand(0) == ["moth-page", "tin-soldier"]
    assert s.energy(0) == 4
    assert s.state.staging.staged[0] == []
    s.play(0, "moth-page", 2)  # and start again
    s.end_turn_both()
    assert s.at(2, 0) == ["moth-page"] and s.at(1, 0) == ["drifter"]


def test_lanes_4_3_undo_needs_something_staged() -> None:
    s = prepare()
    assert "nothing staged" in s.rejects(0, "reset")
    assert not any(a.kind == "reset" for a in s.listed(0))


# -- LANES-4.4 --------------------------------------------------------------------------------


def test_lanes_4_4_end_turn_can_be_taken_back_until_both_have_ended() -> None:
    s = prepare(hands=(["moth-page"], []))
    s.end_turn(0)
    uid = s.card(0, "moth-page").uid
    assert "ended your turn" in s.rejects(0, "play", card=uid, location=0)
    assert [a.kind for a in s.listed(0)] == ["take_back", "snap", "retreat"]
    s.act(0, "take_back")
    s.play(0, "moth-page", 0)
    s.end_turn(0)
    s.end_turn(1)  # both have ended: the turn resolves
    assert s.state.turn == 2
    assert s.at(0, 0) == ["moth-page"]


def test_lanes_4_4_nothing_to_take_back_once_both_have_ended() -> None:
    s = prepare()
    assert "can't take back" in s.rejects(0, "take_back")
    s.end_turn_both()
    assert "can't take back" in s.rejects(0, "take_back")


# -- LANES-4.5 --------------------------------------------------------------------------------


def test_lanes_4_5_time_out_submits_what_is_staged_and_cannot_be_taken_back() -> None:
    s = prepare(hands=(["moth-page", "tin-soldier"], []))
    s.play(0, "moth-page", 0)
    s.match.apply(0, TIMEOUT)
    assert "can't take back" in s.rejects(0, "take_back")
    assert "already ended" in s.rejects(0, "timeout")
    s.end_turn(1)
    assert s.at(0, 0) == ["moth-page"]
    assert s.hand(0)[0] == "tin-soldier"


# -- LANES-4.6 --------------------------------------------------------------------------------


def test_lanes_4_6_a_play_whose_slot_was_filled_returns_to_hand_with_its_energy() -> None:
    # Seat 1 reveals first; its Rubble Mason fills the last slot on seat 0's side of the center.
    s = prepare(
        hands=(["moth-page"], ["rubble-mason"]),
        board=[(0, c, 1) for c in ("brass-beetle", "tin-soldier", "stone-warden")],
        first=1,
        energy=3,
    )
    s.play(1, "rubble-mason", 0)
    s.play(0, "moth-page", 1)
    s.end_turn_both()
    assert s.at(1, 0) == ["brass-beetle", "tin-soldier", "stone-warden", "rubble"]
    assert s.hand(0)[0] == "moth-page"
    assert s.state.players[0].hand[0].uid == s.card(0, "moth-page").uid
    assert any("cannot be played there" in c for c in s.captions())


def test_lanes_4_6_the_refund_is_unspent_energy_at_end_of_turn() -> None:
    s = prepare(
        hands=(["moth-page"], ["sapper"]),
        board=[(0, "coin-hoarder", 1)],
        first=1,
        energy=3,
    )
    s.play(1, "sapper", 0)  # destroys the left location before seat 0's play resolves
    s.play(0, "moth-page", 0)
    s.end_turn_both()
    assert "moth-page" in s.hand(0)
    assert s.energy(0) == 2 + 3  # turn 2's energy plus all 3 left over (1 of them refunded)


def test_lanes_4_6_a_returned_card_goes_on_top_of_the_deck_when_the_hand_is_full() -> None:
    others = ["brass-beetle", "tin-soldier", "stone-warden", "river-ogre", "iron-colossus"]
    s = prepare(hands=(["tinker", "moth-page", *others], ["sapper"]), first=1)
    s.play(1, "sapper", 1)
    s.play(0, "tinker", 0)  # two Sparks come into the hand (5 -> 7)...
    s.play(0, "moth-page", 1)  # ...and Moth Page finds the center destroyed
    s.end_turn_both()
    assert s.hand(0) == [*others, "spark", "spark"]
    assert s.deck(0)[0] == "moth-page"  # on top; turn 2's draw finds the hand full


def test_lanes_4_6_a_move_whose_card_was_moved_away_does_nothing() -> None:
    # Seat 1 reveals first: Tide Caller moves seat 0's strongest card at the left away.
    s = prepare(hands=([], ["tide-caller"]), board=[(0, "drifter", 0)], first=1)
    s.move(0, "drifter", 2)
    s.play(1, "tide-caller", 0)
    s.end_turn_both()
    assert s.at(0, 0) == [] and s.at(2, 0) == []  # it went to the center, not on to the right
    assert s.at(1, 0) == ["drifter"]
    assert [e.data["kind"] for e in s.events("fizzled")] == ["move"]


def test_lanes_4_6_an_activation_whose_card_is_gone_does_nothing_and_stays_unused() -> None:
    s = prepare(hands=([], ["headhunter"]), board=[(0, "war-drummer", 0)], first=1)
    s.activate(0, "war-drummer")
    s.play(1, "headhunter", 0)  # destroys the weakest enemy card here: the War Drummer
    s.end_turn_both()
    assert [e.data["kind"] for e in s.events("fizzled")] == ["activate"]
    assert s.card(0, "war-drummer").activated is False


def test_lanes_4_6_a_card_moved_by_its_own_staged_move_still_activates() -> None:
    # Moves resolve first (LANES-5.3); the card is still on the board, so it activates there.
    s = prepare(
        board=[(0, "alchemist", 0)], locations=("windy-bridge", "plain-center", "plain-right")
    )
    s.activate(0, "alchemist")
    s.move(0, "alchemist", 1)
    s.end_turn_both()
    assert s.at(1, 0) == ["alchemist"]
    assert s.power(0, "alchemist") == 8
    assert s.events("fizzled") == []


def test_lanes_4_1_unknown_or_malformed_actions_are_refused() -> None:
    s = prepare(hands=(["moth-page"], []))
    before = s.match.state_hash()
    for action in (
        Action("mulligan"),
        Action("play", card=s.card(0, "moth-page").uid),
        Action("end_turn", now=True),
        Action("play", card="moth-page", location=0),
    ):
        try:
            s.match.apply(0, action)
        except ValueError as exc:
            assert str(exc)
        else:
            raise AssertionError(f"{action!r} was accepted")
    assert s.match.state_hash() == before
