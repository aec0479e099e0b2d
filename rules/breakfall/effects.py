"""What each effect of BREAKFALL-7.6 does when its entry resolves.

:func:`apply` does one effect and says what it did (a clause with numbers, for the caption), or
stops for a decision (a discard, a recall) and is called again once it is made. Targets chosen on
entry that are no longer legal are skipped, and the rest is done (BREAKFALL-3.7); a ``self``
that has left the field is skipped (BREAKFALL-3.2b).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..engine import StepLog
from .captions import joined, named, say
from .cards import Ability, Effect
from .processing import kill
from .state import Boost, BreakfallState, Card, Decision, Item, Resolving
from .stats import durability, stat
from .targets import still_legal
from .zones import SEAT, bow, card_name, draw, enter_field, move, trigger

__all__ = ["Context", "apply", "deal_damage", "discard", "place_checks", "players_of"]


class Context(NamedTuple):
    """Who resolves what: the controller, the source card (a technique's own card for its
    effect, an ability's card, a breakfall's card), the ability and the entry it came from."""

    seat: int
    source: Card
    ability: Ability
    item: Item
    res: Resolving


def players_of(state: BreakfallState, seat: int, target: str) -> tuple[int, ...]:
    """``you``, ``opponent``, ``each_player`` (the turn player first, BREAKFALL-7.7)."""
    if target == "you":
        return (seat,)
    if target == "opponent":
        return (1 - seat,)
    return state.order()


def _characters(state: BreakfallState, ctx: Context, effect: Effect) -> list[Card]:
    target, source = effect.target, ctx.source
    if target == "self":
        return [source] if source.zone == "field" else []
    if target == "all_enemy_characters":
        return list(state.players[1 - ctx.seat].field)
    if ctx.ability.fixed(effect):  # a blocks trigger's greeter: the one it blocks
        found = state.cards.get(ctx.item.context or 0)
        return [found] if found is not None and found.zone == "field" else []
    if still_legal(state, ctx.seat, target, ctx.ability.effects, ctx.item.target):
        return [state.cards[ctx.item.target or 0]]
    return []


def deal_damage(state: BreakfallState, card: Card, amount: int) -> None:
    """Damage on a character stays until the end of the turn (BREAKFALL-5.2); "when dealt
    damage" triggers only for 1 or more (BREAKFALL-5.1)."""
    if amount >= 1:
        card.damage += amount
        trigger(state, card, "dealt_damage")


def place_checks(state: BreakfallState, hits: dict[int, int], log: StepLog) -> None:
    """Damage to players: one check per point, the turn player's placed first (BREAKFALL-5.3),
    on top of the space; they start by themselves (BREAKFALL-5.5)."""
    for seat in state.order():
        for _ in range(hits.get(seat, 0)):
            item = Item(state.next_eid(), "check")
            state.space.enter_triggered([(seat, item)], automatic=True)
        if hits.get(seat):
            log.event("checks", None, seat=seat, count=hits[seat])


def discard(state: BreakfallState, seat: int, cards: list[Card], log: StepLog) -> None:
    for card in cards:
        move(state, card, "graveyard")
        log.event("discarded", None, seat=seat, card=card.uid, name=card.name)


Said = list[str]
"""What a resolving entry did so far, clause by clause (said texts), for its caption."""


def _on_characters(
    do: Callable[[BreakfallState, Card, Effect, StepLog], str | None],
) -> Callable[[BreakfallState, Context, Effect, StepLog, Said], bool]:
    """Each character the effect is for, done one by one; ``do`` says what it did (a clause, or
    ``None`` when nothing happened or the log is quiet)."""

    def apply_to_each(
        state: BreakfallState, ctx: Context, effect: Effect, log: StepLog, said: Said
    ) -> bool:
        for card in _characters(state, ctx, effect):
            clause = do(state, card, effect, log)
            if clause:
                said.append(clause)
        return True

    return apply_to_each


def _damage(state: BreakfallState, card: Card, effect: Effect, log: StepLog) -> str | None:
    before = card.damage
    deal_damage(state, card, effect.amount)
    log.event("damage", None, seat=card.owner, card=card.uid, amount=effect.amount)
    if log.quiet:
        return None
    return say(
        "did.damage",
        n=effect.amount,
        card=card_name(card),
        before=before,
        after=card.damage,
        durability=durability(state, card),
    )


def _ready(state: BreakfallState, card: Card, effect: Effect, log: StepLog) -> str | None:
    if not card.bowed:
        return None
    card.bowed = False
    log.event("readied", None, seat=card.owner, card=card.uid)
    return None if log.quiet else say("did.ready", card=card_name(card))


def _bow(state: BreakfallState, card: Card, effect: Effect, log: StepLog) -> str | None:
    if not bow(state, card):
        return None
    log.event("bowed", None, seat=card.owner, card=card.uid)
    return None if log.quiet else say("did.bowed", card=card_name(card))


_NUMBERS = {name: say(f"number.{name}") for name in ("force", "sabotage", "durability")}
"""A character's numbers, as a caption names them ("force"), said once."""


def _boost(state: BreakfallState, card: Card, effect: Effect, log: StepLog) -> str | None:
    name = effect.stat or "force"
    before = stat(state, card, name)
    card.boosts.append(Boost(name, effect.amount))
    log.event("boosted", None, seat=card.owner, card=card.uid, stat=name, amount=effect.amount)
    if log.quiet:
        return None
    after = stat(state, card, name)
    number = _NUMBERS[name]
    return say("did.boost", card=card_name(card), number=number, before=before, after=after)


def _bounce(state: BreakfallState, card: Card, effect: Effect, log: StepLog) -> str | None:
    name = card_name(card)
    move(state, card, "hand")
    log.event("bounced", None, seat=card.owner, card=card.uid, name=card.name)
    return None if log.quiet else say("did.bounce", card=name, seat=SEAT[card.owner])


def _kill(state: BreakfallState, card: Card, effect: Effect, log: StepLog) -> str | None:
    if durability(state, card) > effect.amount:
        return None  # no longer a legal target for this kill
    name = card_name(card)
    kill(state, card)
    log.event("killed", None, seat=card.owner, card=card.uid, name=card.name)
    return None if log.quiet else say("did.kill", card=name)


def _damage_player(
    state: BreakfallState, ctx: Context, effect: Effect, log: StepLog, said: Said
) -> bool:
    seats = players_of(state, ctx.seat, effect.target)
    place_checks(state, dict.fromkeys(seats, effect.amount), log)
    if not log.quiet:
        n = effect.amount
        checks = f"did.damage_player.{'one' if n == 1 else 'other'}"
        for seat in seats:
            said.append(say(checks, seat=SEAT[seat], n=n))
    return True


def _draw(state: BreakfallState, ctx: Context, effect: Effect, log: StepLog, said: Said) -> bool:
    for seat in players_of(state, ctx.seat, effect.target):
        got = draw(state, seat, effect.amount, log)
        if not log.quiet:
            left = len(state.players[seat].deck)
            said.append(say("did.draw", seat=SEAT[seat], n=got, left=left))
    return True


def _discard(state: BreakfallState, ctx: Context, effect: Effect, log: StepLog, said: Said) -> bool:
    """Each player discards ``n`` of its choice, the turn player first (a player with ``n`` or
    fewer discards them all, BREAKFALL-7.6a); a choice stops the resolution until it is made."""
    res = ctx.res
    if res.left is None:
        res.left = list(players_of(state, ctx.seat, effect.target))
    while res.left:
        seat = res.left[0]
        hand = state.players[seat].hand
        if len(hand) > effect.amount:
            state.decision = Decision("discard", seat, n=effect.amount)
            return False
        res.left.pop(0)
        if hand:
            cards = list(hand)
            discard(state, seat, cards, log)
            if not log.quiet:
                names = joined("list.comma", [named(c.name) for c in cards])
                said.append(say("did.discard", seat=SEAT[seat], cards=names))
    res.left = None
    return True


def _recall(state: BreakfallState, ctx: Context, effect: Effect, log: StepLog, said: Said) -> bool:
    graveyard = state.players[ctx.seat].graveyard
    if len(graveyard) > 1:
        state.decision = Decision("recall", ctx.seat)
        return False
    if graveyard:
        card = graveyard[0]
        move(state, card, "hand")
        log.event("recalled", None, seat=ctx.seat, card=card.uid, name=card.name)
        if not log.quiet:
            said.append(say("did.recall", seat=SEAT[ctx.seat], card=card.name))
    return True


def _negate(state: BreakfallState, ctx: Context, effect: Effect, log: StepLog, said: Said) -> bool:
    """An entry that is not a damage check leaves the space without resolving; a negated card
    goes to the graveyard (a breakfall's card stays in the check zone until its check ends)."""
    for entry in state.space.entries:
        if entry.item.eid == ctx.item.target:
            state.space.withdraw(entry)
            item = entry.item
            card = state.cards[item.uid]
            if item.kind == "card":
                move(state, card, "graveyard")
            log.event("negated", None, seat=entry.seat, card=item.uid, kind=item.kind)
            if not log.quiet:
                what = item.kind if item.kind in ("card", "breakfall") else "ability"
                said.append(say(f"did.negated.{what}", card=card_name(card)))
            break
    return True


def _from_check(zone: str, bowed: bool) -> Callable[..., bool]:
    def move_self(
        state: BreakfallState, ctx: Context, effect: Effect, log: StepLog, said: Said
    ) -> bool:
        card = state.cards[ctx.item.uid]
        if card.zone != "check":
            return True
        if zone == "field":
            enter_field(state, card, bowed=True)
        else:
            move(state, card, zone)
            card.bowed = bowed
        log.event("moved", None, seat=card.owner, card=card.uid, name=card.name, zone=zone)
        if not log.quiet:
            said.append(say(f"did.to_{zone}", card=card.name))
        return True

    return move_self


_EFFECTS: dict[str, Callable[[BreakfallState, Context, Effect, StepLog, Said], bool]] = {
    "damage": _on_characters(_damage),
    "ready": _on_characters(_ready),
    "bow": _on_characters(_bow),
    "boost": _on_characters(_boost),
    "bounce": _on_characters(_bounce),
    "kill": _on_characters(_kill),
    "damage_player": _damage_player,
    "draw": _draw,
    "discard": _discard,
    "recall": _recall,
    "negate": _negate,
    "self_to_hand": _from_check("hand", False),
    "self_to_field": _from_check("field", True),
    "self_to_resources": _from_check("resources", True),
}


def apply(state: BreakfallState, ctx: Context, effect: Effect, log: StepLog, said: Said) -> bool:
    """Do one effect; ``False`` if it stopped for a decision (``state.decision``)."""
    return _EFFECTS[effect.effect](state, ctx, effect, log, said)
