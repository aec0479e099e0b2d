"""``python -m bot``: read the settings, configure logging, run the bot.

    python -m bot                                  # one process, every shard
    python -m bot --shards 0-3 --shard-count 8     # one process of a cluster (PostgreSQL)

Whatever stops the bot before it is connected (no token, a token Discord refuses, no way to reach
Discord) ends with one line on stderr saying what to do, and a non-zero exit: 2 for settings (and
the command line), 1 for the rest. Once connected, discord.py reconnects by itself after a
network outage.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import signal
import sys
from collections.abc import Sequence

import aiohttp
import discord

from . import texts
from .logs import configure_logging
from .settings import Settings, SettingsError, parse_shards
from .table.storage import is_postgres

UNREACHABLE = (OSError, aiohttp.ClientError, discord.GatewayNotFound, asyncio.TimeoutError)
"""What a failed connection to Discord raises (aiohttp's connection errors are ``OSError``s)."""


def arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description=texts.command_line_about())
    parser.add_argument("--shards", help=texts.shards_option())
    parser.add_argument("--shard-count", type=int, help=texts.shard_count_option())
    return parser.parse_args(argv)


def configured(argv: Sequence[str] | None = None) -> Settings:
    """The settings from the environment, with the shards the command line gives."""
    args = arguments(argv)
    settings = Settings.from_env()
    shard_ids, shard_count = parse_shards(args.shards, args.shard_count)
    if shard_ids is not None and not is_postgres(settings.database):
        raise SettingsError(
            "--shards runs one process of a cluster, which needs a database every process "
            "shares: set PARLOR_DATABASE to a postgresql:// URL (docs/operations.md)"
        )
    return dataclasses.replace(settings, shard_ids=shard_ids, shard_count=shard_count)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        settings = configured(argv)
    except SettingsError as exc:
        return fail(str(exc), 2)
    configure_logging(settings.log_level)
    # The bot never joins a voice channel: without these, discord.py warns at every start that
    # voice will not work (PyNaCl and davey are not installed, and need not be).
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    from .chat.client import create_bot  # after logging, so import-time warnings are formatted

    bot = create_bot(settings)
    try:
        asyncio.run(serve(bot, settings.token.reveal()))
    except KeyboardInterrupt:
        return 0
    except discord.LoginFailure:
        return fail(
            "Discord refused the token in DISCORD_TOKEN. Copy the bot's token again from the "
            "developer portal (Bot → Reset Token) into .env.",
        )
    except discord.HTTPException as exc:
        return fail(f"Discord refused to log in ({exc.status} {exc.text or exc}). Try again later.")
    except UNREACHABLE as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        return fail(f"Cannot reach Discord ({reason}). Check the network, then start again.")
    return 0


async def serve(bot: discord.Client, token: str) -> None:
    """Log in and stay connected until the bot is closed, or the process is asked to stop
    (SIGTERM, as a service manager stops it: the bot closes its storage first)."""
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        loop.add_signal_handler(signal.SIGTERM, lambda: loop.create_task(bot.close()))
    async with bot:
        await bot.start(token)


def fail(message: str, status: int = 1) -> int:
    print(f"parlor: {message}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
