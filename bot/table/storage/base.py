"""The storage interface, and what both backends share: the statements (written once, with
``?`` placeholders, which the PostgreSQL backend numbers) and turning rows into values.

Matches are event-sourced: a match row holds the ruleset, seed and explicit setup, and the
``actions`` table every accepted action in order. The state is never stored; it is rebuilt by
replaying (``MatchService``). An action row carries the Discord interaction that caused it, unique,
so a redelivered interaction is applied once, whichever process it reaches.

A backend says whether other processes may write the same store (``shared``): SQLite is one
process's (its cached matches are never behind), PostgreSQL any number's. Work on one match
that must see and change it whole (an action, a lobby's join) runs :meth:`Storage.holding` it:
on PostgreSQL a transaction holding the match's row lock, through which every statement of that
work must go (a statement on another connection could wait on that very lock); on SQLite the
storage itself, as the caller's per-match lock is enough in one process.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from .rows import (
    ActionRow,
    AlreadyApplied,
    ChannelBusy,
    Clock,
    Deadline,
    GuildRow,
    MatchRow,
    PlayerRow,
    UserLanguage,
)

__all__ = ["CLOCK", "LOBBY", "Executor", "Storage", "is_postgres"]

CLOCK = "clock"
LOBBY = "lobby"

MATCH_COLUMNS = (
    "id, guild_id, channel_id, ruleset, ruleset_version, status, creator_id, invited_id, "
    "turn_limit, seed, setup, result, state_hash, lobby_message_id, board_message_id, presented, "
    "clocks, created_at, forfeit_after, rematch_of, hash_seq, action_count, captions, seats, "
    "language"
)
PLAYER_COLUMNS = (
    "match_id, seat, user_id, name, deck, dm_channel_id, dms_closed, hand_message_id, confirmed, "
    "cpu"
)
UNSHOWN = (
    f"SELECT {MATCH_COLUMNS} FROM matches WHERE status IN ('active', 'finished') "
    "AND seed IS NOT NULL AND presented < action_count ORDER BY id"
)
"""Matches with something committed that was not yet shown (the opening is shown at 0)."""


def is_postgres(database: str | Path) -> bool:
    return str(database).startswith(("postgresql://", "postgres://"))


def match_row(row: Sequence[Any]) -> MatchRow:
    values = list(row)
    for i in (10, 11):  # setup, result
        values[i] = json.loads(values[i]) if values[i] is not None else None
    values[16] = tuple(
        Clock(due, bool(reminded)) for due, reminded in json.loads(values[16] or "[]")
    )
    values[22] = tuple(json.loads(values[22] or "[]"))
    return MatchRow(*values)


def player_row(row: Sequence[Any]) -> PlayerRow:
    values = list(row)
    values[6] = bool(values[6])
    values[8] = bool(values[8])
    return PlayerRow(*values)


def clocks_json(clocks: Mapping[int, Clock]) -> str:
    """Every seat's clock, in seat order, as stored (``[[due_at, reminded], ...]``)."""
    return json.dumps([[clocks[s].due_at, clocks[s].reminded] for s in sorted(clocks)])


class Executor(Protocol):
    """Runs statements: on a transaction's connection, or one statement at a time."""

    async def all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]: ...

    async def run(self, sql: str, args: Sequence[Any] = ()) -> None: ...


async def _one(db: Executor, sql: str, args: Sequence[Any] = ()) -> Any:
    rows = await db.all(sql, args)
    return rows[0] if rows else None


class Storage(ABC):
    """The bot's database. Open it with :meth:`open` (a file path for SQLite, a
    ``postgresql://`` URL for PostgreSQL), and :meth:`close` it when done."""

    shared: bool = False
    """Whether other processes may write this store at the same time."""
    token: int = 0
    """This process's id in the store: who committed an action, who shows it."""
    location: str = ""
    """Where the store is, for logs (never with a password)."""
    row: MatchRow | None = None
    """Inside :meth:`holding` on a shared store: the match's row as locked (current)."""

    @property
    def _identify_locks(self) -> dict[int, asyncio.Lock]:
        locks: dict[int, asyncio.Lock] | None = self.__dict__.get("_slots")
        if locks is None:
            locks = self.__dict__["_slots"] = {}
        return locks

    @staticmethod
    async def open(database: str | Path) -> Storage:
        if is_postgres(database):
            from .postgres import PostgresStorage

            return await PostgresStorage.open(str(database))
        from .sqlite import SqliteStorage

        return await SqliteStorage.open(database)

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    # -- what each backend does its own way -------------------------------------------------

    @property
    @abstractmethod
    def db(self) -> Executor:
        """One statement at a time (each its own transaction), or the held transaction's."""

    @abstractmethod
    def _tx(self) -> AbstractAsyncContextManager[Executor]:
        """A transaction (inside :meth:`holding`, the held one)."""

    @abstractmethod
    def holding(self, match_id: int) -> AbstractAsyncContextManager[Storage]:
        """Hold a match for work that must see and change it whole: the storage to do that
        work through (see the module's docstring)."""

    async def _hold_row(self, db: Executor, match_id: int) -> None:  # noqa: B027
        """Inside a transaction: wait for other processes' work on the match (a backend that
        serialises transactions need not)."""

    @abstractmethod
    async def claim_deadlines(self, now: float, lease: float, limit: int) -> list[Deadline]:
        """Deadlines due at ``now`` that nobody holds, each held for ``lease`` seconds by this
        process (one that dies meanwhile lets another take it after that)."""

    # -- news from other processes (a store nobody else writes has none) ---------------------

    def heard(self, match_id: int) -> int:
        """The most actions another process said the match has (0 if none said)."""
        return 0

    def changed_guilds(self) -> set[int]:
        """Servers whose defaults another process changed since this was last asked."""
        return set()

    async def wait_shown(self, match_id: int, shown: int) -> int:
        """Wait until the match's first ``shown`` actions (-1: nothing, 0: the opening) are
        shown, by whichever process committed them; how many are. One process shows its
        matches in order by itself."""
        return shown

    async def live_tokens(self) -> set[int]:
        """The processes (tokens) working on the store now."""
        return {self.token}

    def identify_slot(self, bucket: int, hold: float) -> AbstractAsyncContextManager[None]:
        """Wait for the bucket's turn to identify a shard to Discord: the caller identifies
        inside; the turn is kept ``hold`` seconds, for the whole cluster on a shared store."""
        return _local_slot(self, bucket, hold)

    # -- matches ----------------------------------------------------------------------------

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
        expires_at: float | None = None,
        seats: int | None = None,
        language: str = "en",
    ) -> int:
        """A new lobby; ``created_at`` on the caller's clock (a lobby expires from it, at
        ``expires_at`` when given). A rematch's lobby (``rematch_of``) has its players
        ``seated`` in the same transaction, so it is never seen without them: each row's seat,
        user, name, deck, DM channel and whether confirmed (its match id is the new lobby's,
        whatever the row says). ``seats``: the number of players it is opened for, when it starts
        by itself once they are in (None: any number the ruleset allows, started with Start).
        ``language``: what its channel posts are written in."""
        now = time.time() if created_at is None else created_at
        async with self._tx() as db:
            row = await _one(
                db,
                "INSERT INTO matches (guild_id, channel_id, ruleset, status, creator_id, "
                "invited_id, turn_limit, forfeit_after, rematch_of, created_at, updated_at, "
                "seats, language) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (channel_id) "
                "WHERE status IN ('lobby', 'active') DO NOTHING RETURNING id",
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
                    language,
                ),
            )
            if row is None:
                raise ChannelBusy(channel_id)
            match_id = int(row[0])
            for p in seated:
                await _insert_player(db, replace(p, match_id=match_id))
            if expires_at is not None:
                await _set_deadline(db, match_id, LOBBY, expires_at, 0)
        return match_id

    async def match(self, match_id: int) -> MatchRow | None:
        row = await _one(self.db, f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,))
        return match_row(row) if row else None

    async def open_match_in(self, channel_id: int) -> MatchRow | None:
        row = await _one(
            self.db,
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE channel_id = ? "
            "AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return match_row(row) if row else None

    async def latest_match_in(self, channel_id: int) -> MatchRow | None:
        row = await _one(
            self.db,
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE channel_id = ? "
            "AND status != 'lobby' ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return match_row(row) if row else None

    async def unshown(self) -> list[MatchRow]:
        """Matches with something committed that was not yet shown (the opening, or actions),
        active or finished: after a crash, what is left to show."""
        rows = await self.db.all(UNSHOWN)
        return [match_row(r) for r in rows]

    async def cpu_matches(self, idle_since: float | None = None) -> list[int]:
        """Active matches with a CPU seat (that nobody moved in since ``idle_since``, if given):
        those whose CPU may have been left thinking by a process that stopped."""
        rows = await self.db.all(
            "SELECT DISTINCT m.id FROM matches m JOIN players p ON p.match_id = m.id "
            "WHERE m.status = 'active' AND p.cpu IS NOT NULL AND m.updated_at < ? ORDER BY m.id",
            (math.inf if idle_since is None else idle_since,),
        )
        return [int(r[0]) for r in rows]

    async def committers(self, match_id: int, since: int) -> list[tuple[int, int | None]]:
        """Who committed each action of a match from ``since`` on (``seq``, token), with the
        opening as ``seq`` -1 (who started the match)."""
        rows = await self.db.all(
            "SELECT -1, opened_by FROM matches WHERE id = ? AND ? < 0 UNION ALL "
            "SELECT seq, committed_by FROM actions WHERE match_id = ? AND seq >= ? ORDER BY 1",
            (match_id, since, match_id, since),
        )
        return [(int(r[0]), r[1]) for r in rows]

    async def take_over(self, match_id: int, seqs: Sequence[int]) -> list[int]:
        """Make this process the one to show the given resolutions (``seqs``, -1 for the
        opening) of processes no longer running, as long as they are: those it took, a run
        from the first (another process may have taken them first, or their process is
        alive: it shows them itself)."""
        taken: list[int] = []
        async with self._tx() as db:
            await self._hold_row(db, match_id)
            for seq in seqs:
                if seq < 0:
                    sql = (
                        "UPDATE matches SET opened_by = ? WHERE id = ? AND "
                        f"EXISTS ({self._gone('opened_by')}) RETURNING id"
                    )
                    args: tuple[Any, ...] = (self.token, match_id, *self._gone_args())
                else:
                    sql = (
                        "UPDATE actions SET committed_by = ? WHERE match_id = ? AND seq = ? AND "
                        f"EXISTS ({self._gone('committed_by')}) RETURNING seq"
                    )
                    args = (self.token, match_id, seq, *self._gone_args())
                if not await db.all(sql, args):
                    break
                taken.append(seq)
        return taken

    def _gone(self, column: str) -> str:
        """A query that finds a row when the process (token) in ``column`` is no longer
        running, as of now: with one process, any but this one."""
        return f"SELECT 1 WHERE {column} IS NULL OR {column} != ?"

    def _gone_args(self) -> tuple[Any, ...]:
        return (self.token,)

    async def open_lobbies(self) -> list[MatchRow]:
        """Matches still in their lobby."""
        rows = await self.db.all(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE status = 'lobby' ORDER BY id"
        )
        return [match_row(r) for r in rows]

    async def set_match(self, match_id: int, **fields: Any) -> None:
        allowed = {"status", "lobby_message_id", "board_message_id"}  # shown: note_presented
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot set {sorted(set(fields) - allowed)} on a match")
        assignments = ", ".join(f"{name} = ?" for name in fields)
        await self.db.run(
            f"UPDATE matches SET {assignments}, updated_at = ? WHERE id = ?",
            (*fields.values(), time.time(), match_id),
        )

    async def note_presented(
        self, match_id: int, before: int, presented: int, captions: Sequence[str]
    ) -> bool:
        """Move the match's shown counter from ``before`` to ``presented`` (with the captions
        the board now shows); False if it was not at ``before``."""
        rows = await self.db.all(
            "UPDATE matches SET presented = ?, captions = ?, updated_at = ? "
            "WHERE id = ? AND presented = ? RETURNING id",
            (presented, json.dumps(list(captions)), time.time(), match_id, before),
        )
        return bool(rows)

    async def close_lobby(self, match_id: int) -> bool:
        """Cancel a match still in its lobby; False if it had already left the lobby."""
        async with self._tx() as db:
            rows = await db.all(
                "UPDATE matches SET status = 'cancelled', updated_at = ? "
                "WHERE id = ? AND status = 'lobby' RETURNING id",
                (time.time(), match_id),
            )
            await _set_deadline(db, match_id, LOBBY, None, 0)
        return bool(rows)

    async def abandon(self, match_id: int) -> None:
        """An admin ends an active match without a result."""
        async with self._tx() as db:
            await db.run(
                "UPDATE matches SET status = 'cancelled', clocks = NULL, updated_at = ? "
                "WHERE id = ?",
                (time.time(), match_id),
            )
            await _set_deadline(db, match_id, CLOCK, None, 0)

    async def start(
        self,
        match_id: int,
        *,
        seed: int,
        setup: Mapping[str, Any],
        ruleset_version: str,
        clocks: Mapping[int, Clock],
        deadline: float | None = None,
    ) -> None:
        """A lobby's match begins: its seed, setup and clocks, and the clock's first ring."""
        async with self._tx() as db:
            await db.run(
                "UPDATE matches SET status = 'active', seed = ?, setup = ?, ruleset_version = ?, "
                "clocks = ?, opened_by = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                (
                    seed,
                    json.dumps(setup),
                    ruleset_version,
                    clocks_json(clocks),
                    self.token,
                    time.time(),
                    match_id,
                ),
            )
            await _set_deadline(db, match_id, LOBBY, None, 0)
            await _set_deadline(db, match_id, CLOCK, deadline, 0)

    async def open_matches_in_guild(self, guild_id: int) -> list[MatchRow]:
        """A server's lobbies and active matches, oldest first."""
        rows = await self.db.all(
            f"SELECT {MATCH_COLUMNS} FROM matches WHERE guild_id = ? "
            "AND status IN ('lobby', 'active') ORDER BY id",
            (guild_id,),
        )
        return [match_row(r) for r in rows]

    # -- servers' defaults --------------------------------------------------------------------

    async def guild_rows(self, guild_ids: Sequence[int] | None = None) -> list[GuildRow]:
        """Every server's own defaults (read once at start-up), or those of ``guild_ids``."""
        columns = "guild_id, turn_limit, forfeit_after, step_delay, withdrawn"
        if guild_ids is None:
            sql = f"SELECT {columns} FROM guild_settings ORDER BY guild_id"
        elif not guild_ids:
            return []
        else:
            marks = ",".join("?" for _ in guild_ids)
            sql = f"SELECT {columns} FROM guild_settings WHERE guild_id IN ({marks}) ORDER BY 1"
        rows = await self.db.all(sql, tuple(guild_ids or ()))
        return [GuildRow(r[0], r[1], r[2], r[3], frozenset(json.loads(r[4]))) for r in rows]

    async def put_guild_row(self, row: GuildRow) -> None:
        await self.db.run(
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

    # -- users' languages ---------------------------------------------------------------------

    async def user_language(self, user_id: int) -> UserLanguage:
        """A user's last seen locale and chosen language (neither, for someone never seen)."""
        row = await _one(
            self.db, "SELECT locale, chosen FROM user_languages WHERE user_id = ?", (user_id,)
        )
        return UserLanguage(row[0], row[1]) if row else UserLanguage()

    async def note_locale(self, user_id: int, locale: str) -> None:
        """The Discord locale a user was last seen with (the caller writes only a change)."""
        await self.db.run(
            "INSERT INTO user_languages (user_id, locale) VALUES (?, ?) ON CONFLICT (user_id) "
            "DO UPDATE SET locale = excluded.locale",
            (user_id, locale),
        )

    async def choose_language(self, user_id: int, chosen: str | None) -> None:
        """The language a user chose for their DMs (None: their locale's again)."""
        await self.db.run(
            "INSERT INTO user_languages (user_id, chosen) VALUES (?, ?) ON CONFLICT (user_id) "
            "DO UPDATE SET chosen = excluded.chosen",
            (user_id, chosen),
        )

    # -- players ------------------------------------------------------------------------------

    async def players(self, match_id: int) -> list[PlayerRow]:
        rows = await self.db.all(
            f"SELECT {PLAYER_COLUMNS} FROM players WHERE match_id = ? ORDER BY seat", (match_id,)
        )
        return [player_row(r) for r in rows]

    async def add_player(
        self,
        match_id: int,
        *,
        user_id: int,
        name: str,
        deck: str | None,
        seats: int,
        cpu: str | None = None,
    ) -> int | None:
        """Seat a player (a CPU at strength ``cpu``) in a lobby: the seat, or None when every
        seat is taken."""
        async with self._tx() as db:
            await self._hold_row(db, match_id)
            rows = await db.all("SELECT COUNT(*) FROM players WHERE match_id = ?", (match_id,))
            taken = int(rows[0][0])
            if taken >= seats:
                return None
            await db.run(
                "INSERT INTO players (match_id, seat, user_id, name, deck, cpu) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, taken, user_id, name, deck, cpu),
            )
            return taken

    async def remove_player(self, match_id: int, user_id: int) -> None:
        """Take a player out of a lobby; the seats after theirs move up."""
        async with self._tx() as db:
            await self._hold_row(db, match_id)
            rows = [
                player_row(r)
                for r in await db.all(
                    f"SELECT {PLAYER_COLUMNS} FROM players WHERE match_id = ? ORDER BY seat",
                    (match_id,),
                )
            ]
            await db.run("DELETE FROM players WHERE match_id = ?", (match_id,))
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
        await self.db.run(
            f"UPDATE players SET {assignments} WHERE match_id = ? AND {key} = ?",
            (*fields.values(), match_id, which),
        )

    async def note_settled(self, marks: Mapping[int, int]) -> None:
        """Note that every seat's table of each match shows it after at least the given
        number of actions (``bot.chat.settling``); never moved back. One statement per match,
        each on its own: no transaction holds two match rows (a match held for an action
        never waits on more than one)."""
        for match_id, at in sorted(marks.items()):
            await self.db.run(
                "UPDATE matches SET tables_at = ? WHERE id = ? AND tables_at < ?",
                (at, match_id, at),
            )

    async def unsettled(self) -> list[int]:
        """Matches under way whose seats' tables may show less than was committed (a process
        stopped before it had shown them): their ids."""
        rows = await self.db.all(
            "SELECT id FROM matches WHERE tables_at < action_count AND status = 'active' "
            "ORDER BY id"
        )
        return [int(r[0]) for r in rows]

    async def seat_shown(self, match_id: int, seat: int, at: int) -> tuple[bool, int | None]:
        """Note that a seat's table shows the match after ``at`` actions, unless it shows a
        later state already: whether it was noted, and the seat's hand message as stored."""
        rows = await self.db.all(
            "UPDATE players SET shown_at = ? WHERE match_id = ? AND seat = ? AND shown_at <= ? "
            "RETURNING hand_message_id",
            (at, match_id, seat, at),
        )
        return (True, rows[0][0]) if rows else (False, None)

    async def set_clocks(
        self,
        match_id: int,
        clocks: Mapping[int, Clock],
        *,
        deadline: float | None = None,
        version: int = 0,
    ) -> None:
        """Every seat's clock (all seats: they are stored together), and when the match's
        clock rings next (``version``: its number of actions)."""
        async with self._tx() as db:
            await db.run(
                "UPDATE matches SET clocks = ?, updated_at = ? WHERE id = ?",
                (clocks_json(clocks), time.time(), match_id),
            )
            await _set_deadline(db, match_id, CLOCK, deadline, version)

    # -- actions ------------------------------------------------------------------------------

    async def actions(self, match_id: int, since: int = 0) -> list[ActionRow]:
        """A match's actions in order, from the ``since``-th on."""
        rows = await self.db.all(
            "SELECT seq, seat, action, source FROM actions WHERE match_id = ? AND seq >= ? "
            "ORDER BY seq",
            (match_id, since),
        )
        return [ActionRow(r[0], r[1], json.loads(r[2]), r[3]) for r in rows]

    async def interaction_seen(self, interaction_id: int) -> bool:
        row = await _one(
            self.db, "SELECT 1 FROM actions WHERE interaction_id = ?", (interaction_id,)
        )
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
        deadline: float | None = None,
    ) -> None:
        """Append one accepted action with what it made of the match (result, clocks, when its
        clock rings next, and the state hash at a checkpoint): one INSERT, which the database
        carries over to the match row and its deadline atomically. An interaction stored
        already raises :class:`AlreadyApplied`, changing nothing."""
        rows = await self.db.all(
            "INSERT INTO actions (match_id, seq, seat, action, interaction_id, source, "
            "state_hash, result, clocks, deadline, committed_by, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (interaction_id) DO NOTHING RETURNING seq",
            (
                match_id,
                seq,
                seat,
                json.dumps(action),
                interaction_id,
                source,
                state_hash,
                json.dumps(result) if result is not None else None,
                clocks_json(clocks),
                deadline,
                self.token,
                time.time(),
            ),
        )
        if not rows:
            raise AlreadyApplied(interaction_id)

    # -- deadlines ----------------------------------------------------------------------------

    async def set_deadline(
        self, match_id: int, kind: str, due_at: float | None, version: int = 0
    ) -> None:
        """When something must happen to a match (None: nothing)."""
        await _set_deadline(self.db, match_id, kind, due_at, version)

    async def deadlines(self) -> list[Deadline]:
        rows = await self.db.all(
            "SELECT match_id, kind, due_at, version FROM deadlines ORDER BY due_at, match_id"
        )
        return [Deadline(r[0], r[1], r[2], r[3]) for r in rows]

    async def next_deadline(self) -> float | None:
        """When the next deadline is due (or, held by a process, when its hold ends)."""
        row = await _one(
            self.db,
            "SELECT MIN(CASE WHEN claimed_until > due_at THEN claimed_until ELSE due_at END) "
            "FROM deadlines",
        )
        return float(row[0]) if row is not None and row[0] is not None else None

    async def arm_lobbies(self, expires_after: float) -> int:
        """Give every open lobby without one its deadline (lobbies stored before deadlines
        were); how many were given one."""
        rows = await self.db.all(
            "INSERT INTO deadlines (match_id, kind, due_at, version) "
            "SELECT id, 'lobby', created_at + ?, 0 FROM matches WHERE status = 'lobby' "
            "ON CONFLICT DO NOTHING RETURNING match_id",
            (expires_after,),
        )
        return len(rows)


async def _insert_player(db: Executor, p: PlayerRow) -> None:
    """Seat a player (inside a transaction); a hand message is never carried over."""
    await db.run(
        "INSERT INTO players (match_id, seat, user_id, name, deck, dm_channel_id, dms_closed, "
        "confirmed, cpu) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            p.match_id,
            p.seat,
            p.user_id,
            p.name,
            p.deck,
            p.dm_channel_id,
            p.dms_closed,
            p.confirmed,
            p.cpu,
        ),
    )


async def _set_deadline(
    db: Executor, match_id: int, kind: str, due_at: float | None, version: int
) -> None:
    if due_at is None:
        await db.run("DELETE FROM deadlines WHERE match_id = ? AND kind = ?", (match_id, kind))
        return
    await db.run(
        "INSERT INTO deadlines (match_id, kind, due_at, version) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (match_id, kind) DO UPDATE SET due_at = excluded.due_at, "
        "version = excluded.version, claimed_until = NULL",
        (match_id, kind, due_at, version),
    )


@asynccontextmanager
async def _local_slot(storage: Storage, bucket: int, hold: float) -> AsyncIterator[None]:
    """One process's identify turns: a lock per bucket, kept ``hold`` seconds after use."""
    lock = storage._identify_locks.setdefault(bucket, asyncio.Lock())
    await lock.acquire()
    try:
        yield
    finally:
        asyncio.get_running_loop().call_later(hold, lock.release)
