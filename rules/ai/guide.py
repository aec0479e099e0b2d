"""What a CPU needs to know of one ruleset beyond its rules: a ruleset's ``cpu_guide``.

The search knows nothing of any game: it plays the actions ``legal_actions`` lists on states the
ruleset's ``determinize`` deals. A guide adds what makes it play well and fast: how strong each
strength is (a budget of iterations, never of time, so a decision is the same on any machine),
kinds no CPU needs (undoing its own staging), a playout policy better than chance, an
evaluation where a playout stops early, and which moments are secret (simultaneous choices).
Everything is optional: ``cpu_guide = Guide()`` gives a ruleset whose only hidden thing is
chance a CPU; a ruleset without a ``cpu_guide`` has none.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, ActionSpec, Rng

__all__ = [
    "BUDGETS",
    "STRENGTHS",
    "Evaluate",
    "Guide",
    "Policy",
    "Secret",
    "Shortlist",
    "chances",
]

STRENGTHS = ("easy", "normal", "hard")
"""The strengths a CPU plays at, weakest first."""

BUDGETS: Mapping[str, int] = {"easy": 40, "normal": 300, "hard": 1200}
"""Iterations of search per decision, by strength, for a guide that gives none."""

Policy = Callable[[Any, int, Sequence[ActionSpec], Rng], Action]
"""How a playout picks ``seat``'s move in ``state`` among ``specs`` (the ones a CPU may take)."""

Evaluate = Callable[[Any], Sequence[float]]
"""Each seat's chance to win a match that is not over, from 0 to 1, where a playout stops."""

Shortlist = Callable[[Any, int, list[Action], Rng], list[Action]]
"""The moves worth searching for ``seat`` among those listed, judged on a state the ruleset's
``determinize`` dealt for it (so from its view alone): a hidden-role game's heuristics. One move
is made without searching."""

Secret = Callable[[Any], bool]
"""Whether the seats the match waits on now choose unseen by one another (lanes' staging, a
mulligan): then a search does not let another seat answer a move it could not see."""


@dataclass(frozen=True)
class Guide:
    budgets: Mapping[str, int] = field(default_factory=lambda: dict(BUDGETS))
    skip: frozenset[str] = frozenset()
    """Kinds a CPU never takes: conveniences for people (take back, reset), never better than
    not having done what they undo. Giving up (``always`` kinds) is never taken either."""
    policy: Policy | None = None
    evaluate: Evaluate | None = None
    cutoff: int = 0
    """Moves a playout makes before ``evaluate`` says how it stands (0: to the end)."""
    secret: Secret | None = None
    """``None``: secret while several seats are waited on at once."""
    shortlist: Shortlist | None = None
    """``None``: every move listed is searched."""

    def budget(self, strength: str) -> int:
        if strength not in STRENGTHS:
            raise ValueError(f"a CPU is {', '.join(STRENGTHS)}, not {strength!r}")
        return self.budgets.get(strength, BUDGETS[strength])


DEFAULT_GUIDE = Guide()


def chances(scores: Sequence[float], scale: float) -> tuple[float, ...]:
    """Each seat's chance to win from a score of how well it stands (the higher the better):
    a logistic curve over its lead on the others' mean, ``scale`` points of lead making about
    three to one."""
    seats = len(scores)
    total = sum(scores)
    out = []
    for score in scores:
        lead = score - (total - score) / (seats - 1)
        out.append(1.0 / (1.0 + math.exp(-lead / scale)))
    return tuple(out)
