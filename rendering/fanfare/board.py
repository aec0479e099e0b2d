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

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from rendering.toolkit import (
    Box,
    Canvas,
    Chip,
    caption_bar,
    caption_height,
    chip_flow,
    fit_text,
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
from rendering.toolkit.words import rules_text, say
from rules.fanfare.views import BoardCardView, FanfareView, PlayerView

from .marks import Gone, Marks
from .parts import (
    LEGIBLE,
    draw_empty,
    draw_gone,
    draw_tags,
    draw_tile,
    tile_height,
    tone,
)
from .status import evolve_label, is_playing, status_label

__all__ = [
    "GAP",
    "HEADER",
    "MARGIN",
    "WIDTH",
    "body_height",
    "caption_box_height",
    "draw_body",
    "draw_caption",
    "draw_header",
    "new_canvas",
    "row_of",
    "slot_box",
]

WIDTH = 480.0
MARGIN = 6.0
GAP = 5.0
HEADER = 22.0
SLOTS = 5
SLOT_GAP = 4.0
TILE_W = (WIDTH - 2 * MARGIN - (SLOTS - 1) * SLOT_GAP) / SLOTS
TILE_H = 218.0  # every shipped card in play fits (a row grows for a card that does not)
MIDDLE = 10.0
LEADER_W = 48.0
PANEL_ROW = 19.0  # a row of the panel: the name, chips
PANEL_PAD = 3.0
CHIP_TEXT = LEGIBLE


def new_canvas(height: float, scale: float) -> Canvas:
    return Canvas(WIDTH, height, scale=scale, background=BACKGROUND)


# -- header and caption -----------------------------------------------------------------------


def _turn_label(view: FanfareView, names: Sequence[str]) -> str:
    if view.over:
        if view.turn:
            return say("Game over after turn {turn}", turn=view.turn)
        return say("Game over")
    if view.phase == "mulligan":
        return say("Mulligan · {player} goes first", player=names[view.first])
    return say("Turn {turn} · {player}'s turn", turn=view.turn, player=names[view.turn_player])


def draw_header(
    canvas: Canvas, view: FanfareView, names: Sequence[str], y: float, marks: Marks
) -> float:
    """The turn and whose it is (with that seat's mark); returns the y below it."""
    label = _turn_label(view, names)
    playing = view.phase == "main" and not view.over
    mark = HEADER * 0.55 if playing else 0.0
    left = MARGIN + 6 + (mark + 6 if playing else 0)
    width = min(canvas.text_width(label, size=14, weight="bold"), WIDTH - MARGIN - left)
    if marks.turn:
        canvas.rect((MARGIN, y, left + width + 8, y + HEADER), HIGHLIGHT, radius=HEADER / 2)
    if playing:
        top = y + (HEADER - mark) / 2
        seat_mark(canvas, (MARGIN + 6, top, MARGIN + 6 + mark, top + mark), view.turn_player)
    canvas.text(
        (left, y, WIDTH - MARGIN, y + HEADER),
        label,
        size=14,
        min_size=LEGIBLE,
        weight="bold",
        fill=HIGHLIGHT_INK if marks.turn else TEXT,
        max_lines=1,
    )
    return y + HEADER


def caption_box_height(caption: str, scale: float) -> float:
    return caption_height(caption, WIDTH - 2 * MARGIN, size=LEGIBLE, scale=scale)


def draw_caption(canvas: Canvas, y: float, caption: str) -> float:
    """The step's caption from ``y`` (as many lines as it needs); returns the y below it."""
    bottom = y + caption_box_height(caption, canvas.scale)
    caption_bar(canvas, (MARGIN, y, WIDTH - MARGIN, bottom), caption, size=LEGIBLE)
    return bottom


# -- a player's panel -------------------------------------------------------------------------


def _lit(chip: Chip, lit: bool) -> Chip:
    """``chip`` in the highlight's colours if the step changed it."""
    if not lit:
        return chip
    return replace(chip, fill=HIGHLIGHT, ink=HIGHLIGHT_INK, icon_colour=HIGHLIGHT_INK, bold=True)


def _resource_chips(view: FanfareView, player: PlayerView, marks: Marks) -> list[Chip]:
    seat = player.seat
    lit = {chip for s, chip in marks.chips if s == seat}
    pp = Chip(
        say("{pp}/{max} PP", pp=player.pp, max=player.max_pp), icon="bolt", icon_colour=HIGHLIGHT
    )
    chips = [
        _lit(pp, "pp" in lit),
        _lit(Chip(evolve_label(view, player), icon="up", icon_colour=MUTED), "ep" in lit),
        _lit(Chip(say("Hand {n}", n=player.hand_size), ink=MUTED), "hand" in lit),
        _lit(Chip(say("Deck {n}", n=player.deck_size), ink=MUTED), "deck" in lit),
        _lit(Chip(say("Cemetery {n}", n=player.cemetery), ink=MUTED), "cemetery" in lit),
    ]
    return chips[1:] if view.phase == "mulligan" else chips  # no PP before the first turn


def leader_abilities(texts: Sequence[str]) -> str:
    """The abilities a leader gained, in one line: the same one twice (two Arcane Bazaars) is
    written once with "2×"."""
    counts = Counter(rules_text("fanfare", text) for text in texts)
    parts = [
        text if counts[text] == 1 else say("{n}× {ability}", n=counts[text], ability=text)
        for text in counts
    ]
    return say("Leader: {abilities}", abilities=" · ".join(parts))


def _status_chip(view: FanfareView, player: PlayerView) -> Chip | None:
    """The turn player's "Playing" (in the seat's colours), or the seat's part in the mulligan."""
    label = status_label(view, player)
    if not label:
        return None
    if is_playing(view, player):
        style = seat_style(player.seat)
        return Chip(label, fill=style.fill, ink=style.ink, icon="right", bold=True)
    return Chip(label, ink=MUTED)


def _leader(canvas: Canvas, player: PlayerView, x: float, y: float, marks: Marks) -> Box:
    """The leader's defence in a shield of the seat's colour ("18" over "/20"); returns its box."""
    style = seat_style(player.seat)
    box = (x, y + 2, x + LEADER_W, y + 2 + LEADER_W)
    leader = player.leader
    canvas.shape("shield", box, style.fill)
    x0, y0, x1, y1 = box
    for text, top, bottom, size in (
        (str(max(0, leader.defence)), y0 + 2, y0 + 24, 20.0),
        (f"/{leader.max_defence}", y0 + 21, y0 + 35, LEGIBLE),
    ):
        canvas.text(
            (x0 + 6, top, x1 - 6, bottom),
            text,
            size=size,
            min_size=LEGIBLE,
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


def _panel_chips(view: FanfareView, player: PlayerView, marks: Marks) -> list[Chip]:
    """What the step did to the leader ("–3", "attacked"), the seat's part in the turn or the
    mulligan, then its counters: the chips that follow the seat's name."""
    tags = marks.tags.get(player.leader.uid, ())
    chips = [Chip(t.text, fill=tone(t), ink=HIGHLIGHT_INK, bold=True) for t in tags]
    status = _status_chip(view, player)
    if status is not None:
        chips.append(_lit(status, player.seat in marks.seats))
    return chips + _resource_chips(view, player, marks)


def draw_panel(
    canvas: Canvas,
    view: FanfareView,
    seat: int,
    names: Sequence[str],
    y: float,
    marks: Marks,
) -> float:
    """One seat's leader, then its name followed by its chips, as many rows as they take (two
    at least), and the abilities the leader gained; returns the y below the panel."""
    x0, x1 = MARGIN, WIDTH - MARGIN
    bottom = _panel_rows(canvas, view, seat, names, y, marks, draw=False)
    canvas.rect((x0, y, x1, bottom), PANEL, radius=6)
    if seat in marks.seats:
        canvas.frame((x0 - 2, y - 2, x1 + 2, bottom + 2), HIGHLIGHT, width=1.5, radius=8)
    _leader(canvas, view.players[seat], x0 + 4, y, marks)
    _panel_rows(canvas, view, seat, names, y, marks, draw=True)
    return bottom


def _panel_rows(
    canvas: Canvas,
    view: FanfareView,
    seat: int,
    names: Sequence[str],
    y: float,
    marks: Marks,
    *,
    draw: bool,
) -> float:
    """The rows right of the leader, drawn or only measured; returns the panel's bottom."""
    player = view.players[seat]
    right = WIDTH - MARGIN - 5
    left = MARGIN + 4 + LEADER_W + 8
    row = y + PANEL_PAD
    mark, gap = 11.0, 5.0
    name_w = canvas.text_width(names[seat], size=13, weight="bold")
    title = (left, row, min(left + mark + gap + name_w, left + 180), row + PANEL_ROW)
    if draw:
        seat_title(canvas, title, seat, names[seat], mark=mark, size=13, min_size=LEGIBLE)
    chips = _panel_chips(view, player, marks)
    options = {"height": PANEL_ROW, "size": CHIP_TEXT, "gap": 3.0, "row_gap": 2.0}
    _x, last = chip_flow(
        canvas, title[2] + 8, row, (left, y, right, y), chips, draw=draw, **options
    )
    end = max(last, row + PANEL_ROW + 2) + PANEL_ROW
    if player.leader.abilities:  # below the chips, on as many lines as they take
        text = leader_abilities(player.leader.abilities)
        px = canvas.px(LEGIBLE)
        block = fit_text(text, canvas.px(right - left), 1 << 20, px, px, "regular", 1.15)
        box = (left, end + 1, right, end + 1 + math.ceil(block.height / canvas.scale) + 1)
        if draw:
            canvas.text(box, text, size=LEGIBLE, fill=TEXT, leading=1.15, valign="top")
        end = box[3]
    return max(end + PANEL_PAD, y + LEADER_W + 4)


# -- the rows ---------------------------------------------------------------------------------


def slot_box(index: int, top: float, height: float = TILE_H) -> Box:
    x0 = MARGIN + index * (TILE_W + SLOT_GAP)
    return (x0, top, x0 + TILE_W, top + height)


def row_of(player: PlayerView, marks: Marks) -> list[BoardCardView | Gone]:
    """The seat's slots left to right: its cards, and the cards that just left in the slots
    they had (when known; else after the cards)."""
    gone = [(g.slot, g) for g in marks.gone if g.seat == player.seat]
    return with_vacated(player.board, gone, SLOTS)[:SLOTS]


def row_height(canvas: Canvas, view: FanfareView) -> float:
    """How tall both rows are: :data:`TILE_H`, which every shipped card fits in play, or more
    for a card that needs more (many keywords, granted abilities)."""
    cards = [card for player in view.players for card in player.board]
    return max([TILE_H, *(tile_height(canvas, card, TILE_W) for card in cards)])


def draw_row(canvas: Canvas, player: PlayerView, top: float, height: float, marks: Marks) -> None:
    row = row_of(player, marks)
    for index in range(SLOTS):
        box = slot_box(index, top, height)
        item = row[index] if index < len(row) else None
        if isinstance(item, Gone):
            draw_gone(canvas, box, item)
        elif item is not None:
            draw_tile(canvas, box, item, seat=player.seat, highlight=item.uid in marks.lit)
        else:
            draw_empty(canvas, box)


def _draw_row_tags(
    canvas: Canvas, player: PlayerView, top: float, height: float, marks: Marks
) -> None:
    for index, item in enumerate(row_of(player, marks)):
        if isinstance(item, BoardCardView) and item.uid in marks.tags:
            draw_tags(canvas, slot_box(index, top, height), marks.tags[item.uid])


def _mulligan_note(canvas: Canvas, middle: float) -> None:
    """Over the empty rows while the opening hands are chosen, centred on ``middle``."""
    y0, y1 = middle - 40, middle + 40
    box = (MARGIN + 40, y0, WIDTH - MARGIN - 40, y1)
    canvas.rect(box, PANEL_EDGE, radius=8)
    canvas.rect((box[0] + 1, y0 + 1, box[2] - 1, y1 - 1), PANEL, radius=7)
    canvas.text(
        (box[0] + 12, y0 + 5, box[2] - 12, y0 + 24),
        say("Opening hands"),
        size=14,
        min_size=LEGIBLE,
        weight="bold",
        fill=TEXT,
        align="center",
        max_lines=1,
    )
    canvas.text(
        (box[0] + 12, y0 + 24, box[2] - 12, y1 - 5),
        say(
            "Each player may return any of their three cards once: they are replaced from the deck."
        ),
        size=LEGIBLE,
        fill=MUTED,
        align="center",
        leading=1.15,
        balance=True,
    )


def body_height(measure: Canvas, view: FanfareView, names: Sequence[str], marks: Marks) -> float:
    """How tall :func:`draw_body` draws (``measure``: any canvas of the same scale)."""
    panels = sum(_panel_rows(measure, view, seat, names, 0.0, marks, draw=False) for seat in (0, 1))
    return panels + GAP + 2 * row_height(measure, view) + MIDDLE + GAP


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
    height = row_height(canvas, view)
    top_row = draw_panel(canvas, view, top_seat, names, y, marks) + GAP
    bottom_row = top_row + height + MIDDLE
    rows = ((top_seat, top_row), (bottom_seat, bottom_row))
    for owner, top in rows:
        draw_row(canvas, view.players[owner], top, height, marks)
    if view.phase == "mulligan" and not view.over:
        _mulligan_note(canvas, top_row + height + MIDDLE / 2)
    for owner, top in rows:
        _draw_row_tags(canvas, view.players[owner], top, height, marks)
    return draw_panel(canvas, view, bottom_seat, names, bottom_row + height + GAP, marks)
