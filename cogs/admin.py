"""``/parlor``: a server's defaults and open matches, for those who may manage the server."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.client import Parlor
from bot.table.guilds import Change

from .match import FORFEITS, TIMERS

Interaction = discord.Interaction[Any]


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class AdminCog(
    commands.GroupCog, group_name="parlor", group_description="Set up Parlor in this server"
):
    def __init__(self, bot: Parlor) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="settings")
    @app_commands.choices(turn_limit=TIMERS, forfeit_after=FORFEITS)
    async def settings(
        self,
        interaction: Interaction,
        turn_limit: app_commands.Choice[int] | None = None,
        forfeit_after: app_commands.Choice[int] | None = None,
        step_pacing: app_commands.Range[float, 0.0, 30.0] | None = None,
        offer: str | None = None,
        withdraw: str | None = None,
        defaults: bool = False,
    ) -> None:
        """Show this server's defaults for new matches, or change those you give.

        Args:
            turn_limit: How long each turn may take, unless /match new says otherwise.
            forfeit_after: When a player who misses turns forfeits, unless /match new says.
            step_pacing: Seconds between the pictures of a reveal in the channel.
            offer: Offer this game in this server again.
            withdraw: Stop offering this game in this server (matches already open go on).
            defaults: Go back to the bot's defaults first (every game offered).
        """
        change = Change(
            turn_limit.value if turn_limit else None,
            forfeit_after.value if forfeit_after else None,
            step_pacing,
            offer,
            withdraw,
            reset=defaults,
        )
        await self.bot.admin.settings(interaction, change)

    @settings.autocomplete("offer")
    async def _offer(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return self.bot.admin.ruleset_choices(current)

    @settings.autocomplete("withdraw")
    async def _withdraw(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return self.bot.admin.ruleset_choices(current)

    @app_commands.command(name="matches")
    async def matches(self, interaction: Interaction) -> None:
        """List this server's lobbies and running matches: turn, who is to play, links."""
        await self.bot.admin.matches(interaction)


async def setup(bot: Parlor) -> None:
    await bot.add_cog(AdminCog(bot))
