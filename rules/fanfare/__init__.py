"""The ``fanfare`` ruleset: leaders, followers and a strict trigger/resolve order.

``ruleset()`` builds it with the shipped card pool (``data/fanfare``), loaded once per process.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .actions import TIMEOUT
from .cards import CardPool, DataError
from .loading import load_pool
from .ruleset import FanfareRuleset

__all__ = ["TIMEOUT", "CardPool", "DataError", "FanfareRuleset", "load_pool", "ruleset"]


@cache
def _shipped_pool() -> CardPool:
    return load_pool()


def ruleset(data_dir: str | Path | None = None) -> FanfareRuleset:
    """The fanfare ruleset with the card pool in ``data_dir`` (default: the shipped one)."""
    return FanfareRuleset(_shipped_pool() if data_dir is None else load_pool(data_dir))
