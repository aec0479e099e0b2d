"""The parts of a breakfall picture: a character on the field, its numbers and states, a seat's
damage track and resource row, an entry of the resolution space, and the labels of a step.

A character is a tile: its name, its state as pills (bowed, new, greeting, blocking, its
damage), the rules text of its abilities, the step's labels in rows of their own, then force,
sabotage and durability in a cell each. Numbers that differ from the printed ones are coloured
and carry an arrow right after them (up: boosted; down: weakened), so colour is never the only
cue; a bowed character is dimmed and says so.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rendering.toolkit import (
    LEGIBLE,
    RGB,
    Box,
    Canvas,
    Chip,
    badge,
    card_frame,
    chip_flow,
    fit_text,
    mix,
    seat_style,
    tag,
)
from rendering.toolkit.palette import (
    BACKGROUND,
    CARD_BACK,
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
from rendering.toolkit.words import card_name, rules_text, say
from rules.breakfall.views import CharacterView

from .marks import Tag, stat_name

__all__ = [
    "COST_FILL",
    "LEGIBLE",
    "PILL_H",
    "STATS_H",
    "TAG_H",
    "cost_badge",
    "damage_track",
    "draw_stat",
    "draw_tile",
    "resource_row",
    "tile_height",
]

PILL_H = 18.0
TAG_H = 18.0
STATS_H = 28.0
COST_FILL: RGB = (70, 92, 130)
TILE_FILL = mix(CARD_EDGE, PANEL, 0.55)
UP: RGB = mix(GOOD, TEXT, 0.35)
DOWN: RGB = DANGER
BOWED_FILL: RGB = (58, 52, 74)
GREET_FILL: RGB = (150, 70, 40)
BLOCK_FILL: RGB = (60, 96, 130)
_ICONS = {"force": "sword", "sabotage": "bolt", "durability": "shield"}
_ASPECT = {"sword": 0.6, "shield": 0.85, "bolt": 0.7}
_PAD = 6.0
_NAME_TOP = 3.0
_NAME_SIZE = 14.5
_NAME_LEADING = 1.0
_TEXT_SIZE = 14.0  # a tile's rules text: capitals 8.4 pixels high on a phone
_TEXT_INK: RGB = MUTED
_LEADING = 1.08
_STAT_FILL: RGB = BACKGROUND
_TONES: dict[str, RGB] = {"bad": DANGER, "good": GOOD, "note": HIGHLIGHT}


def cost_badge(canvas: Canvas, box: Box, cost: int, *, dim: bool = False) -> None:
    """The cost in a diamond (a shape no seat uses)."""
    fill = mix(COST_FILL, BACKGROUND, 0.35) if dim else COST_FILL
    badge(canvas, box, str(cost), fill=fill, ink=MUTED if dim else TEXT, shape="diamond")


def draw_stat(
    canvas: Canvas, box: Box, stat: str, value: int, *, base: int, word: bool = False
) -> None:
    """One number in a cell of its own: its icon, the number, and right after the number an arrow
    when it differs from ``base`` (up and green: above; down and purple: below), so the arrow is
    read with its own number; with ``word``, the stat's name after it ("force")."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    if not word:
        canvas.rect(box, _STAT_FILL, radius=4)
    colour = DOWN if value < base else UP if value > base else TEXT
    icon = _ICONS[stat]
    icon_h = h * 0.62
    icon_w = icon_h * _ASPECT[icon]
    size = max(LEGIBLE, h * 0.72)
    number = str(value)
    number_w = canvas.text_width(number, size=size, weight="bold")
    arrow = h * 0.3 if colour != TEXT else 0.0
    group = icon_w + 2 + number_w + (arrow + 1 if arrow else 0)
    left = x0 + 3 if word else x0 + max(2.0, (x1 - x0 - group) / 2)
    top = y0 + (h - icon_h) / 2
    canvas.shape(icon, (left, top, left + icon_w, top + icon_h), MUTED)
    at = left + icon_w + 2
    canvas.text(
        (at, y0, at + number_w + 1, y1),
        number,
        size=size,
        weight="bold",
        fill=colour,
        leading=1.0,
        max_lines=1,
        role="number",
    )
    at += number_w + 1
    if arrow:
        kind = "down" if value < base else "up"
        mid = y0 + h * 0.42
        canvas.shape(kind, (at, mid - arrow / 2, at + arrow, mid + arrow / 2), colour)
        at += arrow
    if word:
        canvas.text(
            (at + 4, y0, x1, y1),
            stat_name(stat),
            size=LEGIBLE,
            fill=MUTED,
            leading=1.0,
            max_lines=1,
        )


def _pills(card: CharacterView) -> list[Chip]:
    """The states of a character: bowed, greeting (and blocked), blocking, new, its damage."""
    chips: list[Chip] = []
    # No icons on the longer words: a pill wider than a tile would be left out.
    if card.greeting:
        chips.append(Chip(say("Greeting"), fill=GREET_FILL, ink=TEXT, bold=True))
        if card.blocked_by is not None:
            chips.append(Chip(say("Blocked"), fill=BLOCK_FILL, ink=TEXT, bold=True))
    if card.blocking is not None:
        chips.append(Chip(say("Blocking"), fill=BLOCK_FILL, ink=TEXT, bold=True))
    if card.bowed:
        chips.append(Chip(say("Bowed"), fill=BOWED_FILL, ink=TEXT, icon="down", bold=True))
    if card.new:
        chips.append(Chip(say("New"), fill=mix(PANEL, TEXT, 0.15), ink=MUTED))
    if card.damage:
        chips.append(
            Chip(say("{n} damage", n=card.damage), fill=DANGER, ink=HIGHLIGHT_INK, bold=True)
        )
    return chips


def _text(card: CharacterView) -> str:
    return " ".join(rules_text("breakfall", a) for a in card.abilities)


def _name_height(canvas: Canvas, card: CharacterView, width: float) -> float:
    """One line for most names, two or three for a long one (nothing is cut)."""
    room = max(1, canvas.px(width - _PAD - 3))
    block = fit_text(
        card_name("breakfall", card.name),
        room,
        1 << 20,
        canvas.px(_NAME_SIZE),
        canvas.px(LEGIBLE),
        "bold",
        _NAME_LEADING,
    )
    lines = len(block.lines)
    return lines * _NAME_SIZE * _NAME_LEADING + 3


def _pill_rows(canvas: Canvas, box: Box, card: CharacterView, *, draw: bool) -> float:
    """The state pills under the name, drawn or only measured; where they end (the text
    starts)."""
    x0, y0, x1, _y1 = box
    top = y0 + _NAME_TOP + _name_height(canvas, card, x1 - x0) + 1
    chips = _pills(card)
    if not chips:
        return top
    _x, last = chip_flow(
        canvas,
        x0 + _PAD,
        top,
        (x0 + _PAD, top, x1 - 3, top),
        chips,
        height=PILL_H,
        size=LEGIBLE,
        gap=2,
        row_gap=2,
        draw=draw,
    )
    return last + PILL_H + 2


def _tag_width(canvas: Canvas, text: str) -> float:
    return canvas.text_width(text, size=TAG_H * 0.72, weight="bold") + TAG_H * 0.8


def _tag_rows(canvas: Canvas, tags: Sequence[Tag], width: float) -> list[list[Tag]]:
    """The step's labels in rows as they fit in ``width``, in the order they happened."""
    rows: list[list[Tag]] = []
    used = width
    for item in tags:
        need = _tag_width(canvas, item.text)
        if used + need > width and (not rows or rows[-1]):
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += need + 2
    return rows


def tile_height(
    canvas: Canvas, card: CharacterView, width: float, tags: Sequence[Tag] = ()
) -> float:
    """How tall a tile ``width`` units wide must be to show ``card`` whole, with the step's
    ``tags`` in rows of their own above its numbers."""
    bottom = _pill_rows(canvas, (0.0, 0.0, width, 0.0), card, draw=False)
    bottom += len(_tag_rows(canvas, tags, width - 6)) * (TAG_H + 2)
    text = _text(card)
    if not text:
        return bottom + 2 + STATS_H
    room = max(1, canvas.px(width - _PAD - 3))
    px = canvas.px(_TEXT_SIZE)
    block = fit_text(text, room, 1 << 20, px, px, "regular", _LEADING)
    return bottom + math.ceil(block.height / canvas.scale) + 3 + STATS_H


def draw_tile(
    canvas: Canvas,
    box: Box,
    card: CharacterView,
    *,
    highlight: bool = False,
    tags: Sequence[Tag] = (),
) -> None:
    """One character: name (two lines, three for a long one), state pills, rules text, the
    step's labels (rows of their own, never over the text), then force, sabotage and
    durability in cells of their own at the foot."""
    x0, y0, x1, y1 = box
    fill = mix(TILE_FILL, BACKGROUND, 0.3) if card.bowed else TILE_FILL
    card_frame(canvas, box, edge=seat_style(card.seat).fill, fill=fill, highlight=highlight)
    name_h = _name_height(canvas, card, x1 - x0)
    canvas.text(
        (x0 + _PAD, y0 + _NAME_TOP, x1 - 3, y0 + _NAME_TOP + name_h),
        card_name("breakfall", card.name),
        size=_NAME_SIZE,
        min_size=LEGIBLE,
        weight="bold",
        fill=TEXT,
        valign="top",
        leading=_NAME_LEADING,
    )
    text_top = _pill_rows(canvas, box, card, draw=True)
    stats_top = y1 - STATS_H
    rows = _tag_rows(canvas, tags, x1 - x0 - 6)
    tags_top = stats_top - len(rows) * (TAG_H + 2)
    text = _text(card)
    if text:
        canvas.text(
            (x0 + _PAD, text_top, x1 - 3, tags_top - 1),
            text,
            size=_TEXT_SIZE,
            fill=_TEXT_INK,
            valign="top",
            leading=_LEADING,
        )
    for i, row in enumerate(rows):
        right, top = x1 - 3, tags_top + i * (TAG_H + 2)
        for item in reversed(row):
            width = _tag_width(canvas, item.text)
            tag(canvas, (right - width, top, right, top + TAG_H), item.text, fill=_TONES[item.tone])
            right -= width + 2
    left = x0 + 4
    third = (x1 - 3 - left) / 3
    for i, (stat, value, base) in enumerate(
        (
            ("force", card.force, card.base_force),
            ("sabotage", card.sabotage, card.base_sabotage),
            ("durability", card.durability, card.base_durability),
        )
    ):
        at = left + i * third
        draw_stat(canvas, (at, stats_top + 1, at + third - 2, y1 - 4), stat, value, base=base)


def damage_track(canvas: Canvas, box: Box, count: int, limit: int, *, lit: bool = False) -> None:
    """``limit`` pips, the first ``count`` filled: a damage zone's count to 10 at a glance, with
    the number beside it ("Damage 4/10")."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    label = say("Damage {count}/{limit}", count=count, limit=limit)
    width = canvas.text_width(label, size=LEGIBLE, weight="bold") + 10
    canvas.rect(
        (x0, y0, x0 + width, y1), HIGHLIGHT if lit else mix(PANEL, DANGER, 0.25), radius=h / 2
    )
    canvas.text(
        (x0 + 5, y0, x0 + width - 4, y1),
        label,
        size=LEGIBLE,
        weight="bold",
        fill=HIGHLIGHT_INK if lit else TEXT,
        max_lines=1,
        leading=1.0,
        role="label",
        cover=(x0, y0, x0 + width, y1),
    )
    left = x0 + width + 6
    pip = min(h - 4, (x1 - left - (limit - 1) * 3) / limit)
    for i in range(limit):
        at = left + i * (pip + 3)
        top = y0 + (h - pip) / 2
        filled = i < count
        canvas.rect(
            (at, top, at + pip, top + pip),
            DANGER if filled else mix(PANEL, TEXT, 0.12),
            radius=2,
        )


def resource_row(
    canvas: Canvas, x: float, y: float, right: float, states: Sequence[bool], *, h: float
) -> float:
    """Face-down resource cards: a ready one upright, a bowed one turned sideways and dimmed;
    returns where the row ends (they overlap to fit in ``right``)."""
    if not states:
        return x
    w = h * 0.68
    step = min(w + 3, (right - x - h) / max(1, len(states) - 1)) if len(states) > 1 else w
    for i, bowed in enumerate(states):
        at = x + i * step
        if bowed:
            top = y + (h - w) / 2
            canvas.rect((at, top, at + h, top + w), mix(CARD_BACK, BACKGROUND, 0.35), radius=2)
            canvas.frame((at, top, at + h, top + w), SUBTLE, width=0.8, radius=2)
        else:
            canvas.rect((at, y, at + w, y + h), CARD_BACK, radius=2)
            canvas.frame((at, y, at + w, y + h), MUTED, width=0.8, radius=2)
    last = x + (len(states) - 1) * step
    return last + (h if states[-1] else w)
