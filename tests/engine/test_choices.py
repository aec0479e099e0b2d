"""Simultaneous secret choices (CHARM-1.4 mulligan; ESPER-5.5 joins, 10.1 invitations, 13.1)."""

from __future__ import annotations

import pytest

from rules.engine.canonical import canonical
from rules.engine.choices import SecretChoice


def test_both_choose_their_mulligan_at_once_in_secret_charm_1_4() -> None:
    mulligan: SecretChoice[tuple[int, ...]] = SecretChoice([0, 1], default=())
    assert mulligan.waiting_on() == (0, 1)
    mulligan.choose(1, (3, 4))
    assert mulligan.waiting_on() == (0,) and mulligan.has_chosen() == (1,)
    assert mulligan.chosen(1, viewer=1) == (3, 4)  # a seat sees its own choice
    assert mulligan.chosen(1, viewer=0) is None  # ...and the other sees only that it chose
    assert mulligan.chosen(1, viewer=None) is None
    mulligan.choose(0, ())
    assert mulligan.done()
    assert mulligan.chosen(1, viewer=0) == (3, 4)
    assert mulligan.reveal() == ((0, ()), (1, (3, 4)))


@pytest.mark.parametrize("seats", [[2, 5, 7], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [4]])
def test_any_subset_of_seats_chooses_and_reveals_in_seat_order_esper_5_5(seats: list[int]) -> None:
    joins: SecretChoice[bool] = SecretChoice(reversed(seats), default=False)
    for seat in reversed(seats):
        assert not joins.done()
        joins.choose(seat, seat % 2 == 0)
    assert joins.reveal() == tuple((seat, seat % 2 == 0) for seat in seats)


def test_the_match_waits_on_all_who_choose_and_the_clock_answers_for_them_esper_13_1() -> None:
    invitation: SecretChoice[bool] = SecretChoice([3, 1, 6], default=False)
    invitation.choose(6, True)
    assert invitation.time_out() == (1, 3)
    assert invitation.reveal() == ((1, False), (3, False), (6, True))


def test_a_default_per_seat() -> None:
    choice: SecretChoice[int] = SecretChoice([0, 1, 2], default=0, defaults={2: 9})
    choice.time_out()
    assert choice.reveal() == ((0, 0), (1, 0), (2, 9))


@pytest.mark.parametrize(("seat", "first"), [(4, None), (0, 1)])
def test_a_seat_chooses_once_and_only_if_asked(seat: int, first: int | None) -> None:
    choice: SecretChoice[int] = SecretChoice([0, 1], default=0)
    if first is not None:
        choice.choose(seat, first)
    with pytest.raises(ValueError):
        choice.choose(seat, 2)


@pytest.mark.parametrize("seats", [[], [1, 1], [-1, 2]])
def test_the_seats_are_distinct_and_at_least_one(seats: list[int]) -> None:
    with pytest.raises(ValueError):
        SecretChoice(seats, default=False)


def test_defaults_only_for_seats_that_choose() -> None:
    with pytest.raises(ValueError):
        SecretChoice([0, 1], default=False, defaults={2: True})


def test_nothing_is_revealed_before_all_have_chosen() -> None:
    choice: SecretChoice[bool] = SecretChoice([0, 1], default=False)
    choice.choose(0, True)
    with pytest.raises(ValueError):
        choice.reveal()


def test_canonical_tells_a_chosen_none_from_no_choice_yet() -> None:
    choice: SecretChoice[tuple[int, ...] | None] = SecretChoice([0, 1], default=None)
    choice.choose(0, None)
    other: SecretChoice[tuple[int, ...] | None] = SecretChoice([0, 1], default=None)
    assert canonical(choice) != canonical(other)
    other.choose(0, None)
    assert canonical(choice) == canonical(other)
    choice.choose(1, (2, 3))
    assert canonical(choice) != canonical(other)
