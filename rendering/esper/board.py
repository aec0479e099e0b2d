"""The esper board: where the match stands, every seat's public counters, a combat under way,
the board of the part (six ring planets, or the base grid), and the step shown.

Layout (units; the picture is :data:`WIDTH` units wide and ``scale`` pixels per unit)::

    header     part and round, whose turn; "Now:" whom the match waits on
    legend     a row per seat in turn order: its token, name and persona, its counters
    combat     (during one) where, the round, the initiative order, the cards played
    board      part 1: six planets, each a strip of its spaceport and squares, the last
               square joined back to the spaceport by a line under the strip (a ring);
               part 2: the base grid with its columns A-F and rows 1-6
    caption    what the step did, highlighted (only with a step)

Every board is drawn from its view: a seat's own view adds what that seat alone sees (its lurk
marker, the key bases it knows); ``seat`` marks that seat's row and pieces as "you".
"""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, caption_bar, caption_height, seat_mark
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
from rendering.toolkit.words import card_name, say
from rules.engine import name_seats
from rules.esper.views import EsperView, SquareView

from .marks import Marks
from .parts import (
    LEGIBLE,
    ROW,
    TILE_HEAD,
    legend_row,
    ruled,
    square_tile,
    token,
    tokens_height,
)

__all__ = ["WIDTH", "draw_board_canvas"]

WIDTH = 480.0
MARGIN = 6.0
GAP = 5.0
TILE_GAP = 3.0
STRIP_NAME = 15.0
RING = 7.0
AXIS = 14.0


def new_canvas(height: float, scale: float) -> Canvas:
    return Canvas(WIDTH, height, scale=scale, background=BACKGROUND)


# -- header -------------------------------------------------------------------------------------


def _headline(view: EsperView, names: Sequence[str]) -> str:
    if view.over:
        return say(
            "Game over · part {part}, round {round}", part=max(view.part, 1), round=view.round
        )
    if view.part == 0:
        return say("Setup: personas and lurk markers")
    if view.round == 0:
        return say("Part 2 · the keepers set up the base")
    fields = {"part": view.part, "round": view.round, "rounds": view.rounds}
    if view.turn_player is not None:
        player = names[view.turn_player]
        return say(
            "Part {part} · round {round} of {rounds} · {player}'s turn", player=player, **fields
        )
    return say("Part {part} · round {round} of {rounds}", **fields)


def _now(view: EsperView, names: Sequence[str]) -> str:
    if view.over:
        return name_seats(ruled(view.result.summary), names) if view.result else ""
    if not view.waiting:
        return ""
    return say("Now: {waiting}", waiting=name_seats(ruled(view.waiting), names))


def _header_height(canvas: Canvas, view: EsperView, names: Sequence[str]) -> float:
    return 22.0 + _lines_height(canvas, _now(view, names), WIDTH - 2 * MARGIN - 12)


def _lines_height(canvas: Canvas, text: str, width: float) -> float:
    if not text:
        return 0.0
    return caption_height(text, width + 32, size=LEGIBLE, scale=canvas.scale, lines=1) - 6


def _draw_header(
    canvas: Canvas, view: EsperView, names: Sequence[str], y: float, marks: Marks
) -> float:
    line = _headline(view, names)
    mark = 12.0
    left = MARGIN + 6
    playing = view.turn_player is not None and not view.over
    if playing:
        left += mark + 6
    width = min(canvas.text_width(line, size=14, weight="bold"), WIDTH - MARGIN - left)
    if marks.turn:
        canvas.rect((MARGIN, y, left + width + 8, y + 22), HIGHLIGHT, radius=11)
    if playing:
        assert view.turn_player is not None
        top = y + 5
        seat_mark(canvas, (MARGIN + 6, top, MARGIN + 6 + mark, top + mark), view.turn_player)
    canvas.text(
        (left, y, WIDTH - MARGIN, y + 22),
        line,
        size=14,
        min_size=LEGIBLE,
        weight="bold",
        fill=HIGHLIGHT_INK if marks.turn else TEXT,
        max_lines=1,
    )
    now = _now(view, names)
    bottom = y + _header_height(canvas, view, names)
    if now:
        canvas.text(
            (MARGIN + 6, y + 22, WIDTH - MARGIN - 6, bottom),
            now,
            size=LEGIBLE,
            fill=HIGHLIGHT if not view.over else MUTED,
            weight="bold",
            valign="top",
            leading=1.15,
        )
    return bottom


# -- legend -------------------------------------------------------------------------------------


def _legend(
    canvas: Canvas,
    view: EsperView,
    names: Sequence[str],
    y: float,
    marks: Marks,
    me: int | None,
    *,
    draw: bool,
) -> float:
    for seat in view.order:
        player = view.players[seat]
        box = (MARGIN, y, WIDTH - MARGIN, y + ROW)
        y = (
            legend_row(
                canvas,
                view,
                player,
                names[seat],
                box,
                tags=marks.tags.get(seat, ()),
                ringed=seat in marks.seats,
                me=me,
                draw=draw,
            )
            + 2
        )
    return y - 2


# -- combat -------------------------------------------------------------------------------------


def _fighter(fighter: int, names: Sequence[str]) -> str:
    return names[fighter] if fighter >= 0 else say("Guard {n}", n=-fighter)


def _combat_lines(view: EsperView, names: Sequence[str]) -> list[str]:
    combat = view.combat
    if combat is None:
        return []
    where = ruled(view.squares[combat.square].name)
    comma = say(", ")
    npc = combat.npc_fight
    if combat.round == 0:  # declared: others choose whether to join before round 1
        lines = [
            say("NPC fight at {where} · before round 1", where=where)
            if npc
            else say("Combat at {where} · before round 1", where=where)
        ]
        if combat.combatants:
            fighting = comma.join(_fighter(c, names) for c in combat.combatants)
            lines.append(say("Fighting: {fighters}", fighters=fighting))
    else:
        lines = [
            say("NPC fight at {where} · round {round} of 4", where=where, round=combat.round)
            if npc
            else say("Combat at {where} · round {round} of 4", where=where, round=combat.round)
        ]
    if combat.order:
        order = comma.join(_fighter(c, names) for c in combat.order)
        lines.append(say("Order: {fighters}", fighters=order))
    guards = comma.join(
        say("Guard {n}: durability {left}", n=-npc, left=left) for npc, left in combat.npcs
    )
    if guards:
        lines.append(guards)
    if combat.attack is not None:
        attacker, target, level, damage = combat.attack
        lines.append(
            say(
                "Attack: {attacker} → {target}, level {level}, {damage} damage",
                attacker=_fighter(attacker, names),
                target=_fighter(target, names),
                level=level,
                damage=damage,
            )
        )
    if combat.played:
        played = [
            say(
                "{player} {card} ({level})",
                player=names[s],
                card=card_name("esper", card),
                level=level,
            )
            for s, card, level in combat.played[-4:]
        ]
        lines.append(say("Played: {cards}", cards=say("; ").join(played)))
    if combat.damped:
        damped = comma.join(names[s] for s in combat.damped)
        lines.append(say("Damped to level 2: {players}", players=damped))
    return lines


def _combat_height(canvas: Canvas, view: EsperView, names: Sequence[str]) -> float:
    lines = _combat_lines(view, names)
    if not lines:
        return 0.0
    width = WIDTH - 2 * MARGIN - 16
    return 8 + sum(_lines_height(canvas, line, width) for line in lines)


def _draw_combat(
    canvas: Canvas, view: EsperView, names: Sequence[str], y: float, marks: Marks
) -> float:
    height = _combat_height(canvas, view, names)
    if not height:
        return y
    bottom = y + height
    canvas.rect((MARGIN, y, WIDTH - MARGIN, bottom), mix(PANEL, HIGHLIGHT, 0.12), radius=6)
    top = y + 4
    width = WIDTH - 2 * MARGIN - 16
    for i, line in enumerate(_combat_lines(view, names)):
        h = _lines_height(canvas, line, width)
        canvas.text(
            (MARGIN + 8, top, WIDTH - MARGIN - 8, top + h),
            line,
            size=LEGIBLE,
            weight="bold" if i == 0 else "regular",
            fill=TEXT if i == 0 else MUTED,
            valign="top",
            leading=1.15,
        )
        top += h
    return bottom


# -- the planets (part 1) -----------------------------------------------------------------------


def _pieces(view: EsperView) -> dict[int, list[int]]:
    """The seats on each square, in turn order."""
    on: dict[int, list[int]] = {}
    for seat in view.order:
        where = view.players[seat].where
        if where is not None and view.players[seat].state != "dead":
            on.setdefault(where, []).append(seat)
    return on


def _row_height(squares: Sequence[SquareView], on: dict[int, list[int]], width: float) -> float:
    most = max((len(on.get(s.square, ())) for s in squares), default=0)
    return TILE_HEAD + 2 + tokens_height(max(most, 1), width - 6)


def _planet_strips(view: EsperView) -> list[list[SquareView]]:
    per = 5 if view.small else 7
    return [list(view.squares[i : i + per]) for i in range(0, len(view.squares), per)]


def _planets_height(view: EsperView) -> float:
    on = _pieces(view)
    total = 0.0
    for strip in _planet_strips(view):
        width = (WIDTH - 2 * MARGIN - (len(strip) - 1) * TILE_GAP) / len(strip)
        total += STRIP_NAME + _row_height(strip, on, width) + RING + GAP
    return total - GAP


def _draw_planets(canvas: Canvas, view: EsperView, y: float, marks: Marks, me: int | None) -> float:
    on = _pieces(view)
    ringed = {me} if me is not None else set()
    for index, strip in enumerate(_planet_strips(view)):
        count = len(strip)
        width = (WIDTH - 2 * MARGIN - (count - 1) * TILE_GAP) / count
        canvas.text(
            (MARGIN + 2, y, WIDTH - MARGIN, y + STRIP_NAME),
            card_name("esper", view.planets[index]),
            size=13,
            min_size=LEGIBLE,
            weight="bold",
            fill=TEXT,
            max_lines=1,
        )
        top = y + STRIP_NAME
        height = _row_height(strip, on, width)
        for i, square in enumerate(strip):
            x = MARGIN + i * (width + TILE_GAP)
            label = "" if square.spaceport else str(i)
            square_tile(
                canvas,
                (x, top, x + width, top + height),
                square,
                on.get(square.square, []),
                label=label,
                lit_square=square.square in marks.squares,
                ringed=ringed,
            )
        _ring(canvas, top + height, width, count)
        y = top + height + RING + GAP
    return y - GAP


def _ring(canvas: Canvas, y: float, width: float, count: int) -> None:
    """The line under a strip joining its last square back to its spaceport: a ring."""
    first = MARGIN + width / 2
    last = MARGIN + (count - 1) * (width + TILE_GAP) + width / 2
    low = y + RING - 2
    canvas.line([(last, y), (last, low), (first, low), (first, y)], SUBTLE, width=1.5)
    canvas.shape("up", (first - 4, y, first + 4, y + 5), SUBTLE)


# -- the base (part 2) --------------------------------------------------------------------------


def _base_geometry(view: EsperView) -> tuple[int, float]:
    size = 5 if view.small else 6
    width = (WIDTH - 2 * MARGIN - AXIS - (size - 1) * TILE_GAP) / size
    return size, width


def _base_rows(view: EsperView) -> list[list[SquareView]]:
    size, _ = _base_geometry(view)
    return [list(view.squares[r * size : (r + 1) * size]) for r in range(size)]


def _base_height(view: EsperView) -> float:
    on = _pieces(view)
    _, width = _base_geometry(view)
    rows = _base_rows(view)
    return AXIS + sum(_row_height(row, on, width) + TILE_GAP for row in rows) - TILE_GAP


def _draw_base(canvas: Canvas, view: EsperView, y: float, marks: Marks, me: int | None) -> float:
    on = _pieces(view)
    size, width = _base_geometry(view)
    ringed = {me} if me is not None else set()
    left = MARGIN + AXIS
    for c in range(size):
        x = left + c * (width + TILE_GAP)
        canvas.text(
            (x, y, x + width, y + AXIS),
            "ABCDEF"[c],
            size=LEGIBLE,
            weight="bold",
            fill=MUTED,
            align="center",
            max_lines=1,
        )
    top = y + AXIS
    for r, row in enumerate(_base_rows(view)):
        height = _row_height(row, on, width)
        canvas.text(
            (MARGIN, top, left - 2, top + height),
            str(r + 1),
            size=LEGIBLE,
            weight="bold",
            fill=MUTED,
            align="center",
            max_lines=1,
        )
        for c, square in enumerate(row):
            x = left + c * (width + TILE_GAP)
            square_tile(
                canvas,
                (x, top, x + width, top + height),
                square,
                on.get(square.square, []),
                label=ruled(square.name),
                lit_square=square.square in marks.squares,
                ringed=ringed,
            )
        top += height + TILE_GAP
    return top - TILE_GAP


def _off_board(view: EsperView) -> list[int]:
    """Living pieces off the board (not yet entered, or scattered), in turn order."""
    return [
        s for s in view.order if view.players[s].where is None and view.players[s].state != "dead"
    ]


def _off_height(view: EsperView) -> float:
    return ROW + 4 if _off_board(view) else 0.0


def _draw_off(canvas: Canvas, view: EsperView, y: float, me: int | None) -> float:
    seats = _off_board(view)
    if not seats:
        return y
    bottom = y + ROW + 4
    canvas.rect((MARGIN, y, WIDTH - MARGIN, bottom), mix(BACKGROUND, PANEL_EDGE, 0.3), radius=5)
    canvas.text(
        (MARGIN + 8, y, MARGIN + 110, bottom),
        say("Off the board:"),
        size=LEGIBLE,
        fill=MUTED,
        max_lines=1,
    )
    x = MARGIN + 110
    for seat in seats:
        top = y + (ROW + 4 - 16) / 2
        token(canvas, (x, top, x + 16, top + 16), seat, ring=seat == me)
        x += 20
    return bottom


# -- the whole board ----------------------------------------------------------------------------


def caption_box_height(caption: str, scale: float) -> float:
    return caption_height(caption, WIDTH - 2 * MARGIN, size=LEGIBLE, scale=scale)


def draw_board_canvas(
    view: EsperView,
    names: Sequence[str],
    marks: Marks,
    *,
    me: int | None,
    scale: float,
) -> Canvas:
    measure = new_canvas(1, scale)
    board_h = _planets_height(view) if view.part <= 1 else _base_height(view)
    height = (
        MARGIN
        + _header_height(measure, view, names)
        + GAP
        + (_legend(measure, view, names, 0.0, marks, me, draw=False))
        + GAP
    )
    combat_h = _combat_height(measure, view, names)
    if combat_h:
        height += combat_h + GAP
    off_h = _off_height(view)
    if off_h:
        height += off_h + GAP
    height += board_h + MARGIN
    if marks.caption is not None:
        height += GAP + caption_box_height(marks.caption, scale)
    canvas = new_canvas(height, scale)
    y = _draw_header(canvas, view, names, MARGIN, marks) + GAP
    y = _legend(canvas, view, names, y, marks, me, draw=True) + GAP
    if combat_h:
        y = _draw_combat(canvas, view, names, y, marks) + GAP
    if off_h:
        y = _draw_off(canvas, view, y, me) + GAP
    y = (
        _draw_planets(canvas, view, y, marks, me)
        if view.part <= 1
        else _draw_base(canvas, view, y, marks, me)
    )
    if marks.caption is not None:
        top = y + MARGIN + GAP
        bottom = top + caption_box_height(marks.caption, scale)
        caption_bar(canvas, (MARGIN, top, WIDTH - MARGIN, bottom), marks.caption, size=LEGIBLE)
    return canvas
