"""Esper pictures: the board after a step, a seat's sheet (its "hand"), the result and a card.

``draw_*`` return the :class:`~rendering.toolkit.Canvas`, so tests can look at what was drawn
and where; :mod:`rendering` turns it into PNG bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, display_names
from rules.engine import Step
from rules.esper.cards import CardDef
from rules.esper.views import EsperView

from .board import draw_board_canvas
from .hand import draw_card as _draw_card
from .hand import draw_hand as _draw_hand
from .marks import marks_for
from .result import draw_result as _draw_result

__all__ = ["SCALE", "draw_board", "draw_card", "draw_hand", "draw_result"]

SCALE = 1.5


def draw_board(
    view: EsperView,
    names: Sequence[str],
    step: Step | None = None,
    *,
    seat: int | None = None,
    before: EsperView | None = None,
    scale: float = SCALE,
) -> Canvas:
    """The board after ``step``. A board is shared by every seat, so no side is at the bottom:
    ``seat`` (else the viewer) is marked as "you", its pieces ringed. A seat's view is drawn for
    that seat only (``ValueError``: it holds what only that seat may see). ``before`` is accepted
    for the common signature: nothing on an esper board has a slot to keep."""
    if seat is not None and view.viewer is not None and seat != view.viewer:
        raise ValueError(f"seat {view.viewer}'s view cannot be drawn for seat {seat}")
    names = display_names(names, len(view.players))
    marks = marks_for(view, step, names)
    me = seat if seat is not None else view.viewer
    return draw_board_canvas(view, names, marks, me=me, scale=scale)


def draw_hand(view: EsperView, names: Sequence[str], *, scale: float = SCALE) -> Canvas:
    return _draw_hand(view, display_names(names, len(view.players)), scale=scale)


def draw_result(view: EsperView, names: Sequence[str], *, scale: float = SCALE) -> Canvas:
    return _draw_result(view, display_names(names, len(view.players)), scale=scale)


def draw_card(card: CardDef, *, scale: float = SCALE) -> Canvas:
    return _draw_card(card, scale=scale)
