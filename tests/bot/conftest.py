"""Fixtures for the bot's end-to-end tests: a real bot in simcord's in-memory Discord, over a
fresh database, with reveals shown without pauses.

The database is a SQLite file; a module marked ``pytest.mark.backends`` runs each of its tests
on both backends, SQLite and PostgreSQL (a fresh database of the tests' own server)."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.chat.client import Parlor, create_bot
from bot.settings import Secret, Settings


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("backends"):
        metafunc.parametrize("backend", ["sqlite", "postgres"], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The storage backend a test runs on (both, in modules marked ``backends``)."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def settings(tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> Settings:
    """Pictures are drawn, and CPU players think, in threads here, which start at once;
    ``test_flow.py`` plays its whole match with the drawing processes the bot uses by default,
    ``test_cpu.py`` one against the CPU with the thinking processes. One shard, as simcord
    needs to be told how many an ``AutoShardedBot`` has."""
    database = tmp_path / "parlor.db" if backend == "sqlite" else request.getfixturevalue("pg_url")
    return Settings(
        token=Secret("not-a-token"),
        database=database,
        step_delay=0,
        painters=0,
        thinkers=0,
        shard_count=1,
    )


@pytest.fixture
async def bot_factory(settings: Settings) -> AsyncIterator[Callable[..., Parlor]]:
    """Makes bots over the test's database; closes their storage at the end."""
    made: list[Parlor] = []

    def make(settings: Settings = settings, **dependencies: Any) -> Parlor:
        dependencies.setdefault("new_seed", itertools.count(1).__next__)
        bot = create_bot(settings, **dependencies)
        made.append(bot)
        return bot

    yield make
    for bot in made:
        await bot._stop_services()


@pytest.fixture
def simcord_bot(bot_factory: Callable[..., Parlor]) -> Parlor:
    return bot_factory()


@dataclass
class Table:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor

    @property
    def bot(self) -> Parlor:
        bot = self.env.bot
        assert isinstance(bot, Parlor)
        return bot


@pytest.fixture
def table(simcord_env: simcord.Env) -> Table:
    guild = simcord_env.create_guild("Parlor")
    channel = guild.create_text_channel("games")
    return Table(
        simcord_env,
        guild,
        channel,
        guild.add_member(simcord_env.create_user("alice")),
        guild.add_member(simcord_env.create_user("bob")),
        guild.add_member(simcord_env.create_user("carol")),
    )
