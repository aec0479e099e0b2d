"""A whole match with ``language:ja``, in the emulator, for every ruleset: everything it posts in
its channel (the lobby, each board's caption, the result) and everything its Japanese player
reads in her DMs (her table's notes, her controls, her outcome) is Japanese; the only Latin
words left are names (the players', the rulesets'), the abbreviations the games themselves
write in Latin letters, and Discord's own words (DM, a command).

Alice, whose Discord is in Japanese, plays her seat through her DMs against easy CPUs: any move
her controls offer, for a while, then she gives up and the match ends (the CPUs move by
themselves, as in ``test_cpu.py``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord
import simcord.interactions

from bot.settings import Secret, Settings
from rules.engine import Action
from rules.registry import RULESETS, get_ruleset
from tests.rules.test_japanese import KEPT

from .conftest import Table
from .players import dms, find, hand_message, perform_by_dm

pytestmark = pytest.mark.simcord(settle_timeout=120)


LATIN = re.compile(r"[A-Za-z]+")
ALLOWED = {"alice", "vs", "DM", "DMs", "CPU", "png"}
"""Latin words a Japanese post may hold: the player's name, ``vs`` between names (as Japanese
game sites write it), Discord's DM, the CPU's name, a picture's file name (and, below, dice
and board squares as Japanese games write them: 2D6, C4)."""

GIVE_UP = ("concede", "retreat", "forfeit")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """CPUs think in threads (a worker process can be slow to start on a busy machine)."""
    return Settings(
        token=Secret("not-a-token"),
        database=tmp_path / "parlor.db",
        step_delay=0,
        painters=0,
        thinkers=0,
        shard_count=1,
    )


@pytest.fixture
def japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every interaction comes from a Discord in Japanese (simcord sends en-US)."""
    original = simcord.interactions.base_payload

    def in_japanese(backend: Any, **fields: Any) -> Any:
        record, payload = original(backend, **fields)
        payload["locale"] = "ja"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", in_japanese)


def texts(message: Any) -> Iterator[str]:
    """Everything a reader reads of a message: its content, its embeds, its controls' words."""
    yield message.content or ""
    for embed in message.embeds:
        yield embed.title or ""
        yield embed.description or ""
        for embed_field in embed.fields:
            yield f"{embed_field.name}\n{embed_field.value}"
        if embed.footer and embed.footer.text:
            yield embed.footer.text
    for row in message.components:
        for control in row.children:
            yield getattr(control, "label", None) or ""
            yield getattr(control, "placeholder", None) or ""
            for option in getattr(control, "options", ()):
                yield f"{option.label}\n{option.description or ''}"


def english(text: str, ruleset: str) -> set[str]:
    """The Latin words of ``text`` no Japanese post would hold."""
    text = re.sub(r"<[#@!&]*\d+>|<t:\d+(:[a-zA-Z])?>|https?://\S+", "", text)  # mentions, links
    # Dice (2D6) and a board's squares (C4), as Japanese games write them.
    text = re.sub(r"(?<![A-Za-z0-9])(\d*D\d+|[A-Z]\d+)(?![A-Za-z0-9])", "", text)
    return set(LATIN.findall(text)) - ALLOWED - KEPT[ruleset] - {ruleset}


async def _play(table: Table, rng: random.Random, moves: int, check: Callable[[Any], None]) -> None:
    """Alice plays seat 0 by DM, any move offered (never giving up) for ``moves`` of her
    decisions, then gives up; the CPUs play on by themselves. Her table is ``check``ed before
    each of her moves (its controls, which a newer table takes away)."""
    matches = table.bot.matches
    for _ in range(3000):
        await table.env.settle()
        live = await matches.live(1)
        if live.match.over:
            return
        if 0 not in live.match.pending():
            continue  # the CPUs are thinking
        if moves <= 0:
            asked = await table.alice.slash(table.channel, "retreat")
            [sure] = find(asked.response, "yes")
            await table.alice.click(asked.response, custom_id=sure.custom_id)
            moves = 10**9
            continue
        check(hand_message(table.alice.user))
        specs = live.match.legal_actions(0)
        playing = [s for s in specs if s.kind not in GIVE_UP] or specs
        spec = rng.choice(playing)
        action = rng.choice(list(spec.actions()) or [Action(spec.kind)])
        await perform_by_dm(table.alice.user, specs, action)
        moves -= 1
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
async def test_a_japanese_match_posts_and_dms_only_japanese(
    table: Table, japanese: None, ruleset: str
) -> None:
    seats = get_ruleset(ruleset).min_seats
    await table.alice.slash(
        table.channel, "match new", ruleset=ruleset, cpu="easy", seats=seats, language="ja"
    )
    tables = 0

    def check(message: Any) -> None:
        nonlocal tables
        tables += 1
        for text in texts(message):
            assert not english(text, ruleset), text

    await _play(table, random.Random(7), moves=25, check=check)
    live = await table.bot.matches.live(1)
    assert live.match.over and live.language == "ja"

    bot_id = table.bot.user.id if table.bot.user else 0
    posts = [m for m in table.channel.history() if m.author.id == bot_id]
    read = [*posts, *dms(table.alice)]
    assert len(posts) > 5 and len(read) > len(posts) and tables >= 25
    for message in read:
        for text in texts(message):
            assert not english(text, ruleset), text
