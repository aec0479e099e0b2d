"""Seats with hidden roles (ESPER): each seat knows its own role, and any role it is told.

Roles stay out of every view that may not see them: :meth:`HiddenRoles.known_to` gives exactly the
roles a seat (or a spectator, ``None``) may know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

__all__ = ["MAX_SEATS", "MIN_SEATS", "HiddenRoles"]

MIN_SEATS = 2
MAX_SEATS = 10


class HiddenRoles:
    __slots__ = ("_known", "revealed", "roles")

    def __init__(
        self, roles: Sequence[str], known: Mapping[int, Iterable[int]] | None = None
    ) -> None:
        if not MIN_SEATS <= len(roles) <= MAX_SEATS:
            raise ValueError(f"{len(roles)} seats: a match has {MIN_SEATS} to {MAX_SEATS}")
        self.roles = tuple(roles)
        self.revealed: set[int] = set()
        self._known = {seat: {seat} for seat in range(len(roles))}
        for seat, others in (known or {}).items():
            self._known[seat].update(others)

    def tell(self, seat: int, about: int) -> None:
        """``seat`` learns the role of ``about`` (and keeps knowing it)."""
        self._known[seat].add(about)

    def reveal(self, seat: int) -> str:
        """Make ``seat``'s role public."""
        self.revealed.add(seat)
        return self.roles[seat]

    def known_to(self, viewer: int | None) -> dict[int, str]:
        seen = set(self.revealed)
        if viewer is not None:
            seen |= self._known[viewer]
        return {seat: self.roles[seat] for seat in sorted(seen)}

    def canonical(self) -> list[object]:
        return [
            list(self.roles),
            sorted(self.revealed),
            [sorted(self._known[s]) for s in range(len(self.roles))],
        ]
