"""The resolution space with priority (BREAKFALL-3, 5.5, 5.5a; CHARM-6.3, 9.4, 9.5)."""

from __future__ import annotations

import json

import pytest

from rules.engine.canonical import canonical
from rules.engine.priority import CHAIN, SPACE, Entry, PassOutcome, PriorityStack


def pass_round(stack: PriorityStack[str], *seats: int) -> list[PassOutcome[str]]:
    """Each seat passes in turn (it must hold priority when its turn comes)."""
    return [stack.pass_priority(seat) for seat in seats]


# -- the space (BREAKFALL-3.1) ------------------------------------------------------------------


def test_entries_resolve_last_in_first_out_after_all_pass_breakfall_3_1() -> None:
    space: PriorityStack[str] = PriorityStack(2, opener=0)
    space.enter(0, "technique")
    assert space.holder == 1
    space.enter(1, "answer")
    assert space.holder == 0
    assert space.pass_priority(0) == PassOutcome()
    assert space.pass_priority(1).resolve == Entry(1, "answer")
    assert space.holder == 0  # the opener gets priority after a resolution
    pass_round(space, 0)
    assert space.pass_priority(1).resolve == Entry(0, "technique")
    pass_round(space, 0)
    assert space.pass_priority(1).round_over
    assert space.round_over and space.holder is None


def test_a_declaration_starts_the_run_of_passes_again_breakfall_3_1() -> None:
    space: PriorityStack[str] = PriorityStack(3, opener=1)
    pass_round(space, 1, 2)
    space.enter(0, "late answer")  # seat 0 enters instead of passing
    assert pass_round(space, 1, 2) == [PassOutcome(), PassOutcome()]
    assert space.pass_priority(0).resolve == Entry(0, "late answer")


@pytest.mark.parametrize("seats", [2, 3, 5, 10])
def test_priority_goes_round_every_seat_in_order_from_the_opener(seats: int) -> None:
    opener = seats - 1
    space: PriorityStack[str] = PriorityStack(seats, opener=opener)
    asked = []
    while not space.round_over:
        holder = space.holder
        assert holder is not None
        asked.append(holder)
        space.pass_priority(holder)
    assert asked == [(opener + i) % seats for i in range(seats)]


@pytest.mark.parametrize("mode", [SPACE, CHAIN])
def test_only_the_holder_acts(mode: str) -> None:
    stack: PriorityStack[str] = PriorityStack(2, opener=0, mode=mode)
    assert stack.may_enter(0) and not stack.may_enter(1)
    with pytest.raises(ValueError):
        stack.pass_priority(1)
    with pytest.raises(ValueError):
        stack.enter(1, "x")


@pytest.mark.parametrize(("seats", "opener"), [(1, 0), (11, 0), (3, 3), (3, -1)])
def test_two_to_ten_seats_and_an_opener_among_them(seats: int, opener: int) -> None:
    with pytest.raises(ValueError):
        PriorityStack(seats, opener=opener)


def test_seats_that_are_out_are_skipped_and_not_awaited() -> None:
    space: PriorityStack[str] = PriorityStack(4, opener=0, out=[1])
    space.enter(0, "x")
    assert space.holder == 2  # seat 1 is out
    assert pass_round(space, 2, 3)[-1] == PassOutcome()
    assert space.pass_priority(0).resolve == Entry(0, "x")


def test_an_out_opener_hands_the_round_to_the_next_live_seat() -> None:
    space: PriorityStack[str] = PriorityStack(3, opener=0, out=[0])
    assert space.holder == 1


def test_the_holder_going_out_may_complete_the_run_of_passes() -> None:
    space: PriorityStack[str] = PriorityStack(3, opener=0)
    space.enter(0, "x")
    pass_round(space, 1, 2)
    assert space.holder == 0
    assert space.knock_out(0).resolve == Entry(0, "x")
    assert space.holder == 1  # the opener is out: the next live seat opens


def test_a_seat_going_out_out_of_turn_moves_nothing() -> None:
    space: PriorityStack[str] = PriorityStack(3, opener=0)
    space.pass_priority(0)
    assert space.knock_out(2) == PassOutcome() and space.holder == 1
    assert space.pass_priority(1).round_over
    with pytest.raises(ValueError):
        space.knock_out(2)


# -- rule processing (BREAKFALL-3.2, 5.5, 5.5a) -------------------------------------------------


def test_rule_processing_enters_triggers_without_moving_priority_breakfall_3_2() -> None:
    space: PriorityStack[str] = PriorityStack(2, opener=0)
    space.pass_priority(0)
    space.enter_triggered([(0, "turn player's trigger"), (1, "other's trigger")])
    assert space.holder == 1 and not space.passed  # the run of passes starts over
    space.pass_priority(1)
    assert space.pass_priority(0).resolve == Entry(1, "other's trigger")


def test_damage_checks_run_at_once_with_no_round_of_passes_breakfall_5_5() -> None:
    space: PriorityStack[str] = PriorityStack(2, opener=0)
    space.enter(0, "greet")
    pass_round(space, 1)
    # The TP's checks are placed first, so the NTP's run first (BREAKFALL-5.3).
    space.enter_triggered([(0, "tp check"), (1, "ntp check")], automatic=True)
    assert space.holder is None and not space.may_enter(0) and not space.may_enter(1)
    with pytest.raises(ValueError):
        space.pass_priority(0)
    assert space.automatic_top() == Entry(1, "ntp check", automatic=True)
    assert space.resolve_next().item == "ntp check"
    assert space.resolve_next().item == "tp check"
    assert space.automatic_top() is None and space.holder == 0


def test_a_breakfall_entered_above_a_waiting_check_gets_priority_breakfall_5_5a() -> None:
    space: PriorityStack[str] = PriorityStack(2, opener=1)
    space.enter_triggered([(0, "check 1"), (0, "check 2")], automatic=True)
    space.resolve_next()
    space.enter_triggered([(0, "breakfall")])  # the check revealed a breakfall
    assert space.holder == 1  # the TP gets priority: the breakfall is an ordinary entry
    pass_round(space, 1)
    assert space.pass_priority(0).resolve == Entry(0, "breakfall")
    assert space.holder is None  # the check below it starts at once
    assert space.resolve_next().item == "check 1"


def test_nothing_resolves_by_itself_without_an_automatic_top() -> None:
    space: PriorityStack[str] = PriorityStack(2, opener=0)
    space.enter(0, "x")
    with pytest.raises(ValueError):
        space.resolve_next()


# -- chains (CHARM-6.3, 9.4, 9.5) ---------------------------------------------------------------


def test_chain_declarer_cannot_answer_its_own_declaration_charm_9_4() -> None:
    chain: PriorityStack[str] = PriorityStack(2, opener=0, mode=CHAIN)
    chain.enter(0, "event")
    assert chain.holder == 1 and not chain.may_enter(0)
    chain.enter(1, "interrupt")
    assert chain.holder == 0  # but it may answer the interrupt


def test_chain_a_pass_closes_the_chain_and_it_drains_newest_first_charm_9_5() -> None:
    chain: PriorityStack[str] = PriorityStack(2, opener=0, mode=CHAIN)
    chain.enter(0, "event")
    chain.enter(1, "interrupt")
    assert chain.pass_priority(0) == PassOutcome(chain_closed=True)
    assert chain.closed and chain.holder is None and not chain.may_enter(1)
    assert chain.top == Entry(1, "interrupt")
    assert chain.resolve_next() == Entry(1, "interrupt")
    assert chain.holder is None  # no interrupt until all of it has resolved
    assert chain.resolve_next() == Entry(0, "event")
    assert not chain.closed


@pytest.mark.parametrize(
    ("seats", "declarer", "after"), [(2, 0, 1), (2, 1, 0), (4, 3, 0), (4, 1, 2)]
)
def test_chain_the_seat_after_the_declarer_is_asked_next_charm_6_3(
    seats: int, declarer: int, after: int
) -> None:
    chain: PriorityStack[str] = PriorityStack(seats, opener=declarer, mode=CHAIN)
    chain.enter(declarer, "declaration")
    assert chain.after_chain == after
    answerer = chain.holder
    assert answerer is not None
    chain.enter(answerer, "interrupt")
    while not chain.closed:
        holder = chain.holder
        assert holder is not None
        chain.pass_priority(holder)
    chain.resolve_next()
    chain.resolve_next()
    assert chain.holder == after and chain.after_chain is None
    assert not chain.passed  # the timing's round starts again


def test_chain_with_more_seats_every_other_seat_is_asked_in_order() -> None:
    chain: PriorityStack[str] = PriorityStack(4, opener=0, mode=CHAIN)
    chain.enter(0, "declaration")
    asked = []
    while not chain.closed:
        holder = chain.holder
        assert holder is not None
        asked.append(holder)
        chain.pass_priority(holder)
    assert asked == [1, 2, 3]


def test_chain_the_timing_ends_when_every_seat_passes_with_no_chain_charm_6_3() -> None:
    chain: PriorityStack[str] = PriorityStack(3, opener=2, mode=CHAIN, out=[0])
    assert pass_round(chain, 2, 1)[-1] == PassOutcome(round_over=True)


def test_chain_a_lone_live_seat_closes_its_own_chain_at_once() -> None:
    chain: PriorityStack[str] = PriorityStack(3, opener=0, mode=CHAIN, out=[1, 2])
    chain.enter(0, "declaration")
    assert chain.closed and chain.resolve_next() == Entry(0, "declaration")
    assert chain.holder == 0


def test_chain_opened_by_rule_processing_returns_priority_to_the_opener() -> None:
    chain: PriorityStack[str] = PriorityStack(3, opener=1, mode=CHAIN)
    chain.enter_triggered([(0, "P.Skill")])
    assert chain.after_chain is None
    assert pass_round(chain, 1, 2)[-1] == PassOutcome(chain_closed=True)
    chain.resolve_next()
    assert not chain.closed and chain.holder == 1


def test_chain_an_automatic_entry_in_an_open_chain_keeps_the_holder() -> None:
    chain: PriorityStack[str] = PriorityStack(2, opener=0, mode=CHAIN)
    chain.enter(0, "declaration")
    chain.enter_triggered([(1, "check")], automatic=True)
    assert chain.holder is None
    chain.resolve_next()
    assert chain.holder == 1 and not chain.closed


def test_a_new_round_needs_an_empty_space() -> None:
    chain: PriorityStack[str] = PriorityStack(2, opener=0, mode=CHAIN)
    chain.enter(0, "declaration")
    with pytest.raises(ValueError):
        chain.start_round(1)


# -- the state hash -----------------------------------------------------------------------------


def test_canonical_is_plain_json_and_tells_states_apart() -> None:
    a: PriorityStack[tuple[str, int]] = PriorityStack(3, opener=0, mode=CHAIN)
    b: PriorityStack[tuple[str, int]] = PriorityStack(3, opener=0, mode=CHAIN)
    a.enter(0, ("event", 7))
    b.enter(0, ("event", 7))
    assert canonical(a) == canonical(b)
    assert canonical(a)["entries"] == [[0, ["event", 7], False]]
    b.pass_priority(1)
    assert json.dumps(canonical(a)) != json.dumps(canonical(b))


def test_an_entry_withdrawn_from_the_middle_never_resolves_breakfall_7_6() -> None:
    space: PriorityStack[str] = PriorityStack(2, opener=0)
    space.enter(0, "technique")
    space.enter(1, "answer")
    space.withdraw(Entry(0, "technique"))  # negated: it leaves without resolving
    assert [e.item for e in space.entries] == ["answer"] and space.holder == 0
    space.pass_priority(0)
    assert space.pass_priority(1).resolve == Entry(1, "answer")
    space.pass_priority(0)
    assert space.pass_priority(1).round_over
    with pytest.raises(ValueError):
        space.withdraw(Entry(0, "technique"))
