"""The ``breakfall`` ruleset: an alternating duel with a resolution space, damage checks and
breakfall cards (``spec/breakfall.md``).

``ruleset()`` builds it with the shipped card pool (``data/breakfall``), loaded once per process.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .actions import TIMEOUT
from .cards import CardPool, DataError
from .loading import load_pool
from .ruleset import BreakfallRuleset

__all__ = ["TIMEOUT", "BreakfallRuleset", "CardPool", "DataError", "load_pool", "ruleset"]


@cache
def _shipped_pool() -> CardPool:
    return load_pool()


def ruleset(data_dir: str | Path | None = None) -> BreakfallRuleset:
    """The breakfall ruleset with the card pool in ``data_dir`` (default: the shipped one)."""
    return BreakfallRuleset(_shipped_pool() if data_dir is None else load_pool(data_dir))
