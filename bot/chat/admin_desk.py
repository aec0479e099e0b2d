"""The admins' side of the interaction layer: ``/parlor settings`` and ``/parlor matches``.

Both are for members who may manage the server. The command is hidden from others by its
default permissions, but a server can allow it to anyone in its Integrations settings, so the
permission is checked again here, in the server where the command runs, for every call.
Answers go through the frontend's :meth:`~bot.frontend.Frontend.answer`, as for play.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ..table.errors import UserError
from ..table.games import Games
from ..table.guilds import Change, GuildDefaults
from ..table.lobby import Lobby, LobbyService
from ..table.service import Status
from ..texts import (
    defaults_title,
    lobby_line,
    managers_only,
    matches_lines,
    open_in_server_title,
    server_defaults_lines,
    settings_in_server_only,
    status_line,
    unrestored_line,
)
from .answers import Answers
from .rights import Rights
from .views import listing_embed

__all__ = ["AdminDesk", "admin_guild"]

Interaction = discord.Interaction[Any]


class AdminDesk:
    def __init__(
        self,
        answers: Answers,
        games: Games,
        lobbies: LobbyService,
        guilds: GuildDefaults,
        rights: Rights,
    ) -> None:
        self.answer = answers.answer
        self.games = games
        self.lobbies = lobbies
        self.guilds = guilds
        self.rights = rights

    async def settings(self, interaction: Interaction, change: Change) -> None:
        """Show this server's defaults, after making the change asked for."""

        async def work() -> None:
            guild_id = admin_guild(interaction)
            if change.anything:
                defaults = await self.guilds.change(guild_id, change)
                title = defaults_title(changed=True)
            else:
                defaults = self.guilds.of(guild_id)
                title = defaults_title(changed=False)
            embed = listing_embed(title, server_defaults_lines(defaults))
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await self.answer(interaction, work)

    async def matches(self, interaction: Interaction) -> None:
        """List this server's lobbies and active matches, with links: those in channels the
        admin may see (``bot.chat.rights``: a match is seen from where it is played)."""

        async def work() -> None:
            guild_id = admin_guild(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            entries = [
                e
                for e in await self.lobbies.overview(guild_id)
                if self.rights.sees(interaction, _channel(e))
            ]
            title = open_in_server_title(len(entries))
            await interaction.followup.send(
                embed=listing_embed(title, matches_lines([_line(e) for e in entries])),
                ephemeral=True,
            )

        await self.answer(interaction, work)

    def ruleset_choices(self, current: str) -> list[app_commands.Choice[str]]:
        """Every ruleset of the bot (an admin offers or withdraws any of them)."""
        return [
            app_commands.Choice(name=n, value=n) for n in self.games.names if current.lower() in n
        ][:25]


def _channel(entry: Lobby | Status | tuple[int, str, int]) -> int:
    """The channel where a listed lobby or match is played."""
    if isinstance(entry, tuple):
        return entry[2]
    if isinstance(entry, Lobby):
        return entry.row.channel_id
    assert entry.channel_id is not None
    return entry.channel_id


def _line(entry: Lobby | Status | tuple[int, str, int]) -> str:
    """A lobby or an active match listed, or one that could not be restored."""
    if isinstance(entry, tuple):
        return unrestored_line(*entry)
    return lobby_line(entry) if isinstance(entry, Lobby) else status_line(entry)


def admin_guild(interaction: Interaction) -> int:
    """The server an admin command runs in, if its user may manage that server."""
    if interaction.guild is None:
        raise UserError(settings_in_server_only())
    allowed = interaction.permissions
    if not (allowed.manage_guild or allowed.administrator):
        raise UserError(managers_only())
    return interaction.guild.id
