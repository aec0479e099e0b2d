"""What a CPU needs of fanfare: a state a seat cannot tell from the real one, and its guide.

What a seat does not know (``views.py``): the other's hand and deck, the order of its own deck,
the other's mulligan choice until both have chosen (FANFARE-1.2), and the match's chance. A
determinization deals the other's hand and deck again, shuffles the seat's own deck, draws the
other's mulligan again if it has chosen, and reseeds the generator. Everything else is in
sight: the board, the leaders, both cemeteries (every card reaches one in the open).
"""

from __future__ import annotations

from ..ai.guide import Guide, chances
from ..engine import Rng, clone, redeal, reseeded
from .state import FanfareState
from .stats import attack, defence

__all__ = ["GUIDE", "determinize"]

_PLACE = ("owner", "zone")
"""What stays with a card's place when cards are dealt again: the rest is its contents."""


def determinize(state: FanfareState, seat: int, rng: Rng) -> FanfareState:
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


def evaluate(state: FanfareState) -> tuple[float, ...]:
    """How each seat stands where a playout stops: its leader's defence first, then its
    followers' attack and defence, its hand and its PP."""
    scores = []
    for player in state.players:
        board = sum(
            attack(state, card) + defence(state, card)
            for card in player.board
            if card.defn.follower
        )
        hand = len(player.hand)
        scores.append(player.leader.defence + board / 2 + hand / 2 + player.max_pp / 3)
    return chances(scores, 5.0)


def in_mulligan(state: FanfareState) -> bool:
    """The mulligan is chosen in secret (the other seat's choice unseen until both have
    chosen), even once one seat has chosen and the other alone is waited on."""
    return state.phase == "mulligan"


GUIDE = Guide(
    secret=in_mulligan,
    budgets={"easy": 30, "normal": 150, "hard": 600},
    evaluate=evaluate,
    cutoff=40,
)
"""Playouts stop after 40 moves (a few turns) and weigh the position. Budgets: a normal
decision takes about 0.4 s of CPU time, a hard one 1.5 s (``docs/cpu.md``)."""
