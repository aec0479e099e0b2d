"""Which matches' seat tables are settled: every seat's DM shows what was committed.

A process killed after committing an action but before every seat's table showed it (the actor's
own answer, a silent edit off the match's line) leaves a table behind, and the shown counter
(``matches.presented``, the channel's board) cannot tell: it moves on before those. So the
presenter notes, per match, the number of actions after which this process has nothing left to
show there (``matches.tables_at``): once a match has no work in flight here (its line, a
resolution shown aside, its seats' editors, an interaction answering with a table), the newest
state it was handed is settled. Notes are written at once, one write at a time (those taken
while one is written go together in the next), and never move back; a kill loses at most the
latest, which only makes the next start-up look at more matches. At start-up, each seat of each
match under way that is not settled has its table checked (``Presenter.recheck``); the others
are not replayed.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from ..table.storage import Storage

__all__ = ["Settling"]

log = logging.getLogger(__name__)


class Settling:
    """Work in flight per match, and the notes of what is settled, written to ``storage``."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._in_flight: Counter[int] = Counter()
        self._handed: dict[int, int] = {}
        """Per match with work in flight, the newest state (number of actions) handed over."""
        self._settled: dict[int, int] = {}
        """Notes not yet written."""
        self._writer: asyncio.Task[None] | None = None

    def handed(self, match_id: int, at: int) -> None:
        """The presenter was handed the match after ``at`` actions to show."""
        self._handed[match_id] = max(at, self._handed.get(match_id, -1))

    def begin(self, match_id: int) -> None:
        self._in_flight[match_id] += 1

    def end(self, match_id: int) -> None:
        self._in_flight[match_id] -= 1
        if self._in_flight[match_id] > 0:
            return
        del self._in_flight[match_id]
        at = self._handed.pop(match_id, None)
        if at is None:
            return
        self._settled[match_id] = max(at, self._settled.get(match_id, -1))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(
                self._write_all(), name="parlor-settled"
            )

    @asynccontextmanager
    async def working(self, match_id: int) -> AsyncIterator[None]:
        """Work in flight for the match while inside (an interaction committing an action and
        answering with the seat's table)."""
        self.begin(match_id)
        try:
            yield
        finally:
            self.end(match_id)

    async def _write_all(self) -> None:
        while self._settled:  # notes taken while the last were written are written next
            await self.write()

    async def write(self) -> None:
        """Write the notes taken so far."""
        marks, self._settled = self._settled, {}
        if not marks:
            return
        try:
            await self.storage.note_settled(marks)
        except Exception as exc:  # the next start-up looks at these matches again: no harm
            log.warning("could not note %d match(es) as settled (%s)", len(marks), exc)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
