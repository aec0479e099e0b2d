"""Numbers worked out from the state: AP, DP, limits, support, and who takes part in a charm.

A character's AP and DP are its printed numbers plus the static P.Skills of its side's face-up
cards (CHARM-11.5), its boosts until end of turn, and a supporter's bonus to the heroine
(CHARM-6.5); DP less its DP damage (CHARM-6.6). Nothing is stored that could go stale.
"""

from __future__ import annotations

from collections.abc import Iterator

from .cards import Skill
from .state import DAMAGE_LIMIT, HAND_LIMIT, Card, CharmState, Support

__all__ = [
    "ap",
    "ap_dp",
    "damage_limit",
    "dp",
    "full_dp",
    "hand_limit",
    "live_support",
    "statics",
]


def statics(state: CharmState, seat: int) -> Iterator[tuple[Card, Skill]]:
    """The static P.Skills working on the seat's side: its face-up cards' (CHARM-6.6)."""
    for card in state.players[seat].field:
        if not card.face_down:
            for skill in card.defn.statics:
                yield card, skill


def _static_bonus(state: CharmState, card: Card) -> tuple[int, int]:
    """What the static P.Skills of its side's face-up cards add to its AP and to its DP, both in
    one look at the field (a label shows both)."""
    ap = dp = 0
    heroine = card.defn.heroine
    # A plain loop: this runs for every AP and DP read, and most cards have no static P.Skill.
    for source in state.players[card.owner].field:
        found = source.defn.statics
        if not found or source.face_down:
            continue
        for skill in found:
            reach = skill.reach
            if (
                reach == "all"
                or (reach == "heroine" and heroine)
                or (reach == "self" and source is card)
            ):
                if skill.stat == "ap":
                    ap += skill.amount
                elif skill.stat == "dp":
                    dp += skill.amount
    return ap, dp


def live_support(state: CharmState, support: Support) -> bool:
    """A support bonus lasts until the end phase, or until its supporter leaves the field or
    turns face down (CHARM-6.5)."""
    supporter = state.cards[support.supporter]
    return supporter.moves == support.moves and supporter.face_up


def _support(state: CharmState, card: Card, stat: str) -> int:
    return sum(
        s.amount
        for s in state.support
        if s.heroine == card.uid and s.stat == stat and live_support(state, s)
    )


def _bonuses(state: CharmState, card: Card) -> tuple[int, int]:
    """What static P.Skills and support add to a character's AP and DP: only on the field."""
    if card.zone != "field":
        return 0, 0
    ap, dp = _static_bonus(state, card)
    if state.support:
        ap += _support(state, card, "ap")
        dp += _support(state, card, "dp")
    return ap, dp


def ap(state: CharmState, card: Card) -> int:
    """Its AP now; it may be below 0, which counts as 0 where it is used (CHARM-6.4a)."""
    defn = card.defn
    if not defn.character:
        return 0
    return defn.ap + _bonuses(state, card)[0] + card.boost_ap


def full_dp(state: CharmState, card: Card) -> int:
    """Its DP before DP damage: printed, plus modifiers."""
    defn = card.defn
    if not defn.character:
        return 0
    return defn.dp + _bonuses(state, card)[1] + card.boost_dp


def dp(state: CharmState, card: Card) -> int:
    """Its DP now: printed, plus modifiers, minus DP damage (CHARM-6.6)."""
    return full_dp(state, card) - card.dp_damage


def ap_dp(state: CharmState, card: Card) -> tuple[int, int]:
    """``(ap(state, card), dp(state, card))`` in one look at its side's field: what a menu label
    shows of a character."""
    defn = card.defn
    if not defn.character:
        return ap(state, card), dp(state, card)
    ap_bonus, dp_bonus = _bonuses(state, card)
    return (
        defn.ap + ap_bonus + card.boost_ap,
        defn.dp + dp_bonus + card.boost_dp - card.dp_damage,
    )


def _limit_change(state: CharmState, seat: int, stat: str) -> int:
    change = 0
    for card in state.players[seat].field:  # a plain loop: asked at every change of phase
        found = card.defn.statics
        if found and not card.face_down:
            for skill in found:
                if skill.stat == stat:
                    change += skill.amount
    return change


def hand_limit(state: CharmState, seat: int) -> int:
    """5, changed by the seat's static P.Skills, never below 0 (CHARM-7.2)."""
    return max(0, HAND_LIMIT + _limit_change(state, seat, "hand_limit"))


def damage_limit(state: CharmState, seat: int) -> int:
    """20, changed by the seat's static P.Skills, never below 1 (CHARM-8.1, docs/rulings.md)."""
    return max(1, DAMAGE_LIMIT + _limit_change(state, seat, "damage_limit"))
