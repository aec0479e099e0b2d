"""Pieces of the esper pictures: a seat's token, its row in the legend, a square's tile.

A piece is its seat's token: the seat's shape in its colour (ten seats, ten shapes and ten
colours, so ten pieces stay tellable apart by shape alone); the legend says whose it is and
which persona it shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rendering.toolkit import LEGIBLE, Box, Canvas, Chip, chip_flow, seat_mark, seat_style
from rendering.toolkit.palette import (
    BACKGROUND,
    CARD,
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
    mix,
)
from rendering.toolkit.words import card_name, language, say, say_p
from rules.engine import in_language
from rules.esper.views import EsperView, PlayerView, SquareView

__all__ = [
    "ALIGNMENT_COLOURS",
    "LEGIBLE",
    "ROW",
    "TILE_HEAD",
    "TOKEN",
    "alignment_name",
    "legend_row",
    "lit",
    "ruled",
    "square_tile",
    "state_name",
    "token",
    "tokens_height",
]


def ruled(text: str) -> str:
    """A text the rules gave (a caption, a square's name, what the match waits on, a result) in
    the picture's language."""
    return in_language(text, language())


ALIGNMENT_COLOURS = {"good": GOOD, "evil": DANGER}
"""A character's alignment, and a side's win, in words of its colour."""
ROW = 19.0
TOKEN = 18.0
TOKEN_GAP = 2.0
PORT = (30, 62, 70)
KNOWN = (120, 96, 40)


def state_name(state: str, incapacitated: int) -> str:
    """A piece's state: "Arrested", "Incapacitated 2"; "" for none."""
    states = {
        "arrested": say("Arrested"),
        "incapacitated": say("Incapacitated {n}", n=incapacitated),
        "scattered": say("Scattered"),
        "dead": say("Dead"),
    }
    return states.get(state, "")


def alignment_name(alignment: str) -> str:
    names = {"good": say_p("alignment", "good"), "evil": say_p("alignment", "evil")}
    return names.get(alignment, alignment)


def token(canvas: Canvas, box: Box, seat: int, *, ring: bool = False) -> None:
    """A seat's piece: its shape in its colour, outlined so it stands out on any tile."""
    x0, y0, x1, y1 = box
    canvas.shape(seat_style(seat).shape, (x0 - 1, y0 - 1, x1 + 1, y1 + 1), BACKGROUND)
    seat_mark(canvas, box, seat)
    if ring:
        canvas.frame((x0 - 3, y0 - 3, x1 + 3, y1 + 3), HIGHLIGHT, width=1.5, radius=4)


def tokens_height(count: int, width: float) -> float:
    per_row = max(1, int((width + TOKEN_GAP) // (TOKEN + TOKEN_GAP)))
    rows = max(1, -(-count // per_row))
    return rows * (TOKEN + TOKEN_GAP)


def draw_tokens(
    canvas: Canvas, x: float, y: float, width: float, seats: Sequence[int], ringed: set[int]
) -> None:
    per_row = max(1, int((width + TOKEN_GAP) // (TOKEN + TOKEN_GAP)))
    for i, seat in enumerate(seats):
        row, col = divmod(i, per_row)
        left = x + col * (TOKEN + TOKEN_GAP)
        top = y + row * (TOKEN + TOKEN_GAP)
        token(canvas, (left, top, left + TOKEN, top + TOKEN), seat, ring=seat in ringed)


def lit(chip: Chip, on: bool) -> Chip:
    if not on:
        return chip
    return replace(chip, fill=HIGHLIGHT, ink=HIGHLIGHT_INK, bold=True)


def _chips(view: EsperView, player: PlayerView, tags: Sequence[str], me: int | None) -> list[Chip]:
    seat = player.seat
    chips: list[Chip] = []
    if me == seat:
        chips.append(Chip(say("You"), fill=mix(PANEL, TEXT, 0.25), ink=TEXT, bold=True))
    if not view.over and view.turn_player == seat:
        style = seat_style(seat)
        chips.append(Chip(say_p("chip", "Turn"), fill=style.fill, ink=style.ink, bold=True))
    if not view.over and seat in view.pending:
        chips.append(Chip(say("Deciding…"), fill=mix(PANEL, HIGHLIGHT, 0.3), ink=TEXT, bold=True))
    label = state_name(player.state, player.incapacitated)
    if label:
        chips.append(Chip(label, fill=mix(PANEL, DANGER, 0.45), ink=TEXT, bold=True))
    if player.keeper is not None:
        chips.append(Chip(say("Keeper") if player.keeper else say("Infiltrator"), ink=MUTED))
    if player.character is not None:
        c = player.character
        known = say(
            "{character}, {alignment}",
            character=card_name("esper", c.name),
            alignment=alignment_name(c.alignment),
        )
        chips.append(Chip(known, fill=mix(PANEL, KNOWN, 0.5), ink=TEXT))
    if player.state != "dead":
        if player.damage:
            chips.append(Chip(say("Damage {n}", n=player.damage), ink=TEXT))
        if player.spent:
            chips.append(Chip(say("ESP spent {n}", n=player.spent), ink=MUTED))
        if player.clues:
            chips.append(Chip(say("Clues {n}", n=player.clues), ink=TEXT))
        if player.gear:
            chips.append(Chip(say("Gear {n}", n=player.gear), ink=TEXT))
        if player.hand_size is not None:
            chips.append(Chip(say("Hand {n}", n=player.hand_size), ink=MUTED))
        if player.probed_by:
            chips.append(Chip(say("Probed ×{n}", n=len(player.probed_by)), ink=MUTED))
        if player.party is not None:
            chips.append(
                Chip(say("Leader") if player.party == seat else say("In a party"), ink=MUTED)
            )
    chips += [Chip(t, fill=HIGHLIGHT, ink=HIGHLIGHT_INK, bold=True) for t in tags]
    return chips


def legend_row(
    canvas: Canvas,
    view: EsperView,
    player: PlayerView,
    name: str,
    box: Box,
    *,
    tags: Sequence[str],
    ringed: bool,
    me: int | None,
    draw: bool,
) -> float:
    """A seat's row: its token, its name and persona, then its public counters; returns its
    bottom (measured only, unless ``draw``)."""
    x0, y, x1, _ = box
    if player.persona_name:
        title = say(
            "{player} · {persona}", player=name, persona=card_name("esper", player.persona_name)
        )
    else:
        title = say("{player} · no persona yet", player=name)
    name_w = min(canvas.text_width(title, size=13, weight="bold"), 190.0)
    left = x0 + 6 + TOKEN + 5
    chips = _chips(view, player, tags, me)
    options: dict[str, float] = {"height": ROW - 2, "size": LEGIBLE, "gap": 3.0, "row_gap": 2.0}
    _x, last = chip_flow(
        canvas, left + name_w + 8, y + 2, (left, y, x1 - 4, y), chips, draw=False, **options
    )
    bottom = last + ROW + 1
    if not draw:
        return bottom
    dead = player.state == "dead"
    canvas.rect((x0, y, x1, bottom), mix(PANEL, BACKGROUND, 0.4) if dead else PANEL, radius=5)
    if ringed:
        canvas.frame((x0 - 1.5, y - 1.5, x1 + 1.5, bottom + 1.5), HIGHLIGHT, width=1.5, radius=6)
    mid = y + 1 + (ROW - 2) / 2
    token(canvas, (x0 + 6, mid - TOKEN / 2, x0 + 6 + TOKEN, mid + TOKEN / 2), player.seat)
    canvas.text(
        (left, y + 1, left + name_w + 2, y + ROW),
        title,
        size=13,
        min_size=LEGIBLE,
        weight="bold",
        fill=SUBTLE if dead else seat_style(player.seat).accent,
        max_lines=1,
    )
    chip_flow(canvas, left + name_w + 8, y + 2, (left, y, x1 - 4, y), chips, draw=True, **options)
    return bottom


def _card_label(square: SquareView) -> tuple[str, tuple[int, int, int]]:
    """What a tile says of its card, and in what colour."""
    if square.destroyed:
        return card_name("esper", square.destroyed), DANGER  # with a cross
    if square.card is not None:
        return card_name("esper", square.card), TEXT
    if square.known is not None:
        return say("{card} (known)", card=card_name("esper", square.known)), HIGHLIGHT
    if square.spaceport:
        return say("Spaceport"), MUTED
    if square.face_down:
        return "", MUTED
    if square.emptied == "clue":
        return say("clue taken"), SUBTLE
    if square.emptied == "gear":
        return say("gear taken"), SUBTLE
    if square.emptied:
        return say("{card} used", card=card_name("esper", square.emptied)), SUBTLE
    return say("empty"), SUBTLE


TILE_HEAD = LEGIBLE + 3 + 2 * LEGIBLE * 1.1 + 2
"""A tile's label part: its place on a line, then what lies there on up to two lines."""


def square_tile(
    canvas: Canvas,
    box: Box,
    square: SquareView,
    pieces: Sequence[int],
    *,
    label: str,
    lit_square: bool,
    ringed: set[int],
) -> None:
    """One square: its place label, what lies there, and the pieces on it."""
    x0, y0, x1, y1 = box
    up = square.card is not None or square.destroyed is not None
    if square.spaceport or square.kind == "landing_pad":
        fill = PORT
    elif square.face_down and square.known is None:
        fill = CARD_BACK
    elif up:
        fill = CARD
    else:
        fill = mix(BACKGROUND, PANEL, 0.5)
    canvas.rect(box, fill, radius=4)
    if square.face_down and square.known is None:
        canvas.hatch((x0 + 1, y0 + 1, x1 - 1, y1 - 1), mix(CARD_BACK, CARD_EDGE, 0.3), step=6)
    if square.known is not None:
        canvas.frame(box, HIGHLIGHT, width=1, radius=4)
    if square.destroyed:
        canvas.shape("cross", (x1 - 14, y0 + 3, x1 - 3, y0 + 14), DANGER)
    text, colour = _card_label(square)
    head = (x0 + 3, y0 + 1, x1 - 3, y0 + TILE_HEAD)
    canvas.text(
        (head[0], head[1], head[0] + 22, head[1] + LEGIBLE + 3),
        label,
        size=LEGIBLE,
        weight="bold",
        fill=MUTED,
        max_lines=1,
    )
    if text:
        canvas.text(
            (head[0], head[1] + LEGIBLE + 2, head[2], head[3]),
            text,
            size=LEGIBLE,
            fill=colour,
            valign="top",
            leading=1.1,
            max_lines=2,
        )
    if square.lurk is not None:  # the viewer's own marker: bright when armed, dim when not
        lurk = say("Lurk")
        width = canvas.text_width(lurk, size=LEGIBLE, weight="bold") + 8
        pill = (x1 - width - 2, y0 + 2, x1 - 2, y0 + 2 + LEGIBLE + 3)
        canvas.rect(pill, DANGER if square.lurk else mix(PANEL, DANGER, 0.35), radius=4)
        canvas.text(
            (pill[0] + 4, pill[1], pill[2] - 2, pill[3]),
            lurk,
            size=LEGIBLE,
            weight="bold",
            fill=HIGHLIGHT_INK if square.lurk else TEXT,
            max_lines=1,
            role="label",
            cover=pill,
        )
    draw_tokens(canvas, x0 + 3, y0 + TILE_HEAD + 1, x1 - x0 - 6, pieces, ringed)
    if lit_square:
        canvas.frame((x0 - 1.5, y0 - 1.5, x1 + 1.5, y1 + 1.5), HIGHLIGHT, width=1.5, radius=5)
