"""Attacks (FANFARE-2.2, FANFARE-Q10): strike and clash first, then combat damage.

Everything the attack triggers, and everything that causes, resolves before any combat damage.
If the attacker or its target is gone by then, there is no fight. Combat damage is dealt both
ways at once; drain heals by the damage actually dealt and bane marks its victim, both before
the check that destroys followers (the turn player's first) and decides losses.
"""

from __future__ import annotations

from ..engine import StepLog
from . import captions, triggers
from .captions import label
from .effects import deal_damage, restore
from .resolve import settle
from .state import Card, FanfareState, Unit
from .stats import attack as attack_of
from .stats import has_keyword
from .words import CAPTIONS

__all__ = ["attack"]


def attack(state: FanfareState, seat: int, attacker: Card, target: Unit, log: StepLog) -> None:
    attacker.attacked = True
    moves = (attacker.moves, target.moves if isinstance(target, Card) else 0)
    log.event("attack", None, seat=seat, attacker=attacker.uid, target=target.uid)
    if not log.quiet:
        log.say(CAPTIONS, "attack", attacker=label(attacker), target=label(target))
    triggers.on_attack(state, attacker, target)
    settle(state, log)
    if state.result is not None:
        return
    if attacker.zone != "board" or attacker.moves != moves[0]:
        log.event("no_fight", None, attacker=attacker.uid, target=target.uid)
        log.say(CAPTIONS, "attack.attacker_left", attacker=label(attacker))
        return
    if isinstance(target, Card) and (target.zone != "board" or target.moves != moves[1]):
        log.event("no_fight", None, attacker=attacker.uid, target=target.uid)
        log.say(CAPTIONS, "attack.target_left", card=target.name)
        return
    _fight(state, attacker, target, log)
    settle(state, log)


def _fight(state: FanfareState, attacker: Card, target: Unit, log: StepLog) -> None:
    power = attack_of(state, attacker)
    if isinstance(target, Card):
        back = attack_of(state, target)
        dealt = deal_damage(state, target, power, log)
        taken = deal_damage(state, attacker, back, log)
        if dealt > 0 and has_keyword(attacker, "bane"):
            target.doomed = True
        if taken > 0 and has_keyword(target, "bane"):
            attacker.doomed = True
    else:
        dealt = deal_damage(state, target, power, log)
    if dealt > 0 and has_keyword(attacker, "drain"):
        restore(state, state.players[attacker.owner].leader, dealt, log)
    log.event("combat", None, attacker=attacker.uid, target=target.uid, dealt=dealt)
    if not log.quiet:
        log.step(captions.combat(log.pending, label(attacker), label(target)))
