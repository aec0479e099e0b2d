"""Crash safety: the real bot in a child OS process, killed with SIGKILL at random moments.

    python bench/crash.py [--kills 100] [--seed 1] [--ruleset lanes]
                          [--database sqlite|postgres|postgresql://...] [--json]

The bot runs as ``python -m bot`` would, in its own process (``tests/bot/remote.py``: simcord,
in this process, answers its REST calls and sends it gateway events over a Unix socket), over
a SQLite file, or PostgreSQL: a server of its own (``tests/pg.py``, with PostgreSQL's own
settings for syncing to disk), or the one a URL names (a database there that must be empty).
The kills end the bot's process, not the server. Two players play random legal moves through
their DMs, one click at a time, match after match. A quarter of the kills land while the bot
starts and resumes; the others after a random time of play, whatever the bot is doing then.
After every restart (``tests/bot/crashing.py``): every acknowledged move (its click answered
with the table after it) is stored; every match's replay reaches its stored checkpoint hash
and what the restarted bot holds; every seat's DM table and the channel's board show that
state.
``tests/bot/test_crash.py`` runs 20 kills over each backend in the test suite.

Printed: kills (and how many while starting), restarts checked, acknowledged moves, moves
stored, acknowledged moves lost, matches played (finished), replays checked, tables checked,
clicks, and any problem found. Wall-clock time, as the kills are timed in it.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import simcord  # noqa: E402

from tests.bot.crashing import Crashes, PostgresDatabase, SqliteFile, Store  # noqa: E402
from tests.pg import PgServer, start_server  # noqa: E402


async def run(kills: int, seed: int, ruleset: str, database: str) -> dict[str, Any]:
    started = time.perf_counter()
    server: PgServer | None = None
    with tempfile.TemporaryDirectory() as folder:
        store: Store
        if database == "sqlite":
            store = SqliteFile(Path(folder) / "parlor.db")
        elif database == "postgres":
            server = start_server(durable=True)
            store = PostgresDatabase(server.url(server.create_database("crash")))
        else:
            store = PostgresDatabase(database)
        try:
            stand_in = discord.Client(intents=discord.Intents(guilds=True))
            async with simcord.run(stand_in) as env:
                crashes = Crashes(env, Path(folder), seed, ruleset=ruleset, store=store)
                figures = await crashes.run(kills)
            if server is not None:
                figures.problems += [f"PostgreSQL logged: {line}" for line in server.errors()]
        finally:
            if server is not None:
                server.remove()
    return {
        "ruleset": ruleset,
        "database": store.name,
        "seed": seed,
        **dataclasses.asdict(figures),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="lanes", help="the game played (lanes, fanfare)")
    parser.add_argument(
        "--database",
        default="sqlite",
        help="sqlite (a file), postgres (a server of its own) or a postgresql:// URL",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = asyncio.run(run(args.kills, args.seed, args.ruleset, args.database))
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(
        f"{figures['kills']} SIGKILLs ({figures['kills_while_starting']} while starting), "
        f"{figures['restarts_checked']} restarts checked, over {figures['database']}, "
        f"in {figures['seconds']} s"
    )
    print(
        f"acknowledged moves: {figures['acknowledged']}, stored: {figures['stored']}, "
        f"lost: {figures['lost']}"
    )
    print(
        f"{figures['matches']} {figures['ruleset']} matches ({figures['finished']} finished), "
        f"{figures['replays']} replays and {figures['tables_checked']} tables checked, "
        f"{figures['clicks']} clicks ({figures['unanswered']} unanswered)"
    )
    for problem in figures["problems"]:
        print(f"  problem: {problem}")


if __name__ == "__main__":
    main()
