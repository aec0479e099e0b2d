"""A seat's hand, sent only to that seat: its cards with rules text, energy, and staged plays.

Layout (units, :data:`~rendering.lanes.board.WIDTH` wide): a header with the seat's name, the
turn and the energy left; one row per card in hand (cost, name, rules text, power; cards the
energy left cannot pay for are dimmed); then this turn's staged actions, in the order staged.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, Chip, card_frame, chip_row, chip_width, mix, seat_mark
from rendering.toolkit.palette import HIGHLIGHT, MUTED, PANEL, TEXT, seat_style
from rendering.toolkit.words import card_name, rules_text, say
from rules.lanes.cards import CardDef
from rules.lanes.views import CardView, LanesView, StagedView

from .board import LEGIBLE, MARGIN, WIDTH, new_canvas
from .parts import cost_badge, location_title, power_box

__all__ = ["draw_card", "draw_hand"]

HEADER = 30.0
ROW = 50.0
ROW_GAP = 5.0
SECTION = 22.0
STAGED = 26.0


def _height(view: LanesView) -> float:
    rows = max(1, len(view.hand))
    staged = max(1, len(view.staged))
    return (
        MARGIN
        + HEADER
        + ROW_GAP
        + rows * (ROW + ROW_GAP)
        + SECTION
        + staged * (STAGED + 3)
        + MARGIN
    )


def draw_hand(view: LanesView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.viewer is None:
        raise ValueError("a hand is drawn from a seat's view, not a spectator's")
    canvas = new_canvas(_height(view), scale)
    y = _header(canvas, view, names, MARGIN) + ROW_GAP
    player = view.players[view.viewer]
    energy = player.energy_left if player.energy_left is not None else player.turn_energy
    if not view.hand:
        _note(canvas, y, say("No cards in hand."))
        y += ROW + ROW_GAP
    for card in view.hand:
        _card_row(canvas, card, view.viewer, y, affordable=card.cost <= energy)
        y += ROW + ROW_GAP
    _staged(canvas, view, y)
    return canvas


def draw_card(card: CardDef, *, scale: float) -> Canvas:
    """One card of the pool as a hand shows it (cost, name, rules text, power), to look it up."""
    canvas = new_canvas(MARGIN + ROW + MARGIN, scale)
    power = card.power
    shown = CardView(0, card.id, card.name, card.cost, power, power, power, card.text)
    _card_row(canvas, shown, 0, MARGIN, affordable=True)
    return canvas


def _header(canvas: Canvas, view: LanesView, names: Sequence[str], y: float) -> float:
    seat = view.viewer if view.viewer is not None else 0
    style = seat_style(seat)
    player = view.players[seat]
    mark = 16.0
    seat_mark(
        canvas,
        (MARGIN + 2, y + (HEADER - mark) / 2, MARGIN + 2 + mark, y + (HEADER + mark) / 2),
        seat,
    )
    left = player.energy_left if player.energy_left is not None else player.turn_energy
    chips = [
        Chip(
            say("{left} of {energy} energy left", left=left, energy=player.turn_energy),
            fill=mix(PANEL, HIGHLIGHT, 0.12),
            icon="bolt",
            icon_colour=HIGHLIGHT,
            bold=True,
        ),
        Chip(
            say("Turn {turn} of {last}", turn=view.turn, last=view.last_turn)
            if view.turn
            else say("Game start"),
            ink=MUTED,
        ),
    ]
    if player.ended:
        chips.insert(1, Chip(say("Turn ended"), icon="check", icon_colour=style.accent))
    widths = [chip_width(canvas, chip, height=HEADER - 8, size=LEGIBLE) + 4 for chip in chips]
    start = WIDTH - MARGIN - sum(widths) + 4
    canvas.text(
        (MARGIN + mark + 8, y, start - 6, y + HEADER),
        say("{player}'s hand", player=names[seat]),
        size=15,
        min_size=LEGIBLE,
        weight="bold",
        fill=style.accent,
        max_lines=1,
    )
    chip_row(canvas, start, y + 4, WIDTH - MARGIN, chips, height=HEADER - 8, size=LEGIBLE)
    return y + HEADER


def _card_row(canvas: Canvas, card: CardView, seat: int, y: float, *, affordable: bool) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN
    card_frame(
        canvas, (x0, y, x1, y + ROW), edge=seat_style(seat).fill, dim=not affordable, radius=5
    )
    d = 26.0
    top = y + (ROW - d) / 2
    cost_badge(canvas, (x0 + 8, top, x0 + 8 + d, top + d), card.cost, dim=not affordable)
    power_box(canvas, (x1 - 6 - 32, y + 9, x1 - 6, y + ROW - 9), card)
    left, right = x0 + 8 + d + 8, x1 - 6 - 32 - 8
    canvas.text(
        (left, y + 3, right, y + 21),
        card_name("lanes", card.name),
        size=14,
        min_size=LEGIBLE,
        weight="bold",
        fill=TEXT if affordable else MUTED,
        max_lines=1,
    )
    text = rules_text("lanes", card.text) or say("No ability.")
    canvas.text(
        (left, y + 21, right, y + ROW - 2),
        text,
        size=LEGIBLE,
        fill=MUTED,
        valign="top",
        leading=1.12,
        max_lines=2,
    )


def _staged(canvas: Canvas, view: LanesView, y: float) -> None:
    canvas.text(
        (MARGIN + 2, y, WIDTH - MARGIN, y + SECTION),
        say("Staged this turn (revealed when both players end the turn)"),
        size=LEGIBLE,
        weight="bold",
        fill=MUTED,
        max_lines=1,
    )
    y += SECTION
    if not view.staged:
        _note(canvas, y, say("Nothing staged yet."), height=STAGED)
    for item in view.staged:
        _staged_row(canvas, view, item, y)
        y += STAGED + 3


def _staged_row(canvas: Canvas, view: LanesView, item: StagedView, y: float) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN
    canvas.rect((x0, y, x1, y + STAGED), PANEL, radius=5)
    kinds = {"play": say("Play"), "move": say("Move"), "activate": say("Activate")}
    kind = kinds.get(item.kind, item.kind)
    label_box = (x0 + 4, y + 4, x0 + 70, y + STAGED - 4)
    canvas.rect(label_box, mix(PANEL, HIGHLIGHT, 0.2), radius=(STAGED - 8) / 2)
    canvas.text(
        label_box,
        kind,
        size=LEGIBLE,
        weight="bold",
        fill=TEXT,
        align="center",
        role="label",
    )
    label = card_name("lanes", item.card.name)
    if item.location is not None:
        where = location_title(view.locations[item.location])
        label = say("{card}  →  {location}", card=label, location=where)
    canvas.text((x0 + 78, y, x1 - 8, y + STAGED), label, size=13, min_size=LEGIBLE, fill=TEXT)


def _note(canvas: Canvas, y: float, text: str, *, height: float = ROW) -> None:
    canvas.text(
        (MARGIN + 8, y, WIDTH - MARGIN, y + height),
        text,
        size=13,
        min_size=LEGIBLE,
        fill=MUTED,
        max_lines=1,
    )
