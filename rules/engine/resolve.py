"""The one resolve loop: effects resolve one at a time, first in first out, with a check between
them, until nothing waits, the game is over, or the chain has run away.

Every ruleset resolves waiting effects this way (lanes' timed abilities, fanfare's trigger queue
with its state check after each effect, FANFARE-Q1 and Q6). A chain longer than ``limit`` is not
a game any more (a loop in the cards nobody can stop): instead of raising, the loop hands a
readable reason to ``runaway``, with which the ruleset ends the game as a draw (BREAKFALL-6.3,
6.5), and drops what still waits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .triggers import TriggerQueue
from .words import ENGINE

__all__ = ["CHAIN_LIMIT", "RUNAWAY", "settle"]

T = TypeVar("T")

CHAIN_LIMIT = 2_000
"""More effects than this from one action is a runaway chain."""
RUNAWAY = ENGINE.templates["runaway"]
"""Why a chain too long to be a game ends it (said with ``ENGINE``: any language shows it)."""
LOOP = ENGINE.templates["loop"]
"""Why a position that came back ends the game."""


def _never() -> bool:
    return False


def settle(
    queue: TriggerQueue[T],
    resolve: Callable[[T], None],
    *,
    runaway: Callable[[str], None],
    check: Callable[[], None] | None = None,
    over: Callable[[], bool] = _never,
    limit: int = CHAIN_LIMIT,
    repeat_key: Callable[[], str] | None = None,
) -> int:
    """Run ``check``, then resolve the queue's items in order, running ``check`` after each (it
    may end the game, or queue more), until the queue is empty or ``over()``. Returns how many
    resolved. Past ``limit``, or when ``repeat_key()`` (a digest of the state and what waits,
    without the RNG: :func:`~rules.engine.state_key`) comes back after an effect, the queue is
    cleared and ``runaway(reason)`` is called: no player had a choice in between, so nobody can
    stop it (BREAKFALL-6.3)."""
    if check is not None:
        check()
    seen: set[str] = set()
    resolved = 0
    while queue and not over():
        if resolved >= limit:
            queue.clear()
            runaway(ENGINE.say("runaway", count=resolved))
            break
        resolve(queue.pop())
        resolved += 1
        if check is not None:
            check()
        if repeat_key is not None and queue:
            key = repeat_key()
            if key in seen:
                queue.clear()
                runaway(ENGINE.say("loop", count=resolved))
                break
            seen.add(key)
    if over():
        queue.clear()
    return resolved
