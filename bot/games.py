"""What the bot needs from the rulesets beyond the engine's API, found without naming any.

The engine gives every ruleset the same surface (``Match``, ``legal_actions``, views, steps).
A few things the bot wants are not (yet) in that surface; they are looked up here by convention,
so no cog or presenter code is written for one ruleset:

- starter decks: a ruleset's ``pool.decks`` (id → object with ``name`` and ``blurb``), if any;
- the clock's action: the ``TIMEOUT`` action its package exports, if any (LANES-4.5);
- a new turn: a public ``turn_started`` event in a resolution (the turn clock restarts);
- public facts for the channel: per player, ``hand_size`` from the spectator view, if present.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.engine import Action, Resolution, Ruleset
from rules.registry import RULESETS, get_ruleset

__all__ = ["DeckChoice", "Games", "public_facts", "starts_turn"]


@dataclass(frozen=True, slots=True)
class DeckChoice:
    id: str
    name: str
    blurb: str = ""


class Games:
    """The rulesets the bot offers, by name (``rules.registry`` unless told otherwise)."""

    def __init__(
        self,
        names: Iterable[str] | None = None,
        lookup: Callable[[str], Ruleset[Any, Any]] = get_ruleset,
        timeouts: Mapping[str, Action | None] | None = None,
    ) -> None:
        self.names = tuple(sorted(RULESETS if names is None else names))
        self._lookup = lookup
        self._timeouts = dict(timeouts or {})

    def get(self, name: str) -> Ruleset[Any, Any]:
        if name not in self.names:
            raise KeyError(name)
        return self._lookup(name)

    def seats(self, name: str) -> tuple[int, int]:
        ruleset = self.get(name)
        return ruleset.min_seats, ruleset.max_seats

    def decks(self, name: str) -> list[DeckChoice]:
        pool = getattr(self.get(name), "pool", None)
        decks = getattr(pool, "decks", None)
        if not isinstance(decks, Mapping):
            return []
        return [
            DeckChoice(str(key), str(getattr(d, "name", key)), str(getattr(d, "blurb", "")))
            for key, d in decks.items()
        ]

    def timeout_action(self, name: str) -> Action | None:
        """What the turn clock applies for a seat out of time, or None (no clock)."""
        if name not in self._timeouts:
            module = RULESETS.get(name)
            found = getattr(importlib.import_module(module), "TIMEOUT", None) if module else None
            self._timeouts[name] = found if isinstance(found, Action) else None
        return self._timeouts[name]


def starts_turn(resolution: Resolution) -> bool:
    return any(e.kind == "turn_started" for s in resolution.steps for e in s.events_for(None))


def public_facts(view: Any) -> dict[int, str]:
    """Per seat, what anyone may know that the board picture may not say in words."""
    facts: dict[int, str] = {}
    for i, player in enumerate(getattr(view, "players", ()) or ()):
        size = getattr(player, "hand_size", None)
        if isinstance(size, int):
            facts[getattr(player, "seat", i)] = f"{size} card{'s' if size != 1 else ''} in hand"
    return facts
