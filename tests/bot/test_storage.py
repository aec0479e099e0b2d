"""Storage: migrations versioned in code, WAL, one open match per channel, an interaction
applied once, seats kept in order, what is resumed at start-up, and a rematch's lobby."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from bot.table.storage import (
    HASH_EVERY,
    MIGRATIONS,
    AlreadyApplied,
    ChannelBusy,
    Clock,
    GuildRow,
    PlayerRow,
    Storage,
    checkpoint,
)


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
        rows = await storage._all("PRAGMA journal_mode")
        assert rows[0][0] == "wal"
    finally:
        await storage.close()


async def test_reopening_keeps_everything_and_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "parlor.db"
    storage = await Storage.open(path)
    match_id = await lobby(storage)
    await storage.close()
    storage = await Storage.open(path)
    assert (await storage.match(match_id)) is not None
    await storage.close()
    async with aiosqlite.connect(path) as db:
        await db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(RuntimeError, match="newer than this build"):
        await Storage.open(path)


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
        (row,) = await storage.matches_to_resume()
        assert row.state_hash is None  # nothing to compare: the match replays as recorded
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
        (row,) = await storage.matches_to_resume()
        assert row.forfeit_after == 3
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


async def test_one_open_match_per_channel(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "parlor.db")
    try:
        first = await lobby(storage)
        with pytest.raises(ChannelBusy):
            await lobby(storage)
        assert await lobby(storage, channel=11)
        assert await storage.close_lobby(first)
        assert not await storage.close_lobby(first)
        assert await lobby(storage)  # free again
    finally:
        await storage.close()


async def test_seats_fill_in_order_and_close_up_when_someone_leaves(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "parlor.db")
    try:
        match_id = await lobby(storage)
        for user in (7, 8, 9):
            await storage.add_player(match_id, user_id=user, name=f"u{user}", deck=None, seats=4)
        assert await storage.add_player(match_id, user_id=5, name="u5", deck=None, seats=3) is None
        await storage.remove_player(match_id, 8)
        assert [(p.seat, p.user_id) for p in await storage.players(match_id)] == [(0, 7), (1, 9)]
    finally:
        await storage.close()


async def test_an_interaction_is_stored_once_and_resumption_is_tracked(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "parlor.db")
    try:
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
        assert [m.id for m in await storage.matches_to_resume()] == [match_id]
        await storage.append_action(
            match_id, seq=1, interaction_id=None, result={"winners": [0]}, **common
        )
        assert (await storage.match(match_id)).status == "finished"  # type: ignore[union-attr]
        assert [m.id for m in await storage.matches_to_resume()] == [match_id]  # not yet shown
        await storage.set_match(match_id, presented=2)
        assert await storage.matches_to_resume() == []
        assert (await storage.match(match_id)).clocks == (Clock(7.0, True),)  # type: ignore[union-attr]
    finally:
        await storage.close()


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
        count = await storage._all("SELECT COUNT(*) FROM players")
        assert count[0][0] == 4
    finally:
        await storage.close()


def test_an_action_stores_the_state_hash_every_8_actions_and_at_the_end() -> None:
    assert HASH_EVERY == 8
    assert [seq for seq in range(20) if checkpoint(seq, over=False)] == [7, 15]
    assert checkpoint(3, over=True)


async def test_the_match_row_keeps_the_latest_checkpoint_and_the_action_it_is_of(
    tmp_path: Path,
) -> None:
    storage = await Storage.open(tmp_path / "parlor.db")
    try:
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
    finally:
        await storage.close()


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
