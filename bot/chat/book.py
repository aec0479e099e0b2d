"""The presenter's own record of the messages it sent.

Per match: the channel's current board message, the captions shown on it, how many actions
have been shown, and whether players were told the bot cannot post there. Per seat: its DM
channel, whether its DMs are closed, and its current hand message (the one with controls; an
older one is collapsed when a newer one is sent). What a restart (or another process) needs is
kept in storage (the ``matches`` and ``players`` rows, the captions with how many actions are
shown). Records are cached for the matches shown most recently, so memory stays bounded however
many matches a bot has seen.

A match's resolutions are shown in commit order whichever process committed them: each waits
its turn (:meth:`MessageBook.turn`) until those before it are shown, and moving the shown
counter on is conditional (:meth:`MessageBook.note_presented`). A record another process
showed something of since it was read is read again.

The presenter reads and writes this record, never the match service: what it shows comes to it
as values, and what it sent is its own business.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ..table.storage import Storage

__all__ = ["BOOK_SIZE", "MatchRecord", "MessageBook", "SeatRecord"]

log = logging.getLogger(__name__)

BOOK_SIZE = 1000
"""Matches whose records are kept in memory, the most recently shown."""


@dataclass
class SeatRecord:
    user_id: int
    dm_channel_id: int | None = None
    dms_closed: bool = False
    hand_message_id: int | None = None


@dataclass
class MatchRecord:
    board_message_id: int | None = None
    presented: int = -1
    seats: dict[int, SeatRecord] = field(default_factory=dict)
    captions: list[str] = field(default_factory=list)
    """The captions on the current board message, oldest first."""
    told_cannot_post: bool = False
    last_view: Any = None
    """The spectator's view the latest board picture showed (in memory only)."""
    shown_at: dict[int, int] = field(default_factory=dict)
    """Per seat, the state (number of actions) its table message shows now (in memory only):
    an interaction's own answer may show a newer one than a resolution still queued."""

    hand_turns: dict[int, Any] = field(default_factory=dict)
    """Per seat, the turn its table message was sent for (in memory only): a table replaced
    within its own turn is taken away, not left as a line (a game that asks a seat again and
    again in one turn, charm's answers, would fill the DM with them)."""

    def newer_shown(self, seat: int, at: int) -> bool:
        """Whether the seat's table already shows a state newer than ``at``."""
        return self.shown_at.get(seat, -1) > at

    def note_shown(self, seat: int, at: int) -> None:
        self.shown_at[seat] = max(at, self.shown_at.get(seat, -1))

    def closed(self) -> frozenset[int]:
        """Seats whose DMs are closed (they play with ``/hand``)."""
        return frozenset(s for s, r in self.seats.items() if r.dms_closed)


class MessageBook:
    def __init__(self, storage: Storage, *, size: int = BOOK_SIZE) -> None:
        self.storage = storage
        self.size = size
        self._records: OrderedDict[int, MatchRecord] = OrderedDict()

    async def of(self, match_id: int) -> MatchRecord:
        """A match's record, read from storage on first use."""
        record = self._records.get(match_id)
        if record is None:
            row = await self.storage.match(match_id)
            record = MatchRecord(
                board_message_id=row.board_message_id if row else None,
                presented=row.presented if row else -1,
                captions=list(row.captions) if row else [],
            )
            for p in await self.storage.players(match_id):
                record.seats[p.seat] = SeatRecord(
                    p.user_id, p.dm_channel_id, p.dms_closed, p.hand_message_id
                )
            self._records[match_id] = record
            while len(self._records) > self.size:
                self._records.popitem(last=False)
        self._records.move_to_end(match_id)
        return record

    def forget(self, match_id: int) -> None:
        """Drop a match's record from memory (it is over); storage keeps what a look-up needs."""
        self._records.pop(match_id, None)

    def __len__(self) -> int:
        return len(self._records)

    async def seat(self, match_id: int, seat: int) -> SeatRecord:
        record = await self.of(match_id)
        if seat not in record.seats:  # joined after the record was read (a lobby)
            self.forget(match_id)
            record = await self.of(match_id)
        return record.seats[seat]

    async def note_board(self, match_id: int, message_id: int) -> None:
        (await self.of(match_id)).board_message_id = message_id
        await self.storage.set_match(match_id, board_message_id=message_id)

    async def turn(self, match_id: int, first: int) -> int:
        """Wait until every resolution before the one that makes ``first`` actions shown is
        shown, by whichever process committed it; how many actions are shown now."""
        shown = await self.storage.wait_shown(match_id, first - 1)
        record = self._records.get(match_id)
        if self.storage.shared and record is not None and record.presented != shown:
            self.forget(match_id)  # another process showed some since: its messages differ
        return shown

    async def note_presented(self, match_id: int, before: int, presented: int) -> None:
        """``presented`` actions are shown now (``before`` were), with the board's captions."""
        record = await self.of(match_id)
        if not await self.storage.note_presented(match_id, before, presented, record.captions):
            log.warning("match %d: the shown counter was not at %d", match_id, before)
        record.presented = presented

    async def claim(self, match_id: int, seat: int, at: int) -> bool:
        """Note that the seat's table is about to show the match after ``at`` actions, unless
        a later one shows already: in this process, and on a shared store in any (whose hand
        message, should another process have sent a newer one, is read afresh)."""
        record = await self.of(match_id)
        if record.newer_shown(seat, at):
            return False
        if self.storage.shared:
            noted, message_id = await self.storage.seat_shown(match_id, seat, at)
            if not noted:
                return False
            (await self.seat(match_id, seat)).hand_message_id = message_id
        record.note_shown(seat, at)
        return True

    async def note_hand(self, match_id: int, seat: int, message_id: int | None) -> None:
        (await self.seat(match_id, seat)).hand_message_id = message_id
        await self.storage.set_player(match_id, seat, hand_message_id=message_id)

    async def note_dms(
        self, match_id: int, user_id: int, *, closed: bool, dm_channel_id: int | None = None
    ) -> None:
        """Whether a player's DMs are open (and their DM channel)."""
        fields: dict[str, object] = {"dms_closed": closed}
        if dm_channel_id is not None:
            fields["dm_channel_id"] = dm_channel_id
        await self.storage.set_player_by_user(match_id, user_id, **fields)
        record = self._records.get(match_id)
        for seat in record.seats.values() if record is not None else ():
            if seat.user_id == user_id:
                seat.dms_closed = closed
                if dm_channel_id is not None:
                    seat.dm_channel_id = dm_channel_id
