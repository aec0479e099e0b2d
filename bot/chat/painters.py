"""Threads that draw pictures, most urgent first.

Drawing is most of the bot's work under load, and not all pictures are awaited alike: a board
in a channel, a result or the answer to a click is waited for now; a seat's table edited in
place, silently, can come a moment later. :class:`Painters` runs drawings on a few threads from
one queue ordered by deadline: a picture someone waits for is due when asked for, a silent
edit ``SOON_DELAY`` later. So a board does not wait behind other matches' silent edits, and a
silent edit, which holds its match's next pictures, is not starved by a stream of boards.
"""

from __future__ import annotations

import itertools
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

__all__ = ["NOW", "SOON", "SOON_DELAY", "Painters"]

NOW = 0
"""A picture someone waits for: a board, a result, the answer to a click, a new table."""
SOON = 1
"""A picture that replaces one in place, silently: a seat's table after another's move."""
SOON_DELAY = 1.0
"""Seconds a silent edit gives way to pictures someone waits for."""


class Painters:
    def __init__(self, workers: int) -> None:
        self._queue: queue.PriorityQueue[tuple[float, int, Any, Any]] = queue.PriorityQueue()
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
        due = time.monotonic() + (SOON_DELAY if priority == SOON else 0.0)
        self._queue.put((due, next(self._order), work, future))
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
            self._queue.put((float("inf"), next(self._order), None, None))
