"""The lanes board: header, both players, three locations with their cards, and the step shown.

Layout (units; the picture is :data:`WIDTH` units wide and ``scale`` pixels per unit)::

    header        turn n of last turn · stakes (→ after pending snaps)
    player bar    the top seat: name, energy, ended turn, reveals first, snap, hand, deck
    cards         the top seat's cards, first played nearest the location
    tiles         three locations: totals of both sides (the leader crowned), name, rules text
    cards         the bottom seat's cards
    player bar    the bottom seat
    caption       what the step did, highlighted (only with a step)

A seat's own side is at the bottom: the viewer's, or the seat the board is drawn for (a spectator's
view of the board for a player's ``/board``); otherwise seat 0's.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import (
    LEGIBLE,
    Box,
    Canvas,
    Chip,
    caption_bar,
    caption_height,
    chip_row,
    chip_width,
    mix,
    seat_mark,
    seat_style,
    sides,
    with_vacated,
)
from rendering.toolkit.palette import BACKGROUND, HIGHLIGHT, HIGHLIGHT_INK, MUTED, PANEL, TEXT
from rendering.toolkit.words import say
from rules.lanes.views import CardBack, CardView, LanesView, LocationView, PlayerView, SideView

from .marks import Gone, Marks
from .parts import draw_card, draw_empty, draw_gone, draw_tile

__all__ = [
    "GAP",
    "HEADER",
    "LEGIBLE",
    "MARGIN",
    "WIDTH",
    "body_height",
    "caption_box_height",
    "draw_body",
    "draw_caption",
    "draw_header",
    "new_canvas",
    "side_of",
]

WIDTH = 480.0
MARGIN = 7.0
GUTTER = 6.0
COLUMN = (WIDTH - 2 * MARGIN - 2 * GUTTER) / 3
SLOTS = 4
STRIP = 28.0
STRIP_GAP = 3.0
SIDE = SLOTS * STRIP + (SLOTS - 1) * STRIP_GAP
TILE = 130.0
BAR = 24.0
CHIP_TEXT = LEGIBLE
GAP = 5.0
HEADER = 22.0


def column_left(index: int) -> float:
    return MARGIN + index * (COLUMN + GUTTER)


def body_height() -> float:
    return BAR + GAP + SIDE + GAP + TILE + GAP + SIDE + GAP + BAR


# -- header and caption -----------------------------------------------------------------------


def draw_header(canvas: Canvas, view: LanesView, y: float, marks: Marks) -> float:
    """Turn and stakes on one line; returns the y below it."""
    if view.over:
        turn = say("Game over after turn {turn}", turn=view.turn)
    elif view.turn == 0:
        turn = say("Game start")
    elif view.turn == view.last_turn:
        turn = say("Turn {turn} of {last} · last turn", turn=view.turn, last=view.last_turn)
    else:
        turn = say("Turn {turn} of {last}", turn=view.turn, last=view.last_turn)
    width = canvas.text_width(turn, size=14, weight="bold") + 12
    if marks.turn:
        canvas.rect((MARGIN, y, MARGIN + width, y + HEADER), HIGHLIGHT, radius=HEADER / 2)
    colour = HIGHLIGHT_INK if marks.turn else TEXT
    canvas.text(
        (MARGIN + 6, y, MARGIN + width, y + HEADER),
        turn,
        size=14,
        min_size=LEGIBLE,
        weight="bold",
        fill=colour,
        max_lines=1,
    )
    _stakes(canvas, view, y, marks)
    return y + HEADER


def _stakes(canvas: Canvas, view: LanesView, y: float, marks: Marks) -> None:
    pending = sum(1 for p in view.players if p.snap_pending)
    label = say("Stakes {stakes}", stakes=view.stakes)
    if pending:
        label = say(
            "Stakes {stakes} → {doubled} when the turn ends",
            stakes=view.stakes,
            doubled=view.stakes * 2**pending,
        )
    chip = Chip(
        label,
        fill=HIGHLIGHT if marks.stakes else PANEL,
        ink=HIGHLIGHT_INK if marks.stakes else TEXT,
        icon="diamond",
        icon_colour=HIGHLIGHT_INK if marks.stakes else HIGHLIGHT,
        bold=True,
    )
    width = chip_width(canvas, chip, height=HEADER, size=CHIP_TEXT + 1)
    chip_row(canvas, WIDTH - MARGIN - width, y, WIDTH, [chip], height=HEADER, size=CHIP_TEXT + 1)


def caption_box_height(caption: str, scale: float) -> float:
    return caption_height(caption, WIDTH - 2 * MARGIN, size=LEGIBLE, scale=scale)


def draw_caption(canvas: Canvas, y: float, caption: str) -> float:
    """The step's caption from ``y``; returns the y below it."""
    bottom = y + caption_box_height(caption, canvas.scale)
    caption_bar(canvas, (MARGIN, y, WIDTH - MARGIN, bottom), caption, size=LEGIBLE)
    return bottom


# -- players ----------------------------------------------------------------------------------


def _player_chips(view: LanesView, player: PlayerView) -> list[Chip]:
    style = seat_style(player.seat)
    chips: list[Chip] = []
    if not view.over:
        if player.ended:
            chips.append(
                Chip(say("Ended turn"), fill=mix(style.fill, PANEL, 0.35), ink=TEXT, icon="check")
            )
        elif view.turn:
            chips.append(Chip(say("Choosing…"), ink=MUTED))
    energy = say("{energy} energy", energy=player.turn_energy)
    if player.energy_left is not None:
        energy = say(
            "{left} of {energy} energy left", left=player.energy_left, energy=player.turn_energy
        )
    chips.append(Chip(energy, icon="bolt", icon_colour=HIGHLIGHT))
    if view.first == player.seat and not view.over:
        chips.append(Chip(say("Reveals first"), icon="right", icon_colour=style.accent))
    if player.snap_pending:
        chips.append(
            Chip(say("Snap! ×2 at turn end"), fill=HIGHLIGHT, ink=HIGHLIGHT_INK, bold=True)
        )
    elif player.snapped:
        chips.append(Chip(say("Snapped"), ink=MUTED))
    chips.append(Chip(say("Hand {n}", n=player.hand_size), ink=MUTED))
    chips.append(Chip(say("Deck {n}", n=player.deck_size), ink=MUTED))
    return chips


def draw_player(
    canvas: Canvas, view: LanesView, seat: int, names: Sequence[str], y: float, marks: Marks
) -> None:
    player = view.players[seat]
    style = seat_style(seat)
    x = MARGIN
    if seat in marks.seats:
        canvas.frame(
            (x - 2, y - 2, WIDTH - MARGIN + 2, y + BAR + 2), HIGHLIGHT, width=1.5, radius=6
        )
    mark = BAR * 0.62
    seat_mark(canvas, (x + 2, y + (BAR - mark) / 2, x + 2 + mark, y + (BAR + mark) / 2), seat)
    placed = canvas.text(
        (x + mark + 7, y, x + 150, y + BAR),
        names[seat],
        size=13,
        min_size=LEGIBLE,
        weight="bold",
        fill=style.accent,
        max_lines=1,
    )
    right = placed.ink[2] / canvas.scale if placed.ink else x + mark + 7
    chip_row(
        canvas,
        right + 8,
        y + 1.5,
        WIDTH - MARGIN,
        _player_chips(view, player),
        height=BAR - 3,
        size=CHIP_TEXT,
    )


# -- locations and cards ----------------------------------------------------------------------


def _slot_box(index: int, column: int, top: float, *, upward: bool) -> Box:
    """Slot ``index`` of a side whose area starts at ``top``; ``upward`` sides fill bottom-up."""
    x0 = column_left(column)
    step = STRIP + STRIP_GAP
    y0 = top + SIDE - STRIP - index * step if upward else top + index * step
    return (x0, y0, x0 + COLUMN, y0 + STRIP)


def _draw_side(
    canvas: Canvas,
    loc: LocationView,
    side: SideView,
    top: float,
    *,
    upward: bool,
    marks: Marks,
) -> None:
    row = side_of(loc, side, marks)
    newest = next((c for c in reversed(row) if not isinstance(c, Gone)), None)
    newest_face_down = (loc.index, side.seat) in marks.face_down
    for index in range(SLOTS):
        box = _slot_box(index, loc.index, top, upward=upward)
        card = row[index] if index < len(row) else None
        if isinstance(card, Gone):
            draw_gone(canvas, box, card)
        elif card is not None:
            uid = card.uid if isinstance(card, CardView) else -1
            lit = uid in marks.cards or uid in marks.power
            lit = lit or (newest_face_down and card is newest)
            delta = marks.power.get(uid, 0)
            draw_card(canvas, box, card, seat=side.seat, highlight=lit, delta=delta)
        else:
            draw_empty(canvas, box, blocked=loc.closed)


def side_of(loc: LocationView, side: SideView, marks: Marks) -> list[CardView | CardBack | Gone]:
    """A side's slots, first played first: its cards, and the cards that just left in the slots
    they had (when known; else after the cards)."""
    gone = [(g.slot, g) for g in marks.gone if g.location == loc.index and g.seat == side.seat]
    return with_vacated(side.cards, gone, SLOTS)[:SLOTS]


def draw_body(
    canvas: Canvas,
    view: LanesView,
    names: Sequence[str],
    y: float,
    marks: Marks,
    *,
    seat: int | None = None,
) -> float:
    """Both players and the three locations from ``y``, ``seat``'s side at the bottom (else the
    viewer's, else seat 0's); returns the y below them."""
    top_seat, bottom_seat = sides(view.viewer, seat)
    draw_player(canvas, view, top_seat, names, y, marks)
    top_cards = y + BAR + GAP
    tiles = top_cards + SIDE + GAP
    bottom_cards = tiles + TILE + GAP
    areas = ((top_seat, top_cards, True), (bottom_seat, bottom_cards, False))
    for loc in view.locations:
        for owner, top, upward in areas:
            _draw_side(canvas, loc, loc.sides[owner], top, upward=upward, marks=marks)
        x0 = column_left(loc.index)
        box = (x0, tiles, x0 + COLUMN, tiles + TILE)
        draw_tile(canvas, box, loc, top_seat=top_seat, highlight=loc.index in marks.locations)
    y = bottom_cards + SIDE + GAP
    draw_player(canvas, view, bottom_seat, names, y, marks)
    return y + BAR


def new_canvas(height: float, scale: float) -> Canvas:
    return Canvas(WIDTH, height, scale=scale, background=BACKGROUND)
