"""What the rules benchmarks measure, shared by ``rules_lanes.py``, ``rules_fanfare.py``,
``rules_breakfall.py`` and ``rules_charm.py``.

The times are in CPU time rather than wall-clock time: the machine is shared, and wall-clock time
also counts the moments another process holds the core, which says nothing about the rules.

- Decisions per match: the actions of each random match played, on average and at most.
- Matches per second: ``--rounds`` rounds of ``--games`` random whole matches
  (``rules.simulate.random_match``: played, not replayed), each round timed in CPU time of this
  process (``time.process_time``); the best and the median round are reported.
- The time of one ``apply``: the random matches are played first, then each one's recorded
  actions are applied again on a fresh ``Match.new`` with the record's seed and setup, and each
  ``match.apply(seat, action)`` is timed on its own in CPU time of this thread
  (``time.thread_time_ns``); p50, p99 and max in microseconds. The replayed match must come to
  the recorded state hash, so the times are of the same match. As a reference from the same
  run, the clock floor is the median of an empty interval timed the same way: it is part of
  every apply figure.

Only the public ``Match`` API is used, so the figures mean the same whatever a ruleset does
inside. Targets are printed beside the figures; nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import statistics
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rules.engine import Match, Ruleset, derive_seed
from rules.registry import get_ruleset
from rules.simulate import DEFAULT_WEIGHTS, random_match

APPLY_P99_TARGET_US = 150.0


def match_seeds(seed: int, games: int) -> list[int]:
    return [derive_seed(seed, f"bench-{i}") for i in range(games)]


def matches_per_second(
    ruleset: Ruleset[Any, Any], seeds: Sequence[int], rounds: int, weights: Mapping[str, float]
) -> list[float]:
    """Each round's random matches per second of process CPU time."""
    rates = []
    for _ in range(rounds):
        gc.collect()
        started = time.process_time()
        for match_seed in seeds:
            random_match(ruleset, match_seed, weights=weights)
        rates.append(len(seeds) / (time.process_time() - started))
    return rates


def apply_times_ns(matches: Sequence[Match[Any, Any]]) -> list[int]:
    """Thread CPU time of each ``apply`` when the matches' actions are applied again."""
    times: list[int] = []
    clock = time.thread_time_ns
    gc.collect()
    for played in matches:
        record = played.record()
        again = Match.new(played.ruleset, record["seed"], record["setup"])
        for seat, action in played.actions:
            started = clock()
            again.apply(seat, action)
            times.append(clock() - started)
        if again.state_hash() != record["state_hash"]:
            raise RuntimeError(f"seed {record['seed']}: replayed to another state hash")
    return times


def clock_floor_ns(samples: int = 10_000) -> float:
    """The median thread CPU time of an empty interval: what the clock itself adds."""
    clock = time.thread_time_ns
    floor = []
    for _ in range(samples):
        started = clock()
        floor.append(clock() - started)
    return statistics.median(floor)


def percentile(ordered: Sequence[int], q: float) -> int:
    """The nearest-rank ``q`` percentile (0 < q ≤ 100) of sorted values."""
    return ordered[max(0, math.ceil(len(ordered) * q / 100) - 1)]


def measure(
    name: str, games: int, rounds: int, seed: int, weights: Mapping[str, float]
) -> dict[str, Any]:
    ruleset = get_ruleset(name)
    seeds = match_seeds(seed, games)
    rates = matches_per_second(ruleset, seeds, rounds, weights)
    matches = [random_match(ruleset, s, weights=weights) for s in seeds]
    times = sorted(apply_times_ns(matches))
    endings = Counter(m.result.reason for m in matches if m.result is not None)
    decisions = [len(m.actions) for m in matches]
    return {
        "ruleset": name,
        "version": ruleset.version,
        "games_per_round": games,
        "rounds": rounds,
        "seed": seed,
        "matches_per_second_best": round(max(rates), 1),
        "matches_per_second_median": round(statistics.median(rates), 1),
        "decisions_per_match": round(statistics.mean(decisions), 1),
        "decisions_per_match_max": max(decisions),
        "applies": len(times),
        "apply_p50_us": round(percentile(times, 50) / 1000, 1),
        "apply_p99_us": round(percentile(times, 99) / 1000, 1),
        "apply_max_us": round(times[-1] / 1000, 1),
        "clock_floor_us": round(clock_floor_ns() / 1000, 2),
        "endings": dict(sorted(endings.items())),
    }


def print_figures(figures: Mapping[str, Any], target_rate: float) -> None:
    print(
        f"{figures['ruleset']} {figures['version']}: "
        f"{figures['matches_per_second_best']:,.0f} matches/s best of {figures['rounds']} rounds "
        f"(median {figures['matches_per_second_median']:,.0f}), "
        f"{figures['games_per_round']} matches a round, process CPU time"
        f"  [target ≥ {target_rate:,.0f}]"
    )
    print(
        f"apply: p50 {figures['apply_p50_us']:.1f} µs, p99 {figures['apply_p99_us']:.1f} µs, "
        f"max {figures['apply_max_us']:.1f} µs over {figures['applies']:,} applies, "
        f"thread CPU time  [target p99 ≤ {APPLY_P99_TARGET_US:.0f} µs]"
    )
    print(
        f"decisions: {figures['decisions_per_match']:,.1f} a match on average, "
        f"{figures['decisions_per_match_max']:,} at most"
    )
    print(f"  clock floor {figures['clock_floor_us']:.2f} µs (in every apply figure)")
    print("  endings: " + ", ".join(f"{k} {v}" for k, v in figures["endings"].items()))


def main(
    argv: Sequence[str] | None,
    *,
    name: str,
    doc: str,
    target_rate: float,
    weights: Mapping[str, float] = DEFAULT_WEIGHTS,
    games: int = 500,
    rounds: int = 5,
) -> int:
    """The command line of a rules benchmark: measure ``name``'s ruleset and print the figures."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=games, help=f"matches per round ({games})")
    parser.add_argument("--rounds", "--repeat", type=int, default=rounds, help=f"rounds ({rounds})")
    parser.add_argument("--seed", type=int, default=1, help="seed of the run (1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    figures = measure(name, args.games, args.rounds, args.seed, weights)
    if args.json:
        targets = {"target_matches_per_second": target_rate}
        targets["target_apply_p99_us"] = APPLY_P99_TARGET_US
        print(json.dumps({**figures, **targets}, sort_keys=True))
    else:
        print_figures(figures, target_rate)
    return 0
