"""Absent players: a seat that misses too many turns in a row forfeits (its own way to give up,
made by the clock), a lobby nobody starts expires, and a creator who leaves closes the lobby;
whoever it leaves waiting is told. Driven by simcord's virtual clock, so no test waits."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import simcord

from bot.chat.client import Parlor

from .conftest import Table
from .players import controls, deadlines, dms, end_turn, open_match, said

pytestmark = pytest.mark.backends


FORFEIT = "alice** forfeits after missing 3 turns in a row"


def channel_texts(table: Table) -> list[str]:
    """Every message in the channel, its content and embeds' descriptions."""
    return [
        "\n".join([m.content, *(e.description or "" for e in m.embeds)])
        for m in table.channel.history()
    ]


async def missed_turn(table: Table, present: simcord.MemberActor) -> None:
    """``present`` ends the turn; Alice lets a 2-minute clock run out."""
    await end_turn(present.user)
    await table.env.advance_time(121)


async def test_three_missed_turns_in_a_row_forfeit_and_the_channel_and_dms_say_so(
    table: Table,
) -> None:
    await open_match(table, timer=120)
    await missed_turn(table, table.bob)
    await missed_turn(table, table.bob)
    live = await table.bot.matches.live(1)
    assert not live.match.over and live.missed_in_a_row(0) == 2
    await end_turn(table.bob.user)
    await table.env.advance_time(91)  # the reminder: this is the last chance
    assert "miss this one and you forfeit" in dms(table.alice)[-1].content
    assert not any(FORFEIT in text for text in channel_texts(table))

    await table.env.advance_time(30)
    live = await table.bot.matches.live(1)
    assert [a.kind for seat, a in live.match.actions if seat == 0] == ["timeout"] * 2 + ["retreat"]
    assert live.match.result is not None and live.match.result.winners == (1,)
    assert FORFEIT in table.channel.history()[-1].content  # the result, pinging both
    for player in (table.alice, table.bob):
        assert "alice forfeits after missing 3 turns in a row" in dms(player)[-1].content
    assert not await deadlines(table)


async def test_a_move_of_ones_own_resets_the_count(table: Table) -> None:
    await open_match(table, timer=120)
    await missed_turn(table, table.bob)
    await missed_turn(table, table.bob)
    await end_turn(table.alice.user)  # back in time for one turn
    await end_turn(table.bob.user)
    assert (await table.bot.matches.live(1)).missed_in_a_row(0) == 0
    await missed_turn(table, table.bob)
    await missed_turn(table, table.bob)
    live = await table.bot.matches.live(1)
    assert not live.match.over and live.missed_in_a_row(0) == 2
    assert [a.kind for seat, a in live.match.actions if seat == 0][-2:] == ["timeout"] * 2


async def test_never_forfeit_keeps_timing_out(table: Table) -> None:
    lobby = await open_match(table, timer=120, forfeit_after=0)
    assert "missed turns never forfeit" in lobby.embeds[0].description
    for _ in range(4):
        await missed_turn(table, table.bob)
    live = await table.bot.matches.live(1)
    assert not live.match.over
    assert [a.kind for seat, a in live.match.actions if seat == 0] == ["timeout"] * 4
    assert "miss this one" not in "".join(m.content for m in dms(table.alice))


async def test_a_restart_mid_count_keeps_it_and_fanfare_concedes(
    table: Table, bot_factory: Callable[..., Parlor]
) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="fanfare", timer=120)
    assert "3 missed turns in a row forfeit" in created.response.embeds[0].description
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Start")
    env = table.env
    await env.advance_time(121)  # both keep every card: one missed turn each
    await env.advance_time(121)  # the first player's turn: two
    live = await table.bot.matches.live(1)
    first = live.match.actions[-1][0]
    assert live.missed_in_a_row(first) == 2 and live.missed_in_a_row(1 - first) == 1

    await env.restart_bot(bot_factory())
    live = await table.bot.matches.live(1)
    assert live.missed_in_a_row(first) == 2  # read from the stored log
    await env.advance_time(121)  # the second player's turn: two
    assert not (await table.bot.matches.live(1)).match.over
    await env.advance_time(121)  # the first player's turn again: three, and out
    live = await table.bot.matches.live(1)
    assert live.match.actions[-1] == (first, live.match.actions[-1][1])
    assert live.match.actions[-1][1].kind == "concede"
    assert live.match.result is not None and live.match.result.winners == (1 - first,)
    name = live.names[first]
    assert any(f"{name}** forfeits after missing 3 turns" in t for t in channel_texts(table))


def lobby_message(table: Table) -> object:
    return next(m for m in table.channel.history() if m.embeds and "Match #" in m.embeds[0].title)


async def test_a_lobby_expires_and_tells_who_joined(table: Table) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    await table.bob.click(created.response, label="Join")
    assert "Expires <t:" in created.response.embeds[0].description
    await table.env.advance_time(3599)
    assert table.channel.history()[-1].components  # still open
    await table.env.advance_time(2)
    lobby = next(m for m in table.channel.history() if m.id == created.response.id)
    assert "This lobby expired: nobody started it within 1 hour." in lobby.embeds[0].description
    assert "Expires" not in lobby.embeds[0].description and not controls(lobby)
    told = table.channel.history()[-1].content
    assert table.alice.mention in told and table.bob.mention in told
    assert "will not start: its lobby expired" in told
    assert not await deadlines(table)
    late = await table.carol.slash(table.channel, "match join")
    assert "There is no match in this channel" in late.response.content
    again = await table.bob.slash(table.channel, "match new", ruleset="lanes")
    assert "Match #2" in again.response.embeds[0].title  # the channel is free


async def test_a_lobby_expiry_is_rearmed_after_a_restart(
    table: Table, bot_factory: Callable[..., Parlor]
) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    await table.env.advance_time(1800)
    await table.env.restart_bot(bot_factory())
    assert ("lobby", 1) in await deadlines(table)
    await table.env.advance_time(1801)
    lobby = next(m for m in table.channel.history() if m.id == created.response.id)
    assert "This lobby expired" in lobby.embeds[0].description
    assert table.alice.mention in table.channel.history()[-1].content


async def test_a_started_match_does_not_expire(table: Table) -> None:
    await open_match(table)
    assert ("lobby", 1) not in await deadlines(table)
    await table.env.advance_time(3601)
    assert (await table.bot.storage.match(1)).status == "active"  # type: ignore[union-attr]


async def test_the_creator_leaving_tells_the_others(table: Table) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    await table.bob.click(created.response, label="Join")
    left = await table.alice.slash(table.channel, "match leave")
    assert said(left) == "The lobby is closed."
    told = table.channel.history()[-1].content
    assert told.startswith(table.bob.mention) and table.alice.mention not in told
    assert "will not start: **alice**, who opened it, left" in told
    lobby = next(m for m in table.channel.history() if m.id == created.response.id)
    assert "This lobby closed: its creator left." in lobby.embeds[0].description
    assert not controls(lobby)
    assert not await deadlines(table)
