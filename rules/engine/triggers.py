"""The first-in, first-out trigger queue (FANFARE-Q1, FANFARE-Q3).

Every effect is first triggered, then resolved, in the order it triggered; while one resolves no
other interrupts it. Effects that trigger at the same moment enter together, sorted by a key the
ruleset supplies (FANFARE-Q3: hand before board, turn player first, left to right...). The sort is
stable, so triggers with equal keys keep the order the ruleset found them in.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, TypeVar

__all__ = ["TriggerQueue"]

T = TypeVar("T")


class TriggerQueue(Generic[T]):
    __slots__ = ("_items",)

    def __init__(self) -> None:
        self._items: deque[T] = deque()

    def add(self, trigger: T) -> None:
        self._items.append(trigger)

    def add_simultaneous(self, triggers: Iterable[T], key: Callable[[T], Any]) -> None:
        """Queue triggers that fired at the same moment, in the ruleset's order."""
        self._items.extend(sorted(triggers, key=key))

    def pop(self) -> T:
        return self._items.popleft()

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def clear(self) -> None:
        self._items.clear()
