"""Moves as slash commands, for any ruleset: each maps onto the legal actions by kind and fills
their parameters by name, so ``/play`` plays a lanes card to a location or a fanfare card at a
target, with no code for either."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import Parlor

Interaction = discord.Interaction[Any]
Choices = list[app_commands.Choice[str]]


class PlayCog(commands.Cog):
    def __init__(self, bot: Parlor) -> None:
        self.bot = bot

    @app_commands.command(name="play")
    @app_commands.guild_only()
    async def play(
        self,
        interaction: Interaction,
        card: str,
        location: str | None = None,
        target: str | None = None,
    ) -> None:
        """Play a card from your hand.

        Args:
            card: The card to play (the list shows what you can play now).
            location: Where to play it, if the game asks for a location.
            target: What it targets, if the game asks for a target.
        """
        typed = {"location": location, "target": target}
        await self.bot.frontend.act_by_kind(interaction, ("play",), card, typed)

    @play.autocomplete("card")
    async def _cards(self, interaction: Interaction, current: str) -> Choices:
        return await self.bot.frontend.spec_choices(interaction, current, ("play",))

    @play.autocomplete("location")
    async def _locations(self, interaction: Interaction, current: str) -> Choices:
        return await self.bot.frontend.param_choices(interaction, current, "location", "card")

    @play.autocomplete("target")
    async def _targets(self, interaction: Interaction, current: str) -> Choices:
        return await self.bot.frontend.param_choices(interaction, current, "target", "card")

    @app_commands.command(name="act")
    @app_commands.guild_only()
    async def act(self, interaction: Interaction, action: str) -> None:
        """Make any move the game allows you now (its options are asked for next).

        Args:
            action: The move (the list shows what you can do now).
        """
        await self.bot.frontend.act_by_kind(interaction, None, action)

    @act.autocomplete("action")
    async def _actions(self, interaction: Interaction, current: str) -> Choices:
        return await self.bot.frontend.spec_choices(interaction, current, None)

    @app_commands.command(name="end")
    @app_commands.guild_only()
    async def end(self, interaction: Interaction) -> None:
        """End your turn with what you have staged."""
        await self.bot.frontend.act_by_kind(interaction, ("end_turn",))

    @app_commands.command(name="snap")
    @app_commands.guild_only()
    async def snap(self, interaction: Interaction) -> None:
        """Snap: double the stakes when this turn ends."""
        await self.bot.frontend.act_by_kind(interaction, ("snap",))

    @app_commands.command(name="retreat")
    @app_commands.guild_only()
    async def retreat(self, interaction: Interaction) -> None:
        """Give up the match now, losing the current stakes (you are asked to confirm)."""
        await self.bot.frontend.give_up(interaction)

    @app_commands.command(name="hand")
    @app_commands.guild_only()
    async def hand(self, interaction: Interaction) -> None:
        """Show your hand and moves here; only you see it."""
        await self.bot.frontend.hand(interaction)

    @app_commands.command(name="board")
    @app_commands.guild_only()
    async def board(self, interaction: Interaction) -> None:
        """Show the board as everyone sees it now; only you see this copy."""
        await self.bot.frontend.board(interaction)


async def setup(bot: Parlor) -> None:
    await bot.add_cog(PlayCog(bot))
