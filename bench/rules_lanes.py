"""Benchmark the lanes rules core: random whole matches per second, and the time of one apply.

    python bench/rules_lanes.py [--games N] [--rounds R] [--json]

Matches per second is the best of ``--rounds`` rounds of ``--games`` random matches on one core
(``rules.simulate.random_match``: the match is played, not replayed), counted in CPU time of this
process, so that other work on a shared machine disturbs the figure less. The apply times are every
``apply`` of a separate run over the same matches, each timed on its own; p50 and p99 are
reported in microseconds. The machine is shared, so read the best round, not a single run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.engine import Action, StepLog, derive_seed
from rules.lanes import LanesRuleset, ruleset
from rules.lanes.state import LanesState
from rules.simulate import random_match


class TimedRuleset(LanesRuleset):
    """The lanes ruleset, recording how long each ``apply`` takes."""

    def __init__(self, base: LanesRuleset) -> None:
        super().__init__(base.pool)
        self.times: list[float] = []

    def apply(self, state: LanesState, seat: int, action: Action, log: StepLog) -> None:
        started = time.perf_counter()
        super().apply(state, seat, action, log)
        self.times.append(time.perf_counter() - started)


def matches_per_second(games: int, rounds: int, seed: int) -> list[float]:
    lanes = ruleset()
    seeds = [derive_seed(seed, f"bench-{i}") for i in range(games)]
    rates = []
    for _ in range(rounds):
        started = time.process_time()
        for match_seed in seeds:
            random_match(lanes, match_seed)
        rates.append(games / (time.process_time() - started))
    return rates


def apply_times(games: int, seed: int) -> list[float]:
    timed = TimedRuleset(ruleset())
    for i in range(games):
        random_match(timed, derive_seed(seed, f"bench-{i}"))
    return timed.times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="matches per round (500)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the best counts (5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the run (1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    rates = matches_per_second(args.games, args.rounds, args.seed)
    times = sorted(apply_times(args.games, args.seed))
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    figures: dict[str, Any] = {
        "games_per_round": args.games,
        "rounds": args.rounds,
        "matches_per_second_best": round(max(rates), 1),
        "matches_per_second_median": round(statistics.median(rates), 1),
        "applies": len(times),
        "apply_p50_us": round(statistics.median(times) * 1e6, 1),
        "apply_p99_us": round(p99 * 1e6, 1),
        "apply_max_us": round(times[-1] * 1e6, 1),
    }
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        print(
            f"lanes: {figures['matches_per_second_best']:.0f} matches/s best of {args.rounds} "
            f"(median {figures['matches_per_second_median']:.0f}), {args.games} matches a round"
        )
        print(
            f"apply: p50 {figures['apply_p50_us']:.0f} µs, p99 {figures['apply_p99_us']:.0f} µs, "
            f"max {figures['apply_max_us']:.0f} µs over {len(times)} applies"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
