"""How the tests play: find a player's hand, choose from its controls or type slash commands,
open matches, and read what the bot posted (pictures included)."""

from __future__ import annotations

import io
import random
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import simcord
from PIL import Image

from .conftest import Table

PNG = b"\x89PNG\r\n\x1a\n"


def controls(message: Any) -> list[Any]:
    message = getattr(message, "message", message)  # a simcord ResponseMessage
    found = []
    for row in message.components:
        found.extend(getattr(row, "children", [row]))
    return found


def find(message: Any, op: str, label: str | None = None) -> list[Any]:
    """The controls of a message whose custom id has this op (and label)."""
    return [
        c
        for c in controls(message)
        if f":{op}" in (getattr(c, "custom_id", "") or "")
        and (label is None or getattr(c, "label", None) == label)
    ]


def said(result: Any) -> str:
    """What an interaction was answered with, ephemerally: a deferred click's answer is a
    follow-up, a command's is its response."""
    if result.followups:
        message = result.followups[-1]
        assert message.ephemeral
        return str(message.content)
    assert result.ephemeral
    return str(result.response.content)


def dms(user: simcord.UserHandle | simcord.MemberActor) -> list[discord.Message]:
    handle = user.user if isinstance(user, simcord.MemberActor) else user
    return handle.dm_channel.history()


def hand_message(user: simcord.UserHandle | simcord.MemberActor) -> discord.Message:
    """The player's latest DM with controls (their hand)."""
    messages = [m for m in dms(user) if m.components]
    assert messages, "no hand message with controls in the DMs"
    return messages[-1]


def images(env: simcord.Env, message: Any) -> list[bytes]:
    found = []
    for attachment in message.attachments:
        data = env.backend.cdn.get(attachment.url)
        assert data is not None
        found.append(data)
    return found


def assert_png(data: bytes) -> None:
    assert data.startswith(PNG)
    with Image.open(io.BytesIO(data)) as image:
        image.verify()


async def open_match(table: Table, **options: Any) -> discord.Message:
    """Alice opens a lanes match, Bob joins, Alice starts it. Returns the lobby message."""
    result = await table.alice.slash(table.channel, "match new", ruleset="lanes", **options)
    assert result.response is not None, result
    lobby = result.response
    await table.bob.click(lobby, label="Join")
    await table.alice.click(lobby, label="Start")
    return lobby.message


async def play_card(user: simcord.UserHandle, rng: random.Random) -> bool:
    """Play a random playable card from the DM hand at a random location; False if none."""
    message = hand_message(user)
    picks = [
        c for c in find(message, "pick") if any(o.label.startswith("Play ") for o in c.options)
    ]
    if not picks:
        return False
    select = picks[0]
    option = rng.choice([o for o in select.options if o.label.startswith("Play ")])
    await user.select(message, [option.value], custom_id=select.custom_id)
    message = hand_message(user)
    where = [c for c in find(message, "do") if c.label != "Back"]
    await user.click(message, custom_id=rng.choice(where).custom_id)
    return True


async def click_stale(
    actor: simcord.UserHandle | simcord.MemberActor, message: Any, custom_id: str
) -> Any:
    """Click a control the message no longer shows, as a client still showing an older copy
    does (a double click, say). simcord's public verbs refuse that, so this uses its internals."""
    from simcord.actors import _component_interaction, _visible_message

    stored = _visible_message(actor, message)
    return await _component_interaction(
        actor, stored, {"custom_id": custom_id, "component_type": 2}
    )


async def end_turn(user: simcord.UserHandle) -> Any:
    return await user.click(hand_message(user), label="End turn")


async def slash_play(table: Table, member: simcord.MemberActor, rng: random.Random) -> Any:
    """Play a random card with ``/play``, both options chosen through autocomplete."""
    cards = await member.autocomplete(table.channel, "play", "card", "")
    if not cards:
        return None
    card = rng.choice(cards)["value"]
    places = await member.autocomplete(table.channel, "play", "location", "", card=card)
    assert places, "a playable card has somewhere to go"
    return await member.slash(
        table.channel, "play", card=card, location=rng.choice(places)["value"]
    )


Move = Callable[[int], Awaitable[None]]


def seat_user(table: Table, seat: int) -> simcord.MemberActor:
    return (table.alice, table.bob)[seat]


async def play_out(table: Table, move: Move, match_id: int = 1, limit: int = 200) -> None:
    """Let ``move`` act for each seat the match waits on, until it is over."""
    matches = table.bot.matches
    for _ in range(limit):
        live = await matches.live(match_id)
        if live.match.over:
            return
        for seat in live.match.pending():
            await move(seat)
    raise AssertionError("the match did not end")


def dm_player(table: Table, rng: random.Random, p: float = 0.8) -> Move:
    """Each seat plays a card now and then, then ends its turn, all through its DMs."""

    async def move(seat: int) -> None:
        user = seat_user(table, seat).user
        if rng.random() < p:
            await play_card(user, rng)
        await end_turn(user)

    return move
