"""The shared mechanisms: staging, trigger queue, hidden roles."""

from __future__ import annotations

import pytest

from rules.engine import HiddenRoles, Staging, TriggerQueue

# -- simultaneous hidden staging (LANES-4) ------------------------------------------------------


def test_staging_resets_ends_and_takes_back() -> None:
    staging: Staging[str] = Staging(2)
    staging.stage(0, "a")
    staging.stage(0, "b")
    assert staging.reset(0) == ["a", "b"] and staging.staged[0] == []
    staging.end(0)
    assert staging.waiting_on() == (1,)
    assert staging.can_take_back(0)
    staging.take_back(0)
    assert staging.waiting_on() == (0, 1)


def test_staging_cannot_stage_after_end_nor_take_back_when_all_ended() -> None:
    staging: Staging[str] = Staging(2)
    staging.end(0)
    with pytest.raises(RuntimeError):
        staging.stage(0, "x")
    staging.end(1)
    assert staging.all_ended() and not staging.can_take_back(0)


def test_staging_ended_by_the_clock_is_locked() -> None:
    staging: Staging[str] = Staging(2)
    staging.end(1, locked=True)
    assert not staging.can_take_back(1)
    staging.clear()
    assert staging.waiting_on() == (0, 1) and not staging.locked[1]


# -- trigger queue (FANFARE-Q1, FANFARE-Q3) -----------------------------------------------------


def test_trigger_queue_is_first_in_first_out() -> None:
    queue: TriggerQueue[str] = TriggerQueue()
    queue.add("first")
    queue.add("second")
    assert [queue.pop(), queue.pop()] == ["first", "second"] and not queue


def test_simultaneous_triggers_sort_by_the_ruleset_key_stably() -> None:
    queue: TriggerQueue[tuple[str, int]] = TriggerQueue()
    queue.add(("already waiting", 0))
    # (zone rank, seat rank): hand before board, turn player first; equal keys keep their order.
    queue.add_simultaneous([("b1", 2), ("h1", 1), ("b2", 2), ("h0", 0)], key=lambda t: t[1])
    assert [t[0] for t in queue] == ["already waiting", "h0", "h1", "b1", "b2"]


# -- hidden roles, 2 to 10 seats (ESPER) --------------------------------------------------------


def test_each_seat_knows_only_its_own_role_until_revealed() -> None:
    roles = HiddenRoles(["good", "evil", "good", "evil", "good"], known={1: [3]})
    assert roles.known_to(None) == {}
    assert roles.known_to(0) == {0: "good"}
    assert roles.known_to(1) == {1: "evil", 3: "evil"}
    roles.reveal(2)
    assert roles.known_to(None) == {2: "good"}
    assert roles.known_to(4) == {2: "good", 4: "good"}


@pytest.mark.parametrize("seats", [1, 11])
def test_seat_counts_are_two_to_ten(seats: int) -> None:
    with pytest.raises(ValueError):
        HiddenRoles(["good"] * seats)
