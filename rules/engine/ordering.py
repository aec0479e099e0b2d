"""A player orders simultaneous triggers (CHARM-2.3, 2.4, 13.1, 13.3).

When several triggered abilities wait at once, one seat (the turn player) picks the next to
resolve, again and again, until one is left, which then resolves without asking. The items are
opaque keys with labels, given in the ruleset's default order (CHARM-13.3: the turn player's
first, each side's in field order); a timeout picks the first item left in that order.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Option, Param

__all__ = ["Key", "TriggerOrder"]

Key = int | str
"""An item's key: also the option value a seat sends back."""


class TriggerOrder:
    __slots__ = ("chooser", "labels", "waiting")

    def __init__(self, chooser: int, items: Iterable[tuple[Key, str]]) -> None:
        self.chooser = chooser
        self.labels: dict[Key, str] = {}
        for key, label in items:
            if key in self.labels:
                raise ValueError(f"item {key!r} is listed twice")
            self.labels[key] = label
        self.waiting: list[Key] = list(self.labels)  # in the default order

    def __len__(self) -> int:
        return len(self.waiting)

    def __bool__(self) -> bool:
        return bool(self.waiting)

    def needs_choice(self) -> bool:
        """Whether the chooser must pick: two or more items wait."""
        return len(self.waiting) > 1

    def options(self) -> tuple[Option, ...]:
        """The items that may resolve next, in the default order (the first is the timeout's)."""
        return tuple(Option(key, self.labels[key]) for key in self.waiting)

    def param(self, name: str = "item", label: str = "Resolve next") -> Param:
        """The parameter of an :class:`~rules.engine.actions.ActionSpec` asking for the pick."""
        return Param(name, label, self.options())

    def default(self) -> Key:
        """What the clock picks: the first item left in the default order (CHARM-13.1)."""
        if not self.waiting:
            raise ValueError("no item waits")
        return self.waiting[0]

    def choose(self, seat: int, key: Key) -> Key:
        """``seat`` picks ``key`` to resolve next; returns it, no longer waiting."""
        if seat != self.chooser:
            raise ValueError(f"seat {seat} does not order these (seat {self.chooser} does)")
        if not self.needs_choice():
            raise ValueError("there is nothing to choose between")
        if key not in self.waiting:
            raise ValueError(f"{key!r} is not waiting")
        self.waiting.remove(key)
        return key

    def time_out(self) -> Key:
        """The clock picks for the chooser."""
        return self.choose(self.chooser, self.default())

    def last(self) -> Key:
        """Take the one item left: it resolves without asking (CHARM-2.3)."""
        if len(self.waiting) != 1:
            raise ValueError(f"{len(self.waiting)} items wait, not one")
        return self.waiting.pop()
