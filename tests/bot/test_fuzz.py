"""The fuzz suite (``tests/bot/fuzzing.py``): a few hundred malformed and hostile interactions
through the emulator, each answered with a clear message, none raising, none changing a match
it was refused in; a double click makes its move once. ``bench/fuzz.py --n 10000`` sends more."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import pytest
import simcord
from simcord.enums import ComponentType

from bot.chat.client import Parlor
from bot.table.games import Games
from rules.engine import Action, Kind, StepLog, kinds
from tests.engine.toy import Toy, ToyState

from .conftest import Table
from .fuzzing import KINDS, fuzz
from .hostile import (
    Blank,
    answer,
    click_data,
    forge,
    newest_dm,
    open_matches,
    show_hands,
    world,
)
from .players import click_stale, find, hand_message, open_match, said


@pytest.fixture
def simcord_bot(bot_factory: Callable[..., Parlor]) -> Parlor:
    return bot_factory(renderer=Blank())


@pytest.mark.parametrize("seed", [3])
async def test_hostile_interactions_are_refused_clearly_and_change_nothing(
    simcord_env: simcord.Env, seed: int
) -> None:
    w = world(simcord_env)
    await open_matches(w, seed)
    await show_hands(w)
    figures = await fuzz(w, tries=400, seed=seed)
    assert figures.tries >= 300 and set(figures.kinds) == set(KINDS), figures.kinds
    assert figures.problems == []
    assert (figures.crashes, figures.unanswered, figures.unclear) == (0, 0, 0)
    assert (figures.changed_on_rejection, figures.applied_twice) == (0, 0)


# What the fuzz found, kept as tests of their own.


async def test_a_huge_option_is_refused_with_it_quoted_in_part(table: Table) -> None:
    await open_match(table)
    typed = "Moth Page " * 599 + "\x00"  # 6,000 characters: a message holds 2,000
    refused = await table.bob.slash(table.channel, "act", action=typed)
    text = said(refused)
    assert text.startswith("Nothing matches 'Moth Page Moth Page") and "…' now." in text
    assert len(text) < 200
    deck = await table.carol.slash(table.channel, "match join", deck="\x07" * 3000)
    assert said(deck).startswith("Match #1 has already started")
    card = await table.carol.slash(table.channel, "card", name="🂡" * 6000)
    assert said(card).startswith("There is no card called '🂡🂡") and len(said(card)) < 200


async def test_a_finished_matchs_table_and_my_hand_answer_without_failing(table: Table) -> None:
    await open_match(table)
    board = next(m for m in table.channel.history() if find(m, "hand"))
    alices = hand_message(table.alice)
    table_end = find(alices, "do", "End turn")[0].custom_id
    asked = await table.alice.slash(table.channel, "retreat")
    await table.alice.click(asked.response, custom_id=find(asked.response, "yes")[0].custom_id)
    late = await click_stale(table.alice.user, alices, table_end)
    assert said(late) == "Match #1 is over. See /match log."
    mine = await click_stale(table.bob, board, find(board, "hand")[0].custom_id)
    assert mine.ephemeral and "Match #1" in said(mine) and "went wrong" not in said(mine)


def _take_and_go_on(state: ToyState, seat: int, action: Action, log: StepLog) -> None:
    """Take counters; the seat that took goes on taking (unless it took the last)."""
    Toy.kinds["take"].handler(state, seat, action, log)
    state.turn_seat = seat


class Hoard(Toy):
    """The toy game where a seat keeps the turn: after a move it may make the same again."""

    name = "hoard"
    kinds: ClassVar[Mapping[str, Kind]] = kinds(
        Kind("take", _take_and_go_on, ("n",)), Toy.kinds["concede"]
    )


async def test_a_double_click_makes_its_move_once_where_the_seat_may_make_it_again(
    table: Table, bot_factory: Callable[..., Parlor]
) -> None:
    """Breakfall's repeatable abilities found it: the seat's options after the move were those
    before, so the second click of a double click still looked current and moved again."""
    hoard = Hoard()
    games = Games(["hoard"], lambda name: hoard)
    await table.env.restart_bot(bot_factory(renderer=Blank(), games=games))
    created = await table.alice.slash(table.channel, "match new", ruleset="hoard")
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Start")
    live = await table.bot.matches.live(1)
    seat = live.match.pending()[0]
    mover = (table.alice, table.bob)[seat]
    before = live.match.legal_actions(seat)
    message = hand_message(mover)
    [select] = find(message, "opt")
    one = next(o.value for o in select.options if o.label == "1")
    data = click_data(select.custom_id, ComponentType.STRING_SELECT, [one])
    newest_before = newest_dm(mover.user)
    first = await forge(mover.user, message, data, settle=False)
    second = await forge(mover.user, message, data, settle=False)
    await table.env.settle()
    live = await table.bot.matches.live(1)
    assert [a for _, a in live.match.actions] == [Action("take", n=1)]
    assert live.match.legal_actions(seat) == before  # the same move could be made again
    told = answer(second, mover.user, newest_before)  # in a DM: the table sent anew, with why
    assert first.acknowledged and told is not None and "out of date" in told


async def test_a_move_whose_table_was_replaced_meanwhile_is_made_without_an_apology(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Double clicks found it: the second click, answered as out of date, sent the seat's table
    anew and deleted the one the first click was about to edit with its move's answer, which
    then failed with Unknown Message and apologised for a move that was made."""
    await open_match(table)
    alice = table.alice.user
    message = hand_message(alice)
    presenter = table.bot.presenter
    drawn = presenter.hand_reply

    async def replaced_meanwhile(hand: Any, **options: Any) -> dict[str, Any]:
        parts = await drawn(hand, **options)
        if (
            hand.user_id == alice.id
            and message.id in table.env.backend.messages[message.channel.id]
        ):
            # What the second click's answer did meanwhile (surgery): her table deleted.
            table.env.backend.delete_message(message.channel.id, message.id)
        return parts

    monkeypatch.setattr(presenter, "hand_reply", replaced_meanwhile)
    result = await alice.click(message, label="End turn")
    assert result.acknowledged and not result.followups  # no apology
    live = await table.bot.matches.live(1)
    assert [a.kind for _, a in live.match.actions] == ["end_turn"]
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
