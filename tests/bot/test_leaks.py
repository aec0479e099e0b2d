"""No leak: over a whole match of each ruleset, no channel message, embed, picture or log line
names a card (or location) hidden at that moment, and every picture in the channel was drawn
from the spectator's view (DESIGN invariant 2). Every log line is captured at DEBUG, as
``LOG_LEVEL=DEBUG`` configures logging: none holds a hidden card, a seed or a token."""

from __future__ import annotations

import json
import logging
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import fields, is_dataclass
from typing import Any

import pytest
import simcord

import rendering
from bot.logs import PAYLOAD_LOGGERS, configure_logging
from rules.engine import Action, Match, Step
from rules.registry import get_ruleset

from .conftest import Table
from .players import (
    end_turn,
    lively_charm,
    open_match,
    perform_by_dm,
    play_card,
    play_fanfare,
    play_out,
    seat_user,
    slash_play,
)

SEED = 4_711_000_000_123


class Pool:
    """What a ruleset's card pool names: cards (and locations), longest first; card ids."""

    def __init__(self, ruleset: str) -> None:
        pool = get_ruleset(ruleset).pool  # type: ignore[attr-defined]
        places = getattr(pool, "locations", {})
        found = {c.name for c in pool.cards.values()} | {p.name for p in places.values()}
        self.names = sorted(found, key=len, reverse=True)
        self.ids = sorted(pool.cards)


LANES = Pool("lanes")


def names_in(text: str, allowed: set[str], pool: Pool = LANES) -> set[str]:
    """The pool's names in ``text`` that are not ``allowed`` (a public name containing another,
    like "Spark Foundry" and "Spark", is taken out before looking)."""
    for name in pool.names:
        if name in allowed:
            text = text.replace(name, " ")
    return {n for n in pool.names if n not in allowed and re.search(rf"\b{re.escape(n)}\b", text)}


def _plain(view: Any) -> str:
    return json.dumps(_fields(view), default=str)


def _fields(value: Any) -> Any:
    """``dataclasses.asdict`` without its deep copies: it copies every leaf, and a text the
    rules said (``Said``: square names, what a match waits on) would be copied with its whole
    wording, for every view drawn."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _fields(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, list | tuple):
        return [_fields(v) for v in value]
    if isinstance(value, dict):
        return {k: _fields(v) for k, v in value.items()}
    return value


class Recorder:
    """The real renderer, remembering what each picture was drawn from."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.drawn: dict[bytes, tuple[str, int | None]] = {}
        self.public: set[str] = set()

    def _note(self, kind: str, view: Any, data: bytes) -> bytes:
        self.drawn[data] = (kind, view.viewer)
        if view.viewer is None:
            self.public |= {n for n in self.pool.names if n in _plain(view)}
        return data

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
        drawn = rendering.board_png(
            ruleset, view, names, step, seat=seat, before=before, language=language
        )
        return self._note("board", view, drawn)

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
        assert view.viewer == seat
        return self._note(
            "hand", view, rendering.table_png(ruleset, view, names, seat, step, language=language)
        )

    def hand_png(
        self, ruleset: str, view: Any, names: Sequence[str], *, language: str = "en"
    ) -> bytes:
        return self._note("hand", view, rendering.hand_png(ruleset, view, names, language=language))

    def result_png(
        self, ruleset: str, view: Any, names: Sequence[str], *, language: str = "en"
    ) -> bytes:
        return self._note(
            "result", view, rendering.result_png(ruleset, view, names, language=language)
        )


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def ruleset() -> str:
    return "lanes"


@pytest.fixture
def recorder(ruleset: str) -> Recorder:
    return Recorder(Pool(ruleset))


@pytest.fixture
def simcord_bot(bot_factory: Any, recorder: Recorder) -> Any:
    return bot_factory(renderer=recorder, new_seed=lambda: SEED)


@pytest.fixture
def capture() -> Iterator[Capture]:
    """Every log record at DEBUG, configured as the entry point configures logging."""
    root = logging.getLogger()
    level = root.level
    floors = {name: logging.getLogger(name).level for name in PAYLOAD_LOGGERS}
    handler = Capture()
    configure_logging("DEBUG", handler=handler)
    yield handler
    root.removeHandler(handler)
    root.setLevel(level)
    for name, floor in floors.items():
        logging.getLogger(name).setLevel(floor)


class Watch:
    """After each move: what a spectator can see, and every log line, against what is public."""

    def __init__(
        self, table: Table, recorder: Recorder, capture: Capture, seed: int = SEED
    ) -> None:
        self.table = table
        self.seed = seed
        self.recorder = recorder
        self.capture = capture
        self.requests = 0
        self.lines = 0
        self.checked = {"texts": 0, "images": 0, "logs": 0}

    def secrets(self) -> list[str]:
        """The bot's token (the settings' and the one it logged in with) and every
        interaction's token: each lets whoever holds it post as the bot."""
        bot, backend = self.table.bot, self.table.env.backend
        tokens = [bot.settings.token.reveal(), str(bot.http.token)]
        return tokens + [i.token for i in backend.interactions.values()]

    async def public(self) -> set[str]:
        """Names the rules made public so far: in public captions and the spectator's views
        (the latter also as the pictures were drawn, step by step)."""
        live = await self.table.bot.matches.live(1)
        match = Match.new(live.match.ruleset, live.match.seed, live.match.setup)
        captions = [s.caption for s in match.opening.steps if s.public]
        for seat, action in live.match.actions:
            captions += [s.caption for s in match.apply(seat, action).steps if s.public]
        text = " ".join(captions) + _plain(live.match.view(None))
        return {n for n in self.recorder.pool.names if n in text} | self.recorder.public

    async def check(self) -> None:
        allowed = await self.public()
        env, channel = self.table.env, self.table.channel
        texts = []
        for entry in env.http_requests[self.requests :]:
            if entry.path.startswith(f"/channels/{channel.id}/") and entry.json is not None:
                texts.append(json.dumps(entry.json))
        self.requests = len(env.http_requests)
        pictures = []
        for message in channel.history(viewer=self.table.carol):
            texts.append(message.content + json.dumps([e.to_dict() for e in message.embeds]))
            texts += [json.dumps(row.to_dict()) for row in message.components]
            pictures += [env.backend.cdn.get(a.url) for a in message.attachments]
        pool = self.recorder.pool
        for text in texts:
            assert not names_in(text, allowed, pool), text
        self.checked["texts"] += len(texts)
        # What a spectator sees now was drawn from the spectator's view...
        for data in pictures:
            assert self.recorder.drawn.get(data) in (("board", None), ("result", None))
            self.checked["images"] += 1
        # ...and so was every board ever put in the channel, each step's included. (Hands
        # appear there only in their owners' ephemeral replies.)
        for url, data in env.backend.cdn._blobs.items():
            if f"/attachments/{channel.id}/" in url:
                kind, viewer = self.recorder.drawn[data]
                assert kind == "hand" or viewer is None, url
        seed = str(self.seed)
        secrets = self.secrets()
        for line in self.capture.lines[self.lines :]:
            # No name, no card id, no seed: the bot never logs what could tell a hidden card.
            assert not names_in(line, set(), pool), line
            assert not any(re.search(rf"\b{re.escape(c)}\b", line) for c in pool.ids), line
            assert seed not in line, line
            # Nor what lets someone act as the bot: its token, an interaction's.
            assert not any(secret in line for secret in secrets), line
        self.checked["logs"] += len(self.capture.lines) - self.lines
        self.lines = len(self.capture.lines)


async def test_nothing_hidden_reaches_the_channel_or_the_logs(
    table: Table, recorder: Recorder, capture: Capture
) -> None:
    await open_match(table)
    watch = Watch(table, recorder, capture)
    await watch.check()
    rng = random.Random(11)

    async def move(seat: int) -> None:
        member = seat_user(table, seat)
        if seat == 0:
            await play_card(member.user, rng)
            await watch.check()
            await end_turn(member.user)
        else:
            await slash_play(table, member, rng)
            await watch.check()
            await table.bob.slash(table.channel, "hand")
            await table.bob.slash(table.channel, "act", action="End turn")
        await table.carol.slash(table.channel, "board")
        await watch.check()

    await play_out(table, move)
    await watch.check()
    assert all(watch.checked.values()), watch.checked
    assert any(kind == "hand" for kind, _ in recorder.drawn.values())  # hands were drawn, privately


@pytest.mark.parametrize("ruleset", ["fanfare"])
async def test_nothing_hidden_reaches_the_channel_or_the_logs_in_fanfare(
    table: Table, recorder: Recorder, capture: Capture, ruleset: str
) -> None:
    created = await table.alice.slash(table.channel, "match new", ruleset=ruleset)
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Start")
    watch = Watch(table, recorder, capture)
    await watch.check()  # the mulligan: two secret hands, and a secret choice each
    moves = 0

    async def after() -> None:
        nonlocal moves
        moves += 1
        if moves % 7 == 0:
            await table.bob.slash(table.channel, "hand")
            await table.carol.slash(table.channel, "board")
        await watch.check()

    await play_fanfare(table, random.Random(17), after)  # 32 moves
    assert all(watch.checked.values()), watch.checked
    assert any(kind == "hand" for kind, _ in recorder.drawn.values())


@pytest.mark.parametrize("ruleset", ["charm"])
async def test_nothing_hidden_reaches_the_channel_or_the_logs_in_charm(
    table: Table, recorder: Recorder, capture: Capture, ruleset: str
) -> None:
    """A whole charm match by DM (both with auto-pass on, so it is short): hands, the mulligan,
    planned blocks and decks stay out of the channel, its pictures and the logs."""
    created = await table.alice.slash(table.channel, "match new", ruleset=ruleset)
    await table.bob.click(created.response, label="Join")
    await table.alice.click(created.response, label="Start")
    watch = Watch(table, recorder, capture)
    await watch.check()  # the mulligan: two secret hands, and a secret choice each
    live = await table.bot.matches.live(1)
    for seat in (0, 1):
        await perform_by_dm(
            seat_user(table, seat).user, live.match.legal_actions(seat), Action("auto_pass")
        )
    rng = random.Random(31)  # a short match (99 moves)
    moves = 0
    while not live.match.over and moves < 400:
        pending = live.match.pending()
        seat = pending[0] if len(pending) == 1 else 1 - live.match.view(None).first
        action = lively_charm(rng, live.match, seat)
        await perform_by_dm(seat_user(table, seat).user, live.match.legal_actions(seat), action)
        moves += 1
        if moves % 6 == 0:
            await watch.check()
        if moves % 25 == 0:
            await table.carol.slash(table.channel, "board")
    await watch.check()
    assert live.match.over
    assert all(watch.checked.values()), watch.checked
    assert any(kind == "hand" for kind, _ in recorder.drawn.values())


def test_the_name_check_sees_names_and_only_hidden_ones() -> None:
    assert names_in("alice reveals Tinker at Armory.", {"Armory"}) == {"Tinker"}
    assert names_in("Spark Foundry is revealed", {"Spark Foundry"}) == set()
    assert names_in("Spark Foundry is revealed", set()) == {"Spark Foundry", "Spark"}
    fanfare = Pool("fanfare")
    assert names_in("bob plays Fireball on alice's Treant.", {"Fireball"}, fanfare) == {"Treant"}


def test_simcord_is_the_real_thing() -> None:
    assert simcord.__version__ == "3.2.1"
