"""Lobbies: joining, invitations, decks, leaving, cancelling, starting, and the help."""

from __future__ import annotations

import discord
import pytest

from .conftest import Table
from .players import click_stale, deadlines, dms, find, hand_message, said

pytestmark = pytest.mark.backends


def lobby_text(table: Table) -> str:
    return table.channel.history()[0].embeds[0].description


async def test_an_invitation_reserves_the_seat(table: Table) -> None:
    created = await table.alice.slash(
        table.channel, "match new", ruleset="lanes", opponent=table.bob
    )
    assert table.bob.mention in created.response.content
    assert "reserved for" in lobby_text(table)
    refused = await table.carol.click(created.response, label="Join")
    assert "reserved for" in said(refused)
    await table.bob.click(created.response, label="Join")
    assert table.bob.mention in lobby_text(table)


async def test_decks_are_chosen_in_the_lobby(table: Table) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    choices = await table.alice.autocomplete(
        table.channel, "match new", "deck", "ro", ruleset="lanes"
    )
    assert [c["value"] for c in choices] == ["roots"]
    lobby = created.response
    [decks] = find(lobby, "deck")  # beside the menu of CPU players
    refused = await table.carol.select(lobby, ["shadows"], custom_id=decks.custom_id)
    assert "Join the match first" in said(refused)
    await table.bob.click(lobby, label="Join")
    await table.bob.select(lobby, ["shadows"], custom_id=decks.custom_id)
    await table.alice.slash(table.channel, "match join", deck="roots")
    text = lobby_text(table)
    assert "Shadows" in text and "Roots" in text
    await table.alice.click(lobby, label="Start")
    live = await table.bot.matches.live(1)
    pool = live.match.ruleset.pool  # type: ignore[attr-defined]
    assert live.match.setup["decks"] == [list(pool.decks[d].cards) for d in ("roots", "shadows")]


async def test_leaving_cancelling_and_starting_too_soon(table: Table) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    lobby = created.response
    early = await table.alice.click(lobby, label="Start")
    assert "Waiting for players: 1 of 2" in said(early)
    await table.bob.slash(table.channel, "match join")
    left = await table.bob.slash(table.channel, "match leave")
    assert "You left" in left.response.content and "open seat" in lobby_text(table)
    refused = await table.carol.click(lobby, label="Cancel")
    assert "Only the match's creator" in said(refused)
    await table.alice.click(lobby, label="Cancel")
    assert "cancelled" in lobby_text(table)
    again = await table.bob.slash(table.channel, "match new", ruleset="lanes")
    assert not again.ephemeral and "Match #2" in again.response.embeds[0].title


async def test_a_channel_manager_can_end_a_running_match(table: Table) -> None:
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    dave = table.guild.add_member(table.env.create_user("dave"), roles=[mods])
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Start")
    refused = await table.alice.slash(table.channel, "match cancel")
    assert "only someone who can manage this channel" in refused.response.content
    hand = hand_message(table.bob)
    ended = await dave.slash(table.channel, "match cancel")
    assert not ended.ephemeral and "ended without a result" in ended.response.content
    # Both players are told by DM, and their tables lose their controls; the board says so.
    for player in (table.alice, table.bob):
        assert "was ended by a moderator" in dms(player)[-1].content
        assert all(not m.components for m in dms(player))
    board = next(m for m in table.channel.history() if m.attachments)
    assert "**Ended by a moderator**" in board.content and not board.components
    assert "to move" not in board.content
    late = await click_stale(table.bob.user, hand, find(hand, "do", "End turn")[0].custom_id)
    assert "not being played" in said(late)
    assert not await deadlines(table)


async def test_bad_requests_when_opening(table: Table) -> None:
    unknown = await table.alice.slash(table.channel, "match new", ruleset="chess")
    assert unknown.ephemeral and "There is no game 'chess'" in unknown.response.content
    bot = table.env.create_user("robot", bot=True)
    robot = table.guild.add_member(bot)
    refused = await table.alice.slash(table.channel, "match new", ruleset="lanes", opponent=robot)
    assert "Bots can't play" in refused.response.content
    deck = await table.alice.slash(table.channel, "match new", ruleset="lanes", deck="nope")
    assert "no starter deck 'nope'" in deck.response.content
    assert [
        c["value"]
        for c in await table.alice.autocomplete(table.channel, "match new", "ruleset", "la")
    ] == ["lanes"]


async def test_help_status_and_log_before_anything(table: Table) -> None:
    help_ = await table.carol.slash(table.channel, "match help")
    assert help_.ephemeral and "/match new" in help_.response.content
    nothing = await table.carol.slash(table.channel, "match status")
    assert "There is no match in this channel" in nothing.response.content
    await table.alice.slash(table.channel, "match new", ruleset="lanes")
    status = await table.carol.slash(table.channel, "match status")
    assert status.ephemeral and "Match #1" in status.response.embeds[0].title
    log = await table.carol.slash(table.channel, "match log")
    assert "has not started yet" in log.response.content


async def test_a_lobby_of_three_to_ten_starts_with_at_least_the_fewest(table: Table) -> None:
    """A ruleset for 3 to 10 players: the lobby lists the seats still needed and how many more
    may come; Start waits for the third player, and only its creator starts it (more may come:
    the one who opened it says when everyone is in)."""
    created = await table.alice.slash(table.channel, "match new", ruleset="esper")
    lobby = created.response
    text = lobby_text(table)
    assert text.count("open seat") == 2 and "Up to 7 more may join (3 to 10 players)." in text
    assert f"<@{table.alice.id}> presses **Start**" in text
    await table.bob.click(lobby, label="Join")
    early = await table.alice.click(lobby, label="Start")
    assert "Waiting for players: 2 of 3" in said(early)
    await table.carol.click(lobby, label="Join")
    not_bobs = await table.bob.click(lobby, label="Start")
    assert "who opened it, starts it" in said(not_bobs)
    await table.alice.click(lobby, label="Start")
    live = await table.bot.matches.live(1)
    assert live.match.seats == 3 and live.match.setup == {"seats": 3}


async def test_a_lobby_opened_for_a_number_of_seats_starts_when_they_are_taken(
    table: Table,
) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="esper", seats=4)
    lobby = created.response
    assert lobby_text(table).count("open seat") == 3
    assert "starts when all seats are taken" in lobby_text(table)
    await table.bob.click(lobby, label="Join")
    await table.carol.click(lobby, label="Join")
    with_three = await table.alice.click(lobby, label="Start")
    assert "Waiting for players: 3 of 4" in said(with_three)
    dave = table.guild.add_member(table.env.create_user("dave"))
    await dave.click(lobby, label="Join")
    live = await table.bot.matches.live(1)
    assert live.match.seats == 4
    assert "Started" in lobby_text(table)
    refused = await table.bob.slash(table.channel, "match new", ruleset="esper", seats=2)
    assert "open match" in refused.response.content or refused.ephemeral


async def test_seats_outside_a_rulesets_range_are_refused(table: Table) -> None:
    refused = await table.alice.slash(table.channel, "match new", ruleset="lanes", seats=3)
    assert "lanes is for exactly 2 players" in refused.response.content
    assert refused.ephemeral
    refused = await table.alice.slash(table.channel, "match new", ruleset="esper", seats=2)
    assert "esper is for 3 to 10 players" in refused.response.content
