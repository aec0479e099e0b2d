"""What a step highlights on an esper board, read from the events its viewer may see: the
squares it touched, the seats it named (their rows in the legend), what a seat's row should say
changed ("–1", "dies", "revealed"), whether a turn started, and the caption with names in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rendering.toolkit.words import say
from rules.engine import TURN_STARTED, Step, name_seats

from .parts import ruled

__all__ = ["Marks", "marks_for"]

_SEAT_KEYS = ("seat", "about", "target", "fighter")


@dataclass
class Marks:
    caption: str | None = None
    turn: bool = False
    squares: set[int] = field(default_factory=set)
    seats: set[int] = field(default_factory=set)
    tags: dict[int, list[str]] = field(default_factory=dict)

    def tag(self, seat: int, text: str) -> None:
        self.tags.setdefault(seat, []).append(text)


def marks_for(view: Any, step: Step | None, names: Sequence[str]) -> Marks:
    marks = Marks()
    if step is None or not step.visible_to(view.viewer):
        return marks
    marks.caption = name_seats(ruled(step.caption), names)
    for event in step.events_for(view.viewer):
        data = event.data
        if event.kind == TURN_STARTED:
            marks.turn = True
        square = data.get("square")
        if isinstance(square, int) and event.kind not in ("lurk", "key_base_square"):
            marks.squares.add(square)
        for key in _SEAT_KEYS:
            seat = data.get(key)
            if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
                marks.seats.add(seat)
        seats = data.get("seats")
        if isinstance(seats, list | tuple):
            marks.seats.update(s for s in seats if isinstance(s, int))
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            continue
        if event.kind == "damaged":
            marks.tag(seat, f"–{data['amount']}")
        elif event.kind == "died":
            marks.tag(seat, say("dies"))
        elif event.kind == "revealed":
            marks.tag(seat, say("revealed"))
        elif event.kind == "took":
            marks.tag(seat, say("+1 clue") if data["what"] == "clue" else say("+1 gear"))
        elif event.kind == "recovered":
            marks.tag(seat, say("+1 durability"))
    return marks
