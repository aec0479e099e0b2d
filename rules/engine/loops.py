"""Loops (BREAKFALL-6): the ones nobody can stop, and the ones players name a count for.

:class:`LoopGuard` watches rule processing that runs by itself. If a state comes back with no
player having had a choice in between, nothing can break the cycle: the game is a draw
(BREAKFALL-6.3). So is a long run of resolutions without a choice (BREAKFALL-6.5: 1,000). The
state it compares is what the caller hands it, as a :func:`state_key`: the match state *without*
the RNG state, turn number, pass and resolution counts, the action log and the guard itself
(BREAKFALL-6.3a), since those change on every lap of a loop that is otherwise the same.

:class:`LoopCount` is the naming of a loop count (BREAKFALL-6.1, 6.2, 6.4): each seat that could
continue the loop names a number, the turn player first, in the open; the loop runs the smaller
number of times. :class:`LoopBlocks` remembers that a seat may not start the loop it named again
until it has done something else (BREAKFALL-6.1, 6.4a).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from .actions import Option, Param
from .canonical import canonical

__all__ = ["LoopBlocks", "LoopCount", "LoopGuard", "state_key"]


WITHOUT_RNG = frozenset({"rng"})


def state_key(state: object, without: frozenset[str] = WITHOUT_RNG) -> str:
    """A short digest of ``state`` (anything :func:`~rules.engine.canonical` reads) for the guard,
    leaving out the fields named in ``without`` wherever they are: the RNG by default, and what
    else BREAKFALL-6.3a leaves out (turn number, counts of passes) where a ruleset has it."""
    text = json.dumps(canonical(state, without=without), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class LoopGuard:
    __slots__ = ("_seen", "limit", "run")

    def __init__(self, limit: int = 1000) -> None:
        if limit < 1:
            raise ValueError(f"a limit of {limit} resolutions ends every game at once")
        self.limit = limit
        self.run = 0  # resolutions and rule-processing passes since the last choice
        self._seen: set[str] = set()

    def repeated(self, key: str) -> bool:
        """Note the state ``key``; ``True`` if it was seen since the last choice (a draw)."""
        if key in self._seen:
            return True
        self._seen.add(key)
        return False

    def resolved(self) -> bool:
        """Count a resolution or rule-processing pass; ``True`` once ``limit`` ran in a row
        without a choice (BREAKFALL-6.5: a draw)."""
        self.run += 1
        return self.run >= self.limit

    def choice_made(self) -> None:
        """A player chose among several options (not a pass): the watch starts over."""
        self._seen.clear()
        self.run = 0

    def step_changed(self) -> None:
        """A new step or phase restarts the count of resolutions, not the states seen."""
        self.run = 0


class LoopCount:
    """Seats name how many times a loop runs, one after another; the smaller count holds."""

    __slots__ = ("bids", "default", "least", "loop", "most", "seats")

    def __init__(
        self,
        loop: str,
        seats: Sequence[int],
        *,
        least: int = 1,
        most: int = 50,
        default: int | None = None,
    ) -> None:
        """``seats`` name in this order, the turn player first (BREAKFALL-6.2). ``default`` is
        what the clock names (BREAKFALL-9.1 names 0); it is ``least`` unless given."""
        if not seats or len(set(seats)) != len(seats):
            raise ValueError(f"seats {list(seats)} must be distinct and not empty")
        default = least if default is None else default
        if not least <= default <= most:
            raise ValueError(f"counts {least}..{most} do not include the default {default}")
        self.loop = loop
        self.seats = tuple(seats)
        self.least = least
        self.most = most
        self.default = default
        self.bids: list[int] = []  # in naming order; public (named in the open)

    def namer(self) -> int | None:
        """The seat that names next, or ``None`` once all have named."""
        return self.seats[len(self.bids)] if len(self.bids) < len(self.seats) else None

    def done(self) -> bool:
        return self.namer() is None

    def options(self) -> tuple[Option, ...]:
        return tuple(Option(n, f"{n}×") for n in range(self.least, self.most + 1))

    def param(self, name: str = "count", label: str = "Repeat how many times") -> Param:
        return Param(name, label, self.options())

    def name(self, seat: int, count: int) -> None:
        if seat != self.namer():
            raise ValueError(f"seat {seat} does not name a count now (seat {self.namer()} does)")
        if not self.least <= count <= self.most:
            raise ValueError(f"{count} is not a count in {self.least}..{self.most}")
        self.bids.append(count)

    def time_out(self) -> int:
        """The clock names the default for the seat that names next."""
        namer = self.namer()
        if namer is None:
            raise ValueError("every seat has named a count")
        self.name(namer, self.default)
        return self.default

    def result(self) -> tuple[int, int]:
        """``(count, seat)``: the smaller count and who named it; on a tie the earlier namer,
        the turn player (BREAKFALL-6.4 (b): that seat declines once the loop has run)."""
        if not self.done():
            raise ValueError("not every seat has named a count")
        count = min(self.bids)
        return count, self.seats[self.bids.index(count)]


class LoopBlocks:
    """Which loops each seat may not start again until it has done some other action."""

    __slots__ = ("_blocked",)

    def __init__(self) -> None:
        self._blocked: dict[int, str] = {}

    def acted(self, seat: int, loop: str | None = None) -> None:
        """``seat`` did an action that counts (BREAKFALL-6.4 (a): a pass does not); if that action
        started ``loop``, the seat may not start it again until its next other action."""
        if loop is None:
            self._blocked.pop(seat, None)
        else:
            self._blocked[seat] = loop

    def blocked(self, seat: int, loop: str) -> bool:
        return self._blocked.get(seat) == loop
