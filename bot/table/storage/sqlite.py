"""SQLite storage: one file (WAL) through aiosqlite, for one bot process.

One connection serves the process; an asyncio lock keeps each transaction whole (aiosqlite runs
statements on its own thread, so nothing here blocks the event loop). Statements go through
``execute_fetchall``, whose cursors live and die on aiosqlite's thread: a cursor from
``execute`` left to the garbage collector is finalised on the event loop's thread, racing the
connection's ("bad parameter or other API misuse"), which the load bench found.

Only one process uses a file: its cached matches are never behind the store, so holding a
match (:meth:`SqliteStorage.holding`) needs nothing of the database, and an action is one
INSERT on its own.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .base import Executor, Storage
from .rows import Deadline

__all__ = ["MIGRATIONS", "SqliteStorage"]

log = logging.getLogger(__name__)

MIGRATIONS: tuple[str, ...] = (
    # 1: matches (with each seat's turn clock), their players and the action log.
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        ruleset TEXT NOT NULL,
        ruleset_version TEXT,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        creator_id INTEGER NOT NULL,
        invited_id INTEGER,
        turn_limit INTEGER NOT NULL,
        seed INTEGER,
        setup TEXT,
        result TEXT,
        state_hash TEXT,
        lobby_message_id INTEGER,
        board_message_id INTEGER,
        presented INTEGER NOT NULL DEFAULT -1,
        clocks TEXT,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX matches_one_open_per_channel
        ON matches (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX matches_by_status ON matches (status);
    CREATE TABLE players (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        deck TEXT,
        dm_channel_id INTEGER,
        dms_closed INTEGER NOT NULL DEFAULT 0,
        hand_message_id INTEGER,
        PRIMARY KEY (match_id, seat),
        UNIQUE (match_id, user_id)
    );
    CREATE TABLE actions (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        interaction_id INTEGER UNIQUE,
        source TEXT NOT NULL CHECK (source IN ('player', 'clock')),
        state_hash TEXT NOT NULL,
        result TEXT,
        clocks TEXT,
        created_at REAL NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    -- An accepted action carries what it made of the match; the match row follows it in the
    -- same statement, so appending an action is one atomic INSERT.
    CREATE TRIGGER actions_update_match AFTER INSERT ON actions BEGIN
        UPDATE matches SET
            state_hash = NEW.state_hash,
            result = NEW.result,
            status = CASE WHEN NEW.result IS NULL THEN 'active' ELSE 'finished' END,
            clocks = NEW.clocks,
            updated_at = NEW.created_at
        WHERE id = NEW.match_id;
    END;
    """,
    # 2: state hashes are computed from the state's own fields now (the engine's hash format 2):
    # those stored by earlier builds cannot be compared, so they are forgotten; a match replays
    # as before and its next action stores a hash of the new form.
    """
    UPDATE matches SET state_hash = NULL;
    """,
    # 3: how many turns in a row a seat may miss before it forfeits (0: never), chosen when the
    # match is opened; matches already open when this is applied get the default, 3.
    """
    ALTER TABLE matches ADD COLUMN forfeit_after INTEGER NOT NULL DEFAULT 3;
    """,
    # 4: a server's own defaults, set by its admins with /parlor settings; NULL: the bot's
    # default. Rulesets are stored as those withdrawn (a JSON list), so a ruleset added to the
    # bot later is offered everywhere until an admin withdraws it.
    """
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        turn_limit INTEGER,
        forfeit_after INTEGER,
        step_delay REAL,
        withdrawn TEXT NOT NULL DEFAULT '[]',
        updated_at REAL NOT NULL
    );
    """,
    # 5: rematches. A rematch's lobby names the match it repeats (``rematch_of``; NULL for a
    # lobby opened with /match new) and seats all its players at once, in their new order; each
    # confirms by joining (who asked for it, by asking). ``confirmed`` is 1 for everyone else:
    # those of ordinary lobbies are in by joining, and so are those stored before.
    """
    ALTER TABLE matches ADD COLUMN rematch_of INTEGER REFERENCES matches (id);
    ALTER TABLE players ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 1;
    """,
    # 6: the state hash is a checkpoint, not every action's: an action stores one every
    # HASH_EVERY actions and at the end of its match (NULL otherwise), and the match row keeps
    # the latest with the action it is of (``hash_seq``), where a replay checks it. The actions
    # table is rebuilt (SQLite cannot drop a NOT NULL); its rows stay as they were.
    """
    CREATE TABLE actions_6 (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        interaction_id INTEGER UNIQUE,
        source TEXT NOT NULL CHECK (source IN ('player', 'clock')),
        state_hash TEXT,
        result TEXT,
        clocks TEXT,
        created_at REAL NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    INSERT INTO actions_6 SELECT match_id, seq, seat, action, interaction_id, source,
        state_hash, result, clocks, created_at FROM actions;
    DROP TABLE actions;
    ALTER TABLE actions_6 RENAME TO actions;
    ALTER TABLE matches ADD COLUMN hash_seq INTEGER;
    UPDATE matches SET hash_seq = (SELECT MAX(seq) FROM actions WHERE match_id = matches.id)
        WHERE state_hash IS NOT NULL;
    CREATE TRIGGER actions_update_match AFTER INSERT ON actions BEGIN
        UPDATE matches SET
            state_hash = COALESCE(NEW.state_hash, state_hash),
            hash_seq = CASE WHEN NEW.state_hash IS NULL THEN hash_seq ELSE NEW.seq END,
            result = NEW.result,
            status = CASE WHEN NEW.result IS NULL THEN 'active' ELSE 'finished' END,
            clocks = NEW.clocks,
            updated_at = NEW.created_at
        WHERE id = NEW.match_id;
    END;
    """,
    # 7: several processes, and start-up without replaying: the match row keeps how many
    # actions it has (``action_count``) and the captions its board shows; who committed each
    # action (``committed_by``, a process token) and who started the match (``opened_by``), so
    # the resolutions a process that died left unshown are shown by another; the state a seat's
    # table shows (``players.shown_at``, its number of actions), so no process puts an older
    # one over it; deadlines (a turn
    # clock's next ring, a lobby's expiry) are rows, armed with the action that sets them (an
    # action row carries its clock's next ``deadline``). Open matches get a deadline at their
    # earliest clock (version -1: worked out again when it rings, as the row alone cannot say
    # whose clock counts).
    """
    ALTER TABLE matches ADD COLUMN action_count INTEGER NOT NULL DEFAULT 0;
    UPDATE matches SET action_count = (SELECT COUNT(*) FROM actions WHERE match_id = matches.id);
    ALTER TABLE matches ADD COLUMN captions TEXT;
    ALTER TABLE matches ADD COLUMN opened_by INTEGER;
    ALTER TABLE actions ADD COLUMN committed_by INTEGER;
    ALTER TABLE players ADD COLUMN shown_at INTEGER NOT NULL DEFAULT -1;
    ALTER TABLE actions ADD COLUMN deadline REAL;
    CREATE INDEX matches_unshown ON matches (id) WHERE presented < action_count;
    CREATE TABLE deadlines (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('clock', 'lobby')),
        due_at REAL NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        claimed_until REAL,
        PRIMARY KEY (match_id, kind)
    );
    CREATE INDEX deadlines_by_due ON deadlines (due_at);
    INSERT INTO deadlines (match_id, kind, due_at, version)
        SELECT m.id, 'clock', MIN(json_extract(c.value, '$[0]') - MIN(m.turn_limit / 4.0, 3600)), -1
        FROM matches m, json_each(m.clocks) c
        WHERE m.status = 'active' AND json_extract(c.value, '$[0]') IS NOT NULL
        GROUP BY m.id;
    DROP TRIGGER actions_update_match;
    CREATE TRIGGER actions_update_match AFTER INSERT ON actions BEGIN
        UPDATE matches SET
            state_hash = COALESCE(NEW.state_hash, state_hash),
            hash_seq = CASE WHEN NEW.state_hash IS NULL THEN hash_seq ELSE NEW.seq END,
            result = NEW.result,
            status = CASE WHEN NEW.result IS NULL THEN 'active' ELSE 'finished' END,
            clocks = NEW.clocks,
            action_count = NEW.seq + 1,
            updated_at = NEW.created_at
        WHERE id = NEW.match_id;
        DELETE FROM deadlines WHERE match_id = NEW.match_id AND kind = 'clock'
            AND NEW.deadline IS NULL;
        INSERT OR REPLACE INTO deadlines (match_id, kind, due_at, version)
            SELECT NEW.match_id, 'clock', NEW.deadline, NEW.seq + 1 WHERE NEW.deadline IS NOT NULL;
    END;
    """,
    # 8: a lobby opened for a number of seats (``/match new seats:``) starts by itself when that
    # many have joined; NULL: any number the ruleset allows, started with Start.
    """
    ALTER TABLE matches ADD COLUMN seats INTEGER;
    """,
    # 9: how many actions every seat's table shows at least (``tables_at``, moved by the
    # presenter once it has nothing left to show of a match, ``bot.chat.settling``): a match
    # under way with fewer is one whose tables a stopped process may have left behind, checked
    # at start-up. Matches stored before count as settled; lobbies have shown nothing yet.
    """
    ALTER TABLE matches ADD COLUMN tables_at INTEGER NOT NULL DEFAULT -1;
    UPDATE matches SET tables_at = action_count WHERE status != 'lobby';
    CREATE INDEX matches_unsettled ON matches (id) WHERE tables_at < action_count;
    """,
    # 10: CPU players. A CPU seat has the strength it plays at (``players.cpu``; NULL for a
    # person) and a user id below 0, which no Discord user has; its actions are recorded with
    # their own source, ``cpu``. The actions table is rebuilt to allow it (SQLite cannot change
    # a CHECK), with its trigger; its rows stay as they were.
    """
    ALTER TABLE players ADD COLUMN cpu TEXT CHECK (cpu IN ('easy', 'normal', 'hard'));
    CREATE TABLE actions_9 (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        interaction_id INTEGER UNIQUE,
        source TEXT NOT NULL CHECK (source IN ('player', 'clock', 'cpu')),
        state_hash TEXT,
        result TEXT,
        clocks TEXT,
        created_at REAL NOT NULL,
        committed_by INTEGER,
        deadline REAL,
        PRIMARY KEY (match_id, seq)
    );
    INSERT INTO actions_9 SELECT match_id, seq, seat, action, interaction_id, source,
        state_hash, result, clocks, created_at, committed_by, deadline FROM actions;
    DROP TABLE actions;
    ALTER TABLE actions_9 RENAME TO actions;
    CREATE TRIGGER actions_update_match AFTER INSERT ON actions BEGIN
        UPDATE matches SET
            state_hash = COALESCE(NEW.state_hash, state_hash),
            hash_seq = CASE WHEN NEW.state_hash IS NULL THEN hash_seq ELSE NEW.seq END,
            result = NEW.result,
            status = CASE WHEN NEW.result IS NULL THEN 'active' ELSE 'finished' END,
            clocks = NEW.clocks,
            action_count = NEW.seq + 1,
            updated_at = NEW.created_at
        WHERE id = NEW.match_id;
        DELETE FROM deadlines WHERE match_id = NEW.match_id AND kind = 'clock'
            AND NEW.deadline IS NULL;
        INSERT OR REPLACE INTO deadlines (match_id, kind, due_at, version)
            SELECT NEW.match_id, 'clock', NEW.deadline, NEW.seq + 1 WHERE NEW.deadline IS NOT NULL;
    END;
    """,
    # 11: languages (docs/i18n.md). A match speaks the language chosen when it was opened
    # (matches stored before speak English, as they always did); a user's DMs come in the
    # language of the Discord locale they were last seen with, unless they chose one.
    """
    ALTER TABLE matches ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
        CHECK (language IN ('en', 'ja'));
    CREATE TABLE user_languages (
        user_id INTEGER PRIMARY KEY,
        locale TEXT,
        chosen TEXT CHECK (chosen IN ('en', 'ja'))
    );
    """,
)
"""Schema migrations in order; ``PRAGMA user_version`` is how many have been applied."""

PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA busy_timeout=5000",
)


class _Connection:
    """Statements on the connection itself (inside a transaction that holds it)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        return list(await self._db.execute_fetchall(sql, tuple(args)))

    async def run(self, sql: str, args: Sequence[Any] = ()) -> None:
        await self._db.execute_fetchall(sql, tuple(args))


class _Single(_Connection):
    """One statement on its own (autocommitted). It waits only while a transaction holds the
    connection: aiosqlite runs statements in the order they are queued, on one thread, so a
    statement queued before a transaction's BEGIN runs before it, and one queued after waits
    for the lock. Not holding the lock across the round trip is what lets hundreds of matches
    commit at once (a round trip costs a turn of a busy event loop, or more)."""

    def __init__(self, db: aiosqlite.Connection, lock: asyncio.Lock) -> None:
        super().__init__(db)
        self._lock = lock

    async def all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        # Nothing yields between this and queueing the statement, so no transaction can begin
        # in between.
        if self._lock.locked():
            async with self._lock:
                pass
        return await super().all(sql, args)

    async def run(self, sql: str, args: Sequence[Any] = ()) -> None:
        await self.all(sql, args)


class SqliteStorage(Storage):
    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self.location = str(path)
        self._lock = asyncio.Lock()
        self._single = _Single(db, self._lock)
        self.token = secrets.randbits(31)

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStorage:
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        try:
            for pragma in PRAGMAS:
                await db.execute_fetchall(pragma)
            storage = cls(db, path)
            await storage._migrate()
        except BaseException:
            await db.close()
            raise
        return storage

    async def close(self) -> None:
        await self._db.close()

    async def _migrate(self) -> None:
        current = await self.schema_version()
        if current > len(MIGRATIONS):
            raise RuntimeError(
                f"{self.path}: schema version {current} is newer than this build "
                f"({len(MIGRATIONS)}); upgrade the bot"
            )
        for version in range(current, len(MIGRATIONS)):
            log.info("database %s: migrating schema to version %d", self.path, version + 1)
            cursor = await self._db.executescript(
                f"BEGIN; {MIGRATIONS[version]} PRAGMA user_version = {version + 1}; COMMIT;"
            )
            await cursor.close()

    async def schema_version(self) -> int:
        rows = list(await self._db.execute_fetchall("PRAGMA user_version"))
        return int(rows[0][0]) if rows else 0

    @property
    def db(self) -> Executor:
        return self._single

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Executor]:
        async with self._lock:
            await self._db.execute_fetchall("BEGIN IMMEDIATE")
            try:
                yield _Connection(self._db)
            except BaseException:
                await self._db.rollback()
                raise
            await self._db.commit()

    @asynccontextmanager
    async def holding(self, match_id: int) -> AsyncIterator[Storage]:
        yield self

    async def claim_deadlines(self, now: float, lease: float, limit: int) -> list[Deadline]:
        rows = await self.db.all(
            "UPDATE deadlines SET claimed_until = ? WHERE rowid IN (SELECT rowid FROM deadlines "
            "WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?) "
            "ORDER BY due_at LIMIT ?) RETURNING match_id, kind, due_at, version",
            (now + lease, now, now, limit),
        )
        return sorted((Deadline(r[0], r[1], r[2], r[3]) for r in rows), key=lambda d: d.due_at)
