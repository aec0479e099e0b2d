"""A playout: a determinized match played on by the guide's policy (else at random) to its end,
or to the guide's cut-off, where its evaluation says how it stands."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, ActionSpec, Rng
from ..simulate import random_action
from .position import Position, Shares

__all__ = ["LONGEST", "playout", "policy_move"]

LONGEST = 5000
"""Moves after which a playout that has not ended counts as a draw (an evaluation, if any)."""


def policy_move(position: Position, seat: int, rng: Rng) -> Action:
    """The guide's policy's move for ``seat``, or a random one: a spec, then its options."""
    specs = position.specs(seat)
    policy = position.guide.policy
    if policy is not None:
        return policy(position.state, seat, specs, rng)
    return random_move(specs, rng)


def random_move(specs: Sequence[ActionSpec], rng: Rng) -> Action:
    spec = specs[rng.below(len(specs))] if len(specs) > 1 else specs[0]
    return random_action(spec, rng)


def playout(position: Position, rng: Rng) -> Shares:
    """Play ``position`` on and say each seat's share of the outcome."""
    guide = position.guide
    evaluate = guide.evaluate
    stop = guide.cutoff if evaluate is not None and guide.cutoff > 0 else LONGEST
    for _ in range(stop):
        seat = position.actor()
        if seat is None:
            return position.outcome()
        position.play(seat, policy_move(position, seat, rng))
    if position.actor() is None or evaluate is None:
        return position.outcome()
    return evaluate(position.state)
