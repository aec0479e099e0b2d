"""Two players against each other for many matches: ``python -m rules duel``.

A player is ``random`` (the simulations' random player, which never gives up: a win against it
is won, not conceded) or ``cpu:<strength>``. Side ``a`` takes seat 0 in even matches and seat 1
in odd ones, so neither side has the first move more often. Each match's seed, its setup (decks
at random, as in ``simulate``) and every player's chance derive from the run's seed. A CPU's
decision time is its thread's CPU time, so other work on the machine does not count.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, Match, Rng, Ruleset, derive_seed
from ..simulate import per_mille, pick_spec, random_action, weights_for
from .cpu import STRENGTHS, choices, move_for

__all__ = ["LONGEST", "DuelReport", "Player", "duel", "player"]

LONGEST = 20_000
"""Actions after which a match that has not ended counts as a draw."""


@dataclass(frozen=True)
class Player:
    """A side of a duel: its name as given (``cpu:normal``) and its strength if it is a CPU."""

    name: str
    strength: str | None = None


def player(text: str) -> Player:
    """``random`` or ``cpu:easy|normal|hard``; ``ValueError`` for anything else."""
    if text == "random":
        return Player(text)
    kind, _, strength = text.partition(":")
    if kind == "cpu" and strength in STRENGTHS:
        return Player(text, strength)
    raise ValueError(f"a player is random or cpu:{'|'.join(STRENGTHS)}, not {text!r}")


@dataclass
class DuelReport:
    ruleset: str
    version: str
    seed: int
    a: Player
    b: Player
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])  # side a's, side b's
    draws: int = 0
    unfinished: int = 0
    decisions: list[float] = field(default_factory=list)  # seconds of CPU time, each
    searched: list[float] = field(default_factory=list)  # those with more than one move
    sides: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    """Each side's decisions (side a's, side b's): a duel of two CPUs times both."""

    def percentile(self, share: float, of: list[float] | None = None) -> float | None:
        """The nearest-rank percentile of the decision times, in milliseconds."""
        times = sorted(self.decisions if of is None else of)
        if not times:
            return None
        return round(times[max(0, math.ceil(share * len(times)) - 1)] * 1000, 1)

    def to_json(self) -> dict[str, Any]:
        games = max(self.games, 1)
        return {
            "a": {"player": self.a.name, "win_share": self.wins[0] / games},
            "b": {"player": self.b.name, "win_share": self.wins[1] / games},
            "draw_share": self.draws / games,
            "decision_ms": {"p50": self.percentile(0.5), "p95": self.percentile(0.95)},
        }


def duel(
    ruleset: Ruleset[Any, Any],
    a: Player,
    b: Player,
    games: int,
    seed: int,
    *,
    progress: Callable[[int, DuelReport], None] | None = None,
) -> DuelReport:
    """Play ``games`` matches of ``a`` against ``b``; ``progress`` is told after each."""
    if ruleset.min_seats != 2:
        raise ValueError(f"a duel is for two seats; {ruleset.name} needs {ruleset.min_seats}")
    report = DuelReport(ruleset.name, ruleset.version, seed, a, b)
    for i in range(games):
        match_seed = derive_seed(seed, f"duel-{i}")
        sides = (a, b) if i % 2 == 0 else (b, a)  # sides[seat]
        winners = _play(ruleset, match_seed, sides, report)
        report.games += 1
        if winners is None:
            report.unfinished += 1
            report.draws += 1
        elif not winners:
            report.draws += 1
        else:
            for seat in winners:
                report.wins[0 if sides[seat] is a else 1] += 1
        if progress is not None:
            progress(i, report)
    return report


def _play(
    ruleset: Ruleset[Any, Any],
    match_seed: int,
    sides: tuple[Player, Player],
    report: DuelReport,
) -> tuple[int, ...] | None:
    """One match; its winners (empty for a draw), or ``None`` if it did not end."""
    setup = ruleset.random_setup(Rng(derive_seed(match_seed, "setup")))
    match = Match.new(ruleset, match_seed, setup, quiet=True)
    order = Rng(derive_seed(match_seed, "order"))
    randoms = [Rng(derive_seed(match_seed, f"random:{seat}")) for seat in range(2)]
    chances = per_mille(weights_for(ruleset))
    for _ in range(LONGEST):
        result = match.result
        if result is not None:
            return result.winners
        pending = match.pending()
        seat = pending[order.below(len(pending))] if len(pending) > 1 else pending[0]
        side = sides[seat]
        if side.strength is None:
            action = _random_move(match, seat, randoms[seat], chances)
        else:
            many = len(choices(ruleset, match.state, seat, Rng(0))) > 1
            started = time.thread_time()
            action = move_for(match, seat, side.strength)
            spent = time.thread_time() - started
            report.decisions.append(spent)
            report.sides[0 if side is report.a else 1].append(spent)
            if many:
                report.searched.append(spent)
        match.apply(seat, action)
    return None


def _random_move(match: Match[Any, Any], seat: int, rng: Rng, chances: dict[str, int]) -> Action:
    kinds = match.ruleset.kinds
    specs = [s for s in match.legal_actions(seat) if kinds[s.kind].always is None]
    return random_action(pick_spec(specs, rng, chances), rng)
