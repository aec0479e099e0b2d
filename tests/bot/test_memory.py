"""What the bot keeps in memory stays bounded: live matches and the presenter's records are
least-recently-used caches, a finished match leaves both, and an evicted match is replayed,
exactly, on its next use. Resolutions that queue up while drawing falls behind are shown as one."""

from __future__ import annotations

import random

from bot.chat.presenter import merged
from bot.table.live import LiveMatch, Player
from bot.table.storage import Clock
from rules.engine import SPECTATOR, Match
from rules.registry import get_ruleset

from .conftest import Table
from .players import end_turn, open_match, play_card, play_out


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
    assert row is not None and row.state_hash == live.match.state_hash()
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
