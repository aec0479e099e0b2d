"""The match service's values: a live match, and what it hands whoever presents it.

A :class:`LiveMatch` is a match being played plus who sits where; only the match service
changes it, under the match's lock. :class:`Hand`, :class:`Committed`, :class:`Ended` and
:class:`Reminder` are frozen snapshots taken under that lock, so the presenter can show them
later without ever reading live state or calling back. None of them holds a Discord object or a
database handle.

Who is told what, decided here because it is a matter of the game, not of Discord: a seat is
*pinged* (sent a new message, which notifies) only when the game starts waiting on it (a turn
starts for it, or someone else's move hands it the decision) and when the match ends; every
other change it may see is an edit in place, which does not notify. A CPU seat is told nothing:
it has no DMs, and it decides from the match itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.engine import ActionSpec, Match, Resolution, Result, Step, in_language
from rules.registry import get_ruleset

from .. import texts
from .games import starts_turn, turn_of
from .seats import GIVE_UP, version
from .storage import Clock

__all__ = ["Committed", "Ended", "Hand", "LiveMatch", "Player", "Reminder", "SeatNews"]


@dataclass
class Player:
    seat: int
    user_id: int
    name: str
    deck: str | None
    clock: Clock
    cpu: str | None = None
    """A CPU seat's strength; None for a person."""


@dataclass(frozen=True, slots=True)
class Hand:
    """What one seat sees and may do, at one moment: its table."""

    match_id: int
    channel_id: int
    ruleset: str
    seat: int
    user_id: int
    names: tuple[str, ...]
    view: Any
    specs: tuple[ActionSpec, ...]
    """Its legal actions as the rules give them: the same in every language (its ``version``
    is made from them); ``shown`` is how its controls show them."""
    version: str
    notes: tuple[str, ...] = ()
    waiting_on: tuple[str, ...] = ()
    over: bool = False
    due_at: float | None = None
    """When the seat's time runs out, if the game waits on it."""
    to_move: bool = False
    """The game waits on this seat."""
    turn: tuple[int, int | None] | None = None
    result: Result | None = None
    at: int = 0
    """How many actions the match had: which of two snapshots of a seat is the newer."""
    language: str = "en"
    """The match's language: its notes (captions) are in it, whoever reads them."""

    def kind_name(self, kind: str) -> str:
        """A kind of its actions as a menu of several is headed ("Play"), in the language
        spoken: its ruleset's word."""
        return in_language(get_ruleset(self.ruleset).kind_label(kind), texts.spoken())

    @property
    def shown(self) -> tuple[ActionSpec, ...]:
        """Its legal actions as its controls show them, one for one with ``specs``: in the
        language spoken where they are shown (the reader's), seats named by their players."""
        return texts.named_specs(self.specs, self.names)


@dataclass(frozen=True, slots=True)
class SeatNews:
    """A seat's table after a resolution, and whether it is pinged: a new message (the game
    starts waiting on it, or the match is over) rather than an edit in place."""

    hand: Hand
    ping: bool


@dataclass(frozen=True, slots=True)
class Committed:
    """One committed resolution (or the opening) to show: in the channel, and to the seats."""

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
    seats: tuple[SeatNews, ...]
    """The seats whose table changed, each once (the actor's is left out when its own
    interaction answers with it)."""
    presented: int
    """How many actions are shown once this is (the opening is 0)."""
    new_turn: bool
    newly_waiting: tuple[int, ...] = ()
    """Seats the game started waiting on: the channel names them (once per wait)."""
    notes: tuple[str, ...] = ()
    """Public lines shown before the steps' captions (the clock acted for someone)."""
    due: Mapping[int, float] = field(default_factory=dict)
    """When each waited-on seat's time runs out."""
    turn: tuple[int, int | None] | None = None
    language: str = "en"
    """The match's language: the channel's posts are in it."""

    @property
    def public_steps(self) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if s.public)


@dataclass(frozen=True, slots=True)
class Ended:
    """A match ended without a result, by someone who may manage its channel."""

    match_id: int
    channel_id: int
    guild_id: int | None
    ruleset: str
    names: tuple[str, ...]
    user_ids: tuple[int, ...]
    by: int
    language: str = "en"


@dataclass(frozen=True, slots=True)
class Reminder:
    match_id: int
    channel_id: int
    seat: int
    user_id: int
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
    language: str = "en"
    """What its channel posts, captions and notes are written in (``docs/i18n.md``)."""
    sources: list[str] = field(default_factory=list)
    """Who made each of the match's actions ('player', 'clock' or 'cpu'), as stored."""
    _memo: dict[Any, Any] = field(default_factory=dict, repr=False)
    _memo_at: int = -1

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def user_ids(self) -> tuple[int, ...]:
        return tuple(p.user_id for p in self.players)

    def cpu_to_move(self) -> Player | None:
        """A CPU seat the match waits on, if any (the first)."""
        if self.match.over:
            return None
        for seat in self.match.pending():
            if self.players[seat].cpu is not None:
                return self.players[seat]
        return None

    def seat_of(self, user_id: int) -> int | None:
        for p in self.players:
            if p.user_id == user_id:
                return p.seat
        return None

    # -- per state version, worked out once ---------------------------------------------------

    def _memoized(self, key: Any, make: Any) -> Any:
        """A value of the present state, worked out once: the memo is dropped when an action is
        accepted (the number of actions is the state's version)."""
        at = len(self.match.actions)
        if at != self._memo_at:
            self._memo.clear()
            self._memo_at = at
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def specs(self, seat: int) -> tuple[ActionSpec, ...]:
        """The seat's legal actions as the rules give them (English, seats ``{seat2}``): the
        same in every language, so the seat's version is too (``Hand.shown`` is what its
        controls show)."""
        return self._memoized(  # type: ignore[no-any-return]
            ("specs", seat), lambda: tuple(self.match.legal_actions(seat))
        )

    def version(self, seat: int) -> str:
        """The seat's state version (``seats.version``)."""

        def make() -> str:
            acted = sum(1 for s, _ in self.match.actions if s == seat)
            return version(self.specs(seat), seat, acted)

        return self._memoized(("version", seat), make)  # type: ignore[no-any-return]

    def view(self, seat: int | None) -> Any:
        return self._memoized(("view", seat), lambda: self.match.view(seat))

    # -- the clock ----------------------------------------------------------------------------

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
        with texts.speaking(self.language):  # a note every reader of the match shares
            if action.kind in GIVE_UP:
                return texts.forfeited_note(seat, self.missed_in_a_row(seat))
            return texts.timed_out_note(seat)

    def waiting_on(self) -> tuple[str, ...]:
        return tuple(self.players[s].name for s in self.match.pending())

    def due(self) -> dict[int, float]:
        return {
            s: due
            for s in self.match.pending()
            if (due := self.players[s].clock.due_at) is not None
        }

    # -- snapshots ----------------------------------------------------------------------------

    def hand(
        self,
        seat: int,
        steps: Sequence[Step] = (),
        actor: int | None = None,
        notes: Sequence[str] = (),
        handed: bool = False,
    ) -> Hand:
        """A snapshot of ``seat``'s table. Its notes are ``notes``, then the captions of
        ``steps`` (the latest resolution) private to the seat, the public ones of its own
        short actions, and, when another seat's move ``handed`` it a decision, the last public
        one: what it is asked to answer (the channel shows the rest)."""
        public = [s for s in steps if s.public]
        own = actor == seat and len(public) <= 2
        asking = public[-1] if handed and public else None
        told = tuple(
            s.caption for s in steps if s.visible_to(seat) and (not s.public or own or s is asking)
        )
        player = self.players[seat]
        match = self.match
        return Hand(
            match_id=self.id,
            channel_id=self.channel_id,
            ruleset=self.ruleset,
            seat=seat,
            user_id=player.user_id,
            names=self.names,
            view=self.view(seat),
            specs=self.specs(seat),
            version=self.version(seat),
            notes=(*notes, *told),
            waiting_on=self.waiting_on(),
            over=match.over,
            due_at=player.clock.due_at if seat in match.pending() else None,
            to_move=seat in match.pending() and not match.over,
            turn=turn_of(self.view(None)),
            result=match.result,
            at=len(match.actions),
            language=self.language,
        )

    def committed(
        self,
        resolution: Resolution,
        pending_before: Sequence[int],
        presented: int,
        *,
        answered: bool = False,
        opening: bool = False,
        timed_out: bool = False,
    ) -> Committed:
        """What to show for a resolution (``pending_before``: whom the match waited on before
        it). Each seat that may see one of its steps gets its table again: a new message if the
        game now starts waiting on it (a turn starts for it, or another seat's move gave it the
        decision) or the match is over, else an edit. The actor's table is left out when its
        own interaction answers with it (``answered``) and no new message is due. ``timed_out``:
        the clock acted for the seat."""
        match = self.match
        new_turn = opening or starts_turn(resolution)
        actor = resolution.seat
        notes = (self.clock_note(actor),) if timed_out and actor is not None else ()
        waiting = match.pending()
        over = match.over
        news = []
        for p in self.players:
            seat = p.seat
            if p.cpu is not None:
                continue  # a CPU has no table to show and nobody to tell
            ping = over or (
                seat in waiting and (new_turn or (seat not in pending_before and seat != actor))
            )
            if not ping and (seat == actor and answered):
                continue
            if ping or any(s.visible_to(seat) for s in resolution.steps):
                handed = ping and not new_turn and not over
                hand = self.hand(seat, resolution.steps, actor, notes, handed=handed)
                news.append(SeatNews(hand, ping))
        return Committed(
            match_id=self.id,
            channel_id=self.channel_id,
            guild_id=self.guild_id,
            ruleset=self.ruleset,
            names=self.names,
            user_ids=self.user_ids,
            steps=resolution.steps,
            public_view=self.view(None),
            pending=waiting,
            result=match.result,
            seats=tuple(news),
            presented=presented,
            new_turn=new_turn,
            newly_waiting=tuple(
                s for s in waiting if new_turn or (s not in pending_before and s != actor)
            ),
            notes=notes,
            due=self.due(),
            turn=turn_of(self.view(None)),
            language=self.language,
        )

    def ended(self, by: int) -> Ended:
        return Ended(
            self.id,
            self.channel_id,
            self.guild_id,
            self.ruleset,
            self.names,
            self.user_ids,
            by,
            self.language,
        )
