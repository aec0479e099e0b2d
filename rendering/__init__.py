"""Pictures of a match, drawn with Pillow: pure functions from a view to PNG bytes.

Renderers take *views* (``Match.view(seat)``), never the state, so a picture can only show what
its viewer may see; :func:`card_png` draws one card of a pool (public data) as a hand shows it.
One module per ruleset holds its layout; :func:`board_png`, :func:`hand_png`
and :func:`result_png` dispatch by ruleset name, so the bot needs no per-ruleset code.

``names`` are the players' display names by seat; ``step`` is the resolution step being shown
(its caption and public events drive the highlight). ``scale`` is pixels per layout unit; each
ruleset has its default (lanes and fanfare: 2, pictures 960 pixels wide). The shared drawing
pieces are in :mod:`rendering.toolkit`; ``docs/rendering.md`` describes the pictures.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from rules.engine import Step

__all__ = ["RENDERERS", "board_png", "card_png", "hand_png", "result_png", "table_png"]

RENDERERS: dict[str, str] = {
    "lanes": "rendering.lanes",
    "fanfare": "rendering.fanfare",
}


def _module(ruleset: str) -> Any:
    if ruleset not in RENDERERS:
        raise KeyError(f"no renderer for ruleset {ruleset!r}")
    return importlib.import_module(RENDERERS[ruleset])


def _options(scale: float | None) -> dict[str, Any]:
    return {} if scale is None else {"scale": scale}


def board_png(
    ruleset: str,
    view: Any,
    names: Sequence[str],
    step: Step | None = None,
    *,
    seat: int | None = None,
    scale: float | None = None,
) -> bytes:
    """The public board (or a seat's, if ``view`` is a seat's view) after ``step``."""
    data: bytes = _module(ruleset).draw_board(view, names, step, **_options(scale)).png()
    return data


def table_png(
    ruleset: str,
    view: Any,
    names: Sequence[str],
    seat: int,
    step: Step | None = None,
    *,
    scale: float | None = None,
) -> bytes:
    """A seat's table: the board from its side with its hand (placeholder: the hand)."""
    return hand_png(ruleset, view, names, scale=scale)


def hand_png(ruleset: str, view: Any, names: Sequence[str], *, scale: float | None = None) -> bytes:
    """A seat's hand (and what it may do with it now): only ever sent to that seat."""
    data: bytes = _module(ruleset).draw_hand(view, names, **_options(scale)).png()
    return data


def result_png(
    ruleset: str, view: Any, names: Sequence[str], *, scale: float | None = None
) -> bytes:
    """The end of a match: the winner and how, and the final board."""
    data: bytes = _module(ruleset).draw_result(view, names, **_options(scale)).png()
    return data


def card_png(ruleset: str, card: Any, *, scale: float | None = None) -> bytes:
    """One card definition of the ruleset's pool, as a hand shows it: for looking a card up."""
    data: bytes = _module(ruleset).draw_card(card, **_options(scale)).png()
    return data
