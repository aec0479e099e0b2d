"""Plain JSON data for a mechanism's ``canonical()``: what the state hash is computed from.

Mechanisms hold opaque items (an entry in a resolution space, a secret choice, a learned fact)
that the ruleset defines. The hash needs them as plain data, so an item may offer
``canonical()`` or ``to_json()``; tuples, lists and sets become lists (sets sorted, so that the
hash does not depend on insertion order); scalars pass through.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["plain", "plain_sort_key"]


def plain(value: object) -> Any:
    """``value`` as JSON data: scalars, lists and string-keyed dicts only."""
    for method in ("canonical", "to_json"):
        convert = getattr(value, method, None)
        if callable(convert):
            return convert()
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((plain(v) for v in value), key=plain_sort_key)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def plain_sort_key(data: object) -> str:
    """A total order on plain data (ints and strings mixed, lists), for sorting before hashing."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
