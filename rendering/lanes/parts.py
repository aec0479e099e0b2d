"""The parts of a lanes board: a card on a location, a location tile, an empty or vacated slot.

A card on the board is a strip (cost, name, power) rather than a tall card: three locations with
two columns of tall cards leave each name a few pixels wide on a phone, while a strip gives the
name most of a location's width.
"""

from __future__ import annotations

from rendering.toolkit import (
    LEGIBLE,
    RGB,
    Box,
    Canvas,
    Placed,
    badge,
    card_back,
    card_frame,
    mix,
    seat_style,
    signed,
    strike,
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
    PANEL_EDGE,
    SUBTLE,
    TEXT,
)
from rendering.toolkit.words import card_name, rules_text, say, say_p
from rules.lanes.views import CardBack, CardView, LocationView

from .marks import Gone

__all__ = [
    "COST_FILL",
    "cost_badge",
    "draw_card",
    "draw_delta",
    "draw_empty",
    "draw_gone",
    "draw_tile",
    "location_title",
    "power_box",
]

COST_FILL = (70, 92, 130)
POWER_FILL = (30, 33, 40)
TILE_RADIUS = 6.0


def cost_badge(canvas: Canvas, box: Box, cost: int, *, dim: bool = False) -> None:
    """The cost in a diamond (a shape no seat uses); ``dim`` when the energy left can't pay it."""
    fill = mix(COST_FILL, BACKGROUND, 0.35) if dim else COST_FILL
    badge(canvas, box, str(cost), fill=fill, ink=MUTED if dim else TEXT, shape="diamond")


def power_box(canvas: Canvas, box: Box, card: CardView, *, delta: int = 0) -> None:
    """The power, with an arrow up or down when it differs from the printed power; filled
    green or purple when it ``delta`` changed in the step shown (the tag says by how much)."""
    ink = HIGHLIGHT_INK if delta else TEXT
    canvas.rect(box, (GOOD if delta > 0 else DANGER) if delta else POWER_FILL, radius=3)
    x0, y0, x1, y1 = box
    changed = card.power - card.printed_power
    right = x1 - 1
    if changed:
        h = (y1 - y0) * 0.28
        cy = (y0 + y1) / 2
        arrow = ink if delta else (GOOD if changed > 0 else DANGER)
        canvas.shape(
            "up" if changed > 0 else "down", (x1 - 2 - h, cy - h / 2, x1 - 2, cy + h / 2), arrow
        )
        right = x1 - 3 - h
    canvas.text(
        (x0 + 1, y0, right, y1),
        str(card.power),
        size=(y1 - y0) * 0.66,
        min_size=(y1 - y0) * 0.4,
        weight="bold",
        fill=ink,
        align="center",
        leading=1.0,
        max_lines=1,
        role="number",
    )


def draw_card(
    canvas: Canvas,
    box: Box,
    card: CardView | CardBack,
    *,
    seat: int,
    highlight: bool = False,
    delta: int = 0,
) -> None:
    """One card on a location: a back, or cost, name and power (own face-down cards hatched);
    ``delta`` is how much its power changed in the step shown."""
    edge = seat_style(seat).fill
    if isinstance(card, CardBack):
        card_back(canvas, box, edge=edge, label=say("face down"), highlight=highlight)
        return
    x0, y0, x1, y1 = box
    h = y1 - y0
    card_frame(
        canvas,
        box,
        edge=edge,
        fill=CARD_BACK if card.face_down else mix(CARD_EDGE, PANEL, 0.55),
        highlight=highlight,
    )
    if card.face_down:
        canvas.hatch((x0 + 4, y0 + 1, x1 - 1, y1 - 1), mix(CARD_BACK, CARD_EDGE, 0.3), step=5)
    pad = h * 0.12
    name_left = x0 + 8 + h - 2 * pad
    if delta:
        name_left = max(name_left, draw_delta(canvas, (x0 + 5, y0, x1, y1), delta) + 3)
    else:
        cost_badge(canvas, (x0 + 6, y0 + pad, x0 + 6 + h - 2 * pad, y1 - pad), card.cost)
    power_w = h * 1.15
    power_box(canvas, (x1 - pad - power_w, y0 + pad, x1 - pad, y1 - pad), card, delta=delta)
    name_box = (name_left, y0 + 1, x1 - pad - power_w - 2, y1 - 1)
    name = card_name("lanes", card.name)
    if card.face_down:
        name = say("{card}\nface down", card=name)
    canvas.text(
        name_box,
        name,
        size=h * 0.52,
        min_size=LEGIBLE,
        weight="bold",
        fill=TEXT,
        leading=1.0 if card.face_down else 1.05,
        max_lines=2,
    )


def draw_delta(canvas: Canvas, box: Box, delta: int) -> float:
    """How much a card's power just changed in the step shown: a tag at the left of ``box``, in
    the place of the card's cost (a card's cost matters little once it is on the board; the tag
    is there only in the step's picture), so it never covers the name or the power. Returns
    where the tag ends."""
    x0, y0, _x1, y1 = box
    h = LEGIBLE / 0.72
    w = canvas.text_width(signed(delta), size=LEGIBLE, weight="bold") + h * 0.6
    top = (y0 + y1 - h) / 2
    tag(canvas, (x0, top, x0 + w, top + h), signed(delta), fill=GOOD if delta > 0 else DANGER)
    return x0 + w


def draw_empty(canvas: Canvas, box: Box, *, blocked: bool = False) -> None:
    """A free slot (or one where nothing can be played)."""
    fill = mix(BACKGROUND, PANEL, 0.45)
    canvas.rect(box, fill, radius=4)
    if blocked:
        canvas.hatch(box, mix(fill, SUBTLE, 0.35), step=6)


def draw_gone(canvas: Canvas, box: Box, gone: Gone) -> None:
    """A card that just left the board: a cross and what happened (never its name, see
    :class:`~rendering.lanes.marks.Gone`)."""
    draw_empty(canvas, box)
    x0, y0, x1, y1 = box
    h = y1 - y0
    canvas.frame(box, DANGER, width=1.2, radius=4)
    canvas.shape("cross", (x0 + h * 0.3, y0 + h * 0.3, x0 + h * 0.7, y1 - h * 0.3), DANGER)
    canvas.text(
        (x0 + h, y0, x1 - 4, y1),
        say_p("gone", "destroyed") if gone.why == "destroyed" else say_p("gone", "left"),
        size=h * 0.48,
        min_size=LEGIBLE,
        fill=MUTED,
        max_lines=1,
    )


def draw_tile(
    canvas: Canvas,
    box: Box,
    loc: LocationView,
    *,
    top_seat: int,
    highlight: bool = False,
) -> None:
    """A location: name and rules text between both sides' power totals (the leader's crowned)."""
    x0, y0, x1, y1 = box
    canvas.rect(box, PANEL_EDGE, radius=TILE_RADIUS)
    inside = mix(PANEL, BACKGROUND, 0.5) if loc.destroyed else PANEL
    canvas.rect((x0 + 1, y0 + 1, x1 - 1, y1 - 1), inside, radius=TILE_RADIUS - 1)
    if highlight:
        canvas.frame((x0 - 2, y0 - 2, x1 + 2, y1 + 2), HIGHLIGHT, width=2, radius=TILE_RADIUS + 2)
    inner = (x0 + 6, y0 + 27, x1 - 6, y1 - 27)
    if loc.destroyed:
        _destroyed(canvas, box, inner, loc)
        return
    for seat in (top_seat, 1 - top_seat):
        _total(canvas, box, loc, seat, top=seat == top_seat)
    if loc.revealed:
        _revealed(canvas, inner, loc)
    else:
        _title(canvas, inner, say("Not yet revealed"), fill=MUTED)
        when = (
            say("The left location is revealed at the start of turn {turn}.", turn=1),
            say("The center location is revealed at the start of turn {turn}.", turn=2),
            say("The right location is revealed at the start of turn {turn}.", turn=3),
        )[loc.index]
        _rules(canvas, inner, when, fill=SUBTLE)


def _total(canvas: Canvas, box: Box, loc: LocationView, seat: int, *, top: bool) -> None:
    """A side's power at the location, in the seat's shape; crowned if it leads, faded if the
    other side leads."""
    x0, y0, x1, y1 = box
    style = seat_style(seat)
    d = 21.0
    cx = (x0 + x1) / 2
    by = y0 + 4 if top else y1 - 4 - d
    trails = loc.leader is not None and loc.leader != seat
    fill = mix(style.fill, PANEL, 0.6) if trails else style.fill
    ink = mix(style.ink, PANEL, 0.4) if trails else style.ink
    power = str(loc.sides[seat].power)
    badge(
        canvas, (cx - d / 2, by, cx + d / 2, by + d), power, fill=fill, ink=ink, shape=style.shape
    )
    if loc.leader == seat:
        for left in (cx - d / 2 - 19, cx + d / 2 + 4):
            canvas.shape("crown", (left, by + 4, left + 15, by + d - 5), style.accent)


def location_title(loc: LocationView) -> str:
    """A location's name, or which one it is while its name is not known."""
    if loc.name:
        return card_name("lanes", loc.name)
    return (
        say("Left (not yet revealed)"),
        say("Center (not yet revealed)"),
        say("Right (not yet revealed)"),
    )[loc.index]


def _title(canvas: Canvas, inner: Box, text: str, *, fill: RGB) -> Placed:
    x0, y0, x1, _y1 = inner
    box = (x0, y0, x1, y0 + 17)
    return canvas.text(
        box, text, size=13, min_size=LEGIBLE, weight="bold", fill=fill, align="center", max_lines=1
    )


def _rules(canvas: Canvas, inner: Box, text: str, *, fill: RGB, top: float = 17) -> Placed:
    x0, y0, x1, y1 = inner
    return canvas.text(
        (x0, y0 + top, x1, y1),
        text,
        size=LEGIBLE,
        fill=fill,
        align="center",
        leading=1.1,
        max_lines=3,
        balance=True,
    )


def _revealed(canvas: Canvas, inner: Box, loc: LocationView) -> None:
    _title(canvas, inner, location_title(loc), fill=TEXT)
    if not loc.disabled:
        _rules(canvas, inner, rules_text("lanes", loc.text or ""), fill=MUTED)
        return
    cx, top = (inner[0] + inner[2]) / 2, inner[1] + 18
    tag(canvas, (cx - 40, top, cx + 40, top + 17), say("ability off"), fill=MUTED)
    text = rules_text("lanes", loc.text or "")
    strike(canvas, _rules(canvas, inner, text, fill=SUBTLE, top=36), SUBTLE)


def _destroyed(canvas: Canvas, box: Box, inner: Box, loc: LocationView) -> None:
    x0, y0, x1, y1 = box
    canvas.hatch((x0 + 2, y0 + 2, x1 - 2, y1 - 2), mix(PANEL, DANGER, 0.25), step=8, width=1.5)
    canvas.shape("cross", ((x0 + x1) / 2 - 9, y0 + 8, (x0 + x1) / 2 + 9, y0 + 26), DANGER)
    _title(canvas, inner, location_title(loc), fill=MUTED)
    below = (inner[0], inner[1], inner[2], inner[3] + 14)
    _rules(canvas, below, say("Destroyed: nothing can be played here."), fill=TEXT)
