"""Random whole fanfare matches per second, on one core.

    python bench/rules_fanfare.py [--games 300] [--repeat 3] [--seed 1] [--json]

Each match is played from its first decision to its end by the simulator's random player (random
setup, random legal actions; conceding is left out so that matches are played through). The
figure is the best of ``--repeat`` runs, since other work on the machine only ever slows a run
down. Nothing here is asserted: tests never depend on timings.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.engine import derive_seed
from rules.registry import get_ruleset
from rules.simulate import random_match

WEIGHTS = {"concede": 0.0}
"""The random player never concedes (a minimum weight of 1/1000 remains: see rules.simulate)."""


def run(games: int, seed: int) -> tuple[float, int, Counter[str]]:
    ruleset = get_ruleset("fanfare")
    decisions = 0
    endings: Counter[str] = Counter()
    started = time.perf_counter()
    for i in range(games):
        match = random_match(ruleset, derive_seed(seed, f"bench-{i}"), weights=WEIGHTS)
        decisions += len(match.actions)
        assert match.result is not None
        endings[match.result.reason] += 1
    return time.perf_counter() - started, decisions, endings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    best = None
    for _ in range(args.repeat):
        seconds, decisions, endings = run(args.games, args.seed)
        if best is None or seconds < best[0]:
            best = (seconds, decisions, endings)
    assert best is not None
    seconds, decisions, endings = best
    result = {
        "bench": "rules_fanfare",
        "version": get_ruleset("fanfare").version,
        "games": args.games,
        "repeat": args.repeat,
        "seconds": round(seconds, 3),
        "matches_per_second": round(args.games / seconds, 1),
        "decisions_per_second": round(decisions / seconds, 1),
        "decisions_per_match": round(decisions / args.games, 1),
        "endings": dict(sorted(endings.items())),
    }
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(
            f"fanfare {result['version']}: {result['matches_per_second']} random matches/s "
            f"({result['decisions_per_second']} decisions/s, {result['decisions_per_match']} "
            f"decisions a match; best of {args.repeat} runs of {args.games})"
        )
        print("  endings: " + ", ".join(f"{k} {v}" for k, v in result["endings"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
