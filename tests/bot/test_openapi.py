"""Every JSON body the bot sends validates against the request-body schema of its route in
Discord's own OpenAPI spec: over a whole match of each ruleset, its lobby, DMs (and closed
ones), ephemeral hands, slash commands, multi-selects, reminders and timeouts, the log, a
concession, and errors answered."""

from __future__ import annotations

import random

from .conftest import Table
from .openapi import spec_or_skip
from .players import dm_player, find, hand_message, play_fanfare, play_out, slash_play


async def test_every_request_body_matches_discords_openapi_spec(table: Table) -> None:
    api = spec_or_skip()
    env, channel, alice, bob, carol = table.env, table.channel, table.alice, table.bob, table.carol
    env.inject_error(
        "POST", f"/channels/{carol.user.dm_channel.id}/messages", status=403, code=50007, times=None
    )
    await carol.slash(channel, "match help")
    created = await alice.slash(channel, "match new", ruleset="lanes", opponent=bob, timer=300)
    await carol.click(created.response, label="Join")  # refused: reserved for Bob
    await bob.slash(channel, "match join", deck="roots")
    [decks] = find(created.response, "deck")  # beside the menu of CPU players
    await alice.select(created.response, ["shadows"], custom_id=decks.custom_id)
    await alice.click(created.response, label="Start")
    await env.advance_time(240)  # reminders by DM
    await env.advance_time(70)  # both out of time: the clock ends the turn
    await bob.slash(channel, "hand")
    await carol.slash(channel, "board")
    await carol.slash(channel, "match status")
    await slash_play(table, bob, random.Random(3))
    await play_out(table, dm_player(table, random.Random(3)))
    await carol.slash(channel, "match log")
    other = table.guild.create_text_channel("other")
    lobby = await carol.slash(other, "match new", ruleset="lanes")  # carol's DMs are closed
    await alice.click(lobby.response, label="Join")
    await carol.click(lobby.response, label="Cancel")

    checked, problems = api.check_all(env.http_requests)
    assert checked > 100
    assert problems == []
    routes = {api.route(r.method, r.path) for r in env.http_requests}
    assert {
        "/channels/{channel_id}/messages",
        "/channels/{channel_id}/messages/{message_id}",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
        "/users/@me/channels",
    } <= routes


async def test_every_request_body_of_a_fanfare_match_matches_the_spec(table: Table) -> None:
    api = spec_or_skip()
    env, channel, alice, bob, carol = table.env, table.channel, table.alice, table.bob, table.carol
    created = await alice.slash(channel, "match new", ruleset="fanfare", timer=300)
    await bob.slash(channel, "match join", deck="gravebloom")
    await alice.click(created.response, label="Start")
    await env.advance_time(240)  # reminders, during the mulligan
    await alice.user.click(hand_message(alice), label="No cards to return")
    await env.advance_time(70)  # Bob is out of time: he keeps his cards
    asked = await carol.slash(channel, "retreat")  # not playing: refused
    await play_fanfare(table, random.Random(17))
    await carol.slash(channel, "match log")

    # /retreat from the seat the game does not wait on, in a second match.
    other = table.guild.create_text_channel("other")
    created = await alice.slash(other, "match new", ruleset="fanfare")
    await bob.click(created.response, label="Join")
    await alice.click(created.response, label="Start")
    for member in (alice, bob):
        await member.user.click(hand_message(member), label="No cards to return")
    live = await table.bot.matches.live(2)
    waiting = (bob, alice)[live.match.view(None).turn_player]
    asked = await waiting.slash(other, "retreat")
    await waiting.click(asked.response, label="Yes: Concede")
    assert live.match.over

    checked, problems = api.check_all(env.http_requests)
    assert checked > 100
    assert problems == []
