"""What each effect of CHARM-11.6 does, on the cards and players it reaches (:mod:`.targets`).

:func:`apply` resolves one effect of a resolving skill; it returns True when the effect waits on
a player's choice made on resolution (which cards to discard, which card to recall), having set
``state.decision``: the flow resumes the skill once it is made (:func:`discard_chosen`,
:func:`recall_chosen`). Conditions (CHARM-11.8) are read when the effect resolves.
"""

from __future__ import annotations

from ..engine import StepLog
from .cards import Condition, Effect
from .state import Card, CharmState, Pick, Res
from .stats import ap, dp, full_dp
from .targets import attackers, reached
from .zones import discard_from_hand, draw, heal, hurt, leave_field, settle_dp, turn_face_down

__all__ = ["apply", "condition_holds", "discard_chosen", "recall_chosen", "recallable"]


def condition_holds(state: CharmState, controller: int, condition: Condition | None) -> bool:
    if condition is None:
        return True
    if condition.kind == "own_damage_at_least":
        return state.players[controller].damage >= condition.n
    if condition.kind == "opponent_damage_at_least":
        return state.players[1 - controller].damage >= condition.n
    heroine = state.players[controller].heroine
    return heroine is not None and heroine in attackers(state)


def _player(res: Res, target: str) -> int:
    return res.controller if target == "you" else 1 - res.controller


def apply(state: CharmState, res: Res, effect: Effect, log: StepLog) -> bool:
    """Resolve ``effect`` of ``res``; True if it now waits on a choice."""
    if not condition_holds(state, res.controller, effect.condition):
        log.event("no_effect", None, seat=res.controller, effect=effect.effect)
        return False
    name, n = effect.effect, effect.amount
    if name == "damage_player":
        hurt(state, 1 - res.controller, n, log)
    elif name == "heal":
        heal(state, res.controller, n, log)
    elif name == "gain_ep":
        player = state.players[res.controller]
        player.pool += n
        log.event("gained_ep", None, seat=res.controller, amount=n, pool=player.pool)
    elif name == "draw":
        seat = _player(res, effect.target)
        for _ in range(n):
            draw(state, seat, log)
    elif name == "discard":
        return _discard(state, res, _player(res, effect.target), n, log)
    elif name == "recall":
        return _recall(state, res, effect, log)
    elif name == "negate":
        _negate(state, res, log)
    else:
        source = state.cards.get(res.source)
        for card in reached(state, res.controller, source, effect.target, res.target):
            _on_card(state, card, effect, log)
        settle_dp(state, log)
    return False


def _on_card(state: CharmState, card: Card, effect: Effect, log: StepLog) -> None:
    name, n = effect.effect, effect.amount
    who = {"seat": card.owner, "card": card.uid, "name": card.name}
    if name == "damage":
        before = dp(state, card)
        card.dp_damage += n
        log.event("dp_damage", None, amount=n, before=before, after=dp(state, card), **who)
    elif name == "boost":
        read = ap if effect.stat == "ap" else full_dp
        before = read(state, card)
        if effect.stat == "ap":
            card.boost_ap += n
        else:
            card.boost_dp += n
        log.event(
            "boosted",
            None,
            stat=effect.stat,
            amount=n,
            before=before,
            after=read(state, card),
            **who,
        )
    elif name in ("check", "uncheck"):
        now = name == "check"
        if card.checked != now:
            card.checked = now
            log.event(name + "ed", None, **who)
    elif name == "face_down":
        if dp(state, card) <= n:
            turn_face_down(state, card, log)
    elif name == "bounce":
        if card.defn.heroine:  # an effect that would move it off the field does nothing
            log.event("stays", None, **who)
        else:
            leave_field(state, card, "hand", log, "bounced")
    elif name == "tokens":
        before = card.tokens
        card.tokens = max(0, before + n)
        log.event("tokens", None, before=before, after=card.tokens, **who)


def _discard(state: CharmState, res: Res, seat: int, n: int, log: StepLog) -> bool:
    """CHARM-11.6a: a player holding n cards or fewer discards all it holds; else it picks."""
    hand = state.players[seat].hand
    if len(hand) <= n:
        discard_from_hand(state, seat, list(hand), log)
        return False
    state.decision = Pick("discard", seat, tuple(c.uid for c in hand), n, res)
    log.event("choosing", None, seat=seat, what="discard", n=n)
    return True


def discard_chosen(state: CharmState, seat: int, uids: tuple[int, ...], log: StepLog) -> None:
    """The chosen cards go, in the hand's order (a menu answers in the order clicked)."""
    hand = state.players[seat].hand
    chosen = set(uids)
    discard_from_hand(state, seat, [c for c in hand if c.uid in chosen], log)


def recallable(state: CharmState, res: Res, kind: str) -> list[Card]:
    """Cards of the named kind in the controller's discard pile, oldest first, but not one
    discarded to pay this very skill (CHARM-10.4, 10.4a). An event resolving is not in the
    pile, so it cannot take itself back."""
    return [
        c
        for c in state.players[res.controller].discard
        if c.defn.kind == kind and c.uid not in res.cost_cards
    ]


def _recall(state: CharmState, res: Res, effect: Effect, log: StepLog) -> bool:
    assert effect.kind is not None
    found = recallable(state, res, effect.kind)
    if len(found) > 1:
        state.decision = Pick("recall", res.controller, tuple(c.uid for c in found), 1, res)
        log.event("choosing", None, seat=res.controller, what="recall", n=1)
        return True
    if found:
        recall_chosen(state, res.controller, found[0].uid, log)
    elif not log.quiet:
        log.event("none_to_recall", None, seat=res.controller, kind=effect.kind)
    return False


def recall_chosen(state: CharmState, seat: int, uid: int, log: StepLog) -> None:
    player = state.players[seat]
    card = state.cards[uid]
    player.discard.remove(card)
    card.zone = "hand"
    card.moves += 1
    player.hand.append(card)
    log.event("recalled", None, seat=seat, card=uid, name=card.name)


def _negate(state: CharmState, res: Res, log: StepLog) -> None:
    """The event or A.Skill this one interrupts fails when it resolves (CHARM-11.6)."""
    for entry in state.stack.entries:
        decl = entry.item
        if decl.serial == res.answers and decl.kind in ("event", "skill"):
            decl.negated = True
            log.event(
                "negated",
                None,
                seat=decl.seat,
                serial=decl.serial,
                card=decl.card,
                name=state.cards[decl.card].name,
            )
