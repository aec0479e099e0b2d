"""What an effect may reach (CHARM-11.7), listed in the order of CHARM-13.3.

A picked target (:data:`~rules.charm.cards.CHOSEN`) is one face-up card of those listed for its
chooser: the chooser's opponent's side first, then its own, each in field order (a timed-out
choice takes the first, CHARM-13.1). Face-down cards are out of reach: they have no skills and
take no part (CHARM-6.6, docs/rulings.md). The other targets name their cards or player by
themselves when the effect resolves.
"""

from __future__ import annotations

from .cards import CHOSEN
from .state import Card, CharmState, Declaration

__all__ = ["attackers", "defenders", "listed", "reached"]


def _side(state: CharmState, seat: int) -> list[Card]:
    return [c for c in state.players[seat].field if not c.face_down]


def attackers(state: CharmState) -> list[Card]:
    """The attackers of the charm under way, or named by the charm declared on the chain
    (docs/rulings.md, CHARM-11.7): face up and on the field."""
    charm = state.charm
    if charm is not None:
        return [
            c
            for u in charm.attackers
            if (c := state.cards[u]).face_up and c.moves == charm.moves[u]
        ]
    uids: tuple[int, ...] = ()
    for entry in state.stack.entries:
        decl: Declaration = entry.item
        if decl.kind == "charm":
            uids = decl.attackers
    return [c for u in uids if (c := state.cards[u]).face_up]


def defenders(state: CharmState) -> list[Card]:
    """The defenders declared in the charm phase under way, face up and on the field."""
    charm = state.charm
    if charm is None:
        return []
    return [
        c
        for u in charm.blocks.values()
        if (c := state.cards[u]).face_up and c.moves == charm.moves.get(u)
    ]


def listed(state: CharmState, chooser: int, target: str) -> list[Card]:
    """The cards ``chooser`` may pick for a ``target`` of :data:`CHOSEN`, in CHARM-13.3's order:
    its opponent's side first, then its own, each in field order."""
    if target in ("attacker", "defender"):
        found = attackers(state) if target == "attacker" else defenders(state)
        return sorted(found, key=lambda c: (c.owner == chooser, c.entered))
    enemy, own = _side(state, 1 - chooser), _side(state, chooser)
    if target == "own_character":
        return [c for c in own if c.defn.character]
    if target == "enemy_character":
        return [c for c in enemy if c.defn.character]
    if target == "character":
        return [c for c in enemy + own if c.defn.character]
    if target == "own_background":
        return [c for c in own if c.defn.kind == "background"]
    if target == "music":
        return [c for c in enemy + own if c.defn.kind == "music"]
    raise ValueError(f"{target!r} is not a target a player picks")


def reached(
    state: CharmState,
    controller: int,
    source: Card | None,
    target: str,
    picked: tuple[int, int] | None,
) -> list[Card]:
    """The cards an effect reaches as it resolves: the picked one (``(uid, moves)``) if it is
    still a legal pick, the same card where it was (CHARM-9.7: else nothing), or those the
    target names."""
    if target in CHOSEN:
        if picked is None:
            return []
        card = state.cards[picked[0]]
        legal = card.moves == picked[1] and card in listed(state, controller, target)
        return [card] if legal else []
    if target == "self":
        return [source] if source is not None and source.face_up else []
    if target in ("own_heroine", "enemy_heroine"):
        seat = controller if target == "own_heroine" else 1 - controller
        heroine = state.players[seat].heroine
        return [heroine] if heroine is not None and heroine.face_up else []
    if target in ("all_own_characters", "all_enemy_characters"):
        seat = controller if target == "all_own_characters" else 1 - controller
        return [c for c in _side(state, seat) if c.defn.character]
    return []
