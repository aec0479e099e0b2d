"""Learning the games: ``/rules``, the lobby's "How to play", and ``/card``.

The texts come from each ruleset's guide (``rules.guide``, ``data/<ruleset>/guide.toml``) and
card pool; a card's picture is its ruleset's hand row (``rendering.card_png``), drawn off the
event loop. Rules pages turn with Previous/Next controls (``bot.chat.controls``: the ``rules`` and
``howto`` ops), which work across restarts like every other control. Answers go through the
frontend's :meth:`~bot.frontend.Frontend.answer`, in one place.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands

from rules.guide import Guide, shipped_guide
from rules.registry import RULESETS

from ..table.errors import UserError
from ..table.games import Games
from ..table.storage import Storage
from ..texts import (
    PAGE_LIMIT,
    card_lines,
    no_card_called,
    no_game_to_explain,
    no_page,
    rules_page,
    several_cards_called,
    spoken,
)
from ..texts.language import language_of
from .answers import Answers
from .controls import ControlId, cut, pages_menu, parse_page
from .presenter import Presenter
from .views import card_embed, menu_view, png, rules_embed

__all__ = ["GuideDesk"]

Interaction = discord.Interaction[Any]
SEPARATOR = ":"


class GuideDesk:
    def __init__(
        self, answers: Answers, games: Games, storage: Storage, presenter: Presenter
    ) -> None:
        self.answer = answers.answer
        self.games = games
        self.storage = storage
        self.presenter = presenter

    # -- rules pages --------------------------------------------------------------------------

    async def rules(self, interaction: Interaction, game: str) -> None:
        async def work() -> None:
            await self._send_page(interaction, game, 0)

        await self.answer(interaction, work)

    async def control(self, interaction: Interaction, cid: ControlId) -> None:
        """A rules page's Previous/Next (the page replaces this one) or the lobby's How to play
        (the first page, to the clicker alone)."""
        try:
            ruleset, page = parse_page(cid.arg)
        except ValueError:
            raise UserError(no_page()) from None
        if cid.op == "howto":
            await self._send_page(interaction, ruleset, page)
            return
        embed, view = await self._page(ruleset, page)
        await interaction.response.edit_message(embed=embed, view=view)

    async def _send_page(self, interaction: Interaction, ruleset: str, page: int) -> None:
        embed, view = await self._page(ruleset, page)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    async def _page(self, ruleset: str, page: int) -> tuple[discord.Embed, discord.ui.View]:
        pages = (await _guide(ruleset, spoken())).reading(PAGE_LIMIT)
        page = max(0, min(page, len(pages) - 1))
        embed = rules_embed(*rules_page(ruleset, pages[page], page, len(pages)))
        return embed, menu_view(pages_menu(ruleset, page, len(pages)))

    # -- cards --------------------------------------------------------------------------------

    async def card(self, interaction: Interaction, name: str) -> None:
        async def work() -> None:
            rulesets = await self._rulesets(interaction)
            ruleset, card = self._find(rulesets, name)
            await interaction.response.defer(ephemeral=True, thinking=True)
            language = spoken()  # the asker's: the card belongs to no match
            guide = await _guide(ruleset, language)
            paint = self.presenter.renderer.card_png
            data = await self.presenter.draw(paint, ruleset, card, language=language)
            rules = self.games.get(ruleset)
            text = rules.card_text(card, language)
            parts = card_lines(
                ruleset,
                rules.card_name(card.name, language),
                rules.card_summary(card, language),
                text,
                card.token,
                guide.keywords_in(text),
            )
            await interaction.followup.send(
                embed=card_embed(*parts), file=png(data, "card.png"), ephemeral=True
            )

        await self.answer(interaction, work)

    async def card_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Cards whose name holds what was typed (in English or in the asker's language): of the
        channel's match's ruleset while one is open there, else of every ruleset; each named in
        the asker's language, with its ruleset."""
        language = language_of(interaction.locale)
        wanted = current.lower().strip()
        found = []
        for ruleset in await self._rulesets(interaction):
            rules = self.games.get(ruleset)
            for card in self.games.cards(ruleset).values():
                name = rules.card_name(card.name, language)
                if wanted in card.name.lower() or wanted in name.lower():
                    summary = rules.card_summary(card, language)
                    label = cut(f"{name} ({ruleset}, {summary})", 100)
                    found.append(app_commands.Choice(name=label, value=_value(ruleset, card.id)))
        found.sort(key=lambda c: (not c.name.lower().startswith(wanted), c.name))
        return found[:25]

    async def _rulesets(self, interaction: Interaction) -> list[str]:
        """The channel's open match's ruleset, or every ruleset with a guide."""
        offered = [n for n in self.games.names if n in RULESETS]
        if interaction.guild is not None and interaction.channel_id is not None:
            row = await self.storage.open_match_in(interaction.channel_id)
            if row is not None and row.ruleset in offered:
                return [row.ruleset]
        return offered

    def _find(self, rulesets: list[str], typed: str) -> tuple[str, Any]:
        """The card a ``/card name:`` value stands for: an autocomplete value, or a name."""
        ruleset, sep, card_id = typed.partition(SEPARATOR)
        if sep and ruleset in self.games.names and card_id in self.games.cards(ruleset):
            return ruleset, self.games.cards(ruleset)[card_id]
        wanted = " ".join(typed.lower().split())
        language = spoken()
        named = [
            (r, c)
            for r in rulesets
            for c in self.games.cards(r).values()
            if wanted in (c.name.lower(), c.id, self.games.get(r).card_name(c.name, language))
        ]
        if len(named) == 1:
            return named[0]
        raise UserError(several_cards_called(typed) if named else no_card_called(typed))


def _value(ruleset: str, card_id: str) -> str:
    return f"{ruleset}{SEPARATOR}{card_id}"


async def _guide(ruleset: str, language: str) -> Guide:
    """A ruleset's guide in a language (read from its file once, in a thread)."""
    try:
        return await asyncio.to_thread(shipped_guide, ruleset, language)
    except KeyError:
        raise UserError(no_game_to_explain(ruleset)) from None
