"""What makes a deck legal, for every ruleset: its size, and how many copies of a card it holds.

The same rule checks a starter deck in a data file (:func:`rules.engine.datafile.deck_entry`) and a
deck a player names in a match's setup (:meth:`rules.engine.RulesetBase.normalize_setup`), so the
two can never disagree. A ruleset with more to check (charm's heroine, breakfall's count of
breakfall cards) adds it in its own ``check_deck``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

__all__ = ["DeckCard", "DeckRule"]


class DeckCard(Protocol):
    """What a deck rule reads of a card definition."""

    @property
    def name(self) -> str: ...

    @property
    def token(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class DeckRule:
    """``size`` cards, none a token, at most ``copies`` of one card; copies are counted by card id,
    or by name with ``by_name`` (two cards of one name are copies whatever their ids). ``rule`` is
    the rule ID the messages cite (``"LANES-1.5"``)."""

    size: int
    copies: int
    rule: str
    by_name: bool = False

    def problem(self, card_ids: Sequence[object], cards: Mapping[str, DeckCard]) -> str | None:
        """Why ``card_ids`` is no legal deck (a message that starts with the field at fault,
        ``cards: ...``), or ``None``."""
        if len(card_ids) != self.size:
            return f"cards: a deck holds {self.size} cards ({self.rule}), this one {len(card_ids)}"
        for card_id in card_ids:
            card = cards.get(card_id) if isinstance(card_id, str) else None
            if card is None:
                return f"cards: no deck card {card_id!r}"
            if card.token:
                return f"cards: {card_id!r} is a token, not a deck card"
        counted = Counter(
            cards[c].name if self.by_name else c for c in card_ids if isinstance(c, str)
        )
        for key, n in counted.items():
            if n > self.copies:
                if self.copies == 1:
                    return f"cards: {key!r} twice ({self.rule})"
                return f"cards: {n} copies of {key!r}, at most {self.copies} ({self.rule})"
        return None
