"""A whole fanfare match, from ``/match new ruleset:fanfare`` to the result, through the same cogs
as lanes: the mulligan by DM with a multi-select; plays with targets, an evolve and attacks on a
follower and on the leader from select menus in DMs and slash commands; a chain of last words
shown step by step; the next player mentioned when a turn starts; a turn that runs out."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rendering
from bot.chat.presenter import MOST_PICTURES, paced
from bot.texts import named
from rules.engine import TURN_STARTED, Action, Match, Resolution, replay
from rules.registry import get_ruleset

from .conftest import Table
from .players import (
    assert_png,
    by_slash,
    dms,
    find,
    hand_message,
    images,
    lively,
    next_seat,
    perform_by_dm,
)

SEED = 362
"""With these decks and ``players.lively`` playing, this seed gives a short match with everything:
the second player returning cards in the mulligan (so its hand changes while it waits), a play
with a target, an evolve, attacks on a follower and on the leader, and a chain of ten steps.
(If the card pool changes, pick another: ``test_the_seed_still_has_everything`` says which part
is missing.)"""
DECKS = ("gravebloom", "gravebloom")
TIMED_OUT_AT = 12
"""The first end of turn from this action on is left to the clock instead."""


def features(match: Match[Any, Any], action: Action, resolution: Resolution) -> set[str]:
    """What an action (just applied) shows of the bot's work."""
    found = set()
    leaders = {p.leader.uid for p in match.view(None).players}
    if action.kind == "mulligan" and action["cards"] and resolution.seat != match.view(None).first:
        found.add("a mulligan returning cards")
    if action.kind == "play" and "target" in action.args:
        found.add("a play with a target")
    if action.kind == "evolve":
        found.add("an evolve")
    if action.kind == "attack":
        found.add("an attack on the leader" if action["target"] in leaders else "on a follower")
    if sum(s.public for s in resolution.steps) >= MOST_PICTURES:
        found.add("a chain of steps")
    return found


EVERYTHING = {
    "a mulligan returning cards",
    "a play with a target",
    "an evolve",
    "an attack on the leader",
    "on a follower",
    "a chain of steps",
}


def test_the_seed_still_has_everything() -> None:
    rng = random.Random(SEED)
    match = Match.new(get_ruleset("fanfare"), SEED, {"decks": list(DECKS)})
    found: set[str] = set()
    while not match.over and len(match.actions) < 200:
        seat = next_seat(match)
        action = lively(rng, match, seat)
        found |= features(match, action, match.apply(seat, action))
    assert match.over and found == EVERYTHING, EVERYTHING - found


@pytest.fixture
def simcord_bot(bot_factory: Any) -> Any:
    return bot_factory(new_seed=lambda: SEED)


class Channel:
    """The board messages the bot posts and edits in the match's channel."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.seen = 0

    def since(self) -> list[Any]:
        """Board and result requests to the channel since the last call."""
        requests = self.table.env.http_requests
        path = f"/channels/{self.table.channel.id}/messages"
        new = [r for r in requests[self.seen :] if r.path.startswith(path)]
        self.seen = len(requests)
        return new

    def board(self) -> Any:
        history = self.table.channel.history()
        return [m for m in history if m.attachments and m.attachments[0].filename == "board.png"][
            -1
        ]


async def test_a_whole_fanfare_match_in_discord(table: Table) -> None:
    env, channel, alice, bob, carol = table.env, table.channel, table.alice, table.bob, table.carol
    created = await alice.slash(channel, "match new", ruleset="fanfare", deck=DECKS[0], timer=3600)
    await bob.slash(channel, "match join", deck=DECKS[1])
    await alice.click(created.response, label="Start")
    live = await table.bot.matches.live(1)
    shadow = Match.new(get_ruleset("fanfare"), SEED, {"decks": list(DECKS)})
    assert live.match.state_hash() == shadow.state_hash()
    users = {0: alice, 1: bob}
    names = ("alice", "bob")

    # The simultaneous mulligan: both are mentioned; each DM offers its own cards at once, any
    # number of them, or none with a button (a select cannot send "nothing").
    board = Channel(table).board()
    assert alice.mention in board.content and bob.mention in board.content
    for seat, member in users.items():
        hand = hand_message(member)
        [select] = find(hand, "opt")
        cards = [c.name for c in live.match.view(seat).hand]
        assert [o.label.split(" (cost")[0] for o in select.options] == cards
        assert (select.min_values, select.max_values) == (0, 3)
        assert find(hand, "do", "No cards to return") and find(hand, "do", "Concede")
        assert_png(images(env, hand)[0])

    watch = Channel(table)
    watch.since()
    seen = {s: len(dms(m)) for s, m in users.items()}
    rng = random.Random(SEED)
    found: set[str] = set()
    timed_out = False
    while not shadow.over:
        seat = next_seat(shadow)
        member = users[seat]
        action = lively(rng, shadow, seat)
        specs = shadow.legal_actions(seat)
        if action.kind == "end_turn" and not timed_out and len(shadow.actions) >= TIMED_OUT_AT:
            # Let the clock end this turn: a reminder first, then the timeout.
            await env.advance_time(2700)
            assert "⏰" in dms(member)[-1].content
            await env.advance_time(901)
            action, timed_out = Action("timeout"), True
        elif seat == 1 and action.kind in ("play", "end_turn", "attack"):
            await by_slash(table, specs, action)
        else:
            await perform_by_dm(member.user, specs, action)
        waited_on = set(shadow.pending())
        resolution = shadow.apply(seat, action)
        assert live.match.actions[-1] == (seat, action)
        found |= features(shadow, action, resolution)
        # One notification per move: a new DM only to a seat the game starts waiting on (or
        # everyone at the end), none saying only whom it waits on; reminders aside.
        for s, m in users.items():
            new = [d for d in dms(m)[seen[s] :] if "Your time in match" not in d.content]
            seen[s] = len(dms(m))
            turn_starts = any(e.kind == TURN_STARTED for st in resolution.steps for e in st.events)
            starts = s in shadow.pending() and (turn_starts or s not in waited_on)
            assert len(new) == (1 if shadow.over or starts else 0), (s, action, new)
            assert not any("Waiting on" in d.content for d in new)
        requests = watch.since()
        public = [s for s in resolution.steps if s.public]
        boards = [r for r in requests if not _is_result(r)]
        # One picture per step (a long chain in at most MOST_PICTURES), every caption listed.
        assert len(boards) == len(paced(public, MOST_PICTURES))
        shown = watch.board().content
        assert all(_named(s.caption, names) in shown for s in public)
        if action.kind == "timeout":
            assert f"⏰ **{names[seat]}** ran out of time." in shown
        if any(e.kind == TURN_STARTED for s in public for e in s.events):
            # A new message for the new turn, naming only its player, who is notified by DM
            # (the channel notifies only players whose DMs are closed).
            assert boards[0].method == "POST"
            now = users[shadow.pending()[0]]
            assert now.mention in boards[0].json["content"]
            assert users[1 - shadow.pending()[0]].mention not in boards[0].json["content"]
            assert boards[0].json["allowed_mentions"]["users"] == []
        elif boards and not shadow.over:
            assert all(r.method == "PATCH" for r in boards)  # the turn's message, edited
        if len(public) >= MOST_PICTURES:
            # The chain: its pictures are real PNGs, one edit after another.
            assert all(r.method == "PATCH" for r in boards)
            for data in images(env, watch.board()):
                assert_png(data)
        if shadow.over:
            break
        # Each DM table shows the board from its seat and what it holds now; older ones are
        # collapsed.
        for s, m in users.items():
            [*older, latest] = [d for d in dms(m) if d.attachments]
            assert not older
            picture = images(env, latest)[0]
            drawn = rendering.table_png("fanfare", shadow.view(s), names, s)
            assert picture == drawn, (s, action)
    assert found == EVERYTHING and timed_out

    # The end: the result with the final board, both told by DM, the record replays.
    assert live.match.state_hash() == shadow.state_hash()
    result = channel.history(viewer=carol)[-1]
    assert result.content.startswith("**Match #1 is over**") and "wins" in result.content
    [picture] = images(env, result)
    assert_png(picture)
    assert picture == rendering.result_png("fanfare", shadow.view(None), names)
    assert shadow.result is not None
    [winner] = shadow.result.winners
    assert "You won!" in dms(users[winner])[-1].content
    assert "You lost." in dms(users[1 - winner])[-1].content
    log = await carol.slash(channel, "match log")
    [record_file] = [a for a in log.response.attachments if a.filename.endswith(".json")]
    record = json.loads(env.backend.cdn.get(record_file.url))
    assert replay(record, get_ruleset).state_hash() == shadow.state_hash()


def _is_result(request: Any) -> bool:
    body = request.json or {}
    return str(body.get("content", "")).startswith("**Match #1 is over**")


def _named(caption: str, names: tuple[str, ...]) -> str:
    return named(caption, names)


async def open_fanfare(table: Table, **options: Any) -> Any:
    created = await table.alice.slash(table.channel, "match new", ruleset="fanfare", **options)
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Start")
    return await table.bot.matches.live(1)


async def test_the_mulligan_has_a_clock_then_only_the_turn_player_is_on_it(table: Table) -> None:
    env, alice, bob = table.env, table.alice, table.bob
    live = await open_fanfare(table, timer=120)
    await env.advance_time(91)
    for member in (alice, bob):
        assert "⏰" in dms(member)[-1].content and "moves on for you" in dms(member)[-1].content
    await env.advance_time(30)  # both keep their cards
    assert [a for _, a in live.match.actions] == [Action("timeout")] * 2
    first = (alice, bob)[live.match.view(None).turn_player]
    mulligan, board = [m for m in table.channel.history() if m.attachments]
    other = bob if first is alice else alice
    assert first.mention in board.content and other.mention not in board.content
    text = mulligan.content + board.content
    assert "⏰ **alice** ran out of time." in text and "⏰ **bob** ran out of time." in text
    assert "Time runs out" in hand_message(first).content

    # The other player waits off the clock: only the turn player is reminded, then timed out.
    before = len(dms(other))
    await env.advance_time(121)
    assert len(dms(other)) > before  # the new turn's hand, but no reminder
    assert not any("Your time in match" in m.content for m in dms(other)[before:])
    assert f"⏰ {first.user.name} ran out of time" in hand_message(other).content
    assert [a.kind for _, a in live.match.actions][2:] == ["timeout"]
    assert live.match.view(None).turn == 2


async def test_retreat_concedes_even_when_the_game_waits_on_the_other_player(
    table: Table,
) -> None:
    channel, alice, bob = table.channel, table.alice, table.bob
    live = await open_fanfare(table)
    for member in (alice, bob):
        await member.user.click(hand_message(member), label="No cards to return")
    waiting = (bob, alice)[live.match.view(None).turn_player]
    other = 1 - live.match.view(None).turn_player
    assert [s.kind for s in live.match.legal_actions(other)] == ["concede"]

    asked = await waiting.slash(channel, "retreat")
    assert asked.ephemeral and "**Concede?** This cannot be taken back." in asked.response.content
    assert find(asked.response, "back")  # its own menu's Concede, with a way back
    await waiting.click(asked.response, label="Yes: Concede")
    assert live.match.over
    result = channel.history()[-1]
    assert result.content.startswith("**Match #1 is over**")
    assert f"**{waiting.user.name}** concedes" in result.content


async def test_retreat_by_the_turn_player_uses_its_own_menu(table: Table) -> None:
    live = await open_fanfare(table)
    for member in (table.alice, table.bob):
        await member.user.click(hand_message(member), label="No cards to return")
    turn = (table.alice, table.bob)[live.match.view(None).turn_player]
    asked = await turn.slash(table.channel, "retreat")
    assert find(asked.response, "back")  # the menu's own Concede, with a way back
    await turn.click(asked.response, label="Back")
    assert not live.match.over
