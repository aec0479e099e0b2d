"""The end of a charm match: who won and how, both players' damage, and the final board.

Layout: a banner (the winner crowned in their colour and shape, or "A draw"; each player's damage
of its limit marked with its seat's shape; how the match ended, in the result's own summary),
then the final board as on :mod:`~rendering.charm.board`, with no step highlighted.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, Chip, result_banner, seat_style
from rendering.toolkit.words import language
from rules.charm.views import CharmView
from rules.engine import Result, in_language, name_seats

from .board import GAP, HEADER, MARGIN, WIDTH, body_height, draw_body, draw_header, new_canvas
from .marks import Marks

__all__ = ["draw_result"]

BANNER = 66.0


def draw_result(view: CharmView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.result is None:
        raise ValueError("the match is not over: there is no result to draw")
    body = body_height(new_canvas(1, scale), view, names, Marks())
    canvas = new_canvas(MARGIN + BANNER + GAP + HEADER + GAP + body + MARGIN, scale)
    _banner(canvas, view, view.result, names, MARGIN)
    y = draw_header(canvas, view, names, MARGIN + BANNER + GAP, Marks()) + GAP
    draw_body(canvas, view, names, y, Marks())
    return canvas


def _banner(
    canvas: Canvas, view: CharmView, result: Result, names: Sequence[str], y: float
) -> None:
    winner = result.winners[0] if result.winners else None
    result_banner(
        canvas,
        (MARGIN, y, WIDTH - MARGIN, y + BANNER),
        winner=winner,
        name=names[winner] if winner is not None else "",
        chips=[_damage_chip(view, seat) for seat in range(len(view.players))],
        summary=name_seats(in_language(result.summary, language()), names),
    )


def _damage_chip(view: CharmView, seat: int) -> Chip:
    """A player's damage of its limit at the end, marked with the seat's shape."""
    style = seat_style(seat)
    player = view.players[seat]
    label = f"{player.damage}/{player.damage_limit}"
    return Chip(label, fill=style.fill, ink=style.ink, icon=style.shape, bold=True)
