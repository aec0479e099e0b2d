"""Lobbies: a match between ``/match new`` and Start, when players join and choose decks.

A lobby is a stored match with status ``lobby`` and its players in joining order (their seats).
Lobby changes take the same per-match lock as play, so Start cannot race a Join.

A lobby not started within ``expires_after`` seconds of its creation closes, so a forgotten one
does not hold its channel; the timer is armed from the stored ``created_at``, again at start-up.
When a lobby closes by expiring, because its creator left or because it was cancelled, the
presenter edits its message and tells those who had joined (but the one who cancelled it).

A new lobby takes its server's defaults (``GuildDefaults``) for what ``/match new`` was not told,
and only a ruleset its server offers.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from rules.engine import DeckInfo

from .errors import UserError
from .games import Games
from .guilds import (
    DEFAULT_TURN_LIMIT,
    GuildDefaults,
    checked_forfeit_after,
    checked_turn_limit,
)
from .live import LiveMatch
from .service import Locks, MatchService, Status
from .storage import ChannelBusy, MatchRow, PlayerRow, Storage

__all__ = ["CANCELLED", "DEFAULT_TURN_LIMIT", "EXPIRED", "LEFT", "Lobby", "LobbyService"]

log = logging.getLogger(__name__)

EXPIRED = "expired"
"""Why a lobby closed: nobody started it in time."""
LEFT = "left"
"""Why a lobby closed: its creator left it."""
CANCELLED = "cancelled"
"""Why a lobby closed: its creator (or a channel manager) cancelled it."""


@dataclass(frozen=True, slots=True)
class Lobby:
    row: MatchRow
    players: tuple[PlayerRow, ...]
    decks: tuple[DeckInfo, ...]
    min_seats: int
    max_seats: int
    expires_at: float | None = None
    """When the lobby closes unless started."""
    closing: str | None = None
    """Why the lobby just closed (``EXPIRED``, ``LEFT`` or ``CANCELLED``), for the texts that
    say so."""
    closed_by: int | None = None
    """Who cancelled it (``CANCELLED``): not told, as they know."""

    @property
    def ready(self) -> bool:
        return self.min_seats <= len(self.players) <= self.max_seats

    def deck_name(self, player: PlayerRow) -> str:
        if not self.decks:
            return ""
        chosen = player.deck or self.decks[player.seat % len(self.decks)].id
        return next((d.name for d in self.decks if d.id == chosen), chosen)


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
        self.locks: Locks = matches.locks
        self.expires_after = expires_after
        self.guilds = guilds or GuildDefaults(storage, games, forfeit_after=forfeit_after)

    async def get(self, match_id: int) -> Lobby:
        row = await self.storage.match(match_id)
        if row is None:
            raise UserError("That match does not exist.")
        return await self._lobby(row)

    async def _lobby(self, row: MatchRow) -> Lobby:
        least, most = self.games.seats(row.ruleset)
        players = tuple(await self.storage.players(row.id))
        decks = tuple(self.games.decks(row.ruleset))
        return Lobby(row, players, decks, least, most, row.created_at + self.expires_after)

    def _check_deck(self, ruleset: str, deck: str | None) -> None:
        if deck is None:
            return
        known = [d.id for d in self.games.decks(ruleset)]
        if deck not in known:
            listed = ", ".join(known) or "none"
            raise UserError(f"There is no starter deck {deck!r} in {ruleset} (decks: {listed}).")

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
    ) -> Lobby:
        """Open a lobby; ``forfeit_after`` missed turns in a row forfeit (0: never). What is not
        given (None) is the server's default."""
        defaults = self.guilds.of(guild_id)
        if ruleset not in self.games.names:
            raise UserError(f"There is no game {ruleset!r}. Games: {', '.join(defaults.offered)}.")
        if ruleset not in defaults.offered:
            raise UserError(
                f"{ruleset} is not offered in this server. Games here: "
                f"{', '.join(defaults.offered)}."
            )
        if invited_id == user_id:
            raise UserError("Invite someone else: you are in the match already.")
        turn_limit = checked_turn_limit(defaults.turn_limit if turn_limit is None else turn_limit)
        forfeit_after = checked_forfeit_after(
            defaults.forfeit_after if forfeit_after is None else forfeit_after
        )
        self._check_deck(ruleset, deck)
        try:
            match_id = await self.storage.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                ruleset=ruleset,
                creator_id=user_id,
                invited_id=invited_id,
                turn_limit=turn_limit,
                forfeit_after=forfeit_after,
                created_at=self.matches.now(),
            )
        except ChannelBusy:
            other = await self.storage.open_match_in(channel_id)
            which = f" (#{other.id})" if other else ""
            raise UserError(
                f"This channel already has a match{which}. Finish or cancel it first, "
                "or start yours in another channel or a thread."
            ) from None
        _, most = self.games.seats(ruleset)
        await self.storage.add_player(match_id, user_id=user_id, name=name, deck=deck, seats=most)
        log.info("match %d: lobby opened in channel %d (%s)", match_id, channel_id, ruleset)
        lobby = await self.get(match_id)
        self._arm(lobby)
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

    def _arm(self, lobby: Lobby) -> None:
        match_id = lobby.row.id
        assert lobby.expires_at is not None
        self.matches.scheduler.at(
            ("lobby", match_id), lobby.expires_at, lambda: self.expire(match_id)
        )

    def _disarm(self, match_id: int) -> None:
        self.matches.scheduler.cancel(("lobby", match_id))

    async def resume_all(self) -> int:
        """On start-up: arm the expiry of every open lobby (at once for those already due)."""
        rows = await self.storage.open_lobbies()
        for row in rows:
            self._arm(await self._lobby(row))
        log.info("armed the expiry of %d lobby(ies)", len(rows))
        return len(rows)

    async def expire(self, match_id: int) -> None:
        """Close a lobby nobody started in time, and have its players told."""
        async with self.locks(match_id):
            if not await self.storage.close_lobby(match_id):
                return  # started or closed meanwhile
            lobby = await self.get(match_id)
        log.info("match %d: lobby expired", match_id)
        self.matches.presenter.lobby_closed(replace(lobby, closing=EXPIRED))

    async def _open_lobby(self, match_id: int) -> Lobby:
        lobby = await self.get(match_id)
        if lobby.row.status == "active":
            raise UserError(f"Match #{match_id} has already started.")
        if lobby.row.status != "lobby":
            raise UserError(f"Match #{match_id} is {lobby.row.status}.")
        return lobby

    async def join(self, match_id: int, user_id: int, name: str, deck: str | None = None) -> Lobby:
        async with self.locks(match_id):
            lobby = await self._open_lobby(match_id)
            self._check_deck(lobby.row.ruleset, deck)
            mine = next((p for p in lobby.players if p.user_id == user_id), None)
            if mine is not None:
                if deck is None:
                    raise UserError("You are in this match already.")
                await self.storage.set_player(match_id, mine.seat, deck=deck)
                return await self.get(match_id)
            invited = lobby.row.invited_id
            if invited is not None and user_id not in (invited, lobby.row.creator_id):
                raise UserError(f"This match is reserved for <@{invited}>.")
            seat = await self.storage.add_player(
                match_id, user_id=user_id, name=name, deck=deck, seats=lobby.max_seats
            )
            if seat is None:
                raise UserError("This match is full.")
            log.info("match %d: a player joined at seat %d", match_id, seat)
            return await self.get(match_id)

    async def choose_deck(self, match_id: int, user_id: int, deck: str) -> Lobby:
        async with self.locks(match_id):
            lobby = await self._open_lobby(match_id)
            self._check_deck(lobby.row.ruleset, deck)
            mine = next((p for p in lobby.players if p.user_id == user_id), None)
            if mine is None:
                raise UserError("Join the match first, then choose your deck.")
            await self.storage.set_player(match_id, mine.seat, deck=deck)
            return await self.get(match_id)

    async def leave(self, match_id: int, user_id: int) -> Lobby:
        async with self.locks(match_id):
            lobby = await self._open_lobby(match_id)
            if not any(p.user_id == user_id for p in lobby.players):
                raise UserError("You are not in this match.")
            if user_id != lobby.row.creator_id:
                await self.storage.remove_player(match_id, user_id)
                return await self.get(match_id)
            await self.storage.close_lobby(match_id)
            self._disarm(match_id)
            closed = replace(await self.get(match_id), closing=LEFT)
        log.info("match %d: lobby closed, its creator left", match_id)
        self.matches.presenter.lobby_closed(closed)
        return closed

    async def cancel(self, match_id: int, user_id: int, *, may_manage: bool) -> Lobby:
        """Cancel a lobby (its creator, or someone who may manage the channel), and have those
        who joined told; or end an active match without a result (only the latter)."""
        lobby = await self.get(match_id)
        if lobby.row.status == "lobby":
            if user_id != lobby.row.creator_id and not may_manage:
                raise UserError("Only the match's creator (or a channel manager) can cancel it.")
            async with self.locks(match_id):
                if not await self.storage.close_lobby(match_id):
                    raise UserError(f"Match #{match_id} is no longer in its lobby.")
                self._disarm(match_id)
                closed = replace(await self.get(match_id), closing=CANCELLED, closed_by=user_id)
            log.info("match %d: lobby cancelled", match_id)
            self.matches.presenter.lobby_closed(closed)
            return closed
        elif lobby.row.status == "active":
            if not may_manage:
                raise UserError(
                    "The match has started: only someone who can manage this channel can end it. "
                    "A player can give up with /retreat."
                )
            await self.matches.abandon(match_id, user_id)
        else:
            raise UserError(f"Match #{match_id} is {lobby.row.status} already.")
        return await self.get(match_id)

    async def start(self, match_id: int, user_id: int) -> LiveMatch:
        async with self.locks(match_id):
            lobby = await self._open_lobby(match_id)
            if not any(p.user_id == user_id for p in lobby.players):
                raise UserError("Only a player in this match can start it.")
            if not lobby.ready:
                raise UserError(
                    f"Waiting for players: {len(lobby.players)} of {lobby.min_seats} have joined."
                )
            live = await self.matches.begin(lobby.row, lobby.players)
            self._disarm(match_id)
            return live
