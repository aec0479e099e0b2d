"""The rulesets this build knows, by name. Each is imported only when first asked for."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from .engine.ruleset import Ruleset

__all__ = ["RULESETS", "get_ruleset"]

RULESETS: dict[str, str] = {
    "lanes": "rules.lanes",
    "fanfare": "rules.fanfare",
    "breakfall": "rules.breakfall",
    "esper": "rules.esper",
    "charm": "rules.charm",
}
"""Ruleset name → the module whose ``ruleset()`` builds it with its default card pool."""


@cache
def get_ruleset(name: str) -> Ruleset[Any, Any]:
    """The ruleset called ``name``, with its shipped card pool; ``KeyError`` if unknown."""
    if name not in RULESETS:
        known = ", ".join(sorted(RULESETS))
        raise KeyError(f"unknown ruleset {name!r} (known: {known})")
    module = importlib.import_module(RULESETS[name])
    ruleset: Ruleset[Any, Any] = module.ruleset()
    return ruleset
