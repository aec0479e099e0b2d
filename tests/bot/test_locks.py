"""The per-match locks: one lock per match while it is in use, none kept afterwards."""

from __future__ import annotations

import asyncio
import gc

from bot.table.service import Locks


async def test_one_lock_per_match_serialises_its_users() -> None:
    locks = Locks()
    order: list[str] = []

    async def user(name: str) -> None:
        async with locks(7):
            order.append(f"{name} in")
            await asyncio.sleep(0)
            order.append(f"{name} out")

    await asyncio.gather(user("a"), user("b"))
    assert order == ["a in", "a out", "b in", "b out"]
    assert locks(7) is locks(7) and locks(7) is not locks(8)


async def test_a_lock_nobody_holds_is_not_kept() -> None:
    locks = Locks()
    for match_id in range(100):
        async with locks(match_id):
            pass
    gc.collect()
    assert len(locks) == 0
