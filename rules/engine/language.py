"""Parlor's languages and their catalogues: gettext ``.po`` files, managed with Babel.

English is the source language. Every text is written in English, in the code or in the data,
and that English is its message id; a message may carry a context (``msgctxt``) where the same
English means different things, or where the id is a template's name (a card's name, a rules
text template). A catalogue is one domain in one language,
``locales/<language>/LC_MESSAGES/<domain>.po``: ``parlor`` for the bot's own words and its
commands, one domain per ruleset for its cards and rules text, ``rules`` for what the rulesets
share. English needs no catalogue: a message missing from a catalogue reads as its English.

Catalogues are read with Babel's PO reader when first asked for, once per process, so the
``.po`` files are the only copy: nothing compiled to keep in step. ``docs/i18n.md`` gives the
commands that extract, update and check them. Texts are templates with named placeholders
(``{card}``, ``{seat0}``), never pieces put together, as Japanese orders its words differently;
``tests/engine/test_language.py`` checks that every translation keeps its message's placeholders.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "LOCALES",
    "SOURCE",
    "Catalogue",
    "card_name",
    "catalogue",
    "deck_name",
    "is_language",
    "read_catalogue",
]

LANGUAGES = ("en", "ja")
"""The languages Parlor speaks, by their code: the source first."""

SOURCE = "en"

LOCALES = Path(__file__).resolve().parents[2] / "locales"
"""Where the catalogues are: ``<language>/LC_MESSAGES/<domain>.po``."""


def is_language(code: str) -> bool:
    return code in LANGUAGES


Key = tuple[str | None, str]
"""A message: its context (or none) and its English."""


@dataclass(frozen=True)
class Catalogue:
    """One domain's messages in one language; English for anything it lacks."""

    language: str
    domain: str
    messages: Mapping[Key, str | tuple[str, ...]]
    plural: Callable[[int], int]
    """Which of a plural message's forms a number takes (English: singular for 1)."""

    def gettext(self, message: str) -> str:
        return self._one((None, message))

    def pgettext(self, context: str, message: str) -> str:
        return self._one((context, message))

    def ngettext(self, singular: str, plural: str, n: int, context: str | None = None) -> str:
        forms = self.messages.get((context, singular))
        if isinstance(forms, tuple):
            return forms[min(self.plural(n), len(forms) - 1)]
        return singular if n == 1 else plural

    def has(self, message: str, context: str | None = None) -> bool:
        """Whether this catalogue translates the message (English has every message)."""
        return self.language == SOURCE or (context, message) in self.messages

    def _one(self, key: Key) -> str:
        text = self.messages.get(key)
        if isinstance(text, str):
            return text
        return key[1]


def _english(n: int) -> int:
    return 0 if n == 1 else 1


@cache
def catalogue(domain: str, language: str) -> Catalogue:
    """The domain's catalogue in that language, read once; English (or a language or domain
    without a catalogue) is the empty one, which gives back every message as it is."""
    if language not in LANGUAGES:
        raise ValueError(f"Parlor speaks {', '.join(LANGUAGES)}, not {language!r}")
    path = LOCALES / language / "LC_MESSAGES" / f"{domain}.po"
    if language == SOURCE or not path.exists():
        return Catalogue(language, domain, {}, _english)
    return read_catalogue(path, language, domain)


def _texts(value: object) -> tuple[str, ...]:
    """A message's id or string as Babel reads it (one text, or a plural's several)."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (tuple, list)):
        return tuple(str(text) for text in value)
    return ()


def read_catalogue(path: Path, language: str, domain: str) -> Catalogue:
    """A ``.po`` file's translations: a fuzzy or untranslated message is left out (it reads as
    its English), and so is a plural message missing one of its forms."""
    from babel.messages.pofile import read_po  # only where a catalogue is read

    with path.open("rb") as file:
        po = read_po(file, locale=language, domain=domain)
    messages: dict[Key, str | tuple[str, ...]] = {}
    for message in po:
        ids, forms = _texts(message.id), _texts(message.string)
        if not ids or not ids[0] or message.fuzzy or not forms or not all(forms):
            continue
        key = (message.context, ids[0])
        messages[key] = forms if len(ids) > 1 else forms[0]  # a plural message: its forms
    return Catalogue(language, domain, messages, gettext.c2py(po.plural_expr))


def card_name(ruleset: str, name: str, language: str) -> str:
    """A card's (location's, persona's, planet's...) name in a language: its ruleset's
    ``msgctxt "<ruleset>.card"`` message, so whatever holds a name can show it translated."""
    return catalogue(ruleset, language).pgettext(f"{ruleset}.card", name)


def deck_name(ruleset: str, name: str, language: str) -> str:
    """A starter deck's name in a language (``msgctxt "<ruleset>.deck"``)."""
    return catalogue(ruleset, language).pgettext(f"{ruleset}.deck", name)
