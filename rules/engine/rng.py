"""The project's own seeded random number generator.

Python's ``random`` module does not promise that ``shuffle`` or ``choice`` give the same sequence
across Python versions, and a match must replay bit for bit for as long as its record exists. So
every random decision in a match goes through :class:`Rng`, a SplitMix64 generator whose whole
state is one 64-bit integer that lives inside the match state (and therefore in its hash).

Every derived operation (``below``, ``shuffle``, ``roll``...) is defined here, in terms of
``next_u64`` only, so the sequences are fixed by this file alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Rng", "derive_seed"]

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 (Steele, Lea and Flood 2014), with unbiased bounded draws.

    >>> rng = Rng(1234567)
    >>> rng.next_u64()
    6457827717110365317
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    def __repr__(self) -> str:
        return f"Rng({self.state})"

    def next_u64(self) -> int:
        s = (self.state + _GOLDEN) & _MASK64
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK64
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection so that no value is favoured."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        if n & (n - 1) == 0:
            return self.next_u64() & (n - 1)
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def between(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both ends included)."""
        return low + self.below(high - low + 1)

    def coin(self) -> int:
        """0 or 1 with equal chance: the seeded coin flip of the rulesets."""
        return self.next_u64() >> 63

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll(self, sides: int = 6, count: int = 1) -> tuple[int, ...]:
        """``count`` dice of ``sides`` faces each, as rolled (1-based faces)."""
        return tuple(self.below(sides) + 1 for _ in range(count))


def derive_seed(seed: int, label: str) -> int:
    """A 63-bit seed for an independent stream, derived from ``seed`` and a label.

    Used where one seed must feed several generators (a simulation's matches, a match's setup
    and its random player) without their streams being related. A cryptographic hash keeps
    labels that differ by one character unrelated.
    """
    digest = hashlib.blake2b(f"{seed}:{label}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1
