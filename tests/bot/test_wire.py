"""The bot's real presenter, through real discord.py HTTP, against a loopback Discord that
checks the wire format (``wire.LoopbackDiscord``): board pictures go up as multipart uploads,
hands as messages with components, and every body validates against Discord's OpenAPI spec."""

from __future__ import annotations

import time
from pathlib import Path

import discord
import pytest

import rendering
from bot.chat.book import MessageBook
from bot.chat.presenter import Presenter
from bot.table.games import Games
from bot.table.lobby import LobbyService
from bot.table.scheduler import Scheduler
from bot.table.service import MatchService
from bot.table.storage import Storage
from rules.engine import Action

from .openapi import spec_or_skip
from .players import assert_png
from .wire import LoopbackDiscord

CHANNEL, ALICE, BOB = 500, 601, 602


async def test_boards_and_hands_cross_the_wire_in_discords_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    discord_double = LoopbackDiscord(spec_or_skip())
    monkeypatch.setattr(discord.http.Route, "BASE", await discord_double.start())
    client = discord.Client(intents=discord.Intents.none())
    storage = await Storage.open(tmp_path / "parlor.db")
    scheduler = Scheduler(storage, time.time)
    try:
        await client.login("not-a-token")
        presenter = Presenter(client, rendering, MessageBook(storage), step_delay=0)
        games = Games()
        matches = MatchService(storage, games, presenter, scheduler, now=time.time)
        lobbies = LobbyService(storage, games, matches)
        lobby = await lobbies.open(
            guild_id=1, channel_id=CHANNEL, user_id=ALICE, name="alice", ruleset="lanes"
        )
        await lobbies.join(lobby.row.id, BOB, "bob")
        await lobbies.start(lobby.row.id, ALICE)
        await presenter.idle()
        await matches.act(lobby.row.id, ALICE, Action("end_turn"))
        await matches.act(lobby.row.id, BOB, Action("end_turn"))  # a reveal, step by step
        await presenter.idle()
    finally:
        scheduler.close()
        await storage.close()
        await client.close()
        await discord_double.close()

    assert discord_double.problems == []
    board_posts = [
        s
        for s in discord_double.seen
        if s.method == "POST" and s.path == f"/channels/{CHANNEL}/messages"
    ]
    assert board_posts and all(s.multipart for s in board_posts)
    for seen in board_posts:
        assert_png(seen.files["board.png"])
        assert (
            not seen.body.get("embeds") and seen.body["attachments"][0]["filename"] == "board.png"
        )
    edits = [
        s for s in discord_double.seen if s.method == "PATCH" and f"/channels/{CHANNEL}/" in s.path
    ]
    assert edits and all(s.multipart and "board.png" in s.files for s in edits)
    hands = [
        s
        for s in discord_double.seen
        if s.method == "POST" and s.path.endswith("/messages") and f"/{CHANNEL}/" not in s.path
    ]
    assert len(hands) >= 4  # two hands at the start, two for turn 2
    for seen in hands:
        assert seen.body["components"] and seen.body["components"][0]["type"] == 1
        assert_png(seen.files["table.png"])
    assert {s.path for s in discord_double.seen if s.path == "/users/@me/channels"}
