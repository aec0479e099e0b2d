"""A player orders simultaneous triggers (CHARM-2.3, 2.4, 13.1, 13.3)."""

from __future__ import annotations

import pytest

from rules.engine.actions import Action, ActionSpec, Option
from rules.engine.canonical import canonical
from rules.engine.ordering import Key, TriggerOrder

# The turn player's P.Skills first, each side's in field order (CHARM-13.3).
WAITING: list[tuple[Key, str]] = [(11, "Heroine: mend"), (12, "Scout: draw"), (21, "Foe: burn")]


def resolve_all(order: TriggerOrder, picks: list[Key]) -> list[Key]:
    """The chooser picks as listed until one is left, which resolves without asking."""
    resolved = []
    for key in picks:
        resolved.append(order.choose(order.chooser, key))
    resolved.append(order.last())
    return resolved


@pytest.mark.parametrize(
    ("picks", "resolved"),
    [
        ([21, 11], [21, 11, 12]),
        ([12, 21], [12, 21, 11]),
        ([11, 12], [11, 12, 21]),
    ],
)
def test_turn_player_picks_the_next_until_one_is_left_charm_2_3(
    picks: list[Key], resolved: list[Key]
) -> None:
    order = TriggerOrder(0, WAITING)
    assert resolve_all(order, picks) == resolved
    assert not order


def test_the_last_item_resolves_without_asking_charm_2_3() -> None:
    order = TriggerOrder(0, WAITING)
    order.choose(0, 12)
    assert order.needs_choice()
    order.choose(0, 11)
    assert not order.needs_choice()
    with pytest.raises(ValueError):
        order.choose(0, 21)
    assert order.last() == 21


def test_one_item_alone_is_never_asked_about_charm_2_4() -> None:
    order = TriggerOrder(1, [("only", "Only one")])
    assert not order.needs_choice() and order.last() == "only"


def test_options_in_default_order_build_the_pick_action() -> None:
    order = TriggerOrder(0, WAITING)
    order.choose(0, 12)
    assert order.options() == (Option(11, "Heroine: mend"), Option(21, "Foe: burn"))
    spec = ActionSpec("order", "Order triggers", params=(order.param(),))
    assert spec.build(item=21) == Action("order", item=21)
    with pytest.raises(ValueError):
        spec.build(item=12)  # already resolved


@pytest.mark.parametrize("first_pick", [None, 11, 21])
def test_timeout_picks_the_first_left_in_default_order_charm_13_1(first_pick: Key | None) -> None:
    order = TriggerOrder(0, WAITING)
    if first_pick is not None:
        order.choose(0, first_pick)
    expected = order.waiting[0]
    assert order.default() == expected and order.time_out() == expected


@pytest.mark.parametrize(("seat", "key"), [(1, 11), (0, 99)])
def test_only_the_chooser_picks_a_waiting_item(seat: int, key: Key) -> None:
    order = TriggerOrder(0, WAITING)
    with pytest.raises(ValueError):
        order.choose(seat, key)
    assert len(order) == 3


def test_keys_are_distinct() -> None:
    with pytest.raises(ValueError):
        TriggerOrder(0, [(1, "a"), (1, "b")])


def test_canonical_holds_the_chooser_and_what_waits_in_order() -> None:
    order = TriggerOrder(0, WAITING)
    order.choose(0, 12)
    data = canonical(order)
    assert data["chooser"] == 0 and data["waiting"] == [11, 21]
