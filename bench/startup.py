"""Start-up with many active matches: how long the bot's table half takes to be ready, and the
memory it holds, on SQLite and on PostgreSQL.

    python bench/startup.py [--matches 10000] [--actions 12] [--touch 3000] [--json]

A store is filled with ``--matches`` active lanes matches, each a copy of one real match
``--actions`` actions in (its seed, setup, players, actions, clocks and next deadline, all shown):
loaded with plain INSERTs (state surgery, for speed; on PostgreSQL without its triggers, which
would tell other processes of each row). Then, as ``setup_hook`` does: the store is opened,
servers' defaults read, what a stopped process left unshown shown and the matches whose tables it
left unsettled looked for (nothing of either here), lobbies given their deadlines and the first due
deadlines claimed. Nothing is replayed: a match is when first used. Printed: that start-up's CPU
time (and wall clock), replaying every match as the bot did before (measured on a sample,
extrapolated), the process's memory after start-up, and after ``--touch`` matches were each used
once (replayed into the least-recently-used cache, which keeps ``CACHE_SIZE``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.table.games import Games  # noqa: E402
from bot.table.guilds import GuildDefaults  # noqa: E402
from bot.table.lobby import LobbyService  # noqa: E402
from bot.table.scheduler import BATCH, Scheduler  # noqa: E402
from bot.table.service import CACHE_SIZE, MatchService  # noqa: E402
from bot.table.storage import Storage, is_postgres  # noqa: E402
from rules.engine import Match  # noqa: E402
from rules.registry import get_ruleset  # noqa: E402
from tests.bot.cluster import choose  # noqa: E402
from tests.pg import start_server  # noqa: E402

DAY = 24 * 3600.0
SAMPLE = 300


class Quiet:
    def present(self, committed: Any) -> None: ...

    def ended(self, ended: Any) -> None: ...

    def remind(self, reminder: Any) -> None: ...

    def lobby_closed(self, lobby: Any) -> None: ...


def a_real_match(actions: int) -> tuple[int, dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """One lanes match ``actions`` actions in, played at random: seed, setup, actions."""
    seed = 12345
    match = Match.new(get_ruleset("lanes"), seed, {"seats": 2})
    while len(match.actions) < actions:
        move = choose(match, 1)
        assert move is not None, "the match ended early"
        match.apply(*move)
    return seed, dict(match.setup), [(seat, a.to_json()) for seat, a in match.actions]


def rows(count: int, actions: int) -> dict[str, list[tuple[Any, ...]]]:
    seed, setup, record = a_real_match(actions)
    now = time.time()
    clocks = json.dumps([[now + DAY, False], [now + DAY, False]])
    matches, players, moves, deadlines = [], [], [], []
    for i in range(1, count + 1):
        matches.append(
            (i, 1, 10_000 + i, "lanes", get_ruleset("lanes").version, "active", 7, DAY,
             seed, json.dumps(setup), clocks, now, now, len(record), len(record), len(record))
        )  # fmt: skip
        players += [(i, 0, 2 * i, "a"), (i, 1, 2 * i + 1, "b")]
        moves += [(i, seq, seat, json.dumps(a), now) for seq, (seat, a) in enumerate(record)]
        deadlines.append((i, "clock", now + DAY - 3600, len(record)))
    return {"matches": matches, "players": players, "actions": moves, "deadlines": deadlines}


MATCH_INSERT = (
    "INSERT INTO matches (id, guild_id, channel_id, ruleset, ruleset_version, status, "
    "creator_id, turn_limit, seed, setup, clocks, created_at, updated_at, presented, "
    "action_count, tables_at) VALUES ({})"
)
INSERTS = {
    "matches": MATCH_INSERT,
    "players": "INSERT INTO players (match_id, seat, user_id, name) VALUES ({})",
    "actions": "INSERT INTO actions (match_id, seq, seat, action, source, created_at) "
    "VALUES ({}, 'player', {})",
    "deadlines": "INSERT INTO deadlines (match_id, kind, due_at, version) VALUES ({})",
}


async def fill(database: str, data: dict[str, list[tuple[Any, ...]]]) -> None:
    storage = await Storage.open(database)
    await storage.close()
    if is_postgres(database):
        import asyncpg

        conn = await asyncpg.connect(database)
        await conn.execute("SET session_replication_role = replica")  # no triggers, no NOTIFY
        for table, records in data.items():
            await conn.copy_records_to_table(table, records=records, columns=_columns(table))
        await conn.execute("SELECT setval('matches_id_seq', (SELECT MAX(id) FROM matches))")
        await conn.close()
        return
    import sqlite3

    db = sqlite3.connect(database)
    db.execute("DROP TRIGGER actions_update_match")  # the rows carry what it would set
    for table, records in data.items():
        db.executemany(_insert(table, records[0]), records)
    db.commit()
    db.close()


def _columns(table: str) -> list[str]:
    sql = INSERTS[table].replace("{}, 'player', {}", "{}")
    names = sql[sql.index("(") + 1 : sql.index(")")].split(", ")
    return [n for n in names if n != "source"] + (["source"] if table == "actions" else [])


def _insert(table: str, record: tuple[Any, ...]) -> str:
    sql = INSERTS[table]
    if table == "actions":
        return sql.format(", ".join("?" * 4), "?")
    return sql.format(", ".join("?" * len(record)))


def _records(table: str, records: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    if table == "actions":  # source comes last in the COPY's columns
        return [(*r[:4], r[4], "player") for r in records]
    return records


async def start_up(database: str) -> dict[str, Any]:
    """Everything ``setup_hook`` does with the store, timed."""
    before = _rss()
    wall, cpu = time.perf_counter(), time.process_time()
    storage = await Storage.open(database)
    scheduler = Scheduler(storage, time.time)
    games = Games()
    guilds = GuildDefaults(storage, games)
    await guilds.load()
    matches = MatchService(storage, games, Quiet(), scheduler, now=time.time)  # type: ignore[arg-type]
    lobbies = LobbyService(storage, games, matches, guilds=guilds)
    await matches.resume_all()
    assert not await storage.unsettled()  # every table shown: none to check (the chat's part)
    await lobbies.resume_all()
    await scheduler.fire_due()
    figures = {
        "start_up_cpu_s": time.process_time() - cpu,
        "start_up_wall_s": time.perf_counter() - wall,
        "rss_before_mb": before,
        "rss_after_start_up_mb": _rss(),
    }
    ids = random.Random(1).sample(range(1, 1 + await _count(storage)), SAMPLE)
    cpu = time.process_time()
    for match_id in ids:
        async with matches.locks(match_id):
            await matches.live(match_id)
    figures["replay_cpu_ms_per_match"] = 1000 * (time.process_time() - cpu) / SAMPLE
    figures["storage"] = storage
    figures["matches"] = matches
    return figures


async def touch(figures: dict[str, Any], count: int, total: int) -> None:
    matches: MatchService = figures["matches"]
    for match_id in random.Random(2).sample(range(1, total + 1), min(count, total)):
        async with matches.locks(match_id):
            await matches.live(match_id)
    figures["cached_after_touching"] = len(matches._live)
    figures["rss_after_touching_mb"] = _rss()
    await figures["storage"].close()
    del figures["storage"], figures["matches"]


async def _count(storage: Storage) -> int:
    rows = await storage.db.all("SELECT COUNT(*) FROM matches")
    return int(rows[0][0])


def _rss() -> float:
    """The process's resident memory now, in MB (not its peak: building the rows took more)."""
    with open("/proc/self/statm", encoding="ascii") as f:
        pages = int(f.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def run(database: str, data: dict[str, list[tuple[Any, ...]]], touched: int) -> dict[str, Any]:
    if is_postgres(database):
        data = {t: _records(t, r) for t, r in data.items()}
    asyncio.run(fill(database, data))
    figures: dict[str, Any] = {}

    async def measure() -> None:
        figures.update(await start_up(database))
        await touch(figures, touched, len(data["matches"]))

    asyncio.run(measure())
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--actions", type=int, default=12)
    parser.add_argument("--touch", type=int, default=3000)
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    data = rows(args.matches, args.actions)
    results = {}
    for backend in args.backends.split(","):
        if backend == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                results[backend] = run(str(Path(folder, "parlor.db")), data, args.touch)
        else:
            server = start_server(durable=True)
            try:
                results[backend] = run(server.url(server.create_database()), data, args.touch)
            finally:
                server.remove()
    if args.json:
        print(json.dumps({"matches": args.matches, "actions": args.actions, **results}, indent=2))
        return
    print(
        f"{args.matches} active lanes matches, {args.actions} actions each; "
        f"{BATCH} deadlines claimed at most per round; cache of {CACHE_SIZE} live matches"
    )
    for backend, r in results.items():
        eager = r["replay_cpu_ms_per_match"] * args.matches / 1000
        print(
            f"{backend:8s} start-up {r['start_up_cpu_s']:.3f} s CPU "
            f"({r['start_up_wall_s']:.3f} s wall); replaying every match as before would take "
            f"~{eager:.1f} s CPU ({r['replay_cpu_ms_per_match']:.2f} ms each, {SAMPLE} measured)"
        )
        grew = r["rss_after_start_up_mb"] - r["rss_before_mb"]
        used = r["rss_after_touching_mb"] - r["rss_before_mb"]
        print(
            f"{'':8s} memory: start-up added {grew:.1f} MB; using {args.touch} matches once, "
            f"{used:.1f} MB in all ({r['cached_after_touching']} kept live; the bench's own rows "
            f"of the store, {r['rss_before_mb']:.0f} MB, not counted)"
        )


if __name__ == "__main__":
    main()
