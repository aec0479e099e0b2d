"""The pictures' own words in the picture's language, and names through their ruleset's catalogue.

A picture is drawn in one language (``docs/i18n.md``): the entry points of :mod:`rendering` take
``language`` and draw inside :func:`speaking`, which every text of the picture reads. Its own
words ("Hand {n}", "Now:", "A draw") are the ``rendering`` domain's messages: whole templates
with named placeholders, written here in English (the message id) and translated in
``locales/<language>/LC_MESSAGES/rendering.po``. A card's (location's, persona's…) name is
its ruleset's message in context ``<ruleset>.card`` (:func:`card_name`); a name no catalogue
translates yet reads as its English.

The language is a context variable rather than a parameter of every drawing function: set by
the entry point for one drawing and reset after it, so it is per thread (and per task), and the
same arguments still give the same picture. Extraction keywords: ``say``, ``say_n:1,2`` and
``say_p:1c,2`` (the commands are in ``docs/i18n.md``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from rules.engine.language import SOURCE, Catalogue, catalogue, is_language

__all__ = [
    "DOMAIN",
    "card_name",
    "language",
    "rules_text",
    "say",
    "say_n",
    "say_p",
    "sentences",
    "speaking",
]

DOMAIN = "rendering"

_LANGUAGE: ContextVar[str] = ContextVar("rendering_language", default=SOURCE)


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Draw in ``code`` ("en" or "ja") until the block ends."""
    if not is_language(code):
        raise ValueError(f"pictures are drawn in English or Japanese, not {code!r}")
    token = _LANGUAGE.set(code)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def language() -> str:
    """The language the picture being drawn is in."""
    return _LANGUAGE.get()


def _own() -> Catalogue:
    return catalogue(DOMAIN, _LANGUAGE.get())


def say(message: str, /, **fields: object) -> str:
    """One of the pictures' own texts, translated, its placeholders filled."""
    text = _own().gettext(message)
    return text.format(**fields) if fields else text


def say_p(context: str, message: str, /, **fields: object) -> str:
    """As :func:`say`, for an English text that means different things in different places."""
    text = _own().pgettext(context, message)
    return text.format(**fields) if fields else text


def say_n(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """A text with a number in it, in the form the number takes; ``{n}`` is the number."""
    return _own().ngettext(singular, plural, n).format(n=n, **fields)


def rules_text(ruleset: str, text: str) -> str:
    """A card's (location's…) rules text, as its view gives it in English, in the picture's
    language: the ruleset's own text for that definition (``Ruleset.rules_text``)."""
    if _LANGUAGE.get() == SOURCE or not text:
        return text
    from rules.registry import get_ruleset  # the pool is read once, when first asked for

    return get_ruleset(ruleset).rules_text(text, _LANGUAGE.get())


def sentences(ruleset: str, texts: Sequence[str]) -> str:
    """Texts in the picture's language (rules texts, each said with :func:`rules_text`) one
    after another, as the ruleset puts sentences together: a space in English, none in
    Japanese (its wording's ``sentences`` template)."""
    shown = [text for text in texts if text]
    if _LANGUAGE.get() == SOURCE:
        return " ".join(shown)
    from rules.registry import get_ruleset  # the pool is read once, when first asked for

    wording = get_ruleset(ruleset).wording(_LANGUAGE.get())
    joined = ""
    for text in shown:
        joined = wording.render("sentences", before=joined, after=text) if joined else text
    return joined


def card_name(ruleset: str, name: str) -> str:
    """A card's (location's, persona's…) name in the picture's language (``docs/i18n.md``)."""
    if _LANGUAGE.get() == SOURCE or not name:
        return name
    return catalogue(ruleset, _LANGUAGE.get()).pgettext(f"{ruleset}.card", name)
