"""Winning (ESPER-6): the sides' conditions, and the ways a match ends.

Good wins at once when the 4th key base is destroyed (ESPER-6.1); otherwise a side whose condition
holds (no character of the other side alive) wins when one of its players declares it (ESPER-6.2)
or when it has held at the end of two rounds in a row (ESPER-6.4); the base holds for evil after
part 2's round 20 (ESPER-6.5, 6.5a); with no character alive the match is a draw at once
(ESPER-6.3, 6.3a). A side's win is every seat of it, living or dead (ESPER-6.6).
"""

from __future__ import annotations

from ..engine import Result, StepLog
from .captions import names
from .health import SIDE
from .state import EsperState
from .words import CAPTIONS

__all__ = ["EVIL", "GOOD", "conditions", "nobody_left", "win"]

GOOD = "good"
EVIL = "evil"


def alive_on(state: EsperState, side: str) -> bool:
    return any(p.alive and p.character.kind == side for p in state.players)


def conditions(state: EsperState) -> tuple[str, ...]:
    """The sides whose condition holds now: no character of the other side alive (none while
    nobody at all is alive: that is a draw)."""
    good, evil = alive_on(state, GOOD), alive_on(state, EVIL)
    if good and not evil:
        return (GOOD,)
    if evil and not good:
        return (EVIL,)
    return ()


def win(state: EsperState, side: str, reason: str, why: str, log: StepLog) -> None:
    """``side`` wins: all its seats, living or dead (ESPER-6.6); ``why`` is how, as the result
    says it (a said ``result.why.*``)."""
    if state.result is not None:
        return
    seats = tuple(p.seat for p in state.players if p.character.kind == side)
    summary = CAPTIONS.say(f"result.{side}", why=why, seats=names(seats))
    state.result = Result(seats, reason, summary, detail={"side": SIDE[side]}, labels=LABELS)
    state.agenda.clear()
    state.choice = None
    log.event("match_over", None, winners=list(seats), reason=reason, side=side)
    log.step(summary)


LABELS = {"side": CAPTIONS.say("result.label.side")}
"""What a result shown to players calls its details: the winning side."""


def nobody_left(state: EsperState, log: StepLog) -> None:
    """ESPER-6.3, 6.3a: the moment no character is alive, a draw."""
    if state.result is not None or any(p.alive for p in state.players):
        return
    state.result = Result((), "nobody_left", _NOBODY)
    state.agenda.clear()
    state.choice = None
    log.event("match_over", None, winners=[], reason="nobody_left")
    log.step(_NOBODY)


_NOBODY = CAPTIONS.say("result.nobody")
