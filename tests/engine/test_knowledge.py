"""Private knowledge, probes and chains of probes (ESPER-7.5, 7.5a, 7.6, 7.6a, 12.1)."""

from __future__ import annotations

import json

import pytest

from rules.engine.canonical import canonical
from rules.engine.roles import Knowledge

Fact = tuple[str, int]


def knowledge(seats: int = 5) -> Knowledge[Fact, str]:
    return Knowledge(seats)


def test_a_fact_told_to_one_seat_is_known_to_it_alone_esper_12_1() -> None:
    k = knowledge()
    k.tell(0, ("identity", 3), "evil")
    assert k.known_to(0) == {("identity", 3): "evil"}
    assert k.known_to(1) == {} and k.known_to(None) == {}
    assert k.knows(0, ("identity", 3)) and not k.knows(3, ("identity", 3))


def test_a_revealed_fact_is_known_to_all_spectators_included_esper_12_1() -> None:
    k = knowledge()
    k.tell(0, ("identity", 3), "evil")
    k.reveal(("identity", 3), "evil")
    assert all(k.known_to(seat) == {("identity", 3): "evil"} for seat in [None, 0, 1, 2, 3, 4])


def test_a_prober_learns_what_the_probed_learns_from_then_on_esper_7_5() -> None:
    k = knowledge()
    k.tell(1, ("base", 4), "key base")  # before the probe: the prober does not learn this
    k.watch(0, 1)
    assert k.tell(1, ("identity", 2), "good") == (0, 1)
    assert k.known_to(0) == {("identity", 2): "good"}


def test_chain_x_probes_y_y_probes_z_x_learns_what_z_learns_esper_7_5a() -> None:
    k = knowledge()
    k.watch(0, 1)  # X probes Y
    k.watch(1, 2)  # Y probes Z
    assert k.tell(2, ("square", 17), "key base") == (0, 1, 2)
    assert k.known_to(0) == k.known_to(1) == {("square", 17): "key base"}
    assert k.sees_through(0) == (1, 2)  # X sees Y's and Z's gear and hand while it lasts
    assert k.tell(3, ("identity", 0), "good") == (3,)  # nobody watches seat 3


@pytest.mark.parametrize("order", ["prober first", "probed first"])
def test_chain_order_of_probes_does_not_matter_esper_7_5a(order: str) -> None:
    k = knowledge()
    pairs = [(0, 1), (1, 2)] if order == "prober first" else [(1, 2), (0, 1)]
    for watcher, watched in pairs:
        k.watch(watcher, watched)
    k.tell(2, ("identity", 4), "evil")
    assert k.knows(0, ("identity", 4))


def test_the_end_of_a_probe_keeps_what_was_learned_and_stops_new_learning_esper_7_5a() -> None:
    k = knowledge()
    k.watch(0, 1)
    k.watch(1, 2)
    k.tell(2, ("identity", 3), "evil")
    k.stop_watching(0, 1)
    k.tell(2, ("identity", 4), "good")
    assert k.known_to(0) == {("identity", 3): "evil"}
    assert k.known_to(1) == {("identity", 3): "evil", ("identity", 4): "good"}
    assert k.sees_through(0) == () and k.sees_through(1) == (2,)


def test_a_successful_mental_check_ends_every_probe_on_the_seat_esper_7_5() -> None:
    k = knowledge()
    k.watch(0, 2)
    k.watch(1, 2)
    k.watch(1, 3)
    assert k.shake_off(2) == (0, 1)
    assert k.watching(1) == (3,) and k.tell(2, ("identity", 0), "good") == (2,)


def test_probes_in_a_cycle_reach_everyone_once() -> None:
    k = knowledge(3)
    k.watch(0, 1)
    k.watch(1, 2)
    k.watch(2, 0)
    assert k.tell(1, ("identity", 1), "good") == (0, 1, 2)
    assert k.sees_through(0) == (1, 2)


def test_a_dead_seat_learns_nothing_new_but_keeps_what_it_knew_esper_7_6a() -> None:
    k = knowledge()
    k.tell(0, ("identity", 1), "evil")
    k.watch(0, 2)
    k.kill(0)
    assert k.watching(0) == ()  # a probe ends when the prober dies (ESPER-7.5)
    assert k.tell(0, ("identity", 3), "good") == ()
    assert k.tell(2, ("identity", 4), "good") == (2,)
    k.reveal(("identity", 0), "evil")  # its character is revealed to all (ESPER-7.6)
    assert k.known_to(0) == {("identity", 1): "evil", ("identity", 0): "evil"}
    with pytest.raises(ValueError):
        k.watch(0, 2)


def test_a_dead_link_in_a_chain_passes_nothing_on_esper_7_6a() -> None:
    k = knowledge()
    k.watch(0, 1)
    k.watch(1, 2)
    k.kill(1)
    assert k.tell(2, ("identity", 3), "evil") == (2,)
    assert not k.knows(0, ("identity", 3))


def test_a_seat_does_not_watch_itself() -> None:
    with pytest.raises(ValueError):
        knowledge().watch(2, 2)


@pytest.mark.parametrize("seats", [1, 11])
def test_knowledge_is_for_two_to_ten_seats(seats: int) -> None:
    with pytest.raises(ValueError):
        Knowledge(seats)


def test_canonical_is_plain_and_independent_of_learning_order() -> None:
    a, b = knowledge(2), knowledge(2)
    a.tell(0, ("identity", 1), "evil")
    a.tell(0, ("base", 3), "key base")
    b.tell(0, ("base", 3), "key base")
    b.tell(0, ("identity", 1), "evil")
    assert canonical(a) == canonical(b)
    json.dumps(canonical(a))
    b.tell(1, ("base", 3), "key base")
    assert canonical(a) != canonical(b)


def test_watchers_are_the_seats_a_fact_told_to_a_seat_reaches_esper_7_5a() -> None:
    """``watchers`` names, before anything is told, whom a private step must reach."""
    k = knowledge()
    k.watch(0, 1)
    k.watch(1, 2)
    k.watch(4, 2)
    assert k.watchers(2) == (0, 1, 4)
    assert k.watchers(1) == (0,) and k.watchers(0) == ()
    assert tuple(s for s in k.tell(2, ("identity", 3), "good") if s != 2) == k.watchers(2)
    k.kill(1)  # a dead link passes nothing on
    assert k.watchers(2) == (4,)


def test_kept_for_a_seat_holds_what_it_knows_and_forgets_what_others_learned_privately() -> None:
    k = knowledge()
    k.tell(0, ("identity", 3), "evil")
    k.tell(2, ("identity", 4), "good")
    k.reveal(("identity", 1), "good")
    k.watch(2, 3)
    kept = k.kept_for(0)
    assert kept.known_to(0) == k.known_to(0)
    assert kept.known_to(2) == {("identity", 1): "good"}  # seat 2's own learning is forgotten
    assert kept.watching(2) == (3,)  # who probes whom is public
    kept.grant(3, ("square", 8), "key base")  # granted: no watcher learns it with it
    assert kept.known_to(3) == {("identity", 1): "good", ("square", 8): "key base"}
    assert not kept.knows(2, ("square", 8))
    assert k.known_to(3) == {("identity", 1): "good"}  # the original is untouched
