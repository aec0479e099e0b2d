"""``/language``: the language of the DMs the bot sends a user (``docs/i18n.md``)."""

from __future__ import annotations

from ..table.errors import UserError
from ..texts import is_language, language_reply, no_such_language
from .answers import Answers, Interaction

__all__ = ["AUTOMATIC", "LanguageDesk"]

AUTOMATIC = "auto"
"""The choice that gives a user's DMs their Discord language again."""


class LanguageDesk:
    def __init__(self, answers: Answers) -> None:
        self.answer = answers.answer
        self.languages = answers.languages

    async def choose(self, interaction: Interaction, choice: str) -> None:
        """A language for the user's DMs, or ``AUTOMATIC``: their Discord language's. The
        answer, theirs alone, is in the interaction's language, as every answer is."""

        async def work() -> None:
            chosen = None if choice == AUTOMATIC else choice
            if chosen is not None and not is_language(chosen):
                raise UserError(no_such_language(choice))
            now = await self.languages.choose(interaction.user.id, chosen)
            await interaction.response.send_message(language_reply(chosen, now), ephemeral=True)

        await self.answer(interaction, work)
