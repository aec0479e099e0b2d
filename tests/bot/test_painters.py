"""The painters draw off the event loop, the pictures someone waits for first: never more jobs
in a pool than it has workers, urgent jobs before silent edits, in worker processes by default
(a worker that dies is replaced)."""

from __future__ import annotations

import asyncio
import os
import threading
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.chat.painters import CHANNEL, LATER, LATER_AFTER, SEAT, Painters


def _pid() -> int:
    return os.getpid()


def _die() -> int:
    os._exit(3)


async def test_boards_then_answers_then_silent_edits_whichever_waited_longer() -> None:
    painters = Painters(1, processes=False)
    gate, order = threading.Event(), []

    def job(name: str) -> bytes:
        if name == "first":
            gate.wait(5)
        order.append(name)
        return name.encode()

    try:
        first = asyncio.ensure_future(painters.draw(job, "first"))
        await asyncio.sleep(0.05)  # the only worker is busy with it
        later = asyncio.ensure_future(painters.draw(job, "silent edit", line=LATER))
        answer = asyncio.ensure_future(painters.draw(job, "answer", line=SEAT))
        board = asyncio.ensure_future(painters.draw(job, "board", line=CHANNEL))
        await asyncio.sleep(0.05)
        assert painters.waiting() == (1, 1, 1)
        gate.set()
        drawn = await asyncio.gather(first, later, answer, board)
        assert drawn == [b"first", b"silent edit", b"answer", b"board"]
        assert order == ["first", "board", "answer", "silent edit"]
        assert painters.drawn == [1, 2, 1]
    finally:
        painters.close()


async def test_no_more_jobs_run_at_once_than_there_are_workers() -> None:
    painters = Painters(2, processes=False)
    running, most, lock = [0], [0], threading.Lock()

    def job(i: int) -> bytes:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        threading.Event().wait(0.01)
        with lock:
            running[0] -= 1
        return bytes([i])

    try:
        drawn = await asyncio.gather(*(painters.draw(job, i) for i in range(12)))
        assert drawn == [bytes([i]) for i in range(12)] and most[0] == 2
    finally:
        painters.close()


async def test_drawing_falls_behind_when_urgent_jobs_wait_for_every_worker() -> None:
    painters = Painters(2, processes=False)
    gate = threading.Event()

    def job() -> bytes:
        gate.wait(5)
        return b""

    try:
        jobs = [asyncio.ensure_future(painters.draw(job)) for _ in range(3)]
        await asyncio.sleep(0.05)
        assert not painters.behind()  # two drawn, one waiting: fewer than the workers
        jobs.append(asyncio.ensure_future(painters.draw(job)))
        await asyncio.sleep(0.01)
        assert painters.behind()
        gate.set()
        await asyncio.gather(*jobs)
        assert not painters.behind()
    finally:
        painters.close()


@pytest.mark.slow
async def test_pictures_are_drawn_in_worker_processes_and_a_dead_one_is_replaced() -> None:
    painters = Painters(2)
    try:
        pids = set(await asyncio.gather(*(painters.draw(_pid) for _ in range(4))))  # type: ignore[arg-type]
        assert os.getpid() not in pids and 1 <= len(pids) <= 2
        with pytest.raises(BrokenProcessPool):
            await painters.draw(_die)  # type: ignore[arg-type]
        fresh = await painters.draw(_pid)  # type: ignore[arg-type]
        assert fresh not in pids and fresh != os.getpid()
    finally:
        painters.close()


async def test_a_silent_edit_that_waited_long_enough_goes_first() -> None:
    now = [100.0]
    painters = Painters(1, processes=False, clock=lambda: now[0])
    gate, order = threading.Event(), []

    def job(name: str) -> bytes:
        if name == "first":
            gate.wait(5)
        order.append(name)
        return b""

    try:
        first = asyncio.ensure_future(painters.draw(job, "first"))
        await asyncio.sleep(0.05)
        late = asyncio.ensure_future(painters.draw(job, "silent edit", line=LATER))
        await asyncio.sleep(0)  # queued now
        now[0] += LATER_AFTER + 1
        answer = asyncio.ensure_future(painters.draw(job, "answer", line=SEAT))
        gate.set()
        await asyncio.gather(first, late, answer)
        assert order == ["first", "silent edit", "answer"]
    finally:
        painters.close()
