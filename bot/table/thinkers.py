"""The thinkers: CPU players' decisions, made off the event loop.

A decision searches for up to a few seconds of CPU time (``rules.ai``), so it runs in a pool of
worker *processes* by default: the event loop keeps answering clicks and the search's Python
code never takes the interpreter lock from it. A pool of threads (``processes=False``) serves
rulesets that cannot be looked up by name in another process (a test's).

A worker is handed a :class:`Thought`: the match's record up to now (ruleset, seed, setup,
actions) and the seat to move. It replays the match, quietly, and decides with
``rules.ai.move_for``, whose seed comes from the match's seed and the move's number: the same
record gives the same decision anywhere, which is how a match with CPU seats replays.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from rules.ai import move_for
from rules.engine import Action, Match, Ruleset
from rules.registry import RULESETS, get_ruleset

from ..workers import start_pool

__all__ = ["Thinkers", "Thought", "default_thinkers", "think"]

log = logging.getLogger(__name__)

Lookup = Callable[[str], Ruleset[Any, Any]]


@dataclass(frozen=True, slots=True)
class Thought:
    """What a CPU seat decides from: its match's record so far, and its seat and strength."""

    ruleset: str
    seed: int
    setup: Mapping[str, Any]
    actions: tuple[tuple[int, Mapping[str, Any]], ...]
    seat: int
    strength: str


def think(thought: Thought, lookup: Lookup = get_ruleset) -> dict[str, Any]:
    """The CPU's move (as JSON), in a worker: the match replayed, then one decision."""
    match = Match.new(lookup(thought.ruleset), thought.seed, thought.setup, quiet=True)
    for seat, action in thought.actions:
        match.apply(seat, Action.from_json(action))
    return move_for(match, thought.seat, thought.strength).to_json()


def default_thinkers() -> int:
    """One thinker per two cores (the painters draw beside them), at least one."""
    return max(1, (os.cpu_count() or 1) // 2)


def _warm() -> None:
    """A thinking process's start: every ruleset's card pool is read before its first
    decision."""
    for name in RULESETS:
        get_ruleset(name)


class Thinkers:
    def __init__(
        self, workers: int | None = None, *, processes: bool = True, lookup: Lookup = get_ruleset
    ) -> None:
        self.workers = workers or default_thinkers()
        self.processes = processes
        self._lookup = lookup
        self._pool: Executor | None = None
        self._opening: asyncio.Future[Executor] | None = None

    async def decide(self, thought: Thought) -> Action:
        """The CPU's move for ``thought``, decided in a worker."""
        pool = await self._ready()
        work = (
            functools.partial(think, thought)
            if self.processes
            else functools.partial(think, thought, self._lookup)
        )
        try:
            move = await asyncio.get_running_loop().run_in_executor(pool, work)
        except BrokenProcessPool:
            self._broken(pool)
            raise
        return Action.from_json(move)

    async def _ready(self) -> Executor:
        """The pool, started on first use (from a thread of its own, see ``_start``); those
        who ask while it starts wait for it."""
        if self._pool is not None:
            return self._pool
        if self._opening is None:
            self._opening = asyncio.get_running_loop().run_in_executor(None, self._start)
        opening = self._opening
        try:
            pool = await asyncio.shield(opening)
        except BaseException:
            if self._opening is opening:
                self._opening = None
            raise
        self._pool, self._opening = pool, None
        return pool

    def _start(self) -> Executor:
        return start_pool(
            self.workers,
            processes=self.processes,
            preload=["rules.ai", "rules.registry"],
            warm=_warm,
            name="parlor-think",
        )

    def _broken(self, pool: Executor) -> None:
        """A worker died (killed, out of memory): the next decision starts a new pool."""
        if pool is not self._pool:
            return
        log.error("a thinking process died; starting new ones")
        self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
