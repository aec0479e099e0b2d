"""Listed = accepted: the engine checks every action against the kinds a ruleset declares and
the actions it lists, so a handler only ever runs on a legal action (on the toy ruleset)."""

from __future__ import annotations

import pytest

from rules.engine import Action, IllegalAction, Match, canonical
from rules.simulate import random_match

from .toy import Toy

TOY = Toy()


def _match(**setup: int) -> Match:  # type: ignore[type-arg]
    match = Match.new(TOY, seed=3, setup=dict(setup))
    return match


def test_a_listed_action_is_accepted() -> None:
    match = _match(counters=5)
    seat = match.pending()[0]
    (spec,) = [s for s in match.legal_actions(seat) if s.kind == "take"]
    match.apply(seat, spec.build(n=2))
    assert match.state.counters == 3


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Action("fly"), "Toy has no action 'fly'."),
        (Action("take"), "'take' takes n."),
        (Action("take", n=1, extra=2), "'take' takes n."),
        (Action("take", n=4), "Take 1, 2 or 3 counters"),
        (Action("take", n="1"), "Take 1, 2 or 3 counters"),
    ],
)
def test_an_action_not_listed_is_refused_with_the_rulesets_reason(
    action: Action, reason: str
) -> None:
    match = _match(counters=5)
    before = match.state_hash()
    with pytest.raises(IllegalAction, match=reason.replace("(", r"\(").replace(")", r"\)")):
        match.apply(match.pending()[0], action)
    assert match.state_hash() == before and not match.actions


def test_the_seat_not_waited_on_is_told_why() -> None:
    match = _match()
    other = 1 - match.pending()[0]
    with pytest.raises(IllegalAction, match=r"It is not your turn\."):
        match.apply(other, Action("take", n=1))


def test_an_always_kind_is_listed_for_every_seat_and_accepted_from_any() -> None:
    match = _match()
    waiting = match.pending()[0]
    other = 1 - waiting
    assert [s.kind for s in match.legal_actions(other)] == ["concede"]
    assert [s.kind for s in match.legal_actions(waiting)] == ["take", "concede"]
    match.apply(other, Action("concede"))
    assert match.result is not None and match.result.winners == (waiting,)
    assert match.legal_actions(waiting) == []


def test_legal_actions_are_computed_once_per_state() -> None:
    match = _match(counters=5)
    seat = match.pending()[0]
    first = match.legal_actions(seat)
    assert match.legal_actions(seat) == first
    first.clear()  # a caller's copy: the match's own list is untouched
    assert match.legal_actions(seat)
    match.apply(seat, Action("take", n=3))
    (spec,) = [s for s in match.legal_actions(1 - seat) if s.kind == "take"]
    assert [o.value for o in spec.params[0].options] == [1, 2]


@pytest.mark.parametrize("seat", [True, False, -1, 2, "0", 0.0])
def test_a_seat_is_an_int_of_the_match(seat: object) -> None:
    match = _match()
    with pytest.raises(IllegalAction, match="no seat"):
        match.apply(seat, Action("take", n=1))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="no seat"):
        match.legal_actions(seat)  # type: ignore[arg-type]


def test_a_quiet_match_writes_no_steps_and_reaches_the_same_state() -> None:
    loud = random_match(TOY, seed=5)
    quiet = Match.new(TOY, loud.seed, loud.setup, quiet=True)
    for seat, action in loud.actions:
        assert quiet.apply(seat, action).steps == ()
    assert quiet.opening.steps == ()
    assert quiet.state_hash() == loud.state_hash()


def test_the_canonical_state_is_derived_from_the_state_fields() -> None:
    match = _match(counters=7)
    data = canonical(match.state)
    assert data["counters"] == 7 and data["rng"] == {"state": match.state.rng.state}
    assert set(data) == {"rng", "counters", "turn_seat", "hidden", "result"}
