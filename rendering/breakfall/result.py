"""The end of a breakfall match: who won and how, both damage zones, and the final board."""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, Chip, chip_width, result_banner, seat_style
from rendering.toolkit.words import language, say
from rules.breakfall.views import BreakfallView
from rules.engine import in_language, name_seats

from .board import GAP, HEADER, MARGIN, WIDTH, body_height, draw_body, draw_header, new_canvas
from .marks import Marks

__all__ = ["draw_result"]

BANNER = 66.0
CHIP_SIZE = 12.5  # the banner's chips (toolkit.result_banner)


def draw_result(view: BreakfallView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.result is None:
        raise ValueError("the match is not over: there is no result to draw")
    body = body_height(new_canvas(1, scale), view, names, Marks())
    canvas = new_canvas(MARGIN + BANNER + GAP + HEADER + GAP + body + MARGIN, scale)
    result = view.result
    winner = result.winners[0] if result.winners else None
    title = say("{player} wins!", player=names[winner]) if winner is not None else say("A draw")
    counts = [_damage_chip(canvas, view, names, seat, 0.0) for seat in range(2)]
    bare = sum(chip_width(canvas, c, height=21, size=CHIP_SIZE) for c in counts)
    rooms = _name_rooms(canvas, title, names, bare)
    result_banner(
        canvas,
        (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + BANNER),
        winner=winner,
        name=names[winner] if winner is not None else "",
        chips=[
            _damage_chip(canvas, view, names, seat, rooms[seat])
            for seat in range(len(view.players))
        ],
        summary=name_seats(in_language(result.summary, language()), names),
    )
    y = draw_header(canvas, view, names, MARGIN + BANNER + GAP, Marks()) + GAP
    draw_body(canvas, view, names, y, Marks())
    return canvas


def _damage_chip(
    canvas: Canvas, view: BreakfallView, names: Sequence[str], seat: int, room: float
) -> Chip:
    """A seat's damage zone at the end, named and marked with its shape ("Alice 5/10": the
    summary under it and the panels below say it is damage; "damage" in each chip would leave the
    title no room)."""
    style = seat_style(seat)
    player = view.players[seat]
    count = f"{len(player.damage)}/{player.damage_limit}"
    label = f"{_clipped(canvas, names[seat], room)} {count}" if room > 0 else count
    return Chip(label, fill=style.fill, ink=style.ink, icon=style.shape, bold=True)


MIN_NAME = 30.0
"""The least room for a name in a chip of the banner (a few letters and "…"); with less, the
chip has only the count (the board's panels below name the seats)."""


def _name_rooms(canvas: Canvas, title: str, names: Sequence[str], bare: float) -> list[float]:
    """How wide each name may be in its chip. The title comes first, at 18 units if the names
    can then have :data:`MIN_NAME` each, else as small as the banner lets it (12); the names
    share what it leaves of the banner (its padding, 18; the crown and mark, 52; gaps, 8 and 4;
    ``bare``: the chips without their names)."""
    widths = [_width(canvas, name, CHIP_SIZE) for name in names[:2]]
    rooms: list[float] = []
    for size in (18, 12):
        left = WIDTH - 2 * MARGIN - 18 - 52 - _width(canvas, title, size) - 8 - bare - 4
        rooms = _share(left, widths)
        if min(rooms) >= MIN_NAME:
            return rooms
    return [room if room >= MIN_NAME else 0.0 for room in rooms]


def _share(room: float, widths: list[float]) -> list[float]:
    """Room for each name: as wide as it is if all fit, else what the others leave it, and at
    least half the room."""
    rooms = []
    for i, width in enumerate(widths):
        others = sum(min(w, room / 2) for j, w in enumerate(widths) if j != i)
        rooms.append(max(room / 2, min(width, room - others)))
    return rooms


def _width(canvas: Canvas, text: str, size: float) -> float:
    return canvas.text_width(text, size=size, weight="bold")


def _clipped(canvas: Canvas, name: str, room: float) -> str:
    """``name``, cut short with "…" if it is wider than ``room`` (the board below has it whole)."""
    if _width(canvas, name, CHIP_SIZE) <= room:
        return name
    while len(name) > 1 and _width(canvas, name + "…", CHIP_SIZE) > room:
        name = name[:-1]
    return name.rstrip() + "…"
