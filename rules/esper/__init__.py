"""The ``esper`` ruleset: a hidden-role board game for 3 to 10 players, on six ring planets and
then a secret base (``spec/esper.md``).

``ruleset()`` builds it with the shipped pool (``data/esper``), loaded once per process.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .actions import TIMEOUT
from .cards import CardPool, DataError
from .loading import load_pool
from .ruleset import EsperRuleset

__all__ = ["TIMEOUT", "CardPool", "DataError", "EsperRuleset", "load_pool", "ruleset"]


@cache
def _shipped_pool() -> CardPool:
    return load_pool()


def ruleset(data_dir: str | Path | None = None) -> EsperRuleset:
    """The esper ruleset with the pool in ``data_dir`` (default: the shipped one)."""
    return EsperRuleset(_shipped_pool() if data_dir is None else load_pool(data_dir))
