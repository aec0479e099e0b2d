"""Moving cards between zones, bowing and readying, and noting triggered abilities.

Every move goes through :func:`move`, so a card is always in exactly one zone's list (the space
holds a played card in its entry, not in a list). A character leaving the field forgets its
damage, boosts and bowed state and its part in the battle; an ability that triggers is noted in
``state.waiting`` for the next rule processing to enter (BREAKFALL-3.2).
"""

from __future__ import annotations

import functools

from ..engine import Result, Said, StepLog
from .state import BLOCKER_LEFT, BreakfallState, Card, Player, Waiting
from .words import CAPTIONS

__all__ = [
    "SEAT",
    "ZONES",
    "bow",
    "card_name",
    "draw",
    "enter_field",
    "finish",
    "move",
    "trigger",
    "zone_list",
]

SEAT = ("{seat0}", "{seat1}")


def card_name(card: Card) -> Said:
    """``{seat1}'s Gate Warden``."""
    return _owned(card.owner, card.name)


@functools.cache
def _owned(seat: int, name: str) -> Said:
    """A seat's card in a caption, said once for each seat and card."""
    return CAPTIONS.say("card.owned", seat=SEAT[seat], card=name)


ZONES = ("deck", "hand", "field", "resources", "damage", "check", "graveyard")
"""A player's zones, each a list of the same name on :class:`~.state.Player` (the space, shared,
is not one)."""


def zone_list(player: Player, zone: str) -> list[Card] | None:
    """The list of ``zone``; ``None`` for the space, where a card entered is held by its entry."""
    found: list[Card] | None = getattr(player, zone) if zone in ZONES else None
    return found


def trigger(state: BreakfallState, card: Card, when: str, context: int | None = None) -> None:
    """Note the card's ``when`` abilities as waiting to be entered (BREAKFALL-3.2, 3.2b)."""
    found = card.defn.triggered.get(when)
    if found:
        for index in found:
            state.waiting.append(Waiting(card.owner, card.uid, index, card.entered, context))


def move(state: BreakfallState, card: Card, zone: str, *, top: bool = False) -> None:
    """``card`` to its owner's ``zone`` (at the end of the list; ``top``: at index 0)."""
    player = state.players[card.owner]
    was = card.zone
    if was == "field":
        _leave_field(state, card)
    old = zone_list(player, was)
    if old is not None:
        old.remove(card)
    card.zone = zone
    new = zone_list(player, zone)
    if new is not None:
        if top:
            new.insert(0, card)
        else:
            new.append(card)


def _leave_field(state: BreakfallState, card: Card) -> None:
    """It forgets what happened to it there; a greeter leaves the battle, a blocker that left
    still stops its greeter (BREAKFALL-2.7: nothing passes through)."""
    card.damage = 0
    card.boosts = []
    card.bowed = False
    kept = []
    for pair in state.battle:
        if pair[0] == card.uid:
            continue
        if pair[1] == card.uid:
            pair[1] = BLOCKER_LEFT
        kept.append(pair)
    state.battle[:] = kept


def enter_field(state: BreakfallState, card: Card, *, bowed: bool = False) -> None:
    """A character enters the field (a character entry resolving: ready; a breakfall's
    ``self_to_field``: bowed), newest at the end; its ``enters`` abilities trigger."""
    move(state, card, "field")
    state.seq += 1
    card.entered = state.seq
    card.entered_turn = state.turn
    card.bowed = bowed
    trigger(state, card, "enters")


def bow(state: BreakfallState, card: Card) -> bool:
    """Bow a ready card; a character that becomes bowed triggers ``bowed`` (BREAKFALL-6.6a).
    Returns whether it was ready."""
    if card.bowed:
        return False
    card.bowed = True
    if card.zone == "field":
        trigger(state, card, "bowed")
    return True


def draw(state: BreakfallState, seat: int, n: int, log: StepLog) -> int:
    """Draw up to ``n``: from an empty deck nothing (BREAKFALL-4.2a); the loss is found by the
    next rule processing. Returns how many were drawn."""
    player = state.players[seat]
    drawn = 0
    for _ in range(n):
        if not player.deck:
            break
        card = player.deck[0]
        move(state, card, "hand")
        drawn += 1
        log.event("drew_card", seat, seat=seat, card=card.uid, name=card.name)
    if drawn:
        log.event("drew", None, seat=seat, count=drawn)
    return drawn


def finish(
    state: BreakfallState, winners: tuple[int, ...], reason: str, summary: str, log: StepLog
) -> None:
    if state.result is not None:
        return
    state.result = Result(winners, reason, summary)
    state.decision = None
    log.event("game_over", None, winners=list(winners), reason=reason)
