"""What a step did, with numbers, for its caption ("...: Moth Page 2 → 3; Underdog is destroyed").

A caption says what changed, never a card's rules text (the hand and card look-ups show that).
It is built from the events its audience may see and from the power of face-up cards in play,
which everyone sees, so a public caption can never say more than a spectator may know. Seats
are named ``{seat0}``/``{seat1}`` like every caption. Captions are read under a picture: a long
list of power changes is summed up ("+1 power to 6 cards") to keep them near :data:`LIMIT`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from ..engine import Event
from .effects import Standing, powers
from .state import LanesState, Location
from .words import CAPTIONS

__all__ = [
    "LIMIT",
    "Change",
    "listed",
    "outcome",
    "power_changes",
    "short_label",
    "standing_text",
]

LIMIT = 90
"""The length a caption aims to stay within (with seats still written ``{seat0}``)."""


class Change(NamedTuple):
    """A card's power before and after a step."""

    card: int
    name: str
    before: int
    after: int


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def listed(names: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    if len(names) == 1:
        return names[0]
    return CAPTIONS.say("list.and", before=CAPTIONS.join("list.comma", names[:-1]), after=names[-1])


def _seen(event: Event, audience: int | None) -> bool:
    return event.visible_to(audience)


def power_changes(
    state: LanesState,
    before: Mapping[int, int],
    events: Iterable[Event],
    audience: int | None = None,
) -> list[Change]:
    """Cards whose power changed since ``before`` (:func:`~rules.lanes.effects.powers` as the
    step began): first those an ability changed (their ``power`` events ``audience`` may see),
    then those an ongoing effect or a move changed, in board order. A card that was not yet face
    up in play counts from its power less the changes; a card no longer in play and not in a hand
    or deck (destroyed) is left to its own clause. ``before`` is empty when nothing was in play
    (or nothing there can have changed)."""
    deltas: dict[int, int] = {}
    for event in events:
        if event.kind == "power" and _seen(event, audience):
            uid = event.data["card"]
            deltas[uid] = deltas.get(uid, 0) + event.data["delta"]
    if not before and not deltas:  # nothing was in play, and no ability changed power
        return []
    after = powers(state)
    for uid, now in after.items():
        if uid not in deltas and before.get(uid, now) != now:
            deltas[uid] = now - before[uid]
    out = []
    for uid, delta in deltas.items():
        card = state.cards[uid]
        if uid in after:
            now = after[uid]
            was = before.get(uid, now - delta)
        elif card.loc < 0 and _held(state, uid, card.owner):
            now = card.base_power
            was = now - delta
        else:
            continue
        if was != now:
            out.append(Change(uid, card.defn.name, was, now))
    return out


def _held(state: LanesState, uid: int, seat: int) -> bool:
    player = state.players[seat]
    return any(c.uid == uid for c in player.hand) or any(c.uid == uid for c in player.deck)


def _power_text(changes: Sequence[Change], source: int | None, room: int) -> str:
    """``"Moth Page 2 → 3, Tin Soldier 5 → 6"``, ``"power 3 → 5"`` when only the step's own
    card changed, or the changes summed up when the list would not fit in ``room``."""
    say = CAPTIONS.say
    if len(changes) == 1 and changes[0].card == source:
        return say("did.power.own", before=changes[0].before, after=changes[0].after)
    said = [say("did.power", card=c.name, before=c.before, after=c.after) for c in changes]
    full = CAPTIONS.join("list.comma", said)
    if len(full) <= room or len(changes) == 1:
        return full
    by_delta: dict[int, int] = {}
    for c in changes:
        by_delta[c.after - c.before] = by_delta.get(c.after - c.before, 0) + 1
    return CAPTIONS.join(
        "list.comma",
        [
            say(f"did.power.summed.{'one' if n == 1 else 'other'}", delta=_signed(delta), n=n)
            for delta, n in by_delta.items()
        ],
    )


class _PerSeat(NamedTuple):
    """A clause about one seat (the template ``did.<what>.seat``, naming it ``{who}``), and how
    it reads when both seats did the same (``did.<what>.both``); ``counted``: whether it counts
    (``did.<what>.seat.n`` when it happens more than once: "draws 2 cards")."""

    key: tuple[object, ...]
    what: str
    values: tuple[tuple[str, object], ...] = ()
    counted: bool = False


def _per_seat(kind: str, data: Mapping[str, object]) -> _PerSeat | None:
    if kind == "drew":
        return _PerSeat(("drew",), "drew", counted=True)
    if kind == "draw_failed":
        if data.get("full"):
            return _PerSeat(("full",), "full")
        return _PerSeat(("empty",), "empty")
    if kind == "hand_full":
        return _PerSeat(("full",), "full")
    if kind == "extra_energy":
        when = "next" if data.get("next", True) else "now"
        amount = CAPTIONS.say(f"did.energy.{when}", amount=_signed(int(str(data["amount"]))))
        return _PerSeat(("energy", str(amount)), "energy", (("amount", amount),))
    if kind == "added" and data.get("into") == "hand":
        name = str(data["name"])
        return _PerSeat(("hand", name), "hand", (("card", name),), counted=True)
    if kind == "added" and data.get("into") == "deck":
        name, n = str(data["name"]), int(str(data.get("count", 1)))
        tokens = CAPTIONS.say(f"did.tokens.{'one' if n == 1 else 'other'}", card=name, n=n)
        return _PerSeat(("deck", str(tokens)), "deck", (("tokens", tokens),))
    return None


class _About:
    """A clause about one seat, counted (several draws are one clause)."""

    __slots__ = ("clause", "n", "seat")

    def __init__(self, clause: _PerSeat, seat: int) -> None:
        self.clause, self.seat, self.n = clause, seat, 1

    def text(self, both: bool) -> str:
        clause = self.clause
        name = f"did.{clause.what}.{'both' if both else 'seat'}"
        if clause.counted and self.n != 1:
            name += ".n"
        return CAPTIONS.say(name, who=f"{{seat{self.seat}}}", n=self.n, **dict(clause.values))


def _clauses(
    events: Iterable[Event], labels: Sequence[str], audience: int | None, source: int | None
) -> list[str]:
    """Everything but power changes and destruction, in the order it happened; a clause two
    seats share is said once ("both players draw a card")."""
    parts: list[str | _About] = []
    say = CAPTIONS.say
    for event in events:
        if not _seen(event, audience):
            continue
        data = event.data
        kind = event.kind
        if kind == "location_destroyed":
            parts.append(say("did.location.destroyed", location=data["name"]))
        elif kind == "location_disabled":
            parts.append(say("did.location.disabled", location=data["name"]))
        elif kind == "moved":
            parts.append(say("did.moved", card=data["name"], where=labels[data["location"]]))
        elif kind == "added" and data.get("into") == "board":
            parts.append(say("did.appears", card=data["name"], where=labels[data["location"]]))
        elif kind == "cost":
            whose = "did.cost.own" if data["card"] == source else "did.cost"
            parts.append(say(whose, card=data["name"], before=data["before"], after=data["after"]))
        elif kind == "to_top":
            parts.append(say("did.to_top"))
        elif (clause := _per_seat(kind, data)) is not None:
            seat = int(data["seat"])
            key = (clause, seat)
            same = [p for p in parts if isinstance(p, _About) and (p.clause, p.seat) == key]
            if same and clause.counted:
                same[0].n += 1
            else:
                parts.append(_About(clause, seat))
    return _said(parts)


def _said(parts: list[str | _About]) -> list[str]:
    out: list[str] = []
    twins: set[int] = set()
    for i, part in enumerate(parts):
        if isinstance(part, str):
            out.append(part)
            continue
        if i in twins:
            continue
        twin = next(
            (
                j
                for j in range(i + 1, len(parts))
                if isinstance(other := parts[j], _About)
                and j not in twins
                and other.seat != part.seat
                and (other.clause, other.n) == (part.clause, part.n)
            ),
            None,
        )
        if twin is not None:
            twins.add(twin)
        out.append(part.text(both=twin is not None))
    return out


def _destroyed(events: Iterable[Event], audience: int | None, room: int) -> str:
    """``"Sapper and a face-down card are destroyed"``; ``"5 cards are destroyed"`` when more
    than three names would not fit in ``room``."""
    names = []
    for event in events:
        if not _seen(event, audience):
            continue
        if event.kind == "destroyed":
            names.append(CAPTIONS.say("card", card=event.data["name"]))
        elif event.kind == "destroyed_face_down":
            names.append(CAPTIONS.say("did.face_down"))
    if not names:
        return ""
    if len(names) == 1:
        return CAPTIONS.say("did.destroyed.one", cards=names[0])
    said = CAPTIONS.say("did.destroyed.other", cards=listed(names))
    if len(said) <= room or len(names) <= 3:
        return said
    return CAPTIONS.say("did.destroyed.count", n=len(names))


def outcome(
    events: Iterable[Event],
    labels: Sequence[str],
    changes: Sequence[Change] = (),
    *,
    audience: int | None = None,
    source: int | None = None,
    room: int = LIMIT,
) -> str:
    """``"Sapling moves to Armory; Sapling 4 → 6; Underdog is destroyed"``: what happened, in
    order, then the power changes, then what was destroyed; ``""`` when nothing shows.
    ``audience``: the seat a private step is for (``None``: everyone); ``source``: the card
    whose step it is (its own power change reads ``"power 3 → 5"``)."""
    events = list(events)
    parts = _clauses(events, labels, audience, source)
    room -= sum(len(p) + 2 for p in parts)
    if changes:
        parts.append(_power_text(changes, source, room))
        room -= len(parts[-1]) + 2
    destroyed = _destroyed(events, audience, room)
    if destroyed:
        parts.append(destroyed)
    return CAPTIONS.join("list.semicolon", parts)


def short_label(loc: Location) -> str:
    """A location's name, or ``"Center (hidden)"`` while it is not revealed (LANES-1.6)."""
    return loc.label if loc.revealed else CAPTIONS.say(f"location.short.{loc.index}")


def standing_text(locations: Sequence[Location], now: Standing, power: Mapping[int, int]) -> str:
    """Who leads where: ``"{seat0} leads Quiet Square 5–3 and Center (hidden) 2–0; {seat1}
    leads Lantern Field 4–1"``, or ``"nobody leads anywhere"``. Face-down cards count 0."""
    led: dict[int, list[str]] = {0: [], 1: []}
    for loc, leader in zip(locations, now.leaders, strict=True):
        if leader is None:
            continue
        mine = sum(power.get(c.uid, 0) for c in loc.sides[leader])
        theirs = sum(power.get(c.uid, 0) for c in loc.sides[1 - leader])
        led[leader].append(
            CAPTIONS.say("standing.at", location=short_label(loc), mine=mine, theirs=theirs)
        )
    said = [
        CAPTIONS.say("standing.leads", seat=f"{{seat{seat}}}", where=listed(where))
        for seat, where in led.items()
        if where
    ]
    return CAPTIONS.join("list.semicolon", said) if said else CAPTIONS.say("standing.nobody")
