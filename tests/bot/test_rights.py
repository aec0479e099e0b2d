"""Authorisation by the match, not by where the click happened (``bot.chat.rights``): a
control works only where the bot sent it, and the caller's rights are those they hold in the
match's own server and channel. Custom ids are readable, so these tests forge them: a click
sends any custom id on any message its user can see, as a modified client could."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest
import simcord
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from bot.chat.client import Parlor
from bot.chat.controls import ControlId

from .conftest import Table
from .hostile import (
    Blank,
    answer,
    channel_id_of,
    click_data,
    forge,
    message_in,
    newest_dm,
    open_matches,
    places,
    refused,
    show_hands,
    shown_controls,
    state_of,
    world,
)
from .players import click_stale, dms, end_turn, find, hand_message, open_match, said


async def stored(table: Table, match_id: int = 1) -> tuple[object, ...]:
    """What a refused click must leave as it was: the match's row, players and actions."""
    storage = table.bot.matches.storage
    row = await storage.match(match_id)
    assert row is not None
    players = [(p.seat, p.user_id, p.deck, p.confirmed) for p in await storage.players(match_id)]
    actions = [(a.seq, a.seat, a.action) for a in await storage.actions(match_id)]
    return row.status, row.state_hash, row.result, tuple(players), tuple(actions)


async def a_message(member: simcord.MemberActor, channel: simcord.ChannelHandle) -> discord.Message:
    """Something to click on in a channel: a forged click names any custom id on it."""
    return await member.send(channel, "hello")


async def test_a_cancel_forged_in_another_channel_by_its_manager_is_refused(table: Table) -> None:
    # Erin may manage #side, and nothing else: no say over #games' match.
    erin_user = table.env.create_user("erin")
    side = table.guild.create_text_channel(
        "side", overwrites={erin_user: discord.PermissionOverwrite(manage_channels=True)}
    )
    erin = table.guild.add_member(erin_user)
    await open_match(table)
    before = await stored(table)
    refused = await click_stale(erin, await a_message(erin, side), "pl:1:-:cancel")
    assert said(refused) == (
        "That control belongs to a match in another channel: use it where it was posted."
    )
    assert await stored(table) == before and before[0] == "active"
    # In #games itself she may not manage the channel: /match cancel says so too.
    told = await erin.slash(table.channel, "match cancel")
    assert "only someone who can manage this channel" in said(told)
    assert await stored(table) == before


async def test_a_cancel_forged_in_another_server_by_its_owner_is_refused(table: Table) -> None:
    owner = table.env.create_user("owner")
    other = table.env.create_guild("Other", owner=owner)
    den = other.create_text_channel("den")
    boss = other.add_member(owner)
    await open_match(table)
    before = await stored(table)
    refused = await click_stale(boss, await a_message(boss, den), "pl:1:-:cancel")
    assert "belongs to a match in another channel" in said(refused)
    assert await stored(table) == before and before[0] == "active"


async def test_a_join_forged_by_a_member_of_another_server_only_is_refused(table: Table) -> None:
    other = table.env.create_guild("Other")
    den = other.create_text_channel("den")
    dave = other.add_member(table.env.create_user("dave"))
    await table.alice.slash(table.channel, "match new", ruleset="lanes")
    before = await stored(table)
    refused = await click_stale(dave, await a_message(dave, den), "pl:1:-:join")
    assert "belongs to a match in another channel" in said(refused)
    assert await stored(table) == before and before[0] == "lobby"
    lobby = next(m for m in table.channel.history() if m.embeds)
    assert "dave" not in lobby.embeds[0].description


async def test_the_log_of_a_match_in_a_channel_one_cannot_see_is_refused(table: Table) -> None:
    hidden = discord.PermissionOverwrite(view_channel=False)
    shown = discord.PermissionOverwrite(view_channel=True)
    secret = table.guild.create_text_channel(
        "secret",
        overwrites={
            table.guild.default_role: hidden,
            table.alice: shown,
            table.bob: shown,
        },
    )
    created = await table.alice.slash(secret, "match new", ruleset="lanes")
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Start")
    refused = await table.carol.slash(table.channel, "match log", match=1)
    assert said(refused) == "You can't see the channel where match #1 is played."
    # Who may see it gets it from anywhere in the server; nobody gets another server's.
    allowed = await table.alice.slash(table.channel, "match log", match=1)
    assert "Match #1" in said(allowed)
    other = table.env.create_guild("Other")
    stranger = other.add_member(table.env.create_user("dave"))
    elsewhere = await stranger.slash(other.create_text_channel("den"), "match log", match=1)
    assert said(elsewhere) == "There is no match #1 in this server."


async def test_a_players_table_works_in_their_dms_only_while_they_may_see_the_match(
    table: Table,
) -> None:
    await open_match(table)
    bob = table.bob.user
    before = await stored(table)
    # Bob's table, used in another channel of the server, is refused there...
    side = table.guild.create_text_channel("side")
    end = find(hand_message(bob), "do", "End turn")[0].custom_id
    refused = await click_stale(table.bob, await a_message(table.bob, side), end)
    assert said(refused) == (
        "That control belongs to a match played in another channel: use it there or in your "
        "DMs with me."
    )
    assert await stored(table) == before
    # ...and, once he may no longer see the match's channel, in his DMs too.
    table.env.backend.set_overwrite(
        table.channel.id,
        Overwrite(target_id=bob.id, type=OverwriteType.MEMBER, allow=0, deny=1 << 10),
    )
    refused = await table.bob.user.click(hand_message(bob), custom_id=end)
    assert said(refused) == "You can't see the channel where match #1 is played."
    assert await stored(table) == before
    table.env.backend.delete_overwrite(table.channel.id, bob.id)
    await end_turn(bob)
    assert len((await stored(table))[4]) == 1


async def test_a_player_who_left_the_server_can_no_longer_play_by_dm(table: Table) -> None:
    await open_match(table)
    alice = table.alice.user
    await end_turn(alice)  # from her DMs: she is a member, as Discord said a moment ago
    table.guild.remove_member(table.alice)
    before = await stored(table)
    await table.env.advance_time(61)  # what Discord said is kept a minute
    hand = hand_message(alice)
    refused = await click_stale(alice, hand, find(hand, "do")[0].custom_id)
    assert said(refused) == "You are not a member of the server where match #1 is played."
    assert await stored(table) == before
    assert "not a member" not in " ".join(m.content for m in dms(table.bob))


async def test_a_control_whose_answer_edits_its_message_works_only_on_its_own(
    table: Table,
) -> None:
    """A table's, a rules page's and a lobby's answer edits the message clicked: sent on
    another message (a board everyone sees, a lobby), it is refused and the message stays."""
    await open_match(table)
    bob = table.bob
    await bob.slash(table.channel, "match new", ruleset="lanes")  # busy: refused, ephemeral
    shown = await bob.slash(table.channel, "hand")
    back = find(shown.response, "pick")[0].custom_id  # his table, current
    board = next(m for m in table.channel.history() if m.attachments)
    lobby = next(m for m in table.channel.history() if m.embeds)
    seen = [(m.id, m.content, m.embeds[0].to_dict() if m.embeds else None) for m in (board, lobby)]
    before = await stored(table)
    for message, custom_id in (
        (board, back),
        (lobby, "pl:0:-:rules:lanes.0"),
        (board, "pl:1:-:cancel"),
    ):
        refused = await click_stale(bob, message, custom_id)
        assert said(refused) == "That control works only on the message it came with."
    after = [next(m for m in table.channel.history() if m.id == i) for i, _, _ in seen]
    assert [(m.id, m.content, m.embeds[0].to_dict() if m.embeds else None) for m in after] == seen
    assert await stored(table) == before


async def test_a_made_up_control_is_refused_and_a_real_one_needs_a_real_match(
    table: Table,
) -> None:
    await open_match(table)
    message = await a_message(table.carol, table.channel)
    before = await stored(table)
    for custom_id, told in (
        ("somebody-else:button", "That control is not one of mine, or no longer does anything."),
        ("pl:1:-:launch", "That control is not one of mine, or no longer does anything."),
        ("pl:99999999999999999999:-:join", "That control is not one of mine"),
        ("pl:42:-:join", "That match does not exist."),
        ("pl:9223372036854775807:-:cancel", "That match does not exist."),
    ):
        refused = await click_stale(table.carol, message, custom_id)
        assert said(refused).startswith(told), custom_id
    assert await stored(table) == before


@pytest.fixture
def simcord_bot(bot_factory: Callable[..., Parlor]) -> Parlor:
    return bot_factory(renderer=Blank())


@pytest.mark.parametrize("seed", [1, 2, 16])  # 16: an esper match of three under way
async def test_every_control_replayed_by_anyone_else_anywhere_else_is_refused(
    simcord_env: simcord.Env, seed: int
) -> None:
    """Random matches (any ruleset; a lobby, under way or finished) in four channels of two
    servers; every control the bot shows, in a channel, a DM or an ephemeral reply, is sent
    back by every other user from everywhere else they can click: each is refused with a clear
    message, and no match changes."""
    w = world(simcord_env)
    await open_matches(w, seed)
    await show_hands(w)
    shown = [s for s in shown_controls(w) if ControlId.parse(s.custom_id).match_id]  # type: ignore[union-attr]
    ops = {ControlId.parse(s.custom_id).op for s in shown}  # type: ignore[union-attr]
    assert ops >= {"join", "start", "cancel", "deck", "do", "yes", "back", "hand", "rematch"}
    before = await state_of(w)
    tried = 0
    for control in shown:
        for actor, channel in places(w):
            user = actor.user if isinstance(actor, simcord.MemberActor) else actor
            if user.id == control.owner or channel_id_of(w, actor, channel) == control.home:
                continue
            message = await message_in(w, actor, channel)
            newest_before = newest_dm(user)
            data = click_data(control.custom_id, control.kind, control.values)
            result = await forge(actor, message, data)
            told = answer(result, user, newest_before)
            assert refused(told), (control, user.name, channel)
            assert await state_of(w) == before, (control, user.name, channel, told)
            tried += 1
    assert tried > 200, tried


async def test_parlor_matches_lists_only_what_the_admin_may_see(table: Table) -> None:
    role = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dave = table.guild.add_member(table.env.create_user("dave"), roles=[role])
    secret = table.guild.create_text_channel(
        "secret",
        overwrites={
            table.guild.default_role: discord.PermissionOverwrite(view_channel=False),
            table.guild.me: discord.PermissionOverwrite(view_channel=True),
            table.alice: discord.PermissionOverwrite(view_channel=True),
        },
    )
    await table.alice.slash(secret, "match new", ruleset="lanes")
    await table.bob.slash(table.channel, "match new", ruleset="fanfare")
    listed = await dave.slash(table.channel, "parlor matches")
    embed = listed.response.embeds[0]
    assert embed.title == "Open in this server: 1"
    assert embed.description.startswith(f"**#2** fanfare in <#{table.channel.id}>")
