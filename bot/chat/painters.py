"""Threads that draw pictures, most urgent first.

Drawing is most of the bot's work under load, and not all pictures are awaited alike: a board
in a channel, a result or the answer to a click is waited for now; a seat's table edited in
place, silently, can come a moment later. :class:`Painters` runs drawings on a few threads from
one priority queue (first come, first served within a priority), so a board never waits behind
other matches' silent edits.
"""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

__all__ = ["NOW", "SOON", "Painters"]

NOW = 0
"""A picture someone waits for: a board, a result, the answer to a click, a new table."""
SOON = 1
"""A picture that replaces one in place, silently: a seat's table after another's move."""


class Painters:
    def __init__(self, workers: int) -> None:
        self._queue: queue.PriorityQueue[tuple[int, int, Any, Any]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._closed = False
        self._threads = [
            threading.Thread(target=self._run, name=f"parlor-draw-{i}", daemon=True)
            for i in range(max(1, workers))
        ]
        for thread in self._threads:
            thread.start()

    def submit(self, priority: int, work: Callable[[], bytes]) -> Future[bytes]:
        future: Future[bytes] = Future()
        if self._closed:
            future.cancel()
            return future
        self._queue.put((priority, next(self._order), work, future))
        return future

    def _run(self) -> None:
        while True:
            _, _, work, future = self._queue.get()
            if work is None:
                return
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(work())
            except BaseException as exc:  # handed to whoever awaits the picture
                future.set_exception(exc)

    def shutdown(self) -> None:
        """Stop taking work; pictures not yet started are cancelled."""
        self._closed = True
        while True:
            try:
                _, _, _work, future = self._queue.get_nowait()
            except queue.Empty:
                break
            if future is not None:
                future.cancel()
        for _ in self._threads:
            self._queue.put((1 << 30, next(self._order), None, None))
