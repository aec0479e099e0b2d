"""What a CPU needs of charm: a state a seat cannot tell from the real one, and its guide.

What a seat does not know (CHARM-12, ``views.py``): the other's hand and deck, the order of its
own deck, the other's mulligan choice until both have chosen (CHARM-1.4), and the match's
chance; the field, the discard piles and the chain are open. A determinization deals the
other's hand and deck again, shuffles the seat's own deck, draws the other's mulligan again if
it has chosen, and reseeds the generator. (The blocks a defender plans are its own secret, but
while it plans the match waits on it alone, so no other seat decides meanwhile.)
"""

from __future__ import annotations

from ..ai.guide import Guide, chances
from ..engine import Rng, clone, redeal, reseeded
from .state import CharmState
from .stats import ap, damage_limit, dp

__all__ = ["GUIDE", "determinize"]

_PLACE = ("owner", "zone")
"""What stays with a card's place when cards are dealt again: the rest is its contents."""


def determinize(state: CharmState, seat: int, rng: Rng) -> CharmState:
    """A copy of ``state`` that ``seat`` cannot tell from it (see the module's docstring)."""
    copy = clone(state)
    other = 1 - seat
    me, them = copy.players[seat], copy.players[other]
    redeal([them.hand, them.deck], rng, stay=_PLACE, cards=copy.cards)
    redeal([me.deck], rng, stay=_PLACE, cards=copy.cards)
    mulligan = copy.mulligan
    if copy.phase == "mulligan" and other in mulligan.has_chosen():
        mulligan.withdraw(other)
        mulligan.choose(other, tuple(card.uid for card in them.hand if rng.coin()))
    copy.rng = reseeded(rng)
    return copy


def evaluate(state: CharmState) -> tuple[float, ...]:
    """How each seat stands where a playout stops: the damage it can still take (CHARM-8.1)
    first, then its face-up characters, its hand and its EP."""
    scores = []
    for player in state.players:
        left = damage_limit(state, player.seat) - player.damage
        field = sum(
            max(0, ap(state, card)) + dp(state, card) / 2
            for card in player.field
            if card.face_up and card.defn.character
        )
        scores.append(left + field / 4 + len(player.hand) / 2 + player.pool / 5)
    return chances(scores, 4.0)


def in_mulligan(state: CharmState) -> bool:
    """The mulligan is chosen in secret (the other seat's choice unseen until both have
    chosen), even once one seat has chosen and the other alone is waited on."""
    return state.phase == "mulligan"


GUIDE = Guide(
    secret=in_mulligan,
    budgets={"easy": 30, "normal": 150, "hard": 600},
    evaluate=evaluate,
    cutoff=40,
    skip=frozenset({"unblock"}),
)
"""A match takes hundreds of moves (every priority round is one each): playouts stop after
40 and weigh the position. Taking back planned blocks is a convenience for a person: a CPU
that weighed it would find the same position again after it and could plan and take back the
same block forever (a duel's match did, for thousands of moves). Budgets: a normal decision
takes about 0.2 s of CPU time, a hard one 0.9 s (``docs/cpu.md``)."""
