"""A ruleset's guide for players: its rules pages and the keywords it explains, as data.

Each ruleset ships ``data/<ruleset>/guide.toml`` beside its cards: ``[[page]]`` tables (a
``title`` and a ``text``, plain English for a newcomer) and ``[[keyword]]`` tables (an ``id``,
the ``name`` a player reads, a ``text`` explaining it and the ``words`` that show it in a card's
rules text; ``words = []`` for a term no card text names, such as a resource). The ids must
cover the ruleset's ``TERMS``, the closed vocabulary of its card data (``rules.<ruleset>.cards``),
so no word a card uses goes unexplained; errors name file, entry and field, as
:mod:`rules.engine.datafile` does.

The file is English; a guide in another language comes from the ruleset's catalogue
(docs/i18n.md), each text by what it is (``msgctxt "guide.page.title"``, ``"guide.page.text"``,
``"guide.keyword.name"``, ``"guide.keyword.text"``, ``"guide.keyword.word"``) with its English as
id, so a keyword's words are found in that language's rules text as they are in English.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .engine.carddata import shipped_data
from .engine.datafile import DataError, field, read_tables, table
from .engine.language import SOURCE, Catalogue, catalogue
from .engine.wording import Wording, translated
from .registry import RULESETS

__all__ = [
    "GUIDE_FILE",
    "WORDING",
    "Guide",
    "Keyword",
    "Page",
    "load_guide",
    "read_guide",
    "shipped_guide",
    "terms",
]

WORDING = Wording(
    {
        "keywords": "Keywords",
        "keywords.part": "Keywords ({part}/{count})",
        "keyword.entry": "**{name}**: {text}",
    }
)
"""The guide's own words (the ``rules`` domain): the glossary's headings and entries."""

GUIDE_FILE = "guide.toml"


@dataclass(frozen=True, slots=True)
class Page:
    title: str
    text: str


@dataclass(frozen=True, slots=True)
class Keyword:
    id: str
    name: str
    text: str
    words: tuple[str, ...]

    def named_in(self, rules_text: str) -> bool:
        """Whether a card's rules text uses this keyword: one of its words, as whole words."""
        return any(_pattern(word).search(rules_text) for word in self.words)


@cache
def _pattern(word: str) -> re.Pattern[str]:
    """A word in Latin letters as a whole word (not inside another such word, though right next
    to Japanese: "PPを"); a Japanese word (no spaces to tell words apart) wherever it stands."""
    if word.isascii():
        return re.compile(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", re.IGNORECASE)
    return re.compile(re.escape(word))


@dataclass(frozen=True, slots=True)
class Guide:
    ruleset: str
    pages: tuple[Page, ...]
    keywords: Mapping[str, Keyword]
    language: str = SOURCE

    def keywords_in(self, rules_text: str) -> tuple[Keyword, ...]:
        """The keywords a card's rules text uses, in the guide's order."""
        return tuple(k for k in self.keywords.values() if k.named_in(rules_text))

    def reading(self, limit: int) -> tuple[Page, ...]:
        """Every page to read in order: the rules pages, then the keywords, as many pages of
        at most ``limit`` characters as they take."""
        words = translated(WORDING, "rules", self.language)
        glossary: list[list[str]] = [[]]
        for keyword in self.keywords.values():
            entry = words.render("keyword.entry", name=keyword.name, text=keyword.text)
            if glossary[-1] and len("\n\n".join([*glossary[-1], entry])) > limit:
                glossary.append([])
            glossary[-1].append(entry)
        count = len(glossary)
        titles = [
            words.render("keywords.part", part=i + 1, count=count)
            if count > 1
            else words.render("keywords")
            for i in range(count)
        ]
        extra = [Page(t, "\n\n".join(e)) for t, e in zip(titles, glossary, strict=True) if e]
        return (*self.pages, *extra)


def _text(where: str, entry: Mapping[str, Any], name: str) -> str:
    value: str = field(where, entry, name, str)
    if not value.strip():
        raise DataError(f"{where}: {name}: empty")
    return " ".join(value.split()) if name != "text" else _paragraphs(value)


def _paragraphs(text: str) -> str:
    """A TOML multi-line text as paragraphs: lines joined, blank lines kept as breaks, and a
    line starting with "- " kept as a list item."""
    blocks = [b for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    out = []
    for block in blocks:
        lines: list[str] = []
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("- ") or not lines:
                lines.append(line)
            else:
                lines[-1] += " " + line
        out.append("\n".join(lines))
    return "\n\n".join(out)


def _page(where: str, entry: Any) -> Page:
    entry = table(where, entry, {"title", "text"})
    return Page(_text(where, entry, "title"), _text(where, entry, "text"))


def _keyword(where: str, entry: Any) -> Keyword:
    entry = table(where, entry, {"id", "name", "text", "words"})
    name = _text(where, entry, "name")
    words = field(where, entry, "words", list, [name])
    for word in words:
        if not isinstance(word, str) or not word.strip():
            raise DataError(f"{where}: words: expected non-empty strings, got {word!r}")
    return Keyword(_text(where, entry, "id"), name, _text(where, entry, "text"), tuple(words))


def read_guide(path: str | Path) -> tuple[tuple[Page, ...], tuple[Keyword, ...]]:
    """A guide file's pages and keywords as written (English), checked."""
    path = Path(path)
    pages = tuple(_page(where, entry) for where, entry in read_tables(path, "page"))
    keywords = tuple(_keyword(where, entry) for where, entry in read_tables(path, "keyword"))
    return pages, keywords


def _page_in(page: Page, words: Catalogue) -> Page:
    title = words.pgettext("guide.page.title", page.title)
    return Page(title, words.pgettext("guide.page.text", page.text))


def _keyword_in(keyword: Keyword, words: Catalogue) -> Keyword:
    found = dict.fromkeys(words.pgettext("guide.keyword.word", word) for word in keyword.words)
    return Keyword(
        keyword.id,
        words.pgettext("guide.keyword.name", keyword.name),
        words.pgettext("guide.keyword.text", keyword.text),
        tuple(found),
    )


def load_guide(
    path: str | Path, ruleset: str, vocabulary: Collection[str] = (), language: str = SOURCE
) -> Guide:
    """The guide in ``path``, in a language; every word of ``vocabulary`` must have a keyword
    entry."""
    path = Path(path)
    words = catalogue(ruleset, language)
    pages = tuple(_page_in(page, words) for page in read_guide(path)[0])
    keywords: dict[str, Keyword] = {}
    for where, entry in read_tables(path, "keyword"):
        keyword = _keyword_in(_keyword(where, entry), words)
        if keyword.id in keywords:
            raise DataError(f"{where}: id: {keyword.id!r} is used twice")
        keywords[keyword.id] = keyword
    missing = [word for word in vocabulary if word not in keywords]
    if missing:
        raise DataError(
            f"{path.name}: keyword {missing[0]!r}: missing (no [[keyword]] explains it)"
        )
    return Guide(ruleset, pages, keywords, language)


def terms(ruleset: str) -> tuple[str, ...]:
    """The closed vocabulary of a registered ruleset's card data: ``TERMS`` of its cards module."""
    module = importlib.import_module(f"{RULESETS[ruleset]}.cards")
    found: tuple[str, ...] = module.TERMS
    return found


@cache
def shipped_guide(ruleset: str, language: str = SOURCE) -> Guide:
    """The guide a registered ruleset ships, in a language, checked against its vocabulary;
    ``KeyError`` for an unknown ruleset, :class:`DataError` for a missing or bad file."""
    if ruleset not in RULESETS:
        raise KeyError(ruleset)
    path = shipped_data(ruleset) / GUIDE_FILE
    return load_guide(path, ruleset, terms(ruleset), language)
