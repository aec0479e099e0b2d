"""Admins: ``/parlor settings`` sets a server's defaults (turn limit, forfeit-after, step pacing,
the games offered), which ``/match new`` then uses; ``/parlor matches`` lists what is open; both
only for those who may manage the server. And the lobby's Cancel tells those who joined."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest
import simcord

from bot.chat.client import Parlor
from rules.registry import RULESETS

from .conftest import Table
from .openapi import spec_or_skip
from .players import controls, deadlines, end_turn, open_match, said

pytestmark = pytest.mark.backends


def admin(table: Table) -> simcord.MemberActor:
    """Dave, who may manage the server (and nothing else)."""
    role = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user("dave"), roles=[role])


def described(result: simcord.InteractionResult) -> str:
    assert result.ephemeral
    return str(result.response.embeds[0].description)


async def test_parlor_is_refused_without_manage_server(table: Table) -> None:
    with pytest.raises(simcord.SetupError, match="default-member-permissions"):
        await table.alice.slash(table.channel, "parlor settings")
    # A server may allow the command to anyone in its settings: the bot checks again.
    (parlor,) = [c for c in await table.bot.tree.fetch_commands() if c.name == "parlor"]
    table.guild.set_command_permissions(parlor, {table.alice: True})
    refused = await table.alice.slash(table.channel, "parlor settings", turn_limit=3600)
    assert "Only members who can manage this server" in said(refused)
    refused = await table.alice.slash(table.channel, "parlor matches")
    assert "Only members who can manage this server" in said(refused)
    assert table.bot.server_defaults.of(table.guild.id).own == frozenset()


async def test_a_servers_turn_limit_and_forfeit_after_are_what_match_new_uses(
    table: Table, bot_factory: Callable[..., Parlor]
) -> None:
    dave = admin(table)
    shown = await dave.slash(table.channel, "parlor settings")
    assert "**Turn limit:** 1 day *(the bot's default)*" in described(shown)
    changed = await dave.slash(table.channel, "parlor settings", turn_limit=3600, forfeit_after=5)
    text = described(changed)
    assert "**Turn limit:** 1 hour *(this server's)*" in text
    assert "**Forfeit:** 5 missed turns in a row forfeit *(this server's)*" in text

    await table.env.restart_bot(bot_factory())  # stored, not only remembered
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    assert "Turn limit: 1 hour · 5 missed turns in a row forfeit" in (
        created.response.embeds[0].description
    )
    row = await table.bot.lobbies.storage.match(1)
    assert row is not None and (row.turn_limit, row.forfeit_after) == (3600, 5)

    other = table.guild.create_text_channel("other")  # explicit options still win
    own = await table.bob.slash(other, "match new", ruleset="lanes", timer=120, forfeit_after=0)
    assert (
        "Turn limit: 2 minutes · missed turns never forfeit" in own.response.embeds[0].description
    )
    row = await table.bot.lobbies.storage.match(2)
    assert row is not None and (row.turn_limit, row.forfeit_after) == (120, 0)


async def test_a_withdrawn_game_is_refused_and_not_offered(table: Table) -> None:
    dave = admin(table)
    choices = await dave.autocomplete(table.channel, "parlor settings", "withdraw", "fan")
    assert [c["value"] for c in choices] == ["fanfare"]
    changed = await dave.slash(table.channel, "parlor settings", withdraw="fanfare")
    others = sorted(set(RULESETS) - {"fanfare"})
    games = ", ".join(others)
    assert f"**Games offered:** {games}\n**Not offered:** fanfare" in described(changed)

    refused = await table.alice.slash(table.channel, "match new", ruleset="fanfare")
    assert said(refused) == f"fanfare is not offered in this server. Games here: {games}."
    offered = await table.alice.autocomplete(table.channel, "match new", "ruleset", "")
    assert [c["value"] for c in offered] == others
    for game in others[:-1]:
        await dave.slash(table.channel, "parlor settings", withdraw=game)
    last = await dave.slash(table.channel, "parlor settings", withdraw=others[-1])
    assert "At least one game must stay offered" in said(last)
    for game in others[:-1]:
        await dave.slash(table.channel, "parlor settings", offer=game)

    await dave.slash(table.channel, "parlor settings", offer="fanfare")
    created = await table.alice.slash(table.channel, "match new", ruleset="fanfare")
    assert created.response.embeds[0].title == "Match #1 · fanfare"


async def test_step_pacing_is_per_server_and_reset_returns_the_bots_defaults(table: Table) -> None:
    dave = admin(table)
    changed = await dave.slash(table.channel, "parlor settings", step_pacing=2.5)
    assert "**Step pacing:** 2.5 seconds between a reveal's pictures *(this server's)*" in (
        described(changed)
    )
    presenter = table.bot.presenter
    assert presenter.delay_in(table.guild.id) == 2.5
    assert presenter.delay_in(table.guild.id + 1) == 0  # the bot's (the tests' settings)
    reset = await dave.slash(table.channel, "parlor settings", defaults=True)
    assert "*(this server's)*" not in described(reset)
    assert presenter.delay_in(table.guild.id) == 0


async def test_parlor_matches_lists_lobbies_and_active_matches_with_links(table: Table) -> None:
    dave = admin(table)
    empty = await dave.slash(table.channel, "parlor matches")
    assert "No lobbies or matches are open" in empty.response.embeds[0].description
    await open_match(table)
    await end_turn(table.alice.user)
    other = table.guild.create_text_channel("other")
    lobby = await table.carol.slash(other, "match new", ruleset="fanfare")

    listed = await dave.slash(table.channel, "parlor matches")
    assert listed.ephemeral
    embed = listed.response.embeds[0]
    assert embed.title == "Open in this server: 2"
    active, waiting = embed.description.splitlines()
    board = (await table.bot.presenter.book.of(1)).board_message_id
    base = f"https://discord.com/channels/{table.guild.id}"
    assert active.startswith(f"**#1** lanes in <#{table.channel.id}> · turn 1 of 6 · to move: ")
    assert table.bob.mention in active and table.alice.mention not in active
    assert active.endswith(f"· [board]({base}/{table.channel.id}/{board})")
    assert waiting.startswith(f"**#2** fanfare in <#{other.id}> · lobby, 1 of 2 seats taken")
    assert waiting.endswith(f"[lobby]({base}/{other.id}/{lobby.response.id})")


async def test_cancel_tells_those_who_joined(table: Table) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Cancel")
    told = table.channel.history()[-1].content
    assert told.startswith(table.bob.mention) and table.alice.mention not in told
    assert "Match #1 (lanes) will not start: **alice** cancelled it." in told
    lobby = next(m for m in table.channel.history() if m.id == created.response.id)
    assert "This lobby was cancelled." in lobby.embeds[0].description
    assert not controls(lobby)
    assert not await deadlines(table)


async def test_match_cancel_by_a_channel_manager_tells_every_player(table: Table) -> None:
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    erin = table.guild.add_member(table.env.create_user("erin"), roles=[mods])
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    await table.bob.click(created.response, label="Join")
    cancelled = await erin.slash(table.channel, "match cancel")
    assert said(cancelled) == "Match #1 is cancelled."
    told = table.channel.history()[-1].content
    assert table.alice.mention in told and table.bob.mention in told
    assert "will not start: a channel manager cancelled it." in told


async def test_admin_request_bodies_match_discords_openapi_spec(table: Table) -> None:
    api = spec_or_skip()
    dave = admin(table)
    await dave.slash(table.channel, "parlor settings", turn_limit=900, step_pacing=0)
    await dave.slash(table.channel, "parlor settings", withdraw="fanfare")
    await dave.autocomplete(table.channel, "parlor settings", "offer", "")
    await table.alice.slash(table.channel, "match new", ruleset="fanfare")  # refused
    await open_match(table)
    await dave.slash(table.channel, "parlor matches")
    other = table.guild.create_text_channel("other")
    lobby = await table.carol.slash(other, "match new", ruleset="lanes")
    await table.alice.click(lobby.response, label="Join")
    await table.carol.click(lobby.response, label="Cancel")

    checked, problems = api.check_all(table.env.http_requests)
    assert checked > 10
    assert problems == []
