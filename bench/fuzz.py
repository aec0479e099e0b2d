"""Fuzz: malformed and hostile interactions sent to the real bot through simcord.

    python bench/fuzz.py [--n 10000] [--seed 1] [--pictures] [--json]

The world (``tests/bot/hostile.py``): random matches, of every registered ruleset, in four
channels of two servers, five users; a legitimate random move every few tries, so matches move
on, finish and are followed by new ones, and the controls shown before go stale. The tries
(``tests/bot/fuzzing.py`` lists the kinds): garbled and forged custom ids, stale versions,
select values not offered, huge, unicode and control-character option strings, autocomplete
values never offered, moves in finished matches, and double clicks sent at once.
``tests/bot/test_fuzz.py`` runs a few hundred of the same in the test suite.

Printed: the tries; crashes (an unhandled exception: an error logged with a traceback); state
changes on rejection (a refused interaction that changed a match's stored row, players or
actions, a match's state hash, made a match, or changed a message in a channel); late answers:
those not acknowledged in time (simcord's clock is virtual and refuses a first answer after 3 s
of it: CPU work takes none of it, so this counts the answers that never came or waited on a
timer too long), and those acknowledged more than 3 s of wall-clock time after they were sent;
answers without a clear message; double clicks that made their move twice. Also the wall-clock
time to an acknowledgement (p50, p99, max: this machine is shared, so they vary) and the
process's CPU time. Pictures are blank (1×1) unless ``--pictures``: the fuzz is about answers,
not drawing.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402

from bot.chat.client import create_bot  # noqa: E402
from bot.settings import Secret, Settings  # noqa: E402
from tests.bot.fuzzing import fuzz  # noqa: E402
from tests.bot.hostile import Blank, open_matches, show_hands, world  # noqa: E402


def percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {"p50": 0.0, "p99": 0.0, "max": 0.0}

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {"p50": round(at(0.5), 1), "p99": round(at(0.99), 1), "max": round(ordered[-1], 1)}


async def run(n: int, seed: int, pictures: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            token=Secret("fuzz"),
            database=Path(folder, "fuzz.db"),
            step_delay=0,
            painters=0,
            shard_count=1,  # simcord is told how many shards an AutoShardedBot has
        )
        extra: dict[str, Any] = {} if pictures else {"renderer": Blank()}
        bot = create_bot(settings, new_seed=itertools.count(seed * 1000).__next__, **extra)
        cpu = time.process_time()
        async with simcord.run(bot, settle_timeout=60) as env:
            w = world(env)
            await open_matches(w, seed)
            await show_hands(w)
            figures = await fuzz(w, n, seed)
        await bot._stop_services()
        cpu = time.process_time() - cpu
    return {
        "seed": seed,
        "tries": figures.tries,
        "crashes": figures.crashes,
        "state_changes_on_rejection": figures.changed_on_rejection,
        "late_answers": figures.unanswered + figures.late,
        "unanswered_in_3s_emulated": figures.unanswered,
        "over_3s_wall_clock": figures.late,
        "without_a_clear_message": figures.unclear,
        "double_clicks": figures.double_clicks,
        "double_clicks_applied_twice": figures.applied_twice,
        "legitimate_moves_between": figures.moves,
        "kinds": dict(sorted(figures.kinds.items())),
        "answer_ms_wall_clock": percentiles(figures.answer_ms),
        "pictures": "rendering" if pictures else "blank",
        "cpu_seconds": round(cpu, 1),
        "problems": figures.problems,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10_000, help="how many hostile interactions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pictures", action="store_true", help="draw the real pictures")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = asyncio.run(run(args.n, args.seed, args.pictures))
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    answer = figures["answer_ms_wall_clock"]
    print(
        f"{figures['tries']} hostile interactions (seed {figures['seed']}, "
        f"{figures['legitimate_moves_between']} legitimate moves between them): "
        f"{figures['crashes']} crashes, {figures['state_changes_on_rejection']} state changes "
        f"on rejection, {figures['late_answers']} late answers "
        f"({figures['unanswered_in_3s_emulated']} not acknowledged in 3 s of simcord's clock, "
        f"{figures['over_3s_wall_clock']} over 3 s of wall-clock time), "
        f"{figures['without_a_clear_message']} without a clear message"
    )
    print(
        f"double clicks: {figures['double_clicks']}, applied twice: "
        f"{figures['double_clicks_applied_twice']}; by kind: {figures['kinds']}"
    )
    print(
        f"to acknowledgement (wall clock): p50 {answer['p50']} ms, p99 {answer['p99']} ms, "
        f"max {answer['max']} ms; CPU {figures['cpu_seconds']} s; pictures {figures['pictures']}"
    )
    for problem in figures["problems"]:
        print(f"  {problem}")


if __name__ == "__main__":
    main()
