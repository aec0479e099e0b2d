"""``/rules`` and ``/card``: learn a game, and look a card up, for any ruleset."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.client import Parlor
from rules.registry import RULESETS

Interaction = discord.Interaction[Any]
Choices = list[app_commands.Choice[str]]


def _games() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name, value=name) for name in sorted(RULESETS)]


class LearnCog(commands.Cog):
    def __init__(self, bot: Parlor) -> None:
        self.bot = bot

    @app_commands.command(name="rules")
    @app_commands.choices(game=_games())
    async def rules(self, interaction: Interaction, game: app_commands.Choice[str]) -> None:
        """Explain a game's rules and keywords, page by page; only you see it.

        Args:
            game: The game to learn.
        """
        await self.bot.frontend.guide.rules(interaction, game.value)

    @app_commands.command(name="card")
    async def card(self, interaction: Interaction, name: str) -> None:
        """Show a card, its rules text and its keywords explained; only you see it.

        Args:
            name: The card (the list shows the cards of this channel's game, or of every game).
        """
        await self.bot.frontend.guide.card(interaction, name)

    @card.autocomplete("name")
    async def _cards(self, interaction: Interaction, current: str) -> Choices:
        return await self.bot.frontend.guide.card_choices(interaction, current)


async def setup(bot: Parlor) -> None:
    await bot.add_cog(LearnCog(bot))
