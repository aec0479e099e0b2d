"""What a seat holding priority could enter now (BREAKFALL-2.3, 3.5, 3.6): the menus list it, and
auto-pass (BREAKFALL-9.2) passes for a seat that has none of it, or that anyone can see has none
of it (:func:`evidently_idle`)."""

from __future__ import annotations

from .cards import Ability
from .space import can_pay, ready_resources
from .state import BreakfallState, Card
from .targets import candidates

__all__ = [
    "evidently_idle",
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
    main window, a repeatable one unless it is blocked (BREAKFALL-6.4 (a)), cost payable, a target
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


def evidently_idle(state: BreakfallState, seat: int) -> str | None:
    """Why anyone can see that ``seat``, holding priority, could enter nothing now, or ``None``
    (BREAKFALL-9.2): from what is public, its hand's size, its ready resources, its field and
    the card pool (what a hidden card might be), never from the cards it holds. Its hand is
    empty or holds no card it could pay for (the cheapest card of the pool playable now costs
    more than its ready resources), no ability on its field is usable, and it may not place a
    resource (only the turn player in its main window, space empty, once a turn). The why, as
    a caption's pass says it: ``no_hand``, ``no_ready`` or ``too_few`` (ready resources)."""
    player = state.players[seat]
    ready = 0
    if player.hand:
        ready = len(ready_resources(state, seat))
        pool = state.pool
        cheapest = pool.cheapest if main_window(state, seat) else pool.cheapest_any
        if cheapest is not None and cheapest <= ready:
            return None
    if may_place(state, seat) or usable_abilities(state, seat):
        return None
    if not player.hand:
        return "no_hand"
    return "no_ready" if not ready else "too_few"


def usable(state: BreakfallState, seat: int) -> bool:
    """Whether ``seat`` holds anything it could enter (or a resource it could place) now."""
    return bool(
        may_place(state, seat) or playable_cards(state, seat) or usable_abilities(state, seat)
    )
