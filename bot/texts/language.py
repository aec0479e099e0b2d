"""Whose language a text is written in, and the bot's catalogue (the ``parlor`` domain).

A text function reads the language it writes in from a context variable that the edge which
sends the text sets (``speaking``): the chat half, which knows who reads what it sends (an
interaction's locale, a DM's user, a match's channel), and the table where it builds a note
every reader of a match shares. The texts themselves stay pure functions of their arguments
and that one value; nothing here reads Discord or storage. English is the source: a text
outside any ``speaking`` block (the log, the command line, a test) is English.

The functions ``_``, ``ngettext`` and ``pgettext`` are the keywords ``pybabel extract`` looks
for (``babel.cfg``, ``docs/i18n.md``), so every message id is a literal at its call.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import timedelta
from typing import Literal

from rules.engine.language import LANGUAGES, SOURCE, Catalogue, catalogue, is_language

__all__ = [
    "DOMAIN",
    "duration",
    "is_language",
    "language_name",
    "language_of",
    "speaking",
    "spoken",
]

DOMAIN = "parlor"

_SPOKEN: ContextVar[str] = ContextVar("parlor_language", default=SOURCE)


def language_of(locale: object) -> str:
    """The language Parlor speaks to a Discord locale (``ja``, ``en-US``; a ``discord.Locale``
    or its value): Japanese for ``ja``, English for every other (both English locales among
    them) and for none."""
    code = str(getattr(locale, "value", locale) or "").split("-")[0].lower()
    return code if code in LANGUAGES else SOURCE


def spoken() -> str:
    """The language the texts are written in here."""
    return _SPOKEN.get()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Write the texts in ``language`` inside this block (and in the tasks it starts)."""
    if language not in LANGUAGES:
        raise ValueError(f"Parlor speaks {', '.join(LANGUAGES)}, not {language!r}")
    token = _SPOKEN.set(language)
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def _catalogue() -> Catalogue:
    return catalogue(DOMAIN, _SPOKEN.get())


def _(message: str) -> str:
    return _catalogue().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _catalogue().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _catalogue().pgettext(context, message)


def language_name(language: str) -> str:
    """A language by its own name, as a player picks it: English, 日本語."""
    return {"en": "English", "ja": "日本語"}[language]


Unit = Literal["day", "hour", "minute", "second"]
_UNITS: tuple[tuple[Unit, int], ...] = (
    ("day", 86400),
    ("hour", 3600),
    ("minute", 60),
    ("second", 1),
)
_CJK_GAP = re.compile(r"(?<=[\d.]) (?=[^\x00-\x7f])")
"""CLDR's Japanese units keep a space after the number ("3 時間"); Japanese UI writes none."""


def duration(seconds: float, *, ahead: bool = False) -> str:
    """A span the bot writes itself, in its largest whole unit ("24 hours", "24時間"; "90
    seconds"), by Babel's CLDR data; ``ahead``: from now ("in 3 hours", "3時間後")."""
    from babel.dates import format_timedelta  # only where a duration is written
    from babel.units import format_unit

    language = _SPOKEN.get()
    whole = float(seconds).is_integer()
    second: tuple[Unit, int] = ("second", 1)
    unit, size = next(
        ((u, s) for u, s in _UNITS if whole and seconds >= s and seconds % s == 0), second
    )
    count = int(seconds // size) if whole else seconds
    if ahead:
        text = format_timedelta(
            timedelta(seconds=seconds),
            granularity=unit,
            threshold=1e9,
            add_direction=True,
            locale=language,
        )
    else:
        text = format_unit(count, f"duration-{unit}", length="long", locale=language)
    return _CJK_GAP.sub("", text) if language == "ja" else text
