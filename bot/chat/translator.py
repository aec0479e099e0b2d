"""The commands' words in every language: a discord.py ``Translator`` over the ``parlor``
catalogue, and the Babel extractor that finds those words in the cogs.

Every command, option and choice is written in English in ``cogs/`` (its name, and its
description from the docstring); that English is its message id, and where it stands is its
context (``msgctxt``): ``command`` for a command's or a group's name, ``option`` for an
option's, ``choice`` for a choice's, and ``description`` for any description, so a name, which
Discord holds to its own rules, is never confused with a word of prose. Japanese (``ja``) comes
from ``locales/ja/LC_MESSAGES/parlor.po``; both English locales (``en-US``, ``en-GB``) are the
English itself; any other locale is left to Discord, which shows the English.

``pybabel extract`` cannot read a command out of a decorator or a docstring, so ``babel.cfg``
names :func:`extract_commands` for ``cogs/``: it imports each cog module and reads its commands
as discord.py built them, the same strings the translator is later asked for.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from rules.engine.language import catalogue

from ..texts.language import DOMAIN

__all__ = ["CONTEXTS", "CommandTranslator", "extract_commands"]

CONTEXTS = {
    Where.command_name: "command",
    Where.group_name: "command",
    Where.parameter_name: "option",
    Where.choice_name: "choice",
    Where.command_description: "description",
    Where.group_description: "description",
    Where.parameter_description: "description",
}
"""The message context of each place a command's word stands."""

ENGLISH = frozenset({discord.Locale.american_english, discord.Locale.british_english})


class CommandTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The word in ``locale``: English for both English locales, the catalogue's Japanese
        for ``ja``, and None (Discord shows the English) for any other or a missing message."""
        if locale in ENGLISH:
            return string.message
        where = CONTEXTS.get(context.location)
        if locale is not discord.Locale.japanese or where is None:
            return None
        ja = catalogue(DOMAIN, "ja")
        if not ja.has(string.message, where):
            return None
        return ja.pgettext(where, string.message)


# -- extraction -----------------------------------------------------------------------------------

Found = tuple[int, str, tuple[str, str], list[str]]
"""What a Babel extractor yields: line, keyword, (context, message), comments."""

ROOT = Path(__file__).resolve().parents[2]


def extract_commands(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Found]:
    """Babel's extraction method for a cog module: every command's and group's name and
    description, every option's name and description, every choice's name, each with its
    context (``CONTEXTS``), as ``pgettext`` messages."""
    path = Path(fileobj.name).resolve().relative_to(ROOT)
    module = importlib.import_module(".".join(path.with_suffix("").parts))
    for cog in vars(module).values():
        if inspect.isclass(cog) and cog.__module__ == module.__name__:
            yield from _cog_words(cog)


def _cog_words(cog: type) -> Iterator[Found]:
    line = _line(cog)
    group = getattr(cog, "__cog_group_name__", None)
    if getattr(cog, "__cog_is_app_commands_group__", False) and group:
        yield _found(line, "command", str(group))
        yield _found(line, "description", str(cog.__cog_group_description__))  # type: ignore[attr-defined]
    for command in getattr(cog, "__cog_app_commands__", ()):
        yield from _command_words(command)


def _command_words(
    command: app_commands.Command[Any, ..., Any] | app_commands.Group,
) -> Iterator[Found]:
    line = _line(getattr(command, "callback", command))
    yield _found(line, "command", command.name)
    yield _found(line, "description", command.description)
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from _command_words(sub)
        return
    for param in command.parameters:
        yield _found(line, "option", param.name)
        yield _found(line, "description", param.description)
        for choice in param.choices:
            yield _found(line, "choice", choice.name)


def _found(line: int, context: str, message: str) -> Found:
    return line, "pgettext", (context, message), []


def _line(thing: Any) -> int:
    try:
        return inspect.getsourcelines(thing)[1]
    except (OSError, TypeError):
        return 0
