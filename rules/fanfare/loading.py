"""Loading and validating the fanfare card pool (``data/fanfare/cards.toml`` and ``decks.toml``).

Every error names the file, the card (or deck) and the field: ``cards.toml: card 'ember-whelp':
ability 1: target: 'it' only works when an event names a card``. The tables of what may go
together are in :mod:`rules.fanfare.cards`.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from .cards import (
    AMOUNT_FROM,
    AURA_TARGETS,
    CHOSEN,
    CHOSEN_TIMINGS,
    DRAWN_RESULTS,
    EFFECTS,
    EVENT_CARD_TIMINGS,
    KEYWORDS,
    KINDS,
    LEADER_TIMINGS,
    SUBJECTS,
    TIMINGS,
    UNTILS,
    Ability,
    CardDef,
    CardPool,
    Condition,
    DataError,
    Deck,
    Part,
)

__all__ = ["DECK_SIZE", "MAX_COPIES", "default_data_dir", "load_pool", "parse_condition"]

DECK_SIZE = 40
MAX_COPIES = 3
"""FANFARE-1.1."""

_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_CONDITION = re.compile(r"^\s*([a-z_]+)\s*(>=|<=|==)\s*(-?\d+)\s*$")
_PART_FIELDS = {f.name for f in fields(Part)}
_ABILITY_FIELDS = {"when", "zone", "condition", "then"} | _PART_FIELDS
# Timings that may work from the hand or the deck, and what they may do there.
_HAND_TIMINGS = ("turn_start", "card_to_hand", "play_spell", "play_card")
_FOLLOWER_SELF = ("damage", "heal", "buff", "keyword", "grant", "bounce", "transform", "silence")
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
    raw_cards = _read(root / "cards.toml", "card")
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
        _check_refs(wheres[card_id], card, cards)
    decks: dict[str, Deck] = {}
    for where, entry in _read(root / "decks.toml", "deck"):
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


def parse_condition(where: str, text: Any) -> Condition:
    if not isinstance(text, str):
        raise DataError(f"{where}: expected a string such as 'allies >= 3', got {text!r}")
    match = _CONDITION.match(text)
    if match is None:
        raise DataError(f"{where}: {text!r} is not 'subject >= n', 'subject <= n' or '=='")
    subject, op, n = match.group(1), match.group(2), int(match.group(3))
    if subject not in SUBJECTS:
        raise DataError(f"{where}: {subject!r} is not one of {', '.join(SUBJECTS)}")
    return Condition(subject, op, n)


# -- reading and checking -------------------------------------------------------------------------


def _read(path: Path, table: str) -> list[tuple[str, Any]]:
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


def _get(where: str, entry: Mapping[str, Any], name: str, kind: type, default: Any = ...) -> Any:
    if name not in entry:
        if default is ...:
            raise DataError(f"{where}: {name}: missing")
        return default
    value = entry[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataError(f"{where}: {name}: expected {kind.__name__}, got {value!r}")
    return value


def _only(where: str, entry: Mapping[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise DataError(f"{where}: {unknown[0]}: unknown field")


def _one_of(where: str, name: str, value: Any, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise DataError(f"{where}: {name}: {value!r} is not one of {', '.join(allowed)}")


def _range(where: str, name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise DataError(f"{where}: {name}: {value} is outside {low}..{high}")


def _default_target(effect: str) -> str | None:
    """Player effects default to their owner, and an effect with one target to that one."""
    targets = EFFECTS[effect].targets
    if "owner" in targets:
        return "owner"
    return targets[0] if len(targets) == 1 or effect == "cost" else None


def _part(where: str, entry: Any, when: str, kind: str, granted: bool) -> Part:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table, got {entry!r}")
    effect = _get(where, entry, "effect", str)
    _one_of(where, "effect", effect, tuple(EFFECTS))
    rule = EFFECTS[effect]
    target = _get(where, entry, "target", str, _default_target(effect))
    if target is None:
        raise DataError(f"{where}: target: missing ({effect!r} needs one)")
    if when == "aura":
        if effect not in AURA_TARGETS:
            raise DataError(f"{where}: effect: {effect!r} cannot be an aura")
        _one_of(where, "target", target, AURA_TARGETS[effect])
    elif rule.aura:
        raise DataError(f"{where}: effect: {effect!r} only works as an aura (when = 'aura')")
    else:
        _one_of(where, "target", target, rule.targets)
    _check_target(where, target, effect, when, kind, granted)
    part = Part(
        effect,
        target,
        amount=_get(where, entry, "amount", int, 1),
        attack=_get(where, entry, "attack", int, 0),
        defence=_get(where, entry, "defence", int, 0),
        card=_get(where, entry, "card", str, None),
        keyword=_get(where, entry, "keyword", str, None),
        amount_from=_get(where, entry, "amount_from", str, None),
        until=_get(where, entry, "until", str, None),
        instead=None,
        instead_amount=_get(where, entry, "instead_amount", int, 0),
    )
    if "instead" in entry:
        part = replace(part, instead=parse_condition(f"{where}: instead", entry["instead"]))
    if "grants" in entry:
        part = replace(part, grants=_granted(where, entry["grants"], effect))
    _check_part_fields(where, part, entry)
    return part


def _check_target(
    where: str, target: str, effect: str, when: str, kind: str, granted: bool
) -> None:
    if target in CHOSEN and (when not in CHOSEN_TIMINGS or granted):
        raise DataError(
            f"{where}: target: {target!r} is chosen when playing or evolving, not {when}"
        )
    if target == "it" and when not in EVENT_CARD_TIMINGS:
        raise DataError(f"{where}: target: 'it' only works when an event names a card on the board")
    if target == "foe" and when != "clash":
        raise DataError(f"{where}: target: 'foe' only works for clash")
    if target == "self" and effect in _FOLLOWER_SELF and kind != "follower":
        raise DataError(f"{where}: target: only a follower can {effect} itself")
    if target == "self" and effect == "countdown" and kind != "amulet":
        raise DataError(f"{where}: target: only an amulet has a countdown")
    if target == "self" and kind == "spell" and effect != "cost":
        raise DataError(f"{where}: target: a spell is never on the board")


def _check_part_fields(where: str, part: Part, entry: Mapping[str, Any]) -> None:
    needs = EFFECTS[part.effect].needs
    if "card" in needs and part.card is None:
        raise DataError(f"{where}: card: {part.effect!r} needs the id of the card it makes")
    if "card" not in needs and part.card is not None:
        raise DataError(f"{where}: card: {part.effect!r} makes no card")
    if "keyword" in needs:
        _one_of(where, "keyword", part.keyword, KEYWORDS)
    elif part.keyword is not None:
        raise DataError(f"{where}: keyword: only for effect 'keyword'")
    if ("stats" in needs) != bool(part.attack or part.defence):
        raise DataError(f"{where}: attack: 'buff' (and only it) gives attack and defence")
    if part.defence < 0:
        # Only damage lowers defence, so a follower with no damage is never at 0 (resolve.check).
        raise DataError(f"{where}: defence: a buff does not lower defence")
    if "grants" in needs and part.grants is None:
        raise DataError(f"{where}: grants: {part.effect!r} needs the ability it grants")
    if part.effect == "cost":
        if part.amount == 0:
            raise DataError(f"{where}: amount: a cost change of 0 does nothing")
        _range(where, "amount", part.amount, -5, 5)
    else:
        _range(where, "amount", part.amount, 1, 20)
    if part.amount_from is not None:
        _one_of(where, "amount_from", part.amount_from, AMOUNT_FROM)
        if part.effect not in ("damage", "heal"):
            raise DataError(f"{where}: amount_from: only damage and heal read an amount")
        if "amount" in entry:
            raise DataError(f"{where}: amount: give amount or amount_from, not both")
    if part.until is not None:
        _one_of(where, "until", part.until, UNTILS)
        if part.effect not in ("buff", "keyword"):
            raise DataError(f"{where}: until: only buff and keyword last for a while")
    if (part.instead is None) != (part.instead_amount == 0):
        raise DataError(f"{where}: instead: give both instead and instead_amount")
    if part.instead is not None and part.effect not in ("damage", "heal", "draw"):
        raise DataError(f"{where}: instead: only damage, heal and draw have an amount to change")


def _granted(where: str, entry: Any, effect: str) -> Ability:
    where = f"{where}: grants"
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table")
    when = _get(where, entry, "when", str)
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
    _only(where, entry, _ABILITY_FIELDS)
    when = _get(where, entry, "when", str)
    _one_of(where, "when", when, TIMINGS)
    _check_when(where, when, kind)
    zone = _get(where, entry, "zone", str, "board")
    _one_of(where, "zone", zone, ("board", "hand", "deck"))
    condition = None
    if "condition" in entry:
        if when == "aura":
            raise DataError(f"{where}: condition: an aura holds without conditions")
        condition = parse_condition(f"{where}: condition", entry["condition"])
    part_entry = {k: v for k, v in entry.items() if k not in ("when", "zone", "condition", "then")}
    parts = [_part(where, part_entry, when, kind, granted)]
    then = _get(where, entry, "then", list, [])
    for i, sub in enumerate(then):
        if isinstance(sub, dict) and {"when", "zone", "condition", "then"} & set(sub):
            raise DataError(f"{where}: then {i + 1}: a later part has no timing of its own")
        parts.append(_part(f"{where}: then {i + 1}", sub, when, kind, granted))
    if when == "aura" and len(parts) > 1:
        raise DataError(f"{where}: then: an aura has a single part")
    ability = Ability(key or "", when, tuple(parts), zone, condition)
    _check_zone(where, ability)
    _check_chosen(where, ability)
    if key:
        for i, part in enumerate(ability.parts):
            if part.grants is not None:
                grants = replace(part.grants, key=f"{key}>{i + 1}")
                parts[i] = replace(part, grants=grants)
        ability = replace(ability, parts=tuple(parts))
    return ability


def _check_when(where: str, when: str, kind: str) -> None:
    if when == "cast" and kind != "spell":
        raise DataError(f"{where}: when: only a spell has 'cast' (its own effect)")
    if kind == "spell" and when not in ("cast", "drawn", "discarded", *_HAND_TIMINGS):
        raise DataError(f"{where}: when: a spell is never on the board, so not {when!r}")
    if when in ("evolve", "strike", "clash") and kind != "follower":
        raise DataError(f"{where}: when: only a follower can {when}")


def _check_zone(where: str, ability: Ability) -> None:
    if ability.zone == "board":
        return
    effects = [p.effect for p in ability.parts]
    if ability.zone == "hand":
        if ability.when not in _HAND_TIMINGS or effects != ["cost"]:
            raise DataError(
                f"{where}: zone: from the hand only {', '.join(_HAND_TIMINGS)} may change "
                "the card's own cost"
            )
        if ability.parts[0].target != "self":
            raise DataError(f"{where}: target: from the hand an ability changes its own cost")
    elif ability.when != "turn_start" or effects != ["summon_self"]:
        raise DataError(f"{where}: zone: from the deck only turn_start may summon_self")
    if ability.zone != "deck" and "summon_self" in effects:
        raise DataError(f"{where}: effect: summon_self works from the deck (zone = 'deck')")


def _check_chosen(where: str, ability: Ability) -> None:
    """Parts that choose a target all share the one choice, so they must choose alike."""
    kinds = {p.target for p in ability.parts if p.chosen}
    if len(kinds) > 1:
        raise DataError(f"{where}: target: one chosen target per ability, not {sorted(kinds)}")


def _card(where: str, entry: Any) -> CardDef:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table")
    _only(
        where,
        entry,
        {
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
        },
    )
    card_id = _get(where, entry, "id", str)
    if not _ID.match(card_id):
        raise DataError(f"{where}: id: {card_id!r} is not kebab-case")
    kind = _get(where, entry, "kind", str)
    _one_of(where, "kind", kind, KINDS)
    cost = _get(where, entry, "cost", int)
    _range(where, "cost", cost, 0, 10)
    attack, defence = _stats(where, entry, kind)
    countdown = _get(where, entry, "countdown", int, None)
    if countdown is not None:
        if kind != "amulet":
            raise DataError(f"{where}: countdown: only an amulet counts down")
        _range(where, "countdown", countdown, 1, 10)
    keywords = _get(where, entry, "keywords", list, [])
    for keyword in keywords:
        _one_of(where, "keywords", keyword, KEYWORDS)
    if keywords and kind != "follower":
        raise DataError(f"{where}: keywords: only followers have {', '.join(KEYWORDS)}")
    if len(set(keywords)) != len(keywords):
        raise DataError(f"{where}: keywords: a keyword is listed twice")
    abilities = tuple(
        _ability(f"{where}: ability {i + 1}", a, f"{card_id}#{i + 1}", kind)
        for i, a in enumerate(_get(where, entry, "ability", list, []))
    )
    drawn = _get(where, entry, "drawn", str, None)
    if drawn is not None:
        _one_of(where, "drawn", drawn, DRAWN_RESULTS)
    _check_card_abilities(where, kind, abilities, drawn)
    return CardDef(
        card_id,
        _get(where, entry, "name", str),
        kind,
        cost,
        attack,
        defence,
        countdown,
        frozenset(keywords),
        abilities,
        _get(where, entry, "token", bool, False),
        drawn,
    )


def _stats(where: str, entry: Mapping[str, Any], kind: str) -> tuple[int, int]:
    if kind != "follower":
        for name in ("attack", "defence"):
            if name in entry:
                raise DataError(f"{where}: {name}: only a follower has {name}")
        return 0, 0
    attack = _get(where, entry, "attack", int)
    defence = _get(where, entry, "defence", int)
    _range(where, "attack", attack, 0, 20)
    _range(where, "defence", defence, 1, 20)
    return attack, defence


def _check_card_abilities(
    where: str, kind: str, abilities: tuple[Ability, ...], drawn: str | None
) -> None:
    casts = [a for a in abilities if a.when == "cast"]
    if kind == "spell" and len(casts) != (0 if drawn else 1):
        wanted = "no 'cast' ability (it acts when drawn)" if drawn else "exactly one 'cast' ability"
        raise DataError(f"{where}: ability: a spell has {wanted}")
    if drawn is not None and kind != "spell":
        raise DataError(f"{where}: drawn: only a spell acts when drawn")
    for timings in (("fanfare", "cast"), ("evolve",)):
        kinds = {a.chosen for a in abilities if a.when in timings and a.chosen is not None}
        if len(kinds) > 1:
            raise DataError(f"{where}: ability: one chosen target when {timings[0]}")


def _check_refs(where: str, card: CardDef, cards: Mapping[str, CardDef]) -> None:
    for i, ability in enumerate(card.abilities):
        parts = list(ability.parts)
        for part in ability.parts:
            if part.grants is not None:
                parts += part.grants.parts
        for part in parts:
            if part.card is None:
                continue
            made = cards.get(part.card)
            at = f"{where}: ability {i + 1}: card"
            if made is None:
                raise DataError(f"{at}: no card {part.card!r}")
            if part.effect in ("summon", "transform") and made.kind == "spell":
                raise DataError(f"{at}: {part.effect} makes a follower or amulet")
            if part.effect == "transform" and made.kind != "follower":
                raise DataError(f"{at}: transform makes a follower")
            if part.effect == "add" and made.drawn_result is not None:
                raise DataError(f"{at}: {made.name} only works when drawn from the deck")


def _deck(where: str, entry: Any, cards: Mapping[str, CardDef]) -> Deck:
    if not isinstance(entry, dict):
        raise DataError(f"{where}: expected a table")
    _only(where, entry, {"id", "name", "cards", "blurb"})
    card_ids = _get(where, entry, "cards", list)
    if len(card_ids) != DECK_SIZE:
        raise DataError(
            f"{where}: cards: a deck holds {DECK_SIZE} cards (FANFARE-1.1), "
            f"this one {len(card_ids)}"
        )
    for card_id in card_ids:
        if card_id not in cards:
            raise DataError(f"{where}: cards: no card {card_id!r}")
        if cards[card_id].token:
            raise DataError(f"{where}: cards: {card_id!r} is a token, not a deck card")
    for card_id, count in Counter(card_ids).items():
        if count > MAX_COPIES:
            raise DataError(
                f"{where}: cards: {count} copies of {card_id!r} (FANFARE-1.1: at most 3)"
            )
    return Deck(
        _get(where, entry, "id", str),
        _get(where, entry, "name", str),
        tuple(card_ids),
        _get(where, entry, "blurb", str, ""),
    )


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
