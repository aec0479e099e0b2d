"""Every JSON body the bot sends validates against the request-body schema of its route in
Discord's own OpenAPI spec: over a whole match, its lobby, DMs (and closed ones), ephemeral
hands, slash commands, reminders and timeouts, the log, and errors answered."""

from __future__ import annotations

import random

from .conftest import Table
from .openapi import spec_or_skip
from .players import dm_player, play_out, slash_play


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
    await alice.select(created.response, ["shadows"])
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
