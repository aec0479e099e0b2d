"""What the step being shown changed, read from its events: the highlights of a lanes board.

Only the events the view's viewer may see are read (``Step.events_for(view.viewer)``), and a step
the viewer may not see at all marks nothing and has no caption, so a highlight cannot tell more
than the view does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from rendering.toolkit.words import language
from rules.engine import Step, in_language, name_seats
from rules.lanes.views import CardView, LanesView

__all__ = ["Gone", "Marks", "marks_for"]


@dataclass(frozen=True, slots=True)
class Gone:
    """A card that left the board in this step (destroyed, or a Decoy leaving), and the slot it
    had on its side of the location (None: not known). Its name is not kept: the public event of
    a destroyed face-down card names it, and must not show it."""

    location: int
    seat: int
    why: str  # "destroyed" or "left"
    slot: int | None = None


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


def marks_for(
    view: LanesView, step: Step | None, names: Sequence[str], before: LanesView | None = None
) -> Marks:
    """The marks of ``step`` on ``view``; ``before`` (the same viewer's view before the step)
    says where the cards that left stood: a card the viewer saw face up there is found by its
    uid; a face-down card of the other seat cannot be, and its slot stays unknown."""
    if before is not None and before.viewer != view.viewer:
        raise ValueError("the view before the step must be the same viewer's")
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
            where, seat = int(data["location"]), int(data["seat"])
            slot = _slot(before, where, seat, int(data["card"])) if before else None
            gone.append(Gone(where, seat, why, slot))
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
        caption=name_seats(in_language(step.caption, language()), names),
        cards=frozenset(cards),
        power=MappingProxyType(power),
        gone=tuple(gone),
        face_down=tuple(face_down),
        locations=frozenset(locations),
        seats=frozenset(seats),
        stakes=stakes,
        turn=turn,
    )


def _slot(before: LanesView, location: int, seat: int, uid: int) -> int | None:
    cards = before.locations[location].sides[seat].cards
    return next((i for i, c in enumerate(cards) if isinstance(c, CardView) and c.uid == uid), None)
