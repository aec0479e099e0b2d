"""Rematch: under a match's result, one of its players asks for the same match again (same
settings and decks, the seats rotated, the other seat first); the others confirm with Join and
the last to confirm starts it. Nobody else may take a seat; any of its players may cancel or
leave it."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.table.games import Games
from bot.table.live import LiveMatch
from bot.table.lobby import rematch_first, rematch_seats
from bot.table.storage import PlayerRow
from rules.engine import DeckInfo
from rules.registry import get_ruleset
from tests.engine.toy import Toy

from .conftest import Table
from .openapi import spec_or_skip
from .players import click_stale, controls, deadlines, find, said

pytestmark = pytest.mark.backends


async def give_up(member: simcord.MemberActor, channel: simcord.ChannelHandle) -> None:
    """``/retreat``, confirmed: the quickest way to a result."""
    asked = await member.slash(channel, "retreat")
    [sure] = find(asked.response, "yes")
    await member.click(asked.response, custom_id=sure.custom_id)


def result_message(table: Table, match_id: int) -> discord.Message:
    return next(
        m for m in table.channel.history() if m.content.startswith(f"**Match #{match_id} is over**")
    )


def latest(table: Table) -> discord.Message:
    return table.channel.history()[-1]


def labels(message: discord.Message) -> list[str]:
    return [c.label for c in controls(message) if getattr(c, "label", None)]


def first_player(live: LiveMatch) -> int:
    """The user who went first (by the engine convention: ``first`` in the spectator view; the
    matches here end on turn 1, before it could change)."""
    first = live.match.view(None).first
    assert isinstance(first, int)
    return live.players[first].user_id


def assert_the_other_seat_goes_first(old: LiveMatch, rematch: LiveMatch) -> None:
    """The rematch's first player is the old match's second, named in the rematch's setup."""
    (second,) = {p.user_id for p in old.players} - {first_player(old)}
    assert first_player(rematch) == second
    assert rematch.match.setup["first"] == rematch.seat_of(second)


async def lanes_match_over(table: Table) -> discord.Message:
    """Alice (embers, seat 0) and Bob (the default deck of seat 1) play lanes with a 15-minute
    timer and 2 missed turns forfeiting; Alice retreats. The result message."""
    alice, bob, channel = table.alice, table.bob, table.channel
    created = await alice.slash(
        channel, "match new", ruleset="lanes", deck="embers", timer=900, forfeit_after=2
    )
    await bob.slash(channel, "match join")
    await alice.click(created.response, label="Start")
    await give_up(alice, channel)
    return result_message(table, 1)


async def test_a_rematch_swaps_the_seats_and_starts_when_the_other_confirms(table: Table) -> None:
    alice, bob, carol, channel = table.alice, table.bob, table.carol, table.channel
    result = await lanes_match_over(table)
    assert labels(result) == ["Rematch"]

    asked = await bob.click(result, label="Rematch")
    assert "starts as soon as" in said(asked) and alice.mention in said(asked)
    lobby = latest(table)
    assert lobby.content.startswith(alice.mention) and "**bob** asks for a rematch" in lobby.content
    text = lobby.embeds[0].description
    assert lobby.embeds[0].title == "Match #2 · lanes"
    assert "Rematch of match #1" in text
    assert f"1. {bob.mention} — Tides · confirmed" in text  # Bob's deck was his seat's default
    assert f"2. waiting for {alice.mention} to confirm — Embers" in text
    assert "Turn limit: 15 minutes · 2 missed turns in a row forfeit" in text
    assert labels(lobby) == ["Join", "Cancel", "How to play"]  # no Start, no deck menu

    refused = await carol.click(lobby, label="Join")
    assert said(refused) == (
        f"This rematch is for {bob.mention} and {alice.mention}, the players of match #1."
    )
    stranger = await carol.click(result, label="Rematch")
    assert said(stranger) == "Only the players of match #1 can ask for a rematch."
    again = await alice.click(result, label="Rematch")
    assert said(again).startswith("The rematch of match #1 is open already: [match #2](")
    assert f"/{lobby.id})" in said(again) and "Press **Join** there to confirm." in said(again)
    asker_again = await bob.click(result, label="Rematch")
    assert f"Waiting for {alice.mention} to confirm." in said(asker_again)
    twice = await bob.click(lobby, label="Join")
    assert "You are in this rematch already" in said(twice)
    start = await alice.slash(channel, "match start")
    assert "A rematch starts by itself" in said(start)
    other_deck = await alice.slash(channel, "match join", deck="roots")
    assert "A rematch keeps each player's deck" in said(other_deck)
    assert (await table.bot.storage.match(2)).status == "lobby"  # type: ignore[union-attr]

    await alice.click(lobby, label="Join")  # the last to confirm: the match starts at once
    first = await table.bot.matches.live(1)
    rematch = await table.bot.matches.live(2)
    assert [p.user_id for p in rematch.players] == [bob.id, alice.id]
    assert (rematch.turn_limit, rematch.forfeit_after) == (900, 2)
    assert [p.deck for p in rematch.players] == ["tides", "embers"]
    assert rematch.match.setup["decks"] == first.match.setup["decks"][::-1]
    assert_the_other_seat_goes_first(first, rematch)
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert "Started: the board follows below." in shown.embeds[0].description
    assert not controls(shown)
    board = latest(table)
    assert board.content.startswith("**Match #2 · lanes** — bob vs alice")
    assert ("lobby", 2) not in await deadlines(table)

    late = await alice.click(result, label="Rematch")
    assert said(late) == "The rematch of match #1 is being played here: match #2."


def test_three_seats_rotate_each_keeping_the_deck_it_played() -> None:
    """Three seats: each player moves up one, seat 0 goes last; only the asker is confirmed."""
    rows = [
        PlayerRow(1, seat, user, f"u{user}", deck, None, closed, 55)
        for seat, user, deck, closed in (
            (0, 7, None, False),
            (1, 8, "b", True),
            (2, 9, None, False),
        )
    ]
    decks = [DeckInfo(d, d.upper(), "") for d in ("a", "b", "c")]
    seats = rematch_seats(rows, decks, asker=9)
    assert [(p.seat, p.user_id, p.deck, p.confirmed) for p in seats] == [
        (0, 8, "b", False),
        (1, 9, "c", True),  # the deck seat 2 was given, not seat 1's
        (2, 7, "a", False),
    ]
    assert not any(p.dms_closed or p.hand_message_id for p in seats)  # tried afresh


def test_the_seat_after_the_old_first_goes_first_in_its_new_seat() -> None:
    """Of two, the old second player; of three, who sat right after the old first player."""
    for users in ((7, 8), (7, 8, 9)):
        old = [
            PlayerRow(1, seat, user, f"u{user}", None, None, False, None)
            for seat, user in enumerate(users)
        ]
        new = rematch_seats(old, [], asker=7)
        for old_first, user in enumerate(users):
            after = users[(old_first + 1) % len(users)]
            seat = rematch_first(old, new, old_first)
            assert new[seat].user_id == after != user


def test_no_first_seat_is_named_where_the_ruleset_takes_none() -> None:
    """A ruleset without a ``first`` setup field (the engine's toy) is dealt by its own coin."""
    games = Games(
        ["lanes", "toy"], lookup=lambda name: Toy() if name == "toy" else get_ruleset(name)
    )
    assert games.names_first("lanes") and not games.names_first("toy")
    assert games.opening_first("toy", 3, {"seats": 2, "counters": 10}) is None
    setup = {"seats": 2, "decks": ["embers", "roots"]}
    assert {games.opening_first("lanes", seed, setup) for seed in range(8)} == {0, 1}


async def test_a_player_cancelling_or_leaving_the_rematch_tells_the_other(table: Table) -> None:
    alice, bob, channel = table.alice, table.bob, table.channel
    result = await lanes_match_over(table)
    await alice.click(result, label="Rematch")
    lobby = latest(table)
    await bob.click(lobby, label="Cancel")  # not its asker: any of its players may cancel it
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert "This rematch was cancelled." in shown.embeds[0].description
    assert f"{bob.mention} — Tides · did not confirm" in shown.embeds[0].description
    assert not controls(shown)
    told = latest(table).content
    assert told.startswith(alice.mention) and bob.mention not in told
    assert "Match #2 (lanes) will not start: **bob** cancelled it." in told
    assert "Press **Rematch** under match #1's result to ask again" in told

    await bob.click(result, label="Rematch")  # the channel is free: ask again
    assert latest(table).embeds[0].title == "Match #3 · lanes"
    left = await alice.slash(channel, "match leave")  # the one still to confirm leaves
    assert said(left) == "The lobby is closed."
    told = latest(table).content
    assert told.startswith(bob.mention) and "**alice** left it" in told
    assert not await deadlines(table)


async def test_a_rematch_expires_like_any_lobby(table: Table) -> None:
    result = await lanes_match_over(table)
    await table.alice.click(result, label="Rematch")
    lobby = latest(table)
    await table.env.advance_time(3601)
    shown = next(m for m in table.channel.history() if m.id == lobby.id)
    assert "This rematch expired: not everyone confirmed within 1 hour." in (
        shown.embeds[0].description
    )
    told = latest(table).content
    assert table.alice.mention in told and table.bob.mention in told
    assert "not everyone confirmed the rematch within 1 hour" in told


async def test_no_rematch_for_a_match_without_result_nor_while_another_is_open(
    table: Table,
) -> None:
    alice, bob, carol, channel = table.alice, table.bob, table.carol, table.channel
    mods = table.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    dave = table.guild.add_member(table.env.create_user("dave"), roles=[mods])
    created = await alice.slash(channel, "match new", ruleset="lanes")
    await bob.click(created.response, label="Join")
    await alice.click(created.response, label="Start")
    await dave.slash(channel, "match cancel")  # ended without a result: no Rematch offered
    assert not any(find(m, "rematch") for m in channel.history())
    stale = await click_stale(alice, latest(table), "pl:1:-:rematch")
    assert said(stale) == "Match #1 ended without a result: there is nothing to play again."

    other = table.guild.create_text_channel("other")
    created = await alice.slash(other, "match new", ruleset="lanes")
    await bob.click(created.response, label="Join")
    await alice.click(created.response, label="Start")
    await give_up(bob, other)
    await carol.slash(other, "match new", ruleset="lanes")
    result = next(m for m in other.history() if m.content.startswith("**Match #2 is over**"))
    busy = await alice.click(result, label="Rematch")
    assert said(busy).startswith("This channel already has a match (#3). Finish or cancel it")


async def test_a_fanfare_rematch_keeps_each_players_deck(table: Table) -> None:
    alice, bob, channel = table.alice, table.bob, table.channel
    created = await alice.slash(channel, "match new", ruleset="fanfare", deck="gravebloom")
    await bob.slash(channel, "match join", deck="tidewarden")
    await alice.click(created.response, label="Start")
    asked = await bob.slash(channel, "retreat")  # during the mulligan: concede is always listed
    await bob.click(asked.response, label="Yes: Concede")
    result = result_message(table, 1)

    await alice.click(result, label="Rematch")
    text = latest(table).embeds[0].description
    assert f"1. waiting for {bob.mention} to confirm — Tidewarden" in text
    assert f"2. {alice.mention} — Gravebloom · confirmed" in text
    joined = await bob.slash(channel, "match join")
    assert said(joined) == "You confirmed: match #2 is on, the board follows."
    rematch = await table.bot.matches.live(2)
    assert [(p.user_id, p.deck) for p in rematch.players] == [
        (bob.id, "tidewarden"),
        (alice.id, "gravebloom"),
    ]
    pool = rematch.match.ruleset.pool  # type: ignore[attr-defined]
    assert rematch.match.setup["decks"] == [
        list(pool.decks[d].cards) for d in ("tidewarden", "gravebloom")
    ]
    assert_the_other_seat_goes_first(await table.bot.matches.live(1), rematch)


async def test_rematch_request_bodies_match_discords_openapi_spec(table: Table) -> None:
    api = spec_or_skip()
    alice, bob, carol, channel = table.alice, table.bob, table.carol, table.channel
    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dave = table.guild.add_member(table.env.create_user("dave"), roles=[admins])
    result = await lanes_match_over(table)
    await bob.click(result, label="Rematch")
    await carol.click(result, label="Rematch")  # refused: not a player
    await alice.click(result, label="Rematch")  # the open one, linked
    listing = await dave.slash(channel, "parlor matches")
    assert "rematch of #1, 1 of 2 confirmed" in listing.response.embeds[0].description
    lobby = latest(table)
    await carol.click(lobby, label="Join")  # refused: reserved
    await alice.click(lobby, label="Join")  # the match starts
    await give_up(bob, channel)
    await alice.click(result_message(table, 2), label="Rematch")
    await bob.slash(channel, "match cancel")

    checked, problems = api.check_all(table.env.http_requests)
    assert checked > 10
    assert problems == []
