"""What a CPU needs of breakfall: a state a seat cannot tell from the real one, and its guide.

What a seat does not know (BREAKFALL-8.1, ``views.py``): the other's hand and deck, the cards
of the other's resource row (face down: only whether each is bowed shows), the order of its own
deck, and the match's chance. A determinization deals the other's hand, deck and resource row
again (each resource keeping its place and whether it is bowed), shuffles the seat's own deck
and reseeds the generator. The field, the damage and check zones, the graveyards and the
resolution space are open to all.
"""

from __future__ import annotations

from ..ai.guide import Guide, chances
from ..engine import Rng, clone, redeal, reseeded
from .state import DAMAGE_LIMIT, BreakfallState
from .stats import durability, force, sabotage

__all__ = ["GUIDE", "determinize"]

_PLACE = ("owner", "zone", "bowed")
"""What stays with a card's place when cards are dealt again: the rest is its contents."""


def determinize(state: BreakfallState, seat: int, rng: Rng) -> BreakfallState:
    """A copy of ``state`` that ``seat`` cannot tell from it (see the module's docstring)."""
    copy = clone(state)
    other = 1 - seat
    me, them = copy.players[seat], copy.players[other]
    redeal([them.hand, them.deck, them.resources], rng, stay=_PLACE, cards=copy.cards)
    redeal([me.deck], rng, stay=_PLACE, cards=copy.cards)
    copy.rng = reseeded(rng)
    return copy


def evaluate(state: BreakfallState) -> tuple[float, ...]:
    """How each seat stands where a playout stops: the damage it can still take (BREAKFALL-4.1)
    first, then its characters, its hand and its resources."""
    scores = []
    for player in state.players:
        left = DAMAGE_LIMIT - len(player.damage)
        field = sum(
            max(0, force(state, card)) + max(0, sabotage(state, card)) + durability(state, card)
            for card in player.field
        )
        scores.append(2 * left + field / 4 + len(player.hand) / 2 + len(player.resources) / 3)
    return chances(scores, 4.0)


GUIDE = Guide(budgets={"easy": 30, "normal": 150, "hard": 600}, evaluate=evaluate, cutoff=40)
"""A match takes hundreds of moves (priority passes among them): playouts stop after 40 and
weigh the position. Budgets: a normal decision takes about 0.3 s of CPU time, a hard one 1.3 s
(``docs/cpu.md``)."""
