"""Benchmark the esper rules core: random whole matches per second at 5 and at 10 seats, the
decisions a match takes, the time of one apply, and how long listing teleport end squares takes.

    python bench/rules_esper.py [--games 100] [--rounds 3] [--seed 1] [--json]

Each match is played from its first decision to its end by the simulator's random player with
the given number of seats (conceding is left out so that matches are played through). Matches
per second is counted in CPU time of this process (``time.process_time``) over ``--rounds``
rounds of ``--games`` matches (best and median round). The apply times and the teleport
listing are timed in CPU time of this thread. CPU time, because the machine is shared.

Targets (issue 14): at least 20 matches a second at 5 seats; a teleport end listing in the base
under 1 ms. Printed beside the figures, not asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.measure import apply_times_ns, clock_floor_ns, match_seeds, percentile
from rules.esper.board import grid_teleport_ends
from rules.registry import get_ruleset
from rules.simulate import DEFAULT_WEIGHTS, random_match

TARGET_AT_5 = 20.0
TELEPORT_TARGET_US = 1000.0
WEIGHTS = {**DEFAULT_WEIGHTS, "concede": 0.0, "declare": 0.05, "arm": 0.05, "disarm": 0.05}
"""The random player never concedes (a minimum weight of 1/1000 remains: see rules.simulate),
and declares victory rarely."""


def _matches(seats: int, seeds: Sequence[int]) -> list[Any]:
    ruleset = get_ruleset("esper")
    return [random_match(ruleset, s, weights=WEIGHTS, setup={"seats": seats}) for s in seeds]


def _rates(seats: int, seeds: Sequence[int], rounds: int) -> list[float]:
    rates = []
    for _ in range(rounds):
        gc.collect()
        started = time.process_time()
        _matches(seats, seeds)
        rates.append(len(seeds) / (time.process_time() - started))
    return rates


def at_seats(seats: int, games: int, rounds: int, seed: int) -> dict[str, Any]:
    seeds = match_seeds(seed + seats, games)
    rates = _rates(seats, seeds, rounds)
    matches = _matches(seats, seeds)
    times = sorted(apply_times_ns(matches))
    decisions = [len(m.actions) for m in matches]
    endings = Counter(m.result.reason for m in matches if m.result is not None)
    return {
        "seats": seats,
        "matches_per_second_best": round(max(rates), 1),
        "matches_per_second_median": round(statistics.median(rates), 1),
        "decisions_per_match": round(statistics.mean(decisions), 1),
        "decisions_per_match_max": max(decisions),
        "apply_p50_us": round(percentile(times, 50) / 1000, 1),
        "apply_p99_us": round(percentile(times, 99) / 1000, 1),
        "endings": dict(sorted(endings.items())),
    }


def teleport_listing() -> dict[str, float]:
    """The thread CPU time of listing a base teleport's end squares: the slowest square and roll
    worked out from nothing (cold), and then looked up again (cached), in microseconds."""
    clock = time.thread_time_ns
    cold = []
    grid_teleport_ends.cache_clear()
    for start in range(36):
        for roll in range(1, 7):
            began = clock()
            grid_teleport_ends(6, start, roll)
            cold.append(clock() - began)
    warm = []
    for _ in range(20):
        for start in range(36):
            began = clock()
            grid_teleport_ends(6, start, 6)
            warm.append(clock() - began)
    return {
        "teleport_cold_max_us": round(max(cold) / 1000, 1),
        "teleport_cold_p50_us": round(statistics.median(cold) / 1000, 1),
        "teleport_cached_p99_us": round(percentile(sorted(warm), 99) / 1000, 2),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="matches per round (100)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the run (1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    ruleset = get_ruleset("esper")
    figures: dict[str, Any] = {
        "ruleset": "esper",
        "version": ruleset.version,
        "games_per_round": args.games,
        "rounds": args.rounds,
        "seed": args.seed,
        "at_5": at_seats(5, args.games, args.rounds, args.seed),
        "at_10": at_seats(10, args.games, args.rounds, args.seed),
        **teleport_listing(),
        "clock_floor_us": round(clock_floor_ns() / 1000, 2),
        "target_matches_per_second_at_5": TARGET_AT_5,
        "target_teleport_us": TELEPORT_TARGET_US,
    }
    if args.json:
        print(json.dumps(figures, sort_keys=True))
        return 0
    print(f"esper {figures['version']}: {args.games} matches a round, process CPU time")
    for key in ("at_5", "at_10"):
        f = figures[key]
        target = f"  [target ≥ {TARGET_AT_5:.0f}]" if f["seats"] == 5 else ""
        print(
            f"  {f['seats']} seats: {f['matches_per_second_best']:,.1f} matches/s best of "
            f"{args.rounds} (median {f['matches_per_second_median']:,.1f}){target}; decisions "
            f"{f['decisions_per_match']:,.1f} a match, {f['decisions_per_match_max']} at most; "
            f"apply p50 {f['apply_p50_us']} µs, p99 {f['apply_p99_us']} µs"
        )
        print("    endings: " + ", ".join(f"{k} {v}" for k, v in f["endings"].items()))
    print(
        f"  teleport end listing (base, 6x6): cold p50 {figures['teleport_cold_p50_us']} µs, "
        f"cold max {figures['teleport_cold_max_us']} µs, cached p99 "
        f"{figures['teleport_cached_p99_us']} µs  [target < {TELEPORT_TARGET_US:.0f} µs]"
    )
    print(f"  clock floor {figures['clock_floor_us']} µs (in every figure)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
