"""The charm: its declaration (CHARM-5.2, 5.7), its resolution (CHARM-5.8, 6.5) and the charm
phase (CHARM-6): ``attacks`` and ``supports`` P.Skills, the defence declaration, ``defends``
P.Skills, the effect-declaration timing, the charm end's damage and ``charm_end`` P.Skills, in
CHARM-6.7's order (:data:`PHASE`, run by :mod:`.flow`).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import StepLog
from . import captions, chain  # chain imports this module too: its functions are read at call time
from .state import SETTLE, Card, Charm, CharmState, Declaration, Defence, Support, Task
from .stats import ap, dp
from .triggers import fire, fire_side
from .words import CAPTIONS, kept
from .zones import SEAT, hurt, settle_dp

__all__ = [
    "PHASE",
    "RUN",
    "block",
    "declare",
    "defend",
    "defenders_available",
    "resolve_charm",
    "unblock",
]

PHASE = (
    Task("phase", arg="charm"),
    Task("fire_charm"),
    SETTLE,
    Task("defence"),
    SETTLE,
    Task("timing"),
    Task("charm_damage"),
    SETTLE,
    Task("charm_over"),
)
"""CHARM-6.7: change of phase → ``attacks``/``supports`` → defence → ``defends`` → effect
timing → charm end → ``charm_end`` (with the ``face_down`` P.Skills the damage triggered); then
the flow changes phase back to main."""


def declare(
    state: CharmState,
    seat: int,
    attackers: tuple[Card, ...],
    supporter: Card | None,
    mode: str | None,
    log: StepLog,
) -> None:
    """CHARM-5.2: once per turn the turn player names attackers (and a supporter, if its
    heroine attacks) and the player it charms; the opponent may answer."""
    state.charm_used = True  # spent even if the charm fails (CHARM-5.8)
    decl = Declaration(state.next_serial(), seat, "charm")
    decl.attackers = tuple(c.uid for c in attackers)
    decl.supporter = supporter.uid if supporter is not None else None
    decl.mode = mode
    chain._enter(state, decl, log)
    if not log.quiet:
        log.step(captions.charm_declared(state, seat, attackers, supporter, mode))


def _still_in(card: Card) -> bool:
    """Face up, on the field and unchecked: what an attacker or supporter must still be when
    the charm resolves (CHARM-5.8)."""
    return card.face_up and not card.checked


def resolve_charm(state: CharmState, decl: Declaration, log: StepLog) -> None:
    """CHARM-5.8: attackers that left, turned face down or became checked drop out, and so does
    the supporter (or if the heroine dropped out); with no attacker left the charm fails.
    CHARM-6.5: the support bonus is fixed now."""
    seat = decl.seat
    attackers = tuple(u for u in decl.attackers if _still_in(state.cards[u]))
    dropped = [state.cards[u] for u in decl.attackers if u not in attackers]
    heroine = state.players[seat].heroine
    assert heroine is not None
    supporter = state.cards[decl.supporter] if decl.supporter is not None else None
    if supporter is not None and not (_still_in(supporter) and heroine.uid in attackers):
        dropped.append(supporter)
        supporter = None
    if not attackers:
        log.event("charm_failed", None, seat=seat, dropped=[c.uid for c in dropped])
        if not log.quiet:
            log.step(captions.charm_failed(seat, dropped))
        return
    charm = Charm(1 - seat, attackers, supporter.uid if supporter is not None else None)
    for uid in attackers:
        charm.moves[uid] = state.cards[uid].moves
    support = None
    if supporter is not None and decl.mode is not None:
        charm.moves[supporter.uid] = supporter.moves
        value = ap(state, supporter) if decl.mode == "ap" else dp(state, supporter)
        support = Support(heroine.uid, supporter.uid, supporter.moves, decl.mode, max(0, value))
        state.support.append(support)
    state.charm = charm
    state.main_ends = "charm"
    if not log.quiet:
        log.event(
            "charm",
            None,
            seat=seat,
            charmed=1 - seat,
            attackers=list(attackers),
            supporter=charm.supporter,
            mode=decl.mode,
            support=support.amount if support is not None else 0,
            dropped=[c.uid for c in dropped],
        )
        log.step(captions.charm_resolved(state, charm, support, dropped))


def _fire_charm(state: CharmState, task: Task, log: StepLog) -> None:
    """``attacks`` and ``supports`` P.Skills, as the charm phase begins (CHARM-6.7)."""
    charm = state.charm
    assert charm is not None
    for uid in sorted(charm.attackers, key=lambda u: state.cards[u].entered):
        fire(state, state.cards[uid], "attacks")
    if charm.supporter is not None:
        fire(state, state.cards[charm.supporter], "supports")


def defenders_available(state: CharmState, seat: int) -> list[Card]:
    """CHARM-6.2: the charmed player's face-up characters, checked or not, restricted or not."""
    return [c for c in state.players[seat].field if c.face_up and c.defn.character]


def _defence(state: CharmState, task: Task, log: StepLog) -> None:
    """The charmed player declares its defence; with no face-up character, no defence without
    being asked (CHARM-6.2)."""
    charm = state.charm
    assert charm is not None
    if defenders_available(state, charm.charmed):
        state.decision = Defence(charm.charmed)
        if not log.quiet:
            log.event("choosing", None, seat=charm.charmed, what="defence", n=0)
            log.step(kept("defence.choosing", seat=SEAT[charm.charmed]))
        return
    log.event("defended", None, seat=charm.charmed, blocks=[])
    log.say(CAPTIONS, "defence.impossible", seat=SEAT[charm.charmed])


def block(state: CharmState, seat: int, attacker: Card, defender: Card, log: StepLog) -> None:
    """Stage one block of the defence (seen only by its seat until declared)."""
    defence = state.decision
    assert isinstance(defence, Defence)
    defence.blocks[attacker.uid] = defender.uid
    if not log.quiet:
        log.event("block_staged", seat, seat=seat, attacker=attacker.uid, defender=defender.uid)
        planned = kept("defence.planned", defender=defender.name, attacker=attacker.name)
        log.step(planned, to=seat)


def unblock(state: CharmState, seat: int, log: StepLog) -> None:
    defence = state.decision
    assert isinstance(defence, Defence)
    defence.blocks.clear()
    log.event("blocks_cleared", seat, seat=seat)
    log.step(_TAKEN_BACK, to=seat)


_TAKEN_BACK = CAPTIONS.say("defence.taken_back")


def defend(state: CharmState, seat: int, log: StepLog) -> None:
    """Declare the staged blocks (none: no defence); ``defends`` P.Skills trigger."""
    defence = state.decision
    charm = state.charm
    assert isinstance(defence, Defence) and charm is not None
    charm.blocks = dict(defence.blocks)
    for uid in charm.blocks.values():
        charm.moves[uid] = state.cards[uid].moves
    state.decision = None
    if not log.quiet:
        log.event("defended", None, seat=seat, blocks=sorted(charm.blocks.items()))
        log.step(captions.defended(state, seat, charm))
    for uid in sorted(charm.blocks.values(), key=lambda u: state.cards[u].entered):
        fire(state, state.cards[uid], "defends")


def _in_charm(state: CharmState, charm: Charm, uid: int) -> Card | None:
    card = state.cards[uid]
    return card if card.face_up and card.moves == charm.moves.get(uid) else None


def _damage(state: CharmState, task: Task, log: StepLog) -> None:
    """CHARM-6.4: an unblocked attacker adds its AP (0 if below, 6.4a) to the charmed player's
    damage, a blocked one deals it as DP damage to its defender; none from an attacker that
    left or turned face down, nor from one whose defender did. Then attackers and supporter
    become checked, and ``charm_end`` P.Skills trigger."""
    charm = state.charm
    assert charm is not None
    hits: list[tuple[Card, Card, int]] = []
    for uid in charm.attackers:
        attacker = _in_charm(state, charm, uid)
        if attacker is None:
            continue
        amount = max(0, ap(state, attacker))
        blocked = charm.blocks.get(uid)
        if blocked is None:
            log.event(
                "attack",
                None,
                seat=attacker.owner,
                card=uid,
                name=attacker.name,
                amount=amount,
                defender=None,
            )
            hurt(state, charm.charmed, amount, log, why="charm")
            continue
        defender = _in_charm(state, charm, blocked)
        if defender is not None:
            hits.append((attacker, defender, amount))
    for attacker, defender, amount in hits:
        before = dp(state, defender)
        defender.dp_damage += amount
        log.event(
            "attack",
            None,
            seat=attacker.owner,
            card=attacker.uid,
            name=attacker.name,
            amount=amount,
            defender=defender.uid,
        )
        log.event(
            "dp_damage",
            None,
            seat=defender.owner,
            card=defender.uid,
            name=defender.name,
            amount=amount,
            before=before,
            after=dp(state, defender),
        )
    settle_dp(state, log)
    for uid in (*charm.attackers, *((charm.supporter,) if charm.supporter else ())):
        card = _in_charm(state, charm, uid)
        if card is not None and not card.checked:
            card.checked = True
            if not log.quiet:
                log.event("checked", None, seat=card.owner, card=uid, name=card.name)
    if not log.quiet:
        captions.close(log, captions.charm_damage(state, charm, log.pending))
    fire_side(state, (state.turn_player, 1 - state.turn_player), "charm_end")


def _over(state: CharmState, task: Task, log: StepLog) -> None:
    state.charm = None


RUN: dict[str, Callable[[CharmState, Task, StepLog], None]] = {
    "fire_charm": _fire_charm,
    "defence": _defence,
    "charm_damage": _damage,
    "charm_over": _over,
}
