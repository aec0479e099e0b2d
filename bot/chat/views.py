"""Discord objects built from the bot's values: views (components), embeds and files.

Every interactive component is a :class:`Control`, a ``DynamicItem`` whose custom id carries
the match id and the seat's state version (``bot.chat.controls``). Registered once at start-up,
it answers clicks on any message the bot ever sent, across restarts, with no view kept in
memory.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any, Protocol

import discord

from rules.ai import STRENGTHS

from ..table.lobby import Lobby
from ..table.service import Status
from ..texts import (
    cancel_label,
    card_footer,
    cpu_option,
    cpu_placeholder,
    deck_placeholder,
    fill_cpu_option,
    howto_label,
    join_label,
    lobby_text,
    my_hand_label,
    rematch_label,
    remove_cpu_option,
    speaking,
    start_label,
    status_text,
)
from .controls import CUSTOM_ID, Button, ControlId, Menu, Select, SelectOption, page_control

__all__ = [
    "FILL_CPU",
    "REMOVE_CPU",
    "Control",
    "board_view",
    "card_embed",
    "lobby_embed",
    "lobby_message",
    "lobby_view",
    "menu_view",
    "open_dm",
    "png",
    "result_view",
    "rules_embed",
    "status_embed",
    "text_file",
]

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
COLOUR = discord.Colour(0x5865F2)
REMOVE_CPU = "remove"
"""The CPU menu's value that takes the last CPU player out."""
FILL_CPU = "fill:"
"""The CPU menu's values that fill every open seat: ``fill:normal``."""


class ControlHandler(Protocol):
    async def control(
        self, interaction: discord.Interaction[Any], cid: ControlId | None, values: Sequence[str]
    ) -> None: ...


class Control(discord.ui.DynamicItem[discord.ui.Item[Any]], template=CUSTOM_ID):
    """Any button or select the bot sent; its custom id says what it does."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Control:
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        handler: ControlHandler | None = getattr(interaction.client, "frontend", None)
        if handler is None:
            return
        values = getattr(self.item, "values", None) or []
        cid = ControlId.parse(self.custom_id)  # None: refused as not one of the bot's
        await handler.control(interaction, cid, [str(v) for v in values])


def _button(button: Button) -> Control:
    return Control(
        discord.ui.Button(
            label=button.label, custom_id=button.custom_id, style=STYLES[button.style]
        )
    )


def _select(select: Select) -> Control:
    return Control(
        discord.ui.Select(
            custom_id=select.custom_id,
            placeholder=select.placeholder,
            min_values=select.min_values,
            max_values=select.max_values,
            options=[
                discord.SelectOption(
                    label=o.label, value=o.value, description=o.description or None
                )
                for o in select.options
            ],
        )
    )


def menu_view(menu: Menu) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for row, entry in enumerate(menu.rows):
        if isinstance(entry, Select):
            item = _select(entry)
            item.row = row
            view.add_item(item)
        else:
            for button in entry:
                item = _button(button)
                item.row = row
                view.add_item(item)
    return view


def lobby_view(lobby: Lobby) -> discord.ui.View:
    """Join, Start, Cancel, the deck menu and the CPU menu (its creator's: a CPU player at a
    strength, or the last one out); no controls once the lobby is closed. A rematch has neither
    Start (the last to confirm starts it) nor the deck and CPU menus (its players are set)."""
    if lobby.row.status != "lobby":
        return discord.ui.View(timeout=None)
    mid = lobby.row.id
    rematch = lobby.rematch_of is not None
    join = Button(join_label(), ControlId(mid, None, "join").encode(), "primary")
    start = Button(start_label(), ControlId(mid, None, "start").encode(), "success")
    cancel = Button(cancel_label(), ControlId(mid, None, "cancel").encode(), "danger")
    howto = Button(howto_label(), page_control(lobby.row.ruleset, 0, "howto", mid).encode())
    rows: list[Any] = [(join, cancel, howto) if rematch else (join, start, cancel, howto)]
    if lobby.decks and not rematch:
        rows.append(
            Select(
                ControlId(mid, None, "deck").encode(),
                deck_placeholder(),
                tuple(
                    SelectOption(d.name[:100], d.id[:100], d.blurb[:100]) for d in lobby.decks[:25]
                ),
            )
        )
    cpus = _cpu_options(lobby) if lobby.cpus else ()
    if cpus and not rematch:
        rows.append(Select(ControlId(mid, None, "cpu").encode(), cpu_placeholder(), cpus))
    return menu_view(Menu("", tuple(rows)))


def _cpu_options(lobby: Lobby) -> tuple[SelectOption, ...]:
    """A CPU at each strength while a seat is free; taking the last one out once one sits."""
    options = []
    if len(lobby.players) < lobby.max_seats:
        for strength in STRENGTHS:
            label, about = cpu_option(strength)
            options.append(SelectOption(label, strength, about))
    if lobby.row.seats is not None and len(lobby.players) + 1 < lobby.max_seats:
        for strength in STRENGTHS:  # a table for N players: fill it at once
            label, about = fill_cpu_option(strength)
            options.append(SelectOption(label, FILL_CPU + strength, about))
    if any(p.cpu is not None for p in lobby.players):
        label, about = remove_cpu_option()
        options.append(SelectOption(label, REMOVE_CPU, about))
    return tuple(options)


def result_view(match_id: int) -> discord.ui.View:
    """Under a match's result: Rematch, the same match again with the seats rotated."""
    rematch = Button(rematch_label(), ControlId(match_id, None, "rematch").encode(), "primary")
    return menu_view(Menu("", ((rematch,),)))


def board_view(match_id: int) -> discord.ui.View:
    hand = Button(my_hand_label(), ControlId(match_id, None, "hand").encode())
    return menu_view(Menu("", ((hand,),)))


def lobby_embed(lobby: Lobby) -> discord.Embed:
    title, lines = lobby_text(lobby)
    return discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)


def lobby_message(lobby: Lobby, *, controls: bool = True) -> dict[str, Any]:
    """The lobby's message (its embed, and its controls unless not ``controls``): the match's
    post, so in the match's language whoever made it change."""
    with speaking(lobby.row.language):
        parts: dict[str, Any] = {"embed": lobby_embed(lobby)}
        parts["view"] = lobby_view(lobby) if controls else None
    return parts


def rules_embed(title: str, text: str, footer: str) -> discord.Embed:
    embed = discord.Embed(title=title, description=text, colour=COLOUR)
    embed.set_footer(text=footer)
    return embed


def card_embed(title: str, description: str, fields: Sequence[tuple[str, str]]) -> discord.Embed:
    embed = discord.Embed(title=title, description=description, colour=COLOUR)
    for name, value in fields:
        embed.add_field(name=name, value=value, inline=False)
    embed.set_image(url="attachment://card.png")
    embed.set_footer(text=card_footer())
    return embed


def listing_embed(title: str, lines: Sequence[str]) -> discord.Embed:
    """An embed of lines under a title (``/parlor settings``, ``/parlor matches``)."""
    return discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)


def status_embed(status: Status) -> discord.Embed:
    title, lines = status_text(status)
    return discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)


class Upload(discord.File):
    """A file whose attachment entry names its upload by a string id, as Discord's API schema
    has snowflakes (discord.py writes the index as a number, which Discord also accepts)."""

    def to_dict(self, index: int) -> dict[str, Any]:
        payload = super().to_dict(index)
        payload["id"] = str(index)
        return payload


def png(data: bytes, name: str) -> discord.File:
    return Upload(io.BytesIO(data), filename=name)


def text_file(text: str, name: str) -> discord.File:
    return Upload(io.BytesIO(text.encode()), filename=name)


async def open_dm(client: discord.Client, user_id: int) -> int:
    """Open (or find) the DM channel with a user; its id. The recipient goes as a string, as
    Discord's API schema has it."""
    data = await client.http.start_private_message(str(user_id))
    return int(data["id"])
