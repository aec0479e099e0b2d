"""What every ruleset's view of a match has in common.

A view is what one seat (or a spectator) may see, built by the ruleset from the state: hidden
things are absent, not flagged, so a renderer given a view cannot leak them. Each ruleset's view is
a frozen dataclass of its own; this mixin gives it the parts every UI reads the same way.
"""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from .ruleset import Result

__all__ = ["MatchView"]


class MatchView:
    """Mixed into a ruleset's top-level view dataclass, which declares ``result``."""

    __slots__ = ()

    result: Result | None

    @property
    def over(self) -> bool:
        return self.result is not None

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(cast(Any, self))
