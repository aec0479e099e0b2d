"""The rules of what card data may say: each check raises :class:`DataError` naming the file,
the card and the field (``where`` carries the first two). Used by :mod:`.loading`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..engine.carddata import made_card
from ..engine.datafile import in_range, numbered, one_of
from .cards import (
    AMOUNT_FROM,
    CHOSEN,
    CHOSEN_TIMINGS,
    EFFECTS,
    EVENT_CARD_TIMINGS,
    HAND_TIMINGS,
    KEYWORDS,
    SUBJECTS,
    UNTILS,
    Ability,
    CardDef,
    Condition,
    DataError,
    Part,
)

__all__ = [
    "check_card_abilities",
    "check_chosen",
    "check_part_fields",
    "check_refs",
    "check_target",
    "check_when",
    "check_zone",
    "parse_condition",
]

_CONDITION = re.compile(r"^\s*([a-z_]+)\s*(>=|<=|==)\s*(-?\d+)\s*$")
_FOLLOWER_SELF = ("damage", "heal", "buff", "keyword", "grant", "bounce", "transform", "silence")


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


def check_target(where: str, target: str, effect: str, when: str, kind: str, granted: bool) -> None:
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


def check_part_fields(where: str, part: Part, entry: Mapping[str, Any]) -> None:
    needs = EFFECTS[part.effect].needs
    if "card" in needs and part.card is None:
        raise DataError(f"{where}: card: {part.effect!r} needs the id of the card it makes")
    if "card" not in needs and part.card is not None:
        raise DataError(f"{where}: card: {part.effect!r} makes no card")
    if "keyword" in needs:
        one_of(where, "keyword", part.keyword, KEYWORDS)
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
        in_range(where, "amount", part.amount, -5, 5)
    else:
        in_range(where, "amount", part.amount, 1, 20)
    if part.amount_from is not None:
        one_of(where, "amount_from", part.amount_from, AMOUNT_FROM)
        if part.effect not in ("damage", "heal"):
            raise DataError(f"{where}: amount_from: only damage and heal read an amount")
        if "amount" in entry:
            raise DataError(f"{where}: amount: give amount or amount_from, not both")
    if part.until is not None:
        one_of(where, "until", part.until, UNTILS)
        if part.effect not in ("buff", "keyword"):
            raise DataError(f"{where}: until: only buff and keyword last for a while")
    if (part.instead is None) != (part.instead_amount == 0):
        raise DataError(f"{where}: instead: give both instead and instead_amount")
    if part.instead is not None and part.effect not in ("damage", "heal", "draw"):
        raise DataError(f"{where}: instead: only damage, heal and draw have an amount to change")


def check_when(where: str, when: str, kind: str) -> None:
    if when == "cast" and kind != "spell":
        raise DataError(f"{where}: when: only a spell has 'cast' (its own effect)")
    if kind == "spell" and when not in ("cast", "drawn", "discarded", *HAND_TIMINGS):
        raise DataError(f"{where}: when: a spell is never on the board, so not {when!r}")
    if when in ("evolve", "strike", "clash") and kind != "follower":
        raise DataError(f"{where}: when: only a follower can {when}")


def check_zone(where: str, ability: Ability, kind: str) -> None:
    if ability.zone == "board":
        if kind == "spell" and ability.when in HAND_TIMINGS:
            raise DataError(f"{where}: zone: a spell is never on the board: zone = 'hand'")
        return
    effects = [p.effect for p in ability.parts]
    if ability.zone == "hand":
        if ability.when not in HAND_TIMINGS or effects != ["cost"]:
            raise DataError(
                f"{where}: zone: from the hand only {', '.join(sorted(HAND_TIMINGS))} may change "
                "the card's own cost"
            )
        if ability.parts[0].target != "self":
            raise DataError(f"{where}: target: from the hand an ability changes its own cost")
    elif ability.when != "turn_start" or effects != ["summon_self"]:
        raise DataError(f"{where}: zone: from the deck only turn_start may summon_self")
    if ability.zone != "deck" and "summon_self" in effects:
        raise DataError(f"{where}: effect: summon_self works from the deck (zone = 'deck')")


def check_chosen(where: str, ability: Ability) -> None:
    """Parts that choose a target all share the one choice, so they must choose alike."""
    kinds = {p.target for p in ability.parts if p.chosen}
    if len(kinds) > 1:
        raise DataError(f"{where}: target: one chosen target per ability, not {sorted(kinds)}")


def check_card_abilities(
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


def check_refs(where: str, card: CardDef, cards: Mapping[str, CardDef]) -> None:
    for at, ability in numbered(where, "ability", card.abilities):
        parts = list(ability.parts)
        for part in ability.parts:
            if part.grants is not None:
                parts += part.grants.parts
        for part in parts:
            if part.card is None:
                continue
            made = made_card(at, part.card, cards)
            at_card = f"{at}: card"
            if part.effect in ("summon", "transform") and made.kind == "spell":
                raise DataError(f"{at_card}: {part.effect} makes a follower or amulet")
            if part.effect == "transform" and made.kind != "follower":
                raise DataError(f"{at_card}: transform makes a follower")
            if part.effect == "add" and made.drawn_result is not None:
                raise DataError(f"{at_card}: {made.name} only works when drawn from the deck")
