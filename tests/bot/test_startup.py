"""Starting ``python -m bot``: the invite link with exactly the permissions it needs; a token
Discord refuses, or no way to reach Discord, ends with one line and a non-zero exit, no
traceback; no voice warnings.

The subprocesses never reach a network: discord.py's API base is pointed at a loopback port
(a closed one, or a tiny server here that refuses every token), or name resolution fails in the
child, as it does on a machine without a network. Each child is started with ``-c`` to make that
one change, then runs the entry point's ``main()``.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import SimpleNamespace
from unittest.mock import AsyncMock

import pytest
import simcord

from bot.chat.client import Parlor
from bot.chat.invite import NEEDED, invite_url, permissions
from bot.settings import ENV_KEYS, Settings

from .conftest import Table
from .players import end_turn, open_match

REPO = Path(__file__).resolve().parents[2]
OPERATIONS = REPO / "docs" / "operations.md"

AT_BASE = """\
import sys, discord.http
discord.http.Route.BASE = sys.argv[1]
from bot.__main__ import main
sys.exit(main([]))
"""

WITHOUT_DNS = """\
import socket, sys
def no_network(*args, **kwargs):
    raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")
socket.getaddrinfo = no_network
from bot.__main__ import main
sys.exit(main([]))
"""


class Unauthorized(BaseHTTPRequestHandler):
    """Discord's answer to a wrong token, to every request."""

    def do_GET(self) -> None:
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def refusing_api() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Unauthorized)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def closed_port() -> str:
    with socket.socket() as s:  # bound, then closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/api/v10"


TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GqXyZa.a-token-no-log-may-hold"
"""A token shaped like Discord's: what ``start`` gives the child."""


def start(
    tmp_path: Path, code: str, *args: str, log_level: str
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ENV_KEYS}
    env.update(PYTHONPATH=str(REPO), DISCORD_TOKEN=TOKEN, LOG_LEVEL=log_level)
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )


def only_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_a_refused_token_ends_with_one_line(tmp_path: Path, refusing_api: str) -> None:
    done = start(tmp_path, AT_BASE, refusing_api, log_level="WARNING")
    assert done.returncode == 1
    line = only_line(done)
    assert line.startswith("parlor: Discord refused the token in DISCORD_TOKEN.")
    assert "Reset Token" in line
    assert done.stdout == ""
    assert not (tmp_path / "parlor.db").exists()  # nothing is opened before logging in


@pytest.mark.parametrize("how", ["closed port", "no name resolution"])
def test_no_network_ends_with_one_line(tmp_path: Path, closed_port: str, how: str) -> None:
    if how == "closed port":
        done = start(tmp_path, AT_BASE, closed_port, log_level="WARNING")
    else:
        done = start(tmp_path, WITHOUT_DNS, log_level="WARNING")
    assert done.returncode == 1
    line = only_line(done)
    assert line.startswith("parlor: Cannot reach Discord (Cannot connect to host")
    assert line.endswith("Check the network, then start again.")


def test_at_info_the_failure_is_still_the_last_line_and_no_voice_warnings(
    tmp_path: Path, closed_port: str
) -> None:
    done = start(tmp_path, AT_BASE, closed_port, log_level="INFO")
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert lines[-1].startswith("parlor: Cannot reach Discord")
    assert "Traceback" not in done.stderr
    assert "voice" not in done.stderr.lower()
    assert all(" INFO " in line for line in lines[:-1]), done.stderr  # discord.py's log-in line


@pytest.mark.parametrize("how", ["refused", "closed port", "no name resolution"])
def test_at_debug_no_line_holds_the_token(
    tmp_path: Path, refusing_api: str, closed_port: str, how: str
) -> None:
    """Every log line at DEBUG, up to a refused token or no network: the token in none."""
    if how == "no name resolution":
        done = start(tmp_path, WITHOUT_DNS, log_level="DEBUG")
    else:
        base = refusing_api if how == "refused" else closed_port
        done = start(tmp_path, AT_BASE, base, log_level="DEBUG")
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) > 1 and any(" DEBUG " in line for line in lines), done.stderr
    assert lines[-1].startswith("parlor: "), done.stderr
    assert TOKEN not in done.stderr + done.stdout
    assert TOKEN.split(".")[-1] not in done.stderr  # nor a part of it


def test_the_invite_asks_for_exactly_what_the_bot_needs() -> None:
    wanted = permissions()
    assert all(getattr(wanted, name) for name in NEEDED)
    assert bin(wanted.value).count("1") == len(NEEDED)  # and nothing else
    assert wanted.value == 274877959168
    url = invite_url(1234)
    assert "client_id=1234" in url and "scope=bot+applications.commands" in url
    assert url.endswith("permissions=274877959168")


def test_the_operations_guide_lists_every_permission_and_the_integer() -> None:
    guide = OPERATIONS.read_text(encoding="utf-8")
    assert str(permissions().value) in guide
    for name in NEEDED:
        shown = name.replace("_", " ").title().replace(" In ", " in ")
        assert f"**{shown}**" in guide, f"docs/operations.md does not list {shown}"


async def test_the_invite_link_is_logged_once_logged_in(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    bot = table.bot
    assert bot.application_id is not None
    with caplog.at_level(logging.INFO, logger="bot.chat.client"):
        await bot.setup_hook()
    logged = [r.getMessage() for r in caplog.records if "invite" in r.getMessage()]
    assert logged == [
        f"invite the bot to a server (permissions 274877959168): {invite_url(bot.application_id)}"
    ]


async def test_one_process_holds_several_shards_and_plays_across_them(
    bot_factory: Callable[..., Parlor], settings: Settings
) -> None:
    """An ``AutoShardedBot`` holding shards 0 and 1 of 2: a match in a server of shard 1, its
    hands played by DM (Discord sends those to shard 0). Each shard's bucket waits its turn to
    identify, through the storage."""
    bot = bot_factory(dataclasses.replace(settings, shard_count=2))
    async with simcord.run(bot) as env:
        guild = env.create_guild("Far", shard_id=1)
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        table = Table(env, guild, channel, alice, bob, guild.add_member(env.create_user("c")))
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        await open_match(table)
        await end_turn(alice.user)
        await end_turn(bob.user)
        live = await bot.matches.live(1)
        assert live.match.view(None).turn == 2

        limits = SimpleNamespace(max_concurrency=2)  # a bucket each: neither waits
        bot.fetch_session_start_limits = AsyncMock(return_value=limits)  # type: ignore[method-assign]
        for shard in (0, 1):
            await bot.before_identify_hook(shard, initial=shard == 0)
