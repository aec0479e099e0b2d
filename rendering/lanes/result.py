"""The end of a lanes match: who won and how, the stakes that changed hands, the final board.

Layout: a banner (the winner crowned in their colour and shape, or "A draw"; the points each seat
gains or loses; locations won, total power and stakes), then the final board as on
:mod:`~rendering.lanes.board`, whose tiles carry each location's totals with the leader crowned.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, Chip, result_banner, seat_style, signed
from rendering.toolkit.words import language, say
from rules.engine import Result, in_language, name_seats
from rules.lanes.views import LanesView

from .board import GAP, HEADER, MARGIN, WIDTH, body_height, draw_body, draw_header, new_canvas
from .marks import Marks

__all__ = ["draw_result"]

BANNER = 66.0


def draw_result(view: LanesView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.result is None:
        raise ValueError("the match is not over: there is no result to draw")
    height = MARGIN + BANNER + GAP + HEADER + GAP + body_height() + MARGIN
    canvas = new_canvas(height, scale)
    _banner(canvas, view.result, names, MARGIN)
    y = draw_header(canvas, view, MARGIN + BANNER + GAP, Marks()) + GAP
    draw_body(canvas, view, names, y, Marks())
    return canvas


def _banner(canvas: Canvas, result: Result, names: Sequence[str], y: float) -> None:
    winner = result.winners[0] if result.winners else None
    result_banner(
        canvas,
        (MARGIN, y, WIDTH - MARGIN, y + BANNER),
        winner=winner,
        name=names[winner] if winner is not None else "",
        chips=[_points_chip(seat, points) for seat, points in enumerate(result.points)],
        summary=_how(result, names),
    )


def _points_chip(seat: int, points: int) -> Chip:
    """What a seat gains or loses, marked with the seat's shape (the title names the winner)."""
    style = seat_style(seat)
    return Chip(signed(points), fill=style.fill, ink=style.ink, icon=style.shape, bold=True)


def _how(result: Result, names: Sequence[str]) -> str:
    summary = name_seats(in_language(result.summary, language()), names)
    power = result.detail.get("total_power")
    if not power:  # a retreat: the summary says it all
        return summary
    return say(
        "{summary} Total power: {seat0} {power0}, {seat1} {power1}.",
        summary=summary,
        seat0=names[0],
        power0=power[0],
        seat1=names[1],
        power1=power[1],
    )
