from __future__ import annotations

import random

from .conftest import Table
from .players import end_turn, open_match, play_card


async def test_a_whole_match_by_dm(table: Table) -> None:
    await open_match(table)
    rng = random.Random(1)
    bot = table.bot
    for _ in range(40):
        live = bot.matches._live[1]
        if live.match.over:
            break
        for seat in live.match.pending():
            user = (table.alice, table.bob)[seat].user
            if rng.random() < 0.8:
                await play_card(user, rng)
            await end_turn(user)
    assert bot.matches._live[1].match.over
