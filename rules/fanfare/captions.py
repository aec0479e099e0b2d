"""What a step did, with numbers, for its caption: ``"{seat1}'s Magpie Hoarder: +1/+0 (1/3 →
2/3)"``, ``"{seat0}'s Ember Fox deals 3 to {seat1}'s leader: 20 → 17"``.

A caption says what changed, never an ability's rules text (the hand and card look-ups show
that). It is built from the events its audience may see (:func:`outcome`), so a public caption
cannot name a card that is hidden from anyone: a card drawn is named only in the step that
:func:`close` writes for the seat that drew it. Seats are named ``{seat0}``/``{seat1}``. Captions
are read under a picture: a list that would run past :data:`LIMIT` is summed up ("1 damage to
{seat1}'s leader (20 → 19) and 4 followers").
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..engine import Event, StepLog
from .state import Leader, Unit
from .words import CAPTIONS, said

__all__ = [
    "LIMIT",
    "close",
    "combat",
    "destroyed",
    "label",
    "leader_label",
    "listed",
    "outcome",
    "stats_change",
    "unit_label",
]

LIMIT = 90
"""The length a caption aims to stay within (with seats still written ``{seat0}``)."""

Data = Mapping[str, Any]

say = CAPTIONS.say


def _seat(seat: object) -> str:
    return f"{{seat{seat}}}"


# Said once for each card and seat: nearly every caption names a card or a leader.
@functools.cache
def unit_label(seat: int, name: str) -> str:
    """``"{seat0}'s Ember Fox"``."""
    return say("unit", seat=_seat(seat), card=name)


@functools.cache
def leader_label(seat: int) -> str:
    """``"{seat1}'s leader"``."""
    return say("unit.leader", seat=_seat(seat))


@functools.cache
def _card(name: str) -> str:
    return say("card", card=name)


def label(unit: Unit) -> str:
    """A follower, an amulet or a leader, with its seat."""
    if isinstance(unit, Leader):
        return leader_label(unit.seat)
    return unit_label(unit.owner, unit.name)


def listed(names: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    if len(names) == 1:
        return names[0]
    return say("list.and", before=CAPTIONS.join("list.comma", names[:-1]), after=names[-1])


def _cards(names: Iterable[str]) -> list[str]:
    return [_card(name) for name in names]


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def stats_change(before: Sequence[int], after: Sequence[int]) -> str:
    """``"+1/+0 (7/1 → 8/1)"``."""
    return _stats_change(before[0], before[1], after[0], after[1])


@functools.cache
def _stats_change(attack_was: int, defence_was: int, attack: int, defence: int) -> str:
    before, after = (attack_was, defence_was), (attack, defence)
    return say(
        "stats.change",
        attack=_signed(after[0] - before[0]),
        defence=_signed(after[1] - before[1]),
        attack_was=before[0],
        defence_was=before[1],
        attack_now=after[0],
        defence_now=after[1],
    )


def _shown(n: int) -> int:
    """Defence as a picture shows it: never below 0."""
    return max(0, n)


def _target(data: Data) -> str:
    """A damaged or healed unit: a leader with its seat, a follower by name."""
    return leader_label(data["seat"]) if data.get("leader") else _card(data["name"])


def _change(data: Data) -> dict[str, int]:
    """A defence before and after, as the templates name them."""
    return {"before": _shown(data["before"]), "after": _shown(data["after"])}


# -- groups: events of one kind that read as one clause -------------------------------------------


class _Group:
    """Events that read as one clause ("2 damage to X (3 → 1), Y (2 → 0)"), with a shorter form
    for when the caption runs long."""

    __slots__ = ("entries", "key", "kind")

    def __init__(self, kind: str, key: tuple[object, ...]) -> None:
        self.kind = kind
        self.key = key
        self.entries: list[Data] = []

    def full(self, source: int | None) -> str:
        return _WRITERS[self.kind](self, source, False)

    def short(self, source: int | None) -> str:
        return _WRITERS[self.kind](self, source, True)


def _counted(template: str, n: int, **values: object) -> str:
    """``<template>.one`` or ``<template>.other``, with ``{n}``."""
    return say(f"{template}.{'one' if n == 1 else 'other'}", n=n, **values)


def _damage(group: _Group, source: int | None, short: bool) -> str:
    amount = group.key[0]
    entries = group.entries
    if len(entries) == 1 and not (short and not entries[0].get("leader")):
        only = entries[0]
        return say("did.damage.one", amount=amount, target=_target(only), **_change(only))
    if short:
        entries = [d for d in group.entries if d.get("leader")]
    said: list[str] = [say("did.hit", target=_target(d), **_change(d)) for d in entries]
    if short:
        others = len(group.entries) - len(entries)
        if others:
            said.append(_counted("did.followers", others))
    return say("did.damage", amount=amount, targets=listed(said))


def _restored(group: _Group, source: int | None, short: bool) -> str:
    amount = group.key[0]
    said = []
    for d in group.entries:
        own = d["target"] == source  # a leader's own ability
        target = {} if own else {"target": _target(d)}
        if amount:
            template = "did.heals.own" if own else "did.heals"
            said.append(say(template, amount=amount, **target, **_change(d)))
        else:
            template = "did.full_defence.own" if own else "did.full_defence"
            said.append(say(template, defence=d["after"], **target))
    return CAPTIONS.join("list.semicolon", said)


def _buffed(group: _Group, source: int | None, short: bool) -> str:
    if short and len(group.entries) > 1:
        attack, defence = group.key
        n = len(group.entries)
        return say(
            "did.buffed.summed",
            attack=_signed(int(str(attack))),
            defence=_signed(int(str(defence))),
            n=n,
        )
    said = []
    for d in group.entries:
        change = stats_change(d["before"], d["after"])
        said.append(
            change if d["card"] == source else say("did.buffed", card=d["name"], change=change)
        )
    return CAPTIONS.join("list.comma", said)


def _keyword(group: _Group, source: int | None, short: bool) -> str:
    word = said(f"word.{group.key[0]}")
    names = [d["name"] for d in group.entries]
    if short and len(names) > 1:
        return say("did.keyword.summed", n=len(names), keyword=word)
    return _counted("did.keyword", len(names), cards=listed(_cards(names)), keyword=word)


def _gone(verb: str) -> Callable[[_Group, int | None, bool], str]:
    def write(group: _Group, source: int | None, short: bool) -> str:
        entries = group.entries
        if short and len(entries) > 1:
            seats = {d["seat"]: sum(e["seat"] == d["seat"] for e in entries) for d in entries}
            said = [say("did.gone.of", n=n, seat=_seat(s)) for s, n in seats.items()]
            return say(f"did.{verb}.summed", counts=listed(said))
        return _counted(f"did.{verb}", len(entries), cards=_by_seat(entries))

    return write


def _by_seat(entries: Sequence[Data]) -> str:
    """``"{seat0}'s Ember Fox and Hearth Sprite"``, ``"{seat0}'s Ember Fox, Hearth Sprite and
    {seat1}'s Stone Sentinel"``: cards named with their seat, once per run of the same seat."""
    runs: list[tuple[int, list[str]]] = []
    for d in entries:
        if runs and runs[-1][0] == d["seat"]:
            runs[-1][1].append(_card(d["name"]))
        else:
            runs.append((d["seat"], [_card(d["name"])]))
    if len(runs) == 1:
        seat, names = runs[0]
        if len(names) == 1:  # said as a unit is, once for each card
            return unit_label(seat, entries[0]["name"])
        return say("did.whose", seat=_seat(seat), cards=listed(names))
    return listed(
        [
            say("did.whose", seat=_seat(seat), cards=CAPTIONS.join("list.comma", names))
            for seat, names in runs
        ]
    )


def _summoned(group: _Group, source: int | None, short: bool) -> str:
    seat, name = group.key
    n = len(group.entries)
    if n == 1 and group.entries[0]["card"] == source:  # summoned itself, from the deck
        return say("did.enters.own")
    return _counted("did.enters", n, card=name, seat=_seat(seat))


def _drew(group: _Group, source: int | None, short: bool) -> str:
    seat = group.key[0]
    n = sum(int(d.get("count", 1)) for d in group.entries)
    return said(f"did.drew.{'one' if n == 1 else 'other'}", n=n, seat=_seat(seat))


def _cost(group: _Group, source: int | None, short: bool) -> str:
    if short and len(group.entries) > 1:
        return say("did.cost.summed", n=len(group.entries))
    said = []
    for d in group.entries:
        if d["card"] == source:
            said.append(say("did.cost.own", before=d["before"], after=d["cost"]))
        else:
            said.append(say("did.cost", card=d["name"], before=d["before"], after=d["cost"]))
    return CAPTIONS.join("list.comma", said)


_WRITERS: Mapping[str, Callable[[_Group, int | None, bool], str]] = {
    "damage": _damage,
    "restored": _restored,
    "buffed": _buffed,
    "keyword": _keyword,
    "destroyed": _gone("destroyed"),
    "banished": _gone("banished"),
    "summoned": _summoned,
    "drew": _drew,
    "cost": _cost,
}


def _key(event: Event) -> tuple[object, ...]:
    data = event.data
    kind = event.kind
    if kind in ("damage", "restored"):
        return (data["amount"],)
    if kind == "buffed":
        return (data["attack"], data["defence"])
    if kind == "keyword":
        return (data["keyword"],)
    if kind == "summoned":
        return (data["seat"], data["name"])
    if kind == "drew":
        return (data["seat"],)
    return ()


# -- events that read as a clause of their own ----------------------------------------------------


def _clause(event: Event, source: int | None, returned: set[int]) -> str:
    """The clause of an event that is not grouped; ``""`` for events a caption leaves out."""
    kind, d = event.kind, event.data
    if kind == "returned":
        returned.add(d["card"])
        if d["card"] == source:
            return say("did.returned.own")
        return say("did.returned", card=d["name"])
    if kind == "to_hand":
        return (
            ""
            if d["card"] in returned
            else say("did.to_hand", seat=_seat(d["seat"]), card=d["name"])
        )
    if kind in _SEAT_CARD:
        return say(_SEAT_CARD[kind], seat=_seat(d["seat"]), card=d["name"])
    if kind == "board_full":
        return say("did.board_full", seat=_seat(d["seat"]))
    if kind == "transformed":
        return say("did.transformed", was=d["was"], card=d["name"])
    if kind == "silenced":
        return say("did.silenced", card=d["name"])
    if kind == "granted":
        return say("did.granted", card=d["name"], text=d["text"])
    if kind == "leader_granted":
        return say("did.leader_granted", seat=_seat(d["seat"]), text=d["text"])
    if kind == "pp":
        return say("did.pp", seat=_seat(d["seat"]), before=d["before"], after=d["pp"])
    if kind == "countdown":
        change = {"before": d["before"], "after": d["countdown"]}
        if d["card"] == source:
            return say("did.countdown.own", **change)
        return say("did.countdown", card=d["name"], **change)
    if kind == "deck_empty":
        return say("did.deck_empty", seat=_seat(d["seat"]))
    return ""


_SEAT_CARD = {
    "burned": "did.burned",
    "shuffled_in": "did.shuffled_in",
    "discarded": "did.discarded",
}
"""Events whose clause names a seat and a card."""


def outcome(
    events: Iterable[Event],
    *,
    audience: int | None = None,
    source: int | None = None,
    room: int = LIMIT,
) -> str:
    """What the events ``audience`` may see did (``None``: the public ones), in order; events of
    one kind and amount read as one clause. ``source``: the card whose step it is (its own change
    reads ``"+1/+0 (1/3 → 2/3)"``). Lists that would run past ``room`` are summed up."""
    parts: list[str | _Group] = []
    groups: dict[tuple[object, ...], _Group] = {}
    returned: set[int] = set()
    for event in events:
        if not event.visible_to(audience):
            continue
        if event.kind in _WRITERS:
            key = (event.kind, *_key(event))
            group = groups.get(key)
            if group is None:
                group = groups[key] = _Group(event.kind, key[1:])
                parts.append(group)
            group.entries.append(event.data)
        else:
            clause = _clause(event, source, returned)
            if clause:
                parts.append(clause)
    said = [p if isinstance(p, str) else p.full(source) for p in parts]
    if sum(len(s) + 2 for s in said) > room:
        said = [p if isinstance(p, str) else p.short(source) for p in parts]
    # The same thing twice in a row (a full board refusing two summons) is said once.
    return CAPTIONS.join(
        "list.semicolon", [s for i, s in enumerate(said) if s and (i == 0 or s != said[i - 1])]
    )


def destroyed(events: Iterable[Event]) -> str:
    """The destruction check's caption: ``"{seat1}'s Thorn Stalker is destroyed."``."""
    text = outcome(events)
    return sentence(text, quoted=quoted(text)) if text else ""


def quoted(text: str) -> bool:
    """Whether ``text`` ends with a quoted rules text that holds its own full stop."""
    return text.endswith(('."', '!"', '?"'))


def sentence(text: str, *, quoted: bool = False) -> str:
    """``text`` as a sentence: capitalised, with a full stop unless ``quoted`` (a quoted rules
    text holds its own). Capitalising is asked for only where it changes something: a text
    nearly always begins with a seat, and the form is slow."""
    template = "sentence.quoted" if quoted else "sentence"
    if text[:1].upper() != text[:1]:
        template += ".capital"
    return say(template, text=text)


def combat(events: Iterable[Event], attacker: str, target: str) -> str:
    """``"{seat0}'s Ember Fox deals 3 to {seat1}'s leader: 20 → 17"``; against a follower, both
    ways: ``"... deals 3 to {seat1}'s Hearth Sprite (2 → 0), takes 1 (3 → 2)"``; then drain."""
    hits = [e.data for e in events if e.kind == "damage"]
    dealt = hits[0] if hits else None
    if dealt is None:
        return say("combat.fights", attacker=attacker, target=target)
    values = {"attacker": attacker, "target": target, "amount": dealt["amount"], **_change(dealt)}
    if dealt.get("leader"):
        template = "combat.leader"
    elif len(hits) > 1:
        template = "combat.both"
        taken = hits[1]
        values.update(taken=taken["amount"], taken_before=_shown(taken["before"]))
        values["taken_after"] = _shown(taken["after"])
    else:
        template = "combat.follower"
    # One attacker: its leader is healed once at most.
    drain = next((e.data for e in events if e.kind == "restored" and e.data["amount"]), None)
    if drain is not None:
        template += ".drain"
        values.update(healed=drain["amount"], healed_before=_shown(drain["before"]))
        values["healed_after"] = _shown(drain["after"])
    return say(template, **values)


def close(log: StepLog, caption: str, to: int | None = None) -> None:
    """Close the step with ``caption``; then, for a public step, tell each seat that drew cards
    in it which ones, in a step of its own (the public caption only says how many)."""
    drawn: dict[int, list[str]] = {}
    if to is None:
        for event in log.pending:
            if event.kind == "drew_card":
                drawn.setdefault(event.data["seat"], []).append(event.data["name"])
    log.step(caption, to=to)
    for seat, names in drawn.items():
        log.step(_you_draw(tuple(names)), to=seat)


@functools.cache
def _you_draw(names: tuple[str, ...]) -> str:
    """The cards a seat drew, said once for each hand of them: most draws are of one card."""
    return say("you_draw", cards=listed(_cards(names)))
