"""What a card is right now: its abilities, attack, defence and keywords, auras included.

Nothing here is stored: attack and defence are the printed values plus lasting changes, the
evolution's +2/+2, changes that last a while, and the auras of cards on the board. An aura works
while its card is on the board, even at 0 defence before the destruction check (FANFARE-Q6).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import KEYWORDS, Ability, Condition
from .state import Card, FanfareState, Unit

__all__ = [
    "abilities",
    "attack",
    "base_attack",
    "base_defence",
    "condition_holds",
    "count",
    "damage_cut",
    "defence",
    "effect_boost",
    "followers",
    "has_keyword",
    "keywords",
    "leader_abilities",
    "max_defence",
]

Indexed = Sequence[tuple[int, Ability]]


def abilities(card: Card, zone: str, when: str) -> Indexed:
    """The card's abilities with this zone and timing, each with its place on the card: printed
    ones top to bottom, then granted ones in the order granted (FANFARE-Q3)."""
    printed = () if card.silenced else card.defn.abilities_at(zone, when)
    if not card.granted or zone != "board":
        return printed
    n = len(card.defn.abilities)
    return [*printed, *((n + i, a) for i, a in enumerate(card.granted) if a.when == when)]


def leader_abilities(
    state: FanfareState, seat: int, when: str, exclude: Card | None = None
) -> Indexed:
    """A leader's abilities: those it gained for good, in order, then those the auras of its
    side's cards give it, left to right. ``exclude``: a card whose own play is being watched
    (its aura starts after it was played; docs/rulings.md)."""
    leader = state.players[seat].leader
    out = [(i, a) for i, a in enumerate(leader.granted) if a.when == when]
    n = len(leader.granted)
    for card in state.players[seat].board:
        if card is exclude or card.silenced:
            continue
        for part in card.defn.auras:
            if part.effect == "grant_leader" and part.grants is not None:
                n += 1
                if part.grants.when == when:
                    out.append((n, part.grants))
    return out


def _auras(state: FanfareState, card: Card) -> tuple[int, int]:
    atk = dfn = 0
    for other in state.players[card.owner].board:
        if other.defn.auras and not other.silenced:
            for part in other.defn.auras:
                if part.effect == "buff" and (part.target == "allies" or other is not card):
                    atk += part.attack
                    dfn += part.defence
    return atk, dfn


def base_attack(card: Card) -> int:
    """Printed attack, with the evolution's +2 (what the card shows as its own)."""
    return card.defn.attack + (2 if card.evolved else 0)


def base_defence(card: Card) -> int:
    return card.defn.defence + (2 if card.evolved else 0)


def attack(state: FanfareState, card: Card) -> int:
    value = base_attack(card) + card.atk_bonus + sum(t.attack for t in card.temps)
    if card.zone == "board":
        value += _auras(state, card)[0]
    return max(0, value)


def max_defence(state: FanfareState, card: Card) -> int:
    value = base_defence(card) + card.def_bonus + sum(t.defence for t in card.temps)
    if card.zone == "board":
        value += _auras(state, card)[1]
    return value


def defence(state: FanfareState, unit: Unit) -> int:
    if isinstance(unit, Card):
        return max_defence(state, unit) - unit.damage
    return unit.defence


def keywords(card: Card) -> list[str]:
    # In the rules text's order (a frozenset's own order changes from one process to the next).
    found = [] if card.silenced else [k for k in KEYWORDS if k in card.defn.keywords]
    for k in card.keywords_gained:
        if k not in found:
            found.append(k)
    for t in card.temps:
        if t.keyword is not None and t.keyword not in found:
            found.append(t.keyword)
    return found


def has_keyword(card: Card, keyword: str) -> bool:
    if keyword in card.defn.keywords and not card.silenced:
        return True
    return keyword in card.keywords_gained or any(t.keyword == keyword for t in card.temps)


def _aura_amount(card: Card, effect: str) -> int:
    if card.silenced or not card.defn.auras:
        return 0
    return sum(p.amount for p in card.defn.auras if p.effect == effect)


def damage_cut(card: Card) -> int:
    return _aura_amount(card, "damage_cut")


def effect_boost(state: FanfareState, seat: int) -> int:
    """Extra damage of ``seat``'s effects from auras on its board (FANFARE-Q6)."""
    return sum(_aura_amount(card, "effect_boost") for card in state.players[seat].board)


def followers(state: FanfareState, seat: int) -> list[Card]:
    return [c for c in state.players[seat].board if c.defn.follower]


def count(state: FanfareState, subject: str, seat: int, source: Unit | None) -> int:
    """A count about ``seat`` that a condition or an amount reads (FANFARE-Q2)."""
    player = state.players[seat]
    if subject == "allies":
        return sum(1 for c in player.board if c.defn.follower and c is not source)
    if subject == "enemy_followers":
        return len(followers(state, 1 - seat))
    if subject == "hand":
        return len(player.hand)
    if subject == "cemetery":
        return len(player.cemetery)
    if subject == "defence":
        return player.leader.defence
    if subject == "max_pp":
        return player.max_pp
    if subject == "self_attack":
        on_board = isinstance(source, Card) and source.zone == "board"
        return attack(state, source) if on_board and isinstance(source, Card) else 0
    if subject == "highest_ally_attack":
        found = [attack(state, c) for c in followers(state, seat) if c is not source]
        return max(found, default=0)
    raise ValueError(f"unknown count {subject!r}")


def condition_holds(
    state: FanfareState, condition: Condition | None, seat: int, source: Unit | None
) -> bool:
    return condition is None or condition.holds(count(state, condition.subject, seat, source))
