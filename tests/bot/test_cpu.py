"""Playing against CPU players in the emulator: ``/match new ... cpu:``, the lobby's CPU menu, a
whole match against the CPU thinking in its worker processes, and its record: the CPU's moves
are recorded with their own source and replay to the same state, each decided again the same.
A CPU seat is sent nothing (it has no DMs) and is named, never mentioned.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import simcord
from simcord.actors import MemberActor

from bot.chat.client import Parlor
from bot.settings import Secret, Settings
from rules.ai import move_for
from rules.engine import Action, Match
from rules.registry import get_ruleset

from .conftest import Table
from .players import dms, end_turn, find, hand_message, perform_by_dm, play_card, said

# The thinking processes start with the first decision, which may take a while on a busy machine.
pytestmark = pytest.mark.simcord(settle_timeout=120)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """The bot as it runs by default: CPU players think in worker processes."""
    return Settings(
        token=Secret("not-a-token"),
        database=tmp_path / "parlor.db",
        step_delay=0,
        painters=0,
        shard_count=1,
    )


async def _stored(table: Table, match_id: int = 1) -> list[Any]:
    storage = table.bot.storage
    assert storage is not None
    return await storage.actions(match_id)


async def _play_against_the_cpu(table: Table, rng: random.Random, match_id: int = 1) -> None:
    """Alice plays her seat by DM (a card now and then, then the end of her turn); the CPU
    moves by itself, the emulator settling its work between her moves."""
    matches = table.bot.matches
    for _ in range(60):
        await table.env.settle()
        live = await matches.live(match_id)
        if live.match.over:
            return
        mine = [s for s in live.match.pending() if live.players[s].cpu is None]
        assert mine, "the match waits on the CPU alone, which does not move"
        if rng.random() < 0.8:
            await play_card(table.alice.user, rng)
        await end_turn(table.alice.user)
    raise AssertionError("the match did not end")


async def test_a_whole_match_against_the_cpu_is_recorded_and_replays(table: Table) -> None:
    channel, alice = table.channel, table.alice
    created = await alice.slash(channel, "match new", ruleset="lanes", cpu="normal")
    lobby = created.response.embeds[0].description
    assert "**CPU (normal)**" in lobby and "Started" in lobby
    await _play_against_the_cpu(table, random.Random(5))

    live = await table.bot.matches.live(1)
    cpu = next(p for p in live.players if p.cpu is not None)
    assert (cpu.user_id, cpu.name, cpu.cpu) == (-1, "CPU (normal)", "normal")
    stored = await _stored(table)
    assert {a.source for a in stored if a.seat == cpu.seat} == {"cpu"}
    assert {a.source for a in stored if a.seat != cpu.seat} == {"player"}

    # Its record replays to the same state, and the CPU decides each of its moves again alike.
    ruleset = get_ruleset("lanes")
    again = Match.new(ruleset, live.match.seed, live.match.setup, quiet=True)
    for entry in stored:
        action = Action.from_json(entry.action)
        if entry.source == "cpu":
            assert move_for(again, entry.seat, "normal") == action
        again.apply(entry.seat, action)
    assert again.state_hash() == live.match.state_hash()

    # The CPU is named in the channel, never mentioned; it has no DMs to be sent.
    posted = "\n".join(m.content for m in channel.history())
    assert "<@-" not in posted
    assert "**CPU (normal)**" in posted
    assert (await table.bot.presenter.book.seat(1, cpu.seat)).dm_channel_id is None
    assert dms(alice)[-1].content  # Alice was told the outcome


async def test_the_lobbys_creator_seats_and_removes_cpu_players(table: Table) -> None:
    channel, alice, bob = table.channel, table.alice, table.bob
    created = await alice.slash(channel, "match new", ruleset="lanes")
    lobby = created.response
    [menu] = find(lobby, "cpu")
    assert [o.value for o in menu.options] == ["easy", "normal", "hard"]

    refused = await bob.select(lobby, ["hard"], custom_id=menu.custom_id)
    assert "Only the player who opened this lobby" in said(refused)
    await alice.select(lobby, ["hard"], custom_id=menu.custom_id)
    text = channel.history()[0].embeds[0].description
    assert "2. **CPU (hard)**" in text and "open seat" not in text
    [menu] = find(channel.history()[0], "cpu")
    assert [o.value for o in menu.options] == ["remove"]  # the table is full

    await alice.select(channel.history()[0], ["remove"], custom_id=menu.custom_id)
    assert "CPU" not in channel.history()[0].embeds[0].description
    [menu] = find(channel.history()[0], "cpu")
    await alice.select(channel.history()[0], ["easy"], custom_id=menu.custom_id)
    await alice.click(channel.history()[0], label="Start")
    live = await table.bot.matches.live(1)
    assert [p.cpu for p in live.players] == [None, "easy"]
    await table.env.settle()
    assert hand_message(alice.user)  # Alice has her table; the CPU has staged by now
    assert live.match.state.staging.ended[1]


async def test_choosing_the_bot_as_the_opponent_plays_the_cpu(table: Table) -> None:
    me = table.bot.user
    assert me is not None
    handle = simcord.UserHandle(table.env, table.env.backend.get_user(me.id))
    robot = MemberActor(table.env, table.guild, handle)
    created = await table.alice.slash(table.channel, "match new", ruleset="lanes", opponent=robot)
    assert "**CPU (normal)**" in created.response.embeds[0].description
    assert "Started" in created.response.embeds[0].description


async def test_a_rematch_against_the_cpu_starts_at_once_with_the_seats_rotated(
    table: Table,
) -> None:
    await table.alice.slash(table.channel, "match new", ruleset="lanes", cpu="easy")
    await _play_against_the_cpu(table, random.Random(6))
    result = table.channel.history()[-1]
    await table.alice.click(result, label="Rematch")
    await table.env.settle()
    live = await table.bot.matches.live(2)
    assert [p.cpu for p in live.players] == ["easy", None]  # the CPU sits first now
    await _play_against_the_cpu(table, random.Random(7), match_id=2)


async def test_a_cpu_left_thinking_by_a_stopped_bot_moves_after_a_restart(
    table: Table, bot_factory: Callable[..., Parlor], settings: Settings
) -> None:
    table.bot.matches.thinkers = None  # this bot will not get round to the CPU's move
    await table.alice.slash(table.channel, "match new", ruleset="lanes", cpu="easy")
    await table.env.settle()
    assert not (await table.bot.matches.live(1)).match.state.staging.ended[1]
    # The bot that comes back thinks in threads: starting worker processes on a busy machine
    # can take longer than the emulator gives a bot to attach, and this is about waking the CPU.
    await table.env.restart_bot(bot_factory(replace(settings, thinkers=0)))
    await table.env.settle()
    assert (await table.bot.matches.live(1)).match.state.staging.ended[1]


async def _play_esper_seat(table: Table, seat: int, rng: random.Random, moves: int) -> None:
    """Alice plays her esper seat by DM (any move offered, never giving up) for ``moves`` of
    her decisions, then concedes (ESPER-6.7): the CPUs play the match on to its end."""
    matches = table.bot.matches
    for _ in range(2000):
        await table.env.settle()
        live = await matches.live(1)
        if live.match.over:
            return
        if seat not in live.match.pending():
            assert all(live.players[s].cpu is not None for s in live.match.pending())
            continue  # the CPUs are thinking
        specs = [s for s in live.match.legal_actions(seat) if s.kind not in ("arm", "disarm")]
        if moves <= 0 or not live.match.state.players[seat].alive:
            await table.alice.slash(table.channel, "retreat")
            moves = 10**9
            continue
        spec = rng.choice([s for s in specs if s.kind != "concede"])
        action = rng.choice(list(spec.actions()) or [Action(spec.kind)])
        await perform_by_dm(table.alice.user, specs, action)
        moves -= 1
    raise AssertionError("the match did not end")


async def test_esper_a_person_and_four_cpus_play_a_whole_match(table: Table) -> None:
    created = await table.alice.slash(
        table.channel, "match new", ruleset="esper", seats=5, cpu="normal"
    )
    lobby = created.response.embeds[0].description
    cpus = ["**CPU (normal)**", "**CPU 2 (normal)**", "**CPU 3 (normal)**", "**CPU 4 (normal)**"]
    assert all(name in lobby for name in cpus) and "Started" in lobby  # told apart
    live = await table.bot.matches.live(1)
    assert [p.cpu for p in live.players] == [None, "normal", "normal", "normal", "normal"]
    await _play_esper_seat(table, 0, random.Random(3), moves=12)

    live = await table.bot.matches.live(1)
    assert live.match.over
    stored = await _stored(table)
    assert {a.source for a in stored if a.seat != 0} == {"cpu"}
    again = Match.new(get_ruleset("esper"), live.match.seed, live.match.setup, quiet=True)
    for entry in stored:
        action = Action.from_json(entry.action)
        if entry.source == "cpu" and entry.seat in again.pending():
            assert move_for(again, entry.seat, "normal") == action
        again.apply(entry.seat, action)
    assert again.state_hash() == live.match.state_hash()


async def test_an_esper_lobby_for_five_is_filled_with_cpus_from_its_menu(table: Table) -> None:
    channel, alice = table.channel, table.alice
    created = await alice.slash(channel, "match new", ruleset="esper", seats=5)
    [menu] = find(created.response, "cpu")
    values = [o.value for o in menu.options]
    assert values == ["easy", "normal", "hard", "fill:easy", "fill:normal", "fill:hard"]
    await alice.select(created.response, ["easy"], custom_id=menu.custom_id)  # one CPU
    await alice.select(channel.history()[0], ["fill:easy"], custom_id=menu.custom_id)
    live = await table.bot.matches.live(1)
    assert [p.cpu for p in live.players] == [None, "easy", "easy", "easy", "easy"]
    assert live.match.seats == 5  # the table was full: the match started


async def test_cpu_without_seats_seats_cpus_up_to_the_least_number_of_players(table: Table) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="esper", cpu="easy")
    lobby = created.response.embeds[0].description
    # Esper's least is 3: the creator may Start. Two CPUs, told apart by number.
    assert "**CPU (easy)**" in lobby and "**CPU 2 (easy)**" in lobby
    [menu] = find(created.response, "cpu")
    assert "fill:easy" not in [o.value for o in menu.options]  # not a table for N players
