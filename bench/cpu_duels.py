"""The CPU players' targets (issue 16), measured with ``python -m rules duel``'s own code.

    python bench/cpu_duels.py [--games 100] [--hard-games N] [--seed 1] [--rulesets lanes,...]
                              [--json]

For each ruleset: normal against the random player over ``--games`` matches, then hard against
normal over ``--hard-games`` (default: as many). Esper is no duel: its balance check plays a table
of 5 normal CPUs ``--games`` times (good's win share, with its 95 % interval, must be 35-65 %),
then ``--hard-games`` (default 4) tables of one hard CPU among 4 normal ones, for hard's times.
Printed beside each figure, not asserted: normal wins at least 90 % in lanes and fanfare, 80 % in
charm and breakfall; hard wins at least 60 % against normal; a decision's p95 is at most 1 s for
normal and 3 s for hard, in CPU time of the deciding thread (the machine is shared). A duel's
``decision_ms`` counts both sides' decisions; side a's own are printed beside them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.ai.duel import DuelReport, duel, player
from rules.ai.table import TableReport, table
from rules.registry import get_ruleset

AGAINST_RANDOM = {"lanes": 0.9, "fanfare": 0.9, "charm": 0.8, "breakfall": 0.8}
HARD_OVER_NORMAL = 0.6
P95_MS = {"normal": 1000.0, "hard": 3000.0}
TABLES = {"esper": 5}
"""Rulesets checked by a table of CPUs, and its seats."""
GOOD_SHARE = (0.35, 0.65)


def _table_line(name: str, report: TableReport, *, balance: bool) -> dict[str, object]:
    data = report.to_json()
    times = "; ".join(
        f"{s} decisions p50 {t['p50']} ms, p95 {t['p95']} ms (limit {P95_MS.get(s, 0):.0f} ms)"
        for s, t in data["decision_ms"].items()
    )
    head = f"{name}: a table of {', '.join(report.strengths)}, {report.games} matches: "
    if balance:
        good = report.share("good")
        low, high = data["interval_95"].get("good", (0.0, 1.0))
        verdict = "met" if GOOD_SHARE[0] <= good <= GOOD_SHARE[1] else "MISSED"
        head += (
            f"good wins {good:.0%} (95 % interval {low:.0%}-{high:.0%}; target 35-65 %: "
            f"{verdict}), evil {report.share('evil'):.0%}; "
        )
    print(f"{head}endings {data['endings']}; {times}", flush=True)
    return {"ruleset": name, **data}


def _line(name: str, report: DuelReport, target: float, p95: float) -> dict[str, object]:
    data = report.to_json()
    won = data["a"]["win_share"]
    verdict = "met" if won >= target else "MISSED"
    ms = data["decision_ms"]
    print(
        f"{name}: {report.a.name} vs {report.b.name}, {report.games} matches: "
        f"{report.a.name} wins {won:.0%} (target {target:.0%}: {verdict}), "
        f"{report.b.name} {data['b']['win_share']:.0%}, draws {data['draw_share']:.0%}; "
        f"decision p50 {ms['p50']} ms, p95 {ms['p95']} ms; {report.a.name}'s own: "
        f"p50 {report.percentile(0.5, report.sides[0])} ms, "
        f"p95 {report.percentile(0.95, report.sides[0])} ms (limit {p95:.0f} ms)",
        flush=True,
    )
    return {"ruleset": name, "games": report.games, **data}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--hard-games", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rulesets", default=",".join(AGAINST_RANDOM))
    parser.add_argument("--json", action="store_true", help="also print one JSON object")
    args = parser.parse_args(argv)
    out = []
    for name in args.rulesets.split(","):
        ruleset = get_ruleset(name)
        if name in TABLES:
            seats = TABLES[name]
            normal_table = table(ruleset, ["normal"] * seats, args.games, args.seed)
            out.append(_table_line(name, normal_table, balance=True))
            hard_table = table(
                ruleset, ["hard"] + ["normal"] * (seats - 1), args.hard_games or 4, args.seed
            )
            out.append(_table_line(name, hard_table, balance=False))
            continue
        normal = duel(ruleset, player("cpu:normal"), player("random"), args.games, args.seed)
        out.append(_line(name, normal, AGAINST_RANDOM[name], P95_MS["normal"]))
        games = args.hard_games or args.games
        hard = duel(ruleset, player("cpu:hard"), player("cpu:normal"), games, args.seed)
        out.append(_line(name, hard, HARD_OVER_NORMAL, P95_MS["hard"]))
    if args.json:
        print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
