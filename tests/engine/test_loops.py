"""Loops nobody can stop, and loop counts the players name (BREAKFALL-6.1 to 6.5)."""

from __future__ import annotations

import pytest

from rules.engine.actions import Option
from rules.engine.canonical import canonical
from rules.engine.loops import LoopBlocks, LoopCount, LoopGuard, state_key
from rules.engine.rng import Rng

# -- the state key (BREAKFALL-6.3a) -------------------------------------------------------------


def test_state_key_leaves_out_what_the_caller_leaves_out_breakfall_6_3a() -> None:
    # The same position reached with the RNG in two different states is the same loop state.
    board = {"phase": "main", "field": [[3, "bowed"], [7, "ready"]]}
    one, other = Rng(1), Rng(2)
    states = [{"board": board, "rng": rng.state} for rng in (one, other)]
    assert state_key(states[0]) != state_key(states[1])
    assert state_key(states[0]["board"]) == state_key(states[1]["board"])


def test_state_key_is_short_and_stable() -> None:
    assert state_key({"a": (1, 2)}) == state_key({"a": [1, 2]})
    assert len(state_key([])) == 32


# -- loops nobody can stop (BREAKFALL-6.3, 6.5) -------------------------------------------------


def test_a_state_repeated_with_only_passes_between_is_a_draw_breakfall_6_3() -> None:
    guard = LoopGuard()
    laps = [state_key({"bowed": seat}) for seat in (0, 1, 0)]
    assert [guard.repeated(key) for key in laps] == [False, False, True]


def test_a_choice_starts_the_watch_over_breakfall_6_3a() -> None:
    guard = LoopGuard()
    guard.repeated("s1")
    guard.choice_made()
    assert not guard.repeated("s1")


@pytest.mark.parametrize("limit", [1, 3, 1000])
def test_limit_resolutions_without_a_choice_is_a_draw_breakfall_6_5(limit: int) -> None:
    guard = LoopGuard(limit)
    assert [guard.resolved() for _ in range(limit)] == [False] * (limit - 1) + [True]


@pytest.mark.parametrize("restart", ["choice", "step"])
def test_a_choice_or_a_new_step_restarts_the_count_breakfall_6_3a(restart: str) -> None:
    guard = LoopGuard(3)
    guard.repeated("s1")
    guard.resolved()
    guard.resolved()
    if restart == "choice":
        guard.choice_made()
    else:
        guard.step_changed()
    assert not guard.resolved() and not guard.resolved() and guard.resolved()
    # A new step keeps the states seen: the state includes the step anyway.
    assert guard.repeated("s1") is (restart == "step")


def test_a_limit_below_one_is_refused() -> None:
    with pytest.raises(ValueError):
        LoopGuard(0)


def test_loop_guard_canonical() -> None:
    guard = LoopGuard(5)
    guard.repeated("b")
    guard.repeated("a")
    guard.resolved()
    again = LoopGuard(5)
    again.repeated("a")
    again.repeated("b")
    assert canonical(guard) != canonical(again)  # the run of resolutions counts
    again.resolved()
    assert canonical(guard) == canonical(again)


# -- naming loop counts (BREAKFALL-6.1, 6.2, 6.4) -----------------------------------------------


@pytest.mark.parametrize(
    ("tp_count", "ntp_count", "result"),
    [(5, 9, (5, 0)), (9, 5, (5, 1)), (7, 7, (7, 0)), (1, 50, (1, 0))],
)
def test_the_loop_runs_the_smaller_count_tp_on_a_tie_breakfall_6_2(
    tp_count: int, ntp_count: int, result: tuple[int, int]
) -> None:
    count = LoopCount("bow pair", seats=[0, 1])
    count.name(0, tp_count)
    count.name(1, ntp_count)
    assert count.result() == result


def test_the_turn_player_names_first_then_the_other_in_the_open_breakfall_6_2() -> None:
    count = LoopCount("bow pair", seats=[1, 0])  # seat 1 is the turn player
    assert count.namer() == 1
    with pytest.raises(ValueError):
        count.name(0, 3)
    count.name(1, 4)
    assert count.bids == [4] and count.namer() == 0 and not count.done()
    with pytest.raises(ValueError):
        count.result()
    count.name(0, 2)
    assert count.done() and count.bids == [4, 2] and count.result() == (2, 0)


@pytest.mark.parametrize("bad", [0, 51])
def test_counts_are_one_to_fifty_by_default_breakfall_6_4_a(bad: int) -> None:
    count = LoopCount("draw engine", seats=[0])
    assert count.options()[0] == Option(1, "1×") and len(count.options()) == 50
    with pytest.raises(ValueError):
        count.name(0, bad)


def test_the_clock_names_the_default_count_breakfall_9_1() -> None:
    count = LoopCount("bow pair", seats=[0, 1], least=0, most=50, default=0)
    count.name(0, 6)
    assert count.time_out() == 0
    assert count.result() == (0, 1)
    with pytest.raises(ValueError):
        count.time_out()


def test_a_default_outside_the_range_is_refused() -> None:
    with pytest.raises(ValueError):
        LoopCount("x", seats=[0, 1], least=1, default=0)


def test_loop_count_builds_a_param_and_hashes_its_bids() -> None:
    count = LoopCount("x", seats=[0, 1], least=2, most=4)
    assert [o.value for o in count.param().options] == [2, 3, 4]
    count.name(0, 3)
    assert canonical(count)["bids"] == [3]


# -- a named loop is blocked until another action (BREAKFALL-6.1, 6.4a) --------------------------


def test_a_seat_may_not_start_the_same_loop_again_until_another_action_breakfall_6_1() -> None:
    blocks = LoopBlocks()
    blocks.acted(0, loop="draw engine")
    assert blocks.blocked(0, "draw engine")
    assert not blocks.blocked(0, "other loop") and not blocks.blocked(1, "draw engine")
    blocks.acted(1)  # another seat's action frees nothing of seat 0's
    assert blocks.blocked(0, "draw engine")
    blocks.acted(0)
    assert not blocks.blocked(0, "draw engine")


def test_starting_another_loop_frees_the_first_breakfall_6_4_a() -> None:
    blocks = LoopBlocks()
    blocks.acted(0, loop="a")
    blocks.acted(0, loop="b")
    assert not blocks.blocked(0, "a") and blocks.blocked(0, "b")
    assert canonical(blocks) == {"_blocked": [[0, "b"]]}
