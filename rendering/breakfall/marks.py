"""What the step being shown changed, read from its events: the highlights of a breakfall board.

Only the events the view's viewer may see are read (``Step.events_for(view.viewer)``), and a step
the viewer may not see at all marks nothing and has no caption, so a highlight cannot tell more
than the view does. Characters are named by uid, as in the events; the board looks them up in
the view, so a uid that is not on the field draws nothing. Names in events (a card drawn, placed
or turned) are never read: what a picture names comes from the view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from rendering.toolkit.words import language, say
from rules.breakfall.views import BreakfallView
from rules.engine import Event, Step, in_language, name_seats

__all__ = ["Marks", "Tag", "marks_for", "stat_name"]


@dataclass(frozen=True, slots=True)
class Tag:
    """A label on a character that changed: ``tone`` "bad" (damage, weakened), "good" (boosted)
    or "note" (greets, blocks, entered...)."""

    text: str
    tone: str = "note"


@dataclass(frozen=True, slots=True)
class Marks:
    caption: str | None = None
    lit: frozenset[int] = frozenset()  # characters ringed, by uid
    tags: Mapping[int, tuple[Tag, ...]] = field(default_factory=lambda: MappingProxyType({}))
    entries: frozenset[int] = frozenset()  # cards whose entries in the space are ringed
    seats: frozenset[int] = frozenset()  # seats whose panel changed as a whole (passed...)
    chips: frozenset[tuple[int, str]] = frozenset()  # (seat, "hand" | "deck" | "damage" | ...)
    gone: tuple[tuple[int, str], ...] = ()  # (seat, what left the field), shown in its panel
    turn: bool = False


_SEAT_EVENTS = frozenset({"passed", "first_player", "conceded", "timeout", "declined", "greets"})
_CHIPS: Mapping[str, tuple[str, ...]] = {
    "drew": ("hand", "deck"),
    "placed": ("hand", "resources"),
    "resources_bowed": ("resources",),
    "discarded": ("hand", "graveyard"),
    "turned": ("deck", "check"),
    "checks": ("damage",),
    "check_done": ("check", "graveyard"),
    "killed": ("graveyard",),
    "bounced": ("hand",),
    "recalled": ("hand", "graveyard"),
    "moved": ("check",),
}


class _Reader:
    def __init__(self) -> None:
        self.lit: set[int] = set()
        self.tags: dict[int, list[Tag]] = {}
        self.entries: set[int] = set()
        self.seats: set[int] = set()
        self.chips: set[tuple[int, str]] = set()
        self.gone: list[tuple[int, str]] = []
        self.turn = False

    def tag(self, uid: object, text: str, tone: str = "note") -> None:
        if isinstance(uid, int):
            self.lit.add(uid)
            self.tags.setdefault(uid, []).append(Tag(text, tone))

    def read(self, event: Event) -> None:
        kind, data = event.kind, event.data
        seat = data.get("seat")
        if isinstance(seat, int):
            self.chips.update((seat, chip) for chip in _CHIPS.get(kind, ()))
            if kind in _SEAT_EVENTS:
                self.seats.add(seat)
        if kind == "turn_started":
            self.turn = True
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, data)

    def marks(self, caption: str) -> Marks:
        return Marks(
            caption=caption,
            lit=frozenset(self.lit),
            tags=MappingProxyType({uid: tuple(tags) for uid, tags in self.tags.items()}),
            entries=frozenset(self.entries),
            seats=frozenset(self.seats),
            chips=frozenset(self.chips),
            gone=tuple(self.gone),
            turn=self.turn,
        )


_Handler = Callable[[_Reader, Mapping[str, Any]], None]


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"–{-n}"


def _damage(reader: _Reader, data: Mapping[str, Any]) -> None:
    reader.tag(data.get("card"), say("{n} dmg", n=data["amount"]), "bad")


def _battle(reader: _Reader, data: Mapping[str, Any]) -> None:
    reader.lit.add(int(data["card"]))
    if data.get("target") is not None:
        dealt = say("{n} dmg", n=data["amount"])
        reader.tag(data["target"], dealt, "bad" if data["amount"] else "note")


def _boosted(reader: _Reader, data: Mapping[str, Any]) -> None:
    amount = int(data["amount"])
    boost = say("{amount} {stat}", amount=_signed(amount), stat=stat_name(str(data["stat"])))
    reader.tag(data["card"], boost, "good" if amount > 0 else "bad")


def stat_name(stat: str) -> str:
    """A character's number by its name: "force"."""
    names = {"force": say("force"), "sabotage": say("sabotage"), "durability": say("durability")}
    return names.get(stat, stat)


def _gone(why: str) -> _Handler:
    def handler(reader: _Reader, data: Mapping[str, Any]) -> None:
        reader.gone.append((int(data["seat"]), why))

    return handler


def _plain(text: Callable[[], str], tone: str = "note") -> _Handler:
    """A tag of the same words whatever the event, in the picture's language."""

    def handler(reader: _Reader, data: Mapping[str, Any]) -> None:
        reader.tag(data.get("card"), text(), tone)

    return handler


def _entry(reader: _Reader, data: Mapping[str, Any]) -> None:
    card = data.get("card")
    if isinstance(card, int):
        reader.entries.add(card)
    if isinstance(data.get("target"), int):
        reader.lit.add(int(data["target"]))


_HANDLERS: Mapping[str, _Handler] = {
    "damage": _damage,
    "battle_damage": _battle,
    "boosted": _boosted,
    "readied": _plain(lambda: say("readied"), "good"),
    "bowed": _plain(lambda: say("bowed")),
    "greets": _plain(lambda: say("greets")),
    "blocks": _plain(lambda: say("blocks")),
    "entered_field": _plain(lambda: say("entered")),
    "moved": _plain(lambda: say("entered")),
    "played": _entry,
    "entered": _entry,
    "killed": _gone("killed"),
    "bounced": _gone("returned to hand"),
}


def marks_for(view: BreakfallView, step: Step | None, names: Sequence[str]) -> Marks:
    """The marks of ``step`` on ``view``."""
    if step is None or not step.visible_to(view.viewer):
        return Marks()
    reader = _Reader()
    for event in step.events_for(view.viewer):
        reader.read(event)
    return reader.marks(name_seats(in_language(step.caption, language()), names))
