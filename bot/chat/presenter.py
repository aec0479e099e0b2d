"""The presenter: shows what the match service committed, in the channel and in players' DMs.

It is handed values (:class:`~bot.table.live.Committed`, :class:`~bot.table.live.Ended`,
:class:`~bot.table.live.Reminder`, a closed :class:`~bot.table.lobby.Lobby`) and never calls
back into the match service; what it sent it records in its own :class:`~bot.chat.book.
MessageBook`. Work for one match runs in order, in one task per match, so a slow reveal never
holds the match's lock and a player's next click is answered at once. With several bot
processes, each shows what it committed, in commit order across them: a run of resolutions
waits until the match's shown counter says every earlier one is shown, then moves it on.
Pictures are drawn off the event loop. When drawing falls behind (more work for a match arrived
while it was drawing), the waiting resolutions are shown as one: every caption listed, only the
newest picture drawn, and each seat's table once. Failed Discord calls are retried (server
errors), logged with the match id, and never lose the match: the next step posts afresh.

Messages (one notification per move):

- **The channel**: one board message per wait, an attachment (shown at full width) with its
  text beside it: posted when a turn starts or the game starts waiting on someone new, naming
  whom it waits on, and edited step by step by every other resolution (``step_delay`` apart, or
  the server's own pacing), at most ``MOST_PICTURES`` pictures per resolution. Mentions notify
  only seats whose DMs are closed: the others are notified by their DM. The end posts the result
  with its picture and a Rematch button.
- **A seat's DM**: its table (the board from its side, with its hand) and its controls. A new
  message only when the game starts waiting on it, or at the end (won, lost or draw, with the
  result picture and a link to the channel's result); the message it replaces collapses to one
  line without picture or controls. Every other change is an edit in place, which does not
  notify. A moderator's ending tells each player and takes their controls away.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import weakref
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar

import discord

from rules.engine import Step

from ..table.games import public_facts
from ..table.live import Committed, Ended, Hand, Reminder, SeatNews
from ..table.lobby import Lobby
from ..texts import (
    board_text,
    cannot_post_text,
    dms_closed_text,
    ended_board_text,
    ended_collapsed_text,
    ended_dm_text,
    hand_text,
    jump_url,
    lobby_closed_text,
    named,
    reminder_text,
    result_text,
    speaking,
    superseded_text,
)
from .book import MessageBook
from .controls import ControlId, main_menu
from .languages import Languages
from .painters import CHANNEL, LATER, SEAT, Painters
from .settling import Settling
from .views import board_view, lobby_message, menu_view, open_dm, png, result_view

__all__ = ["MOST_PICTURES", "Presenter", "Renderer", "merged", "paced", "shed"]

log = logging.getLogger(__name__)
T = TypeVar("T")
RETRY_PAUSES = (0.25, 1.0)
DMS_CLOSED = 50007
MOST_PICTURES = 8
"""At most this many pictures (edits) per resolution: a longer chain shows a few steps per
picture, every caption still listed, so it neither floods the channel nor takes minutes."""


@dataclass(frozen=True, slots=True)
class Recheck:
    """After a restart: a seat's table, to be compared with what its DM message shows."""

    hand: Hand


Work = Committed | Ended | Reminder | Lobby | Recheck
Run = list[Committed] | Ended | Reminder | Lobby | Recheck
"""What the worker shows in one go: consecutive resolutions together, else one thing."""


def paced(steps: Sequence[Step], most: int) -> list[tuple[Step, ...]]:
    """Consecutive steps in at most ``most`` groups, one picture each; the later groups, where
    a chain ends, are the smaller ones."""
    count = max(1, min(most, len(steps)))
    size, longer = divmod(len(steps), count)
    groups, start = [], 0
    for i in range(count):
        end = start + size + (1 if i < longer else 0)
        groups.append(tuple(steps[start:end]))
        start = end
    return groups


def shed(
    groups: Sequence[tuple[Step, ...]], behind: Callable[[], bool]
) -> Iterator[tuple[tuple[Step, ...], bool]]:
    """The groups of a reveal to draw, one picture each, with whether each is the last: once
    drawing falls ``behind``, the groups left are one picture (every caption still listed)."""
    for i, group in enumerate(groups):
        if i < len(groups) - 1 and behind():
            yield tuple(step for rest in groups[i:] for step in rest), True
            return
        yield group, i == len(groups) - 1


def merged(batch: Sequence[Committed]) -> Committed:
    """Resolutions of one match that waited while drawing fell behind, as one: every step (each
    caption is listed), the newest state, each seat's newest table (pinged if any was), and
    the seats still waited on that were newly so."""
    last = batch[-1]
    if len(batch) == 1:
        return last
    news: dict[int, SeatNews] = {}
    for c in batch:
        for n in c.seats:
            seat = n.hand.seat
            ping = n.ping or (seat in news and news[seat].ping)
            news[seat] = SeatNews(n.hand, ping)
    newly = {s for c in batch for s in c.newly_waiting}
    return replace(
        last,
        steps=tuple(s for c in batch for s in c.steps),
        seats=tuple(news[s] for s in sorted(news)),
        new_turn=any(c.new_turn for c in batch),
        newly_waiting=tuple(s for s in last.pending if s in newly),
        notes=tuple(n for c in batch for n in c.notes),
    )


class Renderer(Protocol):
    """What draws the pictures (``rendering``), each in a language: a match's in the match's
    (``docs/i18n.md``), a card's in its asker's."""

    def board_png(
        self,
        ruleset: str,
        view: Any,
        names: Any,
        step: Step | None = None,
        *,
        seat: int | None = None,
        before: Any = None,
        language: str = "en",
    ) -> bytes: ...

    def table_png(
        self,
        ruleset: str,
        view: Any,
        names: Any,
        seat: int,
        step: Step | None = None,
        *,
        language: str = "en",
    ) -> bytes: ...

    def hand_png(self, ruleset: str, view: Any, names: Any, *, language: str = "en") -> bytes: ...

    def result_png(self, ruleset: str, view: Any, names: Any, *, language: str = "en") -> bytes: ...

    def card_png(self, ruleset: str, card: Any, *, language: str = "en") -> bytes: ...


class Presenter:
    def __init__(
        self,
        client: discord.Client,
        renderer: Renderer,
        book: MessageBook,
        *,
        step_delay: float,
        most_pictures: int = MOST_PICTURES,
        pacing: Callable[[int | None], float | None] | None = None,
        painters: Painters | None = None,
        languages: Languages | None = None,
    ) -> None:
        self.client = client
        self.languages = languages or Languages(book.storage)
        """Whose DMs are in which language: the match's posts are in its own."""
        self.renderer = renderer
        self.book = book
        self.step_delay = step_delay
        self.pacing = pacing
        self.most_pictures = most_pictures
        self.painters = painters or Painters(processes=False)
        self._queues: dict[int, list[Work]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        # Silent edits of a seat's table, off its match's line: the newest per seat waits here
        # while an editor task shows the one before (see ``_edit_later``).
        self._later: dict[tuple[int, int], tuple[Hand, int]] = {}
        self._editors: dict[tuple[int, int], asyncio.Task[None]] = {}
        # One seat's DM at a time: its match's line and its editor never interleave a check of
        # what the message shows with the call that changes it.
        self._seat_locks: weakref.WeakValueDictionary[tuple[int, int], asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self.merges = 0
        """How many times waiting resolutions were shown as one (drawing fell behind)."""
        # Per match, the first resolution its line is showing or waiting to show (its turn
        # comes once every earlier one is shown, by whichever process committed it).
        self._line_at: dict[int, int] = {}
        self._aside: set[asyncio.Task[None]] = set()
        self.settling = Settling(book.storage)
        """What this process has left to show, per match: a match with nothing is settled."""

    # -- queueing -----------------------------------------------------------------------------

    def present(self, committed: Committed) -> None:
        match_id = committed.match_id
        self.settling.handed(match_id, committed.presented)
        waiting = self._line_at.get(match_id)
        if waiting is not None and committed.presented < waiting:
            # Earlier than what the match's line waits to show: a resolution another process
            # committed and left unshown when it stopped, taken over by this one. Its turn
            # comes first, so it is shown on its own, not behind the line that waits for it.
            shown = self._aside_resolution(committed)
            task = asyncio.get_running_loop().create_task(shown)
            self._aside.add(task)
            self.settling.begin(match_id)
            task.add_done_callback(self._aside.discard)
            task.add_done_callback(lambda _: self.settling.end(match_id))
            return
        self._queue(committed.match_id, committed)

    async def _aside_resolution(self, committed: Committed) -> None:
        with speaking(committed.language):
            await self._resolutions([committed], aside=True)

    def ended(self, ended: Ended) -> None:
        self._queue(ended.match_id, ended)

    def remind(self, reminder: Reminder) -> None:
        self._queue(reminder.match_id, reminder)

    def lobby_closed(self, lobby: Lobby) -> None:
        self._queue(lobby.row.id, lobby)

    def recheck(self, hand: Hand) -> None:
        """After a restart, once what was committed but not shown is: make sure the seat's DM
        shows its table as it is. A process killed between showing a move and editing a
        seat's table (the actor's own answer, a silent edit) left it behind; it is redrawn."""
        self.settling.handed(hand.match_id, hand.at)
        self._queue(hand.match_id, Recheck(hand))

    def answering(self, match_id: int) -> AbstractAsyncContextManager[None]:
        """Inside: an interaction commits an action of the match and answers with the seat's
        table, so the match is not settled before that answer is given."""
        return self.settling.working(match_id)

    def _queue(self, match_id: int, work: Work) -> None:
        self._queues.setdefault(match_id, []).append(work)
        if match_id not in self._workers:
            task = asyncio.get_running_loop().create_task(
                self._work(match_id), name=f"parlor-present-{match_id}"
            )
            self._workers[match_id] = task
            self.settling.begin(match_id)

    async def _work(self, match_id: int) -> None:
        """Show a match's work in order until none is left; resolutions that queued up while
        the previous ones were shown are shown as one."""
        try:
            while self._queues.get(match_id):
                batch, self._queues[match_id] = self._queues[match_id], []
                for item in _runs(batch):
                    try:
                        await self._one(item)
                    except Exception:
                        log.exception("match %d: showing a resolution failed", match_id)
        finally:
            self._queues.pop(match_id, None)
            self._workers.pop(match_id, None)
            self.settling.end(match_id)

    async def _one(self, item: Run) -> None:
        """Show one run, in the match's language (a DM speaks its reader's: ``_to_seat``)."""
        with speaking(_language(item)):
            await self._one_of(item)

    async def _one_of(self, item: Run) -> None:
        if isinstance(item, list):
            await self._resolutions(item)
        elif isinstance(item, Ended):
            await self._ended(item)
        elif isinstance(item, Reminder):
            await self._remind(item)
        elif isinstance(item, Recheck):
            await self._recheck(item.hand)
        else:
            await self._lobby_closed(item)

    async def _resolutions(self, batch: list[Committed], *, aside: bool = False) -> None:
        """Consecutive resolutions of a match (as one when more than one), in commit order:
        once every resolution before them is shown, by whichever process committed it. Then
        the match's shown counter moves past them, even if showing them failed (else its next
        pictures would wait for them forever)."""
        match_id = batch[0].match_id
        if not aside:
            self._line_at[match_id] = batch[0].presented
        try:
            shown = await self.book.turn(match_id, batch[0].presented)
        finally:
            if not aside:
                self._line_at.pop(match_id, None)
        batch = [c for c in batch if c.presented > shown]  # another process took some over
        if not batch:
            return
        if len(batch) > 1:
            self.merges += 1
        try:
            await self._show(merged(batch), behind=len(batch) > 1)
        except Exception:
            log.exception("match %d: showing a resolution failed", match_id)
        await self.book.note_presented(match_id, batch[0].presented - 1, batch[-1].presented)
        if batch[-1].result is not None:
            self.book.forget(match_id)

    async def idle(self) -> None:
        """Wait until every queued job has run (for tests and shutdown)."""
        while self._workers or self._editors or self._aside:
            await asyncio.wait([*self._workers.values(), *self._editors.values(), *self._aside])

    async def draw(
        self, paint: Callable[..., bytes], *args: Any, line: int = SEAT, **kwargs: Any
    ) -> bytes:
        """Draw a picture off the event loop, in its line (``bot.chat.painters``): ``SEAT``
        unless said otherwise."""
        return await self.painters.draw(paint, *args, line=line, **kwargs)

    def close(self) -> None:
        self.painters.close()
        self.settling.close()

    # -- Discord calls ------------------------------------------------------------------------

    async def _call(self, match_id: int, what: str, call: Callable[[], Awaitable[T]]) -> T:
        """Make a Discord call, retrying server errors; others are raised to the caller."""
        for pause in (*RETRY_PAUSES, None):
            try:
                return await call()
            except discord.HTTPException as exc:
                if exc.status < 500 or pause is None:
                    raise
                log.warning("match %d: %s failed (HTTP %d); retrying", match_id, what, exc.status)
                await asyncio.sleep(pause)
        raise AssertionError("unreachable")

    def _channel(self, channel_id: int, guild_id: int | None) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id, guild_id=guild_id)

    def _dm(self, dm_channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(dm_channel_id, type=discord.ChannelType.private)

    # -- a resolution -------------------------------------------------------------------------

    async def _show(self, c: Committed, *, behind: bool = False) -> None:
        await self._steps(c, behind)
        result_url = None
        result_png = None
        if c.result is not None:
            result_png = await self.draw(
                self.renderer.result_png,
                c.ruleset,
                c.public_view,
                c.names,
                language=c.language,
                line=CHANNEL,
            )
            result_url = await self._result(c, result_png)
        told = []
        for news in c.seats:
            if c.result is not None:
                told.append(self._last_word(news.hand, result_png, result_url))
            elif news.ping:
                told.append(self.send_hand(news.hand, new=True))
            else:
                self._edit_later(news.hand)
        # Each seat's DM is its own: they are drawn and sent side by side.
        for failed in await asyncio.gather(*told, return_exceptions=True):
            if isinstance(failed, Exception):
                log.error("match %d: telling a seat failed", c.match_id, exc_info=failed)

    async def _steps(self, c: Committed, behind: bool) -> None:
        public = c.public_steps
        if not public:
            return
        record = await self.book.of(c.match_id)
        board = record.board_message_id
        closed = record.closed()
        # A new message for a new turn, or for a player the game waits on anew who can be told
        # only here (closed DMs: its mention notifies); the others hear it by DM, and the turn's
        # message is edited in place, so a game that hands priority to and fro (charm's answers)
        # keeps one message a turn.
        fresh = c.new_turn or bool(set(c.newly_waiting) & closed) or board is None
        if fresh:
            record.captions = []
        captions = record.captions
        facts = public_facts(c.public_view)
        channel = self._channel(c.channel_id, c.guild_id)
        # Behind (this match's resolutions queued up, or the painters have more urgent work
        # than workers): one picture of the newest state, with every caption.
        groups = paced(public, 1 if behind or self.painters.behind() else self.most_pictures)
        for i, (group, final) in enumerate(shed(groups, self.painters.behind)):
            current = len(captions)
            if i == 0:
                captions += [named(note, c.names) for note in c.notes]
            captions += [named(step.caption, c.names) for step in group]
            step = group[-1]
            view = step.views[None] if step.views is not None else c.public_view
            # The view before the picture's steps keeps a card that left the board in its
            # slot, marked, with the others in place.
            data = await self.draw(
                self.renderer.board_png,
                c.ruleset,
                view,
                c.names,
                step,
                before=record.last_view,
                language=c.language,
                line=CHANNEL,
            )
            record.last_view = view
            text = board_text(c, captions, current, final=final, facts=facts, closed=closed)
            try:
                if fresh or board is None:
                    board = await self._post_board(c, channel, text, data, closed)
                    fresh = False
                else:
                    await self._edit_board(c, channel, board, text, data)
            except discord.NotFound:
                board = await self._post_board(c, channel, text, data, closed)
            except discord.HTTPException as exc:
                log.error("match %d: could not show step %d (HTTP %d)", c.match_id, i, exc.status)
                board = board if not fresh else None
                if isinstance(exc, discord.Forbidden):
                    await self._cannot_post(c)
            delay = self.delay_in(c.guild_id)
            if not final and delay:
                await asyncio.sleep(delay)

    def delay_in(self, guild_id: int | None) -> float:
        """Seconds between a reveal's pictures: the server's pacing, else the bot's."""
        own = self.pacing(guild_id) if self.pacing is not None else None
        return self.step_delay if own is None else own

    async def _post_board(
        self,
        c: Committed,
        channel: discord.PartialMessageable,
        text: str,
        data: bytes,
        closed: frozenset[int],
    ) -> int:
        # Named as mentions; notified only where no DM can reach them (closed DMs): a DM
        # notifies the others, once.
        notify = [discord.Object(c.user_ids[s]) for s in c.newly_waiting if s in closed]
        message = await self._call(
            c.match_id,
            "posting the board",
            lambda: channel.send(
                content=text,
                file=png(data, "board.png"),
                view=board_view(c.match_id),
                allowed_mentions=discord.AllowedMentions(users=notify, roles=False, everyone=False),
            ),
        )
        await self.book.note_board(c.match_id, message.id)
        return message.id

    async def _edit_board(
        self, c: Committed, channel: discord.PartialMessageable, board: int, text: str, data: bytes
    ) -> None:
        await self._call(
            c.match_id,
            "editing the board",
            lambda: channel.get_partial_message(board).edit(
                content=text,
                attachments=[png(data, "board.png")],
                allowed_mentions=discord.AllowedMentions.none(),
            ),
        )

    async def _result(self, c: Committed, data: bytes) -> str | None:
        """Post the result with its picture; the message's link, if it was posted."""
        channel = self._channel(c.channel_id, c.guild_id)
        closed = (await self.book.of(c.match_id)).closed()
        notify = [discord.Object(c.user_ids[s]) for s in sorted(closed)]
        try:
            message = await self._call(
                c.match_id,
                "posting the result",
                lambda: channel.send(
                    content=result_text(c),
                    file=png(data, "result.png"),
                    view=result_view(c.match_id),
                    allowed_mentions=discord.AllowedMentions(users=notify, roles=False),
                ),
            )
        except discord.HTTPException as exc:
            log.error("match %d: could not post the result (HTTP %d)", c.match_id, exc.status)
            if isinstance(exc, discord.Forbidden):
                await self._cannot_post(c)
            return None
        return jump_url(c.guild_id, c.channel_id, message.id)

    async def _cannot_post(self, c: Committed) -> None:
        """The bot may not post in the match's channel: tell the players, once, by DM (so it
        does not fail silently); the match itself goes on and /board still works."""
        record = await self.book.of(c.match_id)
        if record.told_cannot_post:
            return
        record.told_cannot_post = True
        for seat, player in sorted(record.seats.items()):
            if player.dms_closed or player.dm_channel_id is None:
                continue
            try:
                with speaking(await self.languages.dm(player.user_id)):
                    text = cannot_post_text(c.match_id, c.channel_id)
                await self._dm(player.dm_channel_id).send(text)
            except discord.HTTPException as exc:
                log.warning("match %d: could not tell seat %d (%s)", c.match_id, seat, exc)

    # -- a seat's table -----------------------------------------------------------------------

    async def hand_reply(
        self, hand: Hand, note: str = "", *, line: int = SEAT, picture: bool = True
    ) -> dict[str, Any]:
        """The parts of a seat's table message: its text, picture and controls (without
        ``picture``, text and controls only: the message keeps the picture it has)."""
        menu = (
            None
            if hand.over or not hand.specs
            else main_menu(hand.match_id, hand.shown, hand.version, kind_name=hand.kind_name)
        )
        text = hand_text(hand, menu.heading if menu else "", note or (menu.note if menu else ""))
        parts: dict[str, Any] = {"content": text, "view": menu_view(menu) if menu else None}
        if picture:
            data = await self.draw(
                self.renderer.table_png,
                hand.ruleset,
                hand.view,
                hand.names,
                hand.seat,
                language=hand.language,
                line=line,
            )
            parts["file"] = png(data, "table.png")
        return parts

    async def _dm_channel(self, match_id: int, seat: int) -> discord.PartialMessageable | None:
        player = await self.book.seat(match_id, seat)
        if player.dms_closed:
            return None
        if player.dm_channel_id is None:
            dm_id = await open_dm(self.client, player.user_id)
            await self.book.note_dms(match_id, player.user_id, closed=False, dm_channel_id=dm_id)
            return self._dm(dm_id)
        return self._dm(player.dm_channel_id)

    async def send_hand(self, hand: Hand, *, new: bool, note: str = "") -> None:
        """Send a seat its table by DM as a new message (``new``: it notifies), collapsing the
        one it replaces (deleting it, if it was this turn's: one line a turn is enough); or edit
        the one it has there."""
        if new:
            self._later.pop((hand.match_id, hand.seat), None)  # this one is newer
        await self._to_seat(hand, lambda: self.hand_reply(hand, note), new=new, table=True)

    async def _recheck(self, hand: Hand) -> None:
        """Redraw a seat's table whose DM message shows other controls than its state's (their
        custom ids carry the state version), in place."""
        player = await self.book.seat(hand.match_id, hand.seat)
        if player.dms_closed or player.dm_channel_id is None or player.hand_message_id is None:
            return
        channel, message_id = self._dm(player.dm_channel_id), player.hand_message_id
        try:
            message = await self._call(
                hand.match_id, "reading a hand", lambda: channel.fetch_message(message_id)
            )
        except discord.NotFound:
            message = None
        wanted = {hand.version} if hand.specs and not hand.over else set()
        if message is not None and _versions(message) == wanted:
            return
        log.info("match %d: seat %d's table was behind; redrawn", hand.match_id, hand.seat)
        await self._to_seat(hand, lambda: self.hand_reply(hand), new=False)

    def picture_later(self, hand: Hand) -> None:
        """Draw a seat's table for a message whose text and controls already show ``hand``
        (an answer given before its picture, while drawing falls behind)."""
        self._edit_later(hand, SEAT)

    def _edit_later(self, hand: Hand, line: int = LATER) -> None:
        """Edit a seat's table in place, off its match's line, so it never holds up the
        match's next board: a silent edit nobody waits for is drawn after every picture someone
        does (``LATER``). Only the newest waiting edit of a seat is shown, in the earliest line
        any of those it replaces asked for."""
        key = (hand.match_id, hand.seat)
        waiting = self._later.get(key)
        if waiting is None:
            self._later[key] = (hand, line)
        else:
            newest = hand if waiting[0].at <= hand.at else waiting[0]
            self._later[key] = (newest, min(line, waiting[1]))
        if key not in self._editors:
            task = asyncio.get_running_loop().create_task(
                self._edit(key), name=f"parlor-edit-{hand.match_id}-{hand.seat}"
            )
            self._editors[key] = task
            self.settling.begin(hand.match_id)

    async def _edit(self, key: tuple[int, int]) -> None:
        try:
            while (waiting := self._later.pop(key, None)) is not None:
                hand, line = waiting
                try:
                    parts = functools.partial(self.hand_reply, hand, line=line)
                    await self._to_seat(hand, parts, new=False)
                except Exception:
                    log.exception("match %d: editing seat %d's table failed", *key)
        finally:
            self._editors.pop(key, None)
            self.settling.end(key[0])

    def _seat_lock(self, match_id: int, seat: int) -> asyncio.Lock:
        key = (match_id, seat)
        lock = self._seat_locks.get(key)
        if lock is None:
            lock = self._seat_locks[key] = asyncio.Lock()
        return lock

    async def _last_word(self, hand: Hand, picture: bytes | None, result_url: str | None) -> None:
        """The end, told to a seat: won, lost or draw, the result picture and its link."""
        self._later.pop((hand.match_id, hand.seat), None)

        async def parts() -> dict[str, Any]:
            out: dict[str, Any] = {"content": hand_text(hand, result_url=result_url), "view": None}
            if picture is not None:
                out["file"] = png(picture, "result.png")
            return out

        await self._to_seat(hand, parts, new=True)

    async def _to_seat(
        self,
        hand: Hand,
        parts: Callable[[], Awaitable[dict[str, Any]]],
        *,
        new: bool,
        table: bool = False,
    ) -> None:
        """A seat's table to its DM, in its reader's language."""
        with speaking(await self.languages.dm(hand.user_id)):
            await self._to_seat_in_language(hand, parts, new=new, table=table)

    async def _to_seat_in_language(
        self,
        hand: Hand,
        parts: Callable[[], Awaitable[dict[str, Any]]],
        *,
        new: bool,
        table: bool = False,
    ) -> None:
        mid, seat = hand.match_id, hand.seat
        record = await self.book.of(mid)
        if not new and record.newer_shown(seat, hand.at):
            return  # the seat's own answer already shows a newer table: no stale edit over it
        try:
            channel = await self._dm_channel(mid, seat)
            if channel is None:
                return
            made = await parts()  # drawn outside the seat's lock: the drawing takes the time
            async with self._seat_lock(mid, seat):
                # A newer table was put there while this one was drawn (here, or on a shared
                # store by another process): no stale edit over it.
                if not await self.book.claim(mid, seat, hand.at) and not new:
                    return
                old = (await self.book.seat(mid, seat)).hand_message_id
                if not new and old is not None:
                    try:
                        await self._call(
                            mid,
                            "editing a hand",
                            lambda: channel.get_partial_message(old).edit(
                                content=made["content"],
                                attachments=[made["file"]] if "file" in made else [],
                                view=made["view"],
                            ),
                        )
                        record.note_shown(seat, hand.at)
                        return
                    except discord.NotFound:
                        made = await parts()
                send = {k: v for k, v in made.items() if v is not None}
                message = await self._call(mid, "sending a hand", lambda: channel.send(**send))
                await self.book.note_hand(mid, seat, message.id)
                record.note_shown(seat, hand.at)
                same_turn = (
                    table and hand.turn is not None and record.hand_turns.get(seat) == hand.turn
                )
                record.hand_turns[seat] = hand.turn
                if old is not None and old != message.id:
                    if same_turn:  # one line per turn is enough: the newer table is right below
                        await self._remove(mid, channel, old)
                    else:
                        await self._collapse(mid, channel, old, superseded_text(mid, hand.turn))
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                raise
            with speaking(hand.language):  # said in the match's channel
                await self.dms_closed(mid, seat, hand.user_id, hand.channel_id)

    async def _collapse(self, match_id: int, channel: Any, message_id: int, text: str) -> None:
        """Collapse a hand message to one line, without picture or controls."""
        try:
            await channel.get_partial_message(message_id).edit(
                content=text, attachments=[], view=None
            )
        except discord.HTTPException as exc:
            log.info("match %d: an old hand message could not be collapsed (%s)", match_id, exc)

    async def _remove(self, match_id: int, channel: Any, message_id: int) -> None:
        """Take away a hand message replaced within its turn (collapse it, if that fails)."""
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException as exc:
            log.info("match %d: an old hand message could not be removed (%s)", match_id, exc)
            await self._collapse(match_id, channel, message_id, superseded_text(match_id))

    async def dms_closed(self, match_id: int, seat: int, user_id: int, channel_id: int) -> None:
        """A player's DMs are closed: remember it, and say so in the channel (never silently)."""
        await self.book.note_dms(match_id, user_id, closed=True)
        log.info("match %d: seat %d has closed DMs", match_id, seat)
        try:
            await self._channel(channel_id, None).send(
                dms_closed_text(user_id),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        except discord.HTTPException as exc:
            log.error("match %d: could not tell seat %d about closed DMs (%s)", match_id, seat, exc)

    # -- the clock ----------------------------------------------------------------------------

    async def _remind(self, reminder: Reminder) -> None:
        with speaking(await self.languages.dm(reminder.user_id)):  # to them, wherever it goes
            text = reminder_text(reminder)
        player = await self.book.seat(reminder.match_id, reminder.seat)
        try:
            if player.dm_channel_id is not None and not player.dms_closed:
                await self._dm(player.dm_channel_id).send(text)
                return
        except discord.HTTPException as exc:
            log.info(
                "match %d: DM reminder failed (%s); reminding in the channel",
                reminder.match_id,
                exc,
            )
        await self._channel(reminder.channel_id, None).send(
            f"<@{reminder.user_id}> {text}", allowed_mentions=discord.AllowedMentions(users=True)
        )

    # -- endings without a result -------------------------------------------------------------

    async def _ended(self, ended: Ended) -> None:
        """A moderator ended the match: the board says so and loses its controls; each player
        is told by DM and their table loses its controls."""
        mid = ended.match_id
        record = await self.book.of(mid)
        if record.board_message_id is not None:
            channel = self._channel(ended.channel_id, ended.guild_id)
            try:
                await channel.get_partial_message(record.board_message_id).edit(
                    content=ended_board_text(ended, record.captions),
                    view=None,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            except discord.HTTPException as exc:
                log.warning("match %d: the board could not be marked ended (%s)", mid, exc)
        for seat, player in sorted(record.seats.items()):
            if player.dms_closed or player.dm_channel_id is None:
                continue
            channel = self._dm(player.dm_channel_id)
            with speaking(await self.languages.dm(player.user_id)):
                told, collapsed = ended_dm_text(ended), ended_collapsed_text(mid)
            try:
                await channel.send(told)
            except discord.HTTPException as exc:
                log.warning("match %d: could not tell seat %d it ended (%s)", mid, seat, exc)
            if player.hand_message_id is not None:
                await self._collapse(mid, channel, player.hand_message_id, collapsed)
        self.book.forget(mid)

    # -- lobbies ------------------------------------------------------------------------------

    async def _lobby_closed(self, lobby: Lobby) -> None:
        """A lobby closed (it expired, its creator left, or it was cancelled): its message says
        why, without controls, and one channel message mentions those it leaves waiting. A
        mention rather than a DM: it reaches players whose DMs are closed too, and it sits
        beside the lobby that everyone who joined saw."""
        row = lobby.row
        channel = self._channel(row.channel_id, row.guild_id)
        if row.lobby_message_id is not None:
            try:
                await channel.get_partial_message(row.lobby_message_id).edit(
                    **lobby_message(lobby, controls=False)
                )
            except discord.HTTPException as exc:
                log.warning("match %d: the closed lobby could not be updated (%s)", row.id, exc)
        text = lobby_closed_text(lobby)
        if text is None:
            return
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException as exc:
            log.error("match %d: could not say why the lobby closed (%s)", row.id, exc)


def _language(item: Run) -> str:
    """The language of a match's posts, from what is shown of it."""
    if isinstance(item, list):
        return item[-1].language
    if isinstance(item, Lobby):
        return item.row.language
    if isinstance(item, Recheck):
        return item.hand.language
    if isinstance(item, Ended):
        return item.language
    return "en"  # a reminder: told to its player, in their own language (``_remind``)


def _versions(message: discord.Message) -> set[str | None]:
    """The state versions a table message's controls carry (none: no controls)."""
    found = set()
    for row in message.components:
        for item in getattr(row, "children", [row]):
            cid = ControlId.parse(getattr(item, "custom_id", None) or "")
            if cid is not None:
                found.add(cid.version)
    return found


def _runs(batch: Sequence[Work]) -> list[Run]:
    """A batch in order, consecutive resolutions together (they are shown as one), but not
    across one another process committed in between (it shows that one, in turn)."""
    out: list[Run] = []
    for item in batch:
        if isinstance(item, Committed):
            last = out[-1] if out else None
            if isinstance(last, list) and last[-1].presented + 1 == item.presented:
                last.append(item)
            else:
                out.append([item])
        else:
            out.append(item)
    return out
