"""What a seat holding priority could declare: the events in its hand and A.Skills on its field
that it may use now (CHARM-4.1, 5.1, 6.3, 9.3, 10.5, 11.3a), and the cards it may check for EP
(CHARM-10.2).

An event or A.Skill is *declarable* when its EP is in the pool already (CHARM-10.3: EP must be
there before the declaration), its other costs can be paid and, if it picks a target, one is
there. It is *usable* (CHARM-13.2) when it would be declarable once the seat has produced all
the EP it still could: what auto-pass asks.
"""

from __future__ import annotations

from collections.abc import Iterator

from .cards import Skill
from .state import Card, CharmState
from .targets import listed

__all__ = [
    "could_declare",
    "in_charm",
    "producers",
    "skill_problem",
    "uses",
]


def producers(state: CharmState, seat: int) -> list[Card]:
    """Cards the seat may check for EP now (CHARM-10.2, 10.2a): its face-up, unchecked
    backgrounds and characters (heroine included) without the first-turn restriction, EP 1+.
    A face-down card produces nothing (CHARM-6.6)."""
    return [
        c
        for c in state.players[seat].field
        if c.defn.ep >= 1
        and not c.checked
        and not c.face_down
        and (c.defn.kind == "background" or (c.defn.character and not c.restricted))
    ]


def in_charm(state: CharmState) -> set[int]:
    """Characters that attack, support or defend in the charm phase under way (CHARM-6.3)."""
    charm = state.charm
    if charm is None:
        return set()
    found = set(charm.attackers) | set(charm.blocks.values())
    if charm.supporter is not None:
        found.add(charm.supporter)
    return found


def _answers_an_event_or_skill(state: CharmState, seat: int) -> bool:
    """A ``negate`` answers the opponent's event or A.Skill on top of the chain (CHARM-11.6)."""
    top = state.stack.top
    return top is not None and top.seat != seat and top.item.kind in ("event", "skill")


def skill_problem(
    state: CharmState, seat: int, card: Card, skill: Skill, index: int, ep: int
) -> str | None:
    """Why the event in hand or A.Skill on the field cannot be declared with ``ep`` available;
    None if it can (the timing is the caller's: the seat holds priority)."""
    cost = skill.cost
    if cost.ep > ep:  # first: the commonest reason, and the cheapest to ask
        return f"Not enough EP: it costs {cost.ep}, you have {ep}."
    if card.zone == "field":
        if card.face_down:
            return f"{card.name} is face down."
        if card.defn.character and (card.checked or card.restricted):
            why = "checked" if card.checked else "new to the field this turn"
            return f"{card.name} is {why}: its A.Skill cannot be used (CHARM-10.5)."
        if cost.check_self and card.checked:
            return f"{card.name} is checked: it cannot pay its cost."
        if skill.once_per_turn and card.used.get(index) == state.turn:
            return f"{card.name}'s A.Skill was used this turn (once per turn)."
        if card.uid in in_charm(state):
            return f"{card.name} takes part in the charm: its A.Skill waits (CHARM-6.3)."
    others = len(state.players[seat].hand) - (1 if card.zone == "hand" else 0)
    if cost.discard > others:
        return f"It costs {cost.discard} other cards to discard; you hold {others}."
    if skill.negates and not _answers_an_event_or_skill(state, seat):
        return "A negate only answers your opponent's event or A.Skill."
    kind = skill.target_kind
    if kind is not None and not listed(state, seat, kind):
        return "There is nothing it could target now."
    return None


def uses(state: CharmState, seat: int) -> Iterator[tuple[Card, int, Skill]]:
    """Every event in hand and A.Skill on the field of the seat, declarable or not."""
    player = state.players[seat]
    for card in player.hand:
        if card.defn.event:
            yield card, 0, card.defn.skills[0]
    for card in player.field:
        for index, skill in card.defn.actives:
            yield card, index, skill


def could_declare(state: CharmState, seat: int) -> bool:
    """Whether the seat could declare an event or A.Skill once it has produced all the EP it
    still could (CHARM-10.3, 13.2)."""
    found = list(uses(state, seat))
    if not found:  # the common case (an empty hand, a field without A.Skills): nothing to count
        return False
    pool = state.players[seat].pool
    # The EP it could still produce, the producers listed once: a source that must stay
    # unchecked (a character, or a card whose cost checks it) is taken out for its own use.
    cards = producers(state, seat)
    every = sum([c.defn.ep for c in cards])
    for card, index, skill in found:
        keep = card if card.zone == "field" and card.defn.character else None
        if card.zone == "field" and skill.cost.check_self:
            keep = card
        ep = pool + every - (keep.defn.ep if keep is not None and keep in cards else 0)
        if skill.cost.ep > ep:  # skill_problem's first check, without its words
            continue
        if skill_problem(state, seat, card, skill, index, ep) is None:
            return True
    return False
