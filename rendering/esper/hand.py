"""A seat's sheet, its "hand", sent only to that seat: its character (alignment and stats, what is
left of them), its gear and clues, its combat hand during a combat, the characters and base
squares it has learned, its lurk marker, and what it sees through its probes (ESPER-12.1's first
row). Also one card looked up (``/card``).

Layout (units, :data:`~rendering.esper.board.WIDTH` wide): a header with the seat's mark, name
and persona; then sections, each a bold title and lines of text, as long as they need: nothing
is cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rendering.toolkit import Canvas, Chip, fit_text, right_chips, seat_title
from rendering.toolkit.palette import GOOD, HIGHLIGHT, MUTED, PANEL, TEXT, mix
from rules.engine import name_seats
from rules.esper.cards import CardDef
from rules.esper.views import CardView, EsperView, SheetView

from .board import MARGIN, WIDTH, new_canvas
from .parts import ALIGNMENT_COLOURS, LEGIBLE

__all__ = ["draw_card", "draw_hand"]

HEADER = 28.0
LEADING = 1.15


@dataclass(frozen=True, slots=True)
class Line:
    text: str
    bold: bool = False
    colour: tuple[int, int, int] = TEXT
    indent: float = 0.0
    size: float = LEGIBLE


def _height(canvas: Canvas, line: Line) -> float:
    px = canvas.px(line.size)
    room = canvas.px(WIDTH - 2 * MARGIN - 16 - line.indent)
    weight = "bold" if line.bold else "regular"
    lines = len(fit_text(line.text, room, 1 << 20, px, px, weight, LEADING).lines)
    return max(1, lines) * line.size * LEADING + 2


def _draw_lines(canvas: Canvas, lines: Sequence[Line], y: float) -> float:
    for line in lines:
        h = _height(canvas, line)
        canvas.text(
            (MARGIN + 8 + line.indent, y, WIDTH - MARGIN - 8, y + h),
            line.text,
            size=line.size,
            weight="bold" if line.bold else "regular",
            fill=line.colour,
            valign="top",
            leading=LEADING,
        )
        y += h
    return y


def _card_lines(card: CardView, *, mark_playable: bool) -> list[Line]:
    head = card.name
    if mark_playable and card.playable:
        head += " · playable now"
    return [
        Line(head, bold=True, colour=GOOD if mark_playable and card.playable else TEXT, indent=6),
        Line(card.text, colour=MUTED, indent=14),
    ]


def _lines(view: EsperView, sheet: SheetView, names: Sequence[str]) -> list[Line]:
    c = sheet.character
    lines = [
        Line(f"{c.name}: {c.alignment}", bold=True, colour=ALIGNMENT_COLOURS[c.alignment]),
        Line(
            f"ESP level {c.level} · ESP power {sheet.power_left} of {c.power} · durability "
            f"{sheet.durability_left} of {c.durability} · mental {c.mental}"
        ),
    ]
    extra = [f"Clues {sheet.clues}"]
    if sheet.keeper is not None:
        extra.append("a keeper of the base" if sheet.keeper else "an infiltrator")
    if sheet.lurk is not None:
        where = view.squares[sheet.lurk[0]].name
        extra.append(f"your lurk marker on {where}, {'armed' if sheet.lurk[1] else 'disarmed'}")
    lines.append(Line(" · ".join(extra), colour=MUTED))
    lines.append(Line("Gear", bold=True, colour=HIGHLIGHT))
    if not sheet.gear:
        lines.append(Line("none", colour=MUTED, indent=6))
    for gear in sheet.gear:
        lines += _card_lines(gear, mark_playable=False)
    if sheet.hand or (view.combat is not None and sheet.seat in view.combat.combatants):
        lines.append(Line(f"Combat hand ({len(sheet.hand)})", bold=True, colour=HIGHLIGHT))
        for card in sheet.hand:
            lines += _card_lines(card, mark_playable=True)
    if sheet.known:
        lines.append(Line("Characters you know", bold=True, colour=HIGHLIGHT))
        for seat, known in sheet.known:
            lines.append(
                Line(f"{names[seat]}: {known.name}, {known.alignment}", colour=TEXT, indent=6)
            )
    if sheet.key_bases:
        lines.append(Line("Base squares you know", bold=True, colour=HIGHLIGHT))
        said = ", ".join(f"{view.squares[s].name}: {card}" for s, card in sheet.key_bases)
        lines.append(Line(said, indent=6))
    for seen in sheet.seen:
        lines.append(Line(f"Through your probe on {names[seen.seat]}", bold=True, colour=HIGHLIGHT))
        held = ", ".join(seen.gear) or "none"
        hand = ", ".join(seen.hand) or "none"
        lines.append(Line(f"gear: {held}; combat hand: {hand}", indent=6))
    return lines


def _situation(view: EsperView, names: Sequence[str]) -> Line:
    if view.over:
        return Line("The match is over.", colour=MUTED)
    if view.asked:
        return Line(name_seats(view.asked, names), bold=True, colour=HIGHLIGHT)
    return Line(name_seats(f"Now: {view.waiting}", names) if view.waiting else "", colour=MUTED)


def draw_hand(view: EsperView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.viewer is None or view.hand is None:
        raise ValueError("a sheet is drawn from a seat's own view")
    sheet = view.hand
    seat = view.viewer
    situation = _situation(view, names)
    lines = (
        [situation, *_lines(view, sheet, names)] if situation.text else _lines(view, sheet, names)
    )
    measure = new_canvas(1, scale)
    height = MARGIN + HEADER + 4 + sum(_height(measure, line) for line in lines) + 6 + MARGIN
    canvas = new_canvas(height, scale)
    canvas.rect((MARGIN, MARGIN, WIDTH - MARGIN, height - MARGIN), PANEL, radius=6)
    persona = view.players[seat].persona_name
    face = view.players[seat].face
    chips = [Chip(f"{persona} ({face} face)", fill=mix(PANEL, TEXT, 0.12), ink=TEXT)]
    if not persona:
        chips = []
    left = right_chips(canvas, WIDTH - MARGIN - 8, MARGIN + 5, chips, height=18, size=LEGIBLE)
    seat_title(
        canvas,
        (MARGIN + 8, MARGIN + 2, left - 6, MARGIN + HEADER),
        seat,
        f"{names[seat]}'s sheet",
        mark=13,
        size=14,
        min_size=LEGIBLE,
    )
    _draw_lines(canvas, lines, MARGIN + HEADER + 4)
    return canvas


def draw_card(card: CardDef, *, scale: float) -> Canvas:
    """One definition of the pool, as a sheet shows it: its name, what it is, its text."""
    lines = [Line(f"{card.name} · {card.summary}", bold=True), Line(card.text, colour=MUTED)]
    measure = new_canvas(1, scale)
    height = MARGIN + sum(_height(measure, line) for line in lines) + 8 + MARGIN
    canvas = new_canvas(max(height, 56.0), scale)
    canvas.rect((MARGIN, MARGIN, WIDTH - MARGIN, canvas.height - MARGIN), PANEL, radius=6)
    _draw_lines(canvas, lines, MARGIN + 4)
    return canvas
