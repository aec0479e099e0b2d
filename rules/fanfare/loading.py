"""Loading and validating the fanfare card pool (``data/fanfare/cards.toml`` and ``decks.toml``).

Every error names the file, the card (or deck) and the field: ``cards.toml: card 'ember-whelp':
ability 1: target: 'it' only works when an event names a card``. The tables of what may go
together are in :mod:`rules.fanfare.cards`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from ..engine.datafile import deck_entry, field, one_of, only, read_tables
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
    Condition,
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
    in_range,
    parse_condition,
)

__all__ = ["DECK_RULE", "DECK_SIZE", "MAX_COPIES", "default_data_dir", "load_pool"]

DECK_SIZE = 40
MAX_COPIES = 3
DECK_RULE = DeckRule(DECK_SIZE, MAX_COPIES, "FANFARE-1.1")
"""FANFARE-1.1."""

_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_PART_FIELDS = {f.name for f in fields(Part)}
_ABILITY_FIELDS = {"when", "zone", "condition", "then"} | _PART_FIELDS
_GRANTABLE = frozenset(
    {"last_words", "leave", "strike", "clash", "turn_start", "turn_end", "evolve"}
    | (LEADER_TIMINGS - {"turn_start", "turn_end"})
)


def default_data_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "data" / "fanfare"


def load_pool(data_dir: str | Path | None = None) -> CardPool:
    """Load and validate ``cards.toml`` and ``decks.toml``."""
    from .text import finish_card

    root = Path(data_dir) if data_dir is not None else default_data_dir()
    raw_cards = read_tables(root / "cards.toml", "card")
    cards: dict[str, CardDef] = {}
    wheres: dict[str, str] = {}
    names: set[str] = set()
    for where, entry in raw_cards:
        card = _card(where, entry)
        if card.id in cards:
            raise DataError(f"{where}: id: {card.id!r} is used twice")
        if card.name in names:
            raise DataError(f"{where}: name: {card.name!r} is used twice")
        cards[card.id] = card
        wheres[card.id] = where
        names.add(card.name)
    for card_id, card in cards.items():
        check_refs(wheres[card_id], card, cards)
    decks: dict[str, Deck] = {}
    for where, entry in read_tables(root / "decks.toml", "deck"):
        deck = _deck(where, entry, cards)
        if deck.id in decks:
            raise DataError(f"{where}: id: {deck.id!r} is used twice")
        decks[deck.id] = deck
    finished = {k: finish_card(c, cards) for k, c in cards.items()}
    abilities: dict[str, Ability] = {}
    for card in finished.values():
        for ability in card.abilities:
            abilities[ability.key] = ability
            for part in ability.parts:
                if part.grants is not None:
                    abilities[part.grants.key] = part.grants
    digest = hashlib.sha256(
        json.dumps(
            [[_plain(c) for c in cards.values()], [_plain(d) for d in decks.values()]],
            sort_keys=True,
        ).encode()
    ).hexdigest()
    return CardPool(finished, decks, abilities, digest)


# -- reading and checking -------------------------------------------------------------------------


def _default_target(effect: str) -> str | None:
    """Player effects default to their owner, and an effect with one target to that one."""
    targets = EFFECTS[effect].targets
    if "owner" in targets:
        return "owner"
    return targets[0] if len(targets) == 1 or effect == "cost" else None


def _part(where: str, entry: Any, when: str, kind: str, granted: bool) -> Part:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table, got {entry!r}")
    effect = field(where, entry, "effect", str)
    one_of(where, "effect", effect, tuple(EFFECTS))
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
    part = Part(
        effect,
        target,
        amount=field(where, entry, "amount", int, 1),
        attack=field(where, entry, "attack", int, 0),
        defence=field(where, entry, "defence", int, 0),
        card=field(where, entry, "card", str, None),
        keyword=field(where, entry, "keyword", str, None),
        amount_from=field(where, entry, "amount_from", str, None),
        until=field(where, entry, "until", str, None),
        instead=None,
        instead_amount=field(where, entry, "instead_amount", int, 0),
    )
    if "instead" in entry:
        part = replace(part, instead=parse_condition(f"{where}: instead", entry["instead"]))
    if "grants" in entry:
        part = replace(part, grants=_granted(where, entry["grants"], effect))
    check_part_fields(where, part, entry)
    return part


def _granted(where: str, entry: Any, effect: str) -> Ability:
    where = f"{where}: grants"
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table")
    when = field(where, entry, "when", str)
    allowed = LEADER_TIMINGS if effect == "grant_leader" else _GRANTABLE
    if when not in allowed:
        raise DataError(f"{where}: when: {when!r} cannot be granted by {effect!r}")
    ability = _ability(where, entry, "", "follower", granted=True)
    for part in ability.parts:
        if part.grants is not None:
            raise DataError(f"{where}: grants: a granted ability grants nothing further")
        if effect == "grant_leader" and part.target == "self":
            raise DataError(f"{where}: target: a leader's ability has no 'self'")
    return ability


def _ability(where: str, entry: Any, key: str, kind: str, *, granted: bool = False) -> Ability:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table")
    only(where, entry, _ABILITY_FIELDS)
    when = field(where, entry, "when", str)
    one_of(where, "when", when, TIMINGS)
    check_when(where, when, kind)
    zone = field(where, entry, "zone", str, "board")
    one_of(where, "zone", zone, ("board", "hand", "deck"))
    condition = None
    if "condition" in entry:
        if when == "aura":
            raise DataError(f"{where}: condition: an aura holds without conditions")
        condition = parse_condition(f"{where}: condition", entry["condition"])
    part_entry = {k: v for k, v in entry.items() if k not in ("when", "zone", "condition", "then")}
    parts = [_part(where, part_entry, when, kind, granted)]
    then = field(where, entry, "then", list, [])
    for i, sub in enumerate(then):
        if isinstance(sub, dict) and {"when", "zone", "condition", "then"} & set(sub):
            raise DataError(f"{where}: then {i + 1}: a later part has no timing of its own")
        parts.append(_part(f"{where}: then {i + 1}", sub, when, kind, granted))
    if when == "aura" and len(parts) > 1:
        raise DataError(f"{where}: then: an aura has a single part")
    ability = Ability(key or "", when, tuple(parts), zone, condition)
    check_zone(where, ability, kind)
    check_chosen(where, ability)
    if key:
        for i, part in enumerate(ability.parts):
            if part.grants is not None:
                grants = replace(part.grants, key=f"{key}>{i + 1}")
                parts[i] = replace(part, grants=grants)
        ability = replace(ability, parts=tuple(parts))
    return ability


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
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table")
    only(where, entry, _CARD_FIELDS)
    card_id = field(where, entry, "id", str)
    if not _ID.match(card_id):
        raise DataError(f"{where}: id: {card_id!r} is not kebab-case")
    kind = field(where, entry, "kind", str)
    one_of(where, "kind", kind, KINDS)
    cost = field(where, entry, "cost", int)
    in_range(where, "cost", cost, 0, 10)
    attack, defence = _stats(where, entry, kind)
    abilities = tuple(
        _ability(f"{where}: ability {i + 1}", a, f"{card_id}#{i + 1}", kind)
        for i, a in enumerate(field(where, entry, "ability", list, []))
    )
    drawn = field(where, entry, "drawn", str, None)
    if drawn is not None:
        one_of(where, "drawn", drawn, DRAWN_RESULTS)
    check_card_abilities(where, kind, abilities, drawn)
    return CardDef(
        card_id,
        field(where, entry, "name", str),
        kind,
        cost,
        attack,
        defence,
        _countdown(where, entry, kind),
        _keywords(where, entry, kind),
        abilities,
        field(where, entry, "token", bool, False),
        drawn,
    )


def _countdown(where: str, entry: Mapping[str, Any], kind: str) -> int | None:
    countdown: int | None = field(where, entry, "countdown", int, None)
    if countdown is not None:
        if kind != "amulet":
            raise DataError(f"{where}: countdown: only an amulet counts down")
        in_range(where, "countdown", countdown, 1, 10)
    return countdown


def _keywords(where: str, entry: Mapping[str, Any], kind: str) -> frozenset[str]:
    keywords = field(where, entry, "keywords", list, [])
    for keyword in keywords:
        one_of(where, "keywords", keyword, KEYWORDS)
    if keywords and kind != "follower":
        raise DataError(f"{where}: keywords: only followers have {', '.join(KEYWORDS)}")
    if len(set(keywords)) != len(keywords):
        raise DataError(f"{where}: keywords: a keyword is listed twice")
    return frozenset(keywords)


def _stats(where: str, entry: Mapping[str, Any], kind: str) -> tuple[int, int]:
    if kind != "follower":
        for name in ("attack", "defence"):
            if name in entry:
                raise DataError(f"{where}: {name}: only a follower has {name}")
        return 0, 0
    attack = field(where, entry, "attack", int)
    defence = field(where, entry, "defence", int)
    in_range(where, "attack", attack, 0, 20)
    in_range(where, "defence", defence, 1, 20)
    return attack, defence


def _deck(where: str, entry: Any, cards: Mapping[str, CardDef]) -> Deck:
    return Deck(*deck_entry(where, entry, cards, DECK_RULE))


def _plain(item: Any) -> Any:
    if isinstance(item, CardDef):
        return [
            item.id,
            item.name,
            item.kind,
            item.cost,
            item.attack,
            item.defence,
            item.countdown,
            sorted(item.keywords),
            item.token,
            item.drawn_result,
            [_plain(a) for a in item.abilities],
        ]
    if isinstance(item, Deck):
        return [item.id, item.name, list(item.cards)]
    if isinstance(item, Ability):
        return [
            item.key,
            item.when,
            item.zone,
            str(item.condition),
            [_plain(p) for p in item.parts],
        ]
    if isinstance(item, Part):
        return [
            _plain(v) if isinstance(v, Ability) else str(v) if isinstance(v, Condition) else v
            for v in (getattr(item, f.name) for f in fields(Part))
        ]
    raise TypeError(item)
