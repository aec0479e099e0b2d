"""Loops (BREAKFALL-6) on the engine's pieces: :class:`~rules.engine.LoopGuard` for loops nobody
can stop, :class:`~rules.engine.LoopCount` for counts the players name, and the loop of two
optional abilities (BREAKFALL-6.4 (b)).

The state a loop compares (BREAKFALL-6.3a) is the whole state but the RNG, the turn number, the
counters of entries to the field, the passes, and the loops' own bookkeeping: :data:`KEY_WITHOUT`.
Working that key out is most of a state hash, so the guard is handed it only for a state whose
cheap :func:`fingerprint` (zone sizes, bowed counts, damage, phase, space) came back since the
last choice: a loop is then found on its second lap rather than its first, and a match that
loops nowhere pays for fingerprints only.
"""

from __future__ import annotations

from ..engine import LoopCount, StepLog, state_key
from .captions import say
from .state import BreakfallState, Decision, LoopRun
from .zones import finish

__all__ = [
    "COUNTS",
    "KEY_WITHOUT",
    "chose",
    "count_named",
    "fingerprint",
    "loop_key",
    "may_answer",
    "ran_away",
    "repeated",
]

KEY_WITHOUT = frozenset(
    {"rng", "turn", "seq", "next_uid", "passed", "guard", "seen", "mays", "loop", "bidding"}
)
"""What BREAKFALL-6.3a leaves out of "the state", by field name."""

COUNTS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50)
"""The counts a menu offers for a loop (BREAKFALL-6.2) or a repeatable ability (6.4a, without
0): a Discord menu lists at most 25 options (``docs/rulings.md``)."""


_UNWATCHED = 8
"""Rule processings since the last choice (in this step) before the states are watched: a few
passes come between choices all the time, a loop goes round without end, so it is only found a
few resolutions later, and play without loops takes no fingerprints."""


def loop_key(state: BreakfallState) -> str:
    return state_key(state, KEY_WITHOUT)


def fingerprint(state: BreakfallState) -> tuple[object, ...]:
    """A cheap summary that two equal states share (so a new fingerprint is a new state)."""
    a, b = state.players
    space = state.space
    return (
        state.phase,
        state.step,
        space.holder,
        len(space.entries),
        len(a.deck),
        len(b.deck),
        len(a.hand),
        len(b.hand),
        len(a.graveyard),
        len(b.graveyard),
        len(a.damage),
        len(b.damage),
        tuple([c.bowed for c in a.field]),
        tuple([c.bowed for c in b.field]),
    )


def chose(state: BreakfallState, *, may: bool = False) -> None:
    """A player chose among several options (BREAKFALL-6.3a): the watch starts over. A ``may``
    answer keeps the record of ``may`` choices, where a loop of them is found."""
    state.guard.choice_made()
    state.seen.clear()
    if not may:
        state.mays.clear()


def repeated(state: BreakfallState, log: StepLog) -> bool:
    """At a point where a player would get priority: a state seen since the last choice is a
    loop nobody can stop, and the game is a draw (BREAKFALL-6.3)."""
    if state.guard.run < _UNWATCHED:
        return False
    mark = fingerprint(state)
    if mark not in state.seen:
        state.seen.add(mark)
        return False
    if not state.guard.repeated(loop_key(state)):
        return False
    reason = say("result.loop", count=state.guard.run)  # the engine's LOOP, said
    finish(state, (), "loop", reason, log)
    log.step(reason)
    return True


def ran_away(state: BreakfallState, log: StepLog) -> bool:
    """Count a resolution or a rule processing; 1,000 in a row without a choice (in one step)
    end the game as a draw (BREAKFALL-6.5)."""
    if not state.guard.resolved():
        return False
    reason = say("result.runaway", count=state.guard.run)  # the engine's RUNAWAY, said
    finish(state, (), "runaway", reason, log)
    log.step(reason)
    return True


def may_answer(state: BreakfallState, seat: int) -> bool | None:
    """The answer to ``seat``'s optional ability given by a counted loop, or ``None`` when the
    seat is asked (``state.decision`` is set: the may itself, or the naming of a count when the
    same may came back with the state unchanged, BREAKFALL-6.4 (b)).

    As for the guard, the whole state's key is worked out only for a may whose fingerprint came
    back since the last other choice: a loop of mays is named on its second lap."""
    run = state.loop
    key = loop_key(state) if run is not None or _may_again(state) else ""
    if run is not None:
        if key == run.key:
            if run.left > 0:
                run.left -= 1
                chose(state, may=True)  # the counts named stand for the players' choices
                return True
            run.declining = True
        if run.declining and seat == run.decliner:
            state.loop = None
            state.mays.clear()
            chose(state)
            return False
        chose(state, may=True)
        return True
    for i, (seen, _seat) in enumerate(state.mays):
        if key and seen == key:
            seats = {s for _k, s in state.mays[i:]} | {seat}
            order = [s for s in state.order() if s in seats]
            state.bidding = LoopCount(key, order, least=0, most=COUNTS[-1], default=0)
            state.decision = Decision("count", order[0])
            return None
    state.mays.append((key or repr(fingerprint(state)), seat))
    state.decision = Decision("optional", seat)
    return None


def _may_again(state: BreakfallState) -> bool:
    """Whether a may with this state's fingerprint was asked since the last other choice."""
    mark = repr(fingerprint(state))
    return any(seen == mark for seen, _seat in state.mays)


def count_named(state: BreakfallState, seat: int, count: int) -> int | None:
    """``seat`` names a count (BREAKFALL-6.2); once all have, the loop runs the smaller number
    (returned) and the one who named it declines after (the TP on a tie, BREAKFALL-6.4 (b))."""
    bidding = state.bidding
    assert bidding is not None
    bidding.name(seat, count)
    namer = bidding.namer()
    if namer is not None:
        state.decision = Decision("count", namer)
        return None
    least, decliner = bidding.result()
    state.loop = LoopRun(bidding.loop, least, decliner)
    state.bidding = None
    state.decision = None
    return least
