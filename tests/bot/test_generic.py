"""A second ruleset through the same cogs, with no code for it: the engine's toy game (alternate
turns, take 1 to 3 counters) is played from its DM controls and with ``/act``; the next player
is mentioned each time the game waits on them; a move it does not have is refused, saying what
can be done."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import Image

import rendering
from bot.table.games import Games
from rules.engine import Step
from rules.registry import get_ruleset
from tests.engine.toy import Toy

from .conftest import Table
from .players import find, hand_message


class Pictures:
    """The real renderer for lanes, a plain square for the toy game."""

    def board_png(
        self,
        ruleset: str,
        view: Any,
        names: Sequence[str],
        step: Step | None = None,
        *,
        seat: int | None = None,
        before: Any = None,
        language: str = "en",
    ) -> bytes:
        if ruleset == "toy":
            return self._square()
        return rendering.board_png(
            ruleset, view, names, step, seat=seat, before=before, language=language
        )

    def table_png(
        self,
        ruleset: str,
        view: Any,
        names: Sequence[str],
        seat: int,
        step: Step | None = None,
        *,
        language: str = "en",
    ) -> bytes:
        if ruleset == "toy":
            return self._square()
        return rendering.table_png(ruleset, view, names, seat, step, language=language)

    def hand_png(
        self, ruleset: str, view: Any, names: Sequence[str], *, language: str = "en"
    ) -> bytes:
        return (
            self._square()
            if ruleset == "toy"
            else rendering.hand_png(ruleset, view, names, language=language)
        )

    def result_png(
        self, ruleset: str, view: Any, names: Sequence[str], *, language: str = "en"
    ) -> bytes:
        return (
            self._square()
            if ruleset == "toy"
            else rendering.result_png(ruleset, view, names, language=language)
        )

    @staticmethod
    def _square() -> bytes:
        out = io.BytesIO()
        Image.new("RGB", (8, 8)).save(out, format="PNG")
        return out.getvalue()


class ToyWithoutCpu(Toy):
    """The toy game with no CPU player: a ruleset without a ``cpu_guide``."""

    cpu_guide = None


@pytest.fixture
def simcord_bot(bot_factory: Any) -> Any:
    toy = ToyWithoutCpu()
    games = Games(["lanes", "toy"], lambda name: toy if name == "toy" else get_ruleset(name))
    return bot_factory(games=games, renderer=Pictures())


async def test_another_ruleset_plays_through_the_same_cogs(table: Table) -> None:
    channel, alice, bob = table.channel, table.alice, table.bob
    choices = await alice.autocomplete(channel, "match new", "ruleset", "")
    assert [c["value"] for c in choices] == ["lanes", "toy"]
    created = await alice.slash(channel, "match new", ruleset="toy")
    await bob.click(created.response, label="Join")
    await alice.click(created.response, label="Start")
    live = await table.bot.matches.live(1)
    players = {0: alice, 1: bob}

    for turn in range(20):
        if live.match.over:
            break
        seat = live.match.pending()[0]
        member = players[seat]
        waiting = table.channel.history()[-1]
        assert member.mention in waiting.content  # the game waits on them: they are pinged
        assert (await players[1 - seat].slash(channel, "act", action="Take counters")).ephemeral
        assert len(live.match.actions) == turn  # not the other seat's turn: nothing happened
        if turn % 2:
            message = hand_message(member)  # the only move's options, at once
            [select] = find(message, "opt")
            one = next(o.value for o in select.options if o.label == "1")
            await member.user.select(message, [one], custom_id=select.custom_id)
        else:
            asked = await member.slash(channel, "act", action="Take counters")
            if "choose how many" in asked.response.content:  # else only one option was left
                await member.click(asked.response, label="2")
    assert live.match.over
    result = table.channel.history()[-1]
    assert result.content.startswith("**Match #1 is over**")
    assert result.attachments[0].filename == "result.png"


async def test_moves_the_game_does_not_have_are_refused(table: Table) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset="toy")
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Start")
    live = await table.bot.matches.live(1)
    first = (table.alice, table.bob)[live.match.pending()[0]]
    # The toy game's only move is done with no card: /play has nothing to offer.
    assert await first.autocomplete(table.channel, "play", "card", "") == []
    played = await first.slash(table.channel, "play", card="anything")
    assert "not available now (or not in this game)" in played.response.content
    assert "Take counters" in played.response.content
    snapped = await first.slash(table.channel, "act", action="Snap")
    assert "Nothing matches 'Snap'" in snapped.response.content
    # Giving up is the toy's concede, behind a confirmation.
    asked = await first.slash(table.channel, "retreat")
    assert "**Concede?**" in asked.response.content
    assert not live.match.actions


async def test_a_ruleset_without_a_cpu_player_offers_none(table: Table) -> None:
    refused = await table.alice.slash(table.channel, "match new", ruleset="toy", cpu="easy")
    assert refused.ephemeral and "Toy has no CPU player yet" in refused.response.content
    created = await table.alice.slash(table.channel, "match new", ruleset="toy")
    assert not find(created.response, "cpu")
