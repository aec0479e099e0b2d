"""Reading and checking the data files a ruleset ships (card pools, decks, locations).

Every check raises :class:`DataError` with a message that names the file, the entry and the
field (``cards.toml: card 'sapper': ability 1: when: 'activate' ...``), so a bad file is fixed
from the message alone. Rulesets build their own checks on these few helpers; ``where`` is the
label of the entry (or the part of it) being read, and each helper adds the field's name.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypeVar

from .decks import DeckRule

__all__ = [
    "DataError",
    "DeckEntry",
    "by_id",
    "choice",
    "choices",
    "deck_entry",
    "each",
    "field",
    "in_range",
    "number",
    "numbered",
    "one_of",
    "only",
    "read_tables",
    "table",
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
V = TypeVar("V")

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


def by_id(
    entries: Entries, parse: Callable[[str, Any], T], *, unique: tuple[str, ...] = ()
) -> dict[str, T]:
    """Each entry parsed, by id; an id may be used once, and so may each field in ``unique``."""
    out: dict[str, T] = {}
    seen: dict[str, set[Any]] = {name: set() for name in unique}
    for where, entry in entries:
        item = parse(where, entry)
        for name, values in (("id", out), *seen.items()):
            value = getattr(item, name)
            if value in values:
                raise DataError(f"{where}: {name}: {value!r} is used twice")
        out[item.id] = item
        for name, values in seen.items():
            values.add(getattr(item, name))
    return out


def table(where: str, entry: Any, allowed: set[str]) -> dict[str, Any]:
    """``entry``, which must be a table with no field but these."""
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table, got {entry!r}")
    only(where, entry, allowed)
    return entry


def each(
    where: str, entry: Mapping[str, Any], name: str, parse: Callable[[str, Any], V]
) -> tuple[V, ...]:
    """The list ``entry[name]`` (empty if absent), each item parsed where it is: ``ability 2``."""
    items = field(where, entry, name, list, [])
    return tuple(parse(at, item) for at, item in numbered(where, name, items))


def numbered(where: str, name: str, items: Iterable[V]) -> list[tuple[str, V]]:
    """Each item with its label, counted from 1 as the file's reader counts (``ability 1``)."""
    return [(f"{where}: {name} {i + 1}", item) for i, item in enumerate(items)]


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


def choice(
    where: str, entry: Mapping[str, Any], name: str, allowed: tuple[str, ...], default: Any = ...
) -> Any:
    """``entry[name]``, one of ``allowed``; ``default`` (which may be None) if absent."""
    value = field(where, entry, name, str, default)
    if name in entry:
        one_of(where, name, value, allowed)
    return value


def choices(
    where: str, entry: Mapping[str, Any], name: str, allowed: tuple[str, ...]
) -> frozenset[str]:
    """The list ``entry[name]`` (empty if absent): each one of ``allowed``, none twice."""
    values = field(where, entry, name, list, [])
    for value in values:
        one_of(where, name, value, allowed)
    if len(set(values)) != len(values):
        raise DataError(f"{where}: {name}: a value is listed twice")
    return frozenset(values)


def in_range(where: str, name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise DataError(f"{where}: {name}: {value} is outside {low}..{high}")


def number(
    where: str, entry: Mapping[str, Any], name: str, low: int, high: int, default: Any = ...
) -> Any:
    """``entry[name]``, an int in ``low..high``; ``default`` (which may be None) if absent."""
    value = field(where, entry, name, int, default)
    if name in entry:
        in_range(where, name, value, low, high)
    return value


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
