"""Moves as slash commands, for any ruleset: ``/act`` names any listed action and ``/play`` one
made with a card; whatever the action still needs (where, at what) is asked next with the same
menus as in the hand, so no command or option belongs to one ruleset."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.client import Parlor

Interaction = discord.Interaction[Any]
Choices = list[app_commands.Choice[str]]


class PlayCog(commands.Cog):
    def __init__(self, bot: Parlor) -> None:
        self.bot = bot

    @app_commands.command(name="play")
    @app_commands.guild_only()
    async def play(self, interaction: Interaction, card: str) -> None:
        """Do something with one of your cards; any further choice is asked next.

        Args:
            card: The card and what to do with it (the list shows what you can do now).
        """
        await self.bot.frontend.make_move(interaction, card, with_card=True)

    @play.autocomplete("card")
    async def _cards(self, interaction: Interaction, current: str) -> Choices:
        return await self.bot.frontend.spec_choices(interaction, current, with_card=True)

    @app_commands.command(name="act")
    @app_commands.guild_only()
    async def act(self, interaction: Interaction, action: str) -> None:
        """Do anything the game allows you now; any further choice is asked next.

        Args:
            action: What to do (the list shows everything you can do now).
        """
        await self.bot.frontend.make_move(interaction, action, with_card=False)

    @act.autocomplete("action")
    async def _actions(self, interaction: Interaction, current: str) -> Choices:
        return await self.bot.frontend.spec_choices(interaction, current, with_card=False)

    @app_commands.command(name="retreat")
    @app_commands.guild_only()
    async def retreat(self, interaction: Interaction) -> None:
        """Give up the match now, as the game allows (you are asked to confirm)."""
        await self.bot.frontend.give_up(interaction)

    @app_commands.command(name="hand")
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction) -> None:
        """Show your hand and what you can do here; only you see it."""
        await self.bot.frontend.hand(interaction)

    @app_commands.command(name="board")
    @app_commands.guild_only()
    async def board(self, interaction: Interaction) -> None:
        """Show the board as everyone sees it now; only you see this copy."""
        await self.bot.frontend.board(interaction)


async def setup(bot: Parlor) -> None:
    await bot.add_cog(PlayCog(bot))
