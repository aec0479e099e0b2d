"""What a seat holding priority could enter now (BREAKFALL-2.3, 3.5, 3.6): the menus list it, and
auto-pass (BREAKFALL-9.2) passes for a seat that has none of it."""

from __future__ import annotations

from .cards import Ability
from .space import can_pay, ready_resources
from .state import BreakfallState, Card
from .targets import candidates

__all__ = [
    "holds_priority",
    "main_window",
    "may_place",
    "playable_cards",
    "usable",
    "usable_abilities",
]


def holds_priority(state: BreakfallState, seat: int) -> bool:
    return (
        state.result is None
        and state.decision is None
        and state.resolving is None
        and state.space.holder == seat
    )


def main_window(state: BreakfallState, seat: int) -> bool:
    """The turn player in its main phase with the space empty (BREAKFALL-3.6)."""
    return seat == state.turn_player and state.phase == "main" and not state.space.entries


def may_place(state: BreakfallState, seat: int) -> bool:
    """A resource, once per turn, by the turn player holding priority in its main phase with
    the space empty (BREAKFALL-2.3)."""
    return (
        main_window(state, seat)
        and not state.players[seat].placed
        and bool(state.players[seat].hand)
    )


def _has_targets(state: BreakfallState, seat: int, ability: Ability) -> bool:
    kind = ability.chosen
    return kind is None or bool(candidates(state, seat, kind, ability.effects))


def playable_cards(state: BreakfallState, seat: int) -> list[Card]:
    """Hand cards ``seat`` could play now: characters and main-speed techniques in its main
    window, any-speed techniques whenever it holds priority; resources enough to bow; a target
    where one must be chosen."""
    main = main_window(state, seat)
    ready = len(ready_resources(state, seat))
    found = []
    for card in state.players[seat].hand:
        defn = card.defn
        if defn.cost > ready:
            continue
        if defn.character:
            if main:
                found.append(card)
            continue
        if defn.speed == "main" and not main:
            continue
        kind = defn.chosen
        if kind is None or candidates(state, seat, kind, defn.effects):
            found.append(card)
    return found


def usable_abilities(state: BreakfallState, seat: int) -> list[tuple[Card, int]]:
    """Activated abilities of ``seat``'s characters it could enter now: main-only ones in its
    main window, a repeatable one unless it is blocked (BREAKFALL-6.4a), cost payable, a target
    where one must be chosen."""
    main = main_window(state, seat)
    found = []
    for card in state.players[seat].field:
        for index in card.defn.activated:
            ability = card.defn.abilities[index]
            if ability.main_only and not main:
                continue
            if ability.repeatable and state.blocks.blocked(seat, ability.key):
                continue
            if can_pay(state, seat, card, ability) and _has_targets(state, seat, ability):
                found.append((card, index))
    return found


def usable(state: BreakfallState, seat: int) -> bool:
    """Whether ``seat`` holds anything it could enter (or a resource it could place) now."""
    return bool(
        may_place(state, seat) or playable_cards(state, seat) or usable_abilities(state, seat)
    )
