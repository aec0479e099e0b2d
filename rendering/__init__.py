"""Pictures of a match, drawn with Pillow: pure functions from a view to PNG bytes.

Renderers take *views* (``Match.view(seat)``), never the state, so a picture can only show what
its viewer may see. One module per ruleset holds its layout; :func:`board_png`, :func:`hand_png`
and :func:`result_png` dispatch by ruleset name, so the bot needs no per-ruleset code.

``names`` are the players' display names by seat; ``step`` is the resolution step being shown
(its caption and public events drive the highlight).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from rules.engine import Step

__all__ = ["RENDERERS", "board_png", "hand_png", "result_png"]

RENDERERS: dict[str, str] = {
    "lanes": "rendering.lanes",
}


def _module(ruleset: str) -> Any:
    if ruleset not in RENDERERS:
        raise KeyError(f"no renderer for ruleset {ruleset!r}")
    return importlib.import_module(RENDERERS[ruleset])


def board_png(ruleset: str, view: Any, names: Sequence[str], step: Step | None = None) -> bytes:
    """The public board (or a seat's, if ``view`` is a seat's view) after ``step``."""
    data: bytes = _module(ruleset).render_board(view, names, step)
    return data


def hand_png(ruleset: str, view: Any, names: Sequence[str]) -> bytes:
    """A seat's hand, energy and staged actions: only ever sent to that seat."""
    data: bytes = _module(ruleset).render_hand(view, names)
    return data


def result_png(ruleset: str, view: Any, names: Sequence[str]) -> bytes:
    """The end of a match: winner, per-location totals, stakes, final board."""
    data: bytes = _module(ruleset).render_result(view, names)
    return data
