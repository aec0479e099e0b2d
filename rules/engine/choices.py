"""Simultaneous secret choices: mulligans (CHARM-1.4), joins (ESPER-5.5), invitations (ESPER-10.1).

Some of the seats choose at once, each in private, each once; the match waits on all who have not
chosen (ESPER-13.1). Until everyone has, a seat sees only its own choice and, of the others, who
has chosen, never what; then the choices are revealed together. The clock chooses a seat's
default for it (CHARM-13.1: return nothing; ESPER-13.2: no, decline).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Generic, TypeVar

__all__ = ["SecretChoice"]

V = TypeVar("V")


class SecretChoice(Generic[V]):
    __slots__ = ("_chosen", "defaults")

    def __init__(
        self, seats: Iterable[int], default: V, *, defaults: Mapping[int, V] | None = None
    ) -> None:
        """The choice of ``seats``; the clock chooses ``defaults[seat]``, else ``default``."""
        order = sorted(seats)
        if not order or len(set(order)) != len(order) or order[0] < 0:
            raise ValueError(f"seats {order} must be distinct seat numbers, at least one")
        extra = set(defaults or {}) - set(order)
        if extra:
            raise ValueError(f"defaults for seats {sorted(extra)} that do not choose")
        self.defaults: dict[int, V] = {seat: (defaults or {}).get(seat, default) for seat in order}
        self._chosen: dict[int, V] = {}

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(self.defaults)

    def waiting_on(self) -> tuple[int, ...]:
        return tuple(seat for seat in self.defaults if seat not in self._chosen)

    def has_chosen(self) -> tuple[int, ...]:
        """The public face of the choice: who has chosen, in seat order."""
        return tuple(seat for seat in self.defaults if seat in self._chosen)

    def done(self) -> bool:
        return len(self._chosen) == len(self.defaults)

    def choose(self, seat: int, value: V) -> None:
        if seat not in self.defaults:
            raise ValueError(f"seat {seat} has no part in this choice")
        if seat in self._chosen:
            raise ValueError(f"seat {seat} has already chosen")
        self._chosen[seat] = value

    def withdraw(self, seat: int) -> None:
        """Forget what ``seat`` chose, before all have chosen: a determinization (a state as
        another seat may believe it is) draws a secret choice again."""
        if self.done():
            raise ValueError("the choices are revealed")
        self._chosen.pop(seat, None)

    def time_out(self) -> tuple[int, ...]:
        """Every seat still waited on chooses its default; returns those seats."""
        late = self.waiting_on()
        for seat in late:
            self._chosen[seat] = self.defaults[seat]
        return late

    def chosen(self, seat: int, viewer: int | None) -> V | None:
        """What ``seat`` chose, as ``viewer`` may see it: its own at once, others' once done."""
        if viewer == seat or self.done():
            return self._chosen.get(seat)
        return None

    def reveal(self) -> tuple[tuple[int, V], ...]:
        """Every ``(seat, choice)``, in seat order, once all have chosen."""
        if not self.done():
            raise ValueError(f"still waiting on seats {list(self.waiting_on())}")
        return tuple((seat, self._chosen[seat]) for seat in self.defaults)
