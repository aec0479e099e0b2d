"""``/language``: the language of the bot's DMs to you."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.client import Parlor
from bot.chat.language_desk import AUTOMATIC

Interaction = discord.Interaction[Any]

LANGUAGES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="日本語", value="ja"),
]
"""The languages a match or a user's DMs can be in, each by its own name."""


class LanguageCog(commands.Cog):
    def __init__(self, bot: Parlor) -> None:
        self.bot = bot

    @app_commands.command(name="language")
    @app_commands.choices(
        choice=[*LANGUAGES, app_commands.Choice(name="automatic", value=AUTOMATIC)]
    )
    async def language(self, interaction: Interaction, choice: app_commands.Choice[str]) -> None:
        """Choose the language of my DMs to you (automatic: your Discord language).

        Args:
            choice: English, Japanese, or automatic (your Discord language, as last seen).
        """
        await self.bot.language.choose(interaction, choice.value)


async def setup(bot: Parlor) -> None:
    await bot.add_cog(LanguageCog(bot))
