"""The end of a fanfare match: who won and how, both leaders' defence, and the final board.

Layout: a banner (the winner crowned in their colour and shape, or "A draw"; each leader's
defence marked with its seat's shape; how the match ended, in the result's own summary), then the
final board as on :mod:`~rendering.fanfare.board`, with no step highlighted.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, Chip, result_banner, seat_style
from rendering.toolkit.words import language
from rules.engine import Result, in_language, name_seats
from rules.fanfare.views import FanfareView

from .board import GAP, HEADER, MARGIN, WIDTH, body_height, draw_body, draw_header, new_canvas
from .marks import Marks

__all__ = ["draw_result"]

BANNER = 66.0


def draw_result(view: FanfareView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.result is None:
        raise ValueError("the match is not over: there is no result to draw")
    body = body_height(new_canvas(1, scale), view, names, Marks())
    canvas = new_canvas(MARGIN + BANNER + GAP + HEADER + GAP + body + MARGIN, scale)
    _banner(canvas, view, view.result, names, MARGIN)
    y = draw_header(canvas, view, names, MARGIN + BANNER + GAP, Marks()) + GAP
    draw_body(canvas, view, names, y, Marks())
    return canvas


def _banner(
    canvas: Canvas, view: FanfareView, result: Result, names: Sequence[str], y: float
) -> None:
    winner = result.winners[0] if result.winners else None
    result_banner(
        canvas,
        (MARGIN, y, WIDTH - MARGIN, y + BANNER),
        winner=winner,
        name=names[winner] if winner is not None else "",
        chips=[_defence_chip(view, seat) for seat in range(len(view.players))],
        summary=name_seats(in_language(result.summary, language()), names),
    )


def _defence_chip(view: FanfareView, seat: int) -> Chip:
    """A leader's defence at the end, marked with the seat's shape (the title names the winner)."""
    style = seat_style(seat)
    leader = view.players[seat].leader
    label = f"{max(0, leader.defence)}/{leader.max_defence}"
    return Chip(label, fill=style.fill, ink=style.ink, icon=style.shape, bold=True)
