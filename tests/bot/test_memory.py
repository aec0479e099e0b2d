"""What the bot keeps in memory stays bounded: live matches and the presenter's records are
least-recently-used caches, a finished match leaves both, and an evicted match is replayed,
exactly, on its next use. Resolutions that queue up while drawing falls behind are shown as one."""

from __future__ import annotations

import asyncio
import dataclasses
import random

import pytest

import rendering
from bot.chat.presenter import merged, paced, shed
from bot.table.live import Hand, LiveMatch, Player
from bot.table.storage import Clock
from rules.engine import SPECTATOR, Match, Step
from rules.registry import get_ruleset

from .conftest import Table
from .players import end_turn, hand_message, images, open_match, play_card, play_out

pytestmark = pytest.mark.backends


async def test_an_evicted_match_is_replayed_exactly_on_its_next_use(table: Table) -> None:
    matches = table.bot.matches
    matches.cache_size = 1
    await open_match(table)
    other = table.guild.create_text_channel("more")
    created = await table.carol.slash(other, "match new", ruleset="lanes")
    await table.alice.click(created.response, label="Join")
    await table.carol.click(created.response, label="Start")
    assert list(matches._live) == [2]  # match 1 was evicted when 2 started
    await end_turn(table.bob.user)  # match 1 again: replayed from storage, then acted on
    assert list(matches._live) == [1]
    live = await matches.live(1)
    row = await table.bot.storage.match(1)  # type: ignore[union-attr]
    assert row is not None and row.seed is not None
    again = Match.new(get_ruleset("lanes"), row.seed, row.setup)
    for seat, action in live.match.actions:
        again.apply(seat, action)
    assert live.match.state_hash() == again.state_hash()
    assert len(live.match.actions) == 1


async def test_a_finished_match_leaves_the_caches(table: Table) -> None:
    await open_match(table)
    rng = random.Random(3)

    async def move(seat: int) -> None:
        user = (table.alice, table.bob)[seat].user
        await play_card(user, rng)
        await end_turn(user)

    await play_out(table, move)
    await table.bot.presenter.idle()
    assert 1 not in table.bot.matches._live
    assert len(table.bot.presenter.book) == 0
    assert (await table.bot.matches.live(1)).match.over  # looked at again: replayed


def test_resolutions_shown_together_keep_every_step_and_the_newest_tables() -> None:
    """When drawing falls behind, the waiting resolutions of a match are shown as one: every
    caption, the newest state, each seat's newest table, pinged if any of them pinged it, and
    the seats still waited on that were newly so."""
    lanes = get_ruleset("lanes")
    match = Match.new(lanes, 5, {"seats": 2}, views=SPECTATOR)
    players = [Player(s, 100 + s, f"p{s}", None, Clock(None)) for s in (0, 1)]
    live = LiveMatch(1, 1, 1, "lanes", 100, 3600, match, players, 0)
    batch = [live.committed(match.opening, (), 0, opening=True)]
    for seat in (0, 1):
        before = match.pending()
        end = next(s for s in match.legal_actions(seat) if s.kind == "end_turn")
        resolution = match.apply(seat, next(end.actions()), views=SPECTATOR)
        batch.append(live.committed(resolution, before, len(match.actions)))
    one = merged(batch)
    assert one.steps == tuple(s for c in batch for s in c.steps)
    assert one.public_view is batch[-1].public_view and one.presented == 2
    tables = {n.hand.seat: n for n in one.seats}
    assert set(tables) == {0, 1} and all(n.ping for n in tables.values())
    assert all(
        tables[s].hand is next(n.hand for n in batch[-1].seats if n.hand.seat == s) for s in (0, 1)
    )
    assert one.new_turn and set(one.newly_waiting) == set(match.pending())
    assert merged(batch[-1:]) is batch[-1]


def test_a_seats_table_is_never_replaced_by_an_older_one() -> None:
    """A player's own answer may put a newer table in its DM than a resolution still waiting
    to be shown: the presenter's record says so, and the older edit is skipped."""
    from bot.chat.book import MatchRecord

    record = MatchRecord()
    assert not record.newer_shown(0, 3)
    record.note_shown(0, 5)  # the seat's own answer, after its action
    assert record.newer_shown(0, 4)  # a resolution queued before it: not shown over it
    assert not record.newer_shown(0, 5) and not record.newer_shown(1, 4)
    record.note_shown(0, 2)  # never goes back
    assert record.newer_shown(0, 4)


def test_a_reveal_drawn_while_drawing_falls_behind_is_one_picture_of_the_rest() -> None:
    steps = [Step(f"step {i}", ()) for i in range(6)]
    groups = paced(steps, 3)
    assert [(len(g), last) for g, last in shed(groups, lambda: False)] == [
        (2, False),
        (2, False),
        (2, True),
    ]
    behind = iter([False, True])
    assert [(len(g), last) for g, last in shed(groups, lambda: next(behind))] == [
        (2, False),
        (4, True),
    ]


async def test_silent_edits_of_a_seat_wait_off_the_line_and_only_the_newest_is_shown(
    table: Table,
) -> None:
    presenter = table.bot.presenter
    shown: list[int] = []
    gate = asyncio.Event()

    async def to_seat(hand: Hand, parts: object, *, new: bool) -> None:
        await gate.wait()
        shown.append(hand.at)

    await open_match(table)
    presenter._to_seat = to_seat  # type: ignore[method-assign]
    live = await table.bot.matches.live(1)
    hand = live.hand(0)
    for at in (5, 6, 7):
        presenter._edit_later(dataclasses.replace(hand, at=at))
        await asyncio.sleep(0)  # the first edit starts, the others wait behind it
    presenter._edit_later(dataclasses.replace(hand, at=4))  # older than one waiting: dropped
    gate.set()
    await presenter.idle()
    assert shown == [5, 7]


async def test_while_drawing_falls_behind_a_move_is_answered_before_its_picture(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player's text and controls come at once; the picture follows in the same message,
    and it is the seat's table after the move."""
    await open_match(table)
    presenter = table.bot.presenter
    later: list[int] = []
    picture_later = presenter.picture_later

    def noted(hand: Hand) -> None:
        later.append(hand.at)
        picture_later(hand)

    monkeypatch.setattr(presenter.painters, "behind", lambda: True)
    monkeypatch.setattr(presenter, "picture_later", noted)
    alice = table.alice.user
    await end_turn(alice)
    live = await table.bot.matches.live(1)
    assert later == [len(live.match.actions)]
    message = hand_message(alice)
    (picture,) = images(table.env, message)
    names = live.names
    assert picture == rendering.table_png("lanes", live.match.view(0), names, 0)
    assert "alice ends the turn" in message.content and message.components
