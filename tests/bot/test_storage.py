"""Storage, on both backends (SQLite and PostgreSQL): migrations versioned in code, one open
match per channel, an interaction applied once, seats kept in order, what is left to show after
a crash, a rematch's lobby, deadlines claimed once, the shown counter, who shows what a
process that died left unshown, and which matches' tables are settled. SQLite's own: WAL, and
each migration from an older file. Languages: a match's, and a user's last seen locale and
chosen language."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from bot.table.storage import (
    HASH_EVERY,
    AlreadyApplied,
    ChannelBusy,
    Clock,
    Deadline,
    GuildRow,
    PlayerRow,
    Storage,
    UserLanguage,
    checkpoint,
    is_postgres,
    postgres,
)
from bot.table.storage.postgres import MIGRATIONS as PG_MIGRATIONS
from bot.table.storage.sqlite import MIGRATIONS


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    """A fresh store of each backend."""
    opened = await Storage.open(database)
    try:
        yield opened
    finally:
        await opened.close()


async def lobby(storage: Storage, channel: int = 10) -> int:
    return await storage.create_lobby(
        guild_id=1,
        channel_id=channel,
        ruleset="lanes",
        creator_id=7,
        invited_id=None,
        turn_limit=60,
    )


async def test_a_new_database_is_migrated_and_uses_wal(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "deep" / "parlor.db")
    try:
        assert await storage.schema_version() == len(MIGRATIONS)
        rows = await storage.db.all("PRAGMA journal_mode")
        assert rows[0][0] == "wal"
    finally:
        await storage.close()


async def test_reopening_keeps_everything_and_a_newer_schema_is_refused(database: str) -> None:
    storage = await Storage.open(database)
    match_id = await lobby(storage)
    await storage.close()
    storage = await Storage.open(database)
    assert (await storage.match(match_id)) is not None
    newest = await storage.schema_version()
    await storage.close()
    if is_postgres(database):
        assert newest == len(PG_MIGRATIONS)
        conn = await asyncpg.connect(database)
        await conn.execute("UPDATE parlor_schema SET version = $1", newest + 1)
        await conn.close()
    else:
        assert newest == len(MIGRATIONS)
        async with aiosqlite.connect(database) as db:
            await db.execute(f"PRAGMA user_version = {newest + 1}")
    with pytest.raises(RuntimeError, match="newer than this build"):
        await Storage.open(database)


async def test_hashes_of_the_old_format_are_forgotten_by_migration_2(tmp_path: Path) -> None:
    path = tmp_path / "parlor.db"
    async with aiosqlite.connect(path) as db:  # a database as the first build left it
        await db.executescript(f"BEGIN; {MIGRATIONS[0]} PRAGMA user_version = 1; COMMIT;")
        await db.execute(
            "INSERT INTO matches (channel_id, ruleset, status, creator_id, turn_limit, "
            "state_hash, created_at, updated_at) VALUES (10, 'lanes', 'active', 7, 60, 'old', 0, 0)"
        )
        await db.commit()
    storage = await Storage.open(path)
    try:
        row = await storage.match(1)
        assert (
            row is not None and row.state_hash is None
        )  # nothing to compare: the match replays as recorded
        assert await storage.schema_version() == len(MIGRATIONS)
    finally:
        await storage.close()


async def test_migration_3_gives_open_matches_the_default_forfeit_after(tmp_path: Path) -> None:
    path = tmp_path / "parlor.db"
    async with aiosqlite.connect(path) as db:  # a database as the second build left it
        await db.executescript(
            f"BEGIN; {MIGRATIONS[0]} {MIGRATIONS[1]} PRAGMA user_version = 2; COMMIT;"
        )
        await db.execute(
            "INSERT INTO matches (channel_id, ruleset, status, creator_id, turn_limit, "
            "created_at, updated_at) VALUES (10, 'lanes', 'active', 7, 60, 0, 0)"
        )
        await db.commit()
    storage = await Storage.open(path)
    try:
        row = await storage.match(1)
        assert row is not None and row.forfeit_after == 3
        never = await storage.create_lobby(
            guild_id=1,
            channel_id=11,
            ruleset="lanes",
            creator_id=7,
            invited_id=None,
            turn_limit=60,
            forfeit_after=0,
            created_at=1234.5,
        )
        (lobby_row,) = await storage.open_lobbies()
        assert (lobby_row.id, lobby_row.forfeit_after, lobby_row.created_at) == (never, 0, 1234.5)
    finally:
        await storage.close()


async def test_one_open_match_per_channel(storage: Storage) -> None:
    first = await lobby(storage)
    with pytest.raises(ChannelBusy):
        await lobby(storage)
    assert await lobby(storage, channel=11)
    assert await storage.close_lobby(first)
    assert not await storage.close_lobby(first)
    assert await lobby(storage)  # free again


async def test_seats_fill_in_order_and_close_up_when_someone_leaves(storage: Storage) -> None:
    match_id = await lobby(storage)
    for user in (7, 8, 9):
        await storage.add_player(match_id, user_id=user, name=f"u{user}", deck=None, seats=4)
    assert await storage.add_player(match_id, user_id=5, name="u5", deck=None, seats=3) is None
    await storage.remove_player(match_id, 8)
    assert [(p.seat, p.user_id) for p in await storage.players(match_id)] == [(0, 7), (1, 9)]


async def test_an_interaction_is_stored_once_and_resumption_is_tracked(storage: Storage) -> None:
    match_id = await lobby(storage)
    await storage.add_player(match_id, user_id=7, name="a", deck=None, seats=2)
    await storage.start(match_id, seed=1, setup={}, ruleset_version="1", clocks={0: Clock(5.0)})
    assert (await storage.match(match_id)).clocks == (Clock(5.0),)  # type: ignore[union-attr]
    action = {"kind": "end_turn"}
    clocks = {0: Clock(7.0, reminded=True)}
    common = {
        "seat": 0,
        "action": action,
        "source": "player",
        "clocks": clocks,
        "state_hash": "h",
    }
    await storage.append_action(match_id, seq=0, interaction_id=99, result=None, **common)
    assert await storage.interaction_seen(99)
    with pytest.raises(AlreadyApplied):
        await storage.append_action(match_id, seq=1, interaction_id=99, result=None, **common)
    assert [a.seq for a in await storage.actions(match_id)] == [0]
    assert [m.id for m in await storage.unshown()] == [match_id]
    await storage.append_action(
        match_id, seq=1, interaction_id=None, result={"winners": [0]}, **common
    )
    assert (await storage.match(match_id)).status == "finished"  # type: ignore[union-attr]
    assert [m.id for m in await storage.unshown()] == [match_id]  # not yet shown
    assert await storage.note_presented(match_id, -1, 2, ["a caption"])
    assert not await storage.note_presented(match_id, -1, 2, [])  # moved on already
    assert await storage.unshown() == []
    row = await storage.match(match_id)
    assert row is not None and (row.presented, row.captions) == (2, ("a caption",))
    assert (await storage.match(match_id)).clocks == (Clock(7.0, True),)  # type: ignore[union-attr]


async def test_migration_4_adds_servers_defaults_and_keeps_matches(tmp_path: Path) -> None:
    path = tmp_path / "parlor.db"
    async with aiosqlite.connect(path) as db:  # a database as the third build left it
        script = " ".join(MIGRATIONS[:3])
        await db.executescript(f"BEGIN; {script} PRAGMA user_version = 3; COMMIT;")
        await db.execute(
            "INSERT INTO matches (guild_id, channel_id, ruleset, status, creator_id, turn_limit, "
            "forfeit_after, created_at, updated_at) "
            "VALUES (1, 10, 'lanes', 'lobby', 7, 60, 5, 0, 0)"
        )
        await db.commit()
    storage = await Storage.open(path)
    try:
        assert await storage.schema_version() == len(MIGRATIONS)
        assert await storage.guild_rows() == []  # every server starts with the bot's defaults
        (row,) = await storage.open_matches_in_guild(1)
        assert (row.channel_id, row.forfeit_after) == (10, 5)
        await storage.put_guild_row(GuildRow(1, turn_limit=900, withdrawn=frozenset({"fanfare"})))
        await storage.put_guild_row(GuildRow(2, step_delay=2.5))
        await storage.put_guild_row(GuildRow(1, forfeit_after=0))  # replaces the whole row
        assert await storage.guild_rows() == [
            GuildRow(1, forfeit_after=0),
            GuildRow(2, step_delay=2.5),
        ]
    finally:
        await storage.close()


async def test_migration_5_confirms_everyone_seated_before_and_seats_a_rematch_at_once(
    tmp_path: Path,
) -> None:
    path = tmp_path / "parlor.db"
    async with aiosqlite.connect(path) as db:  # a database as the fourth build left it
        script = " ".join(MIGRATIONS[:4])
        await db.executescript(f"BEGIN; {script} PRAGMA user_version = 4; COMMIT;")
        await db.execute(
            "INSERT INTO matches (guild_id, channel_id, ruleset, status, creator_id, turn_limit, "
            "created_at, updated_at) VALUES (1, 10, 'lanes', 'finished', 7, 60, 0, 0)"
        )
        await db.execute(
            "INSERT INTO players (match_id, seat, user_id, name, deck, dm_channel_id) "
            "VALUES (1, 0, 7, 'a', 'roots', 70), (1, 1, 8, 'b', NULL, 80)"
        )
        await db.commit()
    storage = await Storage.open(path)
    try:
        old = await storage.match(1)
        assert old is not None and old.rematch_of is None
        players = await storage.players(1)
        assert [(p.user_id, p.confirmed) for p in players] == [(7, True), (8, True)]

        seated = [
            PlayerRow(1, 0, 8, "b", "tides", 80, False, None, confirmed=False),
            PlayerRow(1, 1, 7, "a", "roots", 70, False, None, confirmed=True),
        ]
        common = {"guild_id": 1, "ruleset": "lanes", "creator_id": 7, "invited_id": None}
        rematch = await storage.create_lobby(
            channel_id=10, turn_limit=60, rematch_of=1, seated=seated, **common
        )
        row = await storage.match(rematch)
        assert row is not None and (row.rematch_of, row.status) == (1, "lobby")
        assert [
            (p.match_id, p.seat, p.user_id, p.deck, p.confirmed)
            for p in await storage.players(rematch)
        ] == [
            (rematch, 0, 8, "tides", False),
            (rematch, 1, 7, "roots", True),
        ]
        await storage.set_player_by_user(rematch, 8, confirmed=True)
        assert all(p.confirmed for p in await storage.players(rematch))

        with pytest.raises(ChannelBusy):  # the channel is taken: nobody is seated anywhere
            await storage.create_lobby(
                channel_id=10, turn_limit=60, rematch_of=1, seated=seated, **common
            )
        count = await storage.db.all("SELECT COUNT(*) FROM players")
        assert count[0][0] == 4
    finally:
        await storage.close()


def test_an_action_stores_the_state_hash_every_8_actions_and_at_the_end() -> None:
    assert HASH_EVERY == 8
    assert [seq for seq in range(20) if checkpoint(seq, over=False)] == [7, 15]
    assert checkpoint(3, over=True)


async def test_the_match_row_keeps_the_latest_checkpoint_and_the_action_it_is_of(
    storage: Storage,
) -> None:
    match_id = await lobby(storage)
    await storage.add_player(match_id, user_id=7, name="a", deck=None, seats=2)
    await storage.start(match_id, seed=1, setup={}, ruleset_version="1", clocks={})
    common = {"seat": 0, "action": {"kind": "end_turn"}, "source": "player", "clocks": {}}
    for seq, digest in enumerate([None, "h1", None]):
        await storage.append_action(
            match_id, seq=seq, interaction_id=None, result=None, state_hash=digest, **common
        )
    row = await storage.match(match_id)
    assert row is not None and (row.state_hash, row.hash_seq) == ("h1", 1)


async def test_migration_6_keeps_stored_hashes_as_checkpoints(tmp_path: Path) -> None:
    path = tmp_path / "parlor.db"
    async with aiosqlite.connect(path) as db:  # a database as the fifth build left it
        script = " ".join(MIGRATIONS[:5])
        await db.executescript(f"BEGIN; {script} PRAGMA user_version = 5; COMMIT;")
        await db.execute(
            "INSERT INTO matches (id, channel_id, ruleset, status, creator_id, turn_limit, "
            "seed, setup, created_at, updated_at) VALUES (3, 10, 'lanes', 'active', 7, 60, 1, "
            "'{}', 0, 0)"
        )
        for seq in (0, 1):
            await db.execute(
                "INSERT INTO actions (match_id, seq, seat, action, source, state_hash, "
                "created_at) VALUES (3, ?, 0, '{\"kind\": \"end_turn\"}', 'player', ?, 0)",
                (seq, f"h{seq}"),
            )
        await db.commit()
    storage = await Storage.open(path)
    try:
        row = await storage.match(3)
        assert row is not None and (row.state_hash, row.hash_seq) == ("h1", 1)
        assert [a.seq for a in await storage.actions(3)] == [0, 1]
        common = {"seat": 0, "action": {"kind": "end_turn"}, "source": "player", "clocks": {}}
        await storage.append_action(
            3, seq=2, interaction_id=None, result=None, state_hash=None, **common
        )
        row = await storage.match(3)
        assert row is not None and (row.state_hash, row.hash_seq) == ("h1", 1)
    finally:
        await storage.close()


async def test_migration_7_counts_actions_and_arms_open_matches_at_their_earliest_clock(
    tmp_path: Path,
) -> None:
    path = tmp_path / "parlor.db"
    async with aiosqlite.connect(path) as db:  # a database as the sixth build left it
        script = " ".join(MIGRATIONS[:6])
        await db.executescript(f"BEGIN; {script} PRAGMA user_version = 6; COMMIT;")
        await db.execute(
            "INSERT INTO matches (id, channel_id, ruleset, status, creator_id, turn_limit, "
            "seed, setup, presented, created_at, updated_at) VALUES (3, 10, 'lanes', "
            "'active', 7, 400, 1, '{}', 2, 0, 0)"
        )
        for seq in (0, 1):  # the last action's clocks are the match's
            await db.execute(
                "INSERT INTO actions (match_id, seq, seat, action, source, clocks, created_at) "
                "VALUES (3, ?, 0, '{\"kind\": \"end_turn\"}', 'player', ?, 0)",
                (seq, "[[1000.0, false], [900.0, true]]"),
            )
        await db.commit()
    storage = await Storage.open(path)
    try:
        row = await storage.match(3)
        assert row is not None and (row.action_count, row.presented) == (2, 2)
        assert await storage.unshown() == []
        # A quarter of the 400 s limit before the earliest clock; worked out again when due.
        assert await storage.deadlines() == [Deadline(3, "clock", 800.0, -1)]
    finally:
        await storage.close()


async def test_a_lobby_keeps_the_seats_it_was_opened_for(storage: Storage) -> None:
    """SQLite's migration 8, PostgreSQL's 2: ``/match new seats:``; none given is NULL."""
    any_number = await lobby(storage, channel=10)
    five = await storage.create_lobby(
        guild_id=1,
        channel_id=11,
        ruleset="esper",
        creator_id=7,
        invited_id=None,
        turn_limit=60,
        seats=5,
    )
    opened_for = [(await storage.match(m)) for m in (any_number, five)]
    assert [row.seats if row else "gone" for row in opened_for] == [None, 5]


async def test_migration_8_leaves_the_lobbies_before_it_open_to_any_number(
    tmp_path: Path,
) -> None:
    path = tmp_path / "parlor.db"
    async with aiosqlite.connect(path) as db:  # a database as the seventh build left it
        script = " ".join(MIGRATIONS[:7])
        await db.executescript(f"BEGIN; {script} PRAGMA user_version = 7; COMMIT;")
        await db.execute(
            "INSERT INTO matches (id, channel_id, ruleset, status, creator_id, turn_limit, "
            "created_at, updated_at) VALUES (4, 10, 'esper', 'lobby', 7, 400, 0, 0)"
        )
        await db.commit()
    storage = await Storage.open(path)
    try:
        row = await storage.match(4)
        assert row is not None and row.status == "lobby" and row.seats is None
    finally:
        await storage.close()


async def test_migration_9_counts_stored_matches_as_settled_but_not_lobbies(
    tmp_path: Path,
) -> None:
    path = tmp_path / "parlor.db"
    async with aiosqlite.connect(path) as db:  # a database as the eighth build left it
        script = " ".join(MIGRATIONS[:8])
        await db.executescript(f"BEGIN; {script} PRAGMA user_version = 8; COMMIT;")
        for match_id, status, channel in ((3, "active", 10), (4, "lobby", 11)):
            await db.execute(
                "INSERT INTO matches (id, channel_id, ruleset, status, creator_id, turn_limit, "
                "seed, setup, presented, created_at, updated_at) VALUES (?, ?, 'lanes', ?, 7, "
                "400, 1, '{}', 0, 0, 0)",
                (match_id, channel, status),
            )
        await db.execute(
            "INSERT INTO actions (match_id, seq, seat, action, source, created_at) "
            "VALUES (3, 0, 0, '{\"kind\": \"end_turn\"}', 'player', 0)"
        )
        await db.commit()
    storage = await Storage.open(path)
    try:
        assert await storage.unsettled() == []
        rows = await storage.db.all("SELECT id, tables_at FROM matches ORDER BY id")
        assert [tuple(r) for r in rows] == [(3, 1), (4, -1)]
    finally:
        await storage.close()


async def test_a_match_is_unsettled_until_every_table_is_noted_as_shown(storage: Storage) -> None:
    """What start-up rechecks (``bot.chat.settling``): a match under way whose tables are noted
    as showing fewer actions than it has; the note never moves back."""
    match_id = await started(storage)
    other = await started(storage, channel=11)
    await lobby(storage, channel=12)
    assert await storage.unsettled() == [match_id, other]  # nothing shown yet, not the opening
    await storage.note_settled({match_id: 0, other: 0})
    assert await storage.unsettled() == []
    await append(storage, match_id, 0, None)
    await append(storage, match_id, 1, None)
    assert await storage.unsettled() == [match_id]
    await storage.note_settled({match_id: 2})
    await storage.note_settled({match_id: 1})  # an older note, written late: kept as it was
    assert await storage.unsettled() == []
    await append(storage, match_id, 2, None)
    assert await storage.unsettled() == [match_id]


async def test_migration_10_seats_cpu_players_and_records_their_actions(tmp_path: Path) -> None:
    path = tmp_path / "parlor.db"
    async with aiosqlite.connect(path) as db:  # a database as the ninth build left it
        script = " ".join(MIGRATIONS[:9])
        await db.executescript(f"BEGIN; {script} PRAGMA user_version = 9; COMMIT;")
        await db.execute(
            "INSERT INTO matches (id, channel_id, ruleset, status, creator_id, turn_limit, "
            "seed, setup, created_at, updated_at) VALUES (3, 10, 'lanes', 'active', 7, 400, 1, "
            "'{}', 0, 0)"
        )
        await db.execute(
            "INSERT INTO players (match_id, seat, user_id, name) VALUES (3, 0, 7, 'a')"
        )
        await db.execute(
            "INSERT INTO actions (match_id, seq, seat, action, source, clocks, deadline, "
            "created_at) VALUES (3, 0, 0, '{\"kind\": \"end_turn\"}', 'player', '[]', 99.0, 0)"
        )
        await db.commit()
    storage = await Storage.open(path)
    try:
        assert [(a.seq, a.source) for a in await storage.actions(3)] == [(0, "player")]
        assert [p.cpu for p in await storage.players(3)] == [None]
        assert await storage.add_player(3, user_id=-1, name="CPU", deck=None, seats=2, cpu="hard")
        await append(storage, 3, 1, 120.0, source="cpu")  # the trigger came back with the table
        row = await storage.match(3)
        assert row is not None and row.action_count == 2
        assert await storage.deadlines() == [Deadline(3, "clock", 120.0, 2)]
        assert [(a.seq, a.source) for a in await storage.actions(3)] == [(0, "player"), (1, "cpu")]
        assert await storage.cpu_matches() == [3]
    finally:
        await storage.close()


async def started(storage: Storage, channel: int = 10) -> int:
    match_id = await lobby(storage, channel)
    await storage.add_player(match_id, user_id=7, name="a", deck=None, seats=2)
    await storage.start(match_id, seed=1, setup={}, ruleset_version="1", clocks={}, deadline=50.0)
    return match_id


async def append(
    storage: Storage, match_id: int, seq: int, deadline: float | None, source: str = "player"
) -> None:
    await storage.append_action(
        match_id,
        seq=seq,
        seat=0,
        action={"kind": "end_turn"},
        interaction_id=None,
        source=source,
        clocks={},
        result=None,
        state_hash=None,
        deadline=deadline,
    )


async def test_a_cpu_seat_and_its_actions_are_stored_on_either_backend(storage: Storage) -> None:
    match_id = await lobby(storage)
    await storage.add_player(match_id, user_id=7, name="a", deck=None, seats=2)
    await storage.add_player(match_id, user_id=-1, name="CPU", deck=None, seats=2, cpu="normal")
    assert [(p.user_id, p.cpu) for p in await storage.players(match_id)] == [
        (7, None),
        (-1, "normal"),
    ]
    assert await storage.cpu_matches() == []  # a lobby: nobody thinks yet
    await storage.start(match_id, seed=1, setup={}, ruleset_version="1", clocks={}, deadline=None)
    await append(storage, match_id, 0, None, source="cpu")
    assert [a.source for a in await storage.actions(match_id)] == ["cpu"]
    assert await storage.cpu_matches() == [match_id]
    assert await storage.cpu_matches(idle_since=-1.0) == []  # it moved since


async def test_an_action_arms_its_clock_and_a_claimed_deadline_is_held_for_a_lease(
    storage: Storage,
) -> None:
    match_id = await started(storage)
    assert await storage.deadlines() == [Deadline(match_id, "clock", 50.0, 0)]
    await append(storage, match_id, 0, 70.0)
    assert await storage.deadlines() == [Deadline(match_id, "clock", 70.0, 1)]
    assert await storage.next_deadline() == 70.0
    assert await storage.claim_deadlines(69.0, lease=30, limit=10) == []
    assert await storage.claim_deadlines(71.0, lease=30, limit=10) == [
        Deadline(match_id, "clock", 70.0, 1)
    ]
    assert await storage.claim_deadlines(80.0, lease=30, limit=10) == []  # held by this process
    assert await storage.next_deadline() == 101.0  # when the hold ends, should nobody act
    assert len(await storage.claim_deadlines(102.0, lease=30, limit=10)) == 1
    await append(storage, match_id, 1, 200.0)  # re-armed: free again, for the new version
    assert await storage.next_deadline() == 200.0
    await append(storage, match_id, 2, None)  # nothing to wait for
    assert await storage.deadlines() == []


async def test_a_lobby_expires_by_a_deadline_gone_once_it_starts_or_closes(
    storage: Storage,
) -> None:
    common = {"guild_id": 1, "ruleset": "lanes", "creator_id": 7, "invited_id": None}
    first = await storage.create_lobby(channel_id=10, turn_limit=60, expires_at=99.0, **common)
    second = await storage.create_lobby(channel_id=11, turn_limit=60, created_at=5.0, **common)
    assert await storage.deadlines() == [Deadline(first, "lobby", 99.0)]
    assert await storage.arm_lobbies(3600) == 1  # the one stored without its deadline
    assert await storage.deadlines() == [
        Deadline(first, "lobby", 99.0),
        Deadline(second, "lobby", 3605.0),
    ]
    await storage.close_lobby(first)
    await storage.add_player(second, user_id=7, name="a", deck=None, seats=2)
    await storage.start(second, seed=1, setup={}, ruleset_version="1", clocks={})
    assert await storage.deadlines() == []


async def test_who_committed_what_and_showing_for_a_process_that_died(storage: Storage) -> None:
    match_id = await started(storage)
    await append(storage, match_id, 0, None)
    await append(storage, match_id, 1, None)
    me = storage.token
    assert await storage.committers(match_id, -1) == [(-1, me), (0, me), (1, me)]
    assert await storage.committers(match_id, 1) == [(1, me)]
    assert me in await storage.live_tokens()
    assert await storage.take_over(match_id, [0, 1]) == []  # this process is alive
    gone = me + 1  # no process holds this token
    await storage.db.run("UPDATE actions SET committed_by = ? WHERE seq = 1", (gone,))
    assert await storage.take_over(match_id, [1]) == [1]
    assert await storage.committers(match_id, 1) == [(1, me)]
    assert await storage.take_over(match_id, [1]) == []  # taken already


async def test_a_held_match_waits_for_another_holder(pg_url: str) -> None:
    """On PostgreSQL, two holders of one match (two processes, say) take turns: the row lock;
    holders of different matches do not wait for each other. (One process's SQLite store needs
    no lock of its own: the service's per-match lock does.)"""
    one, two = await Storage.open(pg_url), await Storage.open(pg_url)
    try:
        match_id = await started(one)
        other = await started(one, channel=11)
        order: list[str] = []

        async def hold(storage: Storage, name: str, which: int, pause: float) -> None:
            async with storage.holding(which) as held:
                assert held.row is not None and held.row.id == which
                order.append(f"{name} in")
                await asyncio.sleep(pause)
                await append(held, which, held.row.action_count, None)
                order.append(f"{name} out")

        first = asyncio.create_task(hold(one, "a", match_id, 0.3))
        await asyncio.sleep(0.1)
        await asyncio.gather(first, hold(two, "b", match_id, 0), hold(two, "c", other, 0))
        assert order.index("c out") < order.index("a out")  # another match: no waiting
        assert order.index("a out") < order.index("b in")
        assert [a.seq for a in await one.actions(match_id)] == [0, 1]
    finally:
        await one.close()
        await two.close()


async def test_shards_identify_one_per_bucket_at_a_time_across_processes(database: str) -> None:
    """A bucket (``shard_id % max_concurrency``) identifies once per turn: the next waits until
    the turn's hold is over, in this process or (on PostgreSQL) in any other; another bucket
    does not wait."""
    one = await Storage.open(database)
    two = one if not is_postgres(database) else await Storage.open(database)
    try:
        order: list[str] = []

        async def identify(storage: Storage, bucket: int, name: str) -> None:
            async with storage.identify_slot(bucket, hold=1.0):
                order.append(name)

        await identify(one, 0, "first")
        await asyncio.gather(identify(two, 0, "same bucket"), identify(two, 1, "other bucket"))
        assert order == ["first", "other bucket", "same bucket"]
    finally:
        await one.close()
        if two is not one:
            await two.close()


async def test_a_seats_table_is_never_noted_older_than_it_shows(storage: Storage) -> None:
    """Whichever process puts a seat's table in its DM notes the state it shows first: an older
    one is refused (it would go over a newer), the same or a newer one is noted, with the hand
    message as stored (another process may have sent a newer one)."""
    match_id = await started(storage)
    await storage.set_player(match_id, 0, hand_message_id=555)
    assert await storage.seat_shown(match_id, 0, 4) == (True, 555)
    assert await storage.seat_shown(match_id, 0, 3) == (False, None)
    assert await storage.seat_shown(match_id, 0, 4) == (True, 555)
    assert await storage.seat_shown(match_id, 0, 6) == (True, 555)
    assert await storage.seat_shown(match_id, 1, 0) == (False, None)  # nobody sits there


async def test_a_lost_listener_comes_back_and_reads_what_it_missed(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL, a process whose listening connection is lost (the server restarted, a
    network blip) reads instead of hearing until it is back: every cached match counts as
    behind, so it is caught up from the store. Back, it is alive again under its token and
    knows what was committed while it could not hear."""
    monkeypatch.setattr(postgres, "REJOIN_BACKOFF", (0.5,))
    one, two = await Storage.open(pg_url), await Storage.open(pg_url)
    try:
        match_id = await started(two)
        await two.put_guild_row(GuildRow(1, turn_limit=600))
        await append(two, match_id, 0, None)
        await until(lambda: one.heard(match_id) == 1)
        one.changed_guilds()
        token = one.token
        await two.db.run(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = ?",
            (one._hub.listener.get_server_pid(),),  # the server ends the connection
        )
        await until(lambda: not one._hub.listening)
        assert one.heard(match_id) > 1_000_000  # deaf: every cached match is behind
        assert token not in await two.live_tokens()
        await append(two, match_id, 1, None)  # committed while the other could not hear
        await until(lambda: one._hub.listening)
        assert one.heard(match_id) == 2
        assert one.changed_guilds() == {1}  # any server's defaults may have changed
        assert one.token == token and token in await two.live_tokens()
        await append(two, match_id, 2, None)
        await until(lambda: one.heard(match_id) == 3)  # and hears again
    finally:
        await one.close()
        await two.close()


async def until(condition: Callable[[], bool], within: float = 10.0) -> None:
    for _ in range(int(within / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the condition never held")


async def test_a_match_keeps_its_language_and_a_user_their_locale_and_choice(
    storage: Storage,
) -> None:
    ja = await storage.create_lobby(
        guild_id=1,
        channel_id=10,
        ruleset="lanes",
        creator_id=7,
        invited_id=None,
        turn_limit=60,
        language="ja",
    )
    en = await lobby(storage, channel=11)
    assert [(await storage.match(m)).language for m in (ja, en)] == ["ja", "en"]  # type: ignore[union-attr]
    assert await storage.user_language(7) == UserLanguage()  # never seen
    await storage.note_locale(7, "ja")
    await storage.note_locale(7, "en-GB")  # last seen
    assert await storage.user_language(7) == UserLanguage("en-GB", None)
    await storage.choose_language(7, "ja")
    await storage.note_locale(7, "en-US")  # seen again: the choice stays
    assert await storage.user_language(7) == UserLanguage("en-US", "ja")
    await storage.choose_language(7, None)  # automatic again
    await storage.choose_language(8, "ja")  # chosen before ever seen
    assert await storage.user_language(7) == UserLanguage("en-US", None)
    assert await storage.user_language(8) == UserLanguage(None, "ja")


async def test_migration_11_gives_stored_matches_english_and_remembers_no_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / "parlor.db"
    async with aiosqlite.connect(path) as db:  # a database as the tenth build left it
        script = " ".join(MIGRATIONS[:10])
        await db.executescript(f"BEGIN; {script} PRAGMA user_version = 10; COMMIT;")
        await db.execute(
            "INSERT INTO matches (id, channel_id, ruleset, status, creator_id, turn_limit, "
            "seed, setup, created_at, updated_at) VALUES (3, 10, 'lanes', 'active', 7, 400, 1, "
            "'{}', 0, 0)"
        )
        await db.commit()
    storage = await Storage.open(path)
    try:
        assert await storage.schema_version() == len(MIGRATIONS) == 11
        row = await storage.match(3)
        assert row is not None and row.language == "en" and row.status == "active"
        assert await storage.user_language(7) == UserLanguage()
        await storage.note_locale(7, "ja")
        assert await storage.user_language(7) == UserLanguage("ja", None)
    finally:
        await storage.close()
    assert len(PG_MIGRATIONS) == 5  # PostgreSQL's 5 is SQLite's 11
