"""A table of CPU players, every seat a CPU, for many matches: a hidden-role game's balance check
(issue 16: in esper, a table of 5 normal CPUs wins for good in 35-65 % of matches).

Each match's seed and every CPU decision derive from the run's seed, as in a duel. The report
counts how matches ended (the result's reason), which side won (the result's ``detail["side"]``,
for a ruleset whose seats play on sides) and each strength's decision times: its thread's CPU
time, so other work on the machine does not count.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Match, Rng, Ruleset, derive_seed
from .cpu import STRENGTHS, choices, move_for

__all__ = ["LONGEST", "TableReport", "table", "wilson"]

LONGEST = 20_000
"""Actions after which a match that has not ended counts as unfinished."""


@dataclass
class TableReport:
    ruleset: str
    seats: int
    strengths: tuple[str, ...]  # by seat; a match rotates them by its number
    seed: int
    games: int = 0
    sides: Counter[str] = field(default_factory=Counter)  # the side that won: good, evil, ...
    endings: Counter[str] = field(default_factory=Counter)  # the result's reason
    unfinished: int = 0
    searched: dict[str, list[float]] = field(default_factory=dict)
    """Seconds of CPU time of each decision with more than one move, by strength."""
    actions: int = 0

    def share(self, side: str) -> float:
        return self.sides[side] / max(self.games, 1)

    def percentile(self, strength: str, share: float) -> float | None:
        """The nearest-rank percentile of ``strength``'s searched decisions, in milliseconds."""
        times = sorted(self.searched.get(strength, []))
        if not times:
            return None
        return round(times[max(0, math.ceil(share * len(times)) - 1)] * 1000, 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seats": self.seats,
            "games": self.games,
            "sides": {side: self.share(side) for side in sorted(self.sides)},
            "interval_95": {side: wilson(n, self.games) for side, n in sorted(self.sides.items())},
            "endings": dict(sorted(self.endings.items())),
            "unfinished": self.unfinished,
            "decision_ms": {
                s: {"p50": self.percentile(s, 0.5), "p95": self.percentile(s, 0.95)}
                for s in STRENGTHS
                if s in self.searched
            },
        }


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share of ``wins`` in ``games`` (95 % by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3))


def table(
    ruleset: Ruleset[Any, Any],
    strengths: Sequence[str],
    games: int,
    seed: int,
    *,
    progress: Callable[[int, TableReport], None] | None = None,
) -> TableReport:
    """Play ``games`` matches of ``len(strengths)`` CPU seats; match ``i`` seats them rotated by
    ``i``, so a stronger CPU among them sits everywhere in turn."""
    seats = len(strengths)
    if not ruleset.min_seats <= seats <= ruleset.max_seats:
        raise ValueError(f"{ruleset.name} seats {ruleset.min_seats} to {ruleset.max_seats}")
    report = TableReport(ruleset.name, seats, tuple(strengths), seed)
    for i in range(games):
        match_seed = derive_seed(seed, f"table-{i}")
        rotated = [strengths[(s + i) % seats] for s in range(seats)]
        result = _play(ruleset, match_seed, rotated, report)
        report.games += 1
        if result is None:
            report.unfinished += 1
        else:
            report.endings[result.reason] += 1
            side = (result.detail or {}).get("side")
            report.sides[str(side) if side is not None else "draw"] += 1
        if progress is not None:
            progress(i, report)
    return report


def _play(
    ruleset: Ruleset[Any, Any], match_seed: int, strengths: list[str], report: TableReport
) -> Any:
    setup = {"seats": len(strengths)} if ruleset.max_seats > 2 else None
    match = Match.new(ruleset, match_seed, setup, quiet=True)
    for _ in range(LONGEST):
        if match.result is not None:
            return match.result
        seat = match.pending()[0]
        strength = strengths[seat]
        many = len(choices(ruleset, match.state, seat, Rng(0))) > 1
        started = time.thread_time()
        action = move_for(match, seat, strength)
        spent = time.thread_time() - started
        if many:
            report.searched.setdefault(strength, []).append(spent)
        match.apply(seat, action)
        report.actions += 1
    return None
