"""What happens to a character: checks, damage, states, reveals and death (ESPER-2, 7).

Checks roll 2d6 against a stat (ESPER-2.1, 2.2), always declaring the full value (ESPER-2.3). A
public caption gives the dice and the outcome; the number they were rolled against, a hidden stat,
is on the seat's own sheet, and its probers'.
"""

from __future__ import annotations

from ..engine import StepLog
from . import parties
from .captions import S, dice
from .state import ARRESTED, DEAD, INCAPACITATED, NORMAL, SCATTERED, EsperState
from .words import CAPTIONS, tell

__all__ = [
    "arrest",
    "check",
    "damage",
    "incapacitate",
    "kill",
    "normal",
    "reveal",
    "scatter",
]

LEVEL = "ESP level"
MENTAL = "mental"


def check(
    state: EsperState, seat: int, stat: str, log: StepLog, what: str, *, bonus: int = 0
) -> bool:
    """An ESP-level or mental check (ESPER-2.1, 2.2): 2d6, a success at or under the stat
    (plus ``bonus``: an entry check's clues and tries, ESPER-4.1); ``what`` names its caption
    (``check.<what>``: ``reform``, ``unprobe``, ``core``, ``archive``, ``mental``, ``enter``,
    ``join``)."""
    player = state.players[seat]
    value = (player.level if stat == LEVEL else player.character.mental) + bonus
    rolled = state.rng.roll(6, 2)
    ok = sum(rolled) <= value
    log.event("check", None, seat=seat, stat=stat, dice=list(rolled), success=ok)
    if not log.quiet:
        outcome = _SUCCEEDS if ok else _FAILS
        tell(log, f"check.{what}", seat=S(seat), dice=dice(rolled), outcome=outcome)
    return ok


_SUCCEEDS = CAPTIONS.say("check.succeeds")
_FAILS = CAPTIONS.say("check.fails")


def normal(player_state: str) -> bool:
    """Normal, as a rule asks it: not arrested, incapacitated, scattered or dead; a probe lies
    on top of a state (``docs/rulings.md``, ESPER-7.1)."""
    return player_state == NORMAL


def arrest(state: EsperState, seat: int, log: StepLog) -> None:
    """ESPER-7.2: it skips its next movement phase."""
    state.players[seat].state = ARRESTED
    state.players[seat].incapacitated = 0
    log.event("state", None, seat=seat, state=ARRESTED)
    log.say(CAPTIONS, "state.arrested", seat=S(seat))


def incapacitate(state: EsperState, seat: int, turns: int, log: StepLog) -> None:
    """ESPER-7.3: its next ``turns`` turns are skipped."""
    player = state.players[seat]
    player.state = INCAPACITATED
    player.incapacitated = turns
    log.event("state", None, seat=seat, state=INCAPACITATED, turns=turns)
    log.say(CAPTIONS, "state.incapacitated", seat=S(seat), turns=turns)


def scatter(state: EsperState, seat: int, log: StepLog) -> None:
    """ESPER-7.4: the piece leaves the board (its square remembered) and its party."""
    player = state.players[seat]
    parties.leave(state, seat, log, "scattered")
    player.home = player.where
    player.where = None
    player.state = SCATTERED
    player.incapacitated = 0
    log.event("state", None, seat=seat, state=SCATTERED, square=player.home)
    log.say(CAPTIONS, "state.scattered", seat=S(seat))


def reveal(state: EsperState, seat: int, log: StepLog, why: str) -> None:
    """The seat's character is shown to all: ``why`` names how (``reveal.<why>``: ``dies``,
    ``exposed``, ``declares``, ``concedes``)."""
    player = state.players[seat]
    player.revealed = True
    state.knowledge.reveal(("identity", seat), player.character.id)
    log.event("revealed", None, seat=seat, character=player.character.id)
    if not log.quiet:
        c = player.character
        log.say(CAPTIONS, f"reveal.{why}", seat=S(seat), character=c.name, side=SIDE[c.kind])


SIDE = {side: CAPTIONS.say(f"side.{side}") for side in ("good", "evil")}
"""A side (a character's alignment) as captions and results name it."""


def damage(
    state: EsperState, seat: int, amount: int, log: StepLog, why: str, fighter: str = ""
) -> None:
    """Durability lowered by ``amount``; at 0 the character dies, unless a double leaves it at 1
    the first time (ESPER-5.1, 14.5). ``why`` names the caption (``damage.<why>``: ``core``,
    ``snare``, ``rift``, or ``fighter``, the attacker being ``fighter``)."""
    player = state.players[seat]
    player.damage = min(player.character.durability, player.damage + amount)
    log.event("damaged", None, seat=seat, amount=amount)
    if not log.quiet:
        total = player.damage
        log.say(
            CAPTIONS, f"damage.{why}", seat=S(seat), amount=amount, total=total, fighter=fighter
        )
    if player.durability_left > 0:
        return
    if "double" in player.gear:
        player.gear.remove("double")
        player.damage = player.character.durability - 1
        log.event("gear_used", None, seat=seat, gear="double", name=state.pool.gear("double").name)
        name = state.pool.gear("double").name
        log.say(CAPTIONS, "damage.double", seat=S(seat), gear=name)
        return
    kill(state, seat, log, "dies")


def kill(state: EsperState, seat: int, log: StepLog, how: str) -> None:
    """ESPER-7.6, 7.6a: revealed; piece, gear and clues leave the game; out of its party, any
    combat, any choice and every probe; its lurk marker removed; nobody comes back."""
    player = state.players[seat]
    if not player.alive:
        return
    parties.leave(state, seat, log, "dead")
    player.where = player.home = None
    player.gear = []
    player.clues = 0
    player.state = DEAD
    state.lurks.pop(seat, None)
    knowledge = state.knowledge
    knowledge.shake_off(seat)
    knowledge.kill(seat)
    combat = state.combat
    if combat is not None and seat in combat.combatants:
        combat.combatants.remove(seat)
        state.discard.extend(player.hand)
        player.hand = []
    choice = state.choice
    if choice is not None and seat in choice.waiting_on():
        choice.choose(seat, False)
    log.event("died", None, seat=seat)
    reveal(state, seat, log, how)
    from .winning import nobody_left

    nobody_left(state, log)
