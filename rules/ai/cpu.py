"""A CPU player: one decision for one seat, from that seat's view only, at a strength.

``decide`` reads the real state in two ways only: the seat's own legal actions (its menus) and
the ruleset's ``determinize`` for that seat, which gives a state drawn from what the seat
knows. So two states the seat cannot tell apart give the same decision for the same seed
(``tests/ai/test_fairness.py``). Its chance comes from the seed it is given, which a match
derives from its own seed and the move's number (:func:`cpu_seed`): a match with CPU seats
replays from its record, and the CPU decides the same again.
"""

from __future__ import annotations

from typing import Any

from ..engine import Action, Match, Rng, Ruleset, derive_seed
from .guide import DEFAULT_GUIDE, STRENGTHS, Guide
from .ismcts import ismcts
from .montecarlo import montecarlo
from .position import Position, concrete

__all__ = ["STRENGTHS", "choices", "cpu_seed", "decide", "guide_of", "has_cpu", "move_for"]


def guide_of(ruleset: Ruleset[Any, Any]) -> Guide | None:
    """The ruleset's ``cpu_guide``; None for a ruleset with no CPU player yet (its
    ``determinize`` may not hide what it must, as the default keeps hidden roles in place)."""
    guide = getattr(ruleset, "cpu_guide", None)
    return guide if isinstance(guide, Guide) else None


def has_cpu(ruleset: Ruleset[Any, Any]) -> bool:
    return guide_of(ruleset) is not None


def cpu_seed(match_seed: int, move: int, seat: int) -> int:
    """The seed of the CPU's decision for ``seat`` at the match's ``move``-th action."""
    return derive_seed(match_seed, f"cpu:{move}:{seat}")


def decide(
    ruleset: Ruleset[Any, Any],
    state: Any,
    seat: int,
    strength: str,
    seed: int,
    *,
    iterations: int | None = None,
) -> Action:
    """``seat``'s move in ``state`` at ``strength`` (easy: determinized Monte Carlo; normal
    and hard: information-set MCTS, hard with a larger budget), searching ``iterations`` times
    instead of the strength's budget if given. The seat must be one the match waits on."""
    guide = guide_of(ruleset)
    if guide is None:
        raise ValueError(f"{ruleset.name} has no CPU player yet")
    budget = guide.budget(strength) if iterations is None else iterations
    if seat not in ruleset.pending(state):
        raise ValueError(f"seat {seat} has no move to make now")
    rng = Rng(seed)
    moves = choices(ruleset, state, seat, rng)
    if len(moves) > 1 and guide.shortlist is not None:
        # Judged on a determinization: the heuristics read the seat's view alone.
        moves = guide.shortlist(ruleset.determinize(state, seat, rng), seat, moves, rng) or moves
    if len(moves) == 1:
        return moves[0]
    search = montecarlo if strength == "easy" else ismcts
    return search(ruleset, state, seat, moves, guide, budget, rng)


def choices(ruleset: Ruleset[Any, Any], state: Any, seat: int, rng: Rng) -> list[Action]:
    """The moves a CPU chooses among for ``seat``: its listed actions one by one, less giving
    up and the guide's conveniences, a multi-choice parameter with many options sampled."""
    guide = guide_of(ruleset) or DEFAULT_GUIDE
    return concrete(Position(ruleset, state, guide).specs(seat), rng)


def move_for(match: Match[Any, Any], seat: int, strength: str) -> Action:
    """The CPU's move for ``seat`` in ``match`` now, seeded by the match and its move number."""
    seed = cpu_seed(match.seed, len(match.actions), seat)
    return decide(match.ruleset, match.state, seat, strength, seed)
