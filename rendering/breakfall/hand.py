"""A seat's hand, sent only to that seat: its cards with their full rules text, and its own
resource row (face down to the others, named here).

Layout (units, :data:`~rendering.breakfall.board.WIDTH` wide): a header with the seat's name,
its ready resources and hand size; a line saying where the turn is and what is asked of the seat;
its resource cards by name; then one row per card: cost, name, kind and breakfall pills, the
generated rules text (up to three lines; it says "Any speed." itself), and force, sabotage and
durability for a character, each named beside its icon.
When the seat holds priority, the cards it can play now are marked "Playable" and the others
dimmed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import (
    Box,
    Canvas,
    Chip,
    card_frame,
    chip_row,
    fit_text,
    hand_header,
    mix,
)
from rendering.toolkit.palette import GOOD, HIGHLIGHT, HIGHLIGHT_INK, MUTED, PANEL, TEXT, seat_style
from rendering.toolkit.words import card_name, language, rules_text, say, say_p
from rules.breakfall.cards import CardDef
from rules.breakfall.views import BreakfallView, HandCardView
from rules.engine import in_language, name_seats

from .board import MARGIN, WIDTH, new_canvas
from .parts import LEGIBLE, PILL_H, cost_badge, draw_stat

__all__ = ["draw_card", "draw_hand"]

HEADER = 30.0
NOTE = 22.0
ROW = 70.0
ROW_GAP = 5.0
STATS_W = 96.0  # "durability" beside its number: the hand says what each icon is
BREAKFALL_FILL = (120, 82, 150)


def _situation(view: BreakfallView, names: Sequence[str]) -> tuple[str, bool]:
    """The line under the header, and whether it asks something of the seat."""
    seat = view.viewer if view.viewer is not None else 0
    if view.over:
        return say("The match is over."), False
    turn, where = view.turn, _where(view)
    waiting = name_seats(in_language(view.waiting, language()), names)  # the rules' words
    if seat in view.pending:
        if view.holder == seat:
            return say("Turn {turn} · {where} · you hold priority", turn=turn, where=where), True
        # The seat as the sentence names it ("alice"; in Japanese "aliceさん") is "you".
        named = say_p("a player named in a sentence", "{player}", player=names[seat])
        waiting = waiting.replace(named, say("you"), 1)
        return say(
            "Turn {turn} · {where} · {waiting}", turn=turn, where=where, waiting=waiting
        ), True
    return say("Turn {turn} · {where} · {waiting}", turn=turn, where=where, waiting=waiting), False


def _where(view: BreakfallView) -> str:
    """Where the match is in the turn (as the rules' ``flow.PHASES`` names it)."""
    phases = {
        ("start", ""): say("the start phase"),
        ("draw", ""): say("the draw phase"),
        ("main", ""): say("the main phase"),
        ("battle", "greet"): say("the greet step"),
        ("battle", "block"): say("the block step"),
        ("battle", "damage"): say("the damage step"),
        ("end", "end"): say("the end phase"),
        ("end", "final"): say("the final processing"),
    }
    return phases.get((view.phase, view.step), view.where)


def _resources_line(view: BreakfallView) -> str:
    seat = view.viewer if view.viewer is not None else 0
    rows = view.players[seat].resources
    if not rows:
        return say("Your resources: none yet.")
    named = say(", ").join(
        say("{card} (bowed)", card=card_name("breakfall", r.name))
        if r.bowed
        else card_name("breakfall", r.name)
        for r in rows
    )
    return say("Your resources (face down): {cards}", cards=named)


LINE = LEGIBLE * 1.15


def _resource_lines(canvas: Canvas, view: BreakfallView) -> int:
    """How many lines the seat's resource cards take (they are never cut)."""
    px = canvas.px(LEGIBLE)
    room = canvas.px(WIDTH - 2 * MARGIN - 4)
    return max(
        1, len(fit_text(_resources_line(view), room, 1 << 20, px, px, "regular", 1.15).lines)
    )


def _height(canvas: Canvas, view: BreakfallView) -> float:
    rows = max(1, len(view.hand))
    resources = _resource_lines(canvas, view) * LINE + 4
    return MARGIN + HEADER + NOTE + resources + ROW_GAP + rows * (ROW + ROW_GAP) + MARGIN


def draw_hand(view: BreakfallView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.viewer is None:
        raise ValueError("a hand is drawn from a seat's view, not a spectator's")
    canvas = new_canvas(_height(new_canvas(1, scale), view), scale)
    y = _header(canvas, view, names, MARGIN)
    line, asks = _situation(view, names)
    canvas.text(
        (MARGIN + 4, y, WIDTH - MARGIN, y + NOTE),
        line,
        size=13,
        min_size=LEGIBLE,
        weight="bold" if asks else "regular",
        fill=HIGHLIGHT if asks else MUTED,
        max_lines=1,
    )
    y += NOTE
    rows = _resource_lines(canvas, view)
    canvas.text(
        (MARGIN + 4, y, WIDTH - MARGIN, y + rows * LINE + 4),
        _resources_line(view),
        size=LEGIBLE,
        fill=MUTED,
        valign="top",
        leading=1.15,
    )
    y += rows * LINE + 4 + ROW_GAP
    priority = view.holder == view.viewer and not view.over
    if not view.hand:
        canvas.text(
            (MARGIN + 8, y, WIDTH - MARGIN, y + ROW), say("No cards in hand."), size=13, fill=MUTED
        )
    for card in view.hand:
        _card_row(canvas, card, view.viewer, y, dim=priority and not card.playable)
        y += ROW + ROW_GAP
    return canvas


def draw_card(card: CardDef, *, scale: float) -> Canvas:
    """One card of the pool as a hand shows it, to look it up."""
    canvas = new_canvas(MARGIN + ROW + MARGIN, scale)
    shown = HandCardView(
        0,
        card.id,
        card.name,
        card.kind,
        card.cost,
        card.speed,
        card.force,
        card.sabotage,
        card.durability,
        card.text,
        card.breakfall is not None,
        playable=False,
    )
    _card_row(canvas, shown, 0, MARGIN, dim=False)
    return canvas


def _header(canvas: Canvas, view: BreakfallView, names: Sequence[str], y: float) -> float:
    seat = view.viewer if view.viewer is not None else 0
    player = view.players[seat]
    ready = player.resources_ready
    fill = mix(PANEL, HIGHLIGHT, 0.12)
    chips = [
        Chip(
            say("{ready}/{n} ready", ready=ready, n=len(player.resource_states)),
            fill=fill,
            icon="bolt",
            icon_colour=HIGHLIGHT,
            bold=True,
        ),
        Chip(say("Hand {n}", n=player.hand_size), ink=MUTED),
    ]
    if view.auto_pass:
        chips.append(Chip(say("Auto-pass on"), ink=MUTED))
    box = (MARGIN, y, WIDTH - MARGIN, y + HEADER)
    hand_header(canvas, box, seat, say("{player}'s hand", player=names[seat]), chips)
    return y + HEADER


def _pills(card: HandCardView) -> list[Chip]:
    chips: list[Chip] = []
    if card.playable:
        chips.append(Chip(say("Playable"), fill=GOOD, ink=HIGHLIGHT_INK, icon="check", bold=True))
    kind = say("Character") if card.kind == "character" else say("Technique")
    chips.append(Chip(kind, fill=mix(PANEL, TEXT, 0.12), ink=MUTED))
    if card.breakfall:
        chips.append(Chip(say("Breakfall"), fill=BREAKFALL_FILL, ink=TEXT, bold=True))
    return chips


def _card_row(canvas: Canvas, card: HandCardView, seat: int, y: float, *, dim: bool) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN
    card_frame(canvas, (x0, y, x1, y + ROW), edge=seat_style(seat).fill, dim=dim, radius=5)
    d = 26.0
    top = y + 8
    cost_badge(canvas, (x0 + 8, top, x0 + 8 + d, top + d), card.cost, dim=dim)
    stats = card.kind == "character"
    left, right = x0 + 8 + d + 8, x1 - (STATS_W + 6 if stats else 6)
    placed = canvas.text(
        (left, y + 3, right - 60, y + 21),
        card_name("breakfall", card.name),
        size=14,
        min_size=LEGIBLE,
        weight="bold",
        fill=MUTED if dim else TEXT,
        max_lines=1,
    )
    after = placed.ink[2] / canvas.scale + 6 if placed.ink else left
    chip_row(canvas, after, y + 3, right, _pills(card), height=PILL_H, size=LEGIBLE, gap=3)
    canvas.text(
        (left, y + 23, right, y + ROW - 3),
        rules_text("breakfall", card.text) or say("No ability."),
        size=LEGIBLE,
        fill=MUTED,
        valign="top",
        leading=1.1,
        max_lines=3,
    )
    if stats:
        _stats(canvas, card, (x1 - STATS_W, y + 4, x1 - 6, y + ROW - 4))


def _stats(canvas: Canvas, card: HandCardView, box: Box) -> None:
    x0, y0, x1, y1 = box
    h = (y1 - y0) / 3
    for i, (stat, value) in enumerate(
        (("force", card.force), ("sabotage", card.sabotage), ("durability", card.durability))
    ):
        draw_stat(
            canvas, (x0, y0 + i * h, x1, y0 + (i + 1) * h), stat, value, base=value, word=True
        )
