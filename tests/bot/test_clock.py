"""The turn clock (LANES-4.5): a reminder by DM before the time runs out, then the ruleset's
timeout action for each seat still staging; staged plays stand. Driven by simcord's virtual
clock, so no test waits."""

from __future__ import annotations

import random

import pytest

from bot.table.clock import reminder_lead

from .conftest import Table
from .players import deadlines, dms, end_turn, find, hand_message, open_match, play_card

pytestmark = pytest.mark.backends


def test_reminders_come_a_quarter_of_the_limit_early_at_most_an_hour() -> None:
    assert reminder_lead(120) == 30
    assert reminder_lead(24 * 3600) == 3600


async def test_a_reminder_then_the_timeout_ends_the_turn_with_the_staged_plays(
    table: Table,
) -> None:
    await open_match(table, timer=120)
    env, alice, bob = table.env, table.alice.user, table.bob.user
    await play_card(alice, random.Random(1))
    await env.advance_time(89)
    assert not any("⏰" in m.content for m in dms(alice))
    await env.advance_time(2)
    for player in (alice, bob):
        assert "⏰" in dms(player)[-1].content and "runs out" in dms(player)[-1].content
    await env.advance_time(30)
    live = await table.bot.matches.live(1)
    assert [a.kind for _, a in live.match.actions][-2:] == ["timeout", "timeout"]
    assert live.match.view(None).turn == 2
    assert "Your move" in hand_message(alice).content  # the next turn's hand, with a new clock


async def test_a_seat_that_ended_is_not_timed_out_and_taking_back_keeps_its_clock(
    table: Table,
) -> None:
    await open_match(table, timer=300)
    env, bob = table.env, table.bob.user
    await end_turn(bob)
    await env.advance_time(200)
    live = await table.bot.matches.live(1)
    due = live.players[1].clock.due_at
    await bob.click(hand_message(bob), label="Take back end turn")
    assert (await table.bot.matches.live(1)).players[1].clock.due_at == due  # no fresh time
    await end_turn(bob)
    await env.advance_time(101)
    live = await table.bot.matches.live(1)
    kinds = [(seat, a.kind) for seat, a in live.match.actions]
    assert kinds == [(1, "end_turn"), (1, "take_back"), (1, "end_turn"), (0, "timeout")]
    assert live.match.view(None).turn == 2


async def test_no_clock_rings_after_the_match_is_over(table: Table) -> None:
    await open_match(table, timer=120)
    retreat = await table.alice.slash(table.channel, "retreat")
    assert "This cannot be taken back" in retreat.response.content
    [sure] = find(retreat.response, "yes")
    await table.alice.click(retreat.response, custom_id=sure.custom_id)
    live = await table.bot.matches.live(1)
    assert live.match.over
    assert not await deadlines(table)
    await table.env.advance_time(600)
    assert len(live.match.actions) == 1
