"""How the tests play: find a player's hand message, choose from its controls, start matches."""

from __future__ import annotations

import random
from typing import Any

import discord
import simcord

from .conftest import Table


def controls(message: Any) -> list[discord.Component]:
    found = []
    for row in message.components:
        found.extend(getattr(row, "children", [row]))
    return found


def hand_message(user: simcord.UserHandle | simcord.MemberActor) -> discord.Message:
    """The player's latest DM with controls (their hand)."""
    handle = user.user if isinstance(user, simcord.MemberActor) else user
    messages = [m for m in handle.dm_channel.history() if m.components]
    assert messages, f"{handle.name} has no hand message"
    return messages[-1]


def find(message: Any, op: str, label: str | None = None) -> list[Any]:
    return [
        c
        for c in controls(message)
        if getattr(c, "custom_id", "")
        and f":{op}" in c.custom_id
        and (label is None or getattr(c, "label", None) == label)
    ]


async def open_match(table: Table, **options: Any) -> discord.Message:
    """Alice opens a lanes match, Bob joins, Alice starts it. Returns the lobby message."""
    result = await table.alice.slash(table.channel, "match new", ruleset="lanes", **options)
    assert result.response is not None
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


async def end_turn(user: simcord.UserHandle) -> Any:
    message = hand_message(user)
    return await user.click(message, label="End turn")


def bot_of(table: Table) -> Any:
    return table.env.bot
