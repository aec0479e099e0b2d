"""The end of a breakfall match: who won and how, both damage zones, and the final board."""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, Chip, result_banner, seat_style
from rules.breakfall.views import BreakfallView
from rules.engine import name_seats

from .board import GAP, HEADER, MARGIN, WIDTH, body_height, draw_body, draw_header, new_canvas
from .marks import Marks

__all__ = ["draw_result"]

BANNER = 66.0


def draw_result(view: BreakfallView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.result is None:
        raise ValueError("the match is not over: there is no result to draw")
    body = body_height(new_canvas(1, scale), view, names, Marks())
    canvas = new_canvas(MARGIN + BANNER + GAP + HEADER + GAP + body + MARGIN, scale)
    result = view.result
    winner = result.winners[0] if result.winners else None
    result_banner(
        canvas,
        (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + BANNER),
        winner=winner,
        name=names[winner] if winner is not None else "",
        chips=[_damage_chip(view, seat) for seat in range(len(view.players))],
        summary=name_seats(result.summary, names),
    )
    y = draw_header(canvas, view, names, MARGIN + BANNER + GAP, Marks()) + GAP
    draw_body(canvas, view, names, y, Marks())
    return canvas


def _damage_chip(view: BreakfallView, seat: int) -> Chip:
    """A seat's damage at the end, marked with its shape."""
    style = seat_style(seat)
    player = view.players[seat]
    label = f"Damage {len(player.damage)}/{player.damage_limit}"
    return Chip(label, fill=style.fill, ink=style.ink, icon=style.shape, bold=True)
