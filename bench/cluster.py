"""Several bot processes over one PostgreSQL: committed actions per second and the time to act,
with 1, 2 and 3 processes playing the same 200 matches.

    python bench/cluster.py [--matches 200] [--actions 2400] [--processes 1,2,3]
                            [--database postgresql://...] [--json]

Without ``--database`` a PostgreSQL server of its own is started from the system's binaries
(``tests/pg.py``), with its own settings for syncing to disk, and removed afterwards. For each
number of processes, a fresh database gets ``--matches`` lanes matches (opened, joined and
started through the lobby service), and that many processes (``tests/bot/cluster.py``: a
match service with the bot's presenter, its Discord calls replaced by a log) then make
``--actions`` moves between them, as fast as they can, each on a match chosen at random: a
move is made under the match's row lock, caught up with what the others committed, and
committed before the next. Two processes may pick the same match: one waits for the other.

Printed per run: committed actions per second (all processes together, over the wall-clock
time the slowest took), the time one ``act`` took from call to commit (p50 / p99, wall clock:
it includes waiting for the row lock and the database, which is what a player waits for), and
the CPU time the bot processes spent per committed action (process CPU time; the server's is
not counted). On this 2-core machine the server and the bot processes share two cores, so more
processes mostly add waiting; the figures show what one database serialises, not a scaling
claim.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bot.cluster import started_matches  # noqa: E402
from tests.pg import PgServer, start_server  # noqa: E402

DAY = 24 * 3600


def run_processes(url: str, matches: list[int], processes: int, actions: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder, "events.jsonl")
        started = []
        for n in range(processes):
            config = {
                "url": url,
                "name": f"p{n}",
                "log": str(log),
                "matches": matches,
                "actions": actions // processes,
                "gap": 0.0,
                "again": 0.0,
                "peers": processes,
                "bench": True,
                "show_delay": 0.0,
            }
            path = Path(folder, f"p{n}.json")
            path.write_text(json.dumps(config), encoding="utf-8")
            started.append(
                subprocess.Popen(
                    [sys.executable, "-m", "tests.bot.cluster", str(path)],
                    cwd=ROOT,
                    env={**os.environ, "PYTHONPATH": str(ROOT)},
                    stderr=subprocess.PIPE,
                    text=True,
                )
            )
        for process in started:
            _, err = process.communicate(timeout=1800)
            if process.returncode != 0:
                raise RuntimeError(err)
        events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    benches = [e for e in events if e["ev"] == "bench"]
    latencies = sorted(x for b in benches for x in b["latencies"])
    committed = len(latencies)
    elapsed = max(b["elapsed"] for b in benches)
    cpu = sum(b["cpu"] for b in benches)
    return {
        "processes": processes,
        "committed": committed,
        "actions_per_second": committed / elapsed,
        "act_ms": {
            "p50": 1000 * statistics.median(latencies),
            "p99": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))],
        },
        "cpu_ms_per_action": 1000 * cpu / committed,
        "elapsed_s": elapsed,
        "peak_rss_mb": max(b["rss"] for b in benches),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--actions", type=int, default=2400)
    parser.add_argument("--processes", default="1,2,3")
    parser.add_argument("--database", help="a postgresql:// URL of a server to use")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server: PgServer | None = None
    if args.database is None:
        server = start_server(durable=True)
    results = []
    try:
        for count in (int(p) for p in args.processes.split(",")):
            if server is not None:
                url = server.url(server.create_database("bench"))
            else:
                url = args.database
            matches = asyncio.run(started_matches(url, args.matches, turn_limit=DAY))
            results.append(run_processes(url, matches, count, args.actions))
    finally:
        if server is not None:
            server.remove()
    if args.json:
        print(json.dumps({"matches": args.matches, "runs": results}, indent=2))
        return
    print(
        f"{args.matches} lanes matches, {args.actions} moves tried per run, PostgreSQL "
        f"{'of its own' if server else 'given'}; act = from the call to its commit (wall clock)"
    )
    for r in results:
        print(
            f"{r['processes']} process(es): {r['committed']:5d} committed in "
            f"{r['elapsed_s']:5.1f} s = {r['actions_per_second']:6.1f} actions/s   "
            f"act p50 {r['act_ms']['p50']:6.2f} ms  p99 {r['act_ms']['p99']:6.2f} ms   "
            f"bot CPU {r['cpu_ms_per_action']:.2f} ms per action   "
            f"peak RSS {r['peak_rss_mb']:.0f} MB per process"
        )


if __name__ == "__main__":
    main()
