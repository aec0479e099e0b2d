"""The painters: pictures drawn off the event loop, the ones someone waits for first.

Drawing is most of the bot's CPU. It runs in a pool of worker *processes* by default, so its
Python code (layout, text fitting) runs beside the event loop instead of taking turns with it
under one interpreter lock: the loop answers clicks while pictures are drawn. A pool of threads
(``processes=0``) serves renderers that cannot cross a process boundary (a test's, a bench's).

The pool is never handed more jobs than it has workers. The rest wait here, in three lines, each
drawn only when the lines before it are empty (first come, first served within a line):

- ``CHANNEL``: a channel's board and a result: what both players and every spectator watch;
- ``SEAT``: a seat's table that someone waits for: the answer to a click, a table that notifies;
- ``LATER``: a table edited in place, silently, because someone else moved.

So a board is drawn as soon as a worker is free, whatever backlog there is of tables; a player's
own answer waits behind boards (its click was acknowledged at once, and while drawing falls
behind its text and controls are sent before its picture), and silent edits are drawn when
nothing else waits, or once they have waited ``LATER_AFTER`` seconds. They hold up nobody: the
presenter keeps them off a match's line, and only the newest per seat is drawn (``Presenter``).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, NamedTuple

from ..workers import start_pool

__all__ = ["CHANNEL", "LATER", "SEAT", "Painters", "default_workers"]

log = logging.getLogger(__name__)

CHANNEL = 0
SEAT = 1
LATER = 2
LATER_AFTER = 10.0
"""Seconds after which a silent edit is drawn before anything else: it is late, not lost."""


class Job(NamedTuple):
    future: asyncio.Future[bytes]
    line: int
    paint: Callable[..., bytes]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    since: float
    """When it was queued (by the painters' clock)."""


def default_workers() -> int:
    """As many painters as there are cores, at most four."""
    return max(1, min(4, os.cpu_count() or 1))


def _warm() -> None:
    """A drawing process's start: the renderer is loaded (by the fork server) before its first
    job."""
    import rendering  # noqa: F401


class Painters:
    def __init__(
        self,
        workers: int | None = None,
        *,
        processes: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.workers = workers or default_workers()
        self.processes = processes
        self._clock = clock
        self._pool: Executor | None = None
        self._opening = False
        self._lines: tuple[deque[Job], ...] = (deque(), deque(), deque())
        self._busy = 0
        self.drawn = [0, 0, 0]
        """How many jobs of each line were drawn (for the bench)."""

    async def draw(
        self, paint: Callable[..., bytes], *args: Any, line: int = SEAT, **kwargs: Any
    ) -> bytes:
        """``paint(*args, **kwargs)`` in a worker, once no job of an earlier line waits."""
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._lines[line].append(Job(future, line, paint, args, kwargs, self._clock()))
        self._feed()
        return await future

    def behind(self) -> bool:
        """Whether drawing falls behind: as many jobs someone waits for (``CHANNEL``, ``SEAT``)
        wait as there are workers, all busy. A reveal then shows fewer pictures (the newest
        state, every caption listed)."""
        return len(self._lines[CHANNEL]) + len(self._lines[SEAT]) >= self.workers

    def waiting(self) -> tuple[int, ...]:
        """Jobs waiting in each line (not yet handed to a worker)."""
        return tuple(len(line) for line in self._lines)

    def _feed(self) -> None:
        pool = self._pool
        if pool is None:
            self._open()
            return
        loop = asyncio.get_running_loop()
        while self._busy < self.workers:
            job = self._next()
            if job is None:
                return
            future, line, paint, args, kwargs, _ = job
            try:
                done = loop.run_in_executor(pool, functools.partial(paint, *args, **kwargs))
            except (BrokenProcessPool, RuntimeError) as exc:
                self._broken(pool, exc)
                future.set_exception(exc)
                return
            self._busy += 1
            self.drawn[line] += 1
            done.add_done_callback(functools.partial(self._finished, future, pool))

    def _next(self) -> Job | None:
        later = self._lines[LATER]
        if later and self._clock() - later[0].since > LATER_AFTER:
            lines: tuple[deque[Job], ...] = (later, *self._lines)  # waited long enough
        else:
            lines = self._lines
        for line in lines:
            while line:
                job = line.popleft()
                if not job.future.done():  # its caller gave up waiting
                    return job
        return None

    def _finished(
        self, future: asyncio.Future[bytes], pool: Executor, done: asyncio.Future[bytes]
    ) -> None:
        self._busy -= 1
        exc = None if done.cancelled() else done.exception()
        if done.cancelled():
            future.cancel()
        elif exc is not None:
            if isinstance(exc, BrokenProcessPool):
                self._broken(pool, exc)
            if not future.done():
                future.set_exception(exc)
        elif not future.done():
            future.set_result(done.result())
        self._feed()

    # -- the pool -----------------------------------------------------------------------------

    def _open(self) -> None:
        """Start the pool, in a thread, then hand it the waiting jobs."""
        if self._opening:
            return
        self._opening = True
        opened = asyncio.get_running_loop().run_in_executor(None, self._start)
        opened.add_done_callback(self._opened)

    def _opened(self, opened: asyncio.Future[Executor]) -> None:
        self._opening = False
        exc = asyncio.CancelledError() if opened.cancelled() else opened.exception()
        if exc is not None:
            log.error("the drawing processes could not start (%r)", exc)
            for line in self._lines:
                for job in line:
                    if not job.future.done():
                        job.future.set_exception(exc)
                line.clear()
            return
        self._pool = opened.result()
        self._feed()

    def _start(self) -> Executor:
        return start_pool(
            self.workers,
            processes=self.processes,
            preload=["rendering"],
            warm=_warm,
            name="parlor-draw",
        )

    def _broken(self, pool: Executor, exc: BaseException) -> None:
        """A worker died (killed, out of memory): the next jobs go to a new pool."""
        if pool is not self._pool:
            return  # another job of the same pool said so already
        log.error("a drawing process died (%s); starting new ones", exc)
        self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        for line in self._lines:
            for job in line:
                job.future.cancel()
            line.clear()
