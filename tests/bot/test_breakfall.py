"""A whole breakfall match, from ``/match new ruleset:breakfall`` to the result, through the same
cogs and controls as the other rulesets (no code for breakfall in them): resources placed, cards
played and abilities used from DM selects and slash commands, greeting with a multi-select and
blocking greeter by greeter, priority windows answered with the Pass button, damage checks shown
one step at a time on the channel's board, a breakfall paid for and one declined by DM, a turn
left to the clock; nothing hidden reaches the channel or the other player, and every request
body fits Discord's OpenAPI spec."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rendering
from bot.chat.presenter import MOST_PICTURES, paced
from bot.texts import named
from rules.engine import TURN_STARTED, Action, Match, Resolution, name_seats, replay
from rules.registry import get_ruleset

from .conftest import Table
from .openapi import spec_or_skip
from .players import assert_png, dms, find, hand_message, images, perform, perform_by_dm
from .test_leaks import Capture, Pool, Recorder, Watch, names_in
from .test_leaks import capture as capture  # the fixture

SEED = 4_711_000_000_021
"""The seed the bot deals the match with (never logged). With these decks and :func:`brisk`
playing, a short match (130 moves) has everything :data:`EVERYTHING` lists (if the card pool
changes, pick another: ``test_the_seed_still_has_everything`` says what went missing)."""
DECKS = ("lantern-roof", "iron-garden")
TIMED_OUT_AT = 30
"""The first priority window from this action on is left to the clock."""
NAMES = ("alice", "bob")


def brisk(rng: random.Random, match: Match[Any, Any], seat: int) -> Action:
    """A brisk player: places a resource every turn, plays what it can, greets with everything,
    blocks now and then, pays for most breakfalls, never gives up."""
    specs = [s for s in match.legal_actions(seat) if s.kind not in ("concede", "auto_pass")]
    kinds = {s.kind for s in specs}
    by_kind = {kind: [a for s in specs if s.kind == kind for a in s.actions()] for kind in kinds}
    if "greet" in kinds:
        return max(by_kind["greet"], key=lambda a: len(a["greeters"]))  # type: ignore[arg-type]
    if "block" in kinds:
        choices = by_kind["block"]
        blocking = [a for a in choices if a["blocker"] != 0]
        return rng.choice(blocking) if blocking and rng.random() < 0.4 else choices[0]
    if "breakfall" in kinds:
        if "decline" in kinds and rng.random() < 0.3:
            return Action("decline")
        return rng.choice(by_kind["breakfall"])
    for kind in ("target", "optional", "count", "discard", "recall"):
        if kind in kinds:
            return rng.choice(by_kind[kind])
    if "place" in kinds and rng.random() < 0.9:
        return by_kind["place"][0]
    doing = by_kind.get("play", []) + by_kind.get("activate", [])
    if doing and rng.random() < 0.8:
        return rng.choice(doing)
    return Action("pass")


def features(match: Match[Any, Any], action: Action, resolution: Resolution) -> set[str]:
    """What an action (just applied) shows of the bot's work."""
    found = {
        "place": "a resource placed",
        "activate": "an ability used",
        "greet": "greeting",
        "decline": "a breakfall declined",
        "breakfall": "a breakfall paid for",
        "pass": "a pass",
    }.get(action.kind)
    out = {found} if found else set()
    if action.kind == "play":
        card = match.state.cards[action["card"]]
        out.add("a character played" if card.defn.character else "a technique played")
    if action.kind == "block" and action["blocker"] != 0:
        out.add("a block")
    turned = [s for s in resolution.steps if s.public and "damage check" in s.caption]
    if len([s for s in turned if " turns " in s.caption]) >= 2:
        out.add("damage checks one by one")
    return out


EVERYTHING = {
    "a resource placed",
    "a character played",
    "a technique played",
    "an ability used",
    "greeting",
    "a block",
    "a pass",
    "a breakfall paid for",
    "a breakfall declined",
    "damage checks one by one",
}


def _shadow() -> Match[Any, Any]:
    return Match.new(get_ruleset("breakfall"), SEED, {"decks": list(DECKS)})


def test_the_seed_still_has_everything() -> None:
    rng = random.Random(SEED)
    match = _shadow()
    found: set[str] = set()
    while not match.over and len(match.actions) < 600:
        seat = match.pending()[0]
        action = brisk(rng, match, seat)
        found |= features(match, action, match.apply(seat, action))
    assert match.over and found == EVERYTHING, EVERYTHING - found


@pytest.fixture
def ruleset() -> str:
    return "breakfall"


@pytest.fixture
def recorder(ruleset: str) -> Recorder:
    return Recorder(Pool(ruleset))


@pytest.fixture
def simcord_bot(bot_factory: Any, recorder: Recorder) -> Any:
    return bot_factory(renderer=recorder, new_seed=lambda: SEED)


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


async def _by_slash(table: Table, member: Any, specs: Any, action: Action) -> None:
    """A move typed as a command: ``/play`` for what is done with a card (placing, playing,
    using an ability), ``/act`` for the rest, each from autocomplete; what it still needs is
    chosen in the menu of the ephemeral reply, as in the hand."""
    index = next(i for i, s in enumerate(specs) if s.matches(action))
    spec = specs[index]
    command, option = ("play", "card") if spec.fixed else ("act", "action")
    label = name_seats(spec.label, NAMES)  # as the controls show it: seats named
    moves = await member.autocomplete(table.channel, command, option, label[:20])
    [move] = [m["value"] for m in moves if m["value"].startswith(f"{index}@")]
    asked = await member.slash(table.channel, command, **{option: move})
    assert asked.ephemeral and "Match #1" in asked.response.content
    if spec.params and find(asked.response, "back"):
        await perform(member, lambda: asked.response, specs, action)


async def test_a_whole_breakfall_match_in_discord(
    table: Table, recorder: Recorder, capture: Capture
) -> None:
    env, channel, alice, bob, carol = table.env, table.channel, table.alice, table.bob, table.carol
    created = await alice.slash(
        channel, "match new", ruleset="breakfall", deck=DECKS[0], timer=3600
    )
    await bob.slash(channel, "match join", deck=DECKS[1])
    await alice.click(created.response, label="Start")
    live = await table.bot.matches.live(1)
    shadow = _shadow()
    assert live.match.state_hash() == shadow.state_hash()
    users = {0: alice, 1: bob}
    watch = Watch(table, recorder, capture, seed=SEED)
    await watch.check()

    board = Channel(table)
    board.since()
    seen = {s: {d.id for d in dms(m)} for s, m in users.items()}  # by id: old tables may go
    rng = random.Random(SEED)
    found: set[str] = set()
    timed_out = False
    moves = 0
    while not shadow.over:
        seat = shadow.pending()[0]
        member = users[seat]
        action = brisk(rng, shadow, seat)
        specs = shadow.legal_actions(seat)
        waiting_on = set(shadow.pending())
        if action.kind == "pass" and not timed_out and len(shadow.actions) >= TIMED_OUT_AT:
            # Let the clock pass for this seat: a reminder first, then the timeout.
            await env.advance_time(2700)
            assert "⏰" in dms(member)[-1].content
            await env.advance_time(901)
            action, timed_out = Action("timeout"), True
        elif seat == 1 and moves % 3 == 0 and action.kind in ("place", "play", "activate", "pass"):
            await _by_slash(table, bob, specs, action)
        else:
            hand = hand_message(member)
            if action.kind == "pass":
                [button] = find(hand, "do")[:1] or [None]
                assert button is not None and button.label.startswith("Pass"), button
            await perform_by_dm(member.user, specs, action)
        resolution = shadow.apply(seat, action)
        moves += 1
        assert live.match.actions[-1] == (seat, action)
        found |= features(shadow, action, resolution)
        requests = board.since()
        public = [s for s in resolution.steps if s.public]
        pictures = [r for r in requests if not _is_result(r)]
        if public and not shadow.over:
            # One picture per step (a long run in at most MOST_PICTURES), every caption listed.
            assert len(pictures) == len(paced(public, MOST_PICTURES)), action
            shown = board.board().content
            assert all(named(s.caption, NAMES) in shown for s in public)
        checks = [s for s in public if " turns " in s.caption and "damage check" in s.caption]
        if len(checks) >= 2 and len(public) < MOST_PICTURES:
            # Each check turned is a picture of its own, edited in place.
            assert len(pictures) >= len(checks)
        if action.kind == "timeout":
            assert f"⏰ **{NAMES[seat]}** ran out of time." in board.board().content
        if any(e.kind == TURN_STARTED for s in public for e in s.events):
            assert pictures[0].method == "POST"
        # One notification per move: a new DM only to a seat the game starts waiting on (or to
        # both at the end), reminders aside.
        turn_starts = any(e.kind == TURN_STARTED for st in resolution.steps for e in st.events)
        for s, m in users.items():
            new = [d for d in dms(m) if d.id not in seen[s] and "Your time" not in d.content]
            seen[s] |= {d.id for d in dms(m)}
            starts = s in shadow.pending() and (turn_starts or s not in waiting_on)
            assert len(new) == (1 if shadow.over or starts else 0), (s, action, new)
        if moves % 25 == 0 or shadow.over:
            await watch.check()
            await _dms_hide(table, recorder.pool, watch, shadow)
            for s, m in users.items():
                if shadow.over:
                    break
                [*older, newest] = [d for d in dms(m) if d.attachments]
                assert not older  # every older table collapsed
                drawn = rendering.table_png("breakfall", shadow.view(s), NAMES, s)
                assert images(env, newest)[0] == drawn, (s, action)
    assert found == EVERYTHING and timed_out, EVERYTHING - found
    assert all(watch.checked.values()), watch.checked

    # The end: the result with the final board, both told by DM, the record replays.
    assert live.match.state_hash() == shadow.state_hash()
    result = channel.history(viewer=carol)[-1]
    assert result.content.startswith("**Match #1 is over**")
    [picture] = images(env, result)
    assert_png(picture)
    assert picture == rendering.result_png("breakfall", shadow.view(None), NAMES)
    assert shadow.result is not None
    [winner] = shadow.result.winners
    assert "You won!" in dms(users[winner])[-1].content
    assert "You lost." in dms(users[1 - winner])[-1].content
    log = await carol.slash(channel, "match log")
    [record_file] = [a for a in log.response.attachments if a.filename.endswith(".json")]
    record = json.loads(env.backend.cdn.get(record_file.url))
    assert replay(record, get_ruleset).state_hash() == shadow.state_hash()

    # Seats are named in what the bot writes: no request body (a caption, a button's or a menu's
    # label, a DM's text) holds a seat placeholder.
    placeholders = [r.path for r in env.http_requests if "{seat" in json.dumps(r.json)]
    assert placeholders == []

    api = spec_or_skip()
    checked, problems = api.check_all(env.http_requests)
    assert checked > 200 and problems == []


async def _dms_hide(table: Table, pool: Pool, watch: Watch, shadow: Match[Any, Any]) -> None:
    """No DM names a card of the other seat's that was never public (its hand, its resources,
    its deck): a seat's DMs may name what is public and its own cards."""
    public = await watch.public()
    for seat, member in ((0, table.alice), (1, table.bob)):
        own = {c.name for c in shadow.state.cards.values() if c.owner == seat}
        for message in dms(member):
            text = message.content + json.dumps([row.to_dict() for row in message.components])
            assert not names_in(text, public | own, pool), (seat, text)


def _is_result(request: Any) -> bool:
    body = request.json or {}
    return str(body.get("content", "")).startswith("**Match #1 is over**")
