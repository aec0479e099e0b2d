"""A state a search plays on: whose move it is, what it may do, the move made, the outcome.

Moves go straight to their kind's handler with a quiet log, as :meth:`rules.engine.Match.apply`
does once it has checked them: a search only ever plays what ``legal_actions`` listed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

from ..engine import Action, ActionSpec, QuietLog, Rng, Ruleset
from ..simulate import random_action
from .guide import Guide

__all__ = ["ENUMERATE", "SAMPLES", "Position", "Shares", "Won", "concrete"]

ENUMERATE = 48
"""A spec with at most this many actions is searched action by action; a larger one (a
multi-choice parameter: a mulligan of many cards, several attackers) is sampled."""
SAMPLES = 12
"""Actions drawn from a spec too large to list, each time a search looks at it."""

_QUIET = QuietLog()


class Position:
    """``state`` of ``ruleset``, played on by a search (it changes ``state`` in place)."""

    __slots__ = ("guide", "ruleset", "skip", "state")

    def __init__(self, ruleset: Ruleset[Any, Any], state: Any, guide: Guide) -> None:
        self.ruleset = ruleset
        self.state = state
        self.guide = guide
        kinds = ruleset.kinds
        # Giving up, switches (auto-pass), the clock and the guide's conveniences.
        self.skip = guide.skip | {n for n, k in kinds.items() if k.always is not None or k.clock}

    @property
    def over(self) -> bool:
        return self.ruleset.result(self.state) is not None

    def actor(self, first: int | None = None) -> int | None:
        """Whose move it is: ``first`` if the match waits on it among others, else the first
        seat waited on; ``None`` once nobody is (the match is over)."""
        pending = self.ruleset.pending(self.state)
        if not pending:
            return None
        if first is not None and first in pending:
            return first
        return pending[0]

    def secret(self) -> bool:
        test = self.guide.secret
        if test is None:
            return len(self.ruleset.pending(self.state)) > 1
        return test(self.state)

    def specs(self, seat: int) -> list[ActionSpec]:
        """What ``seat`` may do that a CPU would: the listing less the kinds it skips (all of
        it if that leaves nothing)."""
        listed = self.ruleset.legal_actions(self.state, seat)
        skip = self.skip
        kept = [spec for spec in listed if spec.kind not in skip]
        return kept or listed

    def play(self, seat: int, action: Action) -> None:
        self.ruleset.kinds[action.kind].handler(self.state, seat, action, _QUIET)

    def outcome(self) -> Shares:
        """Each seat's share of how the match ended (a draw, if it has not)."""
        result = self.ruleset.result(self.state)
        return Won(result.winners if result is not None else ())


class Shares(Protocol):
    """Each seat's share of an outcome, from 0 to 1: ``shares[seat]``."""

    def __getitem__(self, seat: int, /) -> float: ...


class Won:
    """A finished match's shares: 1 for a winner, ½ for everyone in a draw, else 0."""

    __slots__ = ("winners",)

    def __init__(self, winners: tuple[int, ...]) -> None:
        self.winners = winners

    def __getitem__(self, seat: int) -> float:
        if not self.winners:
            return 0.5
        return 1.0 if seat in self.winners else 0.0


def concrete(specs: Sequence[ActionSpec], rng: Rng) -> list[Action]:
    """The actions of ``specs``, one by one; a spec too large to list gives a sample."""
    out: list[Action] = []
    for spec in specs:
        if _size(spec) <= ENUMERATE:
            out.extend(spec.actions())
            continue
        seen = set()
        for _ in range(SAMPLES):
            action = random_action(spec, rng)
            if action not in seen:
                seen.add(action)
                out.append(action)
    return out


def _size(spec: ActionSpec) -> int:
    size = 1
    for param in spec.params:
        n = len(param.options)
        if param.multiple:
            size *= sum(math.comb(n, k) for k in range(param.least, min(param.most, n) + 1))
        else:
            size *= n
        if size > ENUMERATE:
            break
    return size
