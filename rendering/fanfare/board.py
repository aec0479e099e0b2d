"""The fanfare board: whose turn it is, both leaders and their resources, five slots a side, and
the step shown.

Layout (units; the picture is :data:`WIDTH` units wide and ``scale`` pixels per unit)::

    header        turn n · whose turn (or the mulligan, or the end)
    panel         the top seat: leader's defence, name, PP, EP and evolving, hand, deck, cemetery;
                  abilities the leader gained
    row           the top seat's five slots, left to right in the order the cards arrived
    row           the bottom seat's five slots
    panel         the bottom seat
    caption       what the step did, highlighted (only with a step)

A seat's own side is at the bottom: the viewer's, or the seat the board is drawn for (a spectator's
view of the board for a player's ``/board``); otherwise seat 0's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from rendering.toolkit import (
    Box,
    Canvas,
    Chip,
    caption_bar,
    chip_row,
    chip_width,
    seat_mark,
    seat_style,
    seat_title,
    sides,
    with_vacated,
)
from rendering.toolkit.palette import (
    BACKGROUND,
    HIGHLIGHT,
    HIGHLIGHT_INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    TEXT,
)
from rules.fanfare.views import BoardCardView, FanfareView, PlayerView

from .marks import Gone, Marks
from .parts import draw_empty, draw_gone, draw_leader_tags, draw_tags, draw_tile
from .status import evolve_label, status_label

__all__ = [
    "CAPTION",
    "GAP",
    "HEADER",
    "MARGIN",
    "WIDTH",
    "body_height",
    "draw_body",
    "draw_caption",
    "draw_header",
    "new_canvas",
    "row_of",
    "slot_box",
]

WIDTH = 480.0
MARGIN = 7.0
GAP = 5.0
HEADER = 22.0
CAPTION = 34.0
SLOTS = 5
SLOT_GAP = 5.0
TILE_W = (WIDTH - 2 * MARGIN - (SLOTS - 1) * SLOT_GAP) / SLOTS
TILE_H = 136.0
PANEL_H = 52.0
MIDDLE = 12.0
LEADER_W = 44.0
CHIP_H = 17.0
CHIP_TEXT = 11.0


def body_height() -> float:
    return PANEL_H + GAP + TILE_H + MIDDLE + TILE_H + GAP + PANEL_H


def new_canvas(height: float, scale: float) -> Canvas:
    return Canvas(WIDTH, height, scale=scale, background=BACKGROUND)


# -- header and caption -----------------------------------------------------------------------


def _turn_label(view: FanfareView, names: Sequence[str]) -> str:
    if view.over:
        return f"Game over after turn {view.turn}" if view.turn else "Game over"
    if view.phase == "mulligan":
        return f"Mulligan · {names[view.first]} goes first"
    return f"Turn {view.turn} · {names[view.turn_player]}'s turn"


def draw_header(
    canvas: Canvas, view: FanfareView, names: Sequence[str], y: float, marks: Marks
) -> float:
    """The turn and whose it is (with that seat's mark); returns the y below it."""
    label = _turn_label(view, names)
    playing = view.phase == "main" and not view.over
    mark = HEADER * 0.55 if playing else 0.0
    left = MARGIN + 6 + (mark + 6 if playing else 0)
    width = min(canvas.text_width(label, size=14, weight="bold"), WIDTH - 2 * MARGIN - left)
    if marks.turn:
        canvas.rect((MARGIN, y, left + width + 8, y + HEADER), HIGHLIGHT, radius=HEADER / 2)
    if playing:
        top = y + (HEADER - mark) / 2
        seat_mark(canvas, (MARGIN + 6, top, MARGIN + 6 + mark, top + mark), view.turn_player)
    canvas.text(
        (left, y, WIDTH - MARGIN, y + HEADER),
        label,
        size=14,
        min_size=10,
        weight="bold",
        fill=HIGHLIGHT_INK if marks.turn else TEXT,
        max_lines=1,
    )
    return y + HEADER


def draw_caption(canvas: Canvas, y: float, caption: str) -> None:
    caption_bar(canvas, (MARGIN, y, WIDTH - MARGIN, y + CAPTION), caption, size=12, min_size=9)


# -- a player's panel -------------------------------------------------------------------------


def _lit(chip: Chip, lit: bool) -> Chip:
    """``chip`` in the highlight's colours if the step changed it."""
    if not lit:
        return chip
    return replace(chip, fill=HIGHLIGHT, ink=HIGHLIGHT_INK, icon_colour=HIGHLIGHT_INK, bold=True)


def _resource_chips(view: FanfareView, player: PlayerView, marks: Marks) -> list[Chip]:
    seat = player.seat
    lit = {chip for s, chip in marks.chips if s == seat}
    pp = Chip(f"{player.pp}/{player.max_pp} PP", icon="bolt", icon_colour=HIGHLIGHT)
    chips = [
        _lit(pp, "pp" in lit),
        _lit(Chip(evolve_label(view, player), icon="up", icon_colour=MUTED), "ep" in lit),
        _lit(Chip(f"Hand {player.hand_size}", ink=MUTED), "hand" in lit),
        _lit(Chip(f"Deck {player.deck_size}", ink=MUTED), "deck" in lit),
        _lit(Chip(f"Cemetery {player.cemetery}", ink=MUTED), "cemetery" in lit),
    ]
    return chips[1:] if view.phase == "mulligan" else chips  # no PP before the first turn


def leader_abilities(texts: Sequence[str]) -> str:
    """The abilities a leader gained, in one line: the same one twice (two Arcane Bazaars) is
    written once with "2×"."""
    counts = Counter(texts)
    parts = [text if counts[text] == 1 else f"{counts[text]}× {text}" for text in counts]
    return "Leader: " + " · ".join(parts)


def _status_chip(view: FanfareView, player: PlayerView) -> Chip | None:
    """The turn player's "Playing" (in the seat's colours), or the seat's part in the mulligan."""
    label = status_label(view, player)
    if not label:
        return None
    if label == "Playing":
        style = seat_style(player.seat)
        return Chip(label, fill=style.fill, ink=style.ink, icon="right", bold=True)
    return Chip(label, ink=MUTED)


def _leader(canvas: Canvas, player: PlayerView, x: float, y: float, marks: Marks) -> Box:
    """The leader's defence in a shield of the seat's colour; returns its box."""
    style = seat_style(player.seat)
    box = (x, y + 2, x + LEADER_W, y + PANEL_H - 2)
    leader = player.leader
    canvas.shape("shield", box, style.fill)
    x0, y0, x1, y1 = box
    canvas.text(
        (x0 + 5, y0 + 4, x1 - 5, y0 + 28),
        str(max(0, leader.defence)),
        size=20,
        min_size=12,
        weight="bold",
        fill=style.ink,
        align="center",
        leading=1.0,
        max_lines=1,
        role="number",
    )
    canvas.text(
        (x0 + 10, y0 + 27, x1 - 10, y0 + 37),
        f"/{leader.max_defence}",
        size=9,
        min_size=6,
        weight="bold",
        fill=style.ink,
        align="center",
        leading=1.0,
        max_lines=1,
        role="number",
    )
    if leader.uid in marks.lit:
        canvas.frame((x0 - 3, y0 - 3, x1 + 3, y1 + 3), HIGHLIGHT, width=1.8, radius=6)
    return box


def draw_panel(
    canvas: Canvas,
    view: FanfareView,
    seat: int,
    names: Sequence[str],
    y: float,
    marks: Marks,
) -> Box:
    """One seat's leader and counters; returns the leader's box (for its tags)."""
    player = view.players[seat]
    x0, x1 = MARGIN, WIDTH - MARGIN
    canvas.rect((x0, y, x1, y + PANEL_H), PANEL, radius=6)
    if seat in marks.seats:
        canvas.frame((x0 - 2, y - 2, x1 + 2, y + PANEL_H + 2), HIGHLIGHT, width=1.5, radius=8)
    leader = _leader(canvas, player, x0 + 4, y, marks)
    left = leader[2] + 8
    status = _status_chip(view, player)
    status_w = chip_width(canvas, status, height=CHIP_H, size=CHIP_TEXT) if status else 0.0
    title = (left, y + 2, x1 - 8 - status_w, y + 20)
    placed = seat_title(canvas, title, seat, names[seat], mark=11, size=13, min_size=9.5, gap=5)
    if status:
        after = placed.ink[2] / canvas.scale + 8 if placed.ink else left + 24
        chip = _lit(status, seat in marks.seats)
        chip_row(canvas, after, y + 2, x1 - 4, [chip], height=CHIP_H, size=CHIP_TEXT)
    chips = _resource_chips(view, player, marks)
    chip_row(canvas, left, y + 21, x1 - 4, chips, height=CHIP_H, size=CHIP_TEXT, gap=3)
    if player.leader.abilities:
        canvas.text(
            (left, y + 39, x1 - 6, y + PANEL_H - 1),
            leader_abilities(player.leader.abilities),
            size=9,
            min_size=6.5,
            fill=TEXT,
            max_lines=1,
        )
    return leader


# -- the rows ---------------------------------------------------------------------------------


def slot_box(index: int, top: float) -> Box:
    x0 = MARGIN + index * (TILE_W + SLOT_GAP)
    return (x0, top, x0 + TILE_W, top + TILE_H)


def row_of(player: PlayerView, marks: Marks) -> list[BoardCardView | Gone]:
    """The seat's slots left to right: its cards, and the cards that just left in the slots
    they had (when known; else after the cards)."""
    gone = [(g.slot, g) for g in marks.gone if g.seat == player.seat]
    return with_vacated(player.board, gone, SLOTS)[:SLOTS]


def draw_row(canvas: Canvas, player: PlayerView, top: float, marks: Marks) -> None:
    row = row_of(player, marks)
    for index in range(SLOTS):
        box = slot_box(index, top)
        item = row[index] if index < len(row) else None
        if isinstance(item, Gone):
            draw_gone(canvas, box, item)
        elif item is not None:
            draw_tile(canvas, box, item, seat=player.seat, highlight=item.uid in marks.lit)
        else:
            draw_empty(canvas, box)


def _draw_row_tags(canvas: Canvas, player: PlayerView, top: float, marks: Marks) -> None:
    for index, item in enumerate(row_of(player, marks)):
        if isinstance(item, BoardCardView) and item.uid in marks.tags:
            draw_tags(canvas, slot_box(index, top), marks.tags[item.uid])


def _mulligan_note(canvas: Canvas, top: float) -> None:
    """Over the empty rows while the opening hands are chosen."""
    y0, y1 = top + TILE_H - 26, top + TILE_H + MIDDLE + 26
    box = (MARGIN + 40, y0, WIDTH - MARGIN - 40, y1)
    canvas.rect(box, PANEL_EDGE, radius=8)
    canvas.rect((box[0] + 1, y0 + 1, box[2] - 1, y1 - 1), PANEL, radius=7)
    canvas.text(
        (box[0] + 12, y0 + 4, box[2] - 12, y0 + 20),
        "Opening hands",
        size=13,
        min_size=10,
        weight="bold",
        fill=TEXT,
        align="center",
        max_lines=1,
    )
    canvas.text(
        (box[0] + 12, y0 + 20, box[2] - 12, y1 - 4),
        "Each player may return any of their three cards once: they are replaced from the deck.",
        size=11,
        min_size=8,
        fill=MUTED,
        align="center",
        leading=1.15,
        balance=True,
    )


def draw_body(
    canvas: Canvas,
    view: FanfareView,
    names: Sequence[str],
    y: float,
    marks: Marks,
    *,
    seat: int | None = None,
) -> float:
    """Both panels and both rows from ``y``, ``seat``'s side at the bottom (else the viewer's,
    else seat 0's); returns the y below them."""
    top_seat, bottom_seat = sides(view.viewer, seat)
    leaders = {top_seat: draw_panel(canvas, view, top_seat, names, y, marks)}
    top_row = y + PANEL_H + GAP
    bottom_row = top_row + TILE_H + MIDDLE
    rows = ((top_seat, top_row), (bottom_seat, bottom_row))
    for seat, top in rows:
        draw_row(canvas, view.players[seat], top, marks)
    if view.phase == "mulligan" and not view.over:
        _mulligan_note(canvas, top_row)
    y = bottom_row + TILE_H + GAP
    leaders[bottom_seat] = draw_panel(canvas, view, bottom_seat, names, y, marks)
    for seat, top in rows:
        _draw_row_tags(canvas, view.players[seat], top, marks)
        uid = view.players[seat].leader.uid
        if uid in marks.tags:
            draw_leader_tags(canvas, leaders[seat], marks.tags[uid])
    return y + PANEL_H
