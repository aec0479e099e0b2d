"""Answering interactions, in one place, for every desk.

Every entry point of a desk runs its work inside :meth:`Answers.answer`, which turns a
:class:`~bot.table.errors.UserError` into an ephemeral reply, an
:class:`~bot.table.errors.Outdated` control into the player's current table, and anything
unexpected into a logged error and an apology.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from ..table.errors import Apology, Outdated, UserError
from ..table.service import MatchService
from .controls import ControlId
from .languages import Languages
from .presenter import Presenter

__all__ = ["Answers", "Interaction"]

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]


class Answers:
    def __init__(self, matches: MatchService, presenter: Presenter) -> None:
        self.matches = matches
        self.presenter = presenter
        self.languages: Languages = presenter.languages

    async def answer(self, interaction: Interaction, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work`` in the interaction's language; answer whatever goes wrong, in one
        place."""
        async with self.languages.answering(interaction):
            await self._answer(interaction, work)

    async def _answer(self, interaction: Interaction, work: Callable[[], Awaitable[None]]) -> None:
        try:
            await work()
        except Outdated as exc:
            await self._outdated(interaction, exc)
        except UserError as exc:
            await self.say(interaction, exc.message)
        except Exception:
            what, match_id = _what(interaction)
            log.exception(
                "match %s: interaction %s (%s) failed in channel %s",
                match_id if match_id is not None else "?",
                interaction.id,
                what,
                interaction.channel_id,
            )
            if match_id is not None:
                self.matches.drop(match_id)  # the next access rebuilds it from storage
            await self.say(interaction, Apology(match_id).message)

    async def say(self, interaction: Interaction, text: str) -> None:
        text = cut_message(text)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not answer interaction %s (%s)", interaction.id, exc)

    async def _outdated(self, interaction: Interaction, exc: Outdated) -> None:
        hand = await self.matches.hand(exc.match_id, exc.user_id)
        if interaction.guild is None:  # a DM: the table afresh, this one collapsed
            if not interaction.response.is_done():
                await interaction.response.defer()
            await self.presenter.send_hand(hand, new=True, note=exc.message)
            return
        parts = await self.presenter.hand_reply(hand, note=exc.message)
        if parts["view"] is None:  # no controls (a match over): none to send
            del parts["view"]
        if interaction.response.is_done():
            await interaction.followup.send(ephemeral=True, **parts)
        else:
            await interaction.response.send_message(ephemeral=True, **parts)


MESSAGE_LIMIT = 2000
"""Discord's limit on a message's text."""


def cut_message(text: str) -> str:
    """A text within a message's limit: every refusal fits, and should one not (a bug), the
    player is still told, in part, rather than not at all."""
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


def _what(interaction: Interaction) -> tuple[str, int | None]:
    """What an interaction was (a command's name, a control's id) and its match, if known."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    cid = ControlId.parse(custom_id)
    return str(data.get("name") or custom_id or interaction.type), cid.match_id if cid else None
