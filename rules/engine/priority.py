"""A last-in, first-out resolution space with priority for 2 to 10 seats.

Entries wait and resolve newest first. Seats take turns holding priority, in seat order: the
holder enters something or passes. Seats that are out (defeated, dead) are skipped and their
passes are not awaited. Two modes:

- ``SPACE`` (BREAKFALL-3.1): after each entry priority passes to the next seat. When every live
  seat has passed in succession, the newest entry resolves and the opener (usually the turn
  player) gets priority again; with nothing waiting, the round is over.
- ``CHAIN`` (CHARM-9.4, 9.5): a seat may not answer its own entry, so after each entry priority
  goes round the other seats. When they have all passed the chain is *closed*: it drains newest
  first with no priority in between (:meth:`PriorityStack.resolve_next`). Once empty, the seat
  after the chain's declarer is asked next (CHARM-6.3): :attr:`PriorityStack.after_chain`.

Rule processing (BREAKFALL-3.2, 5.5, 5.5a): :meth:`PriorityStack.enter_triggered` enters entries
without moving priority. An entry marked automatic (a damage check) resolves at once whenever it
is on top: nobody holds priority until the ruleset has drained it with ``resolve_next``.

Calls the rules do not allow raise ``ValueError``: rulesets check legality first
(:attr:`PriorityStack.holder`, :meth:`PriorityStack.may_enter`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, NamedTuple, TypeVar

from .roles import MAX_SEATS, MIN_SEATS

__all__ = ["CHAIN", "SPACE", "Entry", "PassOutcome", "PriorityStack"]

T = TypeVar("T")

SPACE = "space"
CHAIN = "chain"


class Entry(NamedTuple, Generic[T]):
    """An entry waiting in the space: who entered it, what it is, and if it resolves by itself."""

    seat: int
    item: T
    automatic: bool = False


class PassOutcome(NamedTuple, Generic[T]):
    """What a pass led to: nothing yet, an entry to resolve now, a closed chain, or the end."""

    resolve: Entry[T] | None = None
    chain_closed: bool = False
    round_over: bool = False


_new = tuple.__new__  # a named tuple without its own __new__: entries are made at most decisions

# The outcomes that carry no entry are values, shared: a pass is made at most decisions.
_NOTHING_YET: PassOutcome[Any] = PassOutcome()
_CHAIN_CLOSED: PassOutcome[Any] = PassOutcome(chain_closed=True)
_ROUND_OVER: PassOutcome[Any] = PassOutcome(round_over=True)


class PriorityStack(Generic[T]):
    __slots__ = (
        "_holder",
        "closed",
        "declarer",
        "entries",
        "mode",
        "opener",
        "out",
        "passed",
        "seats",
    )

    def __init__(
        self, seats: int, opener: int, *, mode: str = SPACE, out: Iterable[int] = ()
    ) -> None:
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"{seats} seats: a match has {MIN_SEATS} to {MAX_SEATS}")
        if mode not in (SPACE, CHAIN):
            raise ValueError(f"mode {mode!r} is neither {SPACE!r} nor {CHAIN!r}")
        self.seats = seats
        self.mode = mode
        self.out = set(out)
        self.entries: list[Entry[T]] = []
        self.passed: set[int] = set()
        self.closed = False
        self.declarer: int | None = None
        self.opener = opener
        self._holder: int | None = None
        self.start_round(opener)

    # -- asking -------------------------------------------------------------------------------

    @property
    def holder(self) -> int | None:
        """The seat that holds priority; ``None`` while something must resolve first, or after."""
        entries = self.entries  # automatic_top(), inline: this is asked on every decision
        return None if entries and entries[-1].automatic else self._holder

    def may_enter(self, seat: int) -> bool:
        return self.holder == seat

    @property
    def top(self) -> Entry[T] | None:
        """What resolves next."""
        return self.entries[-1] if self.entries else None

    def automatic_top(self) -> Entry[T] | None:
        """The top entry if it resolves at once, with no round of passes (BREAKFALL-5.5)."""
        top = self.top
        return top if top is not None and top.automatic else None

    @property
    def round_over(self) -> bool:
        return self._holder is None and not self.entries

    @property
    def after_chain(self) -> int | None:
        """Who gets priority once the current chain has resolved: the seat after its declarer."""
        return None if self.declarer is None else self._next_live(self.declarer, skip=None)

    def live(self) -> list[int]:
        return [seat for seat in range(self.seats) if seat not in self.out]

    # -- acting -------------------------------------------------------------------------------

    def start_round(self, opener: int) -> None:
        """Start a round of priority with ``opener`` (the next step, or the main phase's TP)."""
        if not 0 <= opener < self.seats:
            raise ValueError(f"opener {opener} is not one of {self.seats} seats")
        if self.entries:
            raise ValueError("a round starts with the space empty")
        self.opener = opener
        self.passed.clear()
        self.closed = False
        self.declarer = None
        self._holder = self._first_live(opener)

    def enter(self, seat: int, item: T) -> None:
        """The holder enters ``item``; priority moves on and the passes start over."""
        self._check_holder(seat)
        if self.mode == CHAIN and not self.entries:
            self.declarer = seat
        self.entries.append(_new(Entry, (seat, item, False)))  # Entry(seat, item), quicker
        self.passed.clear()
        # A seat never answers its own entry in a chain; in the space it gets its turn again.
        skip = seat if self.mode == CHAIN else None
        self._holder = self._next_live(seat, skip=skip)
        if self._holder is None:  # nobody else left to answer
            self.closed = True

    def enter_triggered(self, items: Iterable[tuple[int, T]], *, automatic: bool = False) -> None:
        """Rule processing enters ``(seat, item)`` pairs, in the order given (BREAKFALL-3.2).

        Priority does not move; the run of passes starts over, since there is new to answer.
        """
        added = [Entry(seat, item, automatic) for seat, item in items]
        self.entries.extend(added)
        if added:
            self.passed.clear()

    def pass_priority(self, seat: int) -> PassOutcome[T]:
        self._check_holder(seat)
        self.passed.add(seat)
        return self._settle(seat)

    def resolve_next(self) -> Entry[T]:
        """Take the entry that resolves now: an automatic top (BREAKFALL-5.5) or the top of a
        closed chain (CHARM-9.5). In the space the opener then gets priority (BREAKFALL-5.5a);
        a chain that is empty gives it to the seat after its declarer (CHARM-6.3)."""
        if not self.closed and self.automatic_top() is None:
            raise ValueError("nothing resolves without a round of passes")
        entry = self.entries.pop()
        self.passed.clear()
        if self.mode == SPACE:
            self._holder = self._first_live(self.opener)
        elif self.closed and not self.entries:
            # A chain rule processing opened (no declarer) gives priority back to the opener.
            after = self.after_chain if self.declarer is not None else self._first_live(self.opener)
            self._holder = after
            self.closed = False
            self.declarer = None
        return entry

    def withdraw(self, entry: Entry[T]) -> None:
        """Take a waiting entry out of the space without resolving it (a negated entry,
        BREAKFALL-7.6). Who holds priority and the run of passes stay as they are."""
        self.entries.remove(entry)

    def knock_out(self, seat: int) -> PassOutcome[T]:
        """``seat`` is out for good: it is skipped, and no longer awaited in a run of passes.

        If it held priority, the run goes on without it (and may be complete).
        """
        if seat in self.out:
            raise ValueError(f"seat {seat} is already out")
        self.out.add(seat)
        self.passed.discard(seat)
        if seat != self._holder:
            return PassOutcome()
        if self.holder is None:  # an automatic entry first: priority waits at the next seat
            self._holder = self._next_live(seat, skip=None)
            return PassOutcome()
        return self._settle(seat)

    def __len__(self) -> int:
        return len(self.entries)

    # -- internals ----------------------------------------------------------------------------

    def _check_holder(self, seat: int) -> None:
        if seat != self.holder:
            raise ValueError(f"seat {seat} does not hold priority (holder: {self.holder})")

    def _settle(self, last: int) -> PassOutcome[T]:
        """After ``last`` passed (or went out): move priority on, or end the run of passes."""
        # In a chain its newest entry's seat does not answer it, so its pass is not awaited.
        skip = self.entries[-1].seat if self.mode == CHAIN and self.entries else None
        if not self._all_passed(skip):
            self._holder = self._next_live(last, skip=skip)
            return _NOTHING_YET
        self.passed.clear()
        if self.mode == CHAIN and self.entries:
            self._holder = None
            self.closed = True
            return _CHAIN_CLOSED
        if self.entries:
            entry = self.entries.pop()
            self._holder = self._first_live(self.opener)
            return PassOutcome(resolve=entry)
        self._holder = None
        return _ROUND_OVER

    def _all_passed(self, skip: int | None) -> bool:
        """Whether every live seat but ``skip`` has passed in the current run (a plain loop over
        the seats: this is asked at every pass)."""
        out, passed = self.out, self.passed
        for seat in range(self.seats):
            if seat not in passed and seat not in out and seat != skip:
                return False
        return True

    def _first_live(self, seat: int) -> int | None:
        return seat if seat not in self.out else self._next_live(seat, skip=None)

    def _next_live(self, seat: int, *, skip: int | None) -> int | None:
        """The next live seat after ``seat`` in seat order, other than ``skip``."""
        for step in range(1, self.seats + 1):
            other = (seat + step) % self.seats
            if other not in self.out and other != skip:
                return other
        return None
