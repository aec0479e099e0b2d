"""How esper's captions name things: seats as ``{seat3}`` (the bot puts names in), squares by
their board names (``Cinder 3``, ``C4``), dice as rolled, and who a private step goes to.

A character's stats are hidden (ESPER-12): a public caption gives a check's dice and its outcome,
never the number it was made against; the seat's own step (and its probers') says that number.
"""

from __future__ import annotations

from collections.abc import Sequence

from .state import EsperState

__all__ = ["S", "audience", "dice", "listing", "names", "square_name"]


def S(seat: int) -> str:
    """A seat as a caption names it, for :func:`rules.engine.name_seats`."""
    return f"{{seat{seat}}}"


def names(seats: Sequence[int]) -> str:
    return listing([S(s) for s in seats])


def listing(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def dice(rolled: Sequence[int]) -> str:
    """``3 + 4 = 7``, or ``5`` for one die."""
    if len(rolled) == 1:
        return str(rolled[0])
    return f"{' + '.join(map(str, rolled))} = {sum(rolled)}"


def square_name(state: EsperState, square: int | None, part: int | None = None) -> str:
    if square is None:
        return "off the board"
    board = state.board
    if (part or state.part) == 2:
        return board.base_square_name(square)
    return board.planet_square_name(square, _planet_names(state))


def _planet_names(state: EsperState) -> tuple[str, ...]:
    return tuple(p.name for p in state.pool.planets)


def audience(state: EsperState, seat: int) -> tuple[int, ...]:
    """Who sees what ``seat`` learns, holds or draws: itself and its probers, along chains
    (ESPER-7.5a)."""
    return (seat, *state.knowledge.watchers(seat))
