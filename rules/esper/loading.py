"""Loading and validating the esper pool (``data/esper/*.toml``, ESPER-14).

Every error names the file, the entry and the field: ``planet.toml: card 'snare': count: 3 snare
cards, ESPER-14.4 has 4``. The counts a deck must have are in :mod:`rules.esper.cards`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..engine.carddata import pool_digest, read_pool, shipped_data
from ..engine.datafile import Entries, by_id, choice, field, number, table
from .cards import (
    ALIGNMENTS,
    ATTACK_DAMAGE,
    BASE_COUNTS,
    BASE_KINDS,
    COMBAT_COUNTS,
    COMBAT_KINDS,
    FLEX_DAMAGE,
    GEAR_COUNTS,
    GEAR_KINDS,
    PLANET_COUNTS,
    PLANET_KINDS,
    STAT_RANGES,
    CardDef,
    CardPool,
    DataError,
    Line,
    Persona,
    Planet,
)

__all__ = ["default_data_dir", "load_pool"]

_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
PLANETS = 6
PERSONAS = 10
_PLANET_CARDS = tuple(k for k in PLANET_KINDS if k != "gear")  # gear cards are in gear.toml


def default_data_dir() -> Path:
    return shipped_data("esper")


def load_pool(data_dir: str | Path | None = None) -> CardPool:
    """Load and validate every data file of the pool; ``DataError`` names what is wrong."""
    from .text import finish_card

    root = default_data_dir() if data_dir is None else Path(data_dir)
    tables = read_pool(
        root,
        {
            "line": "roster.toml",
            "character": "roster.toml",
            "persona": "personas.toml",
            "planet": "planets.toml",
        },
    )
    decks = {
        "planet": read_pool(root, {"card": "planet.toml"})["card"],
        "gear": read_pool(root, {"gear": "gear.toml"})["gear"],
        "base": read_pool(root, {"card": "base.toml"})["card"],
        "combat": read_pool(root, {"card": "combat.toml"})["card"],
    }
    lines = _lines(tables["line"])
    cards: dict[str, CardDef] = {}
    parsers: list[tuple[Entries, Callable[[str, Any], CardDef]]] = [
        (tables["character"], lambda w, e: _character(w, e, lines)),
        (decks["planet"], lambda w, e: _deck_card(w, e, "planet", _PLANET_CARDS)),
        (decks["gear"], lambda w, e: _deck_card(w, e, "gear", GEAR_KINDS)),
        (decks["base"], lambda w, e: _deck_card(w, e, "base", BASE_KINDS)),
        (decks["combat"], _combat_card),
    ]
    for entries, parse in parsers:
        for card_id, card in by_id(entries, parse, unique=("name",)).items():
            where = next(w for w, e in entries if e.get("id") == card_id)
            if card_id in cards:
                raise DataError(f"{where}: id: {card_id!r} is used twice in the pool")
            if any(c.name == card.name for c in cards.values()):
                raise DataError(f"{where}: name: {card.name!r} is used twice in the pool")
            cards[card_id] = finish_card(card)
    _check_roster(tables["character"], cards)
    _check_counts(decks, cards)
    personas = tuple(by_id(tables["persona"], _persona, unique=("name",)).values())
    _check_personas(tables["persona"], personas)
    planets = tuple(by_id(tables["planet"], _planet, unique=("name",)).values())
    if len(planets) != PLANETS:
        raise DataError(f"planets.toml: {len(planets)} planets, ESPER-14.3 has {PLANETS}")
    digest = pool_digest({**tables, **{f"deck.{k}": v for k, v in decks.items()}})
    return CardPool(cards, personas, planets, digest, {})


def _id(where: str, entry: Mapping[str, Any]) -> str:
    value: str = field(where, entry, "id", str)
    if not _ID.match(value):
        raise DataError(f"{where}: id: {value!r} is not lowercase words joined by hyphens")
    return value


def _name(where: str, entry: Mapping[str, Any]) -> str:
    value: str = field(where, entry, "name", str)
    if not value.strip() or len(value) > 24:
        raise DataError(f"{where}: name: 1 to 24 characters, got {value!r}")
    return value


def _lines(entries: Entries) -> dict[int, Line]:
    lines: dict[int, Line] = {}
    for where, entry in entries:
        table(where, entry, {"id", *STAT_RANGES})
        line_id = number(where, entry, "id", 1, 7)
        if line_id in lines:
            raise DataError(f"{where}: id: line {line_id} is listed twice")
        stats = {name: number(where, entry, name, *span) for name, span in STAT_RANGES.items()}
        lines[line_id] = Line(line_id, **stats)
    if sorted(lines) != list(range(1, 8)):
        raise DataError("roster.toml: line: ESPER-14.1 has 7 stat lines, 1 to 7")
    return lines


def _character(where: str, entry: Any, lines: Mapping[int, Line]) -> CardDef:
    table(where, entry, {"id", "name", "alignment", "line", "blurb"})
    line_id = number(where, entry, "line", 1, 7)
    line = lines[line_id]
    return CardDef(
        _id(where, entry),
        _name(where, entry),
        "character",
        choice(where, entry, "alignment", ALIGNMENTS),
        level=line.level,
        power=line.power,
        durability=line.durability,
        mental=line.mental,
        line=line_id,
        count=1,
        blurb=field(where, entry, "blurb", str, ""),
    )


def _check_roster(entries: Entries, cards: Mapping[str, CardDef]) -> None:
    """ESPER-14.1: 7 good and 7 evil characters, each side holding each stat line once."""
    for alignment in ALIGNMENTS:
        held = Counter(c.line for c in cards.values() if c.character and c.kind == alignment)
        for where, entry in entries:
            if entry.get("alignment") == alignment and held[entry["line"]] > 1:
                raise DataError(f"{where}: line: line {entry['line']} is held twice by {alignment}")
        if sorted(held) != list(range(1, 8)):
            raise DataError(f"roster.toml: character: {alignment} must hold lines 1 to 7 once each")


def _deck_card(where: str, entry: Any, deck: str, kinds: tuple[str, ...]) -> CardDef:
    table(where, entry, {"id", "name", "kind", "count", "small"})
    return CardDef(
        _id(where, entry),
        _name(where, entry),
        deck,
        choice(where, entry, "kind", kinds),
        count=number(where, entry, "count", 0, 12),
        small=number(where, entry, "small", 0, 12),
    )


def _combat_card(where: str, entry: Any) -> CardDef:
    table(where, entry, {"id", "name", "kind", "level", "damage", "count", "large"})
    kind = choice(where, entry, "kind", COMBAT_KINDS)
    if kind == "flex":
        if "level" in entry:
            raise DataError(f"{where}: level: a flex card's level is chosen when it is played")
        level = 0
    else:
        level = number(where, entry, "level", 1, 6)
    damage = number(where, entry, "damage", 0, 4, 0)
    wanted = ATTACK_DAMAGE[level] if kind == "attack" else FLEX_DAMAGE if kind == "flex" else 0
    if damage != wanted:
        raise DataError(
            f"{where}: damage: {damage}, ESPER-14.6 has {wanted} at this kind and level"
        )
    return CardDef(
        _id(where, entry),
        _name(where, entry),
        "combat",
        kind,
        level=level,
        damage=damage,
        count=number(where, entry, "count", 0, 12),
        large=number(where, entry, "large", 0, 12),
    )


def _check_counts(decks: Mapping[str, Entries], cards: Mapping[str, CardDef]) -> None:
    """Each deck holds exactly the spec's kinds and counts (ESPER-14.4 to 14.7)."""
    wanted_of: dict[str, Mapping[Any, tuple[int, int]]] = {
        "planet": {k: v for k, v in PLANET_COUNTS.items() if k != "gear"},
        "gear": GEAR_COUNTS,
        "base": BASE_COUNTS,
        "combat": COMBAT_COUNTS,
    }
    rule = {"planet": "ESPER-14.4", "gear": "ESPER-14.5", "base": "ESPER-14.7"}
    for deck, entries in decks.items():
        wanted = wanted_of[deck]
        found: Counter[Any] = Counter()
        extra: Counter[Any] = Counter()
        place: dict[Any, str] = {}
        for where, entry in entries:
            card = cards[entry["id"]]
            key = (card.kind, card.level) if deck == "combat" else card.kind
            found[key] += card.count
            extra[key] += card.large if deck == "combat" else card.small
            place[key] = where
        for key, (count, more) in wanted.items():
            label = f"{key[0]} level {key[1]}" if deck == "combat" else key
            where = place.get(key, f"{_DECK_NAME[deck]}: card")
            field_name = "large" if deck == "combat" else "small"
            if found[key] != count:
                spec = rule.get(deck, "ESPER-14.6")
                raise DataError(f"{where}: count: {found[key]} {label} cards, {spec} has {count}")
            if extra[key] != more:
                spec = rule.get(deck, "ESPER-14.6")
                raise DataError(
                    f"{where}: {field_name}: {extra[key]} {label} cards, {spec} has {more}"
                )
        unknown = set(found) - set(wanted)
        if unknown:
            key = sorted(unknown, key=str)[0]
            raise DataError(f"{place[key]}: kind: {key!r} has no place in this deck")


_DECK_NAME = {
    "planet": "planet.toml",
    "gear": "gear.toml",
    "base": "base.toml",
    "combat": "combat.toml",
}


def _persona(where: str, entry: Any) -> Persona:
    table(where, entry, {"id", "name", "face"})
    return Persona(_id(where, entry), _name(where, entry), choice(where, entry, "face", ALIGNMENTS))


def _check_personas(entries: Entries, personas: tuple[Persona, ...]) -> None:
    """ESPER-14.2: ten personas, five good faces then five evil (ESPER-13.3's order)."""
    faces = [p.face for p in personas]
    if faces != ["good"] * 5 + ["evil"] * 5:
        raise DataError(
            f"personas.toml: persona: ESPER-14.2 lists {PERSONAS}, five good faces then five evil"
        )


def _planet(where: str, entry: Any) -> Planet:
    table(where, entry, {"id", "name"})
    name = _name(where, entry)
    if len(name) > 8:
        raise DataError(f"{where}: name: at most 8 characters, got {name!r}")
    return Planet(_id(where, entry), name)
