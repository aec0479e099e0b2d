"""Determinized Monte Carlo: each of the seat's moves tried in turn on a fresh determinization,
played out, and the one that won most often taken. No tree: the weakest search, and the
measure the others must beat."""

from __future__ import annotations

from typing import Any

from ..engine import Action, Rng, Ruleset
from .guide import Guide
from .playout import playout
from .position import Position

__all__ = ["montecarlo"]


def montecarlo(
    ruleset: Ruleset[Any, Any],
    state: Any,
    seat: int,
    moves: list[Action],
    guide: Guide,
    iterations: int,
    rng: Rng,
) -> Action:
    """The move of ``moves`` (the seat's own, as listed for it) with the best mean outcome over
    ``iterations`` playouts, the moves taken in turn."""
    totals = [0.0] * len(moves)
    tries = [0] * len(moves)
    for i in range(max(iterations, len(moves))):
        k = i % len(moves)
        position = Position(ruleset, ruleset.determinize(state, seat, rng), guide)
        position.play(seat, moves[k])
        totals[k] += playout(position, rng)[seat]
        tries[k] += 1
    best = max(range(len(moves)), key=lambda k: totals[k] / tries[k])
    return moves[best]
