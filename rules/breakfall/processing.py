"""Rule processing (BREAKFALL-3.3): before a player would get priority and after each damage
check, in this order: defeat (BREAKFALL-4), kills (BREAKFALL-5.2), then the waiting triggered
abilities are entered (BREAKFALL-3.2), each asking its controller for a target where there is a
choice (BREAKFALL-3.4a). It asks nothing else and moves no priority."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Said, StepLog
from .captions import joined, say, tell
from .cards import TRIGGERS, Ability
from .state import DAMAGE_LIMIT, BreakfallState, Card, Decision, Item, Waiting
from .stats import durability
from .targets import candidates
from .zones import SEAT, card_name, finish, move, trigger

__all__ = ["enter_trigger", "kill", "rule_processing", "trigger_ability"]


def rule_processing(state: BreakfallState, log: StepLog) -> None:
    """Defeat, kills, triggers; stops at a target decision (``state.decision``). It runs before
    every priority: the common case, nothing to do, is found without building anything."""
    a, b = state.players
    if (
        len(a.damage) >= DAMAGE_LIMIT or len(b.damage) >= DAMAGE_LIMIT or not a.deck or not b.deck
    ) and _defeat(state, log):
        return
    if any(card.damage or card.boosts for p in state.players for card in p.field):
        _kills(state, log)
    if state.waiting or state.entering:
        _enter_waiting(state, log)


def _lost(state: BreakfallState, seat: int) -> str | None:
    player = state.players[seat]
    if len(player.damage) >= DAMAGE_LIMIT:
        return say("lost.damage", seat=SEAT[seat], n=len(player.damage))
    if not player.deck:
        return say("lost.deck", seat=SEAT[seat])
    return None


def _defeat(state: BreakfallState, log: StepLog) -> bool:
    """BREAKFALL-4.1, 4.2; both at once: the non-turn player wins (BREAKFALL-4.4)."""
    why = [_lost(state, seat) for seat in (0, 1)]
    if why[0] is None and why[1] is None:
        return False
    if why[0] is not None and why[1] is not None:
        winner = state.ntp
        summary = say(
            "result.both", first=why[state.turn_player], second=why[winner], seat=SEAT[winner]
        )
        reason = "both"
    else:
        loser = 0 if why[0] is not None else 1
        winner = 1 - loser
        summary = say("result.lost", why=why[loser], seat=SEAT[winner])
        reason = "damage" if len(state.players[loser].damage) >= DAMAGE_LIMIT else "deck"
    finish(state, (winner,), reason, summary, log)  # it starts with a seat: no capital to make
    log.step(state.result.summary if state.result else summary)
    return True


def kill(state: BreakfallState, card: Card) -> None:
    """A character goes from the field to the graveyard; its ``killed`` abilities trigger."""
    move(state, card, "graveyard")
    trigger(state, card, "killed")


def _kills(state: BreakfallState, log: StepLog) -> None:
    """Characters whose damage is at least their durability are killed, the turn player's
    first; a static that leaves with them may kill more (BREAKFALL-5.2)."""
    while True:
        # Statics only add durability: a card with no damage and no boost cannot be at 0.
        doomed = [
            (card, card.damage, durability(state, card))
            for seat in state.order()
            for card in state.players[seat].field
            if (card.damage or card.boosts) and card.damage >= durability(state, card)
        ]
        if not doomed:
            return
        for card, _damage, _durability in doomed:
            kill(state, card)
            log.event("killed", None, seat=card.owner, card=card.uid, name=card.name)
        if not log.quiet:
            said = [
                say("killed.card", card=card_name(c), damage=d, durability=u) for c, d, u in doomed
            ]
            tell(log, "killed", cards=joined("list.comma", said))


def trigger_ability(state: BreakfallState, waiting: Waiting | Item) -> Ability:
    card = state.cards[waiting.uid]
    return card.defn.abilities[waiting.ability]


def _entry_order(tp: int) -> Callable[[Waiting], tuple[bool, int, int]]:
    """The order of entering (BREAKFALL-3.2, 3.2a): the turn player's first, so the other's
    resolve first; one player's newest source first, so the oldest resolves first; two of one
    card last listed first."""
    return lambda w: (w.seat != tp, -w.entered, -w.ability)


def _enter_waiting(state: BreakfallState, log: StepLog) -> None:
    if state.waiting:
        state.entering.add_simultaneous(state.waiting, _entry_order(state.turn_player))
        state.waiting = []
    while state.entering:
        waiting = state.entering.pop()
        ability = trigger_ability(state, waiting)
        item = Item(
            state.next_eid(), "trigger", waiting.uid, waiting.ability, context=waiting.context
        )
        kind = ability.chosen
        if kind is not None:
            found = candidates(state, waiting.seat, kind, ability.effects)
            if not found:
                log.event("not_entered", None, seat=waiting.seat, card=waiting.uid)
                if not log.quiet:
                    tell(log, "trigger.no_target", card=_source(state, waiting))
                continue
            if len(found) > 1:  # the decision holds it until its target is chosen
                state.decision = Decision("target", waiting.seat, item=item)
                return
            item = item._replace(target=found[0])
        enter_trigger(state, waiting.seat, item, log)


def _source(state: BreakfallState, waiting: Waiting | Item) -> Said:
    return card_name(state.cards[waiting.uid])


def enter_trigger(state: BreakfallState, seat: int, item: Item, log: StepLog) -> None:
    """Enter a triggered ability (its target chosen); priority does not move (BREAKFALL-3.2)."""
    state.space.enter_triggered([(seat, item)])
    log.event("entered", None, seat=seat, kind="trigger", card=item.uid, target=item.target)
    if not log.quiet:
        ability = trigger_ability(state, item)
        card, when = _source(state, item), _when(ability)
        if item.target is not None and ability.chosen != "entry":
            target = card_name(state.cards[item.target])
            tell(log, "trigger.entered.on", card=card, target=target, when=when)
        else:
            tell(log, "trigger.entered", card=card, when=when)


_WHEN = {when: say(f"trigger.{when}") for when in (*TRIGGERS, "bowed")}
"""What triggered an ability, as its caption says it ("it greets"), said once."""
_TRIGGERED = say("trigger.other")


def _when(ability: Ability) -> Said:
    return _WHEN.get(ability.when or "", _TRIGGERED)
