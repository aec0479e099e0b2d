"""The battle phase (BREAKFALL-2.4, 2.6 to 2.8): greet, block, damage.

The turn player picks greeters among its ready characters that are not new; each bows and greets
the non-turn player. The non-turn player then picks a blocker for each greeter in turn (one
decision per greeter, at most one of its ready characters each, a character blocking at most
one). In the damage step everything is dealt at once: a blocked greeter and its blocker deal
their force to each other, an unblocked greeter its sabotage to the non-turn player; a greeter
that left, or whose blocker left, deals nothing.

``state.battle`` pairs each greeter with its blocker's uid or a mark: :data:`~.state.NOT_ASKED`,
:data:`~.state.NO_BLOCKER`, :data:`~.state.BLOCKER_LEFT`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import StepLog
from .captions import joined, listed, say, tell
from .effects import deal_damage, place_checks
from .state import BLOCKER_LEFT, NO_BLOCKER, NOT_ASKED, BreakfallState, Card, Decision
from .stats import dealt, durability, force, is_new, sabotage
from .zones import SEAT, bow, card_name, trigger

__all__ = [
    "block",
    "block_none_left",
    "blocker_choices",
    "damage_step",
    "greet",
    "greeter_choices",
    "next_block",
]


def greeter_choices(state: BreakfallState) -> list[Card]:
    """The turn player's ready characters that are not new (BREAKFALL-2.4 (a), 2.6)."""
    return [
        c for c in state.players[state.turn_player].field if not c.bowed and not is_new(state, c)
    ]


def greet(state: BreakfallState, chosen: Sequence[Card], log: StepLog) -> bool:
    """The greeters bow and greet; ``False`` if none were picked (the battle phase ends)."""
    seat = state.turn_player
    if not chosen:
        log.event("no_greeters", None, seat=seat)
        tell(log, "greet.nobody", seat=SEAT[seat])
        return False
    state.battle = [[card.uid, NOT_ASKED] for card in chosen]
    for card in chosen:
        bow(state, card)
        trigger(state, card, "greets")
        log.event("greets", None, seat=seat, card=card.uid, name=card.name)
    if not log.quiet:
        said = [
            say("greet.greeter", card=c.name, force=force(state, c), sabotage=sabotage(state, c))
            for c in chosen
        ]
        tell(log, "greet", seat=SEAT[seat], greeters=listed(said))
    return True


def blocker_choices(state: BreakfallState) -> list[Card]:
    """The non-turn player's ready characters not yet blocking."""
    blocking = {b for _g, b in state.battle}
    return [c for c in state.players[state.ntp].field if not c.bowed and c.uid not in blocking]


def next_block(state: BreakfallState) -> bool:
    """Ask for the next greeter's blocker, if any greeter is left to ask about and the non-turn
    player has a ready character to block with; ``False`` once there is nothing to ask."""
    if not blocker_choices(state):
        return False
    for greeter, blocker in state.battle:
        if blocker == NOT_ASKED and state.cards[greeter].zone == "field":
            state.decision = Decision("block", state.ntp, uid=greeter)
            return True
    return False


def block(state: BreakfallState, greeter: int, blocker: Card | None, log: StepLog) -> None:
    """Record one greeter's blocker (``None``: unblocked); blocking does not bow."""
    for pair in state.battle:
        if pair[0] == greeter:
            pair[1] = blocker.uid if blocker is not None else NO_BLOCKER
    state.decision = None
    card = state.cards[greeter]
    if blocker is None:
        log.event("unblocked", None, seat=state.ntp, card=greeter)
        tell(log, "block.none", seat=SEAT[state.ntp], card=card.name)
        return
    trigger(state, blocker, "blocks", context=greeter)
    log.event("blocks", None, seat=state.ntp, card=blocker.uid, greeter=greeter)
    if not log.quiet:
        tell(
            log,
            "block",
            seat=SEAT[state.ntp],
            card=card.name,
            blocker=blocker.name,
            force=force(state, blocker),
            damage=blocker.damage,
            durability=durability(state, blocker),
        )


def block_none_left(state: BreakfallState, log: StepLog) -> None:
    """The clock's blockers (BREAKFALL-9.1): none for the greeter asked about and every one not
    yet asked about."""
    for pair in state.battle:
        if pair[1] == NOT_ASKED:
            pair[1] = NO_BLOCKER
    state.decision = None
    tell(log, "block.nothing", seat=SEAT[state.ntp])


def damage_step(state: BreakfallState, log: StepLog) -> None:
    """All battle damage at once (BREAKFALL-2.4 (c), 2.7, 2.8); damage to the non-turn player
    places its checks (BREAKFALL-5.3)."""
    cards = state.cards
    hits: list[tuple[Card, Card | None, int]] = []  # (dealer, character hit or None, amount)
    for greeter_uid, blocker_uid in state.battle:
        greeter = cards[greeter_uid]
        if greeter.zone != "field":
            continue
        if blocker_uid > NOT_ASKED:  # a uid: blocked
            blocker = cards[blocker_uid]
            if blocker.zone != "field":
                continue
            hits.append((greeter, blocker, dealt(force(state, greeter))))
            hits.append((blocker, greeter, dealt(force(state, blocker))))
        elif blocker_uid != BLOCKER_LEFT:
            hits.append((greeter, None, dealt(sabotage(state, greeter))))
    before = {c.uid: c.damage for _d, c, _n in hits if c is not None}
    to_player = 0
    for dealer, hit, amount in hits:
        if amount >= 1:
            trigger(state, dealer, "deals_damage")
        if hit is None:
            to_player += amount
        else:
            deal_damage(state, hit, amount)
        log.event(
            "battle_damage",
            None,
            card=dealer.uid,
            target=None if hit is None else hit.uid,
            amount=amount,
        )
    if to_player:
        place_checks(state, {state.ntp: to_player}, log)
    if not log.quiet:
        _caption(state, hits, before, to_player, log)


def _caption(
    state: BreakfallState,
    hits: list[tuple[Card, Card | None, int]],
    before: dict[int, int],
    to_player: int,
    log: StepLog,
) -> None:
    if not hits:
        tell(log, "damage.none")
        return
    ntp = SEAT[state.ntp]
    said = []
    for dealer, hit, amount in hits:
        if hit is None:
            said.append(say("damage.to_seat", card=card_name(dealer), amount=amount, seat=ntp))
        else:
            said.append(
                say(
                    "damage.to_card",
                    card=card_name(dealer),
                    amount=amount,
                    target=hit.name,
                    before=before[hit.uid],
                    after=hit.damage,
                    durability=durability(state, hit),
                )
            )
    if to_player:
        checks = f"damage.checks.{'one' if to_player == 1 else 'other'}"
        said.append(say(checks, n=to_player, seat=ntp))
    tell(log, "damage", hits=joined("list.semicolon", said))
