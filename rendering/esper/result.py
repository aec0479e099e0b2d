"""The end of an esper match: which side won and how, every seat marked as a winner or not (a
side's win is all its seats, living or dead: ESPER-6.6), then the final board."""

from __future__ import annotations

from collections.abc import Sequence

from rendering.toolkit import Canvas, result_banner, stack
from rendering.toolkit.palette import BACKGROUND, MUTED, PANEL, PANEL_EDGE, TEXT, mix
from rendering.toolkit.words import card_name, say
from rules.engine import name_seats
from rules.esper.views import EsperView

from .board import MARGIN, WIDTH, draw_board_canvas, new_canvas
from .marks import Marks
from .parts import ALIGNMENT_COLOURS, LEGIBLE, ruled, token

__all__ = ["draw_result"]

BANNER = 66.0
ROW = 20.0


def draw_result(view: EsperView, names: Sequence[str], *, scale: float) -> Canvas:
    result = view.result
    if result is None:
        raise ValueError("the match is not over")
    side = result.detail.get("side")
    winners = set(result.winners)
    rows = -(-len(view.order) // 2)
    height = MARGIN + BANNER + 6 + rows * ROW + MARGIN
    head = new_canvas(height, scale)
    result_banner(
        head,
        (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + BANNER),
        winner=None,
        name="",
        chips=(),
        summary=name_seats(ruled(result.summary), names),
        title=(_side_wins(str(side)), ALIGNMENT_COLOURS[str(side)]) if side else None,
    )
    column = (WIDTH - 2 * MARGIN) / 2
    for i, seat in enumerate(view.order):
        x = MARGIN + (i % 2) * column
        y = MARGIN + BANNER + 6 + (i // 2) * ROW
        won = seat in winners
        head.rect((x + 2, y, x + column - 2, y + ROW - 2), mix(PANEL, BACKGROUND, 0.2), radius=4)
        token(head, (x + 6, y + 1, x + 22, y + 17), seat)
        character = view.players[seat].character
        said = _outcome(names[seat], won if winners else None)
        if character is not None:
            said = say(
                "{outcome} · {character}",
                outcome=said,
                character=card_name("esper", character.name),
            )
        head.text(
            (x + 27, y, x + column - 6, y + ROW - 2),
            said,
            size=LEGIBLE,
            weight="bold" if won else "regular",
            fill=TEXT if won else MUTED,
            max_lines=1,
        )
    board = draw_board_canvas(view, names, Marks(), me=None, scale=scale)
    return stack((head, board), background=BACKGROUND, rule=PANEL_EDGE)


def _side_wins(side: str) -> str:
    return {"good": say("Good wins!"), "evil": say("Evil wins!")}.get(
        side, f"{side.capitalize()} wins!"
    )


def _outcome(name: str, won: bool | None) -> str:
    """A seat's line: won, lost, or (no winners) a draw."""
    if won is None:
        return say("{player}: draw", player=name)
    return say("{player}: won", player=name) if won else say("{player}: lost", player=name)
