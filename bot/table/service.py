"""The match service: every change to a match goes through here, one at a time per match.

The way a turn flows (``../shared/DESIGN.md``): take the match's lock (an asyncio lock in this
process, and on a shared store the match's row lock, held by the transaction the action is
committed in); load the match (the cache, caught up with the actions other processes committed
since, replaying only those; else a replay of its stored actions, verified against the stored
state hash); ``match.apply``; append the action (a redelivered interaction changes nothing) and
commit; only then hand the presenter a snapshot to show and return to the caller, who answers
the player. A rejected action raises :class:`UserError` with the rules' reason and changes
nothing. Any other failure is logged with the match id, the cached match is dropped (the next
access rebuilds it from storage) and the player gets an apology.

Start-up is lazy: nothing is replayed but what a process that is gone left unshown; a match is
replayed when first used, and kept in a least-recently-used cache. Turn clocks ring from their
stored deadlines (``scheduler.py``), in whichever process claims them.

A CPU seat moves through the same path as a player: once a commit leaves the match waiting on
it, the process that committed pauses a moment (the channel's pictures stay paced), has the
thinkers decide from the match's record (``thinkers.py``, off the event loop), and applies the
move under the match's hold, recorded with the source ``cpu``, unless the match moved on
meanwhile (then it decides again). A process that stops while a CPU thinks leaves it to be
woken at start-up, or by another process's sweep.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
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
    in_language,
    name_seats,
)

from .. import texts
from .clock import clocks_after, forfeits, next_ring, ringing
from .errors import Apology, Outdated, UserError
from .games import Games, deck_played, public_facts, turn_of
from .live import Committed, Ended, Hand, LiveMatch, Player, Reminder
from .scheduler import Scheduler
from .seats import give_up_action
from .storage import (
    CLOCK,
    AlreadyApplied,
    Clock,
    Deadline,
    MatchRow,
    PlayerRow,
    Storage,
    checkpoint,
)
from .thinkers import Thinkers, Thought

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
SWEEP_EVERY = 60.0
"""Seconds between looks, on a shared store, for resolutions a process that died left unshown
(and CPU seats it left thinking)."""
CPU_STALLED = 30.0
"""Seconds without a move after which another process wakes a match's CPU seat (its process
may have stopped while it thought)."""


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
    """How it ended (as the rules say it, seats ``{seatN}``), once over."""
    turn: tuple[int, int | None] | None = None
    """The turn number and the last turn (if the ruleset has turn numbers)."""
    standing: str = ""
    """The ruleset's one-line summary of the spectator view, seats as ``{seatN}``."""
    guild_id: int | None = None
    channel_id: int | None = None
    board_message_id: int | None = None


@dataclass(frozen=True, slots=True)
class _Done:
    """An action applied and appended, not yet shown: shown once its commit is through."""

    acted: Acted
    committed: Committed
    rings: float | None
    """When the match's clock rings next."""


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
        sweep_every: float = SWEEP_EVERY,
        thinkers: Thinkers | None = None,
        cpu_pause: float = 1.0,
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
        self.sweep_every = sweep_every
        self._sweeper: asyncio.Task[None] | None = None
        self.thinkers = thinkers
        self.cpu_pause = cpu_pause
        """Seconds a CPU seat waits before it moves, so a match against it does not outrun
        its own pictures."""
        self._thinking: dict[int, asyncio.Task[None]] = {}
        scheduler.on(CLOCK, self.on_clock)

    @contextlib.asynccontextmanager
    async def hold(self, match_id: int) -> AsyncIterator[Storage]:
        """Hold a match: its lock in this process, then its row in the store (see
        ``Storage.holding``). Everything done to the match meanwhile goes through the storage
        yielded."""
        async with self.locks(match_id), self.storage.holding(match_id) as held:
            yield held

    # -- start-up and what processes that died left unshown ----------------------------------

    async def resume_all(self) -> int:
        """On start-up: show what was committed but not yet shown by a process no longer
        running (this one, before a restart); nothing else is replayed, and the clocks ring
        from their stored deadlines. Returns how many resolutions it had shown."""
        shown = await self.sweep()
        log.info("resumed: %d resolution(s) left unshown by a stopped process", shown)
        for match_id in await self.storage.cpu_matches():
            self._wake(match_id)
        return shown

    def start(self) -> None:
        """On a shared store, look now and then for what processes that died left unshown."""
        if self.storage.shared and (self._sweeper is None or self._sweeper.done()):
            self._sweeper = asyncio.get_running_loop().create_task(
                self._sweep_now_and_then(), name="parlor-sweep"
            )

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in self._thinking.values():
            task.cancel()
        self._thinking.clear()

    async def _sweep_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_every)
            try:
                await self.sweep()
                for match_id in await self.storage.cpu_matches(self.now() - CPU_STALLED):
                    self._wake(match_id)
            except Exception:
                log.exception("looking for unshown resolutions failed")

    async def sweep(self) -> int:
        """Show the resolutions whose committing process is gone, each by one process: those
        at the head of a match's unshown ones (a live process shows its own, in turn).
        Returns how many this process took on."""
        rows = await self.storage.unshown()
        if not rows:
            return 0
        alive = await self.storage.live_tokens()
        taken = 0
        for row in rows:
            try:
                taken += await self._take_over(row, alive)
            except Exception:
                log.exception("match %d: its unshown resolutions could not be shown", row.id)
        return taken

    async def _take_over(self, row: MatchRow, alive: set[int]) -> int:
        committers = await self.storage.committers(row.id, row.presented)
        run: list[int] = []
        for seq, token in committers:
            if token is not None and token in alive:
                break
            run.append(seq)
        if not run:
            return 0
        async with self.locks(row.id):
            # Whether their processes are gone is asked again as they are taken: ``alive`` may
            # be older than a process that took them since.
            taken = await self.storage.take_over(row.id, run)
            if not taken:
                return 0
            fresh = await self.storage.match(row.id)
            if fresh is None:
                return 0
            _, unshown = await self._load(fresh, self.storage, catch_up=True)
        for committed in unshown:
            if committed.presented - 1 in taken:  # the opening is -1, action seq s is s + 1
                self.presenter.present(committed)
        return len(taken)

    # -- loading ------------------------------------------------------------------------------

    async def _load(
        self, row: MatchRow, storage: Storage, *, catch_up: bool = False
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
        players = [_player(p, row.clocks) for p in await storage.players(row.id)]
        actions = await storage.actions(row.id)
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

    async def _catch_up(self, live: LiveMatch, storage: Storage, row: MatchRow | None) -> None:
        """Apply to a cached match the actions other processes committed since it was cached
        (replaying only those), and take the clocks as stored."""
        match = live.match
        for entry in await storage.actions(live.id, since=len(match.actions)):
            match.apply(entry.seat, Action.from_json(entry.action), views=False)
            live.sources.append(entry.source)
            if (
                row is not None
                and entry.seq == row.hash_seq
                and match.state_hash() != row.state_hash
            ):
                raise ReplayMismatch(f"match {live.id}: the replay does not reach the stored state")
        if row is not None:
            for p in live.players:
                p.clock = row.clocks[p.seat] if p.seat < len(row.clocks) else Clock(None)

    async def live(self, match_id: int) -> LiveMatch:
        """The live match (loading it if needed, catching it up with what other processes were
        heard to commit); call with the match's lock held."""
        live = self._live.get(match_id)
        if live is not None:
            self._live.move_to_end(match_id)
            if self.storage.heard(match_id) <= len(live.match.actions):
                return live
            row = await self.storage.match(match_id)
            try:
                await self._catch_up(live, self.storage, row)
            except Exception:
                log.exception("match %d: could not be caught up", match_id)
                self.drop(match_id)
                raise UserError(texts.not_restored(match_id)) from None
            return live
        row = await self.storage.match(match_id)
        return await self._rebuilt(row, self.storage, match_id)

    async def _rebuilt(self, row: MatchRow | None, storage: Storage, match_id: int) -> LiveMatch:
        if row is None or row.status not in ("active", "finished"):
            raise UserError(texts.not_being_played())
        try:
            live, _ = await self._load(row, storage)
        except UserError:
            raise
        except Exception:
            log.exception("match %d: could not be rebuilt from storage", match_id)
            raise UserError(texts.not_restored(match_id)) from None
        return live

    async def _current(self, held: Storage, match_id: int) -> LiveMatch:
        """The live match, as the store holds it now (inside :meth:`hold`)."""
        row = held.row
        live = self._live.get(match_id)
        if live is not None and row is not None and row.action_count < len(live.match.actions):
            self.drop(match_id)  # ahead of the store (a commit that failed): rebuild it
            live = None
        if live is None:
            return await self._rebuilt(row or await held.match(match_id), held, match_id)
        self._live.move_to_end(match_id)
        if row is not None:
            try:
                await self._catch_up(live, held, row)
            except Exception:
                log.exception("match %d: could not be caught up", match_id)
                self.drop(match_id)
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
        self,
        held: Storage,
        row: MatchRow,
        players: Sequence[PlayerRow],
        *,
        first: int | None = None,
    ) -> tuple[LiveMatch, Committed]:
        """Deal a match whose lobby is full (the lobby holds the match: ``held``), and the
        opening to show once that commits (:meth:`show`). ``first``: the seat that goes first,
        for a ruleset whose setup may name it (``Games.names_first``)."""
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
            if live.players[seat].cpu is None:
                live.players[seat].clock = Clock(now + row.turn_limit)
        await held.start(
            row.id,
            seed=seed,
            setup=match.setup,
            ruleset_version=ruleset.version,
            clocks={p.seat: p.clock for p in live.players},
            deadline=self._deadline(live),
        )
        self._keep(live)
        log.info("match %d: started (%s, %d seats)", row.id, row.ruleset, len(players))
        return live, live.committed(match.opening, (), 0, opening=True)

    def show(self, opening: Committed) -> None:
        """Show a match's opening, once its lobby's commit is through, ring its clock, and
        have a CPU seat that moves first think."""
        self.presenter.present(opening)
        live = self._live.get(opening.match_id)
        if live is not None:
            self.scheduler.nudge(self._deadline(live))
        self._kick(opening.match_id)

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
            try:
                async with self.storage.holding(match_id) as held:
                    live = await self._current(held, match_id)
                    seat = self._seat(live, user_id)
                    if expected_version is not None and expected_version != live.version(seat):
                        raise Outdated(match_id, user_id)
                    done = await self._apply(
                        held,
                        live,
                        seat,
                        action,
                        interaction_id=interaction_id,
                        reply_in_place=reply_in_place,
                    )
            except (UserError, Outdated):
                raise
            except Exception:
                log.exception("match %d: an action could not be committed", match_id)
                self.drop(match_id)
                raise Apology(match_id) from None
            self._after_commit(done)
            return done.acted

    def _seat(self, live: LiveMatch, user_id: int) -> int:
        seat = live.seat_of(user_id)
        if seat is None:
            raise UserError(texts.not_your_match(live.id))
        if live.match.over:
            raise UserError(texts.match_over(live.id))
        return seat

    async def _apply(
        self,
        held: Storage,
        live: LiveMatch,
        seat: int,
        action: Action,
        *,
        interaction_id: int | None,
        reply_in_place: bool = False,
        source: str = "player",
    ) -> _Done:
        """Apply and append an action (inside :meth:`hold`); shown once committed."""
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
        for p in live.players:
            p.clock = clocks[p.seat]
        rings = self._deadline(live)
        try:
            await held.append_action(
                live.id,
                seq=seq,
                seat=seat,
                action=action.to_json(),
                interaction_id=interaction_id,
                source=source,
                clocks=clocks,
                result=match.result.to_json() if match.result else None,
                state_hash=match.state_hash() if checkpoint(seq, match.over) else None,
                deadline=rings,
            )
        except AlreadyApplied:
            log.info("match %d: interaction %s was delivered twice", live.id, interaction_id)
            self.drop(live.id)  # the copy in memory applied it again: rebuild it
            raise UserError(texts.done_already()) from None
        except Exception:
            log.exception("match %d: seat %d %s could not be stored", live.id, seat, action.kind)
            self.drop(live.id)
            raise Apology(live.id) from None
        # Kind only: a card's uid follows its deck list, which may be public, so an argument
        # could name a hidden card. The stored action (match id, seq) has everything.
        log.info("match %d: action %d by seat %d: %s", live.id, seq, seat, action.kind)
        committed = live.committed(
            resolution, before, seq + 1, answered=reply_in_place, timed_out=source == "clock"
        )
        if match.over:
            self.drop(live.id)  # a finished match leaves memory; it is replayed if looked at
        acted = Acted(
            live.id,
            seat,
            resolution,
            live.hand(seat, resolution.steps, seat),
            any(n.ping and n.hand.seat == seat for n in committed.seats),
        )
        return _Done(acted, committed, rings)

    def _after_commit(self, done: _Done) -> None:
        self.presenter.present(done.committed)
        self.scheduler.nudge(done.rings)
        self._kick(done.committed.match_id)

    # -- CPU seats ----------------------------------------------------------------------------

    def _kick(self, match_id: int) -> None:
        """Have the match's CPU seat think, if the match now waits on one."""
        live = self._live.get(match_id)
        if live is not None and live.cpu_to_move() is not None:
            self._wake(match_id)

    def _wake(self, match_id: int) -> None:
        """Play the match's CPU seats while it waits on one (one task per match)."""
        if self.thinkers is None:
            return
        task = self._thinking.get(match_id)
        if task is None or task.done():
            self._thinking[match_id] = asyncio.get_running_loop().create_task(
                self._cpu_moves(match_id), name=f"parlor-cpu-{match_id}"
            )

    async def _cpu_moves(self, match_id: int) -> None:
        """Each move of a CPU seat the match waits on, until it waits on none."""
        try:
            while True:
                thought = await self._cpu_thought(match_id)
                if thought is None:
                    return
                await asyncio.sleep(self.cpu_pause)
                assert self.thinkers is not None
                action = await self.thinkers.decide(thought)
                done = await self._cpu_move(match_id, thought, action)
                if done is not None:
                    self._after_commit(done)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("match %d: a CPU seat could not move", match_id)
        finally:
            if self._thinking.get(match_id) is asyncio.current_task():
                del self._thinking[match_id]

    async def _cpu_thought(self, match_id: int) -> Thought | None:
        """What the CPU seat the match waits on decides from; None if it waits on none. Under
        the match's lock, with no pause before the task ends, so a commit after this wakes a
        new one."""
        async with self.locks(match_id):
            try:
                live = await self.live(match_id)
            except UserError:
                return None
            player = live.cpu_to_move()
            if player is None or player.cpu is None:
                self._thinking.pop(match_id, None)
                return None
            match = live.match
            return Thought(
                live.ruleset,
                match.seed,
                match.setup,
                tuple((seat, action.to_json()) for seat, action in match.actions),
                player.seat,
                player.cpu,
            )

    async def _cpu_move(self, match_id: int, thought: Thought, action: Action) -> _Done | None:
        """Apply the CPU's move, committed as the player's would be; None if the match moved
        on while it thought (it thinks again)."""
        async with self.hold(match_id) as held:
            live = await self._current(held, match_id)
            match = live.match
            if len(match.actions) != len(thought.actions) or thought.seat not in match.pending():
                return None
            return await self._apply(
                held, live, thought.seat, action, interaction_id=None, source="cpu"
            )

    # -- the turn clock -----------------------------------------------------------------------

    def _deadline(self, live: LiveMatch) -> float | None:
        """When the match's clock must ring next, if it has one."""
        if self.games.timeout_action(live.ruleset) is None:
            return None
        return next_ring(live)

    async def on_clock(self, deadline: Deadline) -> None:
        """The clock of a match rang: remind the seats whose time runs low, and end the turn of
        those out of time with the ruleset's timeout action (LANES-4.5). A deadline armed for
        an earlier state of the match (an action re-armed it since) does nothing."""
        match_id = deadline.match_id
        async with self.locks(match_id):
            try:
                async with self.storage.holding(match_id) as held:
                    done, reminders, rings = await self._ring(held, deadline)
            except Exception:
                self.drop(match_id)  # it may hold what was rolled back
                raise
        self.scheduler.nudge(rings)
        for reminder in reminders:
            self.presenter.remind(reminder)
        for each in done:
            self._after_commit(each)

    async def _ring(
        self, held: Storage, deadline: Deadline
    ) -> tuple[list[_Done], list[Reminder], float | None]:
        """What a clock's ringing does (inside :meth:`hold`): the actions to show, the reminders
        to send, and when it rings next."""
        match_id = deadline.match_id
        try:
            live = await self._current(held, match_id)
        except UserError:
            await held.set_deadline(match_id, CLOCK, None)
            return [], [], None
        version = len(live.match.actions)
        if 0 <= deadline.version != version:
            return [], [], None  # stale: the action since armed the clock afresh
        timeout = self.games.timeout_action(live.ruleset)
        if live.match.over or timeout is None:
            await held.set_deadline(match_id, CLOCK, None)
            return [], [], None
        expired, remind = ringing(live, self.now())
        reminders = []
        for seat in remind:
            player = live.players[seat]
            player.clock = replace(player.clock, reminded=True)
            due, last = player.clock.due_at or 0.0, forfeits(live, seat)
            reminders.append(
                Reminder(live.id, live.channel_id, seat, player.user_id, due, last_chance=last)
            )
        if remind:
            clocks = {p.seat: p.clock for p in live.players}
            await held.set_clocks(live.id, clocks, deadline=self._deadline(live), version=version)
        done = []
        for seat in expired:
            if live.match.over or seat not in live.match.pending():  # an earlier timeout ended it
                continue
            log.info("match %d: seat %d is out of time", live.id, seat)
            action = self._clock_action(live, seat, timeout)
            try:
                done.append(
                    await self._apply(held, live, seat, action, interaction_id=None, source="clock")
                )
            except UserError:
                log.warning("match %d: the timeout for seat %d was refused", live.id, seat)
                live.players[seat].clock = Clock(None)
        rings = self._deadline(live)
        if not remind and not done:  # rang early (or every timeout was refused): ring when due
            await held.set_deadline(match_id, CLOCK, rings, len(live.match.actions))
        return done, reminders, rings

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
                match.result.summary if match.result else None,
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
        language = row.language  # the match's story, in its language (docs/i18n.md)
        lines = _public(match.opening.steps, names, language)
        for entry in await self.storage.actions(row.id):
            resolution = match.apply(entry.seat, Action.from_json(entry.action))
            lines += _public(resolution.steps, names, language)
        record = None
        if match.over:
            record = match.record({"match_id": row.id, "players": list(names)})
        return lines, record

    # -- ending -------------------------------------------------------------------------------

    async def abandon(self, match_id: int, by: int) -> None:
        """End an active match without a result (someone who may manage its channel); the
        players are told, their controls taken away."""
        async with self.hold(match_id) as held:
            row = await held.match(match_id)
            players = await held.players(match_id)
            await held.abandon(match_id)
            self.drop(match_id)
        log.info("match %d: ended by a moderator", match_id)
        if row is not None:
            names = tuple(p.name for p in players)
            users = tuple(p.user_id for p in players)
            self.presenter.ended(
                Ended(
                    match_id,
                    row.channel_id,
                    row.guild_id,
                    row.ruleset,
                    names,
                    users,
                    by,
                    row.language,
                )
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
        row.language,
    )


def _player(row: PlayerRow, clocks: Sequence[Clock] = ()) -> Player:
    clock = clocks[row.seat] if row.seat < len(clocks) else Clock(None)
    return Player(row.seat, row.user_id, row.name, row.deck, clock, row.cpu)


def _public(steps: Sequence[Step], names: Sequence[str], language: str) -> list[str]:
    return [name_seats(in_language(s.caption, language), names) for s in steps if s.public]
