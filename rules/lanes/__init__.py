"""The ``lanes`` ruleset: three locations, six turns, simultaneous hidden staging.

``ruleset()`` builds it with the shipped card pool (``data/lanes``), loaded once per process.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .actions import TIMEOUT
from .cards import CardPool, DataError
from .loading import load_pool
from .ruleset import LanesRuleset

__all__ = ["TIMEOUT", "CardPool", "DataError", "LanesRuleset", "load_pool", "ruleset"]


@cache
def _shipped_pool() -> CardPool:
    return load_pool()


def ruleset(data_dir: str | Path | None = None) -> LanesRuleset:
    """The lanes ruleset with the card pool in ``data_dir`` (default: the shipped one)."""
    return LanesRuleset(_shipped_pool() if data_dir is None else load_pool(data_dir))
