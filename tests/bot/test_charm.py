"""A whole charm match, from ``/match new ruleset:charm`` to the result, through the same cogs and
controls as lanes and fanfare (no command or cog for charm): the mulligan by DM; EP produced and
cards played in the main phase; a charm with attackers, a supporter and its mode; a defence with
a block; effect-timing rounds and answers with the pass button; auto-pass turned on by one
player and passes made for it; chains resolving step by step in the channel; a turn that runs
out. Nothing hidden reaches the channel or the other player, and every request body matches
Discord's OpenAPI spec."""

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
from .openapi import spec_or_skip
from .players import (
    assert_png,
    by_command,
    dms,
    find,
    hand_message,
    images,
    lively_charm,
    perform_by_dm,
)

SEED = 138
"""With these decks, Alice's auto-pass on and ``players.lively_charm`` playing, this seed gives
a short match with everything ``test_the_seed_still_has_everything`` lists. (If the card pool
or the rules change, pick another: that test says which part is missing.)"""
DECKS = ("spotlight", "spotlight")
TIMED_OUT_AT = 30
"""The first end of turn from this action on is left to the clock instead."""
NAMES = ("alice", "bob")


def features(match: Match[Any, Any], action: Action, res: Resolution, before: Any) -> set[str]:
    """What an action (just applied) shows of the bot's work."""
    found = set()
    if action.kind == "mulligan" and action["cards"]:
        found.add("a mulligan returning cards")
    if action.kind in ("produce", "play") and before.phase == "main":
        found.add(f"{action.kind} in the main phase")
    if action.kind == "charm" and "supporter" in action.args:
        found.add("a charm with attackers, a supporter and its mode")
    if action.kind == "block":
        found.add("a defence with a block")
    if action.kind == "use" and before.chain:
        found.add("an answer to a declaration")
    if action.kind == "use" and before.waiting_on == "timing" and before.phase == "charm":
        found.add("a declaration in the effect timing")
    if action.kind == "pass":
        found.add("the pass button")
    if any(e.kind == "passed" and e.data["auto"] for s in res.steps for e in s.events):
        found.add("a pass made by the rules")
    if len(before.chain) >= 2 and not match.view(None).chain:
        found.add("a chain resolving step by step")
    return found


EVERYTHING = {
    "a mulligan returning cards",
    "produce in the main phase",
    "play in the main phase",
    "a charm with attackers, a supporter and its mode",
    "a defence with a block",
    "an answer to a declaration",
    "a declaration in the effect timing",
    "the pass button",
    "a pass made by the rules",
    "a chain resolving step by step",
}


def next_seat(match: Match[Any, Any]) -> int:
    """Whom the match waits on; in the mulligan, the second player chooses first."""
    pending = match.pending()
    return pending[0] if len(pending) == 1 else 1 - match.view(None).first


def test_the_seed_still_has_everything() -> None:
    rng = random.Random(SEED)
    match = Match.new(get_ruleset("charm"), SEED, {"decks": list(DECKS)})
    match.apply(0, Action("auto_pass"))
    found: set[str] = set()
    while not match.over and len(match.actions) < 200:
        seat = next_seat(match)
        action = lively_charm(rng, match, seat)
        before = match.view(None)
        found |= features(match, action, match.apply(seat, action), before)
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


def hidden_names(match: Match[Any, Any], seat: int | None) -> set[str]:
    """Names of cards only hidden now from ``seat`` (None: anyone but the players): in a hand
    it may not see, or in a deck, and not also somewhere it may see (a field, a discard pile,
    the chain, its own hand)."""
    state = match.state
    hidden = {c.name for p in state.players for c in p.deck}
    hidden |= {c.name for p in state.players if p.seat != seat for c in p.hand}
    seen = json.dumps(match.view(seat).to_json(), default=str)
    return {name for name in hidden if name not in seen}


def assert_nothing_hidden(text: str, match: Match[Any, Any], seat: int | None) -> None:
    leaked = [name for name in hidden_names(match, seat) if name in text]
    assert not leaked, (seat, leaked, text)


async def test_a_whole_charm_match_in_discord(table: Table) -> None:
    env, channel, alice, bob, carol = table.env, table.channel, table.alice, table.bob, table.carol
    created = await alice.slash(channel, "match new", ruleset="charm", deck=DECKS[0], timer=3600)
    await bob.slash(channel, "match join", deck=DECKS[1])
    await alice.click(created.response, label="Start")
    live = await table.bot.matches.live(1)
    shadow = Match.new(get_ruleset("charm"), SEED, {"decks": list(DECKS)})
    assert live.match.state_hash() == shadow.state_hash()
    users = {0: alice, 1: bob}

    # The mulligan by DM: both mentioned; each DM offers its own five cards at once, any
    # number of them, or none with a button; Alice turns auto-pass on with its button.
    board = Channel(table).board()
    assert alice.mention in board.content and bob.mention in board.content
    for seat, member in users.items():
        hand = hand_message(member)
        [select] = find(hand, "opt")
        cards = [c.name for c in live.match.view(seat).hand]
        assert [o.label.split(" (")[0] for o in select.options] == cards
        assert (select.min_values, select.max_values) == (0, 5)
        assert find(hand, "do", "No cards to return") and find(hand, "do", "Concede")
        assert find(hand, "do", "Auto-pass: turn on")
        assert_png(images(env, hand)[0])
    await perform_by_dm(alice.user, shadow.legal_actions(0), Action("auto_pass"))
    shadow.apply(0, Action("auto_pass"))
    assert live.match.actions[-1] == (0, Action("auto_pass"))
    assert find(hand_message(alice), "do", "Auto-pass: turn off")

    watch = Channel(table)
    watch.since()
    seen = {s: {d.id for d in dms(m)} for s, m in users.items()}
    rng = random.Random(SEED)
    found: set[str] = set()
    timed_out = False
    chains_shown = 0
    while not shadow.over:
        seat = next_seat(shadow)
        member = users[seat]
        action = lively_charm(rng, shadow, seat)
        specs = shadow.legal_actions(seat)
        if action.kind == "end_turn" and not timed_out and len(shadow.actions) >= TIMED_OUT_AT:
            # Let the clock end this main phase: a reminder first, then the timeout (CHARM-13.1).
            await env.advance_time(2700)
            assert "⏰" in dms(member)[-1].content
            await env.advance_time(901)
            action, timed_out = Action("timeout"), True
        elif seat == 1 and action.kind in ("play", "use", "charm", "end_turn", "produce"):
            await by_command(table, bob, specs, action)
        else:
            await perform_by_dm(member.user, specs, action)
        waited_on = set(shadow.pending())
        before = shadow.view(None)
        resolution = shadow.apply(seat, action)
        assert live.match.actions[-1] == (seat, action)
        found |= features(shadow, action, resolution, before)
        # One notification per move: a new DM only to a seat the game starts waiting on (or
        # everyone at the end); reminders aside.
        for s, m in users.items():
            new = [d for d in dms(m) if d.id not in seen[s] and "Your time" not in d.content]
            seen[s] |= {d.id for d in dms(m)}
            turn_starts = any(e.kind == TURN_STARTED for st in resolution.steps for e in st.events)
            starts = s in shadow.pending() and (turn_starts or s not in waited_on)
            assert len(new) == (1 if shadow.over or starts else 0), (s, action, new)
            for d in new:  # nothing the seat may not see
                assert_nothing_hidden(d.content, shadow, s)
        requests = watch.since()
        public = [s for s in resolution.steps if s.public]
        boards = [r for r in requests if not _is_result(r)]
        # One picture per step (a long chain in at most MOST_PICTURES), every caption listed.
        assert len(boards) == (len(paced(public, MOST_PICTURES)) if public else 0)
        shown = watch.board().content
        assert all(named(s.caption, NAMES) in shown for s in public)
        assert_nothing_hidden(shown, shadow, None)
        if action.kind == "timeout":
            assert f"⏰ **{NAMES[seat]}** ran out of time." in shown
        if any(e.kind == TURN_STARTED for s in public for e in s.events):
            assert boards[0].method == "POST"  # a new message for each turn...
        elif boards and not shadow.over:
            assert all(r.method == "PATCH" for r in boards)  # ... edited as priority goes round
        if len(before.chain) >= 2 and not shadow.view(None).chain and len(boards) > 1:
            chains_shown += 1  # each resolution of the chain its own picture, edited in turn
            assert all(r.method == "PATCH" for r in boards[1:])
            for data in images(env, watch.board()):
                assert_png(data)
        if shadow.over:
            break
        # Each DM table shows the board from its seat and what it holds now; a table replaced in
        # its own turn is gone, one from an earlier turn is a line.
        for s, m in users.items():
            [*older, latest] = [d for d in dms(m) if d.attachments]
            assert not older
            picture = images(env, latest)[0]
            drawn = rendering.table_png("charm", shadow.view(s), NAMES, s)
            assert picture == drawn, (s, action)
    assert found == EVERYTHING and timed_out and chains_shown

    # The end: the result with the final board, both told by DM, the record replays.
    assert live.match.state_hash() == shadow.state_hash()
    result = channel.history(viewer=carol)[-1]
    assert result.content.startswith("**Match #1 is over**") and "wins" in result.content
    [picture] = images(env, result)
    assert picture == rendering.result_png("charm", shadow.view(None), NAMES)
    assert shadow.result is not None
    [winner] = shadow.result.winners
    assert "You won!" in dms(users[winner])[-1].content
    assert "You lost." in dms(users[1 - winner])[-1].content
    log = await carol.slash(channel, "match log")
    [record_file] = [a for a in log.response.attachments if a.filename.endswith(".json")]
    record = json.loads(env.backend.cdn.get(record_file.url))
    assert replay(record, get_ruleset).state_hash() == shadow.state_hash()
    status = await carol.slash(channel, "match status")
    assert status.ephemeral

    api = spec_or_skip()
    checked, problems = api.check_all(env.http_requests)
    assert checked > 100 and problems == []


def _is_result(request: Any) -> bool:
    body = request.json or {}
    return str(body.get("content", "")).startswith("**Match #1 is over**")
