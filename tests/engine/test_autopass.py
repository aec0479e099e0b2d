"""Auto-pass (CHARM-13.2, BREAKFALL-9.2): who is passed for, and the kind that flips it."""

from __future__ import annotations

from rules.engine import AUTO_PASS, Action, AutoPass, StepLog, auto_pass_kind


class _State:
    def __init__(self) -> None:
        self.auto = AutoPass()
        self.after: list[int] = []


def _kind():
    return auto_pass_kind(lambda s: s.auto, lambda s, seat, log: s.after.append(seat))


def test_a_seat_that_can_use_something_is_always_asked() -> None:
    auto = AutoPass({0})
    assert not auto.passes_for(0, usable=True, evident=False)
    assert not auto.passes_for(0, usable=True, evident=True)


def test_nothing_usable_is_passed_for_only_when_evident_or_opted_in() -> None:
    auto = AutoPass({1})
    assert auto.passes_for(0, usable=False, evident=True)
    assert not auto.passes_for(0, usable=False, evident=False)
    assert auto.passes_for(1, usable=False, evident=False)


def test_auto_pass_is_off_by_default_and_flips() -> None:
    auto = AutoPass()
    assert not auto.is_on(0)
    assert auto.flip(0) is True and auto.is_on(0)
    assert auto.flip(0) is False and not auto.is_on(0)


def test_the_kind_is_listed_for_every_seat_and_says_what_a_click_does() -> None:
    kind, state = _kind(), _State()
    assert kind.name == AUTO_PASS and kind.always is not None
    assert kind.always(state, 0).label == "Auto-pass: turn on"
    state.auto.flip(0)
    assert kind.always(state, 0).label == "Auto-pass: turn off"
    assert kind.always(state, 1).label == "Auto-pass: turn on"
    assert kind.always(state, 0).matches(Action(AUTO_PASS))


def test_flipping_tells_only_that_seat_then_lets_the_ruleset_pass_for_it() -> None:
    kind, state, log = _kind(), _State(), StepLog()
    kind.handler(state, 1, Action(AUTO_PASS), log)
    assert state.auto.is_on(1) and state.after == [1]
    (step,) = log.steps
    assert step.audience == frozenset({1}) and "on" in step.caption
