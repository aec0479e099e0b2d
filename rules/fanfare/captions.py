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

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..engine import Event, StepLog
from ..engine.wording import ENGLISH_FORMS
from .text import keyword_text

__all__ = [
    "LIMIT",
    "close",
    "combat",
    "destroyed",
    "outcome",
    "stats_change",
    "stop",
    "unit_label",
]

LIMIT = 90
"""The length a caption aims to stay within (with seats still written ``{seat0}``)."""

_PLURAL = ENGLISH_FORMS["plural"]
_A = ENGLISH_FORMS["a"]

Data = Mapping[str, Any]


def _seat(seat: object) -> str:
    return f"{{seat{seat}}}"


def unit_label(seat: int, name: str) -> str:
    """``"{seat1}'s leader"``, ``"{seat0}'s Ember Fox"``."""
    return f"{_seat(seat)}'s {name}"


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _counted(name: str, n: int) -> str:
    return _A(name) if n == 1 else f"{n} {_PLURAL(name)}"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def stats_change(before: Sequence[int], after: Sequence[int]) -> str:
    """``"+1/+0 (7/1 → 8/1)"``."""
    delta = f"{_signed(after[0] - before[0])}/{_signed(after[1] - before[1])}"
    return f"{delta} ({before[0]}/{before[1]} → {after[0]}/{after[1]})"


def _shown(n: int) -> int:
    """Defence as a picture shows it: never below 0."""
    return max(0, n)


def _target(data: Data) -> str:
    """A damaged or healed unit: a leader with its seat, a follower by name."""
    return unit_label(data["seat"], "leader") if data.get("leader") else str(data["name"])


def _defence(data: Data) -> str:
    return f"{_shown(data['before'])} → {_shown(data['after'])}"


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


def _damage(group: _Group, source: int | None, short: bool) -> str:
    amount = group.key[0]
    said = [f"{_target(d)} ({_defence(d)})" for d in group.entries]
    if short:
        leaders = [f"{_target(d)} ({_defence(d)})" for d in group.entries if d.get("leader")]
        others = len(group.entries) - len(leaders)
        if others:
            leaders.append(f"{others} follower{'s' if others != 1 else ''}")
        said = leaders
    return f"{amount} damage to {_names(said)}"


def _restored(group: _Group, source: int | None, short: bool) -> str:
    amount = group.key[0]
    said = []
    for d in group.entries:
        who = "" if d["target"] == source else f"{_target(d)} "  # a leader's own ability
        if amount:
            said.append(f"{who}heals {amount} ({_defence(d)})")
        else:
            said.append(f"{who}is at full defence ({d['after']})")
    return "; ".join(said)


def _buffed(group: _Group, source: int | None, short: bool) -> str:
    if short and len(group.entries) > 1:
        attack, defence = group.key
        n = len(group.entries)
        return f"{_signed(int(str(attack)))}/{_signed(int(str(defence)))} to {n} followers"
    said = []
    for d in group.entries:
        change = stats_change(d["before"], d["after"])
        said.append(change if d["card"] == source else f"{d['name']} {change}")
    return ", ".join(said)


def _keyword(group: _Group, source: int | None, short: bool) -> str:
    word = keyword_text(str(group.key[0])).lower()
    names = [str(d["name"]) for d in group.entries]
    if short and len(names) > 1:
        return f"{len(names)} followers gain {word}"
    return f"{_names(names)} {'gains' if len(names) == 1 else 'gain'} {word}"


def _gone(verb: str) -> Callable[[_Group, int | None, bool], str]:
    def write(group: _Group, source: int | None, short: bool) -> str:
        entries = group.entries
        if short and len(entries) > 1:
            seats = {d["seat"]: sum(e["seat"] == d["seat"] for e in entries) for d in entries}
            said = [f"{n} of {_seat(s)}'s" for s, n in seats.items()]
            return f"{_names(said)} cards are {verb}"
        names = _by_seat(entries)
        return f"{names} {'is' if len(entries) == 1 else 'are'} {verb}"

    return write


def _by_seat(entries: Sequence[Data]) -> str:
    """``"{seat0}'s Ember Fox and Hearth Sprite"``, ``"{seat0}'s Ember Fox, Hearth Sprite and
    {seat1}'s Stone Sentinel"``: cards named with their seat, once per run of the same seat."""
    runs: list[tuple[object, list[str]]] = []
    for d in entries:
        if runs and runs[-1][0] == d["seat"]:
            runs[-1][1].append(str(d["name"]))
        else:
            runs.append((d["seat"], [str(d["name"])]))
    if len(runs) == 1:
        seat, names = runs[0]
        return f"{_seat(seat)}'s {_names(names)}"
    return _names([f"{_seat(seat)}'s {', '.join(names)}" for seat, names in runs])


def _summoned(group: _Group, source: int | None, short: bool) -> str:
    seat, name = group.key
    n = len(group.entries)
    if n == 1 and group.entries[0]["card"] == source:  # summoned itself, from the deck
        return "enters the board"
    return f"{_counted(str(name), n)} {'enters' if n == 1 else 'enter'} {_seat(seat)}'s board"


def _drew(group: _Group, source: int | None, short: bool) -> str:
    seat = group.key[0]
    n = sum(int(d.get("count", 1)) for d in group.entries)
    return f"{_seat(seat)} draws {_counted('card', n)}"


def _cost(group: _Group, source: int | None, short: bool) -> str:
    if short and len(group.entries) > 1:
        return f"{len(group.entries)} cards in hand change cost"
    said = []
    for d in group.entries:
        change = f"{d['before']} → {d['cost']}"
        said.append(f"cost {change}" if d["card"] == source else f"{d['name']} costs {change}")
    return ", ".join(said)


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
        return "returns to hand" if d["card"] == source else f"{d['name']} returns to hand"
    if kind == "to_hand":
        return "" if d["card"] in returned else f"{_seat(d['seat'])} gets {_A(d['name'])}"
    if kind == "burned":
        return f"{d['name']} is burned ({_seat(d['seat'])}'s hand is full)"
    if kind == "shuffled_in":
        return f"{_A(d['name'])} is shuffled into {_seat(d['seat'])}'s deck"
    if kind == "discarded":
        return f"{_seat(d['seat'])} discards {d['name']}"
    if kind == "board_full":
        return f"{_seat(d['seat'])}'s board is full"
    if kind == "transformed":
        return f"{d['was']} becomes {_A(d['name'])}"
    if kind == "silenced":
        return f"{d['name']} loses its abilities"
    if kind == "granted":
        return f'{d["name"]} gains "{d["text"]}"'
    if kind == "leader_granted":
        return f'{unit_label(d["seat"], "leader")} gains "{d["text"]}"'
    if kind == "pp":
        return f"{_seat(d['seat'])} PP {d['before']} → {d['pp']}"
    if kind == "countdown":
        change = f"countdown {d['before']} → {d['countdown']}"
        return change if d["card"] == source else f"{d['name']} {change}"
    if kind == "deck_empty":
        return f"{_seat(d['seat'])}'s deck is empty"
    return ""


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
    return "; ".join(s for i, s in enumerate(said) if s and (i == 0 or s != said[i - 1]))


def destroyed(events: Iterable[Event]) -> str:
    """The destruction check's caption: ``"{seat1}'s Thorn Stalker is destroyed."``."""
    return _sentence(outcome(events))


def _sentence(text: str) -> str:
    return stop(text[:1].upper() + text[1:]) if text else ""


def stop(text: str) -> str:
    """``text`` with a full stop, unless a quoted rules text already ends it."""
    return text if text.endswith(('."', '!"', '?"')) else f"{text}."


def combat(events: Iterable[Event], attacker: str, target: str) -> str:
    """``"{seat0}'s Ember Fox deals 3 to {seat1}'s leader: 20 → 17"``; against a follower, both
    ways: ``"... deals 3 to {seat1}'s Hearth Sprite (2 → 0), takes 1 (3 → 2)"``; then drain."""
    hits = [e.data for e in events if e.kind == "damage"]
    healed = [e.data for e in events if e.kind == "restored"]
    dealt = hits[0] if hits else None
    if dealt is None:
        return f"{attacker} fights {target}."
    if dealt.get("leader"):
        said = f"{attacker} deals {dealt['amount']} to {target}: {_defence(dealt)}"
    else:
        said = f"{attacker} deals {dealt['amount']} to {target} ({_defence(dealt)})"
        if len(hits) > 1:
            said += f", takes {hits[1]['amount']} ({_defence(hits[1])})"
    for d in healed:
        if d["amount"]:
            said += f"; drain heals {d['amount']} ({_defence(d)})"
    return said + "."


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
        log.step(f"You draw {_names(names)}.", to=seat)
