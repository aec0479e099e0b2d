"""The parts of a fanfare picture: a card on the board, its stats and keywords, free and vacated
slots, and the labels of what just changed.

A card on the board is a tile: cost and name at the top, its keywords and states as tags (ward
first and bright: it decides what may be attacked), the rules text that still matters on the
board (not its fanfare, which has happened), then attack and defence, or an amulet's countdown.
Numbers that differ from the card's own are coloured and carry an arrow (up: buffed; down:
damaged or weakened), so colour is never the only cue.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rendering.toolkit import (
    LEGIBLE,
    RGB,
    Box,
    Canvas,
    badge,
    card_frame,
    fit_text,
    mix,
    seat_style,
    strike,
    tag,
)
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
from rendering.toolkit.words import card_name, rules_text, say, say_p, sentences
from rules.fanfare.cards import KEYWORDS
from rules.fanfare.views import BoardCardView

from .marks import Gone, Tag, keyword_name

__all__ = [
    "COST_FILL",
    "LABEL_H",
    "LEGIBLE",
    "TAG_H",
    "Label",
    "board_text",
    "cost_badge",
    "draw_empty",
    "draw_gone",
    "draw_labels",
    "draw_stat",
    "draw_tags",
    "draw_tile",
    "keyword_label",
    "tag_width",
    "tile_height",
    "tone",
]

COST_FILL: RGB = (70, 92, 130)
TILE_FILL = mix(CARD_EDGE, PANEL, 0.55)
UP: RGB = mix(GOOD, TEXT, 0.35)  # a raised number: lighter than the tag green, to read as text
DOWN: RGB = DANGER
WARD_FILL: RGB = (236, 238, 242)
EVOLVED_FILL: RGB = (104, 84, 150)
READY_FILL: RGB = GOOD
KEYWORD_FILL: RGB = (28, 31, 38)
LABEL_H = 18.0  # a pill: its text is LEGIBLE
LABEL_GAP = 2.0
TAG_H = 17.0  # a step's label on a card or in a panel: its text is LEGIBLE
STATS_H = 24.0  # the attack and defence line at the foot of a tile
_ICON_ASPECT = {"sword": 0.6, "shield": 0.85, "hourglass": 0.75}
_PAST = frozenset({"fanfare", "cast", "drawn", "discarded"})  # abilities that are done on board


def board_text(card: BoardCardView) -> list[str]:
    """What the card still does on the board (the view lists it: no keywords, drawn as tags; no
    countdown, a badge; no fanfare, done), then what was granted to it, each ability's text in
    the picture's language."""
    return [rules_text("fanfare", text) for text in (*card.abilities, *card.granted)]


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
        return (say_p("keyword", "WARD"), WARD_FILL, HIGHLIGHT_INK, "shield")
    return (keyword_name(keyword), KEYWORD_FILL, TEXT, None)


def _keyword_tags(card: BoardCardView) -> list[Label]:
    """The pills of a card on the board: ward, whether it can attack, its states, keywords."""
    tags: list[Label] = []
    if "ward" in card.keywords:
        tags.append(keyword_label("ward"))
    if card.can_attack:
        tags.append((say("Can attack"), READY_FILL, HIGHLIGHT_INK, "right"))
    if card.evolved:
        tags.append((say("Evolved"), EVOLVED_FILL, TEXT, None))
    if card.silenced:
        tags.append((say("Silenced"), mix(PANEL, SUBTLE, 0.5), TEXT, None))
    tags += [keyword_label(k) for k in card.keywords if k != "ward"]
    return tags


def draw_labels(
    canvas: Canvas,
    starts: Sequence[float],
    y: float,
    right: float,
    labels: Sequence[Label],
    *,
    height: float,
    draw: bool = True,
) -> tuple[float, list[Label]]:
    """Small pills in rows from ``y``, row ``r`` starting at ``starts[r]``: each pill in the first
    row with room for it (so the most important, first, are in the top row), without its icon
    if only that makes it fit. Returns the y under the last row used (``y`` if none) and the
    labels there was no room for; with ``draw`` False, only measures."""
    size = height * 0.68
    ends = list(starts)
    left_out: list[Label] = []
    used = 0
    for label in labels:
        text, fill, ink, icon = label
        base = canvas.text_width(text, size=size, weight="bold")
        options: list[tuple[float, str | None]] = [(base + height * 1.2, icon)] if icon else []
        options.append((base + height * 0.55, None))
        spot = next(
            (
                (row, width, shown)
                for row in range(len(ends))
                for width, shown in options
                if ends[row] + width <= right + 0.01
            ),
            None,
        )
        if spot is None:
            left_out.append(label)
            continue
        row, width, shown = spot
        if draw:
            at = (ends[row], y + row * (height + LABEL_GAP))
            _pill(canvas, at, width, height, (text, fill, ink, shown), size)
        ends[row] += width + LABEL_GAP
        used = max(used, row + 1)
    return (y + used * (height + LABEL_GAP) - LABEL_GAP if used else y), left_out


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
        weight="bold",
        fill=ink,
        leading=1.0,
        max_lines=1,
        role="label",
        cover=(left, y, left + width, y + height),
    )


# Where things are on a tile (units from its top and its left edge; the seat's bar is 3 wide).
_PAD = 6.0
_NAME_TOP, _NAME_H = 3.0, 28.0
_LABELS_TOP = _NAME_TOP + _NAME_H + 3
_COST = 21.0
_TEXT_LEADING = 1.08


def tile_height(canvas: Canvas, card: BoardCardView, width: float) -> float:
    """How tall a tile ``width`` units wide must be to show ``card`` whole."""
    text, bottom = _tile_texts(canvas, (0.0, 0.0, width, 0.0), card, draw=False)
    if not text:
        return bottom + 2 + STATS_H
    room = max(1, canvas.px(width - _PAD - 3))
    block = fit_text(
        text, room, 1 << 20, canvas.px(LEGIBLE), canvas.px(LEGIBLE), "regular", _TEXT_LEADING
    )
    return bottom + math.ceil(block.height / canvas.scale) + 3 + STATS_H


def _tile_texts(canvas: Canvas, box: Box, card: BoardCardView, *, draw: bool) -> tuple[str, float]:
    """The cost and the pills (drawn, or only measured): returns the rules text still to write
    (keywords with no room as pills first, as words) and the y it starts at."""
    x0, y0, x1, _y1 = box
    left = x0 + _PAD
    top = y0 + _LABELS_TOP
    cost_top = top + (LABEL_H - _COST) / 2
    if draw:
        cost_badge(canvas, (left - 1, cost_top, left - 1 + _COST, cost_top + _COST), card.cost)
    starts = [left + _COST + LABEL_GAP, left]
    bottom, left_out = draw_labels(
        canvas, starts, top, x1 - 3, _keyword_tags(card), height=LABEL_H, draw=draw
    )
    bottom = max(bottom, top + LABEL_H)
    pills = {keyword_label(keyword)[0]: keyword for keyword in KEYWORDS}
    words = [
        say("{keyword}.", keyword=keyword_name(pills[text]))
        for text, *_ in left_out
        if text in pills
    ]
    return sentences("fanfare", [*words, *board_text(card)]), bottom + 3


def draw_tile(
    canvas: Canvas, box: Box, card: BoardCardView, *, seat: int, highlight: bool = False
) -> None:
    """One follower or amulet on the board: the name on the whole width (up to two lines), the
    cost and the pills (ward, can attack, states, keywords), the rules text still in play, and
    attack and defence (or an amulet's countdown) at the foot."""
    x0, y0, x1, y1 = box
    card_frame(canvas, box, edge=seat_style(seat).fill, fill=TILE_FILL, highlight=highlight)
    if "ward" in card.keywords:
        canvas.frame((x0 + 3, y0, x1, y1), WARD_FILL, width=1.2, radius=4)
    canvas.text(
        (x0 + _PAD, y0 + _NAME_TOP, x1 - 3, y0 + _NAME_TOP + _NAME_H),
        card_name("fanfare", card.name),
        size=13,
        min_size=LEGIBLE,
        weight="bold",
        fill=TEXT,
        leading=1.0,
        max_lines=2,
    )
    text, top = _tile_texts(canvas, box, card, draw=True)
    stats_top = y1 - STATS_H
    if text:
        placed = canvas.text(
            (x0 + _PAD, top, x1 - 3, stats_top - 1),
            text,
            size=LEGIBLE,
            fill=SUBTLE if card.silenced else MUTED,
            valign="top",
            leading=_TEXT_LEADING,
        )
        if card.silenced:
            strike(canvas, placed, SUBTLE)
    _stats(canvas, (x0 + _PAD, stats_top, x1 - 4, y1 - 3), card)


def _stats(canvas: Canvas, box: Box, card: BoardCardView) -> None:
    x0, y0, x1, y1 = box
    if card.kind != "follower":
        _amulet_stats(canvas, box, card)
        return
    half = (x1 - x0) / 2 - 4
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
    # The word goes where it fits whole (a countdown leaves "アミュレット" no room: the
    # hourglass says it is an amulet).
    word, room = say("Amulet"), x1 - (36 if card.countdown is not None else 0)
    if canvas.text_width(word, size=LEGIBLE) <= room - x0:
        canvas.text((x0, y0, room, y1), word, size=LEGIBLE, fill=SUBTLE, max_lines=1)
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
    canvas.shape("cross", (cx - 12, cy - 40, cx + 12, cy - 16), DANGER)
    whys = {
        "destroyed": say("Destroyed"),
        "banished": say("Banished"),
        "returned": say("Returned to hand"),
    }
    why = whys.get(gone.why, gone.why.capitalize())
    canvas.text(
        (x0 + 5, cy - 12, x1 - 4, cy + 20),
        why,
        size=12.5,
        min_size=LEGIBLE,
        weight="bold",
        fill=TEXT,
        align="center",
        valign="top",
        leading=1.0,
        max_lines=2,
    )
    canvas.text(
        (x0 + 5, cy + 22, x1 - 4, y1 - 6),
        card_name("fanfare", gone.name),
        size=LEGIBLE,
        fill=MUTED,
        align="center",
        valign="top",
        max_lines=3,
        balance=True,
    )


_TONES: dict[str, RGB] = {"bad": DANGER, "good": GOOD, "note": HIGHLIGHT}


def draw_tags(canvas: Canvas, box: Box, tags: Sequence[Tag]) -> None:
    """What just happened to a card: labels right-aligned just above its attack and defence,
    in rows upwards if they need more than the tile's width (over the end of its rules text,
    the least needed part of a tile at that moment; never on a number)."""
    x0, _y0, x1, y1 = box
    right, top = x1 - 2, y1 - STATS_H - TAG_H
    for item in reversed(tags):
        width = tag_width(canvas, item)
        if right - width < x0 + 4 and right < x1 - 2:
            right, top = x1 - 2, top - TAG_H - LABEL_GAP
        tag(canvas, (right - width, top, right, top + TAG_H), item.text, fill=tone(item))
        right -= width + LABEL_GAP


def tag_width(canvas: Canvas, item: Tag) -> float:
    return canvas.text_width(item.text, size=TAG_H * 0.72, weight="bold") + TAG_H * 0.8


def tone(item: Tag) -> RGB:
    """The colour of a step's label: purple for harm, green for good, yellow for the rest."""
    return _TONES[item.tone]
