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
from .state import EsperState

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
    """``side`` wins: all its seats, living or dead (ESPER-6.6)."""
    if state.result is not None:
        return
    seats = tuple(p.seat for p in state.players if p.character.kind == side)
    summary = f"{side.capitalize()} wins ({why}): {names(seats)}."
    state.result = Result(seats, reason, summary, detail={"side": side})
    state.agenda.clear()
    state.choice = None
    log.event("match_over", None, winners=list(seats), reason=reason, side=side)
    log.step(summary)


def nobody_left(state: EsperState, log: StepLog) -> None:
    """ESPER-6.3, 6.3a: the moment no character is alive, a draw."""
    if state.result is not None or any(p.alive for p in state.players):
        return
    summary = "Nobody is left alive: the match is a draw."
    state.result = Result((), "nobody_left", summary)
    state.agenda.clear()
    state.choice = None
    log.event("match_over", None, winners=[], reason="nobody_left")
    log.step(summary)
