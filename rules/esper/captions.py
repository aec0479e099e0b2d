"""How esper's captions name things: seats as ``{seat3}`` (the bot puts names in), squares by
their board names (``Cinder 3``, ``C4``: said, so any language can show them), dice as rolled,
and who a private step goes to.

A character's stats are hidden (ESPER-12): a public caption gives a check's dice and its outcome,
never the number it was made against; the seat's own step (and its probers') says that number.
"""

from __future__ import annotations

from collections.abc import Sequence

from .state import EsperState
from .words import CAPTIONS, names_listed, said, seats_listed

__all__ = ["S", "audience", "card_names", "dice", "names", "square_name"]


def S(seat: int) -> str:
    """A seat as a caption names it, for :func:`rules.engine.name_seats`."""
    return f"{{seat{seat}}}"


def names(seats: Sequence[int]) -> str:
    """``{seat1}``, ``{seat1} and {seat4}``, ``{seat1}, {seat4} and {seat2}``, said."""
    return seats_listed(seats)


def card_names(cards: Sequence[str]) -> str:
    """Names of the pool, listed as :func:`names` lists seats."""
    return names_listed(tuple(cards))


def dice(rolled: Sequence[int]) -> str:
    """``3 + 4 = 7``, or ``5`` for one die."""
    if len(rolled) == 1:
        return str(rolled[0])
    return f"{' + '.join(map(str, rolled))} = {sum(rolled)}"


def square_name(state: EsperState, square: int | None, part: int | None = None) -> str:
    """A square as the board names it: a planet's (said, kept: views name every square) or the
    base's letter and number, the same in every language."""
    if square is None:
        return _OFF
    board = state.board
    if (part or state.part) == 2:
        return board.base_square_name(square)
    planet, place = divmod(square, board.ring)
    name = state.pool.planets[planet].name
    try:
        return _PLANET_SQUARES[name, place]
    except KeyError:
        said_name = said("square.port", planet=name) if place == 0 else None
        said_name = said_name or said("square.planet", planet=name, place=place)
        _PLANET_SQUARES[name, place] = said_name
        return said_name


_PLANET_SQUARES: dict[tuple[str, int], str] = {}
"""Each planet square's name, said once: views name every square."""
_OFF = CAPTIONS.say("square.off")


def audience(state: EsperState, seat: int) -> tuple[int, ...]:
    """Who sees what ``seat`` learns, holds or draws: itself and its probers, along chains
    (ESPER-7.5a)."""
    return (seat, *state.knowledge.watchers(seat))
