"""Timers on the wall clock, driven by asyncio: one pending call per key.

Each timer is a task sleeping until its time (in slices of at most an hour, so a clock that
jumps is noticed), then awaiting its callback. Times are wall-clock seconds from the ``now``
function given (``discord.utils.utcnow`` in the bot, so a test's virtual clock drives it).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable

__all__ = ["Scheduler"]

log = logging.getLogger(__name__)

SLICE = 3600.0


class Scheduler:
    def __init__(self, now: Callable[[], float]) -> None:
        self._now = now
        self._tasks: dict[Hashable, asyncio.Task[None]] = {}

    def at(self, key: Hashable, when: float, callback: Callable[[], Awaitable[None]]) -> None:
        """Call ``callback`` at ``when``, replacing what was pending under ``key``."""
        self.cancel(key)
        task = asyncio.get_running_loop().create_task(
            self._run(key, when, callback), name=f"parlor-timer-{key}"
        )
        self._tasks[key] = task

    def cancel(self, key: Hashable) -> None:
        task = self._tasks.pop(key, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def pending(self) -> list[Hashable]:
        return [k for k, t in self._tasks.items() if not t.done()]

    def close(self) -> None:
        for key in list(self._tasks):
            self.cancel(key)

    async def _run(
        self, key: Hashable, when: float, callback: Callable[[], Awaitable[None]]
    ) -> None:
        while (left := when - self._now()) > 0:
            await asyncio.sleep(min(left, SLICE))
        if self._tasks.get(key) is asyncio.current_task():
            del self._tasks[key]
        try:
            await callback()
        except Exception:
            log.exception("timer %s failed", key)
