"""The presenter: shows what the match service committed, in the channel and in players' DMs.

Jobs of one match run one after another, in commit order, each in its own task, so a slow
reveal never holds the match's lock and a player's next click is answered at once. Pictures
are rendered off the event loop. Failed Discord calls are retried (server errors), logged with
the match id, and never lose the match: the next step posts afresh.

Message strategy: one channel message per turn. When a turn starts, or the game waits on
someone new, a new message is posted, mentioning whom the game now waits on; every other
resolution edits it, step by step (``step_delay`` apart, or the server's own pacing, which
``pacing`` gives by guild id; an edit per step stays well inside
Discord's rate limits, and the channel gets one message per turn, not one per step or per
move). A long chain of steps is shown in at most ``MOST_PICTURES`` pictures, every caption
listed. The end posts the result with the final board.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import discord

from rules.engine import Step

from ..table.games import public_facts
from ..table.live import Hand, Job, Reminder
from .controls import main_menu
from .texts import hand_text, lobby_closed_text, mentions, named, reminder_text
from .views import (
    board_view,
    lobby_embed,
    menu_view,
    open_dm,
    png,
    result_embed,
    result_view,
    turn_embed,
)

if TYPE_CHECKING:
    from ..table.lobby import Lobby
    from ..table.service import MatchService

__all__ = ["MOST_PICTURES", "Presenter", "Renderer", "paced"]

log = logging.getLogger(__name__)
T = TypeVar("T")
RETRY_PAUSES = (0.25, 1.0)
DMS_CLOSED = 50007
MOST_PICTURES = 8
"""At most this many pictures (edits) per resolution: a longer chain shows a few steps per
picture, every caption still listed, so it neither floods the channel nor takes minutes."""


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


class Renderer(Protocol):
    def board_png(self, ruleset: str, view: Any, names: Any, step: Step | None = None) -> bytes: ...

    def hand_png(self, ruleset: str, view: Any, names: Any) -> bytes: ...

    def result_png(self, ruleset: str, view: Any, names: Any) -> bytes: ...

    def card_png(self, ruleset: str, card: Any) -> bytes: ...


class Presenter:
    def __init__(
        self,
        client: discord.Client,
        renderer: Renderer,
        *,
        step_delay: float,
        most_pictures: int = MOST_PICTURES,
        pacing: Callable[[int | None], float | None] | None = None,
    ) -> None:
        self.client = client
        self.renderer = renderer
        self.step_delay = step_delay
        self.pacing = pacing
        self.most_pictures = most_pictures
        # Pictures are drawn in threads, as many as there are cores (at most four): more would
        # only take the interpreter lock from the event loop, and so delay every answer.
        self._painters = ThreadPoolExecutor(
            max_workers=max(1, min(4, os.cpu_count() or 1)), thread_name_prefix="parlor-draw"
        )
        self.service: MatchService | None = None
        self._tails: dict[int, asyncio.Task[None]] = {}
        self._captions: dict[int, list[str]] = {}
        self._told_cannot_post: set[int] = set()

    # -- queueing -----------------------------------------------------------------------------

    def present(self, job: Job) -> None:
        self._chain(job.match_id, self._show(job))

    def remind(self, reminder: Reminder) -> None:
        self._chain(reminder.match_id, self._remind(reminder))

    def lobby_closed(self, lobby: Lobby) -> None:
        self._chain(lobby.row.id, self._lobby_closed(lobby))

    def _chain(self, match_id: int, work: Coroutine[Any, Any, None]) -> None:
        previous = self._tails.get(match_id)
        task = asyncio.get_running_loop().create_task(
            self._after(previous, work, match_id), name=f"parlor-present-{match_id}"
        )
        self._tails[match_id] = task

        def forget(done: asyncio.Task[None]) -> None:
            if self._tails.get(match_id) is done:
                del self._tails[match_id]

        task.add_done_callback(forget)

    async def _after(
        self, previous: asyncio.Task[None] | None, work: Coroutine[Any, Any, None], match_id: int
    ) -> None:
        if previous is not None and not previous.done():
            await asyncio.wait([previous])
        try:
            await work
        except Exception:
            log.exception("match %d: showing a resolution failed", match_id)

    async def idle(self) -> None:
        """Wait until every queued job has run (for tests and shutdown)."""
        while self._tails:
            await asyncio.wait(list(self._tails.values()))

    async def draw(self, paint: Callable[..., bytes], *args: Any) -> bytes:
        """Draw a picture off the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self._painters, paint, *args)

    def close(self) -> None:
        self._painters.shutdown(wait=False, cancel_futures=True)

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

    def _channel(
        self, job_or_id: Job | int, guild_id: int | None = None
    ) -> discord.PartialMessageable:
        if isinstance(job_or_id, Job):
            return self.client.get_partial_messageable(
                job_or_id.channel_id, guild_id=job_or_id.guild_id
            )
        return self.client.get_partial_messageable(job_or_id, guild_id=guild_id)

    # -- a job --------------------------------------------------------------------------------

    async def _show(self, job: Job) -> None:
        assert self.service is not None
        await self._steps(job)
        if job.result is not None:
            await self._result(job)
        for hand in job.new_hands:
            await self.send_hand(hand, new=True)
        for hand in job.edit_hands:
            await self.send_hand(hand, new=False)
        if job.public_steps or job.new_hands or job.edit_hands:
            # Nothing else needs noting: showing a private step again after a restart is a no-op.
            await self.service.note_presented(job.match_id, job.presented)

    async def _steps(self, job: Job) -> None:
        public = job.public_steps
        if not public:
            return
        assert self.service is not None
        mid = job.match_id
        board = await self.service.board_message(mid)
        fresh = job.new_turn or bool(job.newly_waiting) or board is None
        captions = [] if fresh else self._captions.get(mid, [])
        self._captions[mid] = captions
        facts = public_facts(job.public_view)
        channel = self._channel(job)
        groups = paced(public, self.most_pictures)
        for i, group in enumerate(groups):
            current = len(captions)
            if i == 0:
                captions += [named(note, job.names) for note in job.notes]
            captions += [named(step.caption, job.names) for step in group]
            final = i == len(groups) - 1
            step = group[-1]
            view = step.views[None] if step.views is not None else job.public_view
            data = await self.draw(self.renderer.board_png, job.ruleset, view, job.names, step)
            embed = turn_embed(job, captions, current, facts if final else {}, final)
            try:
                if fresh or board is None:
                    board = await self._post_board(job, channel, embed, data)
                    fresh = False
                else:
                    await self._edit_board(job, channel, board, embed, data)
            except discord.NotFound:
                board = await self._post_board(job, channel, embed, data)
            except discord.HTTPException as exc:
                log.error("match %d: could not show step %d (HTTP %d)", mid, i, exc.status)
                board = board if not fresh else None
                if isinstance(exc, discord.Forbidden):
                    await self._cannot_post(job)
            delay = self.delay_in(job.guild_id)
            if not final and delay:
                await asyncio.sleep(delay)

    def delay_in(self, guild_id: int | None) -> float:
        """Seconds between a reveal's pictures: the server's pacing, else the bot's."""
        own = self.pacing(guild_id) if self.pacing is not None else None
        return self.step_delay if own is None else own

    async def _post_board(
        self, job: Job, channel: discord.PartialMessageable, embed: discord.Embed, data: bytes
    ) -> int:
        assert self.service is not None
        content = mentions(job.user_ids, job.pending) or None
        if content and job.dms_closed & set(job.pending):
            content += " · your cards: `/hand`"
        message = await self._call(
            job.match_id,
            "posting the board",
            lambda: channel.send(
                content=content,
                embed=embed,
                file=png(data, "board.png"),
                view=board_view(job.match_id),
                allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            ),
        )
        await self.service.note_board_message(job.match_id, message.id)
        return message.id

    async def _edit_board(
        self,
        job: Job,
        channel: discord.PartialMessageable,
        board: int,
        embed: discord.Embed,
        data: bytes,
    ) -> None:
        await self._call(
            job.match_id,
            "editing the board",
            lambda: channel.get_partial_message(board).edit(
                embed=embed, attachments=[png(data, "board.png")]
            ),
        )

    async def _result(self, job: Job) -> None:
        data = await self.draw(self.renderer.result_png, job.ruleset, job.public_view, job.names)
        channel = self._channel(job)
        # The clock's note (a forfeit) heads the result too: it is why the match ended.
        everyone = mentions(job.user_ids, range(len(job.user_ids)))
        content = " ".join([everyone, *(named(note, job.names) for note in job.notes)])
        try:
            await self._call(
                job.match_id,
                "posting the result",
                lambda: channel.send(
                    content=content,
                    embed=result_embed(job),
                    file=png(data, "result.png"),
                    view=result_view(job.match_id),
                    allowed_mentions=discord.AllowedMentions(users=True, roles=False),
                ),
            )
        except discord.HTTPException as exc:
            log.error("match %d: could not post the result (HTTP %d)", job.match_id, exc.status)
            if isinstance(exc, discord.Forbidden):
                await self._cannot_post(job)

    async def _cannot_post(self, job: Job) -> None:
        """The bot may not post in the match's channel: tell the players, once, by DM (so it
        does not fail silently); the match itself goes on and /board still works."""
        if job.match_id in self._told_cannot_post:
            return
        self._told_cannot_post.add(job.match_id)
        assert self.service is not None
        for seat in range(len(job.user_ids)):
            player = await self.service.player_row(job.match_id, seat)
            if player.dms_closed or player.dm_channel_id is None:
                continue
            channel = self.client.get_partial_messageable(
                player.dm_channel_id, type=discord.ChannelType.private
            )
            try:
                await channel.send(
                    f"I can't post match #{job.match_id}'s board in <#{job.channel_id}>: I need "
                    "permission to send messages, embed links and attach files there. Ask a "
                    "server admin; meanwhile `/board` shows it to you."
                )
            except discord.HTTPException as exc:
                log.warning("match %d: could not tell seat %d (%s)", job.match_id, seat, exc)

    # -- hands and DMs ------------------------------------------------------------------------

    async def hand_reply(self, hand: Hand, note: str = "") -> dict[str, Any]:
        """The parts of a hand message: its text, picture and controls."""
        data = await self.draw(self.renderer.hand_png, hand.ruleset, hand.view, hand.names)
        menu = None if hand.over or not hand.specs else main_menu(hand.match_id, hand.specs)
        text = hand_text(hand, menu.heading if menu else "", note or (menu.note if menu else ""))
        return {
            "content": text,
            "file": png(data, "hand.png"),
            "view": menu_view(menu) if menu else None,
        }

    async def _dm_channel(self, hand: Hand) -> discord.abc.Messageable | None:
        assert self.service is not None
        player = await self.service.player_row(hand.match_id, hand.seat)
        if player.dms_closed:
            return None
        if player.dm_channel_id is not None:
            return self.client.get_partial_messageable(
                player.dm_channel_id, type=discord.ChannelType.private
            )
        dm_id = await open_dm(self.client, hand.user_id)
        await self.service.note_dms(hand.match_id, hand.user_id, closed=False, dm_channel_id=dm_id)
        return self.client.get_partial_messageable(dm_id, type=discord.ChannelType.private)

    async def send_hand(self, hand: Hand, *, new: bool) -> None:
        """Send a seat its hand by DM (``new``), or edit the hand message it has there."""
        assert self.service is not None
        try:
            channel = await self._dm_channel(hand)
            if channel is None:
                return
            player = await self.service.player_row(hand.match_id, hand.seat)
            old = player.hand_message_id
            parts = await self.hand_reply(hand)
            if not new and old is not None:
                try:
                    await self._call(
                        hand.match_id,
                        "editing a hand",
                        lambda: channel.get_partial_message(old).edit(  # type: ignore[attr-defined]
                            content=parts["content"],
                            attachments=[parts["file"]],
                            view=parts["view"],
                        ),
                    )
                    return
                except discord.NotFound:
                    parts = await self.hand_reply(hand)
            message = await self._call(
                hand.match_id, "sending a hand", lambda: channel.send(**parts)
            )
            await self.service.note_hand_message(hand.match_id, hand.seat, message.id)
            if old is not None and old != message.id:
                await self._retire(hand.match_id, channel, old)
        except discord.Forbidden as exc:
            if exc.code != DMS_CLOSED:
                raise
            await self.dms_closed(hand.match_id, hand.seat, hand.user_id, hand.channel_id)

    async def _retire(self, match_id: int, channel: Any, message_id: int) -> None:
        """Take the controls off a hand message that a newer one replaces."""
        try:
            await channel.get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as exc:
            log.info("match %d: an old hand message could not be retired (%s)", match_id, exc)

    async def dms_closed(self, match_id: int, seat: int, user_id: int, channel_id: int) -> None:
        """A player's DMs are closed: remember it, and say so in the channel (never silently)."""
        assert self.service is not None
        await self.service.note_dms(match_id, user_id, closed=True)
        log.info("match %d: seat %d has closed DMs", match_id, seat)
        try:
            await self._channel(channel_id).send(
                f"<@{user_id}> I can't send you DMs, so your cards will not arrive there: use "
                "`/hand` in this channel (or **My hand** under the board). Only you will see it.",
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        except discord.HTTPException as exc:
            log.error("match %d: could not tell seat %d about closed DMs (%s)", match_id, seat, exc)

    async def _remind(self, reminder: Reminder) -> None:
        text = reminder_text(reminder)
        try:
            if reminder.dm_channel_id is not None:
                channel = self.client.get_partial_messageable(
                    reminder.dm_channel_id, type=discord.ChannelType.private
                )
                await channel.send(text)
                return
        except discord.HTTPException as exc:
            log.info(
                "match %d: DM reminder failed (%s); reminding in the channel",
                reminder.match_id,
                exc,
            )
        await self._channel(reminder.channel_id).send(
            f"<@{reminder.user_id}> {text}", allowed_mentions=discord.AllowedMentions(users=True)
        )

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
                    embed=lobby_embed(lobby), view=None
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
