"""The charm board: whose turn and which phase, both players' damage, EP and cards, both fields,
the open chain and the charm under way, and the step shown.

Layout (units; the picture is :data:`WIDTH` units wide and ``scale`` pixels per unit)::

    header        turn n of 60 · whose turn · the phase (or the mulligan, or the end)
    panel         the top seat: damage of its limit, name, what it is doing, EP, hand, deck,
                  discard pile
    field         the top seat's cards, five a row, in field order (heroine first)
    stage         what the match waits on; the chain (newest on top); the charm under way
    field         the bottom seat's cards
    panel         the bottom seat
    caption       what the step did, highlighted (only with a step)

A seat's own side is at the bottom: the viewer's, or the seat the board is drawn for; otherwise
seat 0's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from rendering.toolkit import (
    Box,
    Canvas,
    Chip,
    caption_bar,
    caption_height,
    chip_flow,
    fit_text,
    seat_mark,
    seat_style,
    seat_title,
    sides,
    strike,
    with_vacated,
)
from rendering.toolkit.palette import (
    BACKGROUND,
    DANGER,
    GOOD,
    HIGHLIGHT,
    HIGHLIGHT_INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SUBTLE,
    TEXT,
    mix,
)
from rendering.toolkit.words import card_name, rules_text, say
from rules.charm.views import ChainView, CharmView, FieldCardView, PlayerView

from .marks import Gone, Marks
from .parts import LEGIBLE, TILE_H, draw_gone, draw_tags, draw_tile, unsaid

__all__ = [
    "GAP",
    "HEADER",
    "MARGIN",
    "WIDTH",
    "body_height",
    "caption_box_height",
    "draw_body",
    "draw_caption",
    "draw_header",
    "new_canvas",
    "phase_name",
    "status_label",
]

WIDTH = 480.0
MARGIN = 6.0
GAP = 5.0
HEADER = 22.0
PER_ROW = 5
TILE_GAP = 4.0
TILE_W = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * TILE_GAP) / PER_ROW
PANEL_ROW = 19.0
METER_W = 52.0
LINE = 17.0  # a line of the stage


def phase_name(phase: str) -> str:
    phases = {
        "mulligan": say("Mulligan"),
        "start": say("Start phase"),
        "draw": say("Draw phase"),
        "main": say("Main phase"),
        "charm": say("Charm phase"),
        "end": say("End phase"),
    }
    return phases.get(phase, phase)


def _waiting(waiting_on: str, phase: str, player: str) -> str:
    """Whom the match waits on and for what, after the phase."""
    fields = {"phase": phase, "player": player}
    if waiting_on == "initiative":
        return say("{phase}: {player} to play (or end the turn)", **fields)
    if waiting_on == "answer":
        return say("{phase}: {player} to answer the chain, or pass", **fields)
    if waiting_on == "timing":
        return say("{phase}: {player} to declare, or pass", **fields)
    if waiting_on == "defence":
        return say("{phase}: {player} to declare defenders", **fields)
    if waiting_on == "order":
        return say("{phase}: {player} to pick the P.Skill that resolves next", **fields)
    if waiting_on == "target":
        return say("{phase}: {player} to pick a target", **fields)
    if waiting_on == "discard":
        return say("{phase}: {player} to pick cards to discard", **fields)
    if waiting_on == "recall":
        return say("{phase}: {player} to pick a card to take back", **fields)
    return say("{phase}: {player} to decide", **fields)


def new_canvas(height: float, scale: float) -> Canvas:
    return Canvas(WIDTH, height, scale=scale, background=BACKGROUND)


# -- header and caption -----------------------------------------------------------------------


def _turn_label(view: CharmView, names: Sequence[str]) -> str:
    if view.over:
        if view.turn:
            return say("Game over after turn {turn}", turn=view.turn)
        return say("Game over")
    if view.phase == "mulligan":
        return say("Mulligan · {player} goes first", player=names[view.first])
    return say(
        "Turn {turn} of {last} · {player} · {phase}",
        turn=view.turn,
        last=view.last_turn,
        player=names[view.turn_player],
        phase=phase_name(view.phase),
    )


def draw_header(
    canvas: Canvas, view: CharmView, names: Sequence[str], y: float, marks: Marks
) -> float:
    label = _turn_label(view, names)
    playing = view.phase != "mulligan" and not view.over
    mark = HEADER * 0.55 if playing else 0.0
    left = MARGIN + 6 + (mark + 6 if playing else 0)
    width = min(canvas.text_width(label, size=14, weight="bold"), WIDTH - MARGIN - left)
    if marks.turn:
        canvas.rect((MARGIN, y, left + width + 8, y + HEADER), HIGHLIGHT, radius=HEADER / 2)
    if playing:
        top = y + (HEADER - mark) / 2
        seat_mark(canvas, (MARGIN + 6, top, MARGIN + 6 + mark, top + mark), view.turn_player)
    canvas.text(
        (left, y, WIDTH - MARGIN, y + HEADER),
        label,
        size=14,
        min_size=LEGIBLE,
        weight="bold",
        fill=HIGHLIGHT_INK if marks.turn else TEXT,
        max_lines=1,
    )
    return y + HEADER


def caption_box_height(caption: str, scale: float) -> float:
    return caption_height(caption, WIDTH - 2 * MARGIN, size=LEGIBLE, scale=scale)


def draw_caption(canvas: Canvas, y: float, caption: str) -> float:
    bottom = y + caption_box_height(caption, canvas.scale)
    caption_bar(canvas, (MARGIN, y, WIDTH - MARGIN, bottom), caption, size=LEGIBLE)
    return bottom


# -- a player's panel -------------------------------------------------------------------------


def status_label(view: CharmView, seat: int) -> str:
    """The seat's part in what is going on: the mulligan, its turn, or what it is asked."""
    if view.over:
        return ""
    player = view.players[seat]
    if view.phase == "mulligan":
        if player.returned is not None:
            return say("Returned {n}", n=player.returned)
        return say("Chosen") if player.mulligan_done else say("Choosing…")
    if seat in view.pending:
        return {
            "initiative": say("Playing"),
            "answer": say("May answer"),
            "timing": say("May declare"),
            "defence": say("Defending…"),
            "order": say("Ordering…"),
            "target": say("Targeting…"),
            "discard": say("Discarding…"),
            "recall": say("Choosing…"),
        }.get(view.waiting_on, say("Deciding…"))
    return say("Turn player") if seat == view.turn_player else ""


def _lit(chip: Chip, lit: bool) -> Chip:
    if not lit:
        return chip
    return replace(chip, fill=HIGHLIGHT, ink=HIGHLIGHT_INK, icon_colour=HIGHLIGHT_INK, bold=True)


def _chips(view: CharmView, player: PlayerView, marks: Marks) -> list[Chip]:
    seat = player.seat
    lit = {chip for s, chip in marks.chips if s == seat}
    chips = []
    status = status_label(view, seat)
    if status:
        style = seat_style(seat)
        asked = seat in view.pending
        fill, ink = (style.fill, style.ink) if asked else (PANEL_EDGE, TEXT)
        chips.append(
            _lit(Chip(status, fill=fill, ink=ink, icon="right", bold=True), seat in marks.seats)
        )
    if view.phase != "mulligan":
        ep = Chip(say("EP {n}", n=player.pool), icon="bolt", icon_colour=HIGHLIGHT)
        chips.append(_lit(ep, "ep" in lit))
    chips += [
        _lit(
            Chip(say("Hand {n}/{limit}", n=player.hand_size, limit=player.hand_limit), ink=MUTED),
            "hand" in lit,
        ),
        _lit(Chip(say("Deck {n}", n=player.deck_size), ink=MUTED), "deck" in lit),
        _lit(Chip(say("Discard {n}", n=len(player.discard)), ink=MUTED), "discard" in lit),
    ]
    return chips


def _meter(canvas: Canvas, player: PlayerView, x: float, y: float, marks: Marks) -> None:
    """The player's damage over its limit, in the seat's colour (a higher damage is closer to
    losing); ringed, with what changed, when the step changed it."""
    style = seat_style(player.seat)
    box = (x, y + 3, x + METER_W, y + 3 + 42)
    x0, y0, x1, y1 = box
    canvas.rect(box, style.fill, radius=6)
    for text, top, bottom, size in (
        (str(player.damage), y0 + 1, y0 + 25, 20.0),
        (f"/{player.damage_limit}", y0 + 24, y0 + 40, LEGIBLE),
    ):
        canvas.text(
            (x0 + 3, top, x1 - 3, bottom),
            text,
            size=size,
            min_size=LEGIBLE,
            weight="bold",
            fill=style.ink,
            align="center",
            leading=1.0,
            max_lines=1,
            role="number",
        )
    if player.seat in marks.damage or ("damage" in {c for s, c in marks.chips if s == player.seat}):
        canvas.frame((x0 - 3, y0 - 3, x1 + 3, y1 + 3), HIGHLIGHT, width=1.8, radius=8)


def _panel_rows(
    canvas: Canvas,
    view: CharmView,
    seat: int,
    names: Sequence[str],
    y: float,
    marks: Marks,
    *,
    draw: bool,
) -> float:
    player = view.players[seat]
    right = WIDTH - MARGIN - 5
    left = MARGIN + 4 + METER_W + 8
    row = y + 3
    mark, gap = 11.0, 5.0
    name_w = canvas.text_width(names[seat], size=13, weight="bold")
    title = (left, row, min(left + mark + gap + name_w, left + 170), row + PANEL_ROW)
    if draw:
        seat_title(canvas, title, seat, names[seat], mark=mark, size=13, min_size=LEGIBLE)
    chips = _chips(view, player, marks)
    change = marks.damage.get(seat)
    if change:
        word = say("{change} damage", change=f"+{change}" if change > 0 else f"–{-change}")
        fill = DANGER if change > 0 else GOOD
        chips.insert(0, Chip(word, fill=fill, ink=HIGHLIGHT_INK, bold=True))
    options = {"height": PANEL_ROW, "size": LEGIBLE, "gap": 3.0, "row_gap": 2.0}
    _x, last = chip_flow(
        canvas, title[2] + 8, row, (left, y, right, y), chips, draw=draw, **options
    )
    return max(last + PANEL_ROW + 5, y + 48)


def draw_panel(
    canvas: Canvas, view: CharmView, seat: int, names: Sequence[str], y: float, marks: Marks
) -> float:
    x0, x1 = MARGIN, WIDTH - MARGIN
    bottom = _panel_rows(canvas, view, seat, names, y, marks, draw=False)
    canvas.rect((x0, y, x1, bottom), PANEL, radius=6)
    if seat in marks.seats:
        canvas.frame((x0 - 2, y - 2, x1 + 2, bottom + 2), HIGHLIGHT, width=1.5, radius=8)
    _meter(canvas, view.players[seat], x0 + 4, y, marks)
    _panel_rows(canvas, view, seat, names, y, marks, draw=True)
    return bottom


# -- the fields ---------------------------------------------------------------------------------


Slot = FieldCardView | Gone


def _row_items(player: PlayerView, marks: Marks) -> list[Slot]:
    gone = [(g.slot, g) for g in marks.gone if g.seat == player.seat]
    return with_vacated(player.field, gone, len(player.field) + len(gone))


def _field_height(items: Sequence[Slot]) -> float:
    rows = max(1, math.ceil(len(items) / PER_ROW))
    return rows * TILE_H + (rows - 1) * TILE_GAP


def _tile_box(index: int, top: float) -> Box:
    row, column = divmod(index, PER_ROW)
    x0 = MARGIN + column * (TILE_W + TILE_GAP)
    y0 = top + row * (TILE_H + TILE_GAP)
    return (x0, y0, x0 + TILE_W, y0 + TILE_H)


def draw_field(canvas: Canvas, player: PlayerView, top: float, marks: Marks) -> float:
    """The seat's cards from ``top``, five a row; returns the y below them."""
    items = _row_items(player, marks)
    if not items:
        canvas.rect(
            (MARGIN, top, WIDTH - MARGIN, top + TILE_H), mix(BACKGROUND, PANEL, 0.45), radius=4
        )
    for index, item in enumerate(items):
        box = _tile_box(index, top)
        if isinstance(item, Gone):
            draw_gone(canvas, box, item)
        else:
            draw_tile(canvas, box, item, highlight=item.uid in marks.lit)
    for index, item in enumerate(items):
        if isinstance(item, FieldCardView) and (tags := unsaid(item, marks.tags.get(item.uid, ()))):
            draw_tags(canvas, _tile_box(index, top), tags)
    return top + _field_height(items)


# -- the stage: what the match waits on, the chain, the charm -----------------------------------


def _names_of(view: CharmView, uids: Sequence[int]) -> list[str]:
    found = {c.uid: card_name("charm", c.name) for p in view.players for c in p.field}
    return [found.get(uid, "?") for uid in uids]


def _entry_text(view: CharmView, entry: ChainView, names: Sequence[str]) -> str:
    who, card = names[entry.seat], card_name("charm", entry.name)
    if entry.kind == "play":
        return say("{player} plays {card}", player=who, card=card)
    if entry.kind == "draw":
        return say("{player} draws (draw phase)", player=who)
    if entry.kind == "end":
        return say("{player} ends the main phase", player=who)
    if entry.kind == "charm":
        attackers = say(", ").join(_names_of(view, entry.attackers))
        charmed = names[1 - entry.seat]
        return say("{player} charms {other}: {cards}", player=who, other=charmed, cards=attackers)
    what = card if entry.kind == "event" else say("{card}'s A.Skill", card=card)
    if entry.target_name:
        target = card_name("charm", entry.target_name)
        return say("{player}: {what} → {target}", player=who, what=what, target=target)
    return say("{player}: {what}", player=who, what=what)


def _waiting_line(view: CharmView, names: Sequence[str]) -> str:
    phase = phase_name(view.phase)
    if view.over:
        return say("The match is over.")
    if not view.pending:
        return phase
    if len(view.pending) == 2:
        return say("{phase}: both players choose", phase=phase)
    return _waiting(view.waiting_on or "", phase, names[view.pending[0]])


def _charm_lines(view: CharmView, names: Sequence[str]) -> list[str]:
    charm = view.charm
    if charm is None:
        return []
    attackers = say(", ").join(_names_of(view, charm.attackers))
    lines = [say("Charm on {player}: {cards}", player=names[charm.charmed], cards=attackers)]
    if charm.supporter is not None and charm.support_stat is not None:
        [name] = _names_of(view, (charm.supporter,))
        lines[0] = say(
            "Charm on {player}: {cards} · {card} supports: {stat} +{n}",
            player=names[charm.charmed],
            cards=attackers,
            card=name,
            stat=charm.support_stat.upper(),
            n=charm.support,
        )
    for attacker, defender in charm.blocks:
        blocker, blocked = _names_of(view, (defender, attacker))
        lines.append(say("{card} blocks {other}", card=blocker, other=blocked))
    return lines


def _text_height(canvas: Canvas, text: str, width: float) -> float:
    px = canvas.px(LEGIBLE)
    block = fit_text(text, canvas.px(width), 1 << 20, px, px, "regular", 1.12)
    return math.ceil(block.height / canvas.scale) + 2


Line = tuple[str, int | None, bool, bool]
"""A line of the stage: its text, the seat whose mark it has (or None), whether it is struck
(a negated declaration) and whether it is a card's rules text (drawn muted)."""


def _stage_lines(view: CharmView, names: Sequence[str]) -> list[Line]:
    """The waiting line, the charm, then the chain newest first: each declaration, and the rules
    text of an event or A.Skill on it (what it will do, for whoever must answer it)."""
    lines: list[Line] = [(_waiting_line(view, names), None, False, False)]
    lines += [(text, None, False, False) for text in _charm_lines(view, names)]
    for entry in reversed(view.chain):
        said = _entry_text(view, entry, names)
        if entry.negated:
            said = say("{entry} · negated", entry=said)
        lines.append((said, entry.seat, entry.negated, False))
        if entry.text and not entry.negated:
            lines.append((rules_text("charm", entry.text), None, False, True))
    return lines


def stage_height(canvas: Canvas, view: CharmView, names: Sequence[str]) -> float:
    width = WIDTH - 2 * MARGIN - 34
    heights = [_text_height(canvas, line[0], width) for line in _stage_lines(view, names)]
    head = LINE if view.chain else 0.0
    return sum(max(LINE, h) for h in heights) + head + 8


def draw_stage(
    canvas: Canvas, view: CharmView, names: Sequence[str], y: float, marks: Marks
) -> float:
    height = stage_height(canvas, view, names)
    box = (MARGIN, y, WIDTH - MARGIN, y + height)
    canvas.rect(box, mix(PANEL, BACKGROUND, 0.35), radius=6)
    if marks.chain:
        canvas.frame(box, HIGHLIGHT, width=1.4, radius=6)
    lines = _stage_lines(view, names)
    top = y + 4
    width = WIDTH - 2 * MARGIN - 34
    first_entry = next((i for i, line in enumerate(lines) if line[1] is not None), None)
    for i, (text, seat, struck, rules) in enumerate(lines):
        if i == first_entry:
            canvas.text(
                (MARGIN + 8, top, WIDTH - MARGIN - 8, top + LINE),
                say("Chain ({n}), newest on top:", n=len(view.chain)),
                size=LEGIBLE,
                weight="bold",
                fill=MUTED,
                max_lines=1,
            )
            top += LINE
        h = max(LINE, _text_height(canvas, text, width))
        left = MARGIN + 8 + (26 if seat is not None or rules else 0)
        if seat is not None:
            s = 10.0
            mark = (left - 16, top + (LINE - s) / 2, left - 6, top + (LINE + s) / 2)
            seat_mark(canvas, mark, seat)
        placed = canvas.text(
            (left, top, left + width, top + h),
            text,
            size=LEGIBLE,
            weight="bold" if i == 0 else "regular",
            fill=SUBTLE if struck else MUTED if rules else TEXT,
            valign="top",
            leading=1.12,
        )
        if struck:
            strike(canvas, placed, DANGER)
        top += h
    return y + height


# -- the whole body -----------------------------------------------------------------------------


def body_height(measure: Canvas, view: CharmView, names: Sequence[str], marks: Marks) -> float:
    panels = sum(_panel_rows(measure, view, s, names, 0.0, marks, draw=False) for s in (0, 1))
    fields = sum(_field_height(_row_items(p, marks)) for p in view.players)
    return panels + fields + stage_height(measure, view, names) + 4 * GAP


def draw_body(
    canvas: Canvas,
    view: CharmView,
    names: Sequence[str],
    y: float,
    marks: Marks,
    *,
    seat: int | None = None,
) -> float:
    """Both panels, both fields and the stage from ``y``, ``seat``'s side at the bottom (else the
    viewer's, else seat 0's); returns the y below them."""
    top_seat, bottom_seat = sides(view.viewer, seat)
    y = draw_panel(canvas, view, top_seat, names, y, marks) + GAP
    y = draw_field(canvas, view.players[top_seat], y, marks) + GAP
    y = draw_stage(canvas, view, names, y, marks) + GAP
    y = draw_field(canvas, view.players[bottom_seat], y, marks) + GAP
    return draw_panel(canvas, view, bottom_seat, names, y, marks)
