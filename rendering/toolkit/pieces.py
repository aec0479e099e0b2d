"""Pieces every ruleset's pictures are built from: badges, chips, card frames, the caption bar.

Each takes a :class:`Canvas` and a box in layout units and draws one thing; none knows a ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from .canvas import Box, Canvas
from .fonts import font_runs, run_metrics
from .palette import (
    BACKGROUND,
    CARD,
    CARD_BACK,
    CARD_EDGE,
    HIGHLIGHT,
    HIGHLIGHT_INK,
    MUTED,
    PANEL,
    RGB,
    TEXT,
    mix,
    seat_style,
)
from .text import Placed, fit_text
from .words import say

__all__ = [
    "LEGIBLE",
    "Chip",
    "badge",
    "caption_bar",
    "caption_height",
    "card_back",
    "card_frame",
    "chip_flow",
    "chip_row",
    "chip_width",
    "display_names",
    "hand_header",
    "result_banner",
    "right_chips",
    "seat_mark",
    "seat_title",
    "sides",
    "signed",
    "strike",
    "tag",
    "with_vacated",
]

Card = TypeVar("Card")
Vacated = TypeVar("Vacated")


def badge(
    canvas: Canvas,
    box: Box,
    text: str,
    *,
    fill: RGB,
    ink: RGB,
    shape: str = "disc",
    size: float | None = None,
) -> None:
    """A number (cost, power, a total) in a filled shape; the number shrinks to fit."""
    canvas.shape(shape, box, fill)
    height = box[3] - box[1]
    pad = height * (0.22 if shape == "diamond" else 0.1)
    canvas.text(
        (box[0] + pad, box[1], box[2] - pad, box[3]),
        text,
        size=size or height * 0.62,
        min_size=height * 0.3,
        weight="bold",
        fill=ink,
        align="center",
        valign="middle",
        leading=1.0,
        max_lines=1,
        role="number",
    )


def seat_mark(canvas: Canvas, box: Box, seat: int) -> None:
    """The seat's shape in its colour: the cue that does not rely on colour."""
    style = seat_style(seat)
    canvas.shape(style.shape, box, style.fill)


LEGIBLE = 12.0
"""The smallest text a picture writes, in units: capitals 7 pixels high on a phone (a picture
480 units wide seen at 400 pixels)."""


def hand_header(canvas: Canvas, box: Box, seat: int, title: str, chips: Sequence[Chip]) -> None:
    """The head of a seat's hand: its mark and ``title`` ("Alice's hand") on the left, ``chips``
    (energy, cards in hand...) in a row that ends at the box's right edge."""
    x0, y0, x1, y1 = box
    start = right_chips(canvas, x1, y0 + 4, chips, height=y1 - y0 - 8, size=12)
    seat_title(canvas, (x0 + 2, y0, start - 6, y1), seat, title, mark=16, size=15, min_size=LEGIBLE)


def seat_title(
    canvas: Canvas,
    box: Box,
    seat: int,
    text: str,
    *,
    mark: float,
    size: float,
    min_size: float,
    gap: float = 6,
) -> Placed:
    """The seat's mark (``mark`` units high, centred on the box's height), then ``text`` (a name,
    "Alice's hand") in bold in the seat's colour, on one line."""
    x0, y0, x1, y1 = box
    top = (y0 + y1 - mark) / 2
    seat_mark(canvas, (x0, top, x0 + mark, top + mark), seat)
    return canvas.text(
        (x0 + mark + gap, y0, x1, y1),
        text,
        size=size,
        min_size=min_size,
        weight="bold",
        fill=seat_style(seat).accent,
        max_lines=1,
    )


@dataclass(frozen=True, slots=True)
class Chip:
    """A small labelled pill; ``icon`` is a shape name drawn before the label."""

    label: str
    fill: RGB = PANEL
    ink: RGB = TEXT
    icon: str | None = None
    icon_colour: RGB | None = None
    bold: bool = False


def chip_width(canvas: Canvas, chip: Chip, *, height: float, size: float) -> float:
    """How wide :func:`chip_row` draws ``chip``, in layout units."""
    label = canvas.text_width(chip.label, size=size, weight="bold" if chip.bold else "regular")
    icon = height * 0.82 if chip.icon else 0.0
    return height * 0.8 + label + icon


def chip_row(
    canvas: Canvas,
    x: float,
    y: float,
    right: float,
    chips: Sequence[Chip],
    *,
    height: float,
    size: float,
    gap: float = 4,
) -> float:
    """Chips left to right from ``x``; a chip that would pass ``right`` is left out (so order
    them by importance). Returns where the row ended."""
    pad = height * 0.4
    for chip in chips:
        width = chip_width(canvas, chip, height=height, size=size)
        if x + width > right:
            continue
        canvas.rect((x, y, x + width, y + height), chip.fill, radius=height / 2)
        left = x + pad
        if chip.icon:
            icon = height * 0.62
            top = y + (height - icon) / 2
            canvas.shape(
                chip.icon, (left, top, left + icon, top + icon), chip.icon_colour or chip.ink
            )
            left += height * 0.82
        canvas.text(
            (left, y, x + width - pad + 1, y + height),
            chip.label,
            size=size,
            weight="bold" if chip.bold else "regular",
            fill=chip.ink,
            valign="middle",
            leading=1.0,
            max_lines=1,
            role="label",
            cover=(x, y, x + width, y + height),
        )
        x += width + gap
    return x


def chip_flow(
    canvas: Canvas,
    x: float,
    y: float,
    box: Box,
    chips: Sequence[Chip],
    *,
    height: float,
    size: float,
    gap: float = 4,
    row_gap: float = 3,
    draw: bool = True,
) -> tuple[float, float]:
    """Chips left to right from ``x`` on the row at ``y``, then on rows below starting at the
    left of ``box`` (left, top, right, bottom: the room), as text flows: no chip is left out
    for want of room at the end of a row (order them as they should read). Returns
    (x, y) where the last row ended; with ``draw`` False, only measures. A chip wider than the
    box is left out."""
    left, _top, right, _bottom = box
    for chip in chips:
        width = chip_width(canvas, chip, height=height, size=size)
        if width > right - left:
            continue
        if x + width > right + 0.01:
            x, y = left, y + height + row_gap
        if draw:
            chip_row(canvas, x, y, x + width, [chip], height=height, size=size, gap=0)
        x += width + gap
    return x, y


def right_chips(
    canvas: Canvas,
    right: float,
    y: float,
    chips: Sequence[Chip],
    *,
    height: float,
    size: float,
    gap: float = 4,
) -> float:
    """Chips in a row that ends at ``right``; returns where the row starts (the room left of it
    is for a title)."""
    width = sum(chip_width(canvas, chip, height=height, size=size) + gap for chip in chips)
    left = right - width + gap
    chip_row(canvas, left, y, right + gap, chips, height=height, size=size, gap=gap)
    return left


def result_banner(
    canvas: Canvas,
    box: Box,
    *,
    winner: int | None,
    name: str,
    chips: Sequence[Chip],
    summary: str,
    title: tuple[str, RGB] | None = None,
) -> None:
    """The head of a result picture (about 66 units tall): the winner crowned, with the seat's
    shape, in its colour ("``name`` wins!"), or "A draw", or with no single winner ``title`` in
    its colour (a side of several seats: "Good wins!"); ``chips`` at the right (each seat's
    score or defence, marked with its shape); then how the match ended, on up to two lines."""
    x0, y, x1, y1 = box
    canvas.rect(box, mix(PANEL, HIGHLIGHT, 0.06), radius=8)
    chips_left = right_chips(canvas, x1 - 8, y + 7, chips, height=21, size=12.5)
    left = x0 + 10
    title_text, colour = title or (say("A draw"), TEXT)
    if winner is not None:
        canvas.shape("crown", (left, y + 9, left + 24, y + 27), HIGHLIGHT)
        seat_mark(canvas, (left + 30, y + 10, left + 46, y + 26), winner)
        title_text, colour, left = (
            say("{player} wins!", player=name),
            seat_style(winner).accent,
            left + 52,
        )
    canvas.text(
        (left, y + 4, chips_left - 8, y + 32),
        title_text,
        size=18,
        min_size=12,
        weight="bold",
        fill=colour,
        max_lines=1,
    )
    canvas.text(
        (x0 + 10, y + 33, x1 - 10, y1 - 3),
        summary,
        size=12,
        fill=MUTED,
        max_lines=2,
        leading=1.1,
    )


def card_frame(
    canvas: Canvas,
    box: Box,
    *,
    edge: RGB,
    fill: RGB = CARD,
    highlight: bool = False,
    dim: bool = False,
    radius: float = 4,
) -> None:
    """A card's body with its owner's colour as a bar on the left; ``highlight`` rings it."""
    x0, y0, x1, y1 = box
    body = mix(fill, BACKGROUND, 0.45) if dim else fill
    # The edge's box only as wide as the body leaves it showing (its left end): the same
    # picture as the whole box under the body, for a fraction of the pixels.
    bar = (x0, y0, min(x1, x0 + 3 + 2 * radius + 1), y1)
    canvas.rect(bar, edge if not dim else mix(edge, BACKGROUND, 0.5), radius=radius)
    canvas.rect((x0 + 3, y0, x1, y1), body, radius=radius)
    canvas.rect((x0 + 3, y0, x0 + 3 + radius, y1), body)
    if highlight:
        ring = 1.6
        canvas.frame(
            (x0 - ring, y0 - ring, x1 + ring, y1 + ring),
            HIGHLIGHT,
            width=ring,
            radius=radius + ring,
        )


def card_back(canvas: Canvas, box: Box, *, edge: RGB, label: str, highlight: bool = False) -> None:
    """A face-down card: hatched, with nothing of the card on it but its owner's colour."""
    card_frame(canvas, box, edge=edge, fill=CARD_BACK, highlight=highlight)
    x0, y0, x1, y1 = box
    canvas.hatch((x0 + 4, y0 + 1, x1 - 1, y1 - 1), mix(CARD_BACK, CARD_EDGE, 0.35), step=5)
    canvas.text(
        (x0 + 8, y0, x1 - 4, y1),
        label,
        size=(y1 - y0) * 0.45,
        min_size=(y1 - y0) * 0.35,
        fill=MUTED,
        align="center",
        max_lines=1,
    )


_CAPTION_LEADING = 1.15


def caption_height(text: str, width: float, *, size: float, scale: float, lines: int = 2) -> float:
    """How tall :func:`caption_bar` ``width`` units wide must be for ``text`` at ``size``: room
    for at least ``lines`` lines, so that most steps' pictures are the same height, and for as
    many as a long caption needs (it is never shrunk: it must read on a phone)."""
    px = max(1, round(size * scale))
    room = max(1, round((width - 32) * scale))
    block = fit_text(text, room, 1 << 20, px, px, "regular", _CAPTION_LEADING)
    return max(lines, len(block.lines)) * size * _CAPTION_LEADING + 8


def caption_bar(canvas: Canvas, box: Box, text: str, *, size: float) -> None:
    """The step being shown: a highlight-coloured marker, then the caption, as many lines as
    :func:`caption_height` made room for."""
    x0, y0, x1, y1 = box
    canvas.rect(box, mix(PANEL, HIGHLIGHT, 0.08), radius=5)
    canvas.rect((x0, y0, x0 + 5, y1), HIGHLIGHT, radius=2)
    mid = (y0 + y1) / 2
    canvas.shape("right", (x0 + 10, mid - 5, x0 + 18, mid + 5), HIGHLIGHT)
    canvas.text(
        (x0 + 24, y0 + 2, x1 - 8, y1 - 2),
        text,
        size=size,
        fill=TEXT,
        valign="middle",
        leading=_CAPTION_LEADING,
    )


def tag(canvas: Canvas, box: Box, text: str, *, fill: RGB = HIGHLIGHT) -> None:
    """A small label on something that just changed ("+2", "new")."""
    canvas.rect(box, fill, radius=(box[3] - box[1]) / 2)
    height = box[3] - box[1]
    canvas.text(
        (box[0] + 2, box[1], box[2] - 2, box[3]),
        text,
        size=height * 0.72,
        min_size=height * 0.5,
        weight="bold",
        fill=HIGHLIGHT_INK,
        align="center",
        leading=1.0,
        max_lines=1,
        role="label",
        cover=box,
    )


def strike(canvas: Canvas, placed: Placed, colour: RGB) -> None:
    """A line through each line of a placed text (an ability that stopped working)."""
    size = placed.block.size
    for x, baseline, run in placed.runs:
        width, _ink = run_metrics(run.text, run.font, size)
        y = baseline - round(size * 0.3)
        canvas.pixel_line([(round(x), y), (round(x + width), y)], colour, canvas.px(1))


def display_names(names: Sequence[str], seats: int) -> tuple[str, ...]:
    """The players' names as drawn: "Player 2" for a missing name, or one with nothing drawable
    (all emoji, say)."""
    shown = []
    for seat in range(seats):
        name = " ".join(names[seat].split()) if seat < len(names) else ""
        visible = any(run.strip() for run, _font in font_runs(name, "bold"))
        shown.append(name if visible else say("Player {n}", n=seat + 1))
    return tuple(shown)


def signed(number: int) -> str:
    """``+2``, ``–2`` or ``0``: an en dash for minus, which the Latin font has (U+2212 it lacks)."""
    if number > 0:
        return f"+{number}"
    return f"–{-number}" if number < 0 else "0"


def sides(viewer: int | None, seat: int | None = None) -> tuple[int, int]:
    """(top seat, bottom seat) of a two-seat board: ``seat`` at the bottom if given (a player's
    own side), else the view's viewer, else seat 0 (a spectator's board).

    A seat's view drawn for another seat is refused: it holds what only its own seat may see.
    """
    if seat is not None and viewer is not None and seat != viewer:
        raise ValueError(f"seat {viewer}'s view cannot be drawn for seat {seat}")
    bottom = seat if seat is not None else viewer if viewer is not None else 0
    if bottom not in (0, 1):
        raise ValueError(f"no seat {bottom} on a two-seat board")
    return 1 - bottom, bottom


def with_vacated(
    cards: Sequence[Card], vacated: Sequence[tuple[int | None, Vacated]], slots: int
) -> list[Card | Vacated]:
    """A row of ``cards`` with the slots of cards that just left it kept: each ``(slot, marker)``
    of ``vacated`` is put back at the slot the card had before the step (``None``: not known,
    after the cards), in order of slots, while the row has a free slot. Cards that are still
    there keep their order, so the survivors stay where they were."""
    row: list[Card | Vacated] = list(cards)
    known = sorted(
        ((slot, i) for i, (slot, _marker) in enumerate(vacated) if slot is not None),
    )
    unknown = [i for i, (slot, _marker) in enumerate(vacated) if slot is None]
    for at, i in [*known, *((len(cards) + slots, i) for i in unknown)]:
        if len(row) >= slots:
            break
        row.insert(min(at, len(row)), vacated[i][1])
    return row
