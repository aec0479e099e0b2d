"""The match service's values: a live match, a seat's hand, and a job for the presenter.

A :class:`LiveMatch` is a match being played plus who sits where; only the match service
changes it, under the match's lock. :class:`Hand` and :class:`Job` are frozen snapshots taken
under that lock, so the presenter can show them later without ever reading live state.
None of them holds a Discord object or a database handle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.engine import ActionSpec, Match, Resolution, Result, Step

from .games import own_hand, starts_turn
from .seats import GIVE_UP, version
from .storage import Clock

__all__ = ["Before", "Hand", "Job", "LiveMatch", "Player", "Reminder"]

TIMED_OUT = "⏰ {seat%d} ran out of time."
"""The note shown when the clock acted for a seat (``{seatN}`` is replaced by its name)."""
FORFEITED = "⏰ {seat%d} forfeits after missing %d turns in a row."
"""The note shown when the clock gave up for a seat that missed too many turns."""


@dataclass
class Player:
    seat: int
    user_id: int
    name: str
    deck: str | None
    dm_channel_id: int | None
    dms_closed: bool
    hand_message_id: int | None
    clock: Clock


@dataclass(frozen=True, slots=True)
class Hand:
    """What one seat sees and may do, at one moment."""

    match_id: int
    channel_id: int
    ruleset: str
    seat: int
    user_id: int
    names: tuple[str, ...]
    view: Any
    specs: tuple[ActionSpec, ...]
    version: str
    notes: tuple[str, ...] = ()
    waiting_on: tuple[str, ...] = ()
    over: bool = False
    due_at: float | None = None


@dataclass(frozen=True, slots=True)
class Job:
    """One resolution (or the opening) to show: in the channel, and in the players' DMs."""

    match_id: int
    channel_id: int
    guild_id: int | None
    ruleset: str
    names: tuple[str, ...]
    user_ids: tuple[int, ...]
    steps: tuple[Step, ...]
    public_view: Any
    pending: tuple[int, ...]
    result: Result | None
    new_hands: tuple[Hand, ...]
    edit_hands: tuple[Hand, ...]
    presented: int
    new_turn: bool
    newly_waiting: tuple[int, ...] = ()
    dms_closed: frozenset[int] = frozenset()
    notes: tuple[str, ...] = ()
    """Public lines shown before the steps' captions (the clock acted for someone)."""

    @property
    def public_steps(self) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if s.public)


@dataclass(frozen=True, slots=True)
class Before:
    """What the service notes before applying an action, to tell what it changed: each seat's
    state version and own hand (by the ``hand`` convention), and whom the match waited on."""

    versions: dict[int, str]
    hands: dict[int, Any]
    pending: tuple[int, ...]


NOTHING_BEFORE = Before({}, {}, ())


@dataclass(frozen=True, slots=True)
class Reminder:
    match_id: int
    channel_id: int
    seat: int
    user_id: int
    dm_channel_id: int | None
    due_at: float
    last_chance: bool = False
    """Missing this turn too forfeits the match."""


@dataclass
class LiveMatch:
    id: int
    guild_id: int | None
    channel_id: int
    ruleset: str
    creator_id: int
    turn_limit: int
    match: Match[Any, Any]
    players: list[Player]
    presented: int
    forfeit_after: int = 0
    """Missed turns in a row after which a seat forfeits; 0: never."""
    sources: list[str] = field(default_factory=list)
    """Who made each of the match's actions ('player' or 'clock'), as stored."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def user_ids(self) -> tuple[int, ...]:
        return tuple(p.user_id for p in self.players)

    def seat_of(self, user_id: int) -> int | None:
        for p in self.players:
            if p.user_id == user_id:
                return p.seat
        return None

    def specs(self, seat: int) -> tuple[ActionSpec, ...]:
        return tuple(self.match.legal_actions(seat))

    def versions(self) -> dict[int, str]:
        return {p.seat: version(self.specs(p.seat)) for p in self.players}

    def before(self, actor: int | None) -> Before:
        """A note of the present, before ``actor`` acts (the actor's own hand is shown again
        anyway, so only the others' are looked at)."""
        hands = {p.seat: own_hand(self.match.view(p.seat)) for p in self.players if p.seat != actor}
        return Before(self.versions(), hands, self.match.pending())

    def missed_in_a_row(self, seat: int) -> int:
        """How many of the seat's latest actions the clock made: the turns it missed in a row.
        Only the seat's own action resets the count, so it is read from the stored log and
        survives restarts."""
        missed = 0
        for (actor, _), source in zip(
            reversed(self.match.actions), reversed(self.sources), strict=True
        ):
            if actor != seat:
                continue
            if source != "clock":
                break
            missed += 1
        return missed

    def clock_note(self, seat: int) -> str:
        """What the channel and hands say of the clock's latest action for ``seat``."""
        _, action = self.match.actions[-1]
        if action.kind in GIVE_UP:
            return FORFEITED % (seat, self.missed_in_a_row(seat))
        return TIMED_OUT % seat

    def waiting_on(self) -> tuple[str, ...]:
        return tuple(self.players[s].name for s in self.match.pending())

    def hand(
        self,
        seat: int,
        steps: Sequence[Step] = (),
        actor: int | None = None,
        notes: Sequence[str] = (),
    ) -> Hand:
        """A snapshot of ``seat``'s hand. Its notes are ``notes``, then the captions of
        ``steps`` (the latest resolution) private to the seat, and the public ones of its own
        short actions (the channel shows the rest)."""
        public = [s for s in steps if s.public]
        own = actor == seat and len(public) <= 2
        told = tuple(s.caption for s in steps if s.visible_to(seat) and (not s.public or own))
        specs = self.specs(seat)
        player = self.players[seat]
        return Hand(
            match_id=self.id,
            channel_id=self.channel_id,
            ruleset=self.ruleset,
            seat=seat,
            user_id=player.user_id,
            names=self.names,
            view=self.match.view(seat),
            specs=specs,
            version=version(specs),
            notes=(*notes, *told),
            waiting_on=self.waiting_on(),
            over=self.match.over,
            due_at=player.clock.due_at if seat in self.match.pending() else None,
        )

    def job(
        self,
        resolution: Resolution,
        answered_seat: int | None,
        before: Before,
        presented: int,
        *,
        opening: bool = False,
        timed_out: bool = False,
    ) -> Job:
        """What to show for a resolution (``before``: as things were before it). Seats whose
        options changed get a new hand message when a turn starts or when someone else acted;
        the actor's hand is otherwise edited in place, unless its own interaction answers with
        it (``answered_seat``); another seat's hand is edited when the resolution changed it
        (a mulligan's new cards) or told it something privately. ``timed_out``: the clock
        acted for the seat."""
        after = self.versions()
        new_turn = opening or starts_turn(resolution)
        actor = resolution.seat
        notes = (self.clock_note(actor),) if timed_out and actor is not None else ()
        new_hands: list[Hand] = []
        edit_hands: list[Hand] = []
        for p in self.players:
            seat = p.seat
            changed = before.versions.get(seat) != after[seat]
            if self.match.over or (changed and (new_turn or seat != actor)):
                new_hands.append(self.hand(seat, resolution.steps, actor, notes))
            elif seat == actor and answered_seat != actor:
                edit_hands.append(self.hand(seat, resolution.steps, actor, notes))
            elif seat != actor and self._news_for(seat, resolution, before):
                edit_hands.append(self.hand(seat, resolution.steps, actor))
        waiting = self.match.pending()
        return Job(
            match_id=self.id,
            channel_id=self.channel_id,
            guild_id=self.guild_id,
            ruleset=self.ruleset,
            names=self.names,
            user_ids=self.user_ids,
            steps=resolution.steps,
            public_view=self.match.view(None),
            pending=waiting,
            result=self.match.result,
            new_hands=tuple(new_hands),
            edit_hands=tuple(edit_hands),
            presented=presented,
            new_turn=new_turn,
            newly_waiting=tuple(s for s in waiting if s not in before.pending and s != actor),
            dms_closed=frozenset(p.seat for p in self.players if p.dms_closed),
            notes=notes,
        )

    def _news_for(self, seat: int, resolution: Resolution, before: Before) -> bool:
        """Whether a resolution by someone else changed ``seat``'s hand or told it something
        only it may know."""
        if seat in before.hands and before.hands[seat] != own_hand(self.match.view(seat)):
            return True
        return any(
            not step.public or any(e.to is not None for e in step.events_for(seat))
            for step in resolution.steps
            if step.visible_to(seat)
        )
