"""Every text the bot writes, in one place, as pure functions: what it posts and sends
(``messages``), why something cannot be done (``refusals``), its answers to what worked
(``replies``), the words on its controls (``labels``), and Discord's markup (``markup``).

Both halves of the bot read their words from here: ``bot/table`` its refusals, ``bot/chat``
everything it shows. So this package imports nothing from Discord, and nothing from the table
but, for type checking only, the values it is given. Outside it, the bot writes no prose
(``tests/bot/test_texts.py`` scans ``bot/`` for it): a new text is a new function here. A
sentence is written whole, not put together from pieces, as another language orders its words
differently. Each is a message of the ``parlor`` catalogue, written in the language the edge
that sends it is ``speaking`` (``bot.texts.language``; ``docs/i18n.md``).

Use it as ``from bot import texts`` (``texts.hand_text(hand)``); every name of the modules is
here.
"""

from __future__ import annotations

from . import labels, language, markup, messages, refusals, replies
from .labels import *  # noqa: F403
from .language import *  # noqa: F403
from .markup import *  # noqa: F403
from .messages import *  # noqa: F403
from .refusals import *  # noqa: F403
from .replies import *  # noqa: F403

__all__ = [
    *labels.__all__,
    *language.__all__,
    *markup.__all__,
    *messages.__all__,
    *refusals.__all__,
    *replies.__all__,
]
