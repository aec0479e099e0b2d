"""Bad input and races: non-players, moves out of turn or not allowed, double clicks, a busy
channel, closed DMs, Discord failing, and the bot's own failures. Each gets a clear answer and
changes nothing it should not."""

from __future__ import annotations

import logging
import random
from dataclasses import replace

import pytest

from bot.table.errors import UserError
from rules.engine import Action

from .conftest import Table
from .players import (
    click_stale,
    dms,
    end_turn,
    find,
    hand_message,
    open_match,
    play_card,
    seat_user,
)


async def state(table: Table) -> tuple[str, int]:
    live = await table.bot.matches.live(1)
    return live.match.state_hash(), len(live.match.actions)


async def test_a_spectator_can_watch_but_not_play(table: Table) -> None:
    await open_match(table)
    before = await state(table)
    board = table.channel.history()[-1]
    mine = await table.carol.click(board, label="My hand")
    assert mine.ephemeral and "You are not playing in match #1" in mine.response.content
    for command, options in (
        ("act", {"action": "End turn"}),
        ("play", {"card": "Moth Page"}),
        ("retreat", {}),
        ("hand", {}),
    ):
        refused = await table.carol.slash(table.channel, command, **options)
        assert refused.ephemeral and "not playing" in refused.response.content, command
    assert await table.carol.autocomplete(table.channel, "play", "card", "") == []
    shown = await table.carol.slash(table.channel, "board")
    assert shown.ephemeral and shown.response.attachments[0].filename == "board.png"
    assert await state(table) == before


async def test_moves_out_of_turn_or_not_allowed_are_refused(table: Table) -> None:
    await open_match(table)
    await end_turn(table.alice.user)
    before = await state(table)
    late = await table.alice.slash(table.channel, "play", card="Moth Page")
    assert late.ephemeral and "not available now" in late.response.content
    assert "Take back end turn" in late.response.content
    nothing = await table.bob.slash(table.channel, "play", card="Iron Colossus")
    assert "Nothing matches 'Iron Colossus'" in nothing.response.content
    bad_place = await table.bob.slash(table.channel, "act", action="End turn")
    assert bad_place.ephemeral  # /act works for any move: Bob has now ended his turn
    # The rules' own reason reaches the player as it stands, and nothing changes.
    with pytest.raises(UserError, match="not in your hand"):
        await table.bot.matches.act(1, table.alice.id, Action("play", card=999, location=0))
    assert (await state(table))[1] == before[1] + 1  # only Bob's end of turn


async def test_a_double_click_applies_once(table: Table) -> None:
    await open_match(table)
    alice = table.alice.user
    message = hand_message(alice)
    end = find(message, "do", "End turn")[0].custom_id
    await alice.click(message, custom_id=end)
    before = await state(table)
    second = await click_stale(alice, message, end)  # the same button, clicked again
    assert second.acknowledged
    assert await state(table) == before
    assert any("out of date" in m.content for m in dms(alice))


async def test_the_same_interaction_is_applied_once(table: Table) -> None:
    await open_match(table)
    matches = table.bot.matches
    await matches.act(1, table.alice.id, Action("end_turn"), interaction_id=424242)
    before = await state(table)
    with pytest.raises(UserError, match="already done"):
        await matches.act(1, table.alice.id, Action("take_back"), interaction_id=424242)
    assert await state(table) == before


async def test_one_match_per_channel_and_many_channels(table: Table) -> None:
    await open_match(table)
    busy = await table.carol.slash(table.channel, "match new", ruleset="lanes")
    assert busy.ephemeral and "already has a match (#1)" in busy.response.content
    other = table.guild.create_text_channel("more-games")
    created = await table.carol.slash(other, "match new", ruleset="lanes")
    await table.alice.click(created.response, label="Join")
    await table.carol.click(created.response, label="Start")
    second = await table.bot.matches.live(2)
    assert second.channel_id == other.id and second.names == ("carol", "alice")
    await end_turn(table.bob.user)  # Bob's only hand is match #1's
    assert len((await table.bot.matches.live(1)).match.actions) == 1
    assert len(second.match.actions) == 0


async def test_closed_dms_are_found_at_join_and_play_goes_on_with_hand(table: Table) -> None:
    bob = table.bob
    table.env.inject_error(
        "POST",
        f"/channels/{bob.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    joined = await bob.click(created.response, label="Join")
    assert "I can't send you DMs" in joined.followups[0].content and joined.followups[0].ephemeral
    assert "DMs closed" in table.channel.history()[0].embeds[0].description
    await table.alice.click(created.response, label="Start")
    board = table.channel.history()[-1]
    assert bob.mention in board.content and "/hand" in board.content
    assert not dms(bob)  # nothing arrived, and nothing was lost silently

    hand = await bob.slash(table.channel, "hand")
    assert hand.ephemeral and hand.response.attachments[0].filename == "table.png"
    await bob.click(hand.response, label="End turn")
    await end_turn(table.alice.user)
    assert (await table.bot.matches.live(1)).match.view(None).turn == 2
    turn_two = table.channel.history()[-1]
    mine = await bob.click(turn_two, label="My hand")
    assert mine.ephemeral and find(mine.response, "do", "End turn")


async def test_discord_failing_to_post_a_board_does_not_lose_the_match(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    await open_match(table)
    channel_messages = f"/channels/{table.channel.id}/messages"
    table.env.inject_error("POST", channel_messages, status=500, times=1)
    await end_turn(table.alice.user)
    await end_turn(table.bob.user)
    boards = [m for m in table.channel.history() if m.attachments]
    assert "Turn 2 of" in boards[-1].content  # posted on the retry
    assert "match 1: posting the board failed (HTTP 500); retrying" in caplog.text

    table.env.inject_error("POST", channel_messages, status=500, times=3)  # every retry fails
    await end_turn(table.alice.user)
    with caplog.at_level(logging.ERROR):
        await end_turn(table.bob.user)
    assert "match 1: could not show step 0 (HTTP 500)" in caplog.text
    after = [m for m in table.channel.history() if m.attachments]
    assert len(after) == len(boards) + 1  # the next step posted the turn's message afresh
    assert "Turn 3 of" in after[-1].content
    count = (await state(table))[1]
    played = await play_card(table.alice.user, random.Random(2))
    await end_turn(table.alice.user)
    assert (await state(table))[1] == count + 1 + played


async def test_an_unexpected_error_is_logged_answered_and_changes_nothing(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_match(table)
    before = await state(table)
    storage = table.bot.matches.storage
    original = storage.append_action

    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage, "append_action", broken)
    failed = await end_turn(table.alice.user)
    assert "Sorry, something went wrong on my side in match #1" in failed.followups[0].content
    assert "match 1: seat 0 end_turn could not be stored" in caplog.text
    assert await state(table) == before  # rebuilt from storage, without the lost action
    monkeypatch.setattr(storage, "append_action", original)

    ruleset = (await table.bot.matches.live(1)).match.ruleset
    calls = []

    def fails_once(*args: object) -> None:
        calls.append(args)
        monkeypatch.undo()  # from now on, the rules work again
        raise ZeroDivisionError

    # The rules fail inside the kind's handler, once the engine has accepted the action.
    broken_kinds = {
        **ruleset.kinds,
        "end_turn": replace(ruleset.kinds["end_turn"], handler=fails_once),
    }
    monkeypatch.setattr(ruleset, "kinds", broken_kinds)
    failed = await end_turn(table.alice.user)
    assert "Sorry" in failed.followups[0].content
    assert "match 1: seat 0 end_turn failed in the rules" in caplog.text
    assert await state(table) == before
    await end_turn(table.alice.user)
    await end_turn(seat_user(table, 1).user)
    assert (await state(table))[1] == 2


async def test_a_channel_the_bot_may_not_post_in_is_reported_to_the_players(table: Table) -> None:
    await open_match(table)
    table.env.inject_error(
        "PATCH",
        f"/channels/{table.channel.id}/messages/*",
        status=403,
        code=50013,
        message="Missing Permissions",
        times=None,
    )
    await end_turn(table.alice.user)
    for player in (table.alice, table.bob):
        told = [m.content for m in dms(player) if "can't post match #1's board" in m.content]
        assert len(told) == 1 and "/board" in told[0]
    board = await table.alice.slash(table.channel, "board")
    assert board.response.attachments[0].filename == "board.png"
    await end_turn(table.bob.user)  # once, not at every step
    assert len([m for m in dms(table.alice) if "can't post" in m.content]) == 1
    assert (await state(table))[1] == 2
