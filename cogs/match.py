"""``/match``: open, join, start, follow and end matches."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.chat.client import Parlor
from bot.table.lobby import DEFAULT_TURN_LIMIT

from .language import LANGUAGES

Interaction = discord.Interaction[Any]

TIMERS = [
    app_commands.Choice(name="2 minutes (live)", value=120),
    app_commands.Choice(name="5 minutes (live)", value=300),
    app_commands.Choice(name="15 minutes", value=900),
    app_commands.Choice(name="1 hour", value=3600),
    app_commands.Choice(name="12 hours", value=12 * 3600),
    app_commands.Choice(name="24 hours (play by chat)", value=DEFAULT_TURN_LIMIT),
    app_commands.Choice(name="3 days", value=3 * 86400),
]

CPUS = [
    app_commands.Choice(name="easy", value="easy"),
    app_commands.Choice(name="normal", value="normal"),
    app_commands.Choice(name="hard", value="hard"),
]

FORFEITS = [
    app_commands.Choice(name="after 2 missed turns in a row", value=2),
    app_commands.Choice(name="after 3 missed turns in a row", value=3),
    app_commands.Choice(name="after 5 missed turns in a row", value=5),
    app_commands.Choice(name="never", value=0),
]


@app_commands.guild_only()
class MatchCog(
    commands.GroupCog, group_name="match", group_description="Open, join and follow matches"
):
    def __init__(self, bot: Parlor) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new")
    @app_commands.choices(timer=TIMERS, forfeit_after=FORFEITS)
    @app_commands.choices(cpu=CPUS, language=LANGUAGES)
    async def new(
        self,
        interaction: Interaction,
        ruleset: str,
        opponent: discord.Member | None = None,
        cpu: app_commands.Choice[str] | None = None,
        deck: str | None = None,
        timer: app_commands.Choice[int] | None = None,
        forfeit_after: app_commands.Choice[int] | None = None,
        seats: app_commands.Range[int, 2, 10] | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        """Open a match in this channel: a lobby that players join.

        Args:
            ruleset: The game to play.
            opponent: Reserve the other seat for this member (choose me to play the CPU).
            cpu: Play against the CPU at this strength: the match starts at once.
            deck: Your starter deck (you can change it in the lobby).
            timer: How long each turn may take (default: the server's, or 24 hours).
            forfeit_after: When a player who misses turns forfeits (default: the server's, or 3).
            seats: How many players: it starts by itself once that many have joined.
            language: What the match's posts are in (default: the server's language, else yours).
        """
        limit = timer.value if timer else None
        forfeit = forfeit_after.value if forfeit_after else None
        strength = cpu.value if cpu else None
        await self.bot.frontend.lobby.new_match(
            interaction,
            ruleset,
            opponent,
            deck,
            limit,
            forfeit,
            seats,
            cpu=strength,
            language=language.value if language else None,
        )

    @new.autocomplete("ruleset")
    async def _rulesets(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return self.bot.frontend.lobby.ruleset_choices(interaction, current)

    @new.autocomplete("deck")
    async def _new_decks(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.bot.frontend.lobby.deck_choices(interaction, current)

    @app_commands.command(name="join")
    async def join(self, interaction: Interaction, deck: str | None = None) -> None:
        """Join the match waiting for players in this channel, or change your deck.

        Args:
            deck: Your starter deck.
        """
        await self.bot.frontend.lobby.join(interaction, deck)

    @join.autocomplete("deck")
    async def _join_decks(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.bot.frontend.lobby.deck_choices(interaction, current)

    @app_commands.command(name="leave")
    async def leave(self, interaction: Interaction) -> None:
        """Leave the lobby of this channel's match (its creator closes it)."""
        await self.bot.frontend.lobby.leave(interaction)

    @app_commands.command(name="start")
    async def start(self, interaction: Interaction) -> None:
        """Start this channel's match once enough players have joined."""
        await self.bot.frontend.lobby.start(interaction)

    @app_commands.command(name="cancel")
    async def cancel(self, interaction: Interaction) -> None:
        """Cancel this channel's lobby, or end a running match (channel managers only)."""
        await self.bot.frontend.lobby.cancel(interaction)

    @app_commands.command(name="status")
    async def status(self, interaction: Interaction) -> None:
        """Show this channel's match: the turn, the score, who is to play until when, the board."""
        await self.bot.frontend.lobby.status(interaction)

    @app_commands.command(name="log")
    async def log(self, interaction: Interaction, match: int | None = None) -> None:
        """Show the public step log of this channel's match (and its record once over).

        Args:
            match: A match number from this server, if not this channel's latest.
        """
        await self.bot.frontend.lobby.log(interaction, match)

    @app_commands.command(name="help")
    async def help(self, interaction: Interaction) -> None:
        """Explain how to play matches here."""
        await self.bot.frontend.lobby.help(interaction)


async def setup(bot: Parlor) -> None:
    await bot.add_cog(MatchCog(bot))
