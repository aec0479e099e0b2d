"""The ``charm`` ruleset: a phase duel with heroines, EP, charm declarations and chains.

``ruleset()`` builds it with the shipped card pool (``data/charm``), loaded once per process.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .actions import TIMEOUT
from .cards import CardPool, DataError
from .loading import load_pool
from .ruleset import CharmRuleset

__all__ = ["TIMEOUT", "CardPool", "CharmRuleset", "DataError", "load_pool", "ruleset"]


@cache
def _shipped_pool() -> CardPool:
    return load_pool()


def ruleset(data_dir: str | Path | None = None) -> CharmRuleset:
    """The charm ruleset with the card pool in ``data_dir`` (default: the shipped one)."""
    return CharmRuleset(_shipped_pool() if data_dir is None else load_pool(data_dir))
