"""Detecting a loop nobody can stop (BREAKFALL-6.3).

Rule processing that runs by itself reports each state it passes through. If a state comes back
with no player having had a choice in between, nothing can ever break the cycle: the game is a
draw. Any choice by a player starts the watch over.
"""

from __future__ import annotations

__all__ = ["LoopGuard"]


class LoopGuard:
    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def choice_made(self) -> None:
        self._seen.clear()

    def repeated(self, state_key: str) -> bool:
        """Note ``state_key``; ``True`` if it was seen since the last choice."""
        if state_key in self._seen:
            return True
        self._seen.add(state_key)
        return False
