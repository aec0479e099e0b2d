"""The parts of a fanfare picture: a card on the board, its stats and keywords, free and vacated
slots, and the labels of what just changed.

A card on the board is a tile: cost and name at the top, its keywords and states as tags (ward
first and bright: it decides what may be attacked), the rules text that still matters on the
board (not its fanfare, which has happened), then attack and defence, or an amulet's countdown.
Numbers that differ from the card's own are coloured and carry an arrow (up: buffed; down:
damaged or weakened), so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import RGB, Box, Canvas, badge, card_frame, mix, seat_style, strike, tag
from rendering.toolkit.palette import (
    BACKGROUND,
    CARD_EDGE,
    DANGER,
    GOOD,
    HIGHLIGHT,
    HIGHLIGHT_INK,
    MUTED,
    PANEL,
    SUBTLE,
    TEXT,
)
from rules.fanfare.cards import KEYWORDS
from rules.fanfare.views import BoardCardView

from .marks import Gone, Tag

__all__ = [
    "COST_FILL",
    "Label",
    "board_text",
    "cost_badge",
    "draw_empty",
    "draw_gone",
    "draw_labels",
    "draw_leader_tags",
    "draw_stat",
    "draw_tags",
    "draw_tile",
    "keyword_label",
]

COST_FILL: RGB = (70, 92, 130)
TILE_FILL = mix(CARD_EDGE, PANEL, 0.55)
UP: RGB = mix(GOOD, TEXT, 0.35)  # a raised number: lighter than the tag green, to read as text
DOWN: RGB = DANGER
WARD_FILL: RGB = (236, 238, 242)
EVOLVED_FILL: RGB = (104, 84, 150)
READY_FILL: RGB = GOOD
KEYWORD_FILL: RGB = (28, 31, 38)
STATS_H = 25.0  # the attack and defence line at the foot of a tile
_ICON_ASPECT = {"sword": 0.6, "shield": 0.85, "hourglass": 0.75}
_PAST = frozenset({"fanfare", "cast", "drawn", "discarded"})  # abilities that are done on board


def board_text(card: BoardCardView) -> str:
    """What the card still does on the board (the view lists it: no keywords, drawn as tags; no
    countdown, a badge; no fanfare, done), then what was granted to it."""
    return " ".join([*card.abilities, *card.granted])


def cost_badge(
    canvas: Canvas, box: Box, cost: int, *, base: int | None = None, dim: bool = False
) -> None:
    """The cost in a diamond (a shape no seat uses), with a small arrow if it differs from
    ``base`` (a card in hand whose cost an effect changed); ``dim`` for a card not playable."""
    fill = mix(COST_FILL, BACKGROUND, 0.35) if dim else COST_FILL
    badge(canvas, box, str(cost), fill=fill, ink=MUTED if dim else TEXT, shape="diamond")
    if base is not None and cost != base:
        _x0, y0, x1, y1 = box
        h = (y1 - y0) * 0.36
        arrow = "down" if cost < base else "up"
        canvas.shape(arrow, (x1 - h * 0.6, y1 - h, x1 + h * 0.4, y1), UP if cost < base else DOWN)


def draw_stat(
    canvas: Canvas, box: Box, icon: str, value: int, *, base: int, damaged: bool = False
) -> None:
    """An icon and a number; raised above ``base`` is green with an up arrow, lowered (or
    ``damaged``) purple with a down arrow."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    down = damaged or value < base
    colour = DOWN if down else UP if value > base else TEXT
    icon_h = h * 0.66
    icon_w = icon_h * _ICON_ASPECT.get(icon, 1.0)
    top = y0 + (h - icon_h) / 2
    canvas.shape(icon, (x0, top, x0 + icon_w, top + icon_h), MUTED)
    right = x1
    if colour != TEXT:
        a = h * 0.3
        canvas.shape(
            "down" if down else "up", (x1 - a, y0 + h / 2 - a / 2, x1, y0 + h / 2 + a / 2), colour
        )
        right = x1 - a - 1
    canvas.text(
        (x0 + icon_w + 1, y0, right, y1),
        str(value),
        size=h * 0.8,
        min_size=h * 0.5,
        weight="bold",
        fill=colour,
        align="center",
        leading=1.0,
        max_lines=1,
        role="number",
    )


Label = tuple[str, RGB, RGB, str | None]
"""A pill's text, fill, ink and icon (a shape name, or None)."""


def keyword_label(keyword: str) -> Label:
    """Ward is white with a shield (it decides what may be attacked); the others are plain."""
    if keyword == "ward":
        return ("WARD", WARD_FILL, HIGHLIGHT_INK, "shield")
    return (keyword.title(), KEYWORD_FILL, TEXT, None)


def _keyword_tags(card: BoardCardView) -> list[Label]:
    """The pills of a card on the board: ward, whether it can attack, its states, keywords."""
    tags: list[Label] = []
    if "ward" in card.keywords:
        tags.append(keyword_label("ward"))
    if card.can_attack:
        tags.append(("Can attack", READY_FILL, HIGHLIGHT_INK, "right"))
    if card.evolved:
        tags.append(("Evolved", EVOLVED_FILL, TEXT, None))
    if card.silenced:
        tags.append(("Silenced", mix(PANEL, SUBTLE, 0.5), TEXT, None))
    tags += [keyword_label(k) for k in card.keywords if k != "ward"]
    return tags


def draw_labels(
    canvas: Canvas,
    x: float,
    y: float,
    right: float,
    labels: Sequence[Label],
    *,
    height: float,
    rows: int = 2,
) -> tuple[float, list[Label]]:
    """Small pills in up to ``rows`` rows from ``x``, each in the first row with room for it
    (so the most important, first, are in the top row). Returns the y under the last row used
    (``y`` if none) and the labels there was no room for."""
    size = height * 0.68
    ends = [x] * rows
    left_out: list[Label] = []
    used = 0
    for label in labels:
        text, _fill, _ink, icon = label
        width = canvas.text_width(text, size=size, weight="bold") + height * (1.2 if icon else 0.55)
        width = min(width, right - x)
        row = next((r for r in range(rows) if ends[r] + width <= right + 0.01), None)
        if row is None:
            left_out.append(label)
            continue
        _pill(canvas, (ends[row], y + row * (height + 2)), width, height, label, size)
        ends[row] += width + 2
        used = max(used, row + 1)
    return (y + used * (height + 2) - 2 if used else y), left_out


def _pill(
    canvas: Canvas, at: tuple[float, float], width: float, height: float, label: Label, size: float
) -> None:
    (left, y), (text, fill, ink, icon) = at, label
    canvas.rect((left, y, left + width, y + height), fill, radius=height / 2)
    text_left = left + height * 0.28
    if icon:
        i = height * 0.6
        canvas.shape(
            icon, (text_left, y + (height - i) / 2, text_left + i, y + (height + i) / 2), ink
        )
        text_left += height * 0.65
    canvas.text(
        (text_left, y, left + width - height * 0.22, y + height),
        text,
        size=size,
        min_size=size * 0.75,
        weight="bold",
        fill=ink,
        leading=1.0,
        max_lines=1,
        role="label",
        cover=(left, y, left + width, y + height),
    )


def draw_tile(
    canvas: Canvas, box: Box, card: BoardCardView, *, seat: int, highlight: bool = False
) -> None:
    """One follower or amulet on the board."""
    x0, y0, x1, y1 = box
    card_frame(canvas, box, edge=seat_style(seat).fill, fill=TILE_FILL, highlight=highlight)
    if "ward" in card.keywords:
        canvas.frame((x0 + 3, y0, x1, y1), WARD_FILL, width=1.2, radius=4)
    cost_badge(canvas, (x0 + 6, y0 + 5, x0 + 22, y0 + 21), card.cost)
    canvas.text(
        (x0 + 25, y0 + 2, x1 - 4, y0 + 29),
        card.name,
        size=12.5,
        min_size=8.5,
        weight="bold",
        fill=TEXT,
        leading=1.05,
        max_lines=2,
    )
    labels = _keyword_tags(card)
    top, left_out = draw_labels(canvas, x0 + 6, y0 + 31, x1 - 4, labels, height=11, rows=3)
    stats_top = y1 - STATS_H
    # Keywords there was no room for as pills are said in words, before the rules text (the
    # states come first and always find room: three rows hold them all).
    words = [f"{text.title()}." for text, *_ in left_out if text.lower() in KEYWORDS]
    text = " ".join([*words, board_text(card)]).strip()
    top += 2
    if text:
        placed = canvas.text(
            (x0 + 6, top, x1 - 4, stats_top - 1),
            text,
            size=9,
            min_size=6.5,
            fill=SUBTLE if card.silenced else MUTED,
            valign="top",
            leading=1.08,
        )
        if card.silenced:
            strike(canvas, placed, SUBTLE)
    _stats(canvas, (x0 + 6, stats_top, x1 - 4, y1 - 4), card)


def _stats(canvas: Canvas, box: Box, card: BoardCardView) -> None:
    x0, y0, x1, y1 = box
    if card.kind != "follower":
        _amulet_stats(canvas, box, card)
        return
    half = 33.0
    draw_stat(canvas, (x0, y0, x0 + half, y1), "sword", card.attack, base=card.base_attack)
    # Damage past 0 (the step before the card is destroyed) is drawn as 0: a defence is never
    # negative, and the step's label says how much damage it took.
    damaged = card.defence < card.max_defence
    draw_stat(
        canvas,
        (x1 - half, y0, x1, y1),
        "shield",
        max(0, card.defence),
        base=card.base_defence,
        damaged=damaged,
    )


def _amulet_stats(canvas: Canvas, box: Box, card: BoardCardView) -> None:
    x0, y0, x1, y1 = box
    canvas.text((x0, y0, x1 - 36, y1), "Amulet", size=9, min_size=7, fill=SUBTLE, max_lines=1)
    if card.countdown is not None:
        h = y1 - y0
        icon = h * 0.62
        top = y0 + (h - icon) / 2
        aspect = _ICON_ASPECT["hourglass"]
        canvas.shape("hourglass", (x1 - 34, top, x1 - 34 + icon * aspect, top + icon), MUTED)
        canvas.text(
            (x1 - 34 + icon, y0, x1, y1),
            str(card.countdown),
            size=h * 0.8,
            min_size=h * 0.5,
            weight="bold",
            fill=TEXT,
            align="center",
            leading=1.0,
            max_lines=1,
            role="number",
        )


def draw_empty(canvas: Canvas, box: Box) -> None:
    """A free slot."""
    canvas.rect(box, mix(BACKGROUND, PANEL, 0.45), radius=4)


def draw_gone(canvas: Canvas, box: Box, gone: Gone) -> None:
    """A card that just left the board: a cross, what happened, and which card it was."""
    draw_empty(canvas, box)
    x0, y0, x1, y1 = box
    canvas.frame(box, DANGER, width=1.2, radius=4)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    canvas.shape("cross", (cx - 12, cy - 30, cx + 12, cy - 6), DANGER)
    why = {"returned": "Returned to hand"}.get(gone.why, gone.why.capitalize())
    canvas.text(
        (x0 + 4, cy - 2, x1 - 4, cy + 14),
        why,
        size=10,
        min_size=7.5,
        weight="bold",
        fill=TEXT,
        align="center",
        max_lines=1,
    )
    canvas.text(
        (x0 + 4, cy + 14, x1 - 4, y1 - 6),
        gone.name,
        size=9.5,
        min_size=7,
        fill=MUTED,
        align="center",
        valign="top",
        max_lines=2,
        balance=True,
    )


_TONES: dict[str, RGB] = {"bad": DANGER, "good": GOOD, "note": HIGHLIGHT}


def draw_tags(canvas: Canvas, box: Box, tags: Sequence[Tag], *, height: float = 13) -> None:
    """What just happened to a card: labels right-aligned just above its attack and defence
    (over the end of its rules text, the least needed part of a tile at that moment)."""
    _x0, _y0, x1, y1 = box
    _labels_leftwards(canvas, x1 - 2, y1 - STATS_H - height, tags, height=height)


def draw_leader_tags(canvas: Canvas, box: Box, tags: Sequence[Tag], *, height: float = 13) -> None:
    """What just happened to a leader: labels on the top-right corner of its shield."""
    _x0, y0, x1, _y1 = box
    _labels_leftwards(canvas, x1 + 8, y0 - height * 0.35, tags, height=height)


def _labels_leftwards(
    canvas: Canvas, right: float, top: float, tags: Sequence[Tag], *, height: float
) -> None:
    for item in reversed(tags):
        width = canvas.text_width(item.text, size=height * 0.72, weight="bold") + height * 0.8
        tag(canvas, (right - width, top, right, top + height), item.text, fill=_TONES[item.tone])
        right -= width + 2
