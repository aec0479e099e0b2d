"""Triggered P.Skills (CHARM-11.4): what fires them, and the order they wait in.

A P.Skill that triggers joins ``state.waiting``; the flow resolves the waiting ones at the
points the rules name (after a phase's process, after a chain entry's resolution, CHARM-2.5,
9.5), the turn player ordering them when several wait (CHARM-2.3, 2.4). The default order, the
one a timeout takes, is CHARM-13.3's: the turn player's first, each side's in field order, two
P.Skills of one card in the card's order.
"""

from __future__ import annotations

from collections.abc import Iterable

from .state import Card, CharmState, Trigger

__all__ = ["default_order", "failed", "fire", "fire_side"]


def fire(state: CharmState, card: Card, when: str) -> None:
    """``card``'s P.Skills of this timing trigger. A face-down card has none (CHARM-6.6), except
    the ``face_down`` P.Skill, which triggers as its card turns face down (CHARM-6.6a)."""
    found = card.defn.triggers.get(when)
    if not found or (card.face_down and when != "face_down") or card.zone != "field":
        return
    for index in found:
        state.waiting.append(Trigger(state.next_serial(), card, index, when))


def fire_side(state: CharmState, seats: Iterable[int], when: str) -> None:
    """The P.Skills of this timing on these seats' fields, in field order."""
    for seat in seats:
        for card in list(state.players[seat].field):
            if when in card.defn.triggers:  # most cards have none: no call for them
                fire(state, card, when)


def default_order(state: CharmState, waiting: Iterable[Trigger]) -> list[Trigger]:
    """CHARM-13.3: the turn player's first, each side's in field order (a source that has left
    keeps its place), two P.Skills of one card in the card's order."""
    tp = state.turn_player
    return sorted(waiting, key=lambda t: (t.owner != tp, t.entered, t.skill, t.serial))


def failed(state: CharmState, trigger: Trigger) -> bool:
    """CHARM-9.2a: its source left the field, or turned face down, since it triggered (a
    ``face_down`` P.Skill: only if its source left the field)."""
    source = state.cards[trigger.source]
    if source.moves != trigger.moves or source.zone != "field":
        return True
    return source.face_down and trigger.when != "face_down"
