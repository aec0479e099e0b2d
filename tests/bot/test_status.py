"""``/match status`` mid-game: the turn, where the match stands (the ruleset's public summary),
whose move it is and until when, and a link to the current board message."""

from __future__ import annotations

import pytest

from .conftest import Table
from .players import end_turn, open_match

pytestmark = pytest.mark.backends


def board_messages(table: Table) -> list[str]:
    return [
        f"https://discord.com/channels/{table.guild.id}/{table.channel.id}/{m.id}"
        for m in table.channel.history(viewer=table.carol)
        if m.author.bot and m.attachments and m.attachments[0].filename == "board.png"
    ]


async def test_status_mid_game_shows_turn_standing_deadline_and_board(table: Table) -> None:
    await open_match(table)
    await end_turn(table.alice.user)
    await end_turn(table.bob.user)
    await end_turn(table.bob.user)  # Bob is done with turn 2; Alice is still to move

    status = await table.carol.slash(table.channel, "match status")
    assert status.ephemeral
    embed = status.response.embeds[0]
    assert embed.title == "Match #1 · lanes"
    lines = embed.description.splitlines()
    assert lines[0] == (
        "**Turn 2 of 6** · nobody leads a location yet · power **alice** 0, **bob** 0 · stakes 1"
    )
    live = await table.bot.matches.live(1)
    due = live.players[0].clock.due_at
    assert due is not None
    [alice_line] = [line for line in lines if line.startswith(table.alice.mention)]
    assert alice_line.endswith(f"· **to move** until <t:{int(due)}:f> (<t:{int(due)}:R>)")
    [bob_line] = [line for line in lines if line.startswith(table.bob.mention)]
    assert "to move" not in bob_line
    assert "Waiting on **alice**." in lines
    boards = board_messages(table)
    assert len(boards) == 2  # one per turn
    assert f"[Current board]({boards[-1]})" in lines


async def test_status_before_the_first_turn_shows_the_mulligan(table: Table) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="fanfare")
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Start")

    status = await table.carol.slash(table.channel, "match status")
    lines = status.response.embeds[0].description.splitlines()
    assert lines[0] == (
        "Mulligan · **alice**: leader 20/20, 0/0 PP · **bob**: leader 20/20, 0/0 PP"
    )
    assert not any(line.startswith("**Turn") for line in lines)
    assert sum("**to move** until <t:" in line for line in lines) == 2
    assert f"[Current board]({board_messages(table)[-1]})" in lines
