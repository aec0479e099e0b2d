"""What the step being shown changed, read from its events: the highlights of a lanes board.

Only the events the view's viewer may see are read (``Step.events_for(view.viewer)``), and a step
the viewer may not see at all marks nothing and has no caption, so a highlight cannot tell more
than the view does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from rules.engine import Step, name_seats
from rules.lanes.views import LanesView

__all__ = ["Gone", "Marks", "marks_for"]


@dataclass(frozen=True, slots=True)
class Gone:
    """A card that left the board in this step (destroyed, or a Decoy leaving). Its name is not
    kept: the public event of a destroyed face-down card names it, and must not show it."""

    location: int
    seat: int
    why: str  # "destroyed" or "left"


@dataclass(frozen=True, slots=True)
class Marks:
    caption: str | None = None
    cards: frozenset[int] = frozenset()  # card uids that revealed, moved, were added, activated
    power: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))  # uid → delta
    gone: tuple[Gone, ...] = ()
    face_down: tuple[tuple[int, int], ...] = ()  # (location, seat) that just got a face-down card
    locations: frozenset[int] = frozenset()
    seats: frozenset[int] = frozenset()  # seats whose status changed (ended, snapped, first)
    stakes: bool = False
    turn: bool = False


_CARD_EVENTS = frozenset({"revealed", "moved", "activated", "fizzled", "added"})
_LOCATION_EVENTS = frozenset({"location_revealed", "location_destroyed", "location_disabled"})
_SEAT_EVENTS = frozenset({"ended_turn", "took_back", "snapped", "first_player", "retreated"})


def marks_for(view: LanesView, step: Step | None, names: Sequence[str]) -> Marks:
    if step is None or not step.visible_to(view.viewer):
        return Marks()
    cards: set[int] = set()
    power: dict[int, int] = {}
    gone: list[Gone] = []
    face_down: list[tuple[int, int]] = []
    locations: set[int] = set()
    seats: set[int] = set()
    stakes = turn = False
    for event in step.events_for(view.viewer):
        kind, data = event.kind, event.data
        if kind in _CARD_EVENTS and "card" in data:
            cards.add(int(data["card"]))
        elif kind == "power":
            uid = int(data["card"])
            power[uid] = power.get(uid, 0) + int(data["delta"])
        elif kind in ("destroyed", "decoy_removed") and "location" in data:
            why = "destroyed" if kind == "destroyed" else "left"
            gone.append(Gone(int(data["location"]), int(data["seat"]), why))
        elif kind == "played_face_down":
            face_down.append((int(data["location"]), int(data["seat"])))
        elif kind in _LOCATION_EVENTS:
            locations.add(int(data["location"]))
        elif kind in _SEAT_EVENTS:
            seats.add(int(data["seat"]))
        elif kind == "stakes":
            stakes = True
        elif kind == "turn_started":
            turn = True
    return Marks(
        caption=name_seats(step.caption, names),
        cards=frozenset(cards),
        power=MappingProxyType(power),
        gone=tuple(gone),
        face_down=tuple(face_down),
        locations=frozenset(locations),
        seats=frozenset(seats),
        stakes=stakes,
        turn=turn,
    )
