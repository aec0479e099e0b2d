"""The match service: every change to a match goes through here, one at a time per match.

The way a turn flows (``../shared/DESIGN.md``): take the match's lock; load the match (the cache,
else a replay of its stored actions, verified against the stored state hash); ``match.apply``;
append the action to storage and commit; only then hand the presenter a snapshot to show and
return to the caller, who answers the player. A rejected action raises :class:`UserError` with
the rules' reason and changes nothing. Any other failure is logged with the match id, the cached
match is dropped (the next access rebuilds it from storage) and the player gets an apology.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from rules.engine import (
    SPECTATOR,
    Action,
    IllegalAction,
    Match,
    ReplayMismatch,
    Resolution,
    Step,
    name_seats,
)

from .. import texts
from .clock import clocks_after, forfeits, next_ring, ringing
from .errors import Apology, Outdated, UserError
from .games import Games, deck_played, public_facts, turn_of
from .live import Committed, Ended, Hand, LiveMatch, Player, Reminder
from .scheduler import Scheduler
from .seats import give_up_action
from .storage import AlreadyApplied, Clock, MatchRow, PlayerRow, Storage, checkpoint

if TYPE_CHECKING:
    from .lobby import Lobby

__all__ = ["Acted", "Locks", "MatchService", "Presentation", "Status"]

log = logging.getLogger(__name__)


class Presentation(Protocol):
    """Where the service sends what it committed, to be shown (the presenter, or a test's
    recorder). Values only: nothing calls back."""

    def present(self, committed: Committed) -> None: ...

    def ended(self, ended: Ended) -> None: ...

    def remind(self, reminder: Reminder) -> None: ...

    def lobby_closed(self, lobby: Lobby) -> None: ...


CACHE_SIZE = 1000
"""Live matches kept in memory, the most recently used; another is replayed on its next use."""


class Locks:
    """One asyncio lock per match, created on first use.

    Held weakly: a lock lives while someone holds it or waits for it, then goes, so a bot that
    runs for months keeps no lock per match it ever saw.
    """

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)


@dataclass(frozen=True, slots=True)
class Acted:
    """An accepted action: the acting seat's hand after it, and whether a new hand follows."""

    match_id: int
    seat: int
    resolution: Resolution
    hand: Hand
    new_hand_follows: bool


@dataclass(frozen=True, slots=True)
class Status:
    """Where a match stands, for ``/match status``: public things only."""

    match_id: int
    ruleset: str
    names: tuple[str, ...]
    user_ids: tuple[int, ...]
    waiting_on: tuple[int, ...]
    due: dict[int, float]
    facts: dict[int, str]
    turn_limit: int
    over: bool
    summary: str | None
    """How it ended (seats named), once over."""
    turn: tuple[int, int | None] | None = None
    """The turn number and the last turn (if the ruleset has turn numbers)."""
    standing: str = ""
    """The ruleset's one-line summary of the spectator view, seats as ``{seatN}``."""
    guild_id: int | None = None
    channel_id: int | None = None
    board_message_id: int | None = None


class MatchService:
    def __init__(
        self,
        storage: Storage,
        games: Games,
        presenter: Presentation,
        scheduler: Scheduler,
        *,
        now: Callable[[], float],
        locks: Locks | None = None,
        new_seed: Callable[[], int] = lambda: secrets.randbits(63),
        cache_size: int = CACHE_SIZE,
    ) -> None:
        self.storage = storage
        self.games = games
        self.presenter = presenter
        self.scheduler = scheduler
        self.now = now
        self.locks = locks or Locks()
        self.new_seed = new_seed
        self._live: OrderedDict[int, LiveMatch] = OrderedDict()
        self.cache_size = cache_size

    # -- loading ------------------------------------------------------------------------------

    async def resume_all(self) -> int:
        """On start-up: rebuild every active match, show what was committed but not yet shown,
        and re-arm its clock. Returns how many matches were resumed."""
        rows = await self.storage.matches_to_resume()
        for row in rows:
            async with self.locks(row.id):
                try:
                    live, unshown = await self._load(row, catch_up=True)
                except Exception:
                    log.exception("match %d: could not be resumed", row.id)
                    continue
                for committed in unshown:
                    self.presenter.present(committed)
                self._arm(live)
        log.info("resumed %d match(es)", len(rows))
        return len(rows)

    async def _load(
        self, row: MatchRow, *, catch_up: bool = False
    ) -> tuple[LiveMatch, list[Committed]]:
        """Replay a stored match. With ``catch_up``, also what was committed but not shown."""
        ruleset = self.games.get(row.ruleset)
        if row.seed is None or row.setup is None:
            raise UserError(texts.not_started(row.id))
        if row.ruleset_version != ruleset.version:
            log.warning(
                "match %d: recorded under %s %s, replayed under %s (checked by its state hash)",
                row.id,
                row.ruleset,
                row.ruleset_version,
                ruleset.version,
            )
        players = [_player(p, row.clocks) for p in await self.storage.players(row.id)]
        actions = await self.storage.actions(row.id)
        show = catch_up and row.presented < 0
        match = Match.new(ruleset, row.seed, row.setup, views=SPECTATOR if show else False)
        live = _live(row, match, players, row.presented)
        shown = [live.committed(match.opening, (), 0, opening=True)] if show else []
        for entry in actions:
            show = catch_up and entry.seq >= row.presented
            before = match.pending()
            action = Action.from_json(entry.action)
            resolution = match.apply(entry.seat, action, views=SPECTATOR if show else False)
            live.sources.append(entry.source)
            if entry.seq == row.hash_seq and match.state_hash() != row.state_hash:
                raise ReplayMismatch(f"match {row.id}: the replay does not reach the stored state")
            if show:
                timed_out = entry.source == "clock"
                shown.append(live.committed(resolution, before, entry.seq + 1, timed_out=timed_out))
        if not match.over:  # a finished match is only looked at: it is not kept
            self._keep(live)
        return live, shown

    async def live(self, match_id: int) -> LiveMatch:
        """The live match (loading it if needed); call with the match's lock held."""
        live = self._live.get(match_id)
        if live is not None:
            self._live.move_to_end(match_id)
            return live
        row = await self.storage.match(match_id)
        if row is None or row.status not in ("active", "finished"):
            raise UserError(texts.not_being_played())
        try:
            live, _ = await self._load(row)
        except UserError:
            raise
        except Exception:
            log.exception("match %d: could not be rebuilt from storage", match_id)
            raise UserError(texts.not_restored(match_id)) from None
        return live

    def drop(self, match_id: int) -> None:
        """Forget the cached match; the next access replays it from storage."""
        self._live.pop(match_id, None)

    def _keep(self, live: LiveMatch) -> None:
        """Cache a live match, forgetting the least recently used beyond ``cache_size`` (they
        are replayed from storage when next needed)."""
        self._live[live.id] = live
        self._live.move_to_end(live.id)
        while len(self._live) > self.cache_size:
            self._live.popitem(last=False)

    async def match_in(self, channel_id: int, *, finished: bool = False) -> MatchRow:
        row = await self.storage.open_match_in(channel_id)
        if row is None and finished:
            row = await self.storage.latest_match_in(channel_id)
        if row is None:
            raise UserError(texts.no_match_here())
        return row

    async def active_in(self, channel_id: int) -> int:
        row = await self.match_in(channel_id)
        if row.status != "active":
            raise UserError(texts.match_started_in_lobby(row.id))
        return row.id

    # -- starting -----------------------------------------------------------------------------

    async def begin(
        self, row: MatchRow, players: Sequence[PlayerRow], *, first: int | None = None
    ) -> LiveMatch:
        """Deal a match whose lobby is full (the lobby holds the lock). ``first``: the seat
        that goes first, for a ruleset whose setup may name it (``Games.names_first``)."""
        ruleset = self.games.get(row.ruleset)
        setup: dict[str, Any] = {"seats": len(players)}
        decks = self.games.decks(row.ruleset)
        if decks:
            setup["decks"] = [deck_played(decks, p.deck, p.seat) for p in players]
        if first is not None:
            setup["first"] = first
        seed = self.new_seed()
        try:
            match = Match.new(ruleset, seed, setup, views=SPECTATOR)
        except ValueError as exc:
            raise UserError(texts.cannot_start(str(exc))) from None
        now = self.now()
        live = _live(row, match, [_player(p) for p in players], -1)
        for seat in match.pending():
            live.players[seat].clock = Clock(now + row.turn_limit)
        await self.storage.start(
            row.id,
            seed=seed,
            setup=match.setup,
            ruleset_version=ruleset.version,
            clocks={p.seat: p.clock for p in live.players},
        )
        self._keep(live)
        self.presenter.present(live.committed(match.opening, (), 0, opening=True))
        self._arm(live)
        log.info("match %d: started (%s, %d seats)", row.id, row.ruleset, len(players))
        return live

    # -- acting -------------------------------------------------------------------------------

    async def act(
        self,
        match_id: int,
        user_id: int,
        action: Action,
        *,
        interaction_id: int | None = None,
        expected_version: str | None = None,
        reply_in_place: bool = False,
    ) -> Acted:
        """Apply a player's action; it is committed before this returns."""
        async with self.locks(match_id):
            live = await self.live(match_id)
            seat = self._seat(live, user_id)
            if expected_version is not None and expected_version != live.version(seat):
                raise Outdated(match_id, user_id)
            return await self._apply(
                live, seat, action, interaction_id=interaction_id, reply_in_place=reply_in_place
            )

    def _seat(self, live: LiveMatch, user_id: int) -> int:
        seat = live.seat_of(user_id)
        if seat is None:
            raise UserError(texts.not_your_match(live.id))
        if live.match.over:
            raise UserError(texts.match_over(live.id))
        return seat

    async def _apply(
        self,
        live: LiveMatch,
        seat: int,
        action: Action,
        *,
        interaction_id: int | None,
        reply_in_place: bool = False,
        source: str = "player",
    ) -> Acted:
        match = live.match
        before = match.pending()
        try:
            resolution = match.apply(seat, action, views=SPECTATOR)
        except IllegalAction as exc:
            log.debug("match %d: seat %d %s rejected", live.id, seat, action.kind)
            raise UserError(exc.reason) from None
        except Exception:
            log.exception("match %d: seat %d %s failed in the rules", live.id, seat, action.kind)
            self.drop(live.id)
            raise Apology(live.id) from None
        seq = len(match.actions) - 1
        live.sources.append(source)
        clocks = clocks_after(live, seat, before, resolution, self.now())
        try:
            await self.storage.append_action(
                live.id,
                seq=seq,
                seat=seat,
                action=action.to_json(),
                interaction_id=interaction_id,
                source=source,
                clocks=clocks,
                result=match.result.to_json() if match.result else None,
                state_hash=match.state_hash() if checkpoint(seq, match.over) else None,
            )
        except AlreadyApplied:
            log.info("match %d: interaction %s was delivered twice", live.id, interaction_id)
            self.drop(live.id)  # the copy in memory applied it again: rebuild it
            raise UserError(texts.done_already()) from None
        except Exception:
            log.exception("match %d: seat %d %s could not be stored", live.id, seat, action.kind)
            self.drop(live.id)
            raise Apology(live.id) from None
        for p in live.players:
            p.clock = clocks[p.seat]
        # Kind only: a card's uid follows its deck list, which may be public, so an argument
        # could name a hidden card. The stored action (match id, seq) has everything.
        log.info("match %d: action %d by seat %d: %s", live.id, seq, seat, action.kind)
        committed = live.committed(
            resolution, before, seq + 1, answered=reply_in_place, timed_out=source == "clock"
        )
        self.presenter.present(committed)
        self._arm(live)
        if match.over:
            self.drop(live.id)  # a finished match leaves memory; it is replayed if looked at
        return Acted(
            live.id,
            seat,
            resolution,
            live.hand(seat, resolution.steps, seat),
            any(n.ping and n.hand.seat == seat for n in committed.seats),
        )

    # -- the turn clock -----------------------------------------------------------------------

    def _arm(self, live: LiveMatch) -> None:
        key = ("clock", live.id)
        when = next_ring(live)
        if when is None or self.games.timeout_action(live.ruleset) is None:
            self.scheduler.cancel(key)
        else:
            self.scheduler.at(key, when, lambda: self.on_clock(live.id))

    async def on_clock(self, match_id: int) -> None:
        """The clock of a match rang: remind the seats whose time runs low, and end the turn of
        those out of time with the ruleset's timeout action (LANES-4.5)."""
        async with self.locks(match_id):
            try:
                live = await self.live(match_id)
            except UserError:
                return
            timeout = self.games.timeout_action(live.ruleset)
            if live.match.over or timeout is None:
                return
            expired, remind = ringing(live, self.now())
            for seat in remind:
                player = live.players[seat]
                player.clock = replace(player.clock, reminded=True)
                await self.storage.set_clocks(live.id, {p.seat: p.clock for p in live.players})
                due = player.clock.due_at or 0.0
                self.presenter.remind(
                    Reminder(
                        live.id,
                        live.channel_id,
                        seat,
                        player.user_id,
                        due,
                        last_chance=forfeits(live, seat),
                    )
                )
            for seat in expired:
                if seat not in live.match.pending():  # an earlier timeout ended the turn
                    continue
                log.info("match %d: seat %d is out of time", live.id, seat)
                action = self._clock_action(live, seat, timeout)
                try:
                    await self._apply(live, seat, action, interaction_id=None, source="clock")
                except UserError:
                    log.warning("match %d: the timeout for seat %d was refused", live.id, seat)
                    live.players[seat].clock = Clock(None)
                live = await self.live(match_id)
            self._arm(live)

    def _clock_action(self, live: LiveMatch, seat: int, timeout: Action) -> Action:
        """The timeout, or, for a seat that missed too many turns in a row, its way to give up
        (committed like any action, with the clock as its source)."""
        if not forfeits(live, seat):
            return timeout
        give_up = give_up_action(live.specs(seat))
        if give_up is None:
            log.warning("match %d: seat %d cannot give up; it is timed out again", live.id, seat)
            return timeout
        log.info("match %d: seat %d forfeits (%s)", live.id, seat, give_up.kind)
        return give_up

    # -- reading ------------------------------------------------------------------------------

    async def hand(self, match_id: int, user_id: int) -> Hand:
        async with self.locks(match_id):
            live = await self.live(match_id)
            seat = live.seat_of(user_id)
            if seat is None:
                raise UserError(texts.not_your_match(match_id))
            return live.hand(seat)

    async def board(self, match_id: int, user_id: int) -> tuple[LiveMatch, Any, int | None]:
        """The board as the user may see it: a player's from its seat, anyone else's as a
        spectator's; with the seat (None for a spectator)."""
        async with self.locks(match_id):
            live = await self.live(match_id)
            seat = live.seat_of(user_id)
            return live, live.view(seat), seat

    async def status(self, match_id: int) -> Status:
        async with self.locks(match_id):
            live = await self.live(match_id)
            match = live.match
            public = live.view(None)
            row = await self.storage.match(match_id)
            return Status(
                live.id,
                live.ruleset,
                live.names,
                live.user_ids,
                match.pending(),
                {p.seat: p.clock.due_at for p in live.players if p.clock.due_at is not None},
                public_facts(public),
                live.turn_limit,
                match.over,
                name_seats(match.result.summary, live.names) if match.result else None,
                turn=turn_of(public),
                standing=match.ruleset.summary(public),
                guild_id=live.guild_id,
                channel_id=live.channel_id,
                board_message_id=row.board_message_id if row else None,
            )

    async def public_log(self, row: MatchRow) -> tuple[list[str], dict[str, Any] | None]:
        """The public step log of a match so far; its record too once it is over (a record
        holds the seed and every hand, so it is only given out then)."""
        if row.seed is None or row.setup is None:
            raise UserError(texts.not_started_yet(row.id))
        names = tuple(p.name for p in await self.storage.players(row.id))
        ruleset = self.games.get(row.ruleset)
        match = Match.new(ruleset, row.seed, row.setup)
        lines = _public(match.opening.steps, names)
        for entry in await self.storage.actions(row.id):
            resolution = match.apply(entry.seat, Action.from_json(entry.action))
            lines += _public(resolution.steps, names)
        record = None
        if match.over:
            record = match.record({"match_id": row.id, "players": list(names)})
        return lines, record

    # -- ending -------------------------------------------------------------------------------

    async def abandon(self, match_id: int, by: int) -> None:
        """End an active match without a result (someone who may manage its channel); the
        players are told, their controls taken away."""
        async with self.locks(match_id):
            row = await self.storage.match(match_id)
            players = await self.storage.players(match_id)
            await self.storage.abandon(match_id)
            self.scheduler.cancel(("clock", match_id))
            self.drop(match_id)
        log.info("match %d: ended by a moderator", match_id)
        if row is not None:
            names = tuple(p.name for p in players)
            users = tuple(p.user_id for p in players)
            self.presenter.ended(
                Ended(match_id, row.channel_id, row.guild_id, row.ruleset, names, users, by)
            )


def _live(
    row: MatchRow, match: Match[Any, Any], players: list[Player], presented: int
) -> LiveMatch:
    return LiveMatch(
        row.id,
        row.guild_id,
        row.channel_id,
        row.ruleset,
        row.creator_id,
        row.turn_limit,
        match,
        players,
        presented,
        row.forfeit_after,
    )


def _player(row: PlayerRow, clocks: Sequence[Clock] = ()) -> Player:
    clock = clocks[row.seat] if row.seat < len(clocks) else Clock(None)
    return Player(row.seat, row.user_id, row.name, row.deck, clock)


def _public(steps: Sequence[Step], names: Sequence[str]) -> list[str]:
    return [name_seats(s.caption, names) for s in steps if s.public]
