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
from rendering.toolkit.words import card_name, rules_text, say
from rules.engine import name_seats
from rules.esper.cards import CardDef
from rules.esper.views import CardView, EsperView, SheetView

from .board import MARGIN, WIDTH, new_canvas
from .parts import ALIGNMENT_COLOURS, LEGIBLE, alignment_name, ruled

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
    head = card_name("esper", card.name)
    if mark_playable and card.playable:
        head = say("{card} · playable now", card=head)
    return [
        Line(head, bold=True, colour=GOOD if mark_playable and card.playable else TEXT, indent=6),
        Line(rules_text("esper", card.text), colour=MUTED, indent=14),
    ]


def _lines(view: EsperView, sheet: SheetView, names: Sequence[str]) -> list[Line]:
    c = sheet.character
    lines = [
        Line(
            say(
                "{character}: {alignment}",
                character=card_name("esper", c.name),
                alignment=alignment_name(c.alignment),
            ),
            bold=True,
            colour=ALIGNMENT_COLOURS[c.alignment],
        ),
        Line(
            say(
                "ESP level {level} · ESP power {power_left} of {power} · durability "
                "{durability_left} of {durability} · mental {mental}",
                level=c.level,
                power_left=sheet.power_left,
                power=c.power,
                durability_left=sheet.durability_left,
                durability=c.durability,
                mental=c.mental,
            )
        ),
    ]
    extra = [say("Clues {n}", n=sheet.clues)]
    if sheet.keeper is not None:
        extra.append(say("a keeper of the base") if sheet.keeper else say("an infiltrator"))
    if sheet.lurk is not None:
        where = ruled(view.squares[sheet.lurk[0]].name)
        if sheet.lurk[1]:
            extra.append(say("your lurk marker on {square}, armed", square=where))
        else:
            extra.append(say("your lurk marker on {square}, disarmed", square=where))
    lines.append(Line(say(" · ").join(extra), colour=MUTED))
    lines.append(Line(say("Gear"), bold=True, colour=HIGHLIGHT))
    if not sheet.gear:
        lines.append(Line(say("none"), colour=MUTED, indent=6))
    for gear in sheet.gear:
        lines += _card_lines(gear, mark_playable=False)
    if sheet.hand or (view.combat is not None and sheet.seat in view.combat.combatants):
        held = say("Combat hand ({n})", n=len(sheet.hand))
        lines.append(Line(held, bold=True, colour=HIGHLIGHT))
        for card in sheet.hand:
            lines += _card_lines(card, mark_playable=True)
    if sheet.known:
        lines.append(Line(say("Characters you know"), bold=True, colour=HIGHLIGHT))
        for seat, known in sheet.known:
            said = say(
                "{player}: {character}, {alignment}",
                player=names[seat],
                character=card_name("esper", known.name),
                alignment=alignment_name(known.alignment),
            )
            lines.append(Line(said, colour=TEXT, indent=6))
    if sheet.key_bases:
        lines.append(Line(say("Base squares you know"), bold=True, colour=HIGHLIGHT))
        said = say(", ").join(
            say(
                "{square}: {card}",
                square=ruled(view.squares[s].name),
                card=card_name("esper", card),
            )
            for s, card in sheet.key_bases
        )
        lines.append(Line(said, indent=6))
    for seen in sheet.seen:
        probe = say("Through your probe on {player}", player=names[seen.seat])
        lines.append(Line(probe, bold=True, colour=HIGHLIGHT))
        comma = say(", ")
        held = comma.join(card_name("esper", c) for c in seen.gear) or say("none")
        hand = comma.join(card_name("esper", c) for c in seen.hand) or say("none")
        lines.append(Line(say("gear: {gear}; combat hand: {hand}", gear=held, hand=hand), indent=6))
    return lines


def _situation(view: EsperView, names: Sequence[str]) -> Line:
    if view.over:
        return Line(say("The match is over."), colour=MUTED)
    if view.asked:
        return Line(name_seats(ruled(view.asked), names), bold=True, colour=HIGHLIGHT)
    waiting = name_seats(ruled(view.waiting), names)
    now = say("Now: {waiting}", waiting=waiting) if view.waiting else ""
    return Line(now, colour=MUTED)


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
    shown = card_name("esper", persona)
    face_said = {
        "good": say("{persona} (good face)", persona=shown),
        "evil": say("{persona} (evil face)", persona=shown),
    }.get(face or "", f"{shown} ({face} face)")
    chips = [Chip(face_said, fill=mix(PANEL, TEXT, 0.12), ink=TEXT)]
    if not persona:
        chips = []
    left = right_chips(canvas, WIDTH - MARGIN - 8, MARGIN + 5, chips, height=18, size=LEGIBLE)
    seat_title(
        canvas,
        (MARGIN + 8, MARGIN + 2, left - 6, MARGIN + HEADER),
        seat,
        say("{player}'s sheet", player=names[seat]),
        mark=13,
        size=14,
        min_size=LEGIBLE,
    )
    _draw_lines(canvas, lines, MARGIN + HEADER + 4)
    return canvas


def draw_card(card: CardDef, *, scale: float) -> Canvas:
    """One definition of the pool, as a sheet shows it: its name, what it is, its text."""
    head = say("{card} · {summary}", card=card_name("esper", card.name), summary=card.summary)
    lines = [Line(head, bold=True), Line(rules_text("esper", card.text), colour=MUTED)]
    measure = new_canvas(1, scale)
    height = MARGIN + sum(_height(measure, line) for line in lines) + 8 + MARGIN
    canvas = new_canvas(max(height, 56.0), scale)
    canvas.rect((MARGIN, MARGIN, WIDTH - MARGIN, canvas.height - MARGIN), PANEL, radius=6)
    _draw_lines(canvas, lines, MARGIN + 4)
    return canvas
