"""Reading and checking the data files a ruleset ships (card pools, decks, locations).

Every check raises :class:`DataError` with a message that names the file, the entry and the
field (``cards.toml: card 'sapper': ability 1: when: 'activate' ...``), so a bad file is fixed
from the message alone. Rulesets build their own checks on these few helpers.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypeVar

from .decks import DeckRule

__all__ = [
    "DataError",
    "DeckEntry",
    "by_id",
    "deck_entry",
    "field",
    "one_of",
    "only",
    "read_tables",
]


class DataError(ValueError):
    """A data file that does not validate: the message names file, entry and field."""


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


class _Card(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def token(self) -> bool: ...


T = TypeVar("T", bound=_HasId)

Entries = list[tuple[str, Any]]
"""Each entry of a table with where it is: ``("cards.toml: card 'sapper'", {...})``."""


def read_tables(path: Path, table: str) -> Entries:
    """The ``[[table]]`` entries of a TOML file, each with the label errors name it by."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise DataError(f"{path}: file not found") from exc
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML ({exc})") from exc
    entries = data.get(table)
    if not isinstance(entries, list) or not entries:
        raise DataError(f"{path}: expected one or more [[{table}]] tables")
    out = []
    for i, entry in enumerate(entries):
        label = entry.get("id", f"#{i + 1}") if isinstance(entry, dict) else f"#{i + 1}"
        out.append((f"{path.name}: {table} {label!r}", entry))
    return out


def by_id(entries: Entries, parse: Callable[[str, Any], T]) -> dict[str, T]:
    """Each entry parsed, by id; an id may be used once."""
    out: dict[str, T] = {}
    for where, entry in entries:
        item = parse(where, entry)
        if item.id in out:
            raise DataError(f"{where}: id: {item.id!r} is used twice")
        out[item.id] = item
    return out


def field(where: str, entry: Mapping[str, Any], name: str, kind: type, default: Any = ...) -> Any:
    """``entry[name]``, which must be a ``kind`` (a bool is not an int); ``default`` if absent,
    or an error if no default is given."""
    if name not in entry:
        if default is ...:
            raise DataError(f"{where}: {name}: missing")
        return default
    value = entry[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataError(f"{where}: {name}: expected {kind.__name__}, got {value!r}")
    return value


def only(where: str, entry: Mapping[str, Any], allowed: set[str]) -> None:
    """No field but these."""
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise DataError(f"{where}: {unknown[0]}: unknown field")


def one_of(where: str, name: str, value: Any, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise DataError(f"{where}: {name}: {value!r} is not one of {', '.join(allowed)}")


class DeckEntry(NamedTuple):
    """A starter deck as its file gives it: fields in the order of the rulesets' ``Deck``."""

    id: str
    name: str
    cards: tuple[str, ...]
    blurb: str


def deck_entry(where: str, entry: Any, cards: Mapping[str, _Card], rule: DeckRule) -> DeckEntry:
    """A ``[[deck]]`` table: an id, a name, an optional blurb and card ids that make a legal deck
    under ``rule`` (the same rule a setup's deck is held to)."""
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table")
    only(where, entry, {"id", "name", "cards", "blurb"})
    card_ids = field(where, entry, "cards", list)
    problem = rule.problem(card_ids, cards)
    if problem is not None:
        raise DataError(f"{where}: {problem}")
    return DeckEntry(
        field(where, entry, "id", str),
        field(where, entry, "name", str),
        tuple(card_ids),
        field(where, entry, "blurb", str, ""),
    )
