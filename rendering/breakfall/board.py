"""The breakfall board: whose turn and where in it, both seats' zones, their fields, the
resolution space as a stack, and the step shown.

Layout (units; the picture is :data:`WIDTH` units wide and ``scale`` pixels per unit)::

    header     turn n · whose turn · the phase or step
    panel      the top seat: name, hand, deck and graveyard sizes; its damage zone as a track of
               10 pips; its resource row (face down: ready upright, bowed sideways); its check
               zone when a check has turned a card
    field      the top seat's characters, four a row, in the order they entered
    space      who holds priority or what the match waits on; the entries, newest on top
    field      the bottom seat's characters
    panel      the bottom seat
    caption    what the step did, highlighted (only with a step)

A seat's own side is at the bottom: the viewer's, or the seat the board is drawn for (a
spectator's view for a player's ``/board``); otherwise seat 0's.
"""

from __future__ import annotations

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
)
from rendering.toolkit.palette import (
    BACKGROUND,
    HIGHLIGHT,
    HIGHLIGHT_INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    SUBTLE,
    TEXT,
    mix,
)
from rendering.toolkit.words import card_name, language, say, say_n, say_p
from rules.breakfall.views import BreakfallView, CharacterView, EntryView, PlayerView
from rules.engine import in_language, name_seats

from .marks import Marks
from .parts import LEGIBLE, damage_track, draw_tile, resource_row, tile_height

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
]

WIDTH = 480.0
MARGIN = 6.0
GAP = 5.0
HEADER = 22.0
PER_ROW = 4  # wide enough for rules text of 14 units and three numbers in cells
TILE_GAP = 4.0
TILE_W = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * TILE_GAP) / PER_ROW
TILE_MIN = 96.0  # a vanilla character: name, a pill row, its numbers
EMPTY_FIELD = 26.0
ROW = 19.0  # a row of a panel: the name, chips
ENTRY_H = 20.0


def _phase(view: BreakfallView) -> str:
    phases = {
        ("start", ""): say("start phase"),
        ("draw", ""): say("draw phase"),
        ("main", ""): say("main phase"),
        ("battle", "greet"): say("battle: greet"),
        ("battle", "block"): say("battle: block"),
        ("battle", "damage"): say("battle: damage"),
        ("end", "end"): say("end phase"),
        ("end", "final"): say("end phase"),
    }
    return phases.get((view.phase, view.step), view.phase)


def _kind(kind: str) -> str:
    """What an entry of the space is."""
    kinds = {
        "character": say_p("entry", "character"),
        "technique": say_p("entry", "technique"),
        "ability": say_p("entry", "ability"),
        "trigger": say_p("entry", "triggered"),
        "breakfall": say_p("entry", "breakfall"),
    }
    return kinds.get(kind, kind)


def new_canvas(height: float, scale: float) -> Canvas:
    return Canvas(WIDTH, height, scale=scale, background=BACKGROUND)


# -- header and caption -----------------------------------------------------------------------


def _turn_label(view: BreakfallView, names: Sequence[str]) -> str:
    if view.over:
        if view.turn:
            return say("Game over after turn {turn}", turn=view.turn)
        return say("Game over")
    return say(
        "Turn {turn} · {player}'s turn · {phase}",
        turn=view.turn,
        player=names[view.turn_player],
        phase=_phase(view),
    )


def draw_header(
    canvas: Canvas, view: BreakfallView, names: Sequence[str], y: float, marks: Marks
) -> float:
    label = _turn_label(view, names)
    playing = not view.over
    mark = HEADER * 0.55
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


# -- a seat's panel -----------------------------------------------------------------------------


def _lit(chip: Chip, lit: bool) -> Chip:
    if not lit:
        return chip
    return replace(chip, fill=HIGHLIGHT, ink=HIGHLIGHT_INK, icon_colour=HIGHLIGHT_INK, bold=True)


def _chips(view: BreakfallView, player: PlayerView, marks: Marks) -> list[Chip]:
    seat = player.seat
    lit = {chip for s, chip in marks.chips if s == seat}
    chips = []
    if not view.over and view.turn_player == seat:
        style = seat_style(seat)
        chips.append(
            Chip(say_p("chip", "Turn"), fill=style.fill, ink=style.ink, icon="right", bold=True)
        )
    if not view.over and view.holder == seat:
        chips.append(Chip(say("Priority"), fill=mix(PANEL, HIGHLIGHT, 0.25), ink=TEXT, bold=True))
    elif not view.over and seat in view.pending:
        chips.append(Chip(say("Deciding…"), fill=mix(PANEL, HIGHLIGHT, 0.25), ink=TEXT, bold=True))
    chips += [
        _lit(Chip(say("Hand {n}", n=player.hand_size), ink=MUTED), "hand" in lit),
        _lit(Chip(say("Deck {n}", n=player.deck_size), ink=MUTED), "deck" in lit),
        _lit(Chip(say("Graveyard {n}", n=len(player.graveyard)), ink=MUTED), "graveyard" in lit),
    ]
    for _seat, why in (g for g in marks.gone if g[0] == seat):
        # Lit as the counters the step changed are (and in a colour of the PNG palette).
        left = say("1 killed") if why == "killed" else say("1 returned to hand")
        chips.append(Chip(left, fill=HIGHLIGHT, ink=HIGHLIGHT_INK, bold=True))
    return chips


def _panel(
    canvas: Canvas,
    view: BreakfallView,
    seat: int,
    names: Sequence[str],
    y: float,
    marks: Marks,
    *,
    draw: bool,
) -> float:
    """One seat's panel from ``y`` (drawn, or only measured); returns its bottom."""
    player = view.players[seat]
    x0, x1 = MARGIN, WIDTH - MARGIN
    left = x0 + 6
    row = y + 4
    name_w = canvas.text_width(names[seat], size=13, weight="bold")
    title = (left, row, min(left + 16 + name_w, left + 170), row + ROW)
    options = {"height": ROW, "size": LEGIBLE, "gap": 3.0, "row_gap": 2.0}
    bottom = _draw_panel_rows(canvas, view, player, names, title, row, marks, options, draw=False)
    if not draw:
        return bottom
    canvas.rect((x0, y, x1, bottom), PANEL, radius=6)
    if seat in marks.seats:
        canvas.frame((x0 - 2, y - 2, x1 + 2, bottom + 2), HIGHLIGHT, width=1.5, radius=8)
    seat_title(canvas, title, seat, names[seat], mark=11, size=13, min_size=LEGIBLE)
    _draw_panel_rows(canvas, view, player, names, title, row, marks, options, draw=True)
    return bottom


def _draw_panel_rows(
    canvas: Canvas,
    view: BreakfallView,
    player: PlayerView,
    names: Sequence[str],
    title: Box,
    row: float,
    marks: Marks,
    options: dict[str, float],
    *,
    draw: bool,
) -> float:
    left, right = MARGIN + 6, WIDTH - MARGIN - 6
    chips = _chips(view, player, marks)
    _x, last = chip_flow(
        canvas, title[2] + 8, row, (left, row, right, row), chips, draw=draw, **options
    )
    y = last + ROW + 4
    lit = {chip for s, chip in marks.chips if s == player.seat}
    if draw:
        damage_track(
            canvas,
            (left, y, left + 220, y + ROW),
            len(player.damage),
            player.damage_limit,
            lit="damage" in lit,
        )
    rows_left = left + 232
    ready = player.resources_ready
    label = say("Resources {ready}/{n} ready", ready=ready, n=len(player.resource_states))
    width = canvas.text_width(label, size=LEGIBLE) + 2
    if draw:
        canvas.text(
            (rows_left, y, rows_left + width, y + ROW),
            label,
            size=LEGIBLE,
            fill=HIGHLIGHT if "resources" in lit else MUTED,
            weight="bold" if "resources" in lit else "regular",
            max_lines=1,
        )
        resource_row(canvas, rows_left + width + 4, y + 1, right, player.resource_states, h=ROW - 2)
    y += ROW + 4
    if player.check:
        check = [Chip(say("Check zone"), ink=MUTED)]
        check += [
            Chip(
                say("{card} (breakfall)", card=card_name("breakfall", c.name))
                if c.breakfall
                else card_name("breakfall", c.name),
                fill=HIGHLIGHT if "check" in lit else mix(PANEL, HIGHLIGHT, 0.3),
                ink=HIGHLIGHT_INK if "check" in lit else TEXT,
                bold=True,
            )
            for c in player.check
        ]
        _x, last = chip_flow(canvas, left, y, (left, y, right, y), check, draw=draw, **options)
        y = last + ROW + 4
    return y


# -- fields -------------------------------------------------------------------------------------


def _row_height(canvas: Canvas, row: Sequence[CharacterView], marks: Marks) -> float:
    return max(
        [TILE_MIN, *(tile_height(canvas, c, TILE_W, marks.tags.get(c.uid, ())) for c in row)]
    )


def _field_height(canvas: Canvas, player: PlayerView, marks: Marks) -> float:
    cards = player.field
    if not cards:
        return EMPTY_FIELD
    rows = [cards[i : i + PER_ROW] for i in range(0, len(cards), PER_ROW)]
    return sum(_row_height(canvas, row, marks) for row in rows) + TILE_GAP * (len(rows) - 1)


def _draw_field(canvas: Canvas, player: PlayerView, y: float, marks: Marks) -> float:
    cards = player.field
    if not cards:
        canvas.rect(
            (MARGIN, y, WIDTH - MARGIN, y + EMPTY_FIELD), mix(BACKGROUND, PANEL, 0.45), radius=4
        )
        canvas.text(
            (MARGIN + 8, y, WIDTH - MARGIN - 8, y + EMPTY_FIELD),
            say("No characters on the field"),
            size=LEGIBLE,
            fill=SUBTLE,
            align="center",
            max_lines=1,
        )
        return y + EMPTY_FIELD
    for start in range(0, len(cards), PER_ROW):
        row = cards[start : start + PER_ROW]
        height = _row_height(canvas, row, marks)
        for i, card in enumerate(row):
            x = MARGIN + i * (TILE_W + TILE_GAP)
            box = (x, y, x + TILE_W, y + height)
            tags = marks.tags.get(card.uid, ())
            draw_tile(canvas, box, card, highlight=card.uid in marks.lit, tags=tags)
        y += height + TILE_GAP
    return y - TILE_GAP


# -- the resolution space -----------------------------------------------------------------------


Line = tuple[EntryView | None, str, str, int]
"""A line of the space: its entry (None for merged checks), its head, its rules text, its seat."""


def _entry_rows(view: BreakfallView, names: Sequence[str]) -> list[Line]:
    """The space newest first, waiting checks of a seat in a row merged into one line."""
    lines: list[Line] = []
    count = 0  # the waiting checks merged into the last line
    for entry in reversed(view.space):
        if entry.kind == "check" and not entry.running and not entry.resolving:
            merged = bool(lines) and lines[-1][0] is None and lines[-1][3] == entry.seat
            count = count + 1 if merged else 1
            checks = say_n(
                "{n} damage check for {player}",
                "{n} damage checks for {player}",
                count,
                player=names[entry.seat],
            )
            if merged:
                lines[-1] = (None, checks, "", entry.seat)
            else:
                lines.append((None, checks, "", entry.seat))
            continue
        head, text = _entry_text(entry, names)
        lines.append((entry, head, text, entry.seat))
    return lines


def _entry_text(entry: EntryView, names: Sequence[str]) -> tuple[str, str]:
    """Its head (what it is, whose, what it aims at) and what it does."""
    card, player = card_name("breakfall", entry.name), names[entry.seat]
    if entry.kind == "check" and entry.resolving:
        turned = say("Resolving: {player}'s damage check turned {card}", player=player, card=card)
        return turned, in_language(entry.text, language())
    if entry.kind == "check":
        return say("{player}'s check: {card} waits for its breakfall", player=player, card=card), ""
    head = say("{card} ({kind})", card=card, kind=_kind(entry.kind))
    if entry.target:
        target = name_seats(in_language(entry.target, language()), names)
        head = say("{entry} → {target}", entry=head, target=target)
    if entry.resolving:
        head = say("Resolving: {entry}", entry=head)
    return head, in_language(entry.text, language())


_TEXT_LEADING = 1.1


def _text_lines(canvas: Canvas, text: str) -> int:
    if not text:
        return 0
    px = canvas.px(LEGIBLE)
    room = canvas.px(WIDTH - 2 * MARGIN - 30)
    return min(2, len(fit_text(text, room, 1 << 20, px, px, "regular", _TEXT_LEADING).lines))


def _line_height(canvas: Canvas, line: Line) -> float:
    return ENTRY_H + _text_lines(canvas, line[2]) * LEGIBLE * _TEXT_LEADING


def _space_height(canvas: Canvas, view: BreakfallView, names: Sequence[str]) -> float:
    lines = _entry_rows(view, names)
    rows = sum(_line_height(canvas, line) + 2 for line in lines) if lines else ENTRY_H + 2
    return ROW + 4 + rows + 4


def _now(view: BreakfallView, names: Sequence[str]) -> str:
    if view.over:
        return say("The match is over.")
    if not view.waiting:
        return ""
    return say("Now: {waiting}.", waiting=name_seats(in_language(view.waiting, language()), names))


def _draw_space(
    canvas: Canvas, view: BreakfallView, names: Sequence[str], y: float, marks: Marks
) -> float:
    bottom = y + _space_height(canvas, view, names)
    x0, x1 = MARGIN, WIDTH - MARGIN
    canvas.rect((x0, y, x1, bottom), mix(BACKGROUND, PANEL_EDGE, 0.35), radius=6)
    canvas.text(
        (x0 + 8, y + 2, x0 + 150, y + ROW + 2),
        say("Resolution space"),
        size=LEGIBLE,
        weight="bold",
        fill=MUTED,
        max_lines=1,
    )
    canvas.text(
        (x0 + 150, y + 2, x1 - 8, y + ROW + 2),
        _now(view, names),
        size=LEGIBLE,
        weight="bold",
        fill=HIGHLIGHT if not view.over else MUTED,
        align="right",
        max_lines=1,
    )
    top = y + ROW + 4
    lines = _entry_rows(view, names)
    if not lines:
        canvas.text(
            (x0 + 10, top, x1 - 8, top + ENTRY_H),
            say("Empty"),
            size=LEGIBLE,
            fill=SUBTLE,
            max_lines=1,
        )
    for i, line in enumerate(lines):
        entry, head, text, seat = line
        height = _line_height(canvas, line)
        box = (x0 + 4, top, x1 - 4, top + height)
        lit = entry is not None and i == 0 and bool(marks.entries)
        canvas.rect(box, mix(PANEL, HIGHLIGHT, 0.35) if lit else PANEL, radius=4)
        mark = 9.0
        my = top + (ENTRY_H - mark) / 2
        seat_mark(canvas, (box[0] + 5, my, box[0] + 5 + mark, my + mark), seat)
        canvas.text(
            (box[0] + 18, top, box[2] - 6, top + ENTRY_H),
            say("Top · {entry}", entry=head) if i == 0 else head,
            size=LEGIBLE,
            fill=TEXT if entry is not None else MUTED,
            weight="bold" if entry is not None else "regular",
            max_lines=1,
        )
        if text:
            canvas.text(
                (box[0] + 18, top + ENTRY_H - 3, box[2] - 6, top + height - 2),
                text,
                size=LEGIBLE,
                fill=MUTED,
                valign="top",
                leading=_TEXT_LEADING,
                max_lines=2,
            )
        top += height + 2
    return bottom


# -- the whole body -----------------------------------------------------------------------------


def body_height(measure: Canvas, view: BreakfallView, names: Sequence[str], marks: Marks) -> float:
    """How tall :func:`draw_body` draws (``measure``: any canvas of the same scale)."""
    panels = sum(_panel(measure, view, s, names, 0.0, marks, draw=False) for s in (0, 1))
    fields = sum(_field_height(measure, p, marks) for p in view.players)
    return panels + fields + _space_height(measure, view, names) + 4 * GAP


def draw_body(
    canvas: Canvas,
    view: BreakfallView,
    names: Sequence[str],
    y: float,
    marks: Marks,
    *,
    seat: int | None = None,
) -> float:
    """Both panels, both fields and the space from ``y``, ``seat``'s side at the bottom (else
    the viewer's, else seat 0's); returns the y below them."""
    top_seat, bottom_seat = sides(view.viewer, seat)
    y = _panel(canvas, view, top_seat, names, y, marks, draw=True) + GAP
    y = _draw_field(canvas, view.players[top_seat], y, marks) + GAP
    y = _draw_space(canvas, view, names, y, marks) + GAP
    y = _draw_field(canvas, view.players[bottom_seat], y, marks) + GAP
    return _panel(canvas, view, bottom_seat, names, y, marks, draw=True)
