"""Loading and validating the fanfare card pool (``data/fanfare/cards.toml`` and ``decks.toml``).

Every error names the file, the card (or deck) and the field: ``cards.toml: card 'ember-whelp':
ability 1: target: 'it' only works when an event names a card``. The tables of what may go
together are in :mod:`rules.fanfare.cards`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields, replace
from functools import partial
from pathlib import Path
from typing import Any

from ..engine.carddata import placed, pool_digest, read_pool, shipped_data
from ..engine.datafile import (
    by_id,
    choice,
    choices,
    deck_entry,
    each,
    field,
    number,
    one_of,
    table,
)
from ..engine.decks import DeckRule
from .cards import (
    AURA_TARGETS,
    DRAWN_RESULTS,
    EFFECTS,
    KEYWORDS,
    KINDS,
    LEADER_TIMINGS,
    TIMINGS,
    Ability,
    CardDef,
    CardPool,
    DataError,
    Deck,
    Part,
)
from .checks import (
    check_card_abilities,
    check_chosen,
    check_part_fields,
    check_refs,
    check_target,
    check_when,
    check_zone,
    parse_condition,
)

__all__ = ["DECK_RULE", "DECK_SIZE", "MAX_COPIES", "default_data_dir", "load_pool"]

DECK_SIZE = 40
MAX_COPIES = 3
DECK_RULE = DeckRule(DECK_SIZE, MAX_COPIES, "FANFARE-1.1")
"""FANFARE-1.1."""

_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_PART_FIELDS = {f.name for f in fields(Part)}
_OWN_FIELDS = {"when", "zone", "condition", "then"}
"""The fields of an ability that are not its first part's (a later part has none of them)."""
_ABILITY_FIELDS = _OWN_FIELDS | _PART_FIELDS
_GRANTABLE = frozenset(
    {"last_words", "leave", "strike", "clash", "turn_start", "turn_end", "evolve"}
    | (LEADER_TIMINGS - {"turn_start", "turn_end"})
)
_FILES = {"card": "cards.toml", "deck": "decks.toml"}


def default_data_dir() -> Path:
    return shipped_data("fanfare")


def load_pool(data_dir: str | Path | None = None) -> CardPool:
    """Load and validate ``cards.toml`` and ``decks.toml``."""
    from .text import finish_card

    files = read_pool(default_data_dir() if data_dir is None else data_dir, _FILES)
    cards = by_id(files["card"], _card, unique=("name",))
    for where, card in placed(files["card"], cards):
        check_refs(where, card, cards)
    decks = by_id(files["deck"], lambda where, entry: _deck(where, entry, cards))
    finished = {k: finish_card(c, cards) for k, c in cards.items()}
    abilities: dict[str, Ability] = {}
    for card in finished.values():
        for ability in card.abilities:
            abilities[ability.key] = ability
            for part in ability.parts:
                if part.grants is not None:
                    abilities[part.grants.key] = part.grants
    return CardPool(finished, decks, abilities, pool_digest(files))


# -- reading and checking -------------------------------------------------------------------------


def _default_target(effect: str) -> str | None:
    """Player effects default to their owner, and an effect with one target to that one."""
    targets = EFFECTS[effect].targets
    if "owner" in targets:
        return "owner"
    return targets[0] if len(targets) == 1 or effect == "cost" else None


_PART_VALUES: dict[str, tuple[type, Any]] = {
    "amount": (int, 1),
    "attack": (int, 0),
    "defence": (int, 0),
    "card": (str, None),
    "keyword": (str, None),
    "amount_from": (str, None),
    "until": (str, None),
    "instead_amount": (int, 0),
}
"""A part's plain fields: their type and their value when absent (checked by ``.checks``)."""


def _part(where: str, entry: Any, when: str, kind: str, granted: bool) -> Part:
    table(where, entry, _PART_FIELDS)
    effect = choice(where, entry, "effect", tuple(EFFECTS))
    rule = EFFECTS[effect]
    target = field(where, entry, "target", str, _default_target(effect))
    if target is None:
        raise DataError(f"{where}: target: missing ({effect!r} needs one)")
    if when == "aura":
        if effect not in AURA_TARGETS:
            raise DataError(f"{where}: effect: {effect!r} cannot be an aura")
        one_of(where, "target", target, AURA_TARGETS[effect])
    elif rule.aura:
        raise DataError(f"{where}: effect: {effect!r} only works as an aura (when = 'aura')")
    else:
        one_of(where, "target", target, rule.targets)
    check_target(where, target, effect, when, kind, granted)
    values = {name: field(where, entry, name, *spec) for name, spec in _PART_VALUES.items()}
    part = Part(effect, target, **values)
    if "instead" in entry:
        part = replace(part, instead=parse_condition(f"{where}: instead", entry["instead"]))
    if "grants" in entry:
        part = replace(part, grants=_granted(where, entry["grants"], effect))
    check_part_fields(where, part, entry)
    return part


def _later_part(where: str, entry: Any, when: str, kind: str, granted: bool) -> Part:
    """A ``[[card.ability.then]]`` table: a part that resolves after the ones before it."""
    if isinstance(entry, dict) and _OWN_FIELDS & set(entry):
        raise DataError(f"{where}: a later part has no timing of its own")
    return _part(where, entry, when, kind, granted)


def _granted(where: str, entry: Any, effect: str) -> Ability:
    where = f"{where}: grants"
    table(where, entry, _ABILITY_FIELDS)
    when = field(where, entry, "when", str)
    allowed = LEADER_TIMINGS if effect == "grant_leader" else _GRANTABLE
    if when not in allowed:
        raise DataError(f"{where}: when: {when!r} cannot be granted by {effect!r}")
    ability = _ability(where, entry, "follower", granted=True)
    for part in ability.parts:
        if part.grants is not None:
            raise DataError(f"{where}: grants: a granted ability grants nothing further")
        if effect == "grant_leader" and part.target == "self":
            raise DataError(f"{where}: target: a leader's ability has no 'self'")
    return ability


def _ability(where: str, entry: Any, kind: str, *, granted: bool = False) -> Ability:
    table(where, entry, _ABILITY_FIELDS)
    when = choice(where, entry, "when", TIMINGS)
    check_when(where, when, kind)
    zone = choice(where, entry, "zone", ("board", "hand", "deck"), "board")
    condition = None
    if "condition" in entry:
        if when == "aura":
            raise DataError(f"{where}: condition: an aura holds without conditions")
        condition = parse_condition(f"{where}: condition", entry["condition"])
    first = {k: v for k, v in entry.items() if k not in _OWN_FIELDS}
    parts = (
        _part(where, first, when, kind, granted),
        *each(where, entry, "then", partial(_later_part, when=when, kind=kind, granted=granted)),
    )
    if when == "aura" and len(parts) > 1:
        raise DataError(f"{where}: then: an aura has a single part")
    ability = Ability("", when, parts, zone, condition)
    check_zone(where, ability, kind)
    check_chosen(where, ability)
    return ability


def _keyed(ability: Ability, key: str) -> Ability:
    """The ability named within the pool (``flame-knight#1``), and so each one it grants
    (``flame-knight#1>2`` for its second part's)."""
    parts = tuple(
        p if p.grants is None else replace(p, grants=replace(p.grants, key=f"{key}>{i + 1}"))
        for i, p in enumerate(ability.parts)
    )
    return replace(ability, key=key, parts=parts)


_CARD_FIELDS = {
    "id",
    "name",
    "kind",
    "cost",
    "attack",
    "defence",
    "countdown",
    "keywords",
    "ability",
    "token",
    "drawn",
}


def _card(where: str, entry: Any) -> CardDef:
    table(where, entry, _CARD_FIELDS)
    card_id = field(where, entry, "id", str)
    if not _ID.match(card_id):
        raise DataError(f"{where}: id: {card_id!r} is not kebab-case")
    name = field(where, entry, "name", str)
    kind = choice(where, entry, "kind", KINDS)
    cost = number(where, entry, "cost", 0, 10)
    attack, defence = _stats(where, entry, kind)
    abilities = tuple(
        _keyed(ability, f"{card_id}#{i + 1}")
        for i, ability in enumerate(each(where, entry, "ability", partial(_ability, kind=kind)))
    )
    drawn = choice(where, entry, "drawn", DRAWN_RESULTS, None)
    check_card_abilities(where, kind, abilities, drawn)
    countdown = number(where, entry, "countdown", 1, 10, None)
    if countdown is not None and kind != "amulet":
        raise DataError(f"{where}: countdown: only an amulet counts down")
    keywords = choices(where, entry, "keywords", KEYWORDS)
    if keywords and kind != "follower":
        raise DataError(f"{where}: keywords: only followers have {', '.join(KEYWORDS)}")
    token = field(where, entry, "token", bool, False)
    return CardDef(
        card_id, name, kind, cost, attack, defence, countdown, keywords, abilities, token, drawn
    )


def _stats(where: str, entry: Mapping[str, Any], kind: str) -> tuple[int, int]:
    if kind != "follower":
        for name in ("attack", "defence"):
            if name in entry:
                raise DataError(f"{where}: {name}: only a follower has {name}")
        return 0, 0
    return number(where, entry, "attack", 0, 20), number(where, entry, "defence", 1, 20)


def _deck(where: str, entry: Any, cards: Mapping[str, CardDef]) -> Deck:
    return Deck(*deck_entry(where, entry, cards, DECK_RULE))
