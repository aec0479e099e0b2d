"""Crash safety as a test (``tests/bot/crashing.py``): the bot in a child process, killed with
SIGKILL at random moments and restarted over its store, a SQLite file or a PostgreSQL database
(of the tests' own server); nothing acknowledged is lost, every replay reaches the stored hash
and what the bot holds, every table shows it. ``bench/crash.py --kills N`` runs more."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
import simcord

from bot.table.storage import is_postgres

from .crashing import Crashes, PostgresDatabase, SqliteFile, Store

KILLS = 20


@pytest.fixture
def simcord_bot() -> discord.Client:
    """A stand-in of no behaviour: the bot runs in the child process (``tests/bot/remote.py``)."""
    return discord.Client(intents=discord.Intents(guilds=True))


@pytest.mark.slow
async def test_sigkill_at_random_moments_loses_nothing_acknowledged(
    simcord_env: simcord.Env, tmp_path: Path, database: str
) -> None:
    store: Store = (
        PostgresDatabase(database) if is_postgres(database) else SqliteFile(Path(database))
    )
    figures = await Crashes(simcord_env, tmp_path, seed=18, store=store).run(KILLS)
    assert figures.problems == []
    assert figures.kills >= KILLS and figures.lost == 0
    assert figures.acknowledged > 0 and figures.restarts_checked > KILLS // 2
