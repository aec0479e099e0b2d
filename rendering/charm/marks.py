"""What the step being shown changed, read from its events: the highlights of a charm board.

Only the events the view's viewer may see are read (``Step.events_for(view.viewer)``), and a step
the viewer may not see at all marks nothing and has no caption, so a highlight cannot tell more
than the view does. Cards are named by uid, as in the events; the board looks them up in the
view, so a uid that is not on the field draws nothing.

The one thing taken from an event that the view no longer has is the name of a card that just
left the field (to a hand or the discard pile): everything on a charm field is public
(CHARM-12.1), face-down cards included, so that name was public a moment before. Names in other
events (a card drawn, discarded from a hand, recalled) are never read. Where the card stood is
read from the view before the step (``before``), so that its place stays marked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from rendering.toolkit.words import language, say, say_n
from rules.charm.views import CharmView
from rules.engine import TURN_STARTED, Event, Step, in_language, name_seats

__all__ = ["Gone", "Marks", "Tag", "marks_for"]


@dataclass(frozen=True, slots=True)
class Tag:
    """A label on a card that changed: ``tone`` is "bad", "good" or "note"."""

    text: str
    tone: str = "note"


@dataclass(frozen=True, slots=True)
class Gone:
    """A card that left the field in this step, and the place it had (None: not known)."""

    seat: int
    name: str
    why: str  # "hand" or "discard"
    uid: int = -1
    slot: int | None = None


@dataclass(frozen=True, slots=True)
class Marks:
    caption: str | None = None
    lit: frozenset[int] = frozenset()  # card uids ringed
    tags: Mapping[int, tuple[Tag, ...]] = field(default_factory=lambda: MappingProxyType({}))
    gone: tuple[Gone, ...] = ()
    seats: frozenset[int] = frozenset()  # seats whose panel changed as a whole
    chips: frozenset[tuple[int, str]] = frozenset()  # (seat, "damage" | "ep" | "hand" | ...)
    damage: Mapping[int, int] = field(default_factory=lambda: MappingProxyType({}))
    chain: bool = False  # a declaration was made or resolved
    turn: bool = False


# Which counters of a seat an event changes.
_CHIPS: Mapping[str, tuple[str, ...]] = {
    "drew": ("hand", "deck"),
    "mulligan": ("hand", "deck"),
    "refilled": ("deck", "discard"),
    "discarded": ("hand", "discard"),
    "recalled": ("hand", "discard"),
    "produced": ("ep",),
    "paid": ("ep",),
    "gained_ep": ("ep",),
    "ep_wiped": ("ep",),
    "damage": ("damage",),
    "healed": ("damage",),
    "left": ("discard",),
}
_SEAT_EVENTS = frozenset(
    {"first_player", "mulligan_chosen", "mulligan", "passed", "conceded", "timeout", "game_over"}
)


class _Reader:
    def __init__(self) -> None:
        self.lit: set[int] = set()
        self.tags: dict[int, list[Tag]] = {}
        self.gone: list[Gone] = []
        self.seats: set[int] = set()
        self.chips: set[tuple[int, str]] = set()
        self.damage: dict[int, int] = {}
        self.chain = False
        self.turn = False

    def tag(self, uid: int, text: str, tone: str = "note") -> None:
        self.lit.add(uid)
        found = self.tags.setdefault(uid, [])
        if Tag(text, tone) not in found:
            found.append(Tag(text, tone))

    def read(self, event: Event) -> None:
        kind, data = event.kind, event.data
        seat = data.get("seat")
        if isinstance(seat, int):
            self.chips.update((seat, chip) for chip in _CHIPS.get(kind, ()))
            if kind in _SEAT_EVENTS:
                self.seats.add(seat)
        if kind == TURN_STARTED:
            self.turn = True
        elif kind in ("declared", "failed", "negated"):
            self.chain = True
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, data)

    def marks(self, caption: str, before: CharmView | None) -> Marks:
        return Marks(
            caption=caption,
            lit=frozenset(self.lit),
            tags=MappingProxyType({uid: tuple(tags) for uid, tags in self.tags.items()}),
            gone=tuple(_with_slot(gone, before) for gone in self.gone),
            seats=frozenset(self.seats),
            chips=frozenset(self.chips),
            damage=MappingProxyType(dict(self.damage)),
            chain=self.chain,
            turn=self.turn,
        )


_Handler = Callable[[_Reader, Mapping[str, Any]], None]


def _uid(data: Mapping[str, Any], key: str = "card") -> int:
    return int(data[key])


def _dp_damage(reader: _Reader, data: Mapping[str, Any]) -> None:
    reader.tag(_uid(data), say("–{n} DP", n=data["amount"]), "bad")


def _boosted(reader: _Reader, data: Mapping[str, Any]) -> None:
    amount = int(data["amount"])
    sign = "+" if amount > 0 else "–"
    stat = str(data["stat"]).upper()
    boost = say("{stat} {sign}{n}", stat=stat, sign=sign, n=abs(amount))
    reader.tag(_uid(data), boost, "good" if amount > 0 else "bad")


def _player_damage(reader: _Reader, data: Mapping[str, Any]) -> None:
    seat = int(data["seat"])
    reader.damage[seat] = reader.damage.get(seat, 0) + int(data["amount"])


def _healed(reader: _Reader, data: Mapping[str, Any]) -> None:
    seat = int(data["seat"])
    reader.damage[seat] = reader.damage.get(seat, 0) - int(data["amount"])


def _left(reader: _Reader, data: Mapping[str, Any]) -> None:
    gone = Gone(int(data["seat"]), str(data["name"]), str(data["to"]), _uid(data))
    reader.gone.append(gone)


def _charm(reader: _Reader, data: Mapping[str, Any]) -> None:
    for uid in data["attackers"]:
        reader.tag(int(uid), say("attacks"))
    if data.get("supporter") is not None:
        reader.tag(int(data["supporter"]), say("supports"))


def _defended(reader: _Reader, data: Mapping[str, Any]) -> None:
    reader.seats.add(int(data["seat"]))
    for _attacker, defender in data["blocks"]:
        reader.tag(int(defender), say("blocks"))


def _attack(reader: _Reader, data: Mapping[str, Any]) -> None:
    reader.lit.add(_uid(data))


def _plain(text: Callable[[], str], tone: str = "note") -> _Handler:
    """A tag of the same words whatever the event, in the picture's language."""

    def handler(reader: _Reader, data: Mapping[str, Any]) -> None:
        reader.tag(_uid(data), text(), tone)

    return handler


def _produced(reader: _Reader, data: Mapping[str, Any]) -> None:
    reader.tag(_uid(data), say("+{n} EP", n=data["ep"]))


def _tokens(reader: _Reader, data: Mapping[str, Any]) -> None:
    change = int(data["after"]) - int(data["before"])
    sign = "+" if change > 0 else "–"
    tokens = say_n("{sign}{n} token", "{sign}{n} tokens", abs(change), sign=sign)
    reader.tag(_uid(data), tokens)


def _declared(reader: _Reader, data: Mapping[str, Any]) -> None:
    if data.get("card") is not None:  # an A.Skill's card (an event's is not on the field)
        reader.lit.add(int(data["card"]))
    if data.get("target") is not None:
        reader.lit.add(int(data["target"]))


_HANDLERS: Mapping[str, _Handler] = {
    "dp_damage": _dp_damage,
    "boosted": _boosted,
    "damage": _player_damage,
    "healed": _healed,
    "left": _left,
    "charm": _charm,
    "defended": _defended,
    "attack": _attack,
    "entered": _plain(lambda: say("entered")),
    "checked": _plain(lambda: say("checked")),
    "unchecked": _plain(lambda: say("unchecked"), "good"),
    "face_down": _plain(lambda: say("face down"), "bad"),
    "face_up": _plain(lambda: say("face up"), "good"),
    "stays": _plain(lambda: say("stays")),
    "produced": _produced,
    "tokens": _tokens,
    "declared": _declared,
}


def marks_for(
    view: CharmView,
    step: Step | None,
    names: Sequence[str],
    before: CharmView | None = None,
) -> Marks:
    """The marks of ``step`` on ``view``; ``before`` (the same viewer's view before the step)
    says where the cards that left the field stood."""
    if before is not None and before.viewer != view.viewer:
        raise ValueError("the view before the step must be the same viewer's")
    if step is None or not step.visible_to(view.viewer):
        return Marks()
    reader = _Reader()
    for event in step.events_for(view.viewer):
        reader.read(event)
    return reader.marks(name_seats(in_language(step.caption, language()), names), before)


def _with_slot(gone: Gone, before: CharmView | None) -> Gone:
    if before is None or gone.seat >= len(before.players):
        return gone
    cards = before.players[gone.seat].field
    slot = next((i for i, card in enumerate(cards) if card.uid == gone.uid), None)
    return replace(gone, slot=slot)
