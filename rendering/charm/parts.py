"""The parts of a charm picture: a card on the field, its numbers and states, a card that left,
and the labels of what just changed.

A card on the field is a tile: its name on the whole width, pills for what it is and what state
it is in (checked, new this turn, face down, attacking, supporting, blocking), then its numbers
at the foot: AP (a sword), DP (a shield) and EP (a bolt) for a character; EP for a background;
performance tokens (an hourglass) for music. A number that differs from the card's own is
coloured and carries an arrow (up: raised; down: lowered or damaged), so colour is never the
only cue. A checked card is dimmed with a "Checked" pill; a face-down one is hatched, its name
still written (the field is public, CHARM-12.1).
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import (
    LEGIBLE,
    RGB,
    Box,
    Canvas,
    badge,
    card_back,
    card_frame,
    fit_text,
    mix,
    seat_style,
    tag,
)
from rendering.toolkit.palette import (
    BACKGROUND,
    CARD_EDGE,
    DANGER,
    GOOD,
    HIGHLIGHT,
    MUTED,
    PANEL,
    SUBTLE,
    TEXT,
)
from rendering.toolkit.words import card_name, say
from rules.charm.views import FieldCardView

from .marks import Gone, Tag

__all__ = [
    "COST_FILL",
    "LABEL_H",
    "LEGIBLE",
    "TAG_H",
    "TILE_H",
    "Label",
    "cost_badge",
    "draw_gone",
    "draw_labels",
    "draw_stat",
    "draw_tags",
    "draw_tile",
    "kind_label",
    "tone",
]

COST_FILL: RGB = (70, 92, 130)
TILE_FILL = mix(CARD_EDGE, PANEL, 0.55)
UP: RGB = mix(GOOD, TEXT, 0.35)
DOWN: RGB = DANGER
ROLE_FILL: RGB = (104, 84, 150)
PILL_FILL: RGB = (28, 31, 38)
LABEL_H = 18.0
LABEL_GAP = 2.0
TAG_H = 17.0
STATS_H = 24.0
TILE_H = 104.0
_ICON_ASPECT = {"sword": 0.6, "shield": 0.85, "hourglass": 0.75, "bolt": 0.8}
_PAD = 6.0
_NAME_TOP, _NAME_H = 3.0, 28.0
_LABELS_TOP = _NAME_TOP + _NAME_H + 3
_EP_W = 22.0


def kind_name(kind: str) -> str:
    kinds = {
        "character": say("Character"),
        "heroine": say("Heroine"),
        "background": say("Background"),
        "item": say("Item"),
        "event": say("Event"),
        "music": say("Music"),
    }
    return kinds.get(kind, kind.title())


Label = tuple[str, RGB, RGB, str | None]
"""A pill's text, fill, ink and icon (a shape name, or None)."""


def cost_badge(canvas: Canvas, box: Box, cost: int, *, dim: bool = False) -> None:
    """The cost in EP in a diamond (a shape no seat uses)."""
    fill = mix(COST_FILL, BACKGROUND, 0.35) if dim else COST_FILL
    badge(canvas, box, str(cost), fill=fill, ink=MUTED if dim else TEXT, shape="diamond")


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
        arrow = "down" if down else "up"
        canvas.shape(arrow, (x1 - a, y0 + h / 2 - a / 2, x1, y0 + h / 2 + a / 2), colour)
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


def kind_label(kind: str) -> Label:
    return (kind_name(kind), PILL_FILL, MUTED, None)


def _role_pill(role: str) -> str:
    pills = {"attacker": say("Attacks"), "supporter": say("Supports"), "defender": say("Blocks")}
    return pills[role]


def _role_tag(role: str) -> str:
    """The step's tag that says the same as the role's pill (see :func:`unsaid`)."""
    tags = {"attacker": say("attacks"), "supporter": say("supports"), "defender": say("blocks")}
    return tags.get(role, "")


def _tile_labels(card: FieldCardView) -> list[Label]:
    """What a card on the field is and what state it is in, the most telling first."""
    labels: list[Label] = []
    if card.role:
        labels.append((_role_pill(card.role), ROLE_FILL, TEXT, "right"))
    if card.checked:
        labels.append((say("Checked"), mix(PANEL, SUBTLE, 0.5), TEXT, None))
    if card.restricted:
        labels.append((say("New"), PILL_FILL, TEXT, None))
    if card.kind == "heroine":
        labels.append(kind_label(card.kind))
    return labels


def draw_labels(
    canvas: Canvas,
    starts: Sequence[float],
    y: float,
    right: float,
    labels: Sequence[Label],
    *,
    height: float,
) -> float:
    """Small pills in rows from ``y``, row ``r`` starting at ``starts[r]``: each pill in the first
    row with room for it (without its icon if only that makes it fit); returns the y under the
    last row used. A pill with no room in any row is left out (order them by importance)."""
    size = height * 0.68
    ends = list(starts)
    used = 0
    for text, fill, ink, icon in labels:
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
            continue
        row, width, shown = spot
        _pill(
            canvas,
            (ends[row], y + row * (height + LABEL_GAP)),
            width,
            height,
            (text, fill, ink, shown),
            size,
        )
        ends[row] += width + LABEL_GAP
        used = max(used, row + 1)
    return y + used * (height + LABEL_GAP) - LABEL_GAP if used else y


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


_EP_KINDS = ("character", "heroine", "background")


def _ep_in_corner(canvas: Canvas, card: FieldCardView, width: float) -> bool:
    """Whether a card's EP goes in the tile's top right corner: when it makes EP and every word
    of its name fits beside it (else its name takes the whole width and the EP is a pill)."""
    if card.kind not in _EP_KINDS:
        return False
    px = canvas.px(LEGIBLE)
    room = width - _PAD - _EP_W - 2
    name = card_name("charm", card.name)
    block = fit_text(name, canvas.px(room), canvas.px(_NAME_H), px, px, "bold", 1.0, 2)
    # A Latin word is not broken to fit beside the corner (Japanese wraps between characters).
    latin = [w for w in name.split() if w.isascii()]
    whole = all(canvas.text_width(w, size=LEGIBLE, weight="bold") <= room for w in latin)
    return whole and not block.truncated


def _ep_corner(canvas: Canvas, box: Box, card: FieldCardView, dim: bool) -> None:
    """A card's EP, top right: a bolt and the number (what checking it adds to the pool)."""
    _x0, y0, x1, _y1 = box
    left = x1 - _EP_W
    canvas.shape("bolt", (left, y0 + 6, left + 9, y0 + 18), MUTED if dim else HIGHLIGHT)
    canvas.text(
        (left + 9, y0 + 3, x1 - 2, y0 + 21),
        str(card.ep),
        size=14,
        min_size=LEGIBLE,
        weight="bold",
        fill=MUTED if dim else TEXT,
        align="center",
        leading=1.0,
        max_lines=1,
        role="number",
    )


def draw_tile(canvas: Canvas, box: Box, card: FieldCardView, *, highlight: bool = False) -> None:
    """One card on the field: its name and EP, its pills, and its numbers at the foot."""
    x0, y0, x1, y1 = box
    edge = seat_style(card.owner).fill
    if card.face_down:
        _face_down(canvas, box, card, edge, highlight)
        return
    card_frame(canvas, box, edge=edge, fill=TILE_FILL, highlight=highlight, dim=card.checked)
    corner = _ep_in_corner(canvas, card, x1 - x0)
    canvas.text(
        (x0 + _PAD, y0 + _NAME_TOP, x1 - (_EP_W + 2 if corner else 3), y0 + _NAME_TOP + _NAME_H),
        card_name("charm", card.name),
        size=13,
        min_size=LEGIBLE,
        weight="bold",
        fill=MUTED if card.checked else TEXT,
        leading=1.0,
        max_lines=2,
    )
    labels = _tile_labels(card)
    if corner:
        _ep_corner(canvas, box, card, card.checked)
    elif card.kind in _EP_KINDS:
        labels.insert(0, (say("EP {n}", n=card.ep), PILL_FILL, TEXT, "bolt"))
    left = x0 + _PAD
    draw_labels(canvas, [left, left], y0 + _LABELS_TOP, x1 - 3, labels, height=LABEL_H)
    _stats(canvas, (x0 + _PAD, y1 - STATS_H, x1 - 4, y1 - 3), card)


def _face_down(canvas: Canvas, box: Box, card: FieldCardView, edge: RGB, highlight: bool) -> None:
    x0, y0, x1, _y1 = box
    card_back(canvas, box, edge=edge, label="", highlight=highlight)
    canvas.text(
        (x0 + _PAD, y0 + _NAME_TOP, x1 - 3, y0 + _NAME_TOP + _NAME_H),
        card_name("charm", card.name),
        size=13,
        min_size=LEGIBLE,
        weight="bold",
        fill=MUTED,
        leading=1.0,
        max_lines=2,
    )
    label = (say("Face down"), mix(PANEL, DANGER, 0.45), TEXT, "down")
    draw_labels(canvas, [x0 + _PAD], y0 + _LABELS_TOP, x1 - 3, [label], height=LABEL_H)


def _stats(canvas: Canvas, box: Box, card: FieldCardView) -> None:
    x0, y0, x1, y1 = box
    if card.kind in ("character", "heroine"):
        half = (x1 - x0) / 2 - 3
        draw_stat(canvas, (x0, y0, x0 + half, y1), "sword", max(0, card.ap), base=card.base_ap)
        # DP past 0 (the step before the card turns face down) is drawn as 0; damage is marked.
        damaged = card.dp_damage > 0
        draw_stat(
            canvas,
            (x1 - half, y0, x1, y1),
            "shield",
            max(0, card.dp),
            base=card.base_dp,
            damaged=damaged,
        )
        return
    # What the card is, in words at its foot (a character's numbers stand there).
    canvas.text(
        (x0, y0, x1 - (36 if card.kind == "music" else 0), y1),
        kind_name(card.kind),
        size=LEGIBLE,
        fill=SUBTLE,
        max_lines=1,
    )
    if card.kind == "music":
        draw_stat(canvas, (x1 - 34, y0, x1, y1), "hourglass", card.tokens, base=card.tokens)


def draw_gone(canvas: Canvas, box: Box, gone: Gone) -> None:
    """A card that just left the field: a cross, where it went, and which card it was."""
    canvas.rect(box, mix(BACKGROUND, PANEL, 0.45), radius=4)
    x0, y0, x1, y1 = box
    canvas.frame(box, DANGER, width=1.2, radius=4)
    cx = (x0 + x1) / 2
    canvas.shape("cross", (cx - 9, y0 + 8, cx + 9, y0 + 26), DANGER)
    why = say("To hand") if gone.why == "hand" else say("Discarded")
    canvas.text(
        (x0 + 5, y0 + 30, x1 - 4, y0 + 50),
        why,
        size=12.5,
        min_size=LEGIBLE,
        weight="bold",
        fill=TEXT,
        align="center",
        max_lines=1,
    )
    canvas.text(
        (x0 + 5, y0 + 52, x1 - 4, y1 - 6),
        card_name("charm", gone.name),
        size=LEGIBLE,
        fill=MUTED,
        align="center",
        valign="top",
        max_lines=3,
        balance=True,
    )


_TONES: dict[str, RGB] = {"bad": DANGER, "good": GOOD, "note": HIGHLIGHT}


def tone(item: Tag) -> RGB:
    return _TONES[item.tone]


def unsaid(card: FieldCardView, tags: Sequence[Tag]) -> tuple[Tag, ...]:
    """The tags the tile does not say already: a card's role ("Attacks") is a pill of its own,
    so the step's "attacks" would only repeat it (and, the tile being small, cover a pill)."""
    role = _role_tag(card.role or "")
    return tuple(t for t in tags if t.text != role)


def draw_tags(canvas: Canvas, box: Box, tags: Sequence[Tag]) -> None:
    """What just happened to a card: labels right-aligned just above its numbers, in rows
    upwards if they need more than the tile's width (never on a number)."""
    x0, _y0, x1, y1 = box
    right, top = x1 - 2, y1 - STATS_H - TAG_H
    for item in reversed(tags):
        width = canvas.text_width(item.text, size=TAG_H * 0.72, weight="bold") + TAG_H * 0.8
        if right - width < x0 + 4 and right < x1 - 2:
            right, top = x1 - 2, top - TAG_H - LABEL_GAP
        tag(canvas, (right - width, top, right, top + TAG_H), item.text, fill=tone(item))
        right -= width + LABEL_GAP
