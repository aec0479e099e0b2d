"""What a step did, with numbers, for its caption: ``"{seat0}'s Ember Page: 2 DP damage to
{seat1}'s Tin Guard (DP 3 → 1)"``, ``"{seat1} takes 4 damage (7 → 11)"``.

A caption says what changed, never a card's rules text (the hand and ``/card`` show that). It is
built from the events its audience may see (:func:`outcome`), so a public caption cannot name a
card hidden from anyone: a drawn card is named only in the step that :func:`close` writes for
the seat that drew it. Seats are written ``{seat0}``/``{seat1}``. A list that would run past
:data:`LIMIT` is cut with how many more there were.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine import Event, StepLog
from .state import Card, Charm, CharmState, Res, Support, Trigger
from .stats import ap, dp
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

_WHEN = {
    "enters": "enters",
    "start_phase": "start phase",
    "draw_phase": "draw",
    "end_phase": "end phase",
    "attacks": "attacks",
    "supports": "supports",
    "defends": "defends",
    "face_down": "turned face down",
    "charm_end": "charm end",
}


def names(items: Sequence[str]) -> str:
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _counted(n: int, noun: str) -> str:
    return f"{'a' if n == 1 else n} {noun}{'' if n == 1 else 's'}"


def card_label(card: Card) -> str:
    """``"{seat1}'s Tin Guard"``."""
    return f"{SEAT[card.owner]}'s {card.name}"


def _card(d: Data) -> str:
    return f"{SEAT[d['seat']]}'s {d['name']}"


def _clause(event: Event) -> str:
    kind, d = event.kind, event.data
    if kind == "dp_damage":
        change = f"DP {max(0, d['before'])} → {max(0, d['after'])}"
        return f"{d['amount']} DP damage to {_card(d)} ({change})"
    if kind == "damage":
        return f"{SEAT[d['seat']]} takes {d['amount']} damage ({d['before']} → {d['after']})"
    if kind == "healed":
        return f"{SEAT[d['seat']]} heals {d['amount']} damage ({d['before']} → {d['after']})"
    if kind == "boosted":
        sign = "+" if d["amount"] > 0 else "−"
        stat = d["stat"].upper()
        return f"{_card(d)} {stat} {sign}{abs(d['amount'])} ({d['before']} → {d['after']})"
    if kind in ("checked", "unchecked"):
        return f"{_card(d)} is {kind}"
    if kind == "face_down":
        return f"{_card(d)} turns face down"
    if kind == "face_up":
        return f"{_card(d)} recovers, face up"
    if kind == "left":
        where = "hand" if d["to"] == "hand" else "discard pile"
        return f"{_card(d)} goes to the {where}"
    if kind == "entered":
        return f"{_card(d)} enters the field"
    if kind == "discarded":
        return f"{SEAT[d['seat']]} discards {d['name']}"
    if kind == "recalled":
        return f"{SEAT[d['seat']]} takes {d['name']} back to hand"
    if kind == "none_to_recall":
        return f"no {d['kind']} to take back in {SEAT[d['seat']]}'s discard pile"
    if kind == "tokens":
        return f"{_card(d)} tokens {d['before']} → {d['after']}"
    if kind == "gained_ep":
        return f"{SEAT[d['seat']]} gains {d['amount']} EP (EP {d['pool']})"
    if kind == "negated":
        return f"{_card(d)} is negated"
    if kind == "refilled":
        return f"{SEAT[d['seat']]} shuffles {d['count']} cards of the discard pile into a new deck"
    if kind == "drew_nothing":
        return f"{SEAT[d['seat']]} has no card left to draw"
    if kind == "stays":
        return f"{_card(d)} stays on the field"
    if kind == "no_effect":
        return "a condition is not met"
    if kind == "choosing":
        if d["what"] == "discard":
            return f"{SEAT[d['seat']]} chooses {_counted(d['n'], 'card')} to discard"
        if d["what"] == "recall":
            return f"{SEAT[d['seat']]} chooses a card to take back"
    if kind == "expired":
        return f"{_card(d)} loses its boosts"
    if kind == "dp_healed":
        return f"{_card(d)} loses its DP damage"
    if kind == "ep_wiped":
        return f"{SEAT[d['seat']]}'s {d['before']} unused EP fade"
    return ""


def outcome(events: Iterable[Event], *, audience: int | None = None, room: int = LIMIT) -> str:
    """What the events ``audience`` may see did, in order (``None``: the public ones); draws
    are counted per seat, and a player's damage from several attackers at once is one sum. Cut
    to ``room`` with how many more."""
    said: list[str] = []
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
            said.append(f"{SEAT[d['seat']]} takes {hurt[1]} damage ({hurt[2]} → {d['after']})")
            continue
        hurt = None
        if event.kind == "drew":
            seat = event.data["seat"]
            if seat not in drawn:
                said.append(f"draw{seat}")
            drawn[seat] = drawn.get(seat, 0) + event.data["count"]
            continue
        clause = _clause(event)
        if clause and (not said or said[-1] != clause):
            said.append(clause)
    said = [
        f"{SEAT[int(s[4:])]} draws {_counted(drawn[int(s[4:])], 'card')}"
        if s.startswith("draw") and s[4:].isdigit()
        else s
        for s in said
    ]
    return _fit(said, room)


def _fit(said: list[str], room: int) -> str:
    out: list[str] = []
    used = 0
    for i, clause in enumerate(said):
        if out and used + len(clause) + 2 > room:
            out.append(f"and {len(said) - i} more")
            break
        out.append(clause)
        used += len(clause) + 2
    return "; ".join(out)


def _sentence(text: str) -> str:
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else f"{text}."


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
        log.step(f"You draw {names(cards)}.", to=seat)


_PHASE = {"draw": "Draw phase", "main": "Main phase", "charm": "Charm phase"}


def phase_ends(phase: str, events: Iterable[Event]) -> str:
    """A change of phase that wiped EP (CHARM-2.2): ``"Draw phase ends: {seat1}'s 2 unused EP
    fade."``"""
    return _sentence(f"{_PHASE.get(phase, phase)} ends: {outcome(events)}")


def start_phase(events: Iterable[Event]) -> str:
    """The start phase's processes (CHARM-3): ``""`` if they changed nothing to show."""
    events = list(events)
    unchecked = sum(e.kind == "unchecked" for e in events)
    rest = [e for e in events if e.kind != "unchecked"]
    parts = [f"{unchecked} card{'s' if unchecked != 1 else ''} unchecked"] if unchecked else []
    said = outcome(rest)
    if said:
        parts.append(said)
    return _sentence("Start phase: " + "; ".join(parts)) if parts else ""


def end_phase(events: Iterable[Event]) -> str:
    """The end phase's processes (CHARM-7): ``""`` if they changed nothing to show."""
    events = list(events)
    said = outcome(e for e in events if e.kind not in ("expired", "support_ended"))
    if any(e.kind in ("expired", "support_ended") for e in events):
        said = f"{said}; boosts and support end" if said else "boosts and support end"
    return _sentence(f"End phase: {said}") if said else ""


def drew(events: Iterable[Event], seat: int) -> str:
    said = outcome(events)
    return _sentence(said or f"{SEAT[seat]} draws nothing")


def choosing_discard(seat: int, over: int, hand: int, limit: int) -> str:
    return (
        f"End phase: {SEAT[seat]} holds {hand} cards, the limit is {limit}: "
        f"{SEAT[seat]} discards {over}."
    )


def trigger_label(state: CharmState, trigger: Trigger) -> str:
    """How a waiting P.Skill reads in the turn player's menu: ``"{seat1}'s Tin Guard (turned
    face down)"``."""
    card = state.cards[trigger.source]
    return f"{SEAT[trigger.owner]}'s {card.name} ({_WHEN[trigger.when]})"


def ordering(seat: int, count: int) -> str:
    return f"{count} P.Skills wait: {SEAT[seat]} picks the one that resolves next."


def p_skill_failed(card: Card) -> str:
    where = "left the field" if card.zone != "field" else "is face down"
    return f"{card_label(card)}'s P.Skill fails: it {where}."


def choosing_target(card: Card) -> str:
    return f"{card_label(card)}'s P.Skill: {SEAT[card.owner]} picks its target."


def resolved(state: CharmState, res: Res, events: Iterable[Event], waiting: bool = False) -> str:
    """``"{seat0}'s Ember Page: 2 DP damage to {seat1}'s Tin Guard (DP 3 → 1)"``."""
    source = state.cards[res.source]
    kind = "P.Skill" if res.trigger else ("" if source.defn.event else "A.Skill")
    head = f"{SEAT[res.controller]}'s {source.name}" + (f" ({kind})" if kind else "")
    said = outcome(events, room=LIMIT - len(head))
    return _sentence(f"{head}: {said or 'no effect'}")


def passed(seat: int, auto: str | None, answering: bool) -> str:
    what = "does not answer" if answering else "passes"
    if auto == "evident":
        return f"{SEAT[seat]} {what}: no card in hand and no A.Skill to use."
    if auto == "auto":
        return f"{SEAT[seat]} {what} (auto-pass)."
    return f"{SEAT[seat]} {what}."


def _stats(state: CharmState, card: Card) -> str:
    return f"{card.name} (AP {max(0, ap(state, card))})"


def charm_declared(
    state: CharmState,
    seat: int,
    attackers: Sequence[Card],
    supporter: Card | None,
    mode: str | None,
) -> str:
    named = names([_stats(state, c) for c in attackers])
    said = f"{SEAT[seat]} declares a charm on {SEAT[1 - seat]}: {named}"
    if supporter is not None and mode is not None:
        value = ap(state, supporter) if mode == "ap" else dp(state, supporter)
        said += f", {supporter.name} supporting ({mode.upper()} +{max(0, value)})"
    return said + "."


def charm_failed(seat: int, dropped: Sequence[Card]) -> str:
    gone = names([c.name for c in dropped])
    return f"{SEAT[seat]}'s charm fails: no attacker is left ({gone} dropped out)."


def charm_resolved(
    state: CharmState, charm: Charm, support: Support | None, dropped: Sequence[Card]
) -> str:
    seat = 1 - charm.charmed
    said = f"Charm phase: {names([_stats(state, state.cards[u]) for u in charm.attackers])}"
    said += f" {'attacks' if len(charm.attackers) == 1 else 'attack'} {SEAT[charm.charmed]}"
    if support is not None:
        heroine = state.cards[support.heroine]
        now = ap(state, heroine) if support.stat == "ap" else dp(state, heroine)
        said += (
            f"; {state.cards[support.supporter].name} supports: {heroine.name} "
            f"{support.stat.upper()} {now - support.amount} → {now}"
        )
    if dropped:
        said += f"; {names([c.name for c in dropped])} dropped out"
    del seat
    return said + "."


def defended(state: CharmState, seat: int, charm: Charm) -> str:
    if not charm.blocks:
        return f"{SEAT[seat]} declares no defence."
    pairs = [
        f"{state.cards[d].name} (DP {dp(state, state.cards[d])}) blocks {state.cards[a].name}"
        for a, d in charm.blocks.items()
    ]
    return f"{SEAT[seat]} defends: {'; '.join(pairs)}."


def charm_damage(state: CharmState, charm: Charm, events: Iterable[Event]) -> str:
    events = [e for e in events if e.kind not in ("attack", "checked")]
    said = outcome(events)
    return _sentence(f"Charm end: {said or 'no damage'}")
