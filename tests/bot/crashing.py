"""Crash safety, proved: the real bot in a child OS process (``tests/bot/remote.py``) against
simcord in this one, over a SQLite file or a PostgreSQL database, playing random legal moves
through its players' DMs, killed with SIGKILL at random moments and started again, over and
over.

What a kill may not lose, checked after every restart (:meth:`Crashes.check`):

- **every acknowledged action is stored**: a move is acknowledged when the player's click that
  makes it is answered with its table (the interaction's original response edited, which the
  bot does only once the action is committed); each such click's interaction id must be in the
  ``actions`` table;
- **replay gives the recorded hash**: each match's stored actions, replayed from its seed and
  setup, reach the state hash stored at its checkpoint (``matches.hash_seq``: every 8th action
  and the last), and the whole replay's state hash and number of actions are what the restarted
  bot holds (asked of the child once its presenter is idle);
- **the resumed bot shows the same state**: each seat's latest table in its DMs carries the
  state version (a digest of the seat, its legal actions and how many it made) of the full
  replay, and the channel's latest board of the match names its turn. A kill between showing a
  move and every table showing it leaves the match unsettled (``bot.chat.settling``), and the
  restarted bot checks those tables; it replays no other match.

A kill lands at a random moment: while the bot starts and resumes (a quarter of them), or after
a random time of play, whatever it is doing then (applying, committing, answering, drawing,
posting). The child logs at DEBUG to a file; no line may hold its token, and none an error.

Storage: a :class:`Store` says where the child keeps its matches (its settings) and reads
them back in this process, in a connection of its own: :class:`SqliteFile`, or
:class:`PostgresDatabase` (a database of the tests' own server, ``tests/pg.py``). The server
is not what is killed: a kill ends the bot's process, and its connections with it, mid-
transaction or not.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import simcord
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType

from bot.chat.controls import Choice, ControlId
from bot.table.games import turn_of
from bot.table.seats import GIVE_UP, version
from bot.texts import named_specs, turn_label
from rules.engine import Action, Match, Rng
from rules.registry import get_ruleset
from rules.simulate import random_action

from .players import option_picks
from .remote import TOKEN, Bridge, ChildGone, child_environment

ANSWER_WITHIN = 20.0
"""Wall-clock seconds a click may wait for its answer before the harness calls it lost (a
shared machine: generous)."""


@dataclass
class Figures:
    kills: int = 0
    kills_while_starting: int = 0
    restarts_checked: int = 0
    acknowledged: int = 0
    """Moves whose click was answered with the table after them."""
    stored: int = 0
    """Actions stored, at the end."""
    lost: int = 0
    """Acknowledged moves not stored."""
    matches: int = 0
    finished: int = 0
    replays: int = 0
    """Matches replayed and checked against their checkpoint and the bot's own state."""
    tables_checked: int = 0
    clicks: int = 0
    unanswered: int = 0
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < 30:
            self.problems.append(text[:500])


@dataclass(frozen=True)
class StoredMatch:
    id: int
    ruleset: str
    status: str
    seed: int | None
    setup: dict[str, Any] | None
    state_hash: str | None
    hash_seq: int | None
    players: tuple[int, ...]
    names: tuple[str, ...]
    """Each seat's player's name (a label naming a seat shows it)."""
    actions: tuple[tuple[int, dict[str, Any], int | None], ...]
    """Each action's seat, the action and its interaction id."""


class Store(Protocol):
    """A storage backend the child is run over."""

    name: str

    def settings(self) -> dict[str, str]:
        """The child's settings that point it at this storage (``PARLOR_DATABASE``)."""
        ...

    async def matches(self) -> list[StoredMatch]:
        """Every match as stored, read afresh in a connection of our own, not the bot's."""
        ...

    async def close(self) -> None: ...


MATCHES = "SELECT id, ruleset, status, seed, setup, state_hash, hash_seq FROM matches ORDER BY id"
PLAYERS = "SELECT match_id, user_id, name FROM players ORDER BY match_id, seat"
ACTIONS = "SELECT match_id, seat, action, interaction_id FROM actions ORDER BY match_id, seq"
"""What :func:`read` reads, the same on both backends."""


def read(matches: Any, players: Any, actions: Any) -> list[StoredMatch]:
    """The matches out of the rows of ``MATCHES``, ``PLAYERS`` and ``ACTIONS``."""
    seated: dict[int, list[tuple[int, str]]] = {}
    for match_id, user_id, name in players:
        seated.setdefault(match_id, []).append((user_id, name))
    made: dict[int, list[tuple[int, dict[str, Any], int | None]]] = {}
    for match_id, seat, action, interaction_id in actions:
        made.setdefault(match_id, []).append((seat, json.loads(action), interaction_id))
    return [
        StoredMatch(
            mid,
            ruleset,
            status,
            seed,
            json.loads(setup) if setup else None,
            state_hash,
            hash_seq,
            tuple(user_id for user_id, _ in seated.get(mid, ())),
            tuple(name for _, name in seated.get(mid, ())),
            tuple(made.get(mid, ())),
        )
        for mid, ruleset, status, seed, setup, state_hash, hash_seq in matches
    ]


@dataclass
class SqliteFile:
    """A SQLite file (the bot's default backend)."""

    path: Path
    name: str = "sqlite"

    def settings(self) -> dict[str, str]:
        return {"PARLOR_DATABASE": str(self.path)}

    async def matches(self) -> list[StoredMatch]:
        with closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)) as db:
            return read(*(db.execute(query).fetchall() for query in (MATCHES, PLAYERS, ACTIONS)))

    async def close(self) -> None:
        return None


@dataclass
class PostgresDatabase:
    """A database of a PostgreSQL server (``tests/pg.py`` starts one), by its URL."""

    url: str
    name: str = "postgres"
    _connection: Any = None

    def settings(self) -> dict[str, str]:
        return {"PARLOR_DATABASE": self.url}

    async def matches(self) -> list[StoredMatch]:
        import asyncpg

        if self._connection is None:
            self._connection = await asyncpg.connect(self.url)
        async with self._connection.transaction(isolation="repeatable_read", readonly=True):
            rows = [await self._connection.fetch(q) for q in (MATCHES, PLAYERS, ACTIONS)]
        return read(*rows)

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()
            self._connection = None


def replayed(match: StoredMatch) -> Iterator[tuple[int, Match[Any, Any]]]:
    """The match replayed from its seed and setup: after each stored action, its index and the
    match (the same object, moved on)."""
    game = dealt(match)
    for seq, (seat, action, _) in enumerate(match.actions):
        game.apply(seat, Action.from_json(action))
        yield seq, game


def dealt(match: StoredMatch) -> Match[Any, Any]:
    assert match.seed is not None and match.setup is not None
    return Match.new(get_ruleset(match.ruleset), match.seed, match.setup, quiet=True)


def seat_version(match: StoredMatch, game: Match[Any, Any], seat: int) -> str:
    """The state version the seat's controls carry (``LiveMatch.version``): its legal actions
    as its controls show them, and how many actions it has made."""
    acted = sum(1 for s, _ in game.actions if s == seat)
    return version(named_specs(game.legal_actions(seat), match.names), seat, acted)


def replay(match: StoredMatch) -> Match[Any, Any]:
    """The match after all its stored actions."""
    game = dealt(match)
    for seat, action, _ in match.actions:
        game.apply(seat, Action.from_json(action))
    return game


class Crashes:
    """Plays lanes matches in the child, killing and restarting it; checks every restart."""

    def __init__(
        self,
        env: simcord.Env,
        folder: Path,
        seed: int,
        *,
        ruleset: str = "lanes",
        store: Store | None = None,
    ) -> None:
        self.env = env
        self.folder = folder
        self.store = store or SqliteFile(folder / "parlor.db")
        self.log = folder / "child.log"
        self.rng = random.Random(seed)
        self.ruleset = ruleset
        self.figures = Figures()
        self.acknowledged: dict[int, int] = {}
        """Interaction id of each acknowledged move, with its match."""
        guild = env.create_guild("Parlor")
        self.channel = guild.create_text_channel("games")
        self.members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob")]
        self.bridge = Bridge(env, str(folder / "bridge.sock"))
        self.process: asyncio.subprocess.Process | None = None

    # -- the child's life ---------------------------------------------------------------------

    async def run(self, kills: int) -> Figures:
        await self.bridge.start()
        try:
            while self.figures.kills < kills:
                await self._life()
            await self._start()  # once more, to check what the last kill left
            if self.bridge.ready.is_set():
                await self.check()
        finally:
            await self._stop()
            await self.bridge.close()
        self._read_log()
        try:
            matches = await self.store.matches()
        finally:
            await self.store.close()
        self.figures.stored = sum(len(m.actions) for m in matches)
        self.figures.matches = len([m for m in matches if m.seed is not None])
        self.figures.finished = len([m for m in matches if m.status == "finished"])
        self.figures.problems += [f"simcord could not serve: {f}" for f in self.bridge.failures]
        return self.figures

    async def _life(self) -> None:
        """Start the child; kill it while it starts, or check it and play until it is killed."""
        if self.rng.random() < 0.25:
            await self._start(wait=False)
            await asyncio.sleep(self.rng.uniform(0.05, 1.5))
            if not self.bridge.ready.is_set():
                self.figures.kills_while_starting += 1
            await self._kill()
            return
        await self._start()
        if not self.bridge.ready.is_set():
            self.figures.problem("the child did not get ready")
            await self._kill()
            return
        await self.check()
        killer = asyncio.ensure_future(self._kill_after(self.rng.uniform(0.1, 1.5)))
        try:
            while not self.bridge.gone.is_set():
                await self.step()
        except ChildGone:
            pass
        await killer

    async def _start(self, *, wait: bool = True) -> None:
        with open(self.log, "ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.bot.remote",
                self.bridge.socket_path,
                env=child_environment(self.store.settings()),
                cwd=str(Path(__file__).resolve().parents[2]),
                stdout=log,
                stderr=log,
            )
        if wait:
            ready = asyncio.ensure_future(self.bridge.ready.wait())
            ended = asyncio.ensure_future(self.process.wait())
            await asyncio.wait({ready, ended}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
            ready.cancel()
            ended.cancel()

    async def _kill_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await self._kill()

    async def _kill(self) -> None:
        """SIGKILL: the process ends at once, whatever it was doing."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()
        self.figures.kills += 1
        if self.bridge.writer is not None:  # connected: its socket closes with it
            await asyncio.wait_for(self.bridge.gone.wait(), 10)
        self.bridge.ready.clear()

    async def _stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()

    def _read_log(self) -> None:
        text = self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""
        if TOKEN in text or TOKEN.split(".")[-1] in text:
            self.figures.problem("the child's log holds its token")
        for line in text.splitlines():
            if " ERROR " in line or line.startswith("Traceback"):
                self.figures.problem(f"the child logged: {line}")

    # -- what a restart must keep -------------------------------------------------------------

    async def check(self) -> None:
        """After a restart: every acknowledged move stored, every match's replay at its stored
        checkpoint and at what the bot holds, and every seat's table showing that state."""
        held = await self.bridge.held()  # once the bot's presenter is idle
        matches = await self.store.matches()
        ids = {i for m in matches for _, _, i in m.actions if i is not None}
        lost = [i for i in self.acknowledged if i not in ids]
        if lost:
            self.figures.lost += len(lost)
            self.figures.problem(f"acknowledged but not stored: {lost}")
            for i in lost:
                del self.acknowledged[i]  # counted once
        for match in matches:
            if match.seed is None:
                continue
            self._check_replay(match, held)
        self.figures.restarts_checked += 1

    def _check_replay(self, match: StoredMatch, held: dict[int, tuple[str, int]]) -> None:
        checked = match.hash_seq is None
        game = dealt(match)
        for seq, game in replayed(match):
            if seq == match.hash_seq:
                checked = True
                if game.state_hash() != match.state_hash:
                    self.figures.problem(f"match {match.id}: replay ≠ checkpoint at {seq}")
        if not checked:
            self.figures.problem(f"match {match.id}: no action {match.hash_seq} to check")
        self.figures.replays += 1
        if match.status != "active":
            return
        replay = (game.state_hash(), len(match.actions))
        if held.get(match.id) != replay:
            self.figures.problem(f"match {match.id}: the bot holds {held.get(match.id)}, {replay}")
        board = self._board(match.id)
        turn = turn_label(turn_of(game.view(None)))
        if board is None or turn not in board.content.splitlines()[0]:
            head = board.content.splitlines()[0] if board is not None else None
            self.figures.problem(f"match {match.id}: the board shows {head!r}, the state {turn}")
        for seat, user_id in enumerate(match.players):
            shown = self._table_version(user_id, match.id)
            wanted = seat_version(match, game, seat)
            self.figures.tables_checked += 1
            if shown != wanted:
                self.figures.problem(
                    f"match {match.id}: seat {seat}'s table shows {shown}, the state is {wanted}"
                )

    def _board(self, match_id: int) -> Any | None:
        """The match's latest board message in the channel, as stored."""
        messages = self.env.backend.messages.get(self.channel.id, {}).values()
        boards = [
            m for m in messages if m.attachments and m.content.startswith(f"**Match #{match_id} ")
        ]
        return max(boards, key=lambda m: m.id) if boards else None

    def _table_version(self, user_id: int, match_id: int) -> str | None:
        message = self._table(user_id)
        if message is None:
            return None
        for row in message.components:
            for control in row.get("components", [row]):
                cid = ControlId.parse(control.get("custom_id") or "")
                if cid is not None and cid.match_id == match_id:
                    return cid.version
        return None

    def _table(self, user_id: int) -> Any | None:
        """The user's latest DM from the bot with controls (their table), as stored."""
        backend = self.env.backend
        dm = backend.dm_channels.get(user_id)
        messages = backend.messages.get(dm, {}) if dm is not None else {}
        with_controls = [m for m in messages.values() if m.components]
        return max(with_controls, key=lambda m: m.id) if with_controls else None

    # -- playing ------------------------------------------------------------------------------

    async def step(self) -> None:
        """One thing a player does: open, join or start a match, or a random legal move."""
        matches = await self.store.matches()
        open_ = [m for m in matches if m.status in ("lobby", "active")]
        if not open_:
            await self._slash(0, "match new", ruleset=self.ruleset)
            return
        match = open_[-1]
        if match.status == "lobby":
            await self._slash(1 if len(match.players) < 2 else 0, *self._lobby(match))
            return
        game = replay(match)
        pending = game.pending()
        if not pending:
            await asyncio.sleep(0.01)
            return
        seat = pending[self.rng.randrange(len(pending))]
        await self._move(match, game, seat)

    def _lobby(self, match: StoredMatch) -> tuple[str]:
        return ("match join",) if len(match.players) < 2 else ("match start",)

    async def _move(self, match: StoredMatch, game: Match[Any, Any], seat: int) -> None:
        user = self.members[self._member_of(match, seat)].user
        specs = named_specs(game.legal_actions(seat), match.names)
        table = self._table(user.id)
        current = seat_version(match, game, seat)
        if table is None or self._table_version(user.id, match.id) != current:
            await asyncio.sleep(0.01)  # the table after the last move is on its way
            return
        shown = _specs_on(table)
        doable = [i for i in shown if specs[i].kind not in GIVE_UP and specs[i].kind != "auto_pass"]
        if not doable:
            await asyncio.sleep(0.01)
            return
        index = self.rng.choice(sorted(doable))
        action = random_action(specs[index], Rng(self.rng.getrandbits(63)))
        await self._perform(user, specs, index, action)

    def _member_of(self, match: StoredMatch, seat: int) -> int:
        return next(i for i, m in enumerate(self.members) if m.id == match.players[seat])

    async def _perform(
        self, user: simcord.UserHandle, specs: Any, index: int, action: Action
    ) -> None:
        """The move's clicks on the table, each waiting for its answer; the last makes it."""
        picks = [option_picks(p, action[p.name]) for p in specs[index].params]
        table = self._table(user.id)
        button = _control(table, f":do:{index}")
        if button is not None:
            await self._click(user, table, button, (), makes_it=True)
            return
        if not picks or _param_control(table, index, picks, 0) is None:
            select = next(
                c
                for row in table.components
                for c in row.get("components", [row])
                if ":pick:" in (c.get("custom_id") or "")
                and any(o["value"] == str(index) for o in c.get("options") or ())
            )
            if not await self._click(user, table, select, (str(index),), makes_it=not picks):
                return
        for chosen in range(len(picks)):
            table = self._table(user.id)
            control = _param_control(table, index, picks, chosen)
            if control is None:
                return  # answered otherwise (out of date): the next step looks again
            values = tuple(str(k) for k in picks[chosen]) if control.get("options") else ()
            last = chosen == len(picks) - 1
            if not await self._click(user, table, control, values, makes_it=last):
                return

    async def _click(
        self,
        user: simcord.UserHandle,
        message: Any,
        control: dict[str, Any],
        values: tuple[str, ...],
        *,
        makes_it: bool,
    ) -> bool:
        """One click, as a client sends it; True once answered. A click that makes a move and
        is answered with its table is an acknowledged move."""
        backend = self.env.backend
        data: dict[str, Any] = {
            "custom_id": control["custom_id"],
            "component_type": control["type"],
        }
        if control["type"] == ComponentType.STRING_SELECT:
            data["values"] = list(values)
        record, payload = sim_interactions.base_payload(
            backend,
            type=InteractionType.MESSAGE_COMPONENT,
            channel_id=message.channel_id,
            guild_id=None,
            user_id=user.id,
            data=data,
        )
        payload["message"] = dict(serializers.message_payload(backend, message))
        record.source_message_id = message.id
        answered = self.bridge.expect(record.token)
        backend.emit("INTERACTION_CREATE", payload)
        self.figures.clicks += 1
        await self._answer(answered)
        if record.token in self.bridge.followed:  # sequential clicks on current tables
            self.figures.problem(f"a click was refused: {self.bridge.followed[record.token]}")
        if makes_it and record.token in self.bridge.edited:
            cid = ControlId.parse(control["custom_id"])
            assert cid is not None
            self.acknowledged[record.id] = cid.match_id
            self.figures.acknowledged += 1
        return True

    async def _answer(self, answered: asyncio.Event) -> None:
        waiting = asyncio.ensure_future(answered.wait())
        gone = asyncio.ensure_future(self.bridge.gone.wait())
        done, _ = await asyncio.wait(
            {waiting, gone}, timeout=ANSWER_WITHIN, return_when=asyncio.FIRST_COMPLETED
        )
        waiting.cancel()
        gone.cancel()
        if waiting in done:
            return
        if gone in done or self.bridge.gone.is_set():
            raise ChildGone
        self.figures.unanswered += 1
        self.figures.problem("a click was not answered")
        raise ChildGone  # nothing sensible follows: let the killer end this life

    async def _slash(self, who: int, command: str, **options: Any) -> None:
        member = self.members[who]
        result = await member.slash(self.channel, command, **options)
        await self._answer(self.bridge.expect(result._interaction.token))


def _specs_on(message: Any) -> set[int]:
    """The specs a table's controls lead to (their indices in the seat's legal actions)."""
    found: set[int] = set()
    for row in message.components:
        for control in row.get("components", [row]):
            cid = ControlId.parse(control.get("custom_id") or "")
            if cid is None:
                continue
            if cid.op == "pick":
                found |= {int(o["value"]) for o in control.get("options") or ()}
            elif cid.op in ("do", "opt"):
                found.add(Choice.parse(cid.arg).spec)
    return found


def _control(message: Any, suffix: str) -> dict[str, Any] | None:
    for row in message.components:
        for control in row.get("components", [row]):
            if (control.get("custom_id") or "").endswith(suffix):
                return dict(control)
    return None


def _param_control(
    message: Any, index: int, picks: list[tuple[int, ...]], chosen: int
) -> dict[str, Any] | None:
    """The control that makes the next parameter's pick: its button, or its select."""
    so_far = Choice(index, tuple(picks[:chosen]))
    return _control(message, f":do:{so_far.add(picks[chosen]).encode()}") or _control(
        message, f":opt:{so_far.encode()}"
    )
