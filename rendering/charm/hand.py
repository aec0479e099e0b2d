"""A seat's hand, sent only to that seat: its cards with their full rules text, its EP, and what
the match asks of it now.

Layout (units, :data:`~rendering.charm.board.WIDTH` wide): a header with the seat's name, its EP
pool and its hand against its hand limit; a line saying what the match waits on (its move, an
answer, a defence, a choice, or the other player); then one row per card: cost, name, kind and
"Playable" pills, the generated rules text, and AP and DP, EP, or tokens. When it is the seat's
moment to act, the cards it cannot play or use now are dimmed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Box, Canvas, Chip, card_frame, fit_text, hand_header, mix
from rendering.toolkit.palette import GOOD, HIGHLIGHT, HIGHLIGHT_INK, MUTED, PANEL, TEXT, seat_style
from rendering.toolkit.words import card_name, rules_text, say
from rules.charm.cards import CardDef
from rules.charm.views import CharmView, HandCardView

from .board import MARGIN, WIDTH, new_canvas
from .parts import (
    LABEL_H,
    LEGIBLE,
    PILL_FILL,
    Label,
    cost_badge,
    draw_labels,
    draw_stat,
    kind_label,
)

__all__ = ["draw_card", "draw_hand"]

HEADER = 30.0
NOTE = 22.0
ROW = 56.0
ROW_GAP = 5.0
STATS_W = 50.0


def _asks(waiting_on: str, turn: int) -> str:
    """What the match asks of the seat, after the turn."""
    if waiting_on == "initiative":
        return say("Turn {turn} · Your main phase: play, use, charm, or end the turn.", turn=turn)
    if waiting_on == "answer":
        return say("Turn {turn} · Answer with an event or A.Skill, or pass.", turn=turn)
    if waiting_on == "timing":
        return say("Turn {turn} · Declare an event or A.Skill, or pass.", turn=turn)
    if waiting_on == "defence":
        return say("Turn {turn} · Declare your defence: block attackers, or none.", turn=turn)
    if waiting_on == "order":
        return say("Turn {turn} · Pick the P.Skill that resolves next.", turn=turn)
    if waiting_on == "target":
        return say("Turn {turn} · Pick the target of your P.Skill.", turn=turn)
    if waiting_on == "discard":
        return say("Turn {turn} · Pick the cards to discard.", turn=turn)
    if waiting_on == "recall":
        return say("Turn {turn} · Pick the card to take back.", turn=turn)
    return say("Turn {turn} · Your move.", turn=turn)


def _situation(view: CharmView, names: Sequence[str]) -> tuple[str, bool]:
    """The line under the header, and whether it asks something of the seat (drawn brighter)."""
    seat = view.viewer if view.viewer is not None else 0
    player = view.players[seat]
    other = names[1 - seat]
    if view.over:
        return say("The match is over."), False
    if view.phase == "mulligan":
        if player.returned is not None:
            done = say("Mulligan done: you returned {n}. Your opening hand:", n=player.returned)
            return done, False
        if player.mulligan_done:
            return say("Your mulligan is chosen: waiting for {player}.", player=other), False
        return say("Mulligan: choose which of these cards to return (any number, once)."), True
    if seat in view.pending:
        return _asks(view.waiting_on or "", view.turn), True
    return say("Turn {turn} · waiting for {player}.", turn=view.turn, player=other), False


_TEXT_LEADING = 1.12
_TEXT_W = WIDTH - 2 * MARGIN - 42 - STATS_W - 6


def _row_height(canvas: Canvas, card: HandCardView) -> float:
    """A row is :data:`ROW` tall, taller for a card whose text needs more than two lines (two
    skills), so that no rules text is cut short."""
    px = canvas.px(LEGIBLE)
    block = fit_text(
        rules_text("charm", card.text) or "-",
        canvas.px(_TEXT_W),
        1 << 20,
        px,
        px,
        "regular",
        _TEXT_LEADING,
    )
    lines = max(2, len(block.lines))
    return ROW + (lines - 2) * LEGIBLE * _TEXT_LEADING


def _height(view: CharmView, measure: Canvas) -> float:
    rows = sum(_row_height(measure, c) + ROW_GAP for c in view.hand) or ROW + ROW_GAP
    return MARGIN + HEADER + NOTE + ROW_GAP + rows + MARGIN


def draw_hand(view: CharmView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.viewer is None:
        raise ValueError("a hand is drawn from a seat's view, not a spectator's")
    canvas = new_canvas(_height(view, new_canvas(1, scale)), scale)
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
    y += NOTE + ROW_GAP
    acting = view.viewer in view.pending and view.phase != "mulligan" and not view.over
    if not view.hand:
        canvas.text(
            (MARGIN + 8, y, WIDTH - MARGIN, y + ROW), say("No cards in hand."), size=13, fill=MUTED
        )
    for card in view.hand:
        height = _row_height(canvas, card)
        _card_row(canvas, card, view.viewer, y, height, dim=acting and not card.playable)
        y += height + ROW_GAP
    return canvas


def draw_card(card: CardDef, *, scale: float) -> Canvas:
    """One card of the pool as a hand shows it, to look it up."""
    shown = HandCardView(
        0,
        card.id,
        card.name,
        card.kind,
        card.cost,
        card.ep,
        card.ap,
        card.dp,
        card.tokens,
        card.text,
        playable=False,
        returning=False,
    )
    height = _row_height(new_canvas(1, scale), shown)
    canvas = new_canvas(MARGIN + height + MARGIN, scale)
    _card_row(canvas, shown, 0, MARGIN, height, dim=False)
    return canvas


def _header(canvas: Canvas, view: CharmView, names: Sequence[str], y: float) -> float:
    seat = view.viewer if view.viewer is not None else 0
    player = view.players[seat]
    chips = [Chip(say("Hand {n}/{limit}", n=player.hand_size, limit=player.hand_limit), ink=MUTED)]
    if view.phase != "mulligan":
        fill = mix(PANEL, HIGHLIGHT, 0.12)
        ep = Chip(
            say("EP {n}", n=player.pool), fill=fill, icon="bolt", icon_colour=HIGHLIGHT, bold=True
        )
        chips.insert(0, ep)
    if view.auto_pass:
        chips.append(Chip(say("Auto-pass on"), ink=MUTED))
    box = (MARGIN, y, WIDTH - MARGIN, y + HEADER)
    hand_header(canvas, box, seat, say("{player}'s hand", player=names[seat]), chips)
    return y + HEADER


def _labels(card: HandCardView) -> list[Label]:
    labels: list[Label] = [(say("Playable"), GOOD, HIGHLIGHT_INK, "check")] if card.playable else []
    if card.returning:
        labels.append((say("Returning"), HIGHLIGHT, HIGHLIGHT_INK, "down"))
    labels.append(kind_label(card.kind))
    if card.kind in ("character", "heroine"):
        labels.append((say("EP {n}", n=card.ep), PILL_FILL, TEXT, "bolt"))
    return labels


def _card_row(
    canvas: Canvas, card: HandCardView, seat: int, y: float, height: float, *, dim: bool
) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN
    card_frame(canvas, (x0, y, x1, y + height), edge=seat_style(seat).fill, dim=dim, radius=5)
    d = 26.0
    top = y + 8
    if card.kind != "heroine":
        cost_badge(canvas, (x0 + 8, top, x0 + 8 + d, top + d), card.cost, dim=dim)
    left, right = x0 + 8 + d + 8, x1 - STATS_W - 6
    placed = canvas.text(
        (left, y + 2, right - 70, y + 21),
        card_name("charm", card.name),
        size=14,
        min_size=LEGIBLE,
        weight="bold",
        fill=MUTED if dim else TEXT,
        max_lines=1,
    )
    after = placed.ink[2] / canvas.scale + 6 if placed.ink else left
    draw_labels(canvas, [after], y + 3, right, _labels(card), height=LABEL_H)
    canvas.text(
        (left, y + 22, right, y + height - 3),
        rules_text("charm", card.text) or say("No skill."),
        size=LEGIBLE,
        fill=MUTED,
        valign="top",
        leading=_TEXT_LEADING,
    )
    _stats(canvas, card, (x1 - STATS_W, y + 6, x1 - 6, y + ROW - 6))


def _stats(canvas: Canvas, card: HandCardView, box: Box) -> None:
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    if card.kind in ("character", "heroine"):
        draw_stat(canvas, (x0, y0, x1, mid), "sword", card.ap, base=card.ap)
        draw_stat(canvas, (x0, mid, x1, y1), "shield", card.dp, base=card.dp)
    elif card.kind == "background":
        draw_stat(canvas, (x0, y0 + 12, x1, y1 - 12), "bolt", card.ep, base=card.ep)
    elif card.kind == "music":
        draw_stat(canvas, (x0, y0 + 12, x1, y1 - 12), "hourglass", card.tokens, base=card.tokens)
