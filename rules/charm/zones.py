"""Cards changing zone or face: draws (with the deck refilled, CHARM-4.3), entering and leaving
the field, discards, turning face down and up, and damage to players. Each writes its events
and fires what it triggers (:mod:`.triggers`); each change that counts for CHARM-8.8 (a card
entering or leaving a field, turning face up or down, a player's damage changing) is noted.

Events carry the numbers captions and pictures need (before and after). A card drawn is named
only in an event to its owner (``drew_card``); the public ``drew`` says how many.
"""

from __future__ import annotations

from ..engine import Result, StepLog
from .state import Card, CharmState
from .stats import dp
from .triggers import fire

__all__ = [
    "SEAT",
    "changed",
    "discard_from_hand",
    "draw",
    "enter_field",
    "finish",
    "heal",
    "hurt",
    "leave_field",
    "settle_dp",
    "to_discard",
    "turn_face_down",
    "turn_face_up",
]

SEAT = ("{seat0}", "{seat1}")


def changed(state: CharmState) -> None:
    """Something happened that makes this turn and round not idle (CHARM-8.8)."""
    state.turn_changed = True
    state.round_changed = True


def finish(
    state: CharmState, winners: tuple[int, ...], reason: str, summary: str, log: StepLog
) -> None:
    """End the match now: nothing waiting resolves any more."""
    if state.result is not None:
        return
    state.result = Result(winners, reason, summary)
    state.agenda.clear()
    state.waiting.clear()
    state.decision = None
    log.event("game_over", None, **state.result.to_json())


def _move(card: Card, zone: str) -> None:
    card.zone = zone
    card.moves += 1


# -- the deck and the hand -------------------------------------------------------------------------


def draw(state: CharmState, seat: int, log: StepLog) -> Card | None:
    """Draw the top card. An empty deck is first refilled with the discard pile, shuffled
    (CHARM-4.3); with both empty the player draws nothing and loses at the next win/loss check
    (CHARM-8.2)."""
    player = state.players[seat]
    if not player.deck:
        if not player.discard:
            player.drew_nothing = True
            log.event("drew_nothing", None, seat=seat)
            return None
        cards, player.discard = player.discard, []
        for card in cards:
            _move(card, "deck")
        state.rng.shuffle(cards)
        player.deck = cards
        log.event("refilled", None, seat=seat, count=len(cards))
    card = player.deck.pop(0)
    _move(card, "hand")
    player.hand.append(card)
    if not log.quiet:
        log.event("drew", None, seat=seat, count=1)
        log.event("drew_card", seat, seat=seat, card=card.uid, name=card.name)
    return card


def discard_from_hand(
    state: CharmState, seat: int, cards: list[Card], log: StepLog, why: str = "discard"
) -> None:
    """Cards from the hand to the discard pile, in the order given: the pile is public, so they
    are named to all as they go."""
    player = state.players[seat]
    for card in cards:
        player.hand.remove(card)
        _move(card, "discard")
        player.discard.append(card)
        if not log.quiet:
            log.event("discarded", None, seat=seat, card=card.uid, name=card.name, why=why)


def to_discard(state: CharmState, card: Card, log: StepLog) -> None:
    """A card that is not on the field (an event done, a card set aside) to its discard pile."""
    _move(card, "discard")
    state.players[card.owner].discard.append(card)


# -- the field ---------------------------------------------------------------------------------


def enter_field(state: CharmState, card: Card, log: StepLog) -> None:
    """A card enters its owner's field face up and unchecked (CHARM-11.2); a character with the
    first-turn restriction (CHARM-5.4), a music card with its performance tokens (CHARM-11.1).
    Its ``enters`` P.Skills trigger."""
    card.reset()
    card.restricted = card.defn.kind == "character"
    card.tokens = card.defn.tokens
    state.entries += 1
    card.entered = state.entries
    _move(card, "field")
    state.players[card.owner].field.append(card)
    changed(state)
    log.event("entered", None, seat=card.owner, card=card.uid, name=card.name)
    fire(state, card, "enters")


def leave_field(state: CharmState, card: Card, zone: str, log: StepLog, why: str) -> None:
    """A card leaves the field for its owner's hand or discard pile, forgetting what happened
    to it there. A heroine never leaves (CHARM-11.2): callers check."""
    player = state.players[card.owner]
    player.field.remove(card)
    was_face_down = card.face_down
    card.reset()
    _move(card, zone)
    (player.hand if zone == "hand" else player.discard).append(card)
    changed(state)
    log.event(
        "left",
        None,
        seat=card.owner,
        card=card.uid,
        name=card.name,
        to=zone,
        why=why,
        face_down=was_face_down,
    )


def turn_face_down(state: CharmState, card: Card, log: StepLog) -> None:
    """CHARM-6.6: it has no skills now; its ``face_down`` P.Skill triggers (CHARM-6.6a)."""
    card.face_down = True
    changed(state)
    log.event("face_down", None, seat=card.owner, card=card.uid, name=card.name)
    fire(state, card, "face_down")


def turn_face_up(state: CharmState, card: Card, log: StepLog) -> None:
    """A face-down heroine recovers: face up, with its printed DP (CHARM-3.3)."""
    card.face_down = False
    card.dp_damage = 0
    changed(state)
    log.event("face_up", None, seat=card.owner, card=card.uid, name=card.name)


def settle_dp(state: CharmState, log: StepLog) -> None:
    """Every face-up character whose DP is 0 or less turns face down at once (CHARM-6.6); a
    static bonus that goes with it may take others down too, so it looks again."""
    while True:
        # Printed DP is 1 or more and static and support bonuses only add: only DP damage or a
        # lowering boost can take a character to 0, so the others are not worked out.
        fallen = [
            card
            for seat in (state.turn_player, 1 - state.turn_player)
            for card in state.players[seat].field
            if (card.dp_damage > 0 or card.boost_dp < 0)
            and not card.face_down
            and card.defn.character
            and dp(state, card) <= 0
        ]
        if not fallen:
            return
        for card in fallen:
            turn_face_down(state, card, log)


# -- players' damage ---------------------------------------------------------------------------


def hurt(state: CharmState, seat: int, amount: int, log: StepLog, why: str = "effect") -> None:
    """The player's damage rises by ``amount`` (it may pass the limit until the next check,
    CHARM-8.1); 0 changes nothing (CHARM-8.8a)."""
    if amount <= 0:
        return
    player = state.players[seat]
    before = player.damage
    player.damage += amount
    changed(state)
    if not log.quiet:
        log.event(
            "damage", None, seat=seat, amount=amount, before=before, after=player.damage, why=why
        )


def heal(state: CharmState, seat: int, amount: int, log: StepLog) -> None:
    """Healing lowers damage, never below 0 (CHARM-8.1); healing at 0 changes nothing."""
    player = state.players[seat]
    before = player.damage
    player.damage = max(0, before - amount)
    if player.damage != before:
        changed(state)
        log.event(
            "healed",
            None,
            seat=seat,
            amount=before - player.damage,
            before=before,
            after=player.damage,
        )
