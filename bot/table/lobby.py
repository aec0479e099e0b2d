"""Lobbies: a match between ``/match new`` and Start, when players join and choose decks.

A lobby is a stored match with status ``lobby`` and its players in joining order (their seats).
Lobby changes hold the match as play does (``MatchService.hold``: its lock, and on a shared
store its row), so Start cannot race a Join, whichever processes they reach.

A lobby not started within ``expires_after`` seconds of its creation closes, so a forgotten one
does not hold its channel: its deadline is stored with it (lobbies stored before deadlines get
one at start-up, from their ``created_at``).
When a lobby closes by expiring, because its creator left or because it was cancelled, the
presenter edits its message and tells those who had joined (but the one who cancelled it).

A new lobby takes its server's defaults (``GuildDefaults``) for what ``/match new`` was not told,
and only a ruleset its server offers.

A *rematch* is a lobby opened from a finished match by one of its players: in the same channel,
with the same players and settings (ruleset, turn limit, forfeit-after, each player's deck), the
seats rotated (each player moves up one, seat 0 goes last: two players swap), and the other
seat first: the player who sat after the old match's first player (of two, its second) goes
first, where the ruleset's setup may name who does. Its players are seated at once and each
confirms with Join (who asked for it, by asking); nobody else may join, nobody chooses a deck,
and the last to confirm starts the match. Any of its players may cancel or leave it, which
closes it; otherwise it is a lobby like any other (it expires alike).

A lobby's creator may seat *CPU players* (``add_cpu``, at a strength; ``remove_cpu`` takes the
last one out): ``/match new ... cpu:`` seats one at once and, if that fills the table, starts
the match. A CPU seat's user id is below 0 (no Discord user has one), so it joins, leaves and
rotates in a rematch like anyone, and is always confirmed.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from rules.ai import STRENGTHS
from rules.engine import DeckInfo

from .. import texts
from .errors import UserError
from .games import Games, deck_played
from .guilds import (
    DEFAULT_TURN_LIMIT,
    GuildDefaults,
    checked_forfeit_after,
    checked_turn_limit,
)
from .live import Committed, LiveMatch
from .service import MatchService, Status
from .storage import LOBBY, ChannelBusy, Deadline, MatchRow, PlayerRow, Storage

__all__ = [
    "CANCELLED",
    "DEFAULT_TURN_LIMIT",
    "EXPIRED",
    "LEFT",
    "Closing",
    "Lobby",
    "LobbyService",
    "RematchOpen",
    "cpu_user_id",
    "rematch_first",
    "rematch_seats",
]

log = logging.getLogger(__name__)

Closing = Literal["expired", "left", "cancelled"]
"""Why a lobby closed (the texts say so, reading these words)."""
EXPIRED: Closing = "expired"
"""Why a lobby closed: nobody started it in time."""
LEFT: Closing = "left"
"""Why a lobby closed: its creator (or, in a rematch, any of its players) left it."""
CANCELLED: Closing = "cancelled"
"""Why a lobby closed: its creator, a rematch's player or a channel manager cancelled it."""


@dataclass(frozen=True, slots=True)
class Lobby:
    row: MatchRow
    players: tuple[PlayerRow, ...]
    decks: tuple[DeckInfo, ...]
    min_seats: int
    max_seats: int
    expires_at: float | None = None
    """When the lobby closes unless started."""
    cpus: bool = False
    """Whether CPU players may sit in it (its ruleset has them)."""
    closing: Closing | None = None
    """Why the lobby just closed (``EXPIRED``, ``LEFT`` or ``CANCELLED``), for the texts that
    say so."""
    closed_by: int | None = None
    """Who cancelled it (``CANCELLED``) or left it (``LEFT``): not told, as they know."""

    @property
    def rematch_of(self) -> int | None:
        """The match this lobby repeats, if it is a rematch."""
        return self.row.rematch_of

    @property
    def unconfirmed(self) -> tuple[PlayerRow, ...]:
        """A rematch's players who have not confirmed yet (nobody, in any other lobby)."""
        return tuple(p for p in self.players if not p.confirmed)

    @property
    def ready(self) -> bool:
        seated = self.min_seats <= len(self.players) <= self.max_seats
        return seated and not self.unconfirmed

    def deck_name(self, player: PlayerRow) -> str:
        chosen = deck_played(self.decks, player.deck, player.seat)
        if chosen is None:
            return ""
        return next((d.name for d in self.decks if d.id == chosen), chosen)


class RematchOpen(UserError):
    """A match's rematch is open already: ``lobby`` is it (the answer points to it)."""

    def __init__(self, lobby: Lobby) -> None:
        assert lobby.rematch_of is not None
        super().__init__(texts.rematch_is_open(lobby.rematch_of, lobby.row.id))
        self.lobby = lobby


def rematch_seats(
    players: Sequence[PlayerRow], decks: Sequence[DeckInfo], asker: int
) -> list[PlayerRow]:
    """A rematch's players, in its seats: each moves up one and seat 0 goes last (two swap),
    each with the deck they played (named, as the seat's default deck changes with the seat),
    and only ``asker`` confirmed. DMs are tried afresh: should they be closed, the presenter
    finds out when it sends the hand, and says so in the channel."""
    count = len(players)
    order = [players[(seat + 1) % count] for seat in range(count)]
    return [
        replace(
            p,
            seat=seat,
            deck=deck_played(decks, p.deck, p.seat),
            dms_closed=False,
            hand_message_id=None,
            confirmed=p.user_id == asker or p.cpu is not None,
        )
        for seat, p in enumerate(order)
    ]


def cpu_user_id(players: Sequence[PlayerRow]) -> int:
    """The user id of a lobby's next CPU seat: below 0 and below every CPU's seated already."""
    return min((p.user_id for p in players if p.user_id < 0), default=0) - 1


def rematch_first(old: Sequence[PlayerRow], players: Sequence[PlayerRow], old_first: int) -> int:
    """The seat that goes first in a rematch: the new seat (``players``) of whoever sat right
    after the old match's first seat ``old_first`` (``old``: the old match's players), so the
    other seat begins."""
    by_seat = {p.seat: p.user_id for p in old}
    after = by_seat[(old_first + 1) % len(old)]
    return next(p.seat for p in players if p.user_id == after)


class LobbyService:
    def __init__(
        self,
        storage: Storage,
        games: Games,
        matches: MatchService,
        *,
        expires_after: int = 3600,
        forfeit_after: int = 3,
        guilds: GuildDefaults | None = None,
    ) -> None:
        self.storage = storage
        self.games = games
        self.matches = matches
        self.hold = matches.hold
        self.expires_after = expires_after
        self.guilds = guilds or GuildDefaults(storage, games, forfeit_after=forfeit_after)
        matches.scheduler.on(LOBBY, self.expire)

    async def get(self, match_id: int, storage: Storage | None = None) -> Lobby:
        """A lobby as stored (``storage``: the held match's, inside :meth:`hold`)."""
        storage = storage or self.storage
        row = await storage.match(match_id)
        if row is None:
            raise UserError(texts.no_such_match())
        return await self._lobby(row, storage)

    async def _lobby(self, row: MatchRow, storage: Storage | None = None) -> Lobby:
        least, most = self.games.seats(row.ruleset)
        if row.seats is not None:  # opened for that many: it starts when they are in
            least = most = row.seats
        players = tuple(await (storage or self.storage).players(row.id))
        decks = tuple(self.games.decks(row.ruleset, row.language))  # named as its posts are
        expires = row.created_at + self.expires_after
        cpus = self.games.has_cpu(row.ruleset)
        return Lobby(row, players, decks, least, most, expires, cpus=cpus)

    def _check_deck(self, ruleset: str, deck: str | None) -> None:
        if deck is None:
            return
        known = [d.id for d in self.games.decks(ruleset)]
        if deck not in known:
            raise UserError(texts.no_such_deck(deck, ruleset, known))

    async def open(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        name: str,
        ruleset: str,
        invited_id: int | None = None,
        deck: str | None = None,
        turn_limit: int | None = None,
        forfeit_after: int | None = None,
        seats: int | None = None,
        cpu: str | None = None,
        language: str = "en",
    ) -> Lobby:
        """Open a lobby, whose channel posts are in ``language``; ``forfeit_after`` missed turns
        in a row forfeit (0: never); ``seats``:
        the number of players it is for, when it starts by itself (None: any number the ruleset
        allows, started with Start). What is not given (None) is the server's default.
        ``cpu``: a CPU player at this strength takes the next seat, and if that fills the table
        the match starts at once."""
        await self.guilds.refresh()
        defaults = self.guilds.of(guild_id)
        if ruleset not in self.games.names:
            raise UserError(texts.no_such_game(ruleset, defaults.offered))
        if ruleset not in defaults.offered:
            raise UserError(texts.not_offered(ruleset, defaults.offered))
        if invited_id == user_id:
            raise UserError(texts.invited_yourself())
        if cpu is not None and cpu not in STRENGTHS:
            raise UserError(texts.no_such_strength(cpu, STRENGTHS))
        if cpu is not None and not self.games.has_cpu(ruleset):
            raise UserError(texts.no_cpu_for(ruleset))
        turn_limit = checked_turn_limit(defaults.turn_limit if turn_limit is None else turn_limit)
        forfeit_after = checked_forfeit_after(
            defaults.forfeit_after if forfeit_after is None else forfeit_after
        )
        self._check_deck(ruleset, deck)
        least, most = self.games.seats(ruleset)
        if seats is not None and not least <= seats <= most:
            raise UserError(texts.seats_out_of_range(ruleset, least, most))
        if seats == least == most:
            seats = None  # the ruleset's only number: the lobby is as it always was
        now = self.matches.now()
        try:
            match_id = await self.storage.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                ruleset=ruleset,
                creator_id=user_id,
                invited_id=invited_id,
                turn_limit=turn_limit,
                forfeit_after=forfeit_after,
                created_at=now,
                expires_at=now + self.expires_after,
                seats=seats,
                language=language,
            )
        except ChannelBusy:
            raise _busy(await self.storage.open_match_in(channel_id)) from None
        await self.storage.add_player(
            match_id, user_id=user_id, name=name, deck=deck, seats=seats or most
        )
        log.info("match %d: lobby opened in channel %d (%s)", match_id, channel_id, ruleset)
        self.matches.scheduler.nudge(now + self.expires_after)
        if cpu is None:
            return await self.get(match_id)
        # CPU players take the seats up to the number the lobby is for (else the ruleset's
        # least: lanes' other seat, esper's third): a table for N players fills with CPUs.
        lobby = await self.add_cpu(match_id, user_id, cpu)
        lobby = await self._fill(lobby, user_id, cpu, seats or least)
        if lobby.row.status == "lobby" and lobby.ready and len(lobby.players) == lobby.max_seats:
            await self.start(match_id, user_id)
        return await self.get(match_id)

    async def fill_cpus(self, match_id: int, user_id: int, strength: str) -> Lobby:
        """Seat CPU players at ``strength`` in every open seat of a lobby opened for a number of
        seats (its creator only); it then starts, as when the last player joins."""
        seats = (await self.get(match_id)).row.seats
        if seats is None:
            raise UserError(texts.fill_needs_seats())
        lobby = await self.add_cpu(match_id, user_id, strength)
        return await self._fill(lobby, user_id, strength, seats)

    async def _fill(self, lobby: Lobby, user_id: int, strength: str, target: int) -> Lobby:
        """More CPU players until ``target`` are seated, the lobby starts, or a seat is kept for
        someone invited."""
        match_id = lobby.row.id
        while lobby.row.status == "lobby" and len(lobby.players) < min(target, lobby.max_seats):
            try:
                lobby = await self.add_cpu(match_id, user_id, strength)
            except UserError:
                break
        return lobby

    async def rematch(self, match_id: int, user_id: int) -> Lobby:
        """Open the rematch of a finished match, asked for by one of its players (confirmed by
        asking); ``RematchOpen`` if it is open already."""
        old = await self.storage.match(match_id)
        if old is None:
            raise UserError(texts.no_such_match())
        players = await self.storage.players(match_id)
        if not any(p.user_id == user_id for p in players):
            raise UserError(texts.rematch_for_players_only(match_id))
        if old.status != "finished":
            raise UserError(texts.nothing_to_replay(match_id, old.status))
        await self.guilds.refresh()
        if old.ruleset not in self.guilds.of(old.guild_id).offered:
            raise UserError(texts.no_longer_offered(old.ruleset))
        seated = rematch_seats(players, self.games.decks(old.ruleset), user_id)
        now = self.matches.now()
        try:
            rematch_id = await self.storage.create_lobby(
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                ruleset=old.ruleset,
                creator_id=user_id,
                invited_id=None,
                turn_limit=old.turn_limit,
                forfeit_after=old.forfeit_after,
                created_at=now,
                rematch_of=match_id,
                seated=seated,
                expires_at=now + self.expires_after,
                language=old.language,
            )
        except ChannelBusy:
            other = await self.storage.open_match_in(old.channel_id)
            if other is not None and other.rematch_of == match_id:
                if other.status == "lobby":
                    raise RematchOpen(await self._lobby(other)) from None
                raise UserError(texts.rematch_being_played(match_id, other.id)) from None
            raise _busy(other) from None
        log.info("match %d: rematch of match %d opened", rematch_id, match_id)
        self.matches.scheduler.nudge(now + self.expires_after)
        lobby = await self.get(rematch_id)
        if lobby.ready:  # its other players are CPUs: nobody is left to confirm
            async with self._held(rematch_id) as (held, openings):
                await self._begin_rematch(held, openings, await self._open_lobby(held, rematch_id))
            lobby = await self.get(rematch_id)
        return lobby

    async def overview(self, guild_id: int) -> list[Lobby | Status | tuple[int, str, int]]:
        """A server's lobbies and active matches, oldest first, for its admins: a lobby as it
        stands, an active match's status, or ``(id, ruleset, channel)`` for one that could not
        be restored."""
        entries: list[Lobby | Status | tuple[int, str, int]] = []
        for row in await self.storage.open_matches_in_guild(guild_id):
            if row.status == "lobby":
                entries.append(await self._lobby(row))
                continue
            try:
                entries.append(await self.matches.status(row.id))
            except UserError:
                entries.append((row.id, row.ruleset, row.channel_id))
        return entries

    # -- expiry -------------------------------------------------------------------------------

    async def resume_all(self) -> int:
        """On start-up: give open lobbies stored without a deadline theirs (from when they
        were opened); any already due closes at once."""
        armed = await self.storage.arm_lobbies(self.expires_after)
        if armed:
            log.info("armed the expiry of %d lobby(ies)", armed)
        return armed

    async def expire(self, deadline: Deadline) -> None:
        """Close a lobby nobody started in time, and have its players told."""
        match_id = deadline.match_id
        async with self.hold(match_id) as held:
            if not await held.close_lobby(match_id):
                return  # started or closed meanwhile
            lobby = await self.get(match_id, held)
        log.info("match %d: lobby expired", match_id)
        self.matches.presenter.lobby_closed(replace(lobby, closing=EXPIRED))

    async def _open_lobby(self, held: Storage, match_id: int) -> Lobby:
        lobby = await self.get(match_id, held)
        if lobby.row.status == "active":
            raise UserError(texts.already_started(match_id))
        if lobby.row.status != "lobby":
            raise UserError(texts.lobby_gone(match_id, lobby.row.status))
        return lobby

    @contextlib.asynccontextmanager
    async def _held(self, match_id: int) -> AsyncIterator[tuple[Storage, list[Committed]]]:
        """Hold a lobby's match; the openings of matches begun meanwhile are shown once that
        commits (or forgotten, should it not)."""
        openings: list[Committed] = []
        try:
            async with self.hold(match_id) as held:
                yield held, openings
        except BaseException:
            if openings:
                self.matches.drop(match_id)  # its start was rolled back
            raise
        for opening in openings:
            self.matches.show(opening)

    async def join(self, match_id: int, user_id: int, name: str, deck: str | None = None) -> Lobby:
        async with self._held(match_id) as (held, openings):
            lobby = await self._open_lobby(held, match_id)
            if lobby.rematch_of is not None:
                return await self._confirm(held, openings, lobby, user_id, deck)
            return await self._join(held, openings, lobby, user_id, name, deck)

    async def _join(
        self,
        held: Storage,
        openings: list[Committed],
        lobby: Lobby,
        user_id: int,
        name: str,
        deck: str | None,
    ) -> Lobby:
        match_id = lobby.row.id
        self._check_deck(lobby.row.ruleset, deck)
        mine = next((p for p in lobby.players if p.user_id == user_id), None)
        if mine is not None:
            if deck is None:
                raise UserError(texts.in_match_already())
            await held.set_player(match_id, mine.seat, deck=deck)
            return await self.get(match_id, held)
        invited = lobby.row.invited_id
        if invited is not None and user_id not in (invited, lobby.row.creator_id):
            raise UserError(texts.reserved_for(invited))
        seat = await held.add_player(
            match_id, user_id=user_id, name=name, deck=deck, seats=lobby.max_seats
        )
        if seat is None:
            raise UserError(texts.match_full())
        log.info("match %d: a player joined at seat %d", match_id, seat)
        lobby = await self.get(match_id, held)
        if lobby.row.seats is not None and lobby.ready:  # the seats it was opened for
            _, opening = await self.matches.begin(held, lobby.row, lobby.players)
            openings.append(opening)
            lobby = await self.get(match_id, held)
        return lobby

    async def _confirm(
        self,
        held: Storage,
        openings: list[Committed],
        lobby: Lobby,
        user_id: int,
        deck: str | None,
    ) -> Lobby:
        """A rematch's player confirms (under the lobby's lock); the last to confirm starts the
        match, in the seats the rematch gave, whatever order they confirmed in."""
        match_id = lobby.row.id
        mine = next((p for p in lobby.players if p.user_id == user_id), None)
        if mine is None:
            assert lobby.rematch_of is not None
            players = [p.user_id for p in lobby.players]
            raise UserError(texts.rematch_is_for(players, lobby.rematch_of))
        if deck is not None and deck != mine.deck:
            raise _same_decks(lobby)
        if mine.confirmed and lobby.unconfirmed:
            waiting = [p.user_id for p in lobby.unconfirmed]
            raise UserError(texts.in_rematch_already(waiting))
        if not mine.confirmed:
            await held.set_player(match_id, mine.seat, confirmed=True)
            log.info("match %d: seat %d confirmed the rematch", match_id, mine.seat)
            lobby = await self.get(match_id, held)
        if lobby.ready:  # also again, should the start have failed (its error says why)
            await self._begin_rematch(held, openings, lobby)
            lobby = await self.get(match_id, held)
        return lobby

    async def _begin_rematch(self, held: Storage, openings: list[Committed], lobby: Lobby) -> None:
        """Start a rematch everyone has confirmed, in the seats it gave."""
        first = await self._rematch_first(held, lobby)
        _, opening = await self.matches.begin(held, lobby.row, lobby.players, first=first)
        openings.append(opening)

    async def _rematch_first(self, held: Storage, lobby: Lobby) -> int | None:
        """The seat a rematch names to go first (``rematch_first``), or None: its ruleset's
        setup names nobody, or the old match's view does not say who went first."""
        ruleset = lobby.row.ruleset
        if lobby.rematch_of is None or not self.games.names_first(ruleset):
            return None
        old = await held.match(lobby.rematch_of)
        if old is None or old.seed is None or old.setup is None:
            return None
        old_first = self.games.opening_first(ruleset, old.seed, old.setup)
        if old_first is None:
            return None
        return rematch_first(await held.players(old.id), lobby.players, old_first)

    async def add_cpu(self, match_id: int, user_id: int, strength: str) -> Lobby:
        """Seat a CPU player at ``strength`` (the lobby's creator only; not in a rematch, whose
        players are those of the match it repeats; not in a seat reserved for someone). A lobby
        opened for a number of seats starts once it fills, as when a player joins."""
        if strength not in STRENGTHS:
            raise UserError(texts.no_such_strength(strength, STRENGTHS))
        async with self._held(match_id) as (held, openings):
            lobby = await self._open_lobby(held, match_id)
            self._may_seat_cpus(lobby, user_id)
            invited = lobby.row.invited_id
            if (
                invited is not None
                and not any(p.user_id == invited for p in lobby.players)
                and len(lobby.players) + 1 >= lobby.max_seats
            ):
                raise UserError(texts.reserved_for(invited))
            cpu_id = cpu_user_id(lobby.players)
            with texts.speaking(lobby.row.language):  # a name every reader of the match sees
                name = texts.cpu_name(strength, -cpu_id)
            seat = await held.add_player(
                match_id,
                user_id=cpu_id,
                name=name,
                deck=None,
                seats=lobby.max_seats,
                cpu=strength,
            )
            if seat is None:
                raise UserError(texts.match_full())
            log.info("match %d: a CPU player (%s) at seat %d", match_id, strength, seat)
            lobby = await self.get(match_id, held)
            if lobby.row.seats is not None and lobby.ready:  # the seats it was opened for
                _, opening = await self.matches.begin(held, lobby.row, lobby.players)
                openings.append(opening)
                lobby = await self.get(match_id, held)
            return lobby

    async def remove_cpu(self, match_id: int, user_id: int) -> Lobby:
        """Take the last CPU player seated out of a lobby (its creator only)."""
        async with self.hold(match_id) as held:
            lobby = await self._open_lobby(held, match_id)
            self._may_seat_cpus(lobby, user_id)
            cpus = [p for p in lobby.players if p.cpu is not None]
            if not cpus:
                raise UserError(texts.no_cpu_seated())
            await held.remove_player(match_id, cpus[-1].user_id)
            return await self.get(match_id, held)

    @staticmethod
    def _may_seat_cpus(lobby: Lobby, user_id: int) -> None:
        if not lobby.cpus:
            raise UserError(texts.no_cpu_for(lobby.row.ruleset))
        if lobby.rematch_of is not None:
            raise UserError(texts.rematch_keeps_players(lobby.rematch_of))
        if user_id != lobby.row.creator_id:
            raise UserError(texts.cpus_by_creator_only())

    async def choose_deck(self, match_id: int, user_id: int, deck: str) -> Lobby:
        async with self.hold(match_id) as held:
            lobby = await self._open_lobby(held, match_id)
            if lobby.rematch_of is not None:
                raise _same_decks(lobby)
            self._check_deck(lobby.row.ruleset, deck)
            mine = next((p for p in lobby.players if p.user_id == user_id), None)
            if mine is None:
                raise UserError(texts.join_before_choosing())
            await held.set_player(match_id, mine.seat, deck=deck)
            return await self.get(match_id, held)

    async def leave(self, match_id: int, user_id: int) -> Lobby:
        async with self.hold(match_id) as held:
            lobby = await self._open_lobby(held, match_id)
            if not any(p.user_id == user_id for p in lobby.players):
                raise UserError(texts.not_in_match())
            if user_id != lobby.row.creator_id and lobby.rematch_of is None:
                await held.remove_player(match_id, user_id)
                return await self.get(match_id, held)
            await held.close_lobby(match_id)
            closed = replace(await self.get(match_id, held), closing=LEFT, closed_by=user_id)
        log.info(
            "match %d: lobby closed, %s left",
            match_id,
            "a player" if lobby.rematch_of else "its creator",
        )
        self.matches.presenter.lobby_closed(closed)
        return closed

    async def cancel(self, match_id: int, user_id: int, *, may_manage: bool) -> Lobby:
        """Cancel a lobby (its creator, a rematch's player, or someone who may manage the
        channel), and have those who joined told; or end an active match without a result (only
        the latter)."""
        lobby = await self.get(match_id)
        if lobby.row.status == "lobby":
            if not may_manage and not _may_cancel(lobby, user_id):
                raise UserError(texts.cancel_not_yours(lobby.rematch_of is not None))
            async with self.hold(match_id) as held:
                if not await held.close_lobby(match_id):
                    raise UserError(texts.no_longer_in_lobby(match_id))
                closed = replace(
                    await self.get(match_id, held), closing=CANCELLED, closed_by=user_id
                )
            log.info("match %d: lobby cancelled", match_id)
            self.matches.presenter.lobby_closed(closed)
            return closed
        elif lobby.row.status == "active":
            if not may_manage:
                raise UserError(texts.end_needs_a_manager())
            await self.matches.abandon(match_id, user_id)
        else:
            raise UserError(texts.ended_already(match_id, lobby.row.status))
        return await self.get(match_id)

    async def start(self, match_id: int, user_id: int) -> LiveMatch:
        async with self._held(match_id) as (held, openings):
            lobby = await self._open_lobby(held, match_id)
            if not any(p.user_id == user_id for p in lobby.players):
                raise UserError(texts.start_by_players_only())
            if lobby.rematch_of is not None:
                waiting = [p.user_id for p in lobby.unconfirmed]
                raise UserError(texts.rematch_starts_itself(waiting))
            if lobby.max_seats > lobby.min_seats and user_id != lobby.row.creator_id:
                # more may come: the one who opened it says when everyone is in
                raise UserError(texts.start_by_creator_only(lobby.row.creator_id))
            if not lobby.ready:
                raise UserError(texts.waiting_for_players(len(lobby.players), lobby.min_seats))
            live, opening = await self.matches.begin(held, lobby.row, lobby.players)
            openings.append(opening)
            return live


def _may_cancel(lobby: Lobby, user_id: int) -> bool:
    """Its creator may cancel a lobby; any of its players a rematch."""
    if lobby.rematch_of is not None:
        return any(p.user_id == user_id for p in lobby.players)
    return user_id == lobby.row.creator_id


def _busy(other: MatchRow | None) -> UserError:
    return UserError(texts.channel_busy(other.id if other else None))


def _same_decks(lobby: Lobby) -> UserError:
    assert lobby.rematch_of is not None
    return UserError(texts.rematch_keeps_decks(lobby.rematch_of))
