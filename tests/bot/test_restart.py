"""Restarts lose nothing: the match goes on from storage with the same state hash, its controls
keep working, outdated ones are answered, timers are re-armed and a reveal cut short by a crash
is shown again."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable

import pytest

from bot.chat.client import Parlor
from bot.chat.controls import ControlId
from bot.settings import Settings
from rules.engine import Action

from .conftest import Table
from .players import (
    click_stale,
    controls,
    dms,
    end_turn,
    find,
    hand_message,
    lively,
    next_seat,
    open_match,
    perform_by_dm,
    play_card,
    said,
    seat_user,
)

pytestmark = pytest.mark.backends


async def state(table: Table) -> tuple[str, int]:
    live = await table.bot.matches.live(1)
    return live.match.state_hash(), len(live.match.actions)


async def test_restarts_mid_turn_keep_the_match_and_its_controls(
    table: Table, bot_factory: Callable[..., Parlor]
) -> None:
    env, alice, bob = table.env, table.alice.user, table.bob.user
    await open_match(table)
    rng = random.Random(5)
    first_hand = hand_message(alice)
    first_end = find(first_hand, "do", "End turn")[0].custom_id

    # Mid-turn: Bob has ended, Alice has staged a card. Restart the same bot object.
    await end_turn(bob)
    await play_card(alice, rng)
    before = await state(table)
    await env.restart_bot()
    assert await state(table) == before

    # Alice's hand message still works after the restart (its controls are persistent).
    await alice.click(hand_message(alice), label="End turn")
    assert (await table.bot.matches.live(1)).match.view(None).turn == 2

    # A fresh bot over the same database file, at the start of turn 2.
    before = await state(table)
    await env.restart_bot(bot_factory())
    assert await state(table) == before

    # The turn-1 hand is out of date now: a click on it says so and brings the current hand.
    hands_before = len(dms(alice))
    actions = (await state(table))[1]
    await click_stale(alice, first_hand, first_end)
    assert len(dms(alice)) == hands_before + 1
    assert "out of date" in dms(alice)[-1].content
    assert find(dms(alice)[-1], "do", "End turn")
    assert all(not m.components for m in dms(alice)[:-1])  # every older table collapsed
    assert (await state(table))[1] == actions

    # And once more after the next reveal, with a fresh bot again: the match plays on.
    await end_turn(alice)
    await end_turn(bob)
    before = await state(table)
    await env.restart_bot(bot_factory())
    assert await state(table) == before
    assert (await table.bot.matches.live(1)).match.view(None).turn == 3
    await end_turn(bob)
    assert (await state(table))[1] == before[1] + 1


async def test_a_lobby_survives_a_restart(table: Table, bot_factory: Callable[..., Parlor]) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes")
    lobby = created.response
    await table.env.restart_bot(bot_factory())
    await table.bob.click(lobby, label="Join")
    await table.env.restart_bot()
    await table.alice.click(lobby, label="Start")
    assert "Started" in table.channel.history()[0].embeds[0].description
    assert find(hand_message(table.bob), "do", "End turn")


async def test_a_reveal_cut_short_by_a_crash_is_shown_after_the_restart(
    table: Table, bot_factory: Callable[..., Parlor], settings: Settings
) -> None:
    await open_match(table)
    await table.env.restart_bot(bot_factory(dataclasses.replace(settings, step_delay=30)))
    await end_turn(table.alice.user)
    await end_turn(table.bob.user)  # the reveal starts, then waits 30 s between steps...
    boards = [m for m in table.channel.history() if m.attachments]
    live = await table.bot.matches.live(1)
    row = await table.bot.storage.match(1)  # type: ignore[union-attr]
    assert row is not None and row.presented < len(live.match.actions)

    # ...and the bot goes down meanwhile: its connections to the store close (on PostgreSQL,
    # what tells the other processes it is gone), then a new bot starts.
    await table.bot._stop_services()
    await table.env.restart_bot(bot_factory())
    row = await table.bot.storage.match(1)  # type: ignore[union-attr]
    assert row is not None and row.presented == len(live.match.actions)
    after = [m for m in table.channel.history() if m.attachments]
    assert len(after) == len(boards) + 1  # the reveal, posted again in full
    assert "Turn 2" in after[-1].content
    assert find(hand_message(table.alice), "do", "End turn")


async def test_the_turn_clock_is_rearmed_after_a_restart(
    table: Table, bot_factory: Callable[..., Parlor]
) -> None:
    await open_match(table, timer=120)
    await table.env.advance_time(60)
    await table.env.restart_bot(bot_factory())
    await table.env.advance_time(61)
    live = await table.bot.matches.live(1)
    assert live.match.view(None).turn == 2
    assert [a.kind for _, a in live.match.actions] == ["timeout", "timeout"]


async def test_a_fanfare_match_goes_on_after_restarts(
    table: Table, bot_factory: Callable[..., Parlor]
) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="fanfare")
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Start")
    live = await table.bot.matches.live(1)
    seat = next_seat(live.match)  # mid-mulligan: one seat has chosen, in secret
    await perform_by_dm(
        seat_user(table, seat).user, live.match.legal_actions(seat), Action("mulligan", cards=())
    )
    before = await state(table)
    await table.env.restart_bot(bot_factory())
    assert await state(table) == before

    rng = random.Random(4)
    for _ in range(12):  # a few turns in, then again, a fresh bot over the same file
        live = await table.bot.matches.live(1)
        seat = next_seat(live.match)
        action = lively(rng, live.match, seat)
        await perform_by_dm(seat_user(table, seat).user, live.match.legal_actions(seat), action)
    before = await state(table)
    await table.env.restart_bot(bot_factory())
    assert await state(table) == before

    # The hand sent before the restart still works: its controls carry match and version.
    live = await table.bot.matches.live(1)
    seat = next_seat(live.match)
    await table.env.restart_bot()
    await seat_user(table, seat).user.click(hand_message(seat_user(table, seat)), label="End turn")
    assert (await state(table))[1] == before[1] + 1


async def test_a_replay_that_misses_its_stored_checkpoint_is_refused(
    table: Table, bot_factory: Callable[..., Parlor]
) -> None:
    """The state hash is stored every 8 actions (and at the end): a replay that does not reach
    it (a changed rule, a damaged record) is not played on as if nothing happened."""
    await open_match(table)
    rng = random.Random(2)
    matches = table.bot.matches
    while (await state(table))[1] < 8:
        live = await matches.live(1)
        seat = live.match.pending()[0]
        moves = [
            a for s in live.match.legal_actions(seat) if s.kind != "retreat" for a in s.actions()
        ]
        await matches.act(1, live.players[seat].user_id, rng.choice(moves))
    storage = table.bot.storage
    assert storage is not None
    row = await storage.match(1)
    assert row is not None and row.hash_seq == 7 and row.state_hash == (await state(table))[0]
    await storage.db.run("UPDATE matches SET state_hash = 'not the hash' WHERE id = 1")
    await table.env.restart_bot(bot_factory())
    result = await table.alice.slash(table.channel, "match status")
    assert "could not be restored" in said(result)


async def tables_at(table: Table) -> int:
    """How many actions every seat's table of match 1 is noted as showing (written now)."""
    await table.bot.presenter.idle()
    await table.bot.presenter.settling.write()
    storage = table.bot.storage
    assert storage is not None
    [(at,)] = await storage.db.all("SELECT tables_at FROM matches WHERE id = 1")
    return int(at)


async def test_a_table_a_kill_left_behind_is_redrawn_when_the_bot_starts(
    table: Table, bot_factory: Callable[..., Parlor]
) -> None:
    """A process killed after a move was shown but before the mover's table was edited (its
    answer) leaves that table a move behind, and the match not noted as settled: the next
    start finds and redraws it."""
    env, alice = table.env, table.alice.user
    await open_match(table)
    assert await tables_at(table) == 0  # the opening: every table shown
    message = hand_message(alice)
    stored = env.backend.get_message(message.channel.id, message.id)
    before = (stored.content, copy.deepcopy(stored.components))
    await end_turn(alice)  # shown in the channel (and to Bob); her table is her answer
    assert hand_message(alice).id == message.id  # the same message, edited in place
    assert (await table.bot.presenter.book.of(1)).presented == 1  # the move counts as shown
    assert await tables_at(table) == 1
    # What the kill left (surgery): her message as it was, and the note before the move.
    stored.content, stored.components = before
    storage = table.bot.storage
    assert storage is not None
    await storage.db.run("UPDATE matches SET tables_at = 0 WHERE id = 1")
    assert await storage.unsettled() == [1]
    await env.restart_bot(bot_factory())
    assert await tables_at(table) == 1  # rechecked, settled again
    live = await table.bot.matches.live(1)
    shown = {ControlId.parse(c.custom_id).version for c in controls(hand_message(alice))}  # type: ignore[union-attr]
    assert shown == {live.version(0)}


async def test_a_start_replays_no_match_whose_tables_are_settled(
    table: Table, bot_factory: Callable[..., Parlor]
) -> None:
    await open_match(table)
    await end_turn(table.alice.user)
    assert await tables_at(table) == 1
    await table.env.restart_bot(bot_factory())
    await table.bot.presenter.idle()
    assert 1 not in table.bot.matches._live  # not replayed, nor its tables looked at
