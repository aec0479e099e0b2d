"""Reading and validating the lanes card pool (``data/lanes/*.toml``).

Every check raises :class:`~rules.lanes.cards.DataError` with a message that names the file, the
entry and the field at fault (``cards.toml: card 'tinker': ability 1: card: no card 'sprak'``),
so a bad edit is found without reading code. The tables of what may go where are in
:mod:`rules.lanes.cards`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from functools import partial
from pathlib import Path
from typing import Any

from ..engine.carddata import grouped, made_card, placed, pool_digest, read_pool, shipped_data
from ..engine.datafile import (
    by_id,
    choice,
    choices,
    deck_entry,
    each,
    field,
    number,
    numbered,
    one_of,
    table,
)
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

DECOY = "decoy"
"""The token a ``decoy`` card leaves at another location (LANES-8.1)."""

_FILES = {"card": "cards.toml", "location": "locations.toml", "deck": "decks.toml"}


def default_data_dir() -> Path:
    return shipped_data("lanes")


def load_pool(data_dir: str | Path | None = None) -> CardPool:
    """Load and validate ``cards.toml``, ``locations.toml`` and ``decks.toml``."""
    from .text import card_text, location_text

    files = read_pool(default_data_dir() if data_dir is None else data_dir, _FILES)
    cards = by_id(files["card"], _card)
    locations = by_id(files["location"], _location)
    for where, card in placed(files["card"], cards):
        _check_refs(where, card.abilities, cards)
        if "decoy" in card.keywords and not (DECOY in cards and cards[DECOY].token):
            raise DataError(f"{where}: keywords: 'decoy' needs a token card {DECOY!r}")
    for where, location in placed(files["location"], locations):
        _check_refs(where, location.abilities, cards)
    decks = by_id(files["deck"], lambda where, entry: _deck(where, entry, cards))

    # Texts come last: they may name tokens, which must all be known by then.
    cards = {k: replace(c, text=card_text(c, cards)) for k, c in cards.items()}
    locations = {k: replace(x, text=location_text(x, cards)) for k, x in locations.items()}
    return CardPool(cards, locations, decks, pool_digest(files))


# -- reading and checking -------------------------------------------------------------------------

_ABILITY_FIELDS = {f.name for f in fields(Ability)}


def _ability(where: str, entry: Any, *, location: bool) -> Ability:
    table(where, entry, _ABILITY_FIELDS)
    when = choice(where, entry, "when", WHENS)
    effect = choice(where, entry, "effect", tuple(EFFECTS))
    rule = EFFECTS[effect]
    if when not in rule.whens:
        raise DataError(f"{where}: when: {effect!r} cannot happen at {when!r}")
    if location:
        target = _location_target(where, entry, effect, when)
    else:
        target = choice(where, entry, "target", rule.targets, rule.targets[0])
    zone = choice(where, entry, "zone", ZONES, "board")
    if zone != "board" and (location or when not in ("turn_start", "end_of_turn")):
        raise DataError(
            f"{where}: zone: only a card's turn_start and end_of_turn work from {zone!r}"
        )
    amount = field(where, entry, "amount", int, 1)
    if effect == "last_turn" and amount not in (4, 7):
        raise DataError(f"{where}: amount: a game lasts 4 or 7 turns, not {amount}")
    card, into = _made_card(where, entry, effect, zone, location=location)
    condition = choice(where, entry, "condition", CONDITIONS, None)
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
    into = choice(where, entry, "into", ADD_INTO, "hand")
    if into == "enemy_other_locations" and (location or zone != "board"):
        raise DataError(f"{where}: into: only a card on the board has other locations")
    return card, into


def _card(where: str, entry: Any) -> CardDef:
    table(where, entry, {"id", "name", "cost", "power", "ability", "keywords", "token"})
    card_id = field(where, entry, "id", str)
    name = field(where, entry, "name", str)
    cost = number(where, entry, "cost", 0, 10)
    power = number(where, entry, "power", -10, 30)
    keywords = choices(where, entry, "keywords", KEYWORDS)
    if "decoy" in keywords and "face_down" not in keywords:
        raise DataError(f"{where}: keywords: 'decoy' needs 'face_down'")
    abilities = each(where, entry, "ability", partial(_ability, location=False))
    token = field(where, entry, "token", bool, False)
    by_when = grouped(abilities, lambda a: a.when)
    return CardDef(card_id, name, cost, power, abilities, keywords, token, by_when=by_when)


def _location(where: str, entry: Any) -> LocationDef:
    table(where, entry, {"id", "name", "ability"})
    location_id = field(where, entry, "id", str)
    name = field(where, entry, "name", str)
    abilities = each(where, entry, "ability", partial(_ability, location=True))
    return LocationDef(location_id, name, abilities, by_when=grouped(abilities, lambda a: a.when))


def _check_refs(where: str, abilities: tuple[Ability, ...], cards: Mapping[str, CardDef]) -> None:
    for at, ability in numbered(where, "ability", abilities):
        if ability.card is not None:
            made_card(at, ability.card, cards)


def _deck(where: str, entry: Any, cards: Mapping[str, CardDef]) -> Deck:
    return Deck(*deck_entry(where, entry, cards, DECK_RULE))
