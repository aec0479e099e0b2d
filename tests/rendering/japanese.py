"""Pictures in Japanese for tests: the pictures' own words from ``locales/ja``, and card names
from a catalogue of the tests' own (``ja_names.po``), as a ruleset's Japanese catalogue will
give them: until those catalogues land, a name reads as its English."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TypeVar
from unittest import mock

from rendering.toolkit import words
from rules.engine.language import Catalogue, catalogue, read_catalogue

__all__ = ["NAMES_PO", "in_japanese", "japanese", "names_catalogue"]

NAMES_PO = Path(__file__).with_name("ja_names.po")

T = TypeVar("T")


@cache
def names_catalogue() -> Catalogue:
    """Japanese names for the cards the Japanese goldens show, every ruleset's in its context."""
    return read_catalogue(NAMES_PO, "ja", "names")


def _with_names_catalogue(domain: str, language: str) -> Catalogue:
    if domain == words.DOMAIN or language != "ja":
        return catalogue(domain, language)
    return names_catalogue()


@contextmanager
def in_japanese(*, names: bool = True) -> Iterator[None]:
    """Draw in Japanese; with ``names``, card names from the tests' catalogue."""
    with words.speaking("ja"):
        if not names:
            yield
            return
        with mock.patch.object(words, "catalogue", _with_names_catalogue):
            yield


def japanese(draw: Callable[[], T]) -> Callable[[], T]:
    """``draw`` done in Japanese, names and all."""

    def drawn() -> T:
        with in_japanese():
            return draw()

    return drawn
