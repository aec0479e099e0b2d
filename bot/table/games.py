"""The rulesets the bot offers, and what it reads from them, without naming any.

Everything comes from the engine's ruleset contract (``rules.engine.Ruleset``), so no cog or
presenter code is written for one ruleset: starter decks (``starter_decks()``), the clock's
action (``timeout``, LANES-4.5), a new turn (the public ``TURN_STARTED`` event; the turn clock
restarts), where a match stands in a line (``summary``, from the spectator view), and, by
convention, public facts for the channel: per player, ``hand_size`` from the spectator view, if
present; the turn number, ``turn`` (and the last one, ``last_turn``) in it, if present; and a
seat's own cards: ``hand`` in its view, if present (its DM is refreshed when that changes on
someone else's move). Who went first is ``first`` in the spectator view of a match's opening, if
present; a ruleset whose setup has a ``first`` field (``setup_fields``) lets a setup name that
seat (a rematch: the other seat first).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rules.ai import has_cpu
from rules.engine import TURN_STARTED, Action, DeckInfo, Match, Resolution, Ruleset
from rules.registry import RULESETS, get_ruleset

from .. import texts

__all__ = ["Games", "deck_played", "own_hand", "public_facts", "starts_turn", "turn_of"]


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

    def decks(self, name: str, language: str = "en") -> list[DeckInfo]:
        """The ruleset's starter decks, named in ``language`` (their ids are the same in all)."""
        return self.get(name).starter_decks(language)

    def cards(self, name: str) -> Mapping[str, Any]:
        """The card definitions of a ruleset's pool, by id (none if it has no ``pool``)."""
        pool = getattr(self.get(name), "pool", None)
        cards: Mapping[str, Any] = getattr(pool, "cards", None) or {}
        return cards

    def has_cpu(self, name: str) -> bool:
        """Whether CPU players may sit in its matches (a ruleset with a ``cpu_guide``)."""
        return has_cpu(self.get(name))

    def names_first(self, name: str) -> bool:
        """Whether a setup may name the seat that goes first (a ``first`` setup field)."""
        return "first" in getattr(self.get(name), "setup_fields", ())

    def opening_first(self, name: str, seed: int, setup: Mapping[str, Any]) -> int | None:
        """Who went first in a match dealt from ``seed`` and ``setup``: ``first`` in the
        spectator's view of its opening, or None where the view has none (or the setup no
        longer deals, as after a change of the card pool)."""
        try:
            match = Match.new(self.get(name), seed, setup, quiet=True)
        except ValueError:
            return None
        first = getattr(match.view(None), "first", None)
        return first if isinstance(first, int) and not isinstance(first, bool) else None

    def timeout_action(self, name: str) -> Action | None:
        """What the turn clock applies for a seat out of time, or None (no clock)."""
        if name in self._timeouts:
            return self._timeouts[name]
        return self.get(name).timeout


def deck_played(decks: Sequence[DeckInfo], chosen: str | None, seat: int) -> str | None:
    """The starter deck a seat plays: the one its player chose, else the one its seat is given
    (None in a ruleset without decks)."""
    if chosen:
        return chosen
    return decks[seat % len(decks)].id if decks else None


def starts_turn(resolution: Resolution) -> bool:
    return any(e.kind == TURN_STARTED for s in resolution.steps for e in s.events_for(None))


def public_facts(view: Any) -> dict[int, str]:
    """Per seat, what anyone may know that the board picture may not say in words."""
    facts: dict[int, str] = {}
    for i, player in enumerate(getattr(view, "players", ()) or ()):
        size = getattr(player, "hand_size", None)
        if isinstance(size, int):
            facts[getattr(player, "seat", i)] = texts.cards_in_hand(size)
    return facts


def turn_of(view: Any) -> tuple[int, int | None] | None:
    """The turn number and the last turn, if the ruleset has one, from a view; ``None`` before
    the first turn, or in a ruleset without turn numbers."""
    turn = getattr(view, "turn", None)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        return None
    last = getattr(view, "last_turn", None)
    return turn, last if isinstance(last, int) and not isinstance(last, bool) else None


def own_hand(view: Any) -> Any:
    """A seat's own cards in its view (``hand``, by convention), or None."""
    return getattr(view, "hand", None)
