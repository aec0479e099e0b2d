"""Targets: what a seat may choose for an ability, in the order BREAKFALL-9.3 lists them, and how
a menu shows each one (with the numbers a choice depends on).

Characters are listed the chooser's opponent's first, then its own, each side oldest first (the
order they entered the field); entries in the space newest first. A chosen target is a
character's uid, or an entry's ``eid`` for ``negate``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..engine import Entry, Option, Said
from .cards import Effect
from .state import BreakfallState, Card, Item
from .stats import durability, force, sabotage
from .words import CAPTIONS

__all__ = [
    "blockers",
    "candidates",
    "character_label",
    "entry_label",
    "entry_words",
    "greeters",
    "options",
    "still_legal",
]


def greeters(state: BreakfallState) -> list[Card]:
    """Characters greeting now, on the field, in the order they entered it (BREAKFALL-9.3)."""
    greeting = {g for g, _b in state.battle}
    return [c for c in state.players[state.turn_player].field if c.uid in greeting]


def blockers(state: BreakfallState) -> list[Card]:
    """Characters blocking now, on the field, in the order they entered it (BREAKFALL-9.3), not
    the order of the greeters they block."""
    blocking = {b for _g, b in state.battle}
    return [c for c in state.players[state.ntp].field if c.uid in blocking]


def _sides(state: BreakfallState, seat: int, kind: str) -> list[Card]:
    enemy, own = state.players[1 - seat].field, state.players[seat].field
    if kind == "enemy_character":
        return list(enemy)
    if kind == "own_character":
        return list(own)
    if kind == "character":
        return [*enemy, *own]
    chosen = greeters(state) if kind == "greeter" else blockers(state)
    return [c for c in chosen if c.owner != seat] + [c for c in chosen if c.owner == seat]


def _kill_limit(effects: Sequence[Effect], kind: str) -> int | None:
    """The lowest ``kill n`` among the effects aimed at this target: only a character whose
    durability is at most n may be chosen for it."""
    limits = [e.amount for e in effects if e.effect == "kill" and e.target == kind]
    return min(limits) if limits else None


def candidates(
    state: BreakfallState, seat: int, kind: str, effects: Sequence[Effect], eid: int | None = None
) -> list[int]:
    """What ``seat`` may choose for a target of ``kind`` now: uids of characters, or eids of
    entries (``eid``: the choosing entry itself, never its own target)."""
    if kind == "entry":
        return [
            e.item.eid
            for e in reversed(state.space.entries)
            if e.item.kind != "check" and e.item.eid != eid
        ]
    cards = _sides(state, seat, kind)
    limit = _kill_limit(effects, kind)
    if limit is not None:
        cards = [c for c in cards if durability(state, c) <= limit]
    return [c.uid for c in cards]


def still_legal(
    state: BreakfallState, seat: int, kind: str, effects: Sequence[Effect], target: int | None
) -> bool:
    """Whether a target chosen on entry is still legal on resolution (BREAKFALL-3.7)."""
    if target is None:
        return False
    if kind == "entry":
        return any(e.item.eid == target for e in state.space.entries)
    card = state.cards.get(target)
    if card is None or card.zone != "field":
        return False
    return card in _sides(state, seat, kind)


def character_label(state: BreakfallState, seat: int, card: Card) -> Said:
    """``enemy Gate Warden · force 2, sabotage 1, damage 1/4, bowed``."""
    return _character(
        _whose(seat, card.owner),
        "bowed" if card.bowed else "ready",
        card.name,
        force(state, card),
        sabotage(state, card),
        card.damage,
        durability(state, card),
    )


@functools.lru_cache(maxsize=4096)
def _character(
    whose: str, bowed: str, name: str, force: int, sabotage: int, damage: int, durability: int
) -> Said:
    """A character's label, said once for each set of numbers: menus are listed in quiet play
    too, over and over, and most characters' numbers come back."""
    return CAPTIONS.say(
        f"option.character.{whose}.{bowed}",
        card=name,
        force=force,
        sabotage=sabotage,
        damage=damage,
        durability=durability,
    )


def _whose(seat: int, owner: int) -> str:
    return "your" if owner == seat else "enemy"


def entry_words(state: BreakfallState, seat: int, entry: Entry[Item]) -> Said:
    """An entry as ``seat``'s menus name it: ``enemy Ember Strike``, ``your Gate Warden's
    ability`` (a label is shown to one seat, so it says "your" and "enemy", never a seat)."""
    item = entry.item
    kind = item.kind if item.kind in ("check", "card", "breakfall") else "ability"
    name = "" if kind == "check" else state.cards[item.uid].name
    return _entry(_whose(seat, entry.seat), kind, name)


@functools.cache
def _entry(whose: str, kind: str, name: str) -> Said:
    """An entry's words, said once for each side, kind and card."""
    return CAPTIONS.say(f"entry.{whose}.{kind}", card=name)


def entry_label(state: BreakfallState, seat: int, entry: Entry[Item]) -> Said:
    """``enemy Ember Strike (technique)``, ``your Gate Warden's ability``."""
    words = entry_words(state, seat, entry)
    if entry.item.kind == "card":
        kind = state.cards[entry.item.uid].defn.kind
        return CAPTIONS.say(f"option.entry.{kind}", entry=words)
    return words


def options(
    state: BreakfallState, seat: int, kind: str, effects: Sequence[Effect], eid: int | None = None
) -> tuple[Option, ...]:
    """The choices of :func:`candidates` as a menu lists them."""
    found = candidates(state, seat, kind, effects, eid)
    if kind == "entry":
        by_eid = {e.item.eid: e for e in state.space.entries}
        return tuple(Option(x, entry_label(state, seat, by_eid[x])) for x in found)
    cards = state.cards
    return tuple(Option(x, character_label(state, seat, cards[x])) for x in found)
