"""A last-in, first-out resolution space with priority passing (BREAKFALL-3, CHARM-6.3, CHARM-9).

Entries wait in the space and resolve newest first. Seats take turns holding priority: the holder
enters something or passes. After an entry, priority goes to the next seat and the run of passes
starts over. When every seat has passed in succession, the newest entry resolves (and the seat
that opens each round, usually the turn player, gets priority again), or, with nothing waiting,
the round is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["PassOutcome", "PriorityStack"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PassOutcome(Generic[T]):
    """What a pass led to: nothing yet, an entry to resolve now, or the end of the round."""

    resolve: tuple[int, T] | None = None
    closed: bool = False


class PriorityStack(Generic[T]):
    __slots__ = ("entries", "holder", "opener", "passes", "seats")

    def __init__(self, seats: int, opener: int) -> None:
        if not 0 <= opener < seats:
            raise ValueError(f"opener {opener} is not one of {seats} seats")
        self.seats = seats
        self.opener = opener
        self.holder = opener
        self.passes = 0
        self.entries: list[tuple[int, T]] = []

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def enter(self, seat: int, entry: T) -> None:
        """The holder enters ``entry``; priority moves on and the passes start over."""
        if seat != self.holder:
            raise ValueError(f"seat {seat} does not hold priority (seat {self.holder} does)")
        self.entries.append((seat, entry))
        self.holder = self._next(seat)
        self.passes = 0

    def enter_triggered(self, entries: list[tuple[int, T]]) -> None:
        """Rule processing enters triggered abilities, in the order given (BREAKFALL-3.2).

        Priority does not move; the run of passes starts over, since there is new to answer.
        """
        self.entries.extend(entries)
        if entries:
            self.passes = 0

    def pass_priority(self, seat: int) -> PassOutcome[T]:
        if seat != self.holder:
            raise ValueError(f"seat {seat} does not hold priority (seat {self.holder} does)")
        self.passes += 1
        self.holder = self._next(seat)
        if self.passes < self.seats:
            return PassOutcome()
        self.passes = 0
        self.holder = self.opener
        if self.entries:
            return PassOutcome(resolve=self.entries.pop())
        return PassOutcome(closed=True)

    @property
    def top(self) -> tuple[int, T] | None:
        return self.entries[-1] if self.entries else None

    def __len__(self) -> int:
        return len(self.entries)
