"""Simultaneous hidden staging (LANES-4): every seat chooses in private, then all resolve.

A seat stages items, may reset them all and start again (LANES-4.3), ends its staging and may
take that back until every seat has ended (LANES-4.4). A seat ended by the clock is locked: it
cannot take the end back (LANES-4.5). Nothing here is visible to other seats; a ruleset's views
show only who has ended.
"""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["Staging"]

T = TypeVar("T")


class Staging(Generic[T]):
    __slots__ = ("ended", "locked", "staged")

    def __init__(self, seats: int) -> None:
        self.staged: list[list[T]] = [[] for _ in range(seats)]
        self.ended: list[bool] = [False] * seats
        self.locked: list[bool] = [False] * seats

    def stage(self, seat: int, item: T) -> None:
        if self.ended[seat]:
            raise RuntimeError(f"seat {seat} has ended staging")
        self.staged[seat].append(item)

    def reset(self, seat: int) -> list[T]:
        """Drop the seat's staged items and return them, oldest first."""
        items, self.staged[seat] = self.staged[seat], []
        return items

    def end(self, seat: int, *, locked: bool = False) -> None:
        self.ended[seat] = True
        self.locked[seat] = self.locked[seat] or locked

    def can_take_back(self, seat: int) -> bool:
        return self.ended[seat] and not self.locked[seat] and not self.all_ended()

    def take_back(self, seat: int) -> None:
        if not self.can_take_back(seat):
            raise RuntimeError(f"seat {seat} cannot take its end back")
        self.ended[seat] = False

    def all_ended(self) -> bool:
        return all(self.ended)

    def waiting_on(self) -> tuple[int, ...]:
        return tuple(seat for seat, ended in enumerate(self.ended) if not ended)

    def clear(self) -> None:
        """Start a new round: nothing staged, nobody ended."""
        for items in self.staged:
            items.clear()
        self.ended = [False] * len(self.ended)
        self.locked = [False] * len(self.locked)
