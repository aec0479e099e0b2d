"""Storage: one SQLite file (WAL) through aiosqlite, with schema migrations versioned in code.

Matches are event-sourced: a match row holds the ruleset, seed and explicit setup, and the
``actions`` table every accepted action in order. The state is never stored; it is rebuilt by
replaying (``MatchService``). An action row carries the Discord interaction that caused it, unique,
so a redelivered interaction is applied once.

One connection serves the process; an asyncio lock keeps each transaction whole (aiosqlite runs
statements on its own thread, so nothing here blocks the event loop). Statements go through
``execute_fetchall``/``execute_insert``, whose cursors live and die on aiosqlite's thread: a
cursor from ``execute`` left to the garbage collector is finalised on the event loop's thread,
racing the connection's ("bad parameter or other API misuse"), which the load bench found.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiosqlite

__all__ = [
    "HASH_EVERY",
    "MIGRATIONS",
    "ActionRow",
    "AlreadyApplied",
    "ChannelBusy",
    "Clock",
    "GuildRow",
    "MatchRow",
    "PlayerRow",
    "Storage",
    "checkpoint",
]

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
    # 7: a lobby opened for a number of seats (``/match new seats:``) starts by itself when that
    # many have joined; NULL: any number the ruleset allows, started with Start.
    """
    ALTER TABLE matches ADD COLUMN seats INTEGER;
    """,
)
"""Schema migrations in order; ``PRAGMA user_version`` is how many have been applied."""

PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA busy_timeout=5000",
)


HASH_EVERY = 8
"""An action stores the match's state hash every this many actions (and the last one): the
hash is a checkpoint a replay is checked against, and computing it is most of the bot's own
work per action."""


def checkpoint(seq: int, over: bool) -> bool:
    """Whether the action ``seq`` (from 0) stores the state hash: every ``HASH_EVERY``-th
    action, and the one that ends the match."""
    return over or (seq + 1) % HASH_EVERY == 0


class ChannelBusy(Exception):
    """A channel already has an open (lobby or active) match."""


class AlreadyApplied(Exception):
    """An action for this interaction is stored already (a redelivered interaction)."""


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: int
    guild_id: int | None
    channel_id: int
    ruleset: str
    ruleset_version: str | None
    status: str
    creator_id: int
    invited_id: int | None
    turn_limit: int
    seed: int | None
    setup: dict[str, Any] | None
    result: dict[str, Any] | None
    state_hash: str | None
    lobby_message_id: int | None
    board_message_id: int | None
    presented: int
    clocks: tuple[Clock, ...]
    created_at: float
    forfeit_after: int
    """Missed turns in a row after which a seat forfeits; 0: never."""
    rematch_of: int | None = None
    """The match this one repeats, if it was opened by a Rematch."""
    hash_seq: int | None = None
    """The action after which the match's state had ``state_hash`` (a checkpoint)."""
    seats: int | None = None
    """The seats a lobby was opened for (it starts when they are taken); None: any number the
    ruleset allows, started with Start."""


@dataclass(frozen=True, slots=True)
class PlayerRow:
    match_id: int
    seat: int
    user_id: int
    name: str
    deck: str | None
    dm_channel_id: int | None
    dms_closed: bool
    hand_message_id: int | None
    confirmed: bool = True
    """False for a rematch's player until they confirm (by joining)."""


@dataclass(frozen=True, slots=True)
class ActionRow:
    seq: int
    seat: int
    action: dict[str, Any]
    source: str


@dataclass(frozen=True, slots=True)
class Clock:
    """One seat's turn clock: when its time runs out and whether it was reminded."""

    due_at: float | None
    reminded: bool = False


@dataclass(frozen=True, slots=True)
class GuildRow:
    """A server's own defaults; ``None``: the bot's."""

    guild_id: int
    turn_limit: int | None = None
    forfeit_after: int | None = None
    step_delay: float | None = None
    withdrawn: frozenset[str] = frozenset()
    """Rulesets not offered in this server."""


_MATCH_COLUMNS = (
    "id, guild_id, channel_id, ruleset, ruleset_version, status, creator_id, invited_id, "
    "turn_limit, seed, setup, result, state_hash, lobby_message_id, board_message_id, presented, "
    "clocks, created_at, forfeit_after, rematch_of, hash_seq, seats"
)
_PLAYER_COLUMNS = (
    "match_id, seat, user_id, name, deck, dm_channel_id, dms_closed, hand_message_id, confirmed"
)


def _match(row: Sequence[Any]) -> MatchRow:
    values = list(row)
    for i in (10, 11):  # setup, result
        values[i] = json.loads(values[i]) if values[i] is not None else None
    values[16] = tuple(
        Clock(due, bool(reminded)) for due, reminded in json.loads(values[16] or "[]")
    )
    return MatchRow(*values)


def _player(row: Sequence[Any]) -> PlayerRow:
    values = list(row)
    values[6] = bool(values[6])
    values[8] = bool(values[8])
    return PlayerRow(*values)


async def _insert_player(db: aiosqlite.Connection, p: PlayerRow) -> None:
    """Seat a player (inside a transaction); a hand message is never carried over."""
    await db.execute_fetchall(
        "INSERT INTO players (match_id, seat, user_id, name, deck, dm_channel_id, dms_closed, "
        "confirmed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (p.match_id, p.seat, p.user_id, p.name, p.deck, p.dm_channel_id, p.dms_closed, p.confirmed),
    )


def _clocks(clocks: Mapping[int, Clock]) -> str:
    """Every seat's clock, in seat order, as stored (``[[due_at, reminded], ...]``)."""
    return json.dumps([[clocks[s].due_at, clocks[s].reminded] for s in sorted(clocks)])


class Storage:
    """The bot's database. Use :meth:`open`, and :meth:`close` when done."""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Storage:
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

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            await self._db.execute_fetchall("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.rollback()
                raise
            await self._db.commit()

    async def _single(self, sql: str, args: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """One statement on its own (autocommitted). It waits only while a transaction holds
        the connection: aiosqlite runs statements in the order they are queued, on one thread,
        so a statement queued before a transaction's BEGIN runs before it, and one queued after
        waits for the lock. Not holding the lock across the round trip is what lets hundreds of
        matches commit at once (a round trip costs a turn of a busy event loop, or more)."""
        await self._after_transactions()
        return list(await self._db.execute_fetchall(sql, tuple(args)))

    async def _after_transactions(self) -> None:
        """Wait while a transaction holds the connection. Nothing yields between this and the
        caller queueing its statement, so no transaction can begin in between."""
        if self._lock.locked():
            async with self._lock:
                pass

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[sqlite3.Row]:
        return await self._single(sql, args)

    async def _write(self, sql: str, args: Iterable[Any] = ()) -> None:
        await self._single(sql, args)

    async def _one(self, sql: str, args: Iterable[Any] = ()) -> Any:
        rows = await self._all(sql, args)
        return rows[0] if rows else None

    # -- matches ------------------------------------------------------------------------------

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        ruleset: str,
        creator_id: int,
        invited_id: int | None,
        turn_limit: int,
        forfeit_after: int = 3,
        created_at: float | None = None,
        rematch_of: int | None = None,
        seated: Sequence[PlayerRow] = (),
        seats: int | None = None,
    ) -> int:
        """A new lobby; ``created_at`` on the caller's clock (a lobby expires from it). A
        rematch's lobby (``rematch_of``) has its players ``seated`` in the same transaction, so
        it is never seen without them: each row's seat, user, name, deck, DM channel and
        whether confirmed (its match id is the new lobby's, whatever the row says). ``seats``:
        the number of players it is opened for (None: any the ruleset allows)."""
        now = time.time() if created_at is None else created_at
        try:
            async with self._tx() as db:
                row = await db.execute_insert(
                    "INSERT INTO matches (guild_id, channel_id, ruleset, status, creator_id, "
                    "invited_id, turn_limit, forfeit_after, rematch_of, created_at, updated_at, "
                    "seats) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        ruleset,
                        creator_id,
                        invited_id,
                        turn_limit,
                        forfeit_after,
                        rematch_of,
                        now,
                        now,
                        seats,
                    ),
                )
                assert row is not None
                match_id = int(row[0])
                for p in seated:
                    await _insert_player(db, replace(p, match_id=match_id))
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(channel_id) from exc
        return match_id

    async def match(self, match_id: int) -> MatchRow | None:
        row = await self._one(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        return _match(row) if row else None

    async def open_match_in(self, channel_id: int) -> MatchRow | None:
        row = await self._one(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE channel_id = ? "
            "AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return _match(row) if row else None

    async def latest_match_in(self, channel_id: int) -> MatchRow | None:
        row = await self._one(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE channel_id = ? "
            "AND status != 'lobby' ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return _match(row) if row else None

    async def matches_to_resume(self) -> list[MatchRow]:
        """Active matches, and finished ones whose last resolutions were not yet all shown."""
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM matches m WHERE status = 'active' OR "
            "(status = 'finished' AND presented < "
            "(SELECT COUNT(*) FROM actions a WHERE a.match_id = m.id)) ORDER BY id"
        )
        return [_match(r) for r in rows]

    async def open_lobbies(self) -> list[MatchRow]:
        """Matches still in their lobby (their expiry is armed at start-up)."""
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE status = 'lobby' ORDER BY id"
        )
        return [_match(r) for r in rows]

    async def set_match(self, match_id: int, **fields: Any) -> None:
        allowed = {"status", "lobby_message_id", "board_message_id", "presented"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot set {sorted(set(fields) - allowed)} on a match")
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._write(
            f"UPDATE matches SET {assignments}, updated_at = ? WHERE id = ?",
            (*fields.values(), time.time(), match_id),
        )

    async def close_lobby(self, match_id: int) -> bool:
        """Cancel a match still in its lobby; False if it had already left the lobby."""
        async with self._lock:  # two statements: the count must be this update's
            await self._db.execute_fetchall(
                "UPDATE matches SET status = 'cancelled', updated_at = ? "
                "WHERE id = ? AND status = 'lobby'",
                (time.time(), match_id),
            )
            rows = list(await self._db.execute_fetchall("SELECT changes()"))
        return int(rows[0][0]) == 1

    async def abandon(self, match_id: int) -> None:
        """An admin ends an active match without a result."""
        await self._write(
            "UPDATE matches SET status = 'cancelled', clocks = NULL, updated_at = ? WHERE id = ?",
            (time.time(), match_id),
        )

    async def start(
        self,
        match_id: int,
        *,
        seed: int,
        setup: Mapping[str, Any],
        ruleset_version: str,
        clocks: Mapping[int, Clock],
    ) -> None:
        await self._write(
            "UPDATE matches SET status = 'active', seed = ?, setup = ?, ruleset_version = ?, "
            "clocks = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
            (seed, json.dumps(setup), ruleset_version, _clocks(clocks), time.time(), match_id),
        )

    async def open_matches_in_guild(self, guild_id: int) -> list[MatchRow]:
        """A server's lobbies and active matches, oldest first."""
        rows = await self._all(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE guild_id = ? "
            "AND status IN ('lobby', 'active') ORDER BY id",
            (guild_id,),
        )
        return [_match(r) for r in rows]

    # -- servers' defaults --------------------------------------------------------------------

    async def guild_rows(self) -> list[GuildRow]:
        """Every server's own defaults (read once at start-up)."""
        rows = await self._all(
            "SELECT guild_id, turn_limit, forfeit_after, step_delay, withdrawn "
            "FROM guild_settings ORDER BY guild_id"
        )
        return [GuildRow(r[0], r[1], r[2], r[3], frozenset(json.loads(r[4]))) for r in rows]

    async def put_guild_row(self, row: GuildRow) -> None:
        await self._write(
            "INSERT INTO guild_settings (guild_id, turn_limit, forfeit_after, step_delay, "
            "withdrawn, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE "
            "SET turn_limit = excluded.turn_limit, forfeit_after = excluded.forfeit_after, "
            "step_delay = excluded.step_delay, withdrawn = excluded.withdrawn, "
            "updated_at = excluded.updated_at",
            (
                row.guild_id,
                row.turn_limit,
                row.forfeit_after,
                row.step_delay,
                json.dumps(sorted(row.withdrawn)),
                time.time(),
            ),
        )

    # -- players ------------------------------------------------------------------------------

    async def players(self, match_id: int) -> list[PlayerRow]:
        rows = await self._all(
            f"SELECT {_PLAYER_COLUMNS} FROM players WHERE match_id = ? ORDER BY seat", (match_id,)
        )
        return [_player(r) for r in rows]

    async def add_player(
        self, match_id: int, *, user_id: int, name: str, deck: str | None, seats: int
    ) -> int | None:
        """Seat a player in a lobby: the seat, or None when every seat is taken."""
        async with self._tx() as db:
            rows = list(
                await db.execute_fetchall(
                    "SELECT COUNT(*) FROM players WHERE match_id = ?", (match_id,)
                )
            )
            taken = int(rows[0][0])
            if taken >= seats:
                return None
            await db.execute_fetchall(
                "INSERT INTO players (match_id, seat, user_id, name, deck) VALUES (?, ?, ?, ?, ?)",
                (match_id, taken, user_id, name, deck),
            )
            return taken

    async def remove_player(self, match_id: int, user_id: int) -> None:
        """Take a player out of a lobby; the seats after theirs move up."""
        async with self._tx() as db:
            rows = [
                _player(r)
                for r in await db.execute_fetchall(
                    f"SELECT {_PLAYER_COLUMNS} FROM players WHERE match_id = ? ORDER BY seat",
                    (match_id,),
                )
            ]
            await db.execute_fetchall("DELETE FROM players WHERE match_id = ?", (match_id,))
            for seat, p in enumerate(r for r in rows if r.user_id != user_id):
                await _insert_player(db, replace(p, seat=seat))

    async def set_player(self, match_id: int, seat: int, **fields: Any) -> None:
        await self._set_player("seat", match_id, seat, fields)

    async def set_player_by_user(self, match_id: int, user_id: int, **fields: Any) -> None:
        await self._set_player("user_id", match_id, user_id, fields)

    async def _set_player(
        self, key: str, match_id: int, which: int, fields: dict[str, Any]
    ) -> None:
        allowed = {"confirmed", "deck", "dm_channel_id", "dms_closed", "hand_message_id", "name"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot set {sorted(set(fields) - allowed)} on a player")
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self._write(
            f"UPDATE players SET {assignments} WHERE match_id = ? AND {key} = ?",
            (*fields.values(), match_id, which),
        )

    async def set_clocks(self, match_id: int, clocks: Mapping[int, Clock]) -> None:
        """Every seat's clock (all seats: they are stored together)."""
        await self._write(
            "UPDATE matches SET clocks = ?, updated_at = ? WHERE id = ?",
            (_clocks(clocks), time.time(), match_id),
        )

    # -- actions ------------------------------------------------------------------------------

    async def actions(self, match_id: int) -> list[ActionRow]:
        rows = await self._all(
            "SELECT seq, seat, action, source FROM actions WHERE match_id = ? ORDER BY seq",
            (match_id,),
        )
        return [ActionRow(r[0], r[1], json.loads(r[2]), r[3]) for r in rows]

    async def interaction_seen(self, interaction_id: int) -> bool:
        row = await self._one("SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,))
        return row is not None

    async def append_action(
        self,
        match_id: int,
        *,
        seq: int,
        seat: int,
        action: Mapping[str, Any],
        interaction_id: int | None,
        source: str,
        clocks: Mapping[int, Clock],
        result: Mapping[str, Any] | None,
        state_hash: str | None,
    ) -> None:
        """Append one accepted action with what it made of the match (result, clocks, and the
        state hash at a checkpoint): one INSERT, which a trigger carries over to the match row
        atomically."""
        try:
            await self._write(
                "INSERT INTO actions (match_id, seq, seat, action, interaction_id, source, "
                "state_hash, result, clocks, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    seq,
                    seat,
                    json.dumps(action),
                    interaction_id,
                    source,
                    state_hash,
                    json.dumps(result) if result is not None else None,
                    _clocks(clocks),
                    time.time(),
                ),
            )
        except sqlite3.IntegrityError as exc:
            if "actions.interaction_id" in str(exc):
                raise AlreadyApplied(interaction_id) from exc
            raise
