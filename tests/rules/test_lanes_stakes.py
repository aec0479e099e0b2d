"""LANES-9: snap and retreat (the stakes)."""

from __future__ import annotations

from .lanes_helpers import Scenario, prepare


def _stakes(s: Scenario) -> int:
    return s.match.view(None).stakes


def test_lanes_9_1_snap_and_retreat_are_offered_at_any_time_during_the_match() -> None:
    s = prepare()
    for seat in (0, 1):
        assert {"snap", "retreat"} <= {a.kind for a in s.listed(seat)}
    s.end_turn(0)  # ended: still there, for both
    for seat in (0, 1):
        assert {"snap", "retreat"} <= {a.kind for a in s.listed(seat)}


def test_lanes_9_1_a_snap_cannot_be_taken_back_or_repeated() -> None:
    s = prepare()
    s.act(0, "snap")
    assert "snap" not in {a.kind for a in s.listed(0)}
    assert "already snapped" in s.rejects(0, "snap")
    assert s.match.view(1).players[0].snap_pending  # a snap is public and stays


def test_lanes_9_1_a_retreat_ends_the_match_at_once() -> None:
    s = prepare()
    s.act(1, "retreat")
    assert s.match.over
    assert "over" in s.rejects(0, "end_turn")


def test_lanes_9_2_stakes_start_at_1_and_a_snap_doubles_them_when_the_turn_is_over() -> None:
    s = prepare()
    assert _stakes(s) == 1
    s.act(0, "snap")
    assert _stakes(s) == 1  # not yet
    s.end_turn(0)
    assert _stakes(s) == 1
    s.end_turn(1)
    assert _stakes(s) == 2


def test_lanes_9_2_a_snap_made_after_ending_the_turn_counts_for_that_turn() -> None:
    s = prepare()
    s.end_turn(0)
    s.act(0, "snap")
    s.end_turn(1)
    assert _stakes(s) == 2


def test_lanes_9_2_both_snaps_and_the_last_turn_make_8() -> None:
    s = prepare(energy=None)
    s.act(0, "snap")
    s.end_turn_both()
    s.act(1, "snap")
    s.end_turn_both()
    assert _stakes(s) == 4
    s.until_turn(5)
    assert _stakes(s) == 4
    s.end_turn_both()  # turn 6 is the last: the stakes double as it starts
    assert _stakes(s) == 8
    assert any("Last turn" in c for c in s.captions())
    s.finish()
    assert _stakes(s) == 8


def test_lanes_9_2_the_last_turn_doubling_follows_the_last_turn() -> None:
    s = prepare(locations=("clocktower", "plain-center", "plain-right"))
    s.until_turn(3)
    assert _stakes(s) == 1
    s.end_turn_both()
    assert (s.state.turn, _stakes(s)) == (4, 2)


def test_lanes_9_3_a_retreat_loses_the_stakes_as_they_stand() -> None:
    s = prepare()
    s.act(1, "snap")
    s.end_turn_both()
    s.act(0, "retreat")
    result = s.match.result
    assert result is not None
    assert result.winners == (1,) and result.reason == "retreat"
    assert result.points == (-2, 2)


def test_lanes_9_3_a_snap_that_has_not_taken_effect_does_not_count_and_is_cancelled() -> None:
    s = prepare()
    s.act(0, "snap")
    s.act(1, "snap")
    s.act(0, "retreat")
    result = s.match.result
    assert result is not None and result.points == (-1, 1)
    assert not any(p.snap_pending for p in s.match.view(None).players)


def test_lanes_9_3_a_snap_after_the_last_turn_does_nothing() -> None:
    s = prepare()
    s.finish()
    before = s.match.result
    assert "over" in s.rejects(0, "snap")
    assert s.match.result == before


def test_lanes_9_3_the_winner_of_a_finished_game_gains_the_stakes_a_draw_moves_nothing() -> None:
    s = prepare(board=[(0, "iron-colossus", 0)])
    s.act(0, "snap")
    s.finish()
    result = s.match.result
    assert result is not None and result.winners == (0,)
    assert result.points == (4, -4)  # the snap, then the last turn
    s = prepare()
    s.act(0, "snap")
    s.finish()
    result = s.match.result
    assert result is not None and result.draw and result.points == (0, 0)
