"""Loading and validating the breakfall card pool (``data/breakfall/cards.toml``, ``decks.toml``)
and the rule-test card file of BREAKFALL-6.6a.

Every error names the file, the card (or deck) and the field: ``cards.toml: card 'ash-runner':
ability 1: effect 1: target: 'entry' is not one of self, own_character, ...``. The tables of what
may go together are in :mod:`rules.breakfall.cards`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from ..engine.carddata import pool_digest, read_pool, shipped_data
from ..engine.datafile import (
    Entries,
    by_id,
    choice,
    deck_entry,
    each,
    field,
    number,
    one_of,
    read_tables,
    table,
)
from ..engine.decks import DeckRule
from .cards import (
    ABILITY_KINDS,
    AMOUNTS,
    BOOSTS,
    BREAKFALL_COSTS,
    BREAKFALL_ONLY,
    COSTS,
    EFFECTS,
    KINDS,
    SPEEDS,
    STATIC_SCOPES,
    STATICS,
    TEST_TRIGGERS,
    TRIGGERS,
    Ability,
    CardDef,
    CardPool,
    Cost,
    DataError,
    Deck,
    Effect,
)

__all__ = [
    "DECK_RULE",
    "DECK_SIZE",
    "MAX_BREAKFALLS",
    "MAX_COPIES",
    "STARTER_BREAKFALLS",
    "breakfall_problem",
    "default_data_dir",
    "load_pool",
]

DECK_SIZE = 50
MAX_COPIES = 4
MAX_BREAKFALLS = 16
DECK_RULE = DeckRule(DECK_SIZE, MAX_COPIES, "BREAKFALL-1.1", by_name=True)
"""BREAKFALL-1.1: 50 cards, at most 4 of one full name; at most 16 with breakfall."""
STARTER_BREAKFALLS = (12, 16)
"""BREAKFALL-10.3: a starter deck holds 12 to 16 breakfall cards."""

_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_COST = re.compile(r"^(bow_self|bow_resources|discard)(?: ([0-9]+))?$")
_FILES = {"card": "cards.toml", "deck": "decks.toml"}
_CARD_FIELDS = {
    "id",
    "name",
    "kind",
    "cost",
    "force",
    "sabotage",
    "durability",
    "speed",
    "ability",
    "effects",
    "breakfall",
}
_ABILITY_FIELDS = {
    "activated": {"kind", "cost", "effects", "main_only", "repeatable"},
    "triggered": {"kind", "when", "effects", "may"},
    "static": {"kind", "static", "amount", "scope"},
}
_EFFECT_FIELDS = {"effect", "target", "amount", "stat"}
_COST_RANGE = {"bow_resources": (1, 6), "discard": (1, 3)}


def default_data_dir() -> Path:
    return shipped_data("breakfall")


def load_pool(
    data_dir: str | Path | None = None, *, test_cards: str | Path | None = None
) -> CardPool:
    """Load and validate ``cards.toml`` and ``decks.toml``; with ``test_cards``, also that
    rule-test card file (BREAKFALL-6.6a), whose cards may use ``repeatable`` and ``bowed`` and
    are in no starter deck."""
    from .text import finish_card

    files = read_pool(default_data_dir() if data_dir is None else data_dir, _FILES)
    cards = by_id(files["card"], partial(_card, test=False), unique=("name",))
    if test_cards is not None:
        extra: Entries = read_tables(Path(test_cards), "card")
        files = {**files, "test": extra}
        more = by_id(extra, partial(_card, test=True), unique=("name",))
        for where, entry in extra:
            if entry["id"] in cards:
                raise DataError(f"{where}: id: {entry['id']!r} is a playable card's id")
        cards = {**cards, **more}
    decks = by_id(files["deck"], lambda where, entry: _deck(where, entry, cards))
    finished = {k: finish_card(c) for k, c in cards.items()}
    return CardPool(finished, decks, pool_digest(files), test=test_cards is not None)


# -- costs and effects ----------------------------------------------------------------------------


def _cost(where: str, text: Any, allowed: tuple[str, ...]) -> Cost:
    found = _COST.match(text) if isinstance(text, str) else None
    if found is None:
        raise DataError(
            f"{where}: expected 'bow_self', 'bow_resources n' or 'discard n', got {text!r}"
        )
    kind, n = found.group(1), found.group(2)
    if kind not in allowed:
        raise DataError(f"{where}: {kind!r} is not one of {', '.join(allowed)}")
    if kind == "bow_self":
        if n is not None:
            raise DataError(f"{where}: 'bow_self' takes no number")
        return Cost(kind)
    if n is None:
        raise DataError(f"{where}: {kind!r} needs a number ({kind} 1)")
    low, high = _COST_RANGE[kind]
    if not low <= int(n) <= high:
        raise DataError(f"{where}: {kind} {n}: the number is outside {low}..{high}")
    return Cost(kind, int(n))


def _costs(where: str, entry: Mapping[str, Any], allowed: tuple[str, ...]) -> tuple[Cost, ...]:
    items = field(where, entry, "cost", list, [])
    costs = tuple(_cost(f"{where}: cost {i + 1}", c, allowed) for i, c in enumerate(items))
    if len({c.kind for c in costs}) != len(costs):
        raise DataError(f"{where}: cost: a kind of cost is listed twice")
    return costs


def _default_target(effect: str) -> str | None:
    targets = EFFECTS[effect]
    if "you" in targets:
        return "you"
    return targets[0] if len(targets) == 1 else None


def _effect(where: str, entry: Any) -> Effect:
    table(where, entry, _EFFECT_FIELDS)
    effect = choice(where, entry, "effect", tuple(EFFECTS))
    target = field(where, entry, "target", str, _default_target(effect))
    if target is None:
        raise DataError(f"{where}: target: missing ({effect!r} needs one)")
    one_of(where, "target", target, EFFECTS[effect])
    stat = choice(where, entry, "stat", BOOSTS, None)
    if (stat is not None) != (effect == "boost"):
        raise DataError(
            f"{where}: stat: {'missing' if effect == 'boost' else 'only a boost has one'}"
        )
    if effect in AMOUNTS:
        low, high = AMOUNTS[effect]
        amount = number(where, entry, "amount", low, high, 1)
        if effect == "boost" and amount == 0:
            raise DataError(f"{where}: amount: a boost of 0 does nothing")
    else:
        if "amount" in entry:
            raise DataError(f"{where}: amount: {effect!r} takes no amount")
        amount = 1
    return Effect(effect, target, amount, stat)


def _effects(where: str, entry: Mapping[str, Any]) -> tuple[Effect, ...]:
    effects = each(where, entry, "effects", _effect)
    if not effects:
        raise DataError(f"{where}: effects: missing (at least one)")
    chosen = {e.target for e in effects if e.chosen}
    if len(chosen) > 1:
        raise DataError(f"{where}: effects: one ability chooses one target, not {sorted(chosen)}")
    return effects


# -- abilities ------------------------------------------------------------------------------------


def _ability(where: str, entry: Any, *, test: bool) -> Ability:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table, got {entry!r}")
    kind = choice(where, entry, "kind", ABILITY_KINDS)
    table(where, entry, _ABILITY_FIELDS[kind])
    if kind == "static":
        static = choice(where, entry, "static", STATICS)
        if static == "no_breakfall":
            for name in ("amount", "scope"):
                if name in entry:
                    raise DataError(f"{where}: {name}: 'no_breakfall' takes none")
            return Ability("", kind, static=static)
        amount = number(where, entry, "amount", 1, 3)
        scope = choice(where, entry, "scope", STATIC_SCOPES, "all")
        return Ability("", kind, static=static, amount=amount, scope=scope)
    effects = _effects(where, entry)
    if kind == "triggered":
        allowed = TRIGGERS + (TEST_TRIGGERS if test else ())
        when = field(where, entry, "when", str)
        if when in TEST_TRIGGERS and not test:
            raise DataError(
                f"{where}: when: {when!r} is only for the rule-test card file (BREAKFALL-6.6)"
            )
        one_of(where, "when", when, allowed)
        if when == "greets" and any(e.target == "blocker" for e in effects):
            raise DataError(
                f"{where}: target: 'blocker': nothing blocks yet when a character greets"
            )
        return Ability("", kind, effects, when=when, may=field(where, entry, "may", bool, False))
    repeatable = field(where, entry, "repeatable", bool, False)
    if repeatable and not test:
        raise DataError(f"{where}: repeatable: only for the rule-test card file (BREAKFALL-6.6)")
    cost = _costs(where, entry, COSTS)
    if not cost:
        raise DataError(f"{where}: cost: missing (an activated ability has a cost)")
    if repeatable and any(c.kind == "discard" for c in cost):
        raise DataError(
            f"{where}: cost: a repeatable ability pays again without asking: no discard"
        )
    main_only = field(where, entry, "main_only", bool, False)
    return Ability("", kind, effects, cost, main_only=main_only, repeatable=repeatable)


def _breakfall(where: str, entry: Any) -> Ability:
    where = f"{where}: breakfall"
    table(where, entry, {"cost", "effects"})
    return Ability("", "breakfall", _effects(where, entry), _costs(where, entry, BREAKFALL_COSTS))


def _check_effects(where: str, ability: Ability, kind: str) -> None:
    """What an effect may do depends on where it is: a breakfall moves its own card, a
    character's abilities may name ``self``, a technique's effect may not."""
    for i, effect in enumerate(ability.effects):
        at = f"{where}: effect {i + 1}"
        if effect.effect in BREAKFALL_ONLY and ability.kind != "breakfall":
            raise DataError(f"{at}: effect: {effect.effect!r} only works in a breakfall")
        if effect.effect == "self_to_field" and kind != "character":
            raise DataError(f"{at}: effect: only a character can be put onto the field")
        if effect.target == "self" and effect.effect not in BREAKFALL_ONLY and kind != "character":
            raise DataError(f"{at}: target: a technique is no character ('self')")
        if (
            effect.target == "self"
            and ability.kind == "breakfall"
            and effect.effect not in BREAKFALL_ONLY
        ):
            raise DataError(
                f"{at}: target: a breakfall's card is in the check zone, not on the field"
            )


# -- cards ----------------------------------------------------------------------------------------


def _card(where: str, entry: Any, *, test: bool) -> CardDef:
    table(where, entry, _CARD_FIELDS)
    card_id = field(where, entry, "id", str)
    if not _ID.match(card_id):
        raise DataError(f"{where}: id: {card_id!r} is not kebab-case")
    name = field(where, entry, "name", str)
    kind = choice(where, entry, "kind", KINDS)
    cost = number(where, entry, "cost", 0, 6)
    abilities = tuple(
        _keyed(a, f"{card_id}#{i + 1}")
        for i, a in enumerate(each(where, entry, "ability", partial(_ability, test=test)))
    )
    breakfall = None
    if "breakfall" in entry:
        breakfall = _keyed(_breakfall(where, entry["breakfall"]), f"{card_id}#breakfall")
    for i, ability in enumerate(abilities):
        _check_effects(f"{where}: ability {i + 1}", ability, kind)
    if breakfall is not None:
        _check_effects(f"{where}: breakfall", breakfall, kind)
    if kind == "character":
        _no(where, entry, ("speed", "effects"), "a character")
        return CardDef(
            card_id,
            name,
            kind,
            cost,
            force=number(where, entry, "force", 0, 6),
            sabotage=number(where, entry, "sabotage", 0, 3),
            durability=number(where, entry, "durability", 1, 6),
            abilities=abilities,
            breakfall=breakfall,
        )
    _no(where, entry, ("force", "sabotage", "durability", "ability"), "a technique")
    speed = choice(where, entry, "speed", SPEEDS)
    effects = _effects(where, entry)
    technique = Ability("", "technique", effects)
    _check_effects(where, technique, kind)
    return CardDef(card_id, name, kind, cost, speed=speed, effects=effects, breakfall=breakfall)


def _no(where: str, entry: Mapping[str, Any], names: tuple[str, ...], what: str) -> None:
    for name in names:
        if name in entry:
            raise DataError(f"{where}: {name}: {what} has none")


def _keyed(ability: Ability, key: str) -> Ability:
    from dataclasses import replace

    return replace(ability, key=key)


def breakfall_problem(card_ids: list[str], cards: Mapping[str, CardDef]) -> str | None:
    """BREAKFALL-1.1's count of breakfall cards (the deck rule counts size and copies)."""
    count = sum(1 for c in card_ids if c in cards and cards[c].breakfall is not None)
    if count > MAX_BREAKFALLS:
        return f"cards: {count} cards with breakfall, at most {MAX_BREAKFALLS} (BREAKFALL-1.1)"
    return None


def _deck(where: str, entry: Any, cards: Mapping[str, CardDef]) -> Deck:
    found = deck_entry(where, entry, cards, DECK_RULE)
    problem = breakfall_problem(list(found.cards), cards)
    if problem is not None:
        raise DataError(f"{where}: {problem}")
    count = sum(1 for c in found.cards if cards[c].breakfall is not None)
    low, high = STARTER_BREAKFALLS
    if not low <= count <= high:
        raise DataError(
            f"{where}: cards: a starter deck holds {low} to {high} breakfall cards "
            f"(BREAKFALL-10.3), this one {count}"
        )
    for card_id in found.cards:
        if any(a.repeatable for a in cards[card_id].abilities):
            raise DataError(f"{where}: cards: {card_id!r} is a rule-test card (BREAKFALL-6.6)")
    return Deck(*found)
