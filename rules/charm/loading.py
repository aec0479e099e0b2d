"""Loading and validating the charm card pool (``data/charm/cards.toml`` and ``decks.toml``).

Every error names the file, the card (or deck) and the field: ``cards.toml: card 'ember-page':
skill 1: effect 1: target: 'you' is not one of self, own_character, ...``. What may go together
is in :mod:`rules.charm.cards` (CHARM-11); the starter decks are held to CHARM-1.1.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from ..engine.carddata import pool_digest, read_pool, shipped_data
from ..engine.datafile import (
    by_id,
    choice,
    deck_entry,
    each,
    field,
    number,
    one_of,
    table,
)
from ..engine.decks import DeckRule
from ..engine.wording import indefinite
from .cards import (
    A_SKILL,
    CHARACTERS,
    CONDITIONS,
    EFFECTS,
    EP_KINDS,
    KINDS,
    PERMANENTS,
    SELF_TIMINGS,
    STATIC,
    STATIC_TARGETS,
    STATICS,
    TIMINGS,
    CardDef,
    CardPool,
    Condition,
    Cost,
    DataError,
    Deck,
    Effect,
    Skill,
)

__all__ = [
    "DECK_RULE",
    "DECK_SIZE",
    "MAX_COPIES",
    "default_data_dir",
    "heroine_problem",
    "load_pool",
]

DECK_SIZE = 30
MAX_COPIES = 3
DECK_RULE = DeckRule(DECK_SIZE, MAX_COPIES, "CHARM-1.1")
"""CHARM-1.1: 30 cards, at most 3 copies of a card id; the heroine is not one of them."""
EVENT = "event"
"""The ``when`` of an event's effects: it resolves once, when its declaration does."""

_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_FILES = {"card": "cards.toml", "deck": "decks.toml"}
_CARD_FIELDS = {"id", "name", "kind", "cost", "ep", "ap", "dp", "tokens", "skill", "effect"}
_SKILL_FIELDS = {"when", "cost", "once_per_turn", "effect", "stat", "amount", "reach"}
_EFFECT_FIELDS = {"effect", "target", "amount", "stat", "kind", "if"}


def default_data_dir() -> Path:
    return shipped_data("charm")


def load_pool(data_dir: str | Path | None = None) -> CardPool:
    """Load and validate ``cards.toml`` and ``decks.toml``."""
    from .text import finish_card

    files = read_pool(default_data_dir() if data_dir is None else data_dir, _FILES)
    cards = by_id(files["card"], _card, unique=("name",))
    finished = {k: finish_card(c) for k, c in cards.items()}
    decks = by_id(files["deck"], lambda where, entry: _deck(where, entry, finished))
    return CardPool(finished, decks, pool_digest(files))


# -- effects ------------------------------------------------------------------------------------


def _condition(where: str, text: Any) -> Condition:
    where = f"{where}: if"
    if not isinstance(text, str):
        raise DataError(f"{where}: expected a string such as 'own_damage_at_least 10'")
    words = text.split()
    one_of(where, "kind", words[0] if words else "", CONDITIONS)
    if words[0] == "heroine_attacking":
        if len(words) != 1:
            raise DataError(f"{where}: 'heroine_attacking' takes no number")
        return Condition(words[0])
    if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= 30:
        raise DataError(f"{where}: {words[0]!r} takes a number from 1 to 30")
    return Condition(words[0], int(words[1]))


def _default_target(effect: str) -> str | None:
    targets = EFFECTS[effect].targets
    return targets[0] if len(targets) == 1 else None


def _effect(where: str, entry: Any, kind: str, when: str) -> Effect:
    table(where, entry, _EFFECT_FIELDS)
    name = choice(where, entry, "effect", tuple(EFFECTS))
    rule = EFFECTS[name]
    target = field(where, entry, "target", str, _default_target(name))
    if target is None:
        raise DataError(f"{where}: target: missing ({name!r} needs one)")
    one_of(where, "target", target, rule.targets)
    _check_target(where, name, target, kind, when)
    if rule.amount is None:
        if "amount" in entry:
            raise DataError(f"{where}: amount: {name!r} takes no amount")
        amount = 0
    else:
        amount = number(where, entry, "amount", *rule.amount)
        if amount == 0 and name in ("boost", "tokens"):
            raise DataError(f"{where}: amount: {name!r} by 0 changes nothing")
    stat = choice(where, entry, "stat", ("ap", "dp"), None)
    if rule.stat != (stat is not None):
        raise DataError(f"{where}: stat: {'missing' if rule.stat else f'{name!r} has none'}")
    card_kind = choice(where, entry, "kind", tuple(k for k in KINDS if k != "heroine"), None)
    if rule.kind != (card_kind is not None):
        raise DataError(f"{where}: kind: {'missing' if rule.kind else f'{name!r} has none'}")
    condition = _condition(where, entry["if"]) if "if" in entry else None
    return Effect(name, target, amount, stat, card_kind, condition)


def _check_target(where: str, effect: str, target: str, kind: str, when: str) -> None:
    """What ``self`` may be, where ``negate`` may be (CHARM-11.6, 11.7)."""
    if target == "self":
        if kind not in PERMANENTS:
            raise DataError(f"{where}: target: an {kind} has no 'self' on the field")
        if effect == "tokens" and kind != "music":
            raise DataError(f"{where}: target: only a music card has tokens of its own")
        if effect not in ("check", "uncheck", "tokens") and kind not in CHARACTERS:
            raise DataError(f"{where}: target: {effect!r} on 'self' needs a character")
        if when == "face_down":
            raise DataError(f"{where}: target: a face_down P.Skill's own card is face down")
    if effect == "negate" and when not in (A_SKILL, EVENT):
        raise DataError(f"{where}: effect: 'negate' works only as an interrupt (event or A.Skill)")


# -- skills -------------------------------------------------------------------------------------


def _cost(where: str, entry: Any) -> Cost:
    where = f"{where}: cost"
    table(where, entry, {"ep", "check_self", "discard"})
    return Cost(
        number(where, entry, "ep", 0, 6, 0),
        field(where, entry, "check_self", bool, False),
        number(where, entry, "discard", 0, 3, 0),
    )


def _static(where: str, entry: Mapping[str, Any], kind: str) -> Skill:
    for name in ("cost", "once_per_turn", "effect"):
        if name in entry:
            raise DataError(f"{where}: {name}: a static P.Skill has none")
    stat = choice(where, entry, "stat", STATICS)
    if stat in ("ap", "dp"):
        amount = number(where, entry, "amount", 1, 3)
        reach = choice(where, entry, "reach", STATIC_TARGETS)
        if reach == "self" and kind not in CHARACTERS:
            raise DataError(f"{where}: reach: 'self' needs a character")
    else:
        amount = number(where, entry, "amount", -3, 3)
        if amount == 0:
            raise DataError(f"{where}: amount: a change of 0 changes nothing")
        if "reach" in entry:
            raise DataError(f"{where}: reach: {stat!r} is its owner's")
        reach = None
    return Skill("", STATIC, stat=stat, amount=amount, reach=reach)


def _skill(where: str, entry: Any, kind: str) -> Skill:
    table(where, entry, _SKILL_FIELDS)
    when = choice(where, entry, "when", (A_SKILL, STATIC, *TIMINGS))
    if when == STATIC:
        return _static(where, entry, kind)
    for name in ("stat", "amount", "reach"):
        if name in entry:
            raise DataError(f"{where}: {name}: only a static P.Skill has one")
    if when in SELF_TIMINGS and kind not in CHARACTERS:
        raise DataError(f"{where}: when: {when!r} needs a character")
    if when == "enters" and kind == "heroine":
        raise DataError(f"{where}: when: a heroine never enters the field (CHARM-1.1)")
    if when != A_SKILL:
        for name in ("cost", "once_per_turn"):
            if name in entry:
                raise DataError(f"{where}: {name}: only an A.Skill has one")
    effects = each(where, entry, "effect", partial(_effect, kind=kind, when=when))
    return Skill(
        "",
        when,
        _effects(where, effects),
        _cost(where, entry["cost"]) if "cost" in entry else Cost(),
        field(where, entry, "once_per_turn", bool, False),
    )


def _effects(where: str, effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """At least one effect; at most one kind of target picked, shared by the effects that pick
    (``check an enemy character, then deal 1 DP damage to it``)."""
    if not effects:
        raise DataError(f"{where}: effect: missing (a skill does something)")
    chosen = {e.target for e in effects if e.chosen}
    if len(chosen) > 1:
        raise DataError(f"{where}: effect: one kind of target per skill, not {sorted(chosen)}")
    return effects


# -- cards ----------------------------------------------------------------------------------------


def _stats(where: str, entry: Mapping[str, Any], kind: str) -> dict[str, int]:
    """Cost, EP, AP, DP and tokens, each only where its kind has it (CHARM-11.1)."""
    has = {
        "cost": kind != "heroine",
        "ep": kind in EP_KINDS,
        "ap": kind in CHARACTERS,
        "dp": kind in CHARACTERS,
        "tokens": kind == "music",
    }
    ranges = {"cost": (0, 6), "ep": (0, 2), "ap": (0, 9), "dp": (1, 9), "tokens": (1, 3)}
    out = {}
    for name, present in has.items():
        if not present:
            if name in entry:
                raise DataError(f"{where}: {name}: {indefinite(kind)} has none")
            out[name] = 0
            continue
        out[name] = number(where, entry, name, *ranges[name])
    return out


def _card(where: str, entry: Any) -> CardDef:
    table(where, entry, _CARD_FIELDS)
    card_id = field(where, entry, "id", str)
    if not _ID.match(card_id):
        raise DataError(f"{where}: id: {card_id!r} is not kebab-case")
    name = field(where, entry, "name", str)
    kind = choice(where, entry, "kind", KINDS)
    stats = _stats(where, entry, kind)
    if kind == "event":
        if "skill" in entry:
            raise DataError(f"{where}: skill: an event has effects ([[card.effect]]), no skills")
        effects = each(where, entry, "effect", partial(_effect, kind=kind, when=EVENT))
        skills: tuple[Skill, ...] = (
            Skill("", EVENT, _effects(where, effects), Cost(ep=stats["cost"])),
        )
    else:
        if "effect" in entry:
            raise DataError(f"{where}: effect: only an event has effects of its own")
        skills = each(where, entry, "skill", partial(_skill, kind=kind))
    keyed = tuple(_keyed(skill, f"{card_id}#{i + 1}") for i, skill in enumerate(skills))
    return CardDef(
        card_id,
        name,
        kind,
        cost=stats["cost"],
        ep=stats["ep"],
        ap=stats["ap"],
        dp=stats["dp"],
        tokens=stats["tokens"],
        skills=keyed,
    )


def _keyed(skill: Skill, key: str) -> Skill:
    return replace(skill, key=key)


def heroine_problem(
    card_ids: list[str], heroine: object, cards: Mapping[str, CardDef]
) -> str | None:
    """Why a deck and its heroine break CHARM-1.1 beyond the deck rule (a message that starts
    with the field at fault), or None."""
    for card_id in card_ids:
        if cards[card_id].heroine:
            return f"cards: {card_id!r} is a heroine: a heroine is never in the deck (CHARM-1.1)"
    found = cards.get(heroine) if isinstance(heroine, str) else None
    if found is None or not found.heroine:
        return f"heroine: {heroine!r} is no heroine of the pool (CHARM-1.1)"
    return None


def _deck(where: str, entry: Any, cards: Mapping[str, CardDef]) -> Deck:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table")
    plain = {k: v for k, v in entry.items() if k != "heroine"}
    found = deck_entry(where, plain, cards, DECK_RULE)
    heroine = field(where, entry, "heroine", str)
    problem = heroine_problem(list(found.cards), heroine, cards)
    if problem is not None:
        raise DataError(f"{where}: {problem}")
    return Deck(found.id, found.name, found.cards, heroine, found.blurb)
