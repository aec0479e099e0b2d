"""What a step did, with numbers, for its caption: ``"{seat0}'s Ember Page: 2 DP damage to
{seat1}'s Tin Guard (DP 3 → 1)"``, ``"{seat1} takes 4 damage (7 → 11)"``.

A caption says what changed, never a card's rules text (the hand and ``/card`` show that). It is
built from the events its audience may see (:func:`outcome`), so a public caption cannot name a
card hidden from anyone: a drawn card is named only in the step that :func:`close` writes for
the seat that drew it. Seats are written ``{seat0}``/``{seat1}``. A list that would run past
:data:`LIMIT` is cut with how many more there were.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine import Event, StepLog
from .state import Card, Charm, CharmState, Res, Support, Trigger
from .stats import ap, dp
from .words import joined, kept, listed, sentence
from .zones import SEAT

__all__ = [
    "LIMIT",
    "card_label",
    "charm_damage",
    "charm_declared",
    "charm_failed",
    "charm_resolved",
    "choosing_discard",
    "choosing_target",
    "close",
    "defended",
    "drew",
    "end_phase",
    "names",
    "ordering",
    "outcome",
    "p_skill_failed",
    "passed",
    "resolved",
    "start_phase",
    "trigger_label",
]

LIMIT = 150
"""The length a caption aims to stay within (with seats still written ``{seat0}``): a charm's
end says what each attacker did, which takes more than a card's effect."""

Data = Mapping[str, Any]


def names(cards: Sequence[str]) -> str:
    """Cards named in a caption: ``"A, B and C"``, ``"nothing"``."""
    return listed([kept("card", card=name) for name in cards])


def _counted(template: str, n: int, **values: Any) -> str:
    """``<template>.one`` or ``<template>.other``, with ``{n}``."""
    return kept(f"{template}.{'one' if n == 1 else 'other'}", n=n, **values)


def card_label(card: Card) -> str:
    """``"{seat1}'s Tin Guard"``."""
    return kept("card.of", seat=SEAT[card.owner], card=card.name)


def _card(d: Data) -> dict[str, str]:
    """The card an event happened to, as a clause names it (``{seat}'s {card:name}``)."""
    return {"seat": SEAT[d["seat"]], "card": d["name"]}


def _clause(event: Event) -> str:
    kind, d = event.kind, event.data
    if kind == "dp_damage":
        before, after = max(0, d["before"]), max(0, d["after"])
        return kept("did.dp_damage", amount=d["amount"], **_card(d), before=before, after=after)
    if kind in ("damage", "healed"):
        seat = SEAT[d["seat"]]
        return kept(
            f"did.{kind}", seat=seat, amount=d["amount"], before=d["before"], after=d["after"]
        )
    if kind == "boosted":
        sign = "+" if d["amount"] > 0 else "−"
        amount = f"{sign}{abs(d['amount'])}"
        stat = d["stat"].upper()
        return kept(
            "did.boosted",
            **_card(d),
            stat=stat,
            amount=amount,
            before=d["before"],
            after=d["after"],
        )
    if kind in _ON_CARD:
        return kept(_ON_CARD[kind], **_card(d))
    if kind == "left":
        where = "hand" if d["to"] == "hand" else "discard"
        return kept(f"did.left.{where}", **_card(d))
    if kind in ("discarded", "recalled"):
        return kept(f"did.{kind}", seat=SEAT[d["seat"]], card=d["name"])
    if kind == "none_to_recall":
        return kept("did.none_to_recall", seat=SEAT[d["seat"]], kind=kept(f"card.kind.{d['kind']}"))
    if kind == "tokens":
        return kept("did.tokens", **_card(d), before=d["before"], after=d["after"])
    if kind == "gained_ep":
        return kept("did.gained_ep", seat=SEAT[d["seat"]], amount=d["amount"], pool=d["pool"])
    if kind == "refilled":
        return kept("did.refilled", seat=SEAT[d["seat"]], n=d["count"])
    if kind == "drew_nothing":
        return kept("did.drew_nothing", seat=SEAT[d["seat"]])
    if kind == "no_effect":
        return kept("did.no_effect")
    if kind == "choosing":
        if d["what"] == "discard":
            return _counted("did.choosing.discard", d["n"], seat=SEAT[d["seat"]])
        if d["what"] == "recall":
            return kept("did.choosing.recall", seat=SEAT[d["seat"]])
    if kind == "ep_wiped":
        return kept("did.ep_wiped", seat=SEAT[d["seat"]], n=d["before"])
    return ""


_ON_CARD = {
    "checked": "did.checked",
    "unchecked": "did.unchecked",
    "face_down": "did.face_down",
    "face_up": "did.face_up",
    "entered": "did.entered",
    "negated": "did.negated",
    "stays": "did.stays",
    "expired": "did.expired",
    "dp_healed": "did.dp_healed",
}
"""The events whose clause names only the card they happened to."""


def outcome(events: Iterable[Event], *, audience: int | None = None, room: int = LIMIT) -> str:
    """What the events ``audience`` may see did, in order (``None``: the public ones); draws
    are counted per seat, and a player's damage from several attackers at once is one sum. Cut
    to ``room`` (of its English) with how many more."""
    said: list[str | int] = []  # a seat's number: its draws, counted once all are read
    drawn: dict[int, int] = {}
    hurt: tuple[int, int, int] | None = None  # the last clause's damage: seat, amount, before
    for event in events:
        if not event.visible_to(audience):
            continue
        if event.kind == "damage":
            d = event.data
            if hurt is not None and hurt[0] == d["seat"]:
                said.pop()
                hurt = (d["seat"], hurt[1] + d["amount"], hurt[2])
            else:
                hurt = (d["seat"], d["amount"], d["before"])
            seat = SEAT[d["seat"]]
            said.append(
                kept("did.damage", seat=seat, amount=hurt[1], before=hurt[2], after=d["after"])
            )
            continue
        hurt = None
        if event.kind == "drew":
            seat = event.data["seat"]
            if seat not in drawn:
                said.append(seat)
            drawn[seat] = drawn.get(seat, 0) + event.data["count"]
            continue
        clause = _clause(event)
        if clause and (not said or said[-1] != clause):
            said.append(clause)
    return _fit(
        [_counted("did.drew", drawn[s], seat=SEAT[s]) if isinstance(s, int) else s for s in said],
        room,
    )


def _fit(said: list[str], room: int) -> str:
    out: list[str] = []
    used = 0
    for i, clause in enumerate(said):
        if out and used + len(clause) + 2 > room:
            return kept("list.more", before=joined("list.semicolon", out), n=len(said) - i)
        out.append(clause)
        used += len(clause) + 2
    return joined("list.semicolon", out)


def close(log: StepLog, caption: str, to: int | None = None) -> None:
    """Close the step with ``caption``; then, for a public step, tell each seat that drew
    cards in it which ones, in a step of its own (the public caption only says how many)."""
    drawn: dict[int, list[str]] = {}
    if to is None:
        for event in log.pending:
            if event.kind == "drew_card":
                drawn.setdefault(event.data["seat"], []).append(event.data["name"])
    log.step(caption, to=to)
    for seat, cards in drawn.items():
        log.step(kept("you_draw", cards=names(cards)), to=seat)


def phase_ends(phase: str, events: Iterable[Event]) -> str:
    """A change of phase that wiped EP (CHARM-2.2): ``"Draw phase ends: {seat1}'s 2 unused EP
    fade."``"""
    return kept(f"phase_ends.{phase}", did=outcome(events))


def start_phase(events: Iterable[Event]) -> str:
    """The start phase's processes (CHARM-3): ``""`` if they changed nothing to show."""
    events = list(events)
    unchecked = sum(e.kind == "unchecked" for e in events)
    rest = [e for e in events if e.kind != "unchecked"]
    parts = [_counted("did.unchecked", unchecked)] if unchecked else []
    said = outcome(rest)
    if said:
        parts.append(said)
    return kept("start_phase", did=joined("list.semicolon", parts)) if parts else ""


def end_phase(events: Iterable[Event]) -> str:
    """The end phase's processes (CHARM-7): ``""`` if they changed nothing to show."""
    events = list(events)
    said = outcome(e for e in events if e.kind not in ("expired", "support_ended"))
    if any(e.kind in ("expired", "support_ended") for e in events):
        said = joined(
            "list.semicolon", [said, kept("did.boosts_end")] if said else [kept("did.boosts_end")]
        )
    return kept("end_phase", did=said) if said else ""


def drew(events: Iterable[Event], seat: int) -> str:
    said = outcome(events)
    return sentence(said or kept("did.drew.none", seat=SEAT[seat]))


def choosing_discard(seat: int, over: int, hand: int, limit: int) -> str:
    return kept("end_phase.hand_limit", seat=SEAT[seat], hand=hand, limit=limit, over=over)


def trigger_label(state: CharmState, trigger: Trigger) -> str:
    """How a waiting P.Skill reads in the turn player's menu: ``"{seat1}'s Tin Guard (turned
    face down)"``. Asked in quiet play too (the order's menu): said once for each."""
    return _trigger_label(trigger.owner, state.cards[trigger.source].name, trigger.when)


@functools.cache
def _trigger_label(seat: int, name: str, when: str) -> str:
    return kept("trigger", seat=SEAT[seat], card=name, timing=kept(f"timing.{when}"))


def ordering(seat: int, count: int) -> str:
    return kept("ordering", n=count, seat=SEAT[seat])


def p_skill_failed(card: Card) -> str:
    where = "left" if card.zone != "field" else "face_down"
    return kept(f"p_skill.failed.{where}", card=card_label(card))


def choosing_target(card: Card) -> str:
    return kept("p_skill.choosing", card=card_label(card), seat=SEAT[card.owner])


def resolved(state: CharmState, res: Res, events: Iterable[Event], waiting: bool = False) -> str:
    """``"{seat0}'s Ember Page: 2 DP damage to {seat1}'s Tin Guard (DP 3 → 1)"``."""
    source = state.cards[res.source]
    kind = "p_skill" if res.trigger else ("event" if source.defn.event else "a_skill")
    head = kept(f"resolved.{kind}", seat=SEAT[res.controller], card=source.name)
    said = outcome(events, room=LIMIT - len(head))
    return kept("resolved", head=head, did=said or kept("resolved.nothing"))


def passed(seat: int, auto: str | None, answering: bool) -> str:
    what = "answers_not" if answering else "passes"
    return kept(f"{what}.{auto}" if auto in ("evident", "auto") else what, seat=SEAT[seat])


def _attacker(state: CharmState, card: Card) -> str:
    return kept("charm.attacker", card=card.name, ap=max(0, ap(state, card)))


def charm_declared(
    state: CharmState,
    seat: int,
    attackers: Sequence[Card],
    supporter: Card | None,
    mode: str | None,
) -> str:
    named = listed([_attacker(state, c) for c in attackers])
    who = {"seat": SEAT[seat], "other": SEAT[1 - seat], "attackers": named}
    if supporter is not None and mode is not None:
        value = ap(state, supporter) if mode == "ap" else dp(state, supporter)
        stat = mode.upper()
        return kept(
            "charm.declared.support", supporter=supporter.name, stat=stat, n=max(0, value), **who
        )
    return kept("charm.declared", **who)


def charm_failed(seat: int, dropped: Sequence[Card]) -> str:
    return kept("charm.failed", seat=SEAT[seat], cards=names([c.name for c in dropped]))


def charm_resolved(
    state: CharmState, charm: Charm, support: Support | None, dropped: Sequence[Card]
) -> str:
    attackers = listed([_attacker(state, state.cards[u]) for u in charm.attackers])
    count = "one" if len(charm.attackers) == 1 else "other"
    parts = [kept(f"charm.attacks.{count}", attackers=attackers, seat=SEAT[charm.charmed])]
    if support is not None:
        heroine = state.cards[support.heroine]
        now = ap(state, heroine) if support.stat == "ap" else dp(state, heroine)
        parts.append(
            kept(
                "charm.supports",
                supporter=state.cards[support.supporter].name,
                heroine=heroine.name,
                stat=support.stat.upper(),
                before=now - support.amount,
                after=now,
            )
        )
    if dropped:
        parts.append(kept("charm.dropped", cards=names([c.name for c in dropped])))
    return kept("charm.phase", did=joined("list.semicolon", parts))


def defended(state: CharmState, seat: int, charm: Charm) -> str:
    if not charm.blocks:
        return kept("defence.none", seat=SEAT[seat])
    pairs = [
        kept(
            "defence.block",
            defender=state.cards[d].name,
            dp=dp(state, state.cards[d]),
            attacker=state.cards[a].name,
        )
        for a, d in charm.blocks.items()
    ]
    return kept("defence", seat=SEAT[seat], blocks=joined("list.semicolon", pairs))


def charm_damage(state: CharmState, charm: Charm, events: Iterable[Event]) -> str:
    events = [e for e in events if e.kind not in ("attack", "checked")]
    said = outcome(events)
    return kept("charm.end", did=said or kept("charm.end.nothing"))
