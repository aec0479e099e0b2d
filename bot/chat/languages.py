"""Whose language the bot writes in (``docs/i18n.md``, "Whose language").

- An interaction's answers (ephemeral replies, the edit of the message clicked) are in the
  interaction's own locale: :meth:`Languages.answering` speaks it for the interaction's work,
  and notes it as the user's last seen locale.
- A DM the bot sends unasked (a table, a reminder) is in the user's language for DMs
  (:meth:`Languages.dm`): the one they chose with ``/language``, else that of the locale they
  were last seen with, else English.
- A match's channel posts are in the match's language, which the presenter and the lobby desk
  speak around them.

A user's locale is written only when it changes: each process remembers what it last read or
wrote of the users it saw most recently (with several processes, one may go on using a DM
language another process has just seen change, until it sees the user itself).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from ..table.storage import Storage, UserLanguage
from ..texts import language_of, speaking

__all__ = ["REMEMBERED", "Languages", "match_language"]

log = logging.getLogger(__name__)

REMEMBERED = 10_000
"""Users whose languages a process keeps in memory, the most recently seen."""


class Languages:
    def __init__(self, storage: Storage, remembered: int = REMEMBERED) -> None:
        self.storage = storage
        self.remembered = remembered
        self._known: OrderedDict[int, UserLanguage] = OrderedDict()
        self.writes = 0
        """How many times a user's locale was written (each a change)."""

    async def _of(self, user_id: int) -> UserLanguage:
        known = self._known.get(user_id)
        if known is None:
            known = await self.storage.user_language(user_id)
            self._keep(user_id, known)
        else:
            self._known.move_to_end(user_id)
        return known

    def _keep(self, user_id: int, known: UserLanguage) -> None:
        self._known[user_id] = known
        self._known.move_to_end(user_id)
        while len(self._known) > self.remembered:
            self._known.popitem(last=False)

    async def seen(self, user_id: int, locale: str) -> None:
        """The Discord locale a user was just seen with: stored if it changed."""
        known = await self._of(user_id)
        if known.locale == locale:
            return
        await self.storage.note_locale(user_id, locale)
        self.writes += 1
        self._keep(user_id, UserLanguage(locale, known.chosen))

    async def dm(self, user_id: int) -> str:
        """The language of the DMs the bot sends a user: chosen, else their last seen locale's."""
        known = await self._of(user_id)
        return known.chosen or language_of(known.locale)

    async def choose(self, user_id: int, chosen: str | None) -> str:
        """A user's choice for their DMs (None: their locale's again); the language they now
        get DMs in."""
        known = await self._of(user_id)
        await self.storage.choose_language(user_id, chosen)
        self._keep(user_id, UserLanguage(known.locale, chosen))
        return await self.dm(user_id)

    @asynccontextmanager
    async def answering(self, interaction: discord.Interaction[Any]) -> AsyncIterator[None]:
        """Speak an interaction's locale while answering it, once it is noted as its user's
        last seen one."""
        locale = str(interaction.locale.value)
        try:
            await self.seen(interaction.user.id, locale)
        except Exception:  # the answer matters more than remembering the locale
            log.exception("could not note user %d's locale", interaction.user.id)
        with speaking(language_of(locale)):
            yield


def match_language(interaction: discord.Interaction[Any], chosen: str | None) -> str:
    """A new match's language: the one chosen at ``/match new``, else the server's preferred
    locale's (Discord gives it for a server's interactions), else the creator's."""
    if chosen is not None:
        return chosen
    return language_of(interaction.guild_locale or interaction.locale)
