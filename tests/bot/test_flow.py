"""A whole lanes match, from ``/match new`` to the result: two players acting through their DMs
and through slash commands, a spectator watching; the bot as it runs by default, drawing in
worker processes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.settings import Secret, Settings
from rules.engine import replay
from rules.registry import get_ruleset

from .conftest import Table
from .players import (
    assert_png,
    dms,
    end_turn,
    find,
    hand_message,
    images,
    play_card,
    play_out,
    slash_play,
)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The bot as it runs by default: pictures drawn in worker processes."""
    return Settings(
        token=Secret("not-a-token"), database=tmp_path / "parlor.db", step_delay=0, shard_count=1
    )


async def test_a_whole_match_through_dms_and_slash_commands(table: Table) -> None:
    env, channel, alice, bob, carol = table.env, table.channel, table.alice, table.bob, table.carol
    created = await alice.slash(channel, "match new", ruleset="lanes", deck="embers", timer=3600)
    lobby = created.response
    assert lobby is not None and not lobby.ephemeral
    assert "Embers" in lobby.embeds[0].description

    joined = await bob.slash(channel, "match join", deck="tides")
    assert joined.ephemeral and "You are in match #1" in joined.response.content
    lobby_text = channel.history()[0].embeds[0].description
    assert "Embers" in lobby_text and "Tides" in lobby_text and "1 hour" in lobby_text
    await alice.click(lobby, label="Start")

    # Each player has a greeting, then its table: the board from its seat with its hand, a real
    # PNG, with controls built from legal actions.
    for player in (alice, bob):
        hand = hand_message(player)
        assert "Match #1" in hand.content and "**Your move.**" in hand.content
        [picture] = images(env, hand)
        assert_png(picture)
        assert hand.attachments[0].filename == "table.png"
        assert find(hand, "do", "End turn")
    # The channel's board is an attachment with its text beside it, not an embed's thumbnail.
    board = channel.history()[-1]
    assert not board.embeds and board.content.startswith("**Match #1 · lanes**")
    assert board.attachments[0].filename == "board.png"
    assert alice.mention in board.content and bob.mention in board.content

    rng = random.Random(7)
    snapped = False
    seen = {0: len(dms(alice)), 1: len(dms(bob))}
    turn = 1

    def new_dms_are_one_per_wait() -> None:
        """Since the last check, at most one new DM per seat, and only to a seat the game now
        waits on (a turn started for it); every older table is collapsed, without controls."""
        nonlocal turn
        live_turn = table.bot.matches._live[1].match.view(None).turn
        for seat, player in enumerate((alice, bob)):
            new = len(dms(player)) - seen[seat]
            assert new == (1 if live_turn != turn else 0), (seat, new)
            seen[seat] = len(dms(player))
            older = [m for m in dms(player)[1:-1]]
            assert all(not m.components and not m.attachments for m in older)
        turn = live_turn

    async def move(seat: int) -> None:
        nonlocal snapped
        if 1 in table.bot.matches._live and not table.bot.matches._live[1].match.over:
            new_dms_are_one_per_wait()
        if seat == 0:  # Alice plays by DM
            if rng.random() < 0.8:
                await play_card(alice.user, rng)
            await end_turn(alice.user)
            return
        if not snapped:  # Bob plays with slash commands
            result = await bob.slash(channel, "act", action="Snap")
            assert result.ephemeral and "snaps" in result.response.content
            snapped = True
        if rng.random() < 0.8:
            played = await slash_play(table, bob, rng)
            if played is not None:
                assert played.ephemeral and "You stage" in played.response.content
        ended = await bob.slash(channel, "act", action="End turn")
        assert ended.ephemeral

    await play_out(table, move)

    # Spectators saw every step: board messages with real PNGs, then the result.
    posted = [m for m in channel.history(viewer=carol) if m.author.bot]
    boards = [m for m in posted if m.attachments and m.attachments[0].filename == "board.png"]
    live = await table.bot.matches.live(1)
    assert (
        len(boards) == live.match.view(None).turn
    )  # one message per turn, the last revealed in it
    for message in boards:
        for data in images(env, message):
            assert_png(data)
    result = posted[-1]
    assert not result.embeds and result.content.startswith("**Match #1 is over**")
    assert result.attachments[0].filename == "result.png"
    assert_png(images(env, result)[0])
    summary = result.content
    assert "alice" in summary or "bob" in summary or "draw" in summary.lower()
    # Each step of a reveal was its own edit of the turn's message.
    edits = [r for r in env.http_requests if r.method == "PATCH" and str(channel.id) in r.path]
    assert len(edits) > len(boards)

    # Both players were told in their DMs how it went for them, with the result picture and a
    # link to the result; every older table is collapsed. The log and the record replay to the
    # same state.
    outcomes = []
    for player in (alice, bob):
        last = dms(player)[-1]
        assert "[The result in the channel](" in last.content and str(result.id) in last.content
        assert last.attachments[0].filename == "result.png" and not last.components
        outcomes.append(next(w for w in ("You won!", "You lost.", "A draw.") if w in last.content))
        assert all(not m.components for m in dms(player)[:-1])
    assert sorted(outcomes) in (["You lost.", "You won!"], ["A draw.", "A draw."])
    log = await carol.slash(channel, "match log")
    [record_file] = [a for a in log.response.attachments if a.filename.endswith(".json")]
    record = json.loads(env.backend.cdn.get(record_file.url))
    assert replay(record, get_ruleset).state_hash() == live.match.state_hash()
    status = await carol.slash(channel, "match status")
    assert status.ephemeral and "over" in status.response.embeds[0].description.lower()
