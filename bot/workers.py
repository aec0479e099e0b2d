"""Pools of worker processes for CPU-bound work the event loop must never wait on: drawing
pictures (``bot.chat.painters``) and CPU players' thinking (``bot.table.thinkers``).

Both start their pools the same way, here. Workers are forked from a fork server that imported
what they need once (``preload``), never from the bot's own process, which runs threads and an
event loop. A pool is started whole, in a thread of its own: that thread's fresh context keeps
process start-up on the real clock (a test's emulator may replace the clock of the bot's own
tasks, and starting a process waits on it), and every worker is running before the first job,
so none is started later from the event loop.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

__all__ = ["start_pool"]

START_TIMEOUT = 120.0
"""Seconds a worker may take to start on a busy machine."""


def start_pool(
    workers: int,
    *,
    processes: bool,
    preload: Sequence[str],
    warm: Callable[[], None],
    name: str,
) -> Executor:
    """A pool of ``workers`` with every worker started: processes forked from a server that
    imported ``preload`` and ran ``warm`` (a module-level function), or threads named ``name``
    (``processes=False``: for tests, or a machine where processes cannot be used)."""
    if not processes:
        return ThreadPoolExecutor(workers, thread_name_prefix=name)
    made: list[Executor | BaseException] = []

    def start() -> None:
        try:
            made.append(_processes(workers, preload, warm))
        except BaseException as exc:
            made.append(exc)

    thread = threading.Thread(target=start, name=f"{name}-start")
    thread.start()
    thread.join()
    if isinstance(made[0], BaseException):
        raise made[0]
    return made[0]


def _processes(
    workers: int, preload: Sequence[str], warm: Callable[[], None]
) -> ProcessPoolExecutor:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(preload))
    started = context.Barrier(workers)
    pool = ProcessPoolExecutor(
        workers, mp_context=context, initializer=_started, initargs=(warm, started)
    )
    # Each job waits in its worker's start for every worker to have started, so these start
    # them all.
    for job in [pool.submit(_nothing) for _ in range(workers)]:
        job.result(timeout=START_TIMEOUT)
    return pool


def _started(warm: Callable[[], None], started: Any) -> None:
    """A worker's start: warmed up, then waiting until every worker of the pool has started."""
    warm()
    started.wait(timeout=60)


def _nothing() -> None:
    return None
