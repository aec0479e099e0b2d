"""The turn clock's rules, as pure functions of a live match (the service arms and rings it).

Each seat has its own clock (LANES-4.5: a turn limit per match). A seat the game waits on anew
gets a fresh limit: when a turn starts, or when another seat's action makes the game wait on it
(alternate turns). A seat that takes back its own end of turn keeps the time it had, so ending
and taking back never buys time. A reminder comes a quarter of the limit (at most an hour)
before the time runs out.

A CPU seat has no clock: it moves as soon as it has decided.

A seat that misses too many turns in a row (the match's ``forfeit_after``) forfeits: when its
time runs out once more, the clock gives up for it (its ``/retreat`` action) instead of applying
the timeout. The count is read from the stored log (who made each action), so a restart keeps it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import Resolution

from .games import starts_turn
from .live import LiveMatch
from .storage import Clock

__all__ = ["clocks_after", "forfeits", "next_ring", "reminder_lead", "ringing"]


def reminder_lead(turn_limit: int) -> float:
    """How long before a seat's time runs out it is reminded: a quarter, at most an hour."""
    return min(turn_limit / 4, 3600.0)


def clocks_after(
    live: LiveMatch, actor: int, pending_before: Sequence[int], resolution: Resolution, now: float
) -> dict[int, Clock]:
    """Each seat's clock once ``resolution`` (by ``actor``) is applied; none once it is over."""
    if live.match.over:
        return {p.seat: Clock(None) for p in live.players}
    fresh_all = starts_turn(resolution)
    waiting = set(live.match.pending())
    clocks = {}
    for p in live.players:
        clock = p.clock
        if p.cpu is not None:
            clocks[p.seat] = Clock(None)  # a CPU is never on the clock: it moves in seconds
            continue
        if p.seat in waiting and (
            fresh_all or clock.due_at is None or (p.seat not in pending_before and p.seat != actor)
        ):
            clock = Clock(now + live.turn_limit)
        clocks[p.seat] = clock
    return clocks


def next_ring(live: LiveMatch) -> float | None:
    """When the match's clock must ring next: a reminder or a time running out, or never."""
    if live.match.over:
        return None
    lead = reminder_lead(live.turn_limit)
    times = [
        p.clock.due_at if p.clock.reminded else p.clock.due_at - lead
        for p in live.players
        if p.seat in live.match.pending() and p.clock.due_at is not None
    ]
    return min(times, default=None)


def ringing(live: LiveMatch, now: float) -> tuple[list[int], list[int]]:
    """The seats out of time, and those to remind, at ``now``."""
    lead = reminder_lead(live.turn_limit)
    expired, remind = [], []
    for seat in live.match.pending():
        clock = live.players[seat].clock
        if clock.due_at is None:
            continue
        if now >= clock.due_at:
            expired.append(seat)
        elif now >= clock.due_at - lead and not clock.reminded:
            remind.append(seat)
    return expired, remind


def forfeits(live: LiveMatch, seat: int) -> bool:
    """Whether missing the seat's present turn would be one too many: its time running out now
    forfeits the match (or, with more than two seats, concedes it for the seat)."""
    return 0 < live.forfeit_after <= live.missed_in_a_row(seat) + 1
