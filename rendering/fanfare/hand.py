"""A seat's hand, sent only to that seat: its cards with their full rules text, and its PP.

Layout (units, :data:`~rendering.fanfare.board.WIDTH` wide): a header with the seat's name, PP,
evolution points and the turn; in the mulligan, a line saying what to do (or that the choice is
made); then one row per card: cost, name, kind and keywords, the generated rules text, and attack
and defence or a countdown. In the seat's own turn, the cards it can play now are marked
"Playable" and the others dimmed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Box, Canvas, Chip, card_frame, hand_header, mix
from rendering.toolkit.palette import GOOD, HIGHLIGHT, HIGHLIGHT_INK, MUTED, PANEL, TEXT, seat_style
from rendering.toolkit.words import card_name, rules_text, say
from rules.fanfare.cards import KEYWORDS, CardDef
from rules.fanfare.state import HAND_LIMIT
from rules.fanfare.views import FanfareView, HandCardView

from .board import MARGIN, WIDTH, new_canvas
from .parts import LABEL_H, LEGIBLE, Label, cost_badge, draw_labels, draw_stat, keyword_label
from .status import evolve_label

__all__ = ["draw_card", "draw_hand"]

HEADER = 30.0
NOTE = 22.0
ROW = 56.0
ROW_GAP = 5.0
STATS_W = 50.0


def _situation(view: FanfareView, names: Sequence[str]) -> tuple[str, bool]:
    """The line under the header: the turn, or what the mulligan asks of the seat; and whether
    it asks for something (drawn brighter)."""
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
    if view.turn_player != seat:
        return say("Turn {turn} · {player}'s turn", turn=view.turn, player=other), False
    evolving = evolve_label(view, player)
    return say("Turn {turn} · your turn · {evolving}", turn=view.turn, evolving=evolving), True


def kind_name(kind: str) -> str:
    kinds = {"follower": say("Follower"), "amulet": say("Amulet"), "spell": say("Spell")}
    return kinds.get(kind, kind.title())


def _height(view: FanfareView) -> float:
    rows = max(1, len(view.hand))
    return MARGIN + HEADER + NOTE + ROW_GAP + rows * (ROW + ROW_GAP) + MARGIN


def draw_hand(view: FanfareView, names: Sequence[str], *, scale: float) -> Canvas:
    if view.viewer is None:
        raise ValueError("a hand is drawn from a seat's view, not a spectator's")
    canvas = new_canvas(_height(view), scale)
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
    own_turn = view.phase == "main" and view.turn_player == view.viewer and not view.over
    if not view.hand:
        canvas.text(
            (MARGIN + 8, y, WIDTH - MARGIN, y + ROW), say("No cards in hand."), size=13, fill=MUTED
        )
    for card in view.hand:
        _card_row(canvas, card, view.viewer, y, dim=own_turn and not card.playable)
        y += ROW + ROW_GAP
    return canvas


def draw_card(card: CardDef, *, scale: float) -> Canvas:
    """One card of the pool as a hand shows it (cost, name, kind and keywords, rules text,
    attack and defence or countdown), to look it up."""
    canvas = new_canvas(MARGIN + ROW + MARGIN, scale)
    keywords = tuple(k for k in KEYWORDS if k in card.keywords)
    shown = HandCardView(
        0,
        card.id,
        card.name,
        card.kind,
        card.cost,
        card.cost,
        card.attack,
        card.defence,
        card.countdown,
        keywords,
        card.text,
        playable=False,
        returning=False,
    )
    _card_row(canvas, shown, 0, MARGIN, dim=False)
    return canvas


def _header(canvas: Canvas, view: FanfareView, names: Sequence[str], y: float) -> float:
    seat = view.viewer if view.viewer is not None else 0
    player = view.players[seat]
    chips = [Chip(say("Hand {n}/{limit}", n=player.hand_size, limit=HAND_LIMIT), ink=MUTED)]
    if view.phase == "main":
        pp = say("{pp}/{max} PP", pp=player.pp, max=player.max_pp)
        fill = mix(PANEL, HIGHLIGHT, 0.12)
        chips.insert(0, Chip(pp, fill=fill, icon="bolt", icon_colour=HIGHLIGHT, bold=True))
    box = (MARGIN, y, WIDTH - MARGIN, y + HEADER)
    hand_header(canvas, box, seat, say("{player}'s hand", player=names[seat]), chips)
    return y + HEADER


def _labels(card: HandCardView) -> list[Label]:
    labels: list[Label] = [(say("Playable"), GOOD, HIGHLIGHT_INK, "check")] if card.playable else []
    if card.returning:
        labels.append((say("Returning"), HIGHLIGHT, HIGHLIGHT_INK, "down"))
    labels.append((kind_name(card.kind), mix(PANEL, TEXT, 0.12), MUTED, None))
    return labels + [keyword_label(k) for k in card.keywords]


def _card_row(canvas: Canvas, card: HandCardView, seat: int, y: float, *, dim: bool) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN
    card_frame(canvas, (x0, y, x1, y + ROW), edge=seat_style(seat).fill, dim=dim, radius=5)
    d = 26.0
    top = y + 8
    box = (x0 + 8, top, x0 + 8 + d, top + d)
    cost_badge(canvas, box, card.cost, base=card.base_cost, dim=dim)
    left, right = x0 + 8 + d + 8, x1 - STATS_W - 6
    placed = canvas.text(
        (left, y + 2, right - 70, y + 21),
        card_name("fanfare", card.name),
        size=14,
        min_size=LEGIBLE,
        weight="bold",
        fill=MUTED if dim else TEXT,
        max_lines=1,
    )
    after = placed.ink[2] / canvas.scale + 6 if placed.ink else left
    # A keyword pill left out for want of room is still said in the rules text below.
    draw_labels(canvas, [after], y + 3, right, _labels(card), height=LABEL_H)
    canvas.text(
        (left, y + 22, right, y + ROW - 3),
        rules_text("fanfare", card.text) or say("No ability."),
        size=LEGIBLE,
        fill=MUTED,
        valign="top",
        leading=1.12,
        max_lines=2,
    )
    _stats(canvas, card, (x1 - STATS_W, y + 6, x1 - 6, y + ROW - 6))


def _stats(canvas: Canvas, card: HandCardView, box: Box) -> None:
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    if card.kind == "follower":
        draw_stat(canvas, (x0, y0, x1, mid), "sword", card.attack, base=card.attack)
        draw_stat(canvas, (x0, mid, x1, y1), "shield", card.defence, base=card.defence)
    elif card.countdown is not None:
        draw_stat(
            canvas, (x0, y0 + 12, x1, y1 - 12), "hourglass", card.countdown, base=card.countdown
        )
