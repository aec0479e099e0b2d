"""Charm pictures: the board after a step, a seat's hand, the result, and a card.

``draw_*`` return the :class:`~rendering.toolkit.Canvas`, so tests can look at what was drawn
and where; :mod:`rendering` turns it into PNG bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, display_names
from rules.charm.cards import CardDef
from rules.charm.views import CharmView
from rules.engine import Step

from .board import (
    GAP,
    HEADER,
    MARGIN,
    body_height,
    caption_box_height,
    draw_body,
    draw_caption,
    draw_header,
    new_canvas,
)
from .hand import draw_card as _draw_card
from .hand import draw_hand as _draw_hand
from .marks import marks_for
from .result import draw_result as _draw_result

__all__ = ["SCALE", "draw_board", "draw_card", "draw_hand", "draw_result"]

SCALE = 1.5


def draw_board(
    view: CharmView,
    names: Sequence[str],
    step: Step | None = None,
    *,
    seat: int | None = None,
    before: CharmView | None = None,
    scale: float = SCALE,
) -> Canvas:
    """The board after ``step``, ``seat``'s side at the bottom (else the viewer's, else seat 0's);
    ``before``, the same viewer's view before the step, keeps the places of cards that left."""
    names = display_names(names, len(view.players))
    marks = marks_for(view, step, names, before)
    height = MARGIN + HEADER + GAP + body_height(new_canvas(1, scale), view, names, marks) + MARGIN
    if marks.caption is not None:
        height += GAP + caption_box_height(marks.caption, scale)
    canvas = new_canvas(height, scale)
    y = draw_header(canvas, view, names, MARGIN, marks) + GAP
    y = draw_body(canvas, view, names, y, marks, seat=seat)
    if marks.caption is not None:
        draw_caption(canvas, y + GAP, marks.caption)
    return canvas


def draw_hand(view: CharmView, names: Sequence[str], *, scale: float = SCALE) -> Canvas:
    return _draw_hand(view, display_names(names, len(view.players)), scale=scale)


def draw_result(view: CharmView, names: Sequence[str], *, scale: float = SCALE) -> Canvas:
    return _draw_result(view, display_names(names, len(view.players)), scale=scale)


def draw_card(card: CardDef, *, scale: float = SCALE) -> Canvas:
    return _draw_card(card, scale=scale)
