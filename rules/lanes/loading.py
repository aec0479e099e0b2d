"""Reading and validating the lanes card pool (``data/lanes/*.toml``).

Every check raises :class:`~rules.lanes.cards.DataError` with a message that names the file, the
entry and the field at fault (``cards.toml: card 'tinker': ability 1: card: no card 'sprak'``),
so a bad edit is found without reading code. The tables of what may go where are in
:mod:`rules.lanes.cards`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..engine.datafile import by_id, deck_entry, field, one_of, only, read_tables
from ..engine.decks import DeckRule
from .cards import (
    ADD_INTO,
    CONDITIONS,
    EFFECTS,
    KEYWORDS,
    LOCATION_EFFECTS,
    STEADY_CONDITIONS,
    STEADY_TARGETS,
    WHENS,
    ZONES,
    Ability,
    CardDef,
    CardPool,
    DataError,
    Deck,
    LocationDef,
)

__all__ = ["DECK_RULE", "DECK_SIZE", "default_data_dir", "load_pool"]

DECK_SIZE = 12
DECK_RULE = DeckRule(DECK_SIZE, 1, "LANES-1.5", by_name=True)
"""LANES-1.5: 12 cards, no two of one name."""


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=_HasId)

DECOY = "decoy"
"""The token a ``decoy`` card leaves at another location (LANES-8.1)."""


def default_data_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "data" / "lanes"


def load_pool(data_dir: str | Path | None = None) -> CardPool:
    """Load and validate ``cards.toml``, ``locations.toml`` and ``decks.toml``."""
    from .text import card_text, location_text

    root = Path(data_dir) if data_dir is not None else default_data_dir()
    raw_cards = read_tables(root / "cards.toml", "card")
    raw_locations = read_tables(root / "locations.toml", "location")
    raw_decks = read_tables(root / "decks.toml", "deck")

    cards = by_id(raw_cards, _card)
    locations = by_id(raw_locations, _location)
    for card_where, card in _with_where(raw_cards, cards):
        _check_refs(card_where, card.abilities, cards)
        if "decoy" in card.keywords and not _is_token(cards, DECOY):
            raise DataError(f"{card_where}: keywords: 'decoy' needs a token card {DECOY!r}")
    for loc_where, location in _with_where(raw_locations, locations):
        _check_refs(loc_where, location.abilities, cards)
    decks = by_id(raw_decks, lambda where, entry: _deck(where, entry, cards))

    # Texts come last: they may name tokens, which must all be known by then.
    cards = {k: _with_text(c, card_text(c, cards)) for k, c in cards.items()}
    locations = {k: _with_text(loc, location_text(loc, cards)) for k, loc in locations.items()}
    digest = hashlib.sha256(
        json.dumps(
            [
                [_plain(c) for c in cards.values()],
                [_plain(x) for x in locations.values()],
                [_plain(d) for d in decks.values()],
            ],
            sort_keys=True,
        ).encode()
    ).hexdigest()
    return CardPool(cards, locations, decks, digest)


# -- reading and checking -------------------------------------------------------------------------


def _with_where(raw: list[tuple[str, dict[str, Any]]], parsed: Mapping[str, Any]) -> list[Any]:
    return [(where, parsed[entry["id"]]) for where, entry in raw]


def _ability(where: str, entry: Any, *, location: bool) -> Ability:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table, got {entry!r}")
    only(where, entry, {f.name for f in fields(Ability)})
    when = field(where, entry, "when", str)
    one_of(where, "when", when, WHENS)
    effect = field(where, entry, "effect", str)
    one_of(where, "effect", effect, tuple(EFFECTS))
    rule = EFFECTS[effect]
    if when not in rule.whens:
        raise DataError(f"{where}: when: {effect!r} cannot happen at {when!r}")
    if location:
        target = _location_target(where, entry, effect, when)
    else:
        target = field(where, entry, "target", str, rule.targets[0])
        one_of(where, "target", target, rule.targets)
    zone = field(where, entry, "zone", str, "board")
    one_of(where, "zone", zone, ZONES)
    if zone != "board" and (location or when not in ("turn_start", "end_of_turn")):
        raise DataError(
            f"{where}: zone: only a card's turn_start and end_of_turn work from {zone!r}"
        )
    amount = field(where, entry, "amount", int, 1)
    if effect == "last_turn" and amount not in (4, 7):
        raise DataError(f"{where}: amount: a game lasts 4 or 7 turns, not {amount}")
    card, into = _made_card(where, entry, effect, zone, location=location)
    condition = field(where, entry, "condition", str, None)
    if condition is not None:
        one_of(where, "condition", condition, CONDITIONS)
    if when == "ongoing" and effect == "power":
        one_of(where, "target", target, STEADY_TARGETS)
        if condition is not None:
            one_of(where, "condition", condition, STEADY_CONDITIONS)
    return Ability(when, effect, target, amount, zone, card, into, condition)


def _location_target(where: str, entry: Mapping[str, Any], effect: str, when: str) -> str:
    """A location belongs to nobody: each of its effects has exactly one possible target."""
    if effect not in LOCATION_EFFECTS:
        raise DataError(f"{where}: effect: a location cannot have {effect!r}")
    if when in ("activate", "on_move", "game_end"):
        raise DataError(f"{where}: when: a location has no {when!r} ability")
    only = LOCATION_EFFECTS[effect]
    target = field(where, entry, "target", str, only)
    if target != only:
        raise DataError(
            f"{where}: target: a location's {effect!r} reaches {only!r}, not {target!r}"
        )
    return only


def _made_card(
    where: str, entry: Mapping[str, Any], effect: str, zone: str, *, location: bool
) -> tuple[str | None, str]:
    """The ``card`` and ``into`` fields, which only an ``add`` effect has."""
    if effect != "add":
        for name in ("card", "into"):
            if name in entry:
                raise DataError(f"{where}: {name}: only an 'add' effect makes cards")
        return None, "hand"
    card = field(where, entry, "card", str, None)
    if card is None:
        raise DataError(f"{where}: card: 'add' needs the id of the card it makes")
    into = field(where, entry, "into", str, "hand")
    one_of(where, "into", into, ADD_INTO)
    if into == "enemy_other_locations" and (location or zone != "board"):
        raise DataError(f"{where}: into: only a card on the board has other locations")
    return card, into


def _group(abilities: tuple[Ability, ...]) -> dict[str, tuple[Ability, ...]]:
    out: dict[str, tuple[Ability, ...]] = {}
    for ability in abilities:
        out[ability.when] = (*out.get(ability.when, ()), ability)
    return out


def _card(where: str, entry: Any) -> CardDef:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table")
    only(where, entry, {"id", "name", "cost", "power", "ability", "keywords", "token"})
    card_id = field(where, entry, "id", str)
    name = field(where, entry, "name", str)
    cost = field(where, entry, "cost", int)
    power = field(where, entry, "power", int)
    if not 0 <= cost <= 10:
        raise DataError(f"{where}: cost: {cost} is outside 0..10")
    if not -10 <= power <= 30:
        raise DataError(f"{where}: power: {power} is outside -10..30")
    keywords = field(where, entry, "keywords", list, [])
    for keyword in keywords:
        one_of(where, "keywords", keyword, KEYWORDS)
    if "decoy" in keywords and "face_down" not in keywords:
        raise DataError(f"{where}: keywords: 'decoy' needs 'face_down'")
    raw_abilities = field(where, entry, "ability", list, [])
    abilities = tuple(
        _ability(f"{where}: ability {i + 1}", a, location=False)
        for i, a in enumerate(raw_abilities)
    )
    token = field(where, entry, "token", bool, False)
    return CardDef(
        card_id,
        name,
        cost,
        power,
        abilities,
        frozenset(keywords),
        token,
        by_when=_group(abilities),
    )


def _location(where: str, entry: Any) -> LocationDef:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table")
    only(where, entry, {"id", "name", "ability"})
    raw_abilities = field(where, entry, "ability", list, [])
    abilities = tuple(
        _ability(f"{where}: ability {i + 1}", a, location=True) for i, a in enumerate(raw_abilities)
    )
    return LocationDef(
        field(where, entry, "id", str),
        field(where, entry, "name", str),
        abilities,
        by_when=_group(abilities),
    )


def _is_token(cards: Mapping[str, CardDef], card_id: str) -> bool:
    return card_id in cards and cards[card_id].token


def _check_refs(where: str, abilities: tuple[Ability, ...], cards: Mapping[str, CardDef]) -> None:
    for i, ability in enumerate(abilities):
        if ability.card is not None and ability.card not in cards:
            raise DataError(f"{where}: ability {i + 1}: card: no card {ability.card!r}")


def _deck(where: str, entry: Any, cards: Mapping[str, CardDef]) -> Deck:
    return Deck(*deck_entry(where, entry, cards, DECK_RULE))


def _with_text(item: Any, text: str) -> Any:
    return replace(item, text=text)


def _plain(item: Any) -> Any:
    if isinstance(item, CardDef):
        return [
            item.id,
            item.name,
            item.cost,
            item.power,
            sorted(item.keywords),
            item.token,
            [_plain(a) for a in item.abilities],
        ]
    if isinstance(item, LocationDef):
        return [item.id, item.name, [_plain(a) for a in item.abilities]]
    if isinstance(item, Deck):
        return [item.id, item.name, list(item.cards)]
    if isinstance(item, Ability):
        return [getattr(item, f.name) for f in fields(Ability)]
    raise TypeError(item)
