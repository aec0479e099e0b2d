"""The two boards as geometry: six ring planets (part 1) and the secret base grid (part 2).

Squares are numbers. On the planets, planet *p* (0-5) place *k* is ``p * ring + k``: place 0 is
the spaceport, places 1 to 6 (1 to 4 at 3-4 seats) its squares (ESPER-3.3, 14.3). In the base,
row *r* column *c* is ``r * size + c`` (ESPER-4.2). Both numberings are board order (ESPER-13.2:
planets 1-6, each from its spaceport; the base row by row, left to right).

Teleport end squares in the base are every endpoint of a path of exactly *n* steps that turns as
it likes and never enters a square twice, its start included (ESPER-4.3); they depend only on the
grid's size, the start and *n*, so each listing is worked out once (``bench/rules_esper.py``
prints how long a listing takes, cold and cached).
"""

from __future__ import annotations

from functools import cache

__all__ = ["Board", "base_square_name", "grid_teleport_ends"]

PLANETS = 6
COLUMNS = "ABCDEF"


class Board:
    """The geometry of a match, fixed by its number of seats (ESPER-0.8)."""

    __canonical__ = "small"
    __slots__ = ("ring", "size", "small")

    def __init__(self, seats: int) -> None:
        self.small = seats <= 4
        self.ring = 5 if self.small else 7  # a spaceport and 4 or 6 squares
        self.size = 5 if self.small else 6

    # -- planets (part 1) ---------------------------------------------------------------------

    @property
    def planet_places(self) -> int:
        return PLANETS * self.ring

    def planet_of(self, square: int) -> int:
        return square // self.ring

    def place_of(self, square: int) -> int:
        return square % self.ring

    def spaceport(self, planet: int) -> int:
        return planet * self.ring

    @property
    def spaceports(self) -> tuple[int, ...]:
        return tuple(self.spaceport(p) for p in range(PLANETS))

    @property
    def planet_squares(self) -> tuple[int, ...]:
        """Every square that holds a planet card (not a spaceport), in board order."""
        return tuple(s for s in range(self.planet_places) if s % self.ring)

    def ring_step(self, square: int, steps: int) -> int:
        """The square ``steps`` places round the ring (negative: the other way), ESPER-3.3."""
        planet, place = divmod(square, self.ring)
        return planet * self.ring + (place + steps) % self.ring

    def ring_walks(self, square: int) -> tuple[int, ...]:
        """The squares one step away on the ring, in board order."""
        return tuple(sorted({self.ring_step(square, -1), self.ring_step(square, 1)}))

    def ring_teleport_ends(self, square: int, roll: int) -> tuple[int, ...]:
        """ESPER-3.2, 3.2a: exactly ``roll`` places one way round, without turning; never the
        starting square (a roll of 5 on a ring of 5)."""
        ends = {self.ring_step(square, roll), self.ring_step(square, -roll)} - {square}
        return tuple(sorted(ends))

    # -- the base (part 2) --------------------------------------------------------------------

    @property
    def base_squares(self) -> int:
        return self.size * self.size

    def grid_walks(self, square: int) -> tuple[int, ...]:
        """The squares up, down, left and right, in board order; edges do not wrap (ESPER-4.2)."""
        return _grid_neighbours(self.size, square)

    def grid_teleport_ends(self, square: int, roll: int) -> tuple[int, ...]:
        return grid_teleport_ends(self.size, square, roll)

    @property
    def outer_ring(self) -> tuple[int, ...]:
        """The first and last rows and columns, in board order (ESPER-14.3)."""
        n = self.size
        return tuple(s for s in range(n * n) if s // n in (0, n - 1) or s % n in (0, n - 1))

    def row_of(self, square: int) -> int:
        return square // self.size

    def base_square_name(self, square: int) -> str:
        return base_square_name(self.size, square)

    # -- either board ---------------------------------------------------------------------------

    def walks(self, part: int, square: int) -> tuple[int, ...]:
        return self.ring_walks(square) if part == 1 else self.grid_walks(square)

    def teleport_ends(self, part: int, square: int, roll: int) -> tuple[int, ...]:
        if part == 1:
            return self.ring_teleport_ends(square, roll)
        return self.grid_teleport_ends(square, roll)


def base_square_name(size: int, square: int) -> str:
    """``C4``: the column's letter and the row's number, as on the board's edges."""
    row, column = divmod(square, size)
    return f"{COLUMNS[column]}{row + 1}"


@cache
def _grid_neighbours(size: int, square: int) -> tuple[int, ...]:
    row, column = divmod(square, size)
    found = []
    if row > 0:
        found.append(square - size)
    if column > 0:
        found.append(square - 1)
    if column < size - 1:
        found.append(square + 1)
    if row < size - 1:
        found.append(square + size)
    return tuple(found)


@cache
def grid_teleport_ends(size: int, square: int, roll: int) -> tuple[int, ...]:
    """ESPER-4.3: the end of every self-avoiding path of exactly ``roll`` steps from ``square``
    (never the start), in board order. A depth-first walk over the grid as bit sets."""
    ends: set[int] = set()

    def walk(at: int, visited: int, left: int) -> None:
        if left == 0:
            ends.add(at)
            return
        for nxt in _grid_neighbours(size, at):
            bit = 1 << nxt
            if not visited & bit:
                walk(nxt, visited | bit, left - 1)

    walk(square, 1 << square, roll)
    return tuple(sorted(ends))
