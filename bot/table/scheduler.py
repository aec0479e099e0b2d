"""Deadlines, rung: the turn clocks and lobby expiries stored in the database, each fired once by
whichever bot process claims it.

A deadline is a row (``Storage.deadlines``), written in the same commit as what sets it (an
action arms its match's next ring), so none is lost when a process dies. One task per process
sleeps until the earliest (in slices of at most an hour, so a clock that jumps is noticed), then
claims what is due (on PostgreSQL ``FOR UPDATE SKIP LOCKED``: no two processes take the same
one) and runs each claimed deadline's handler in a task of its own. A claim is held for a lease:
the handler's own commit re-arms or clears the deadline; should the process die first, another
takes it once the lease ends. A handler checks that its deadline is not stale (the match moved
on since), so a deadline rung twice does nothing the second time.

Times are wall-clock seconds from the ``now`` function given (``discord.utils.utcnow`` in the
bot, so a test's virtual clock drives it). The sleeping task wakes early when this process sets
an earlier deadline (:meth:`Scheduler.nudge`); on a shared store it also looks every ``POLL``
seconds, for what other processes armed and did not ring (a process rings the deadlines it
arms itself, unless it is gone or busy).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from .storage import Deadline, Storage

__all__ = ["LEASE", "Scheduler"]

log = logging.getLogger(__name__)

SLICE = 3600.0
LEASE = 60.0
"""Seconds a claimed deadline is this process's: its handler commits well within them."""
BATCH = 50
"""Deadlines claimed at once; the rest on the next round, at once."""
POLL = 60.0
"""On a shared store, seconds between looks at the deadlines at most."""
NUDGE = "nudge"

Handler = Callable[[Deadline], Awaitable[None]]


class Scheduler:
    def __init__(
        self,
        storage: Storage,
        now: Callable[[], float],
        *,
        lease: float = LEASE,
        poll: float = POLL,
    ) -> None:
        self.storage = storage
        self._now = now
        self.lease = lease
        self.poll = poll
        self._handlers: dict[str, Handler] = {}
        self._runner: asyncio.Task[None] | None = None
        self._wakes_at: float | None = None
        self._sleeping = False
        self._again = False
        self._calls: set[asyncio.Task[None]] = set()

    def on(self, kind: str, handler: Handler) -> None:
        """Run ``handler`` for each deadline of this kind that comes due."""
        self._handlers[kind] = handler

    def start(self) -> None:
        if self._runner is None or self._runner.done():
            self._runner = asyncio.get_running_loop().create_task(
                self._run(), name="parlor-deadlines"
            )

    def nudge(self, when: float | None) -> None:
        """This process set a deadline at ``when``: wake up for it if it is earlier."""
        if when is None or (self._wakes_at is not None and when >= self._wakes_at):
            return
        if self._sleeping and self._runner is not None:
            self._runner.cancel(NUDGE)
        else:
            self._again = True  # between two looks: look again at once

    def close(self) -> None:
        if self._runner is not None:
            self._runner.cancel()
        for call in list(self._calls):
            call.cancel()

    async def idle(self) -> None:
        """Wait for the handlers running now (for tests)."""
        while self._calls:
            await asyncio.wait(list(self._calls))

    async def fire_due(self) -> int:
        """Claim the deadlines due now and start their handlers; how many were claimed."""
        due = await self.storage.claim_deadlines(self._now(), self.lease, BATCH)
        for deadline in due:
            handler = self._handlers.get(deadline.kind)
            if handler is None:
                log.warning("no handler for %s deadlines", deadline.kind)
                continue
            call = asyncio.get_running_loop().create_task(self._call(handler, deadline))
            self._calls.add(call)
            call.add_done_callback(self._calls.discard)
        return len(due)

    async def _run(self) -> None:
        while True:
            self._again = False
            try:
                claimed = await self.fire_due()
                earliest = await self.storage.next_deadline()
            except Exception:
                log.exception("the deadlines could not be read; trying again in a minute")
                claimed, earliest = 0, self._now() + 60
            if claimed >= BATCH or self._again:
                continue
            now = self._now()
            wait = SLICE if earliest is None else min(max(earliest - now, 0.0), SLICE)
            if self.storage.shared:
                wait = min(wait, self.poll)
            if wait == 0.0:
                wait = 0.05  # due, yet taken by another process a moment ago: look again soon
            self._wakes_at = now + wait
            await self._sleep(wait)
            self._wakes_at = None

    async def _sleep(self, seconds: float) -> None:
        """Sleep, unless :meth:`nudge` wakes it for an earlier deadline."""
        self._sleeping = True
        try:
            await asyncio.sleep(seconds)
        except asyncio.CancelledError as exc:
            task = asyncio.current_task()
            if exc.args != (NUDGE,) or task is None:
                raise
            task.uncancel()
        finally:
            self._sleeping = False

    async def _call(self, handler: Handler, deadline: Deadline) -> None:
        try:
            await handler(deadline)
        except Exception:
            log.exception("match %d: its %s deadline failed", deadline.match_id, deadline.kind)
