"""What the step being shown changed, read from its events: the highlights of a fanfare board.

Only the events the view's viewer may see are read (``Step.events_for(view.viewer)``), and a step
the viewer may not see at all marks nothing and has no caption, so a highlight cannot tell more
than the view does. Units (followers, amulets and leaders) are named by uid, as in the events;
the board looks the uids up in the view, so a uid that is not on the board draws nothing.

The one thing taken from an event that the view no longer has is the name of a card that just
left the board (destroyed, banished, returned to its hand). Every card on a fanfare board is face
up, so that name was public the moment before; names in other events (a card drawn, burned or
discarded) are never read. Where that card stood is not in the events: it is read from the view
before the step, when there is one (``before``), so that its slot stays marked and the cards
still there stay where they were.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from rendering.toolkit.words import language, say, say_p
from rules.engine import Event, Step, in_language, name_seats
from rules.fanfare.views import FanfareView

__all__ = ["Gone", "Marks", "Tag", "keyword_name", "marks_for"]


@dataclass(frozen=True, slots=True)
class Tag:
    """A label on a unit that changed: ``tone`` is "bad" (damage), "good" (restored, buffed) or
    "note" (played, evolved, attacks...)."""

    text: str
    tone: str = "note"


@dataclass(frozen=True, slots=True)
class Gone:
    """A card that left the board in this step, and the slot it had (None: not known)."""

    seat: int
    name: str
    why: str  # "destroyed", "banished" or "returned"
    uid: int = -1
    slot: int | None = None


@dataclass(frozen=True, slots=True)
class Marks:
    caption: str | None = None
    lit: frozenset[int] = frozenset()  # uids (cards and leaders) ringed
    tags: Mapping[int, tuple[Tag, ...]] = field(default_factory=lambda: MappingProxyType({}))
    gone: tuple[Gone, ...] = ()
    seats: frozenset[int] = frozenset()  # seats whose panel changed as a whole
    chips: frozenset[tuple[int, str]] = frozenset()  # (seat, "pp" | "ep" | "hand" | ...)
    turn: bool = False


_GONE = frozenset({"destroyed", "banished", "returned"})
_SEAT_EVENTS = frozenset(
    {
        "first_player",
        "mulligan_chosen",
        "mulligan",
        "turn_ending",
        "conceded",
        "timeout",
        "revealed",
        "game_over",
        "board_full",
        "leader_granted",
    }
)
# Which counters of a seat an event changes.
_CHIPS: Mapping[str, tuple[str, ...]] = {
    "drew": ("hand", "deck"),
    "mulligan": ("hand", "deck"),
    "burned": ("deck", "cemetery"),
    "to_hand": ("hand",),
    "shuffled_in": ("deck",),
    "discarded": ("hand", "cemetery"),
    "deck_empty": ("deck",),
    "pp": ("pp",),
    "turn_started": ("pp",),
    "evolved": ("ep",),
    "returned": ("hand",),
    "destroyed": ("cemetery",),
}


class _Reader:
    """Collects the marks of one step's events."""

    def __init__(self) -> None:
        self.lit: set[int] = set()
        self.tags: dict[int, list[Tag]] = {}
        self.gone: list[Gone] = []
        self.seats: set[int] = set()
        self.chips: set[tuple[int, str]] = set()
        self.turn = False

    def tag(self, uid: int, text: str, tone: str = "note") -> None:
        self.lit.add(uid)
        self.tags.setdefault(uid, []).append(Tag(text, tone))

    def read(self, event: Event) -> None:
        kind, data = event.kind, event.data
        seat = data.get("seat")
        if isinstance(seat, int):
            self.chips.update((seat, chip) for chip in _CHIPS.get(kind, ()))
            if kind in _SEAT_EVENTS:
                self.seats.add(seat)
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, data)
        elif kind in _GONE:
            self.gone.append(Gone(int(data["seat"]), str(data["name"]), kind, int(data["card"])))
        elif kind == "turn_started":
            self.turn = True

    def marks(self, caption: str, before: FanfareView | None) -> Marks:
        return Marks(
            caption=caption,
            lit=frozenset(self.lit),
            tags=MappingProxyType({uid: tuple(tags) for uid, tags in self.tags.items()}),
            gone=tuple(_with_slot(gone, before) for gone in self.gone),
            seats=frozenset(self.seats),
            chips=frozenset(self.chips),
            turn=self.turn,
        )


_Handler = Callable[[_Reader, Mapping[str, Any]], None]


def _damage(reader: _Reader, data: Mapping[str, Any]) -> None:
    amount = int(data["amount"])
    reader.tag(_uid(data, "target"), f"–{amount}" if amount else "0", "bad")


def _restored(reader: _Reader, data: Mapping[str, Any]) -> None:
    reader.tag(_uid(data, "target"), f"+{data['amount']}", "good")


def _buffed(reader: _Reader, data: Mapping[str, Any]) -> None:
    reader.tag(_uid(data, "card"), f"{_plus(data['attack'])}/{_plus(data['defence'])}", "good")


def _keyword(reader: _Reader, data: Mapping[str, Any]) -> None:
    keyword = keyword_name(str(data["keyword"]))
    reader.tag(_uid(data, "card"), say("+{keyword}", keyword=keyword), "good")


def _attack(reader: _Reader, data: Mapping[str, Any]) -> None:
    reader.tag(_uid(data, "attacker"), say("attacks"))
    reader.tag(_uid(data, "target"), say("attacked"))


def _played(reader: _Reader, data: Mapping[str, Any]) -> None:
    if data.get("kind") == "spell":
        reader.seats.add(int(data["seat"]))
    else:
        reader.tag(_uid(data, "card"), say("played"))
    if data.get("target") is not None:
        reader.lit.add(_uid(data, "target"))


def _both(reader: _Reader, data: Mapping[str, Any]) -> None:
    reader.lit.update((_uid(data, "attacker"), _uid(data, "target")))


def _plain(text: Callable[[], str], key: str = "card", tone: str = "note") -> _Handler:
    """A tag of the same words whatever the event (``text`` gives them in the picture's
    language)."""

    def handler(reader: _Reader, data: Mapping[str, Any]) -> None:
        reader.tag(_uid(data, key), text(), tone)

    return handler


def _lit(key: str) -> _Handler:
    def handler(reader: _Reader, data: Mapping[str, Any]) -> None:
        reader.lit.add(_uid(data, key))

    return handler


def keyword_name(keyword: str) -> str:
    """A keyword as a word: "Rush"."""
    names = {
        "storm": say_p("keyword", "Storm"),
        "rush": say_p("keyword", "Rush"),
        "ward": say_p("keyword", "Ward"),
        "bane": say_p("keyword", "Bane"),
        "drain": say_p("keyword", "Drain"),
    }
    return names.get(keyword, keyword.title())


def _uid(data: Mapping[str, Any], key: str) -> int:
    return int(data[key])


def _plus(value: Any) -> str:
    number = int(value)
    return f"+{number}" if number >= 0 else f"–{-number}"


_HANDLERS: Mapping[str, _Handler] = {
    "damage": _damage,
    "restored": _restored,
    "buffed": _buffed,
    "keyword": _keyword,
    "granted": _plain(lambda: say("+ability"), tone="good"),
    "silenced": _plain(lambda: say("silenced"), tone="bad"),
    "evolved": _plain(lambda: say("evolved")),
    "summoned": _plain(lambda: say("summoned")),
    "transformed": _plain(lambda: say("transformed"), key="into"),
    "countdown": _plain(lambda: say("countdown")),
    "attack": _attack,
    "no_fight": _both,
    "combat": _lit("attacker"),
    "played": _played,
    "resolving": _lit("source"),
    "fizzled": _lit("source"),
    "expired": _lit("card"),
}


def marks_for(
    view: FanfareView,
    step: Step | None,
    names: Sequence[str],
    before: FanfareView | None = None,
) -> Marks:
    """The marks of ``step`` on ``view``; ``before`` (the same viewer's view before the step)
    says where the cards that left the board stood."""
    if before is not None and before.viewer != view.viewer:
        raise ValueError("the view before the step must be the same viewer's")
    if step is None or not step.visible_to(view.viewer):
        return Marks()
    reader = _Reader()
    for event in step.events_for(view.viewer):
        reader.read(event)
    caption = name_seats(in_language(step.caption, language()), names)
    return reader.marks(caption, before)


def _with_slot(gone: Gone, before: FanfareView | None) -> Gone:
    if before is None or gone.seat >= len(before.players):
        return gone
    board = before.players[gone.seat].board
    slot = next((i for i, card in enumerate(board) if card.uid == gone.uid), None)
    return replace(gone, slot=slot)
