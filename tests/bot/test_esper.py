"""Whole esper matches at 3, 5 and 10 seats, from ``/match new ruleset:esper seats:n`` to the
result, through the same cogs and controls as every ruleset (no code for esper in them): each
player plays from its DMs, picked by a scripted player (:func:`lively`): personas, lurk
markers, movement of every kind, planet and base cards, simultaneous joins and invitations asked
of every chooser at once, combats round by round, concessions, timeouts and a forfeit.

After every move: a new DM only to a seat the game now starts waiting on (or to all at the end);
the channel's messages, every log line and every DM name no character, gear, combat card or
key-base square their readers may not know; every request body fits Discord's OpenAPI spec."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest

import rendering
from rules.engine import TURN_STARTED, Action, Match, name_seats, replay
from rules.esper.winning import conditions
from rules.registry import get_ruleset

from .conftest import Table
from .openapi import spec_or_skip
from .players import dms, find, images, perform_by_dm
from .test_leaks import Capture, Pool, Recorder, Watch, names_in
from .test_leaks import capture as capture  # the fixture

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy")
SEED = 4_711_000_000_031
"""The seed the bot deals every match with (never logged)."""

Move = tuple[int, Action]


def lively(rng: random.Random, match: Match[Any, Any], seat: int, ending: bool) -> Action:
    """A lively player: enters, walks and teleports onto cards, invites and joins now and then,
    declares most combats and attacks in them, defends when it can. ``ending``: the side whose
    condition holds declares its victory, so that a match ends in the test's time."""
    specs = [s for s in match.legal_actions(seat) if s.kind not in ("concede", "arm", "disarm")]
    by_kind: dict[str, list[Action]] = {}
    for spec in specs:
        by_kind.setdefault(spec.kind, []).extend(spec.actions())
    state = match.state
    if "declare" in by_kind and state.players[seat].character.kind in conditions(state):
        return by_kind["declare"][0]
    weights = {
        "enter": 5,
        "walk": 4,
        "teleport": 3,
        "fly": 1,
        "use_shuttle": 1,
        "invite": 1,
        "recover": 2,
        "destroy": 20,
        "leave_party": 0.3,
        "pass": 0.4,
        "lurk": 2,
        "persona": 1,
        "square": 1,
        "accept": 1.5,
        "combat": 4,
        "join_combat": 0.6,
        "use_damper": 1,
        "play": 6,
        "bolt_hole": 0.3,
        "defend": 4,
        "cover": 3,
        "use_barrier": 4,
        "read_insight": 1,
        "unmask": 1,
        "check": 5,
    }
    if ending:
        weights["pass"] = 2.0
    options = [k for k in by_kind if k != "declare"]  # in the offer's order (a set's varies)
    kind = rng.choices(options, [weights.get(k, 1) for k in options])[0]
    return rng.choice(by_kind[kind])


class Channel:
    """The board messages the bot posts and edits in the match's channel."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def board(self) -> Any:
        history = self.table.channel.history()
        return [m for m in history if m.attachments and m.attachments[0].filename == "board.png"][
            -1
        ]


@pytest.fixture
def ruleset() -> str:
    return "esper"


@pytest.fixture
def recorder(ruleset: str) -> Recorder:
    return Recorder(Pool(ruleset))


@pytest.fixture
def simcord_bot(bot_factory: Any, recorder: Recorder) -> Any:
    return bot_factory(renderer=recorder, new_seed=lambda: SEED)


def _members(table: Table, seats: int) -> list[Any]:
    members = [table.alice, table.bob, table.carol]
    for name in NAMES[3:seats]:
        members.append(table.guild.add_member(table.env.create_user(name)))
    return members[:seats]


async def _open(table: Table, members: list[Any], seats: int, **options: Any) -> None:
    created = await members[0].slash(
        table.channel, "match new", ruleset="esper", seats=seats, timer=3600, **options
    )
    for member in members[1:]:
        await member.click(created.response, label="Join")


class Knowing:
    """What each seat has been shown so far: the names in its views, in the captions it could
    see (a combat card drawn once stays known to it) and in what it was offered (a keeper is
    asked to place the Power Plant before any view holds it), for the check of its DMs."""

    def __init__(self, pool: Pool, seats: int) -> None:
        self.pool = pool
        self.seen: dict[int, set[str]] = {s: set() for s in range(seats)}

    def note(self, match: Match[Any, Any], captions: dict[int, list[str]]) -> None:
        for seat, known in self.seen.items():
            view = json.dumps(match.view(seat).to_json(), default=str)
            text = view + " ".join(captions[seat]) + repr(match.legal_actions(seat))
            known |= {n for n in self.pool.names if n in text}


async def _dms_hide(
    table: Table, members: list[Any], watch: Watch, knowing: Knowing, pool: Pool
) -> None:
    """No DM names what its seat was never shown: its DMs may name what is public and what its
    views and its captions showed it."""
    public = await watch.public()
    for seat, member in enumerate(members):
        for message in dms(member):
            text = message.content + json.dumps([row.to_dict() for row in message.components])
            assert not names_in(text, public | knowing.seen[seat], pool), (seat, text)


async def _play(
    table: Table,
    recorder: Recorder,
    capture: Capture,
    seats: int,
    *,
    budget: int,
    sleeper: int | None = None,
    forfeit_after: int | None = None,
    check_every: int = 15,
) -> tuple[Match[Any, Any], set[str], list[Any], Any]:
    """Play a whole match by DMs: ``lively`` players for ``budget`` moves, then the side whose
    condition holds declares (the evil side concedes by ``/retreat``, one by one, to bring that
    about). From its first turn after move 30 on, seat ``sleeper`` leaves every decision to the
    clock (until a forfeit ends it). Returns the shadow match, what happened, and the members."""
    members = _members(table, seats)
    options = {} if forfeit_after is None else {"forfeit_after": forfeit_after}
    await _open(table, members, seats, **options)
    live = await table.bot.matches.live(1)
    shadow = Match.new(get_ruleset("esper"), SEED, {"seats": seats})
    assert live.match.state_hash() == shadow.state_hash()
    # The Watch reads the channel as a spectator sees it (``table.carol``): here carol plays.
    spectator = replace(table, carol=table.guild.add_member(table.env.create_user("sam")))
    watch = Watch(spectator, recorder, capture, seed=SEED)
    knowing = Knowing(recorder.pool, seats)
    captions = {
        s: [st.caption for st in shadow.opening.steps if st.visible_to(s)] for s in range(seats)
    }
    knowing.note(shadow, captions)
    await watch.check()
    rng = random.Random(SEED + seats)
    seen = {s: {d.id for d in dms(m)} for s, m in enumerate(members)}
    found: set[str] = set()
    moves = 0
    asleep = False
    while not shadow.over:
        assert moves < budget * 3, "the match did not end"
        pending = shadow.pending()
        seat = pending[0]
        waiting_on = set(pending)
        if moves >= budget and rng.random() < 0.3:
            evil = [p.seat for p in shadow.state.players if p.alive and not p.good]
            good = [p.seat for p in shadow.state.players if p.alive and p.good]
            if evil and good:
                seat = evil[0]
                await _concede(table, members, seat)
                found.add("a concession")
                resolution = shadow.apply(seat, Action("concede"))
                waiting_on = set(pending)
            else:
                resolution = None
        else:
            resolution = None
        if sleeper is not None and seat == sleeper and moves >= 30:
            ask = shadow.state.ask
            asleep = asleep or (ask is not None and ask.kind == "move")
        if resolution is None and seat == sleeper and asleep:
            await table.env.advance_time(3601)  # the clock acts for the sleeper
            await table.env.settle()
            shadow, resolution = _resync(live.match, shadow)
            found.add(f"the clock: {live.match.actions[-1][1].kind}")
        elif resolution is None:
            action = lively(rng, shadow, seat, moves >= budget)
            await perform_by_dm(members[seat].user, shadow.legal_actions(seat), action)
            resolution = shadow.apply(seat, action)
            assert live.match.actions[-1] == (seat, action)
        moves += 1
        found |= _features(shadow, resolution, waiting_on)
        for s in range(seats):
            captions[s] += [st.caption for st in resolution.steps if st.visible_to(s)]
        knowing.note(shadow, captions)
        _pings(members, seen, shadow, resolution, waiting_on, resolution.seat)
        if moves % check_every == 0 or shadow.over:
            await watch.check()
            await _dms_hide(table, members, watch, knowing, recorder.pool)
        if moves % (check_every * 3) == 0 and not shadow.over:
            await table.env.settle()
            _tables_are_the_views(table, shadow, members)
    return shadow, found, members, spectator.carol


def _resync(live: Match[Any, Any], shadow: Match[Any, Any]) -> tuple[Match[Any, Any], Any]:
    """After the clock acted (a timeout, or a forfeit's concession), the shadow replays the live
    match's actions; the last one's resolution is returned with it."""
    again = Match.new(shadow.ruleset, shadow.seed, shadow.setup)
    resolution = None
    for seat, action in live.actions:
        resolution = again.apply(seat, action)
    assert again.state_hash() == live.state_hash() and resolution is not None
    return again, resolution


async def _concede(table: Table, members: list[Any], seat: int) -> None:
    """``/retreat`` offers the seat's concession behind a confirmation."""
    asked = await members[seat].slash(table.channel, "retreat")
    [sure] = find(asked.response, "yes")
    await members[seat].click(asked.response, custom_id=sure.custom_id)


def _features(match: Match[Any, Any], resolution: Any, waiting_on: set[int]) -> set[str]:
    names = {
        "persona": "a persona picked",
        "lurk": "a lurk marker placed",
        "enter": "a piece entered",
        "walk": "a walk",
        "teleport": "a teleport",
        "invite": "an invitation",
        "accept": "an invitation accepted",
        "combat": "a combat declared",
        "join_combat": "a join tried",
        "play": "a combat card played",
        "defend": "an attack answered",
        "declare": "a victory declared",
    }
    kind = resolution.action.kind
    found = {names[kind]} if kind in names else set()
    events = {e.kind for s in resolution.steps for e in s.events}
    if "initiative" in events:
        found.add("a combat round")
    if len(waiting_on) > 1:
        found.add("a simultaneous choice")
    if "part" in events and match.state.part == 2:
        found.add("part 2")
    return found


def _pings(
    members: list[Any],
    seen: dict[int, set[int]],
    match: Match[Any, Any],
    resolution: Any,
    waiting_on: set[int],
    actor: int,
) -> None:
    """A new DM only to a seat the game starts waiting on (a turn starts, or another seat's move
    hands it the decision), or to every seat at the end; reminders aside. DMs are counted by id:
    a table replaced within its turn is deleted. A seat handed a decision by another's move is
    told in its DM what it answers (the move's last public step: an attack, a combat to join)."""
    turn_starts = any(e.kind == TURN_STARTED for st in resolution.steps for e in st.events)
    for s, member in enumerate(members):
        new = [d for d in dms(member) if d.id not in seen[s] and "Your time" not in d.content]
        seen[s] |= {d.id for d in dms(member)}
        starts = s in match.pending() and (turn_starts or (s not in waiting_on and s != actor))
        assert len(new) == (1 if match.over or starts else 0), (s, resolution.action, new)
        public = [st for st in resolution.steps if st.public]
        if starts and not turn_starts and not match.over and public:
            asked = name_seats(public[-1].caption, NAMES[: match.seats])
            assert asked in new[0].content, (s, asked, new[0].content)


async def _end(table: Table, shadow: Match[Any, Any], members: list[Any], spectator: Any) -> None:
    """The result in the channel (as ``spectator`` sees it) and by DM; the record replays."""
    env, channel = table.env, table.channel
    live = await table.bot.matches.live(1)
    assert live.match.state_hash() == shadow.state_hash()
    result = channel.history(viewer=spectator)[-1]
    assert result.content.startswith("**Match #1 is over**")
    [picture] = images(env, result)
    names = NAMES[: shadow.seats]
    assert picture == rendering.result_png("esper", shadow.view(None), names)
    assert shadow.result is not None
    for seat, member in enumerate(members):
        said = dms(member)[-1].content
        assert ("You won!" if seat in shadow.result.winners else "You lost.") in said
    log = await spectator.slash(channel, "match log")
    [record_file] = [a for a in log.response.attachments if a.filename.endswith(".json")]
    record = json.loads(env.backend.cdn.get(record_file.url))
    assert replay(record, get_ruleset).state_hash() == shadow.state_hash()
    api = spec_or_skip()
    checked, problems = api.check_all(env.http_requests)
    assert checked > 100 and problems == []


def _tables_are_the_views(table: Table, shadow: Match[Any, Any], members: list[Any]) -> None:
    """Each seat's newest DM picture is its table drawn from its own view, and every older
    table has collapsed."""
    names = NAMES[: shadow.seats]
    for seat, member in enumerate(members):
        [*older, newest] = [d for d in dms(member) if d.attachments]
        assert not older
        drawn = rendering.table_png("esper", shadow.view(seat), names, seat)
        assert images(table.env, newest)[0] == drawn, seat


async def test_a_whole_esper_match_at_3_seats(
    table: Table, recorder: Recorder, capture: Capture
) -> None:
    """Parts 1 and 2: personas, lurk markers, cards opened, combats; a seat that lets its time
    run out twice in a row forfeits: its character concedes and the match goes on."""
    shadow, found, members, spectator = await _play(
        table, recorder, capture, 3, budget=220, sleeper=2, forfeit_after=2
    )
    await _end(table, shadow, members, spectator)
    live = await table.bot.matches.live(1)
    actions = zip(live.match.actions, live.sources, strict=True)
    sleeper = [(a.kind, src) for (s, a), src in actions if s == 2]
    wanted = {
        "a persona picked",
        "a walk",
        "a teleport",
        "a combat round",
        "part 2",
        "the clock: timeout",
        "the clock: concede",
    }
    assert wanted <= found, (wanted - found, sleeper[-12:], live.forfeit_after, len(shadow.actions))


async def test_a_whole_esper_match_at_5_seats(
    table: Table, recorder: Recorder, capture: Capture
) -> None:
    shadow, found, members, spectator = await _play(table, recorder, capture, 5, budget=120)
    await _end(table, shadow, members, spectator)
    wanted = {"a persona picked", "a combat declared", "a simultaneous choice", "a concession"}
    assert wanted <= found, wanted - found


async def test_a_whole_esper_match_at_10_seats(
    table: Table, recorder: Recorder, capture: Capture
) -> None:
    shadow, found, members, spectator = await _play(
        table, recorder, capture, 10, budget=60, check_every=30
    )
    await _end(table, shadow, members, spectator)
    assert {"a persona picked", "a simultaneous choice"} <= found, found
