"""A ruleset's card pool as its data files give it: the files read, each table's entries parsed by
id, references between entries checked, and the digest that names the pool.

A ruleset's loader keeps only its own vocabulary and rules (which effect may go with which
timing); reading, labelling, ids, references and the digest are here, with the field checks of
:mod:`rules.engine.datafile`, so every pool names a bad entry the same way:
``cards.toml: card 'tinker': ability 1: card: no card 'sprak'``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from .datafile import DataError, Entries, read_tables

__all__ = [
    "PoolCards",
    "grouped",
    "made_card",
    "placed",
    "pool_digest",
    "read_pool",
    "shipped_data",
]


class _Card(Protocol):
    @property
    def token(self) -> bool: ...


C = TypeVar("C", bound=_Card)
K = TypeVar("K")
T = TypeVar("T")


def shipped_data(ruleset: str) -> Path:
    """The folder of the data files a ruleset ships: ``data/<ruleset>``."""
    return Path(__file__).resolve().parents[2] / "data" / ruleset


def read_pool(root: str | Path, files: Mapping[str, str]) -> dict[str, Entries]:
    """The entries of each table, from its file: ``{"card": "cards.toml", "deck": ...}``."""
    return {name: read_tables(Path(root) / file, name) for name, file in files.items()}


def pool_digest(tables: Mapping[str, Entries]) -> str:
    """SHA-256 of the canonical JSON of every entry read: any change to the data changes it
    (a ruleset's version carries it, so a record names the pool it was played with)."""
    data = {name: [entry for _, entry in entries] for name, entries in tables.items()}
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def placed(entries: Entries, items: Mapping[str, T]) -> list[tuple[str, T]]:
    """Each item parsed from ``entries`` (by :func:`~.datafile.by_id`) with where it was read,
    for the checks that look across the pool."""
    return [(where, items[entry["id"]]) for where, entry in entries]


def made_card(where: str, card_id: str, cards: Mapping[str, C], name: str = "card") -> C:
    """The card a field names (``card = "spark"``); an error naming the field if there is none."""
    if card_id not in cards:
        raise DataError(f"{where}: {name}: no card {card_id!r}")
    return cards[card_id]


def grouped(items: Iterable[T], key: Callable[[T], K]) -> dict[K, tuple[T, ...]]:
    """The items by ``key``, each group in order (abilities by timing, for the turn flow)."""
    out: dict[K, tuple[T, ...]] = {}
    for item in items:
        k = key(item)
        out[k] = (*out.get(k, ()), item)
    return out


class PoolCards(Generic[C]):
    """What every card pool answers: a card by id, and the cards a deck may hold."""

    __slots__ = ()
    cards: Mapping[str, C]

    def card(self, card_id: str) -> C:
        return self.cards[card_id]

    @property
    def playable(self) -> list[C]:
        """The cards a deck may hold (tokens are only ever made by abilities)."""
        return [c for c in self.cards.values() if not c.token]
