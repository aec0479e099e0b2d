"""Discord's markup, written without discord.py: mentions, timestamps, links, and names made
safe to put in a message (``clean``, the same escapes as discord.py's ``escape_markdown`` and
``escape_mentions``, which a test compares)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .language import _, pgettext, spoken

__all__ = [
    "clean",
    "deadline",
    "escape_markdown",
    "escape_mentions",
    "jump_url",
    "listed",
    "mentions",
    "player",
    "relative",
    "separated",
    "typed",
    "within",
]

_URL = r"(?P<url><[^: >]+:\/[^ >]+>|(?:https?|steam):\/\/[^\s<]+[^<.,:;\"\'\]\s])"
_MARKDOWN = r"(?P<markdown>[_\\~|\*`]|^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-)"
_ESCAPED = re.compile(f"(?:{_URL}|{_MARKDOWN})", re.MULTILINE)
"""Discord's markdown, links left alone (discord.py's ``escape_markdown`` with its defaults)."""
_MENTION = re.compile(r"@(everyone|here|[!&]?[0-9]{17,20})")
"""@everyone, @here, and user and role mentions (not channels)."""


def escape_markdown(text: str) -> str:
    """Markdown characters escaped with a backslash; links left as they are."""
    return _ESCAPED.sub(lambda m: m["url"] or "\\" + m["markdown"], text)


def escape_mentions(text: str) -> str:
    """Mentions made inert with a zero-width space after the ``@``."""
    return _MENTION.sub("@\u200b\\1", text)


def clean(name: str) -> str:
    """A display name made safe to put in a message."""
    return escape_mentions(escape_markdown(name))


def mentions(user_ids: Sequence[int], seats: Sequence[int]) -> str:
    """The players of these seats, mentioned (a CPU has nobody to notify)."""
    return " ".join(f"<@{user_ids[s]}>" for s in seats if user_ids[s] >= 0)


def player(user_id: int, name: str) -> str:
    """A player as a message names it: mentioned, or a CPU seat by its name (a CPU's user id
    is below 0: no Discord user has one)."""
    return f"<@{user_id}>" if user_id >= 0 else f"**{clean(name)}**"


def listed(user_ids: Sequence[int | str]) -> str:
    """Users as mentions in a sentence (``<@1>, <@2> and <@3>``; ``<@1>、<@2>、<@3>``), or
    any words given as they are."""
    names = [f"<@{u}>" if isinstance(u, int) else u for u in user_ids]
    if len(names) < 2:
        return "".join(names)
    separator = pgettext("list", ", ")
    return _("{first} and {last}").format(first=separator.join(names[:-1]), last=names[-1])


def within(label: str) -> str:
    """A label inside a sentence: lower case in English ("Choose target"); other languages
    have no case to change (a Japanese label may hold a game's Latin term: Check状態)."""
    return label.lower() if spoken() == "en" else label


def separated(words: Sequence[str]) -> str:
    """Words one after another, as a list shows them: ``a, b``; ``a、b``."""
    return pgettext("list", ", ").join(words)


def relative(when: float) -> str:
    """A moment as Discord shows it to each reader: how long from now."""
    return f"<t:{int(when)}:R>"


def deadline(when: float) -> str:
    """A moment as Discord shows it to each reader: their date and time, and how long from now."""
    return f"<t:{int(when)}:f> ({relative(when)})"


def jump_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def typed(text: str, limit: int = 60) -> str:
    """What someone typed, quoted back: on one line, control characters shown escaped, cut to
    ``limit`` characters (an option may hold 6,000, a message 2,000)."""
    shown = text if len(text) <= limit else text[: limit - 1] + "…"
    return repr(shown)
