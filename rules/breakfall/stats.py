"""A character's numbers as they are now: printed, plus the statics of its side's characters on
the field (BREAKFALL-7.5), plus its boosts until end of turn (BREAKFALL-7.6). Modifiers add up as
they are; a force or sabotage below 0 deals 0 (BREAKFALL-5.1a), which :func:`dealt` says."""

from __future__ import annotations

from .state import BreakfallState, Card

__all__ = ["dealt", "durability", "force", "is_new", "no_breakfall", "sabotage", "stat"]


def stat(state: BreakfallState, card: Card, name: str) -> int:
    """``force``, ``sabotage`` or ``durability`` of a character, whatever zone it is in (off
    the field: printed, and boosts are gone)."""
    defn = card.defn
    value = (
        defn.force if name == "force" else defn.sabotage if name == "sabotage" else defn.durability
    )
    if card.zone != "field":
        return value
    for other in state.players[card.owner].field:
        for ability in other.defn.statics:
            if ability.static == name and (ability.scope == "all" or other is not card):
                value += ability.amount
    for boost in card.boosts:
        if boost.stat == name:
            value += boost.amount
    return value


def force(state: BreakfallState, card: Card) -> int:
    return stat(state, card, "force")


def sabotage(state: BreakfallState, card: Card) -> int:
    return stat(state, card, "sabotage")


def durability(state: BreakfallState, card: Card) -> int:
    return stat(state, card, "durability")


def dealt(amount: int) -> int:
    """What an amount deals: never below 0 (BREAKFALL-5.1a)."""
    return amount if amount > 0 else 0


def is_new(state: BreakfallState, card: Card) -> bool:
    """A character is new in the turn it entered the field (BREAKFALL terms, 2.6)."""
    return card.entered_turn == state.turn


def no_breakfall(state: BreakfallState, seat: int) -> bool:
    """Whether ``seat``'s breakfalls cannot be entered: its opponent has a ``no_breakfall``
    static on the field (BREAKFALL-7.5)."""
    return any(
        ability.static == "no_breakfall"
        for card in state.players[1 - seat].field
        for ability in card.defn.statics
    )
