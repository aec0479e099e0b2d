"""Timers on the wall clock, driven by asyncio: one pending call per key.

A single task sleeps until the earliest time (in slices of at most an hour, so a clock that
jumps is noticed), then starts each due callback in a task of its own; setting an earlier time
wakes it. One sleeping task, however many matches have a clock. Times are wall-clock seconds
from the ``now`` function given (``discord.utils.utcnow`` in the bot, so a test's virtual clock
drives it).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable

__all__ = ["Scheduler"]

log = logging.getLogger(__name__)

SLICE = 3600.0

Callback = Callable[[], Awaitable[None]]


class Scheduler:
    def __init__(self, now: Callable[[], float]) -> None:
        self._now = now
        self._due: dict[Hashable, tuple[float, Callback]] = {}
        self._runner: asyncio.Task[None] | None = None
        self._wakes_at: float | None = None
        self._calls: set[asyncio.Task[None]] = set()

    def at(self, key: Hashable, when: float, callback: Callback) -> None:
        """Call ``callback`` at ``when``, replacing what was pending under ``key``."""
        self._due[key] = (when, callback)
        if self._runner is None or self._runner.done() or when < (self._wakes_at or when):
            self._restart()

    def cancel(self, key: Hashable) -> None:
        self._due.pop(key, None)

    def pending(self) -> list[Hashable]:
        return list(self._due)

    def close(self) -> None:
        self._due.clear()
        if self._runner is not None:
            self._runner.cancel()
        for call in list(self._calls):
            call.cancel()

    def _restart(self) -> None:
        if self._runner is not None:
            self._runner.cancel()
        self._runner = asyncio.get_running_loop().create_task(self._run(), name="parlor-timers")

    async def _run(self) -> None:
        while self._due:
            now = self._now()
            earliest = min(when for when, _ in self._due.values())
            if earliest > now:
                self._wakes_at = earliest
                await asyncio.sleep(min(earliest - now, SLICE))
                continue
            for key, (when, callback) in list(self._due.items()):
                if when <= now:
                    del self._due[key]
                    call = asyncio.get_running_loop().create_task(self._call(key, callback))
                    self._calls.add(call)
                    call.add_done_callback(self._calls.discard)
        self._wakes_at = None

    async def _call(self, key: Hashable, callback: Callback) -> None:
        try:
            await callback()
        except Exception:
            log.exception("timer %s failed", key)
