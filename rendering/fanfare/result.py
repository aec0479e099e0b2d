"""The end of a fanfare match: who won and how, both leaders' defence, and the final board.

Layout: a banner (the winner crowned in their colour and shape, or "A draw"; each leader's
defence marked with its seat's shape; how the match ended, in the result's own summary), then the
final board as on :mod:`~rendering.fanfare.board`, with no step highlighted.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, Chip, chip_row, chip_width, mix, seat_mark, seat_style
from rendering.toolkit.palette import HIGHLIGHT, MUTED, PANEL, TEXT
from rules.engine import Result, name_seats
from rules.fanfare.views import FanfareView

from .board import GAP, HEADER, MARGIN, WIDTH, body_height, draw_body, draw_header, new_canvas
from .marks import Marks

__all__ = ["draw_result"]

BANNER = 62.0


def draw_result(view: FanfareView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.result is None:
        raise ValueError("the match is not over: there is no result to draw")
    height = MARGIN + BANNER + GAP + HEADER + GAP + body_height() + MARGIN
    canvas = new_canvas(height, scale)
    _banner(canvas, view, view.result, names, MARGIN)
    y = draw_header(canvas, view, names, MARGIN + BANNER + GAP, Marks()) + GAP
    draw_body(canvas, view, names, y, Marks())
    return canvas


def _banner(
    canvas: Canvas, view: FanfareView, result: Result, names: Sequence[str], y: float
) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN
    canvas.rect((x0, y, x1, y + BANNER), mix(PANEL, HIGHLIGHT, 0.06), radius=8)
    chips = [_defence_chip(view, seat) for seat in range(len(view.players))]
    widths = sum(chip_width(canvas, chip, height=20, size=11.5) + 4 for chip in chips)
    chip_row(canvas, x1 - 8 - widths + 4, y + 8, x1, chips, height=20, size=11.5)
    left = x0 + 10
    if result.winners:
        seat = result.winners[0]
        canvas.shape("crown", (left, y + 9, left + 24, y + 27), HIGHLIGHT)
        seat_mark(canvas, (left + 30, y + 10, left + 46, y + 26), seat)
        title, colour, left = f"{names[seat]} wins!", seat_style(seat).accent, left + 52
    else:
        title, colour = "A draw", TEXT
    canvas.text(
        (left, y + 4, x1 - 12 - widths, y + 32),
        title,
        size=18,
        min_size=11,
        weight="bold",
        fill=colour,
        max_lines=1,
    )
    canvas.text(
        (x0 + 10, y + 34, x1 - 10, y + BANNER - 4),
        name_seats(result.summary, names),
        size=11.5,
        min_size=9,
        fill=MUTED,
        max_lines=2,
        leading=1.1,
    )


def _defence_chip(view: FanfareView, seat: int) -> Chip:
    """A leader's defence at the end, marked with the seat's shape (the title names the winner)."""
    style = seat_style(seat)
    leader = view.players[seat].leader
    label = f"{leader.defence}/{leader.max_defence}"
    return Chip(label, fill=style.fill, ink=style.ink, icon=style.shape, bold=True)
