"""The resolution space: entering things (BREAKFALL-3.5 to 3.7), resolving them, and damage
checks (BREAKFALL-5.3 to 5.7).

Costs are paid and targets chosen on entry; an entry resolves when both players pass with it on
top (the engine's :class:`~rules.engine.PriorityStack`, ``SPACE`` mode), and a damage check runs
by itself whenever it is on top (an automatic entry). A check that turns a breakfall enters it
above the check, which waits (``running``) until everything above it has resolved and then puts
the card, if it is still in the check zone, into the graveyard (BREAKFALL-5.4 (b), 5.6).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..engine import Entry, Said, StepLog
from . import effects
from .captions import close, joined, listed, named, say, tell
from .cards import Ability, CardDef
from .effects import Context
from .loops import may_answer
from .state import DAMAGE_LIMIT, BreakfallState, Card, Decision, Item, Resolving
from .stats import durability, force, no_breakfall, sabotage
from .targets import candidates
from .zones import SEAT, bow, card_name, enter_field, move

__all__ = [
    "activate",
    "breakfall_problem",
    "can_pay",
    "continue_resolving",
    "enter_breakfall",
    "entry_name",
    "play",
    "ready_resources",
    "resolve",
    "run_check",
    "source_ability",
    "technique_ability",
]


def technique_ability(defn: CardDef) -> Ability:
    """A technique's own effect, as an ability its entry resolves."""
    return Ability(f"{defn.id}#effect", "technique", defn.effects)


def source_ability(state: BreakfallState, item: Item) -> tuple[Card, Ability]:
    card = state.cards[item.uid]
    if item.kind == "card":
        return card, technique_ability(card.defn)
    if item.kind == "breakfall":
        assert card.defn.breakfall is not None
        return card, card.defn.breakfall
    return card, card.defn.abilities[item.ability]


def entry_name(state: BreakfallState, item: Item, seat: int) -> Said:
    """``{seat0}'s Ember Strike``, ``{seat0}'s Gate Warden's ability``."""
    if item.kind == "check":
        return _CHECKS[seat]
    card = state.cards[item.uid]
    if item.kind == "card":
        return card_name(card)
    return _entry("breakfall" if item.kind == "breakfall" else "ability", card_name(card))


_CHECKS = tuple(say("entry.check", seat=seat) for seat in SEAT)


@functools.cache
def _entry(kind: str, card: Said) -> Said:
    """A card's breakfall or ability in a caption, said once for each."""
    return say(f"entry.{kind}", card=card)


# -- costs ----------------------------------------------------------------------------------------


def ready_resources(state: BreakfallState, seat: int) -> list[Card]:
    return [c for c in state.players[seat].resources if not c.bowed]


def _bow_resources(state: BreakfallState, seat: int, n: int, log: StepLog) -> None:
    """Any ready resource pays as well as another: the oldest ready ones bow."""
    if n <= 0:
        return
    for card in ready_resources(state, seat)[:n]:
        card.bowed = True
    log.event("resources_bowed", None, seat=seat, count=n)


def can_pay(state: BreakfallState, seat: int, source: Card, ability: Ability) -> bool:
    """Whether ``seat`` can pay the ability's cost now (a discard: with cards other than the
    source, BREAKFALL-7.6a)."""
    for cost in ability.cost:
        if cost.kind == "bow_self":
            if source.zone != "field" or source.bowed:
                return False
        elif cost.kind == "bow_resources":
            if len(ready_resources(state, seat)) < cost.n:
                return False
        elif len([c for c in state.players[seat].hand if c is not source]) < cost.n:
            return False
    return True


def _pay(
    state: BreakfallState,
    seat: int,
    source: Card,
    ability: Ability,
    discards: Sequence[Card],
    log: StepLog,
) -> list[str]:
    """Pay the cost; what was paid, for the caption (nothing in quiet play)."""
    paid: list[str] = []
    for cost in ability.cost:
        if cost.kind == "bow_self":
            bow(state, source)
            log.event("bowed", None, seat=seat, card=source.uid)
            if not log.quiet:
                paid.append(_BOWS_ITSELF)
        elif cost.kind == "bow_resources":
            _bow_resources(state, seat, cost.n, log)
            if not log.quiet:
                resources = "one" if cost.n == 1 else "other"
                paid.append(say(f"paid.bow_resources.{resources}", n=cost.n))
        elif cost.kind == "discard":
            chosen = list(discards)
            if not chosen:  # as many as asked, when the hand holds no more than that
                chosen = [c for c in state.players[seat].hand if c is not source][: cost.n]
            effects.discard(state, seat, chosen, log)
            if not log.quiet:
                paid.append(say("paid.discard", cards=listed([named(c.name) for c in chosen])))
    return paid


_BOWS_ITSELF = say("paid.bow_self")


# -- entering ------------------------------------------------------------------------------------


def _aim(state: BreakfallState, target: int | None) -> Said | None:
    """What an entry aims at, as a caption names it; ``None``: nothing (any longer)."""
    if target is None:
        return None
    card = state.cards.get(target)
    if card is not None and card.zone == "field":
        return card_name(card)
    for entry in state.space.entries:
        if entry.item.eid == target:
            return entry_name(state, entry.item, entry.seat)
    return None


def play(state: BreakfallState, seat: int, card: Card, target: int | None, log: StepLog) -> None:
    """Play a character or a technique from hand: bow resources equal to its cost, and enter
    it (BREAKFALL-2.3, 3.7)."""
    _bow_resources(state, seat, card.defn.cost, log)
    move(state, card, "space")
    state.space.enter(seat, Item(state.next_eid(), "card", card.uid, target=target))
    log.event("played", None, seat=seat, card=card.uid, name=card.name, target=target)
    if not log.quiet:
        cost = card.defn.cost
        aim = _aim(state, target)
        on = "" if aim is None else ".on"
        if cost:
            ready, n = len(ready_resources(state, seat)), len(state.players[seat].resources)
            tell(
                log,
                f"play.paid{on}",
                seat=SEAT[seat],
                card=card.name,
                target=aim,
                cost=cost,
                ready=ready,
                n=n,
            )
        else:
            tell(log, f"play.free{on}", seat=SEAT[seat], card=card.name, target=aim)


def activate(
    state: BreakfallState,
    seat: int,
    card: Card,
    index: int,
    target: int | None,
    discards: Sequence[Card],
    times: int,
    log: StepLog,
) -> None:
    """Enter an activated ability, paying its cost (BREAKFALL-3.5, 3.7); a repeatable one ×n
    (BREAKFALL-6.4 (a))."""
    ability = card.defn.abilities[index]
    item = Item(state.next_eid(), "ability", card.uid, index, target, times)
    paid = _pay(state, seat, card, ability, discards, log)
    state.space.enter(seat, item)
    log.event("entered", None, seat=seat, kind="ability", card=card.uid, target=target)
    if not log.quiet:
        aim = _aim(state, target)
        name = "activate" + (".times" if times > 1 else "") + ("" if aim is None else ".on")
        said = listed(paid, "list.and.clauses")
        tell(log, name, card=card_name(card), times=times, target=aim, paid=said)


def breakfall_problem(state: BreakfallState, seat: int, card: Card) -> str | None:
    """Why a breakfall turned by a check cannot be entered (BREAKFALL-5.4 (c)): an effect forbids
    it, it has no legal target, or its cost cannot be paid."""
    ability = card.defn.breakfall
    assert ability is not None
    if no_breakfall(state, seat):
        return _FORBIDDEN
    kind = ability.chosen
    if kind is not None and not candidates(state, seat, kind, ability.effects):
        return _NO_TARGET
    if not can_pay(state, seat, card, ability):
        return _NO_PAYING
    return None


_FORBIDDEN = say("problem.forbidden")
_NO_TARGET = say("problem.no_target")
_NO_PAYING = say("problem.cost")


def enter_breakfall(
    state: BreakfallState,
    seat: int,
    card: Card,
    target: int | None,
    discards: Sequence[Card],
    log: StepLog,
    *,
    turned: Said | None = None,
) -> None:
    """Enter the breakfall above its check, which waits below it (BREAKFALL-5.4 (b), 5.6);
    ``turned``: the check that turned it, when it is entered in the same step."""
    ability = card.defn.breakfall
    assert ability is not None
    paid = _pay(state, seat, card, ability, discards, log)
    space = state.space
    space.enter_triggered(
        [(seat, Item(state.next_eid(), "check", card.uid, running=True))], automatic=True
    )
    space.enter_triggered([(seat, Item(state.next_eid(), "breakfall", card.uid, target=target))])
    log.event("entered", None, seat=seat, kind="breakfall", card=card.uid, target=target)
    if not log.quiet:
        aim = _aim(state, target)
        on = "" if aim is None else ".on"
        if turned is not None:
            tell(log, f"check.entered{on}", turns=turned, target=aim)
        else:
            name = f"entered{on}" + (".paying" if paid else "")
            paying = listed(paid, "list.and.clauses")
            tell(log, name, card=card_name(card), target=aim, paid=paying)


# -- damage checks --------------------------------------------------------------------------------


def _turns(state: BreakfallState, seat: int, card: Card) -> Said:
    """``{seat0}'s damage check (2 more waiting) turns Ash Runner``."""
    left = sum(
        1
        for e in state.space.entries
        if e.seat == seat and e.item.kind == "check" and not e.item.running
    )
    if left:
        return say("check.turns.more", seat=SEAT[seat], left=left, card=card.name)
    return say("check.turns", seat=SEAT[seat], card=card.name)


def run_check(state: BreakfallState, log: StepLog) -> None:
    """The damage check on top runs at once (BREAKFALL-5.4, 5.5), one step per check."""
    entry = state.space.resolve_next()
    item, seat = entry.item, entry.seat
    player = state.players[seat]
    if item.running:
        card = state.cards[item.uid]
        if card.zone == "check":
            move(state, card, "graveyard")
            log.event("check_done", None, seat=seat, card=card.uid, name=card.name)
            tell(log, "check.ends", seat=SEAT[seat], card=card.name)
        return
    if not player.deck:
        log.event("check_done", None, seat=seat, card=None)
        tell(log, "check.empty", seat=SEAT[seat])
        return
    card = player.deck[0]
    move(state, card, "check")
    log.event("turned", None, seat=seat, card=card.uid, name=card.name)
    turns = None if log.quiet else _turns(state, seat, card)
    ability = card.defn.breakfall
    if ability is None:
        move(state, card, "damage")
        if not log.quiet:
            n = len(player.damage)
            tell(log, "check.damage", turns=turns, before=n - 1, after=n, limit=DAMAGE_LIMIT)
        return
    problem = breakfall_problem(state, seat, card)
    if problem is not None:
        move(state, card, "graveyard")
        log.event("not_entered", None, seat=seat, card=card.uid)
        tell(log, "check.problem", turns=turns, problem=problem)
        return
    kind = ability.chosen
    found = candidates(state, seat, kind, ability.effects) if kind is not None else []
    if ability.cost or len(found) > 1:
        state.decision = Decision("breakfall", seat, uid=card.uid)
        ask = "check.pay" if ability.cost else "check.choose"
        tell(log, ask, turns=turns, seat=SEAT[seat])
        return
    enter_breakfall(state, seat, card, found[0] if found else None, (), log, turned=turns)


# -- resolving ------------------------------------------------------------------------------------


def _asked(state: BreakfallState) -> Said:
    """What a resolution stopped for: ``{seat1} chooses a card to discard``."""
    decision = state.decision
    assert decision is not None
    seat = SEAT[decision.seat]
    if decision.kind == "discard":
        cards = "one" if decision.n == 1 else "other"
        return say(f"asked.discard.{cards}", seat=seat, n=decision.n)
    return say("asked.recall", seat=seat)


def resolve(state: BreakfallState, entry: Entry[Item], log: StepLog) -> None:
    """The entry on top resolves (BREAKFALL-3.1)."""
    state.resolving = Resolving(entry)
    continue_resolving(state, log)


def continue_resolving(state: BreakfallState, log: StepLog) -> None:
    """Resolve the entry taken from the space, from where it stopped; stops again at a
    decision (``state.decision``), else finishes it."""
    res = state.resolving
    assert res is not None
    item, seat = res.entry.item, res.entry.seat
    source, ability = source_ability(state, item)
    if item.kind == "card" and source.defn.character:
        state.resolving = None
        if source.zone == "space":
            enter_field(state, source)
            log.event("entered_field", None, seat=seat, card=source.uid, name=source.name)
            if not log.quiet:
                tell(
                    log,
                    "field.enters",
                    entry=entry_name(state, item, seat),
                    force=force(state, source),
                    sabotage=sabotage(state, source),
                    durability=durability(state, source),
                )
        return
    said = res.said  # kept across a stop: the caption that finishes it says all it did
    if ability.may and res.may is None:
        answer = may_answer(state, seat)
        if answer is None:
            return
        res.may = answer
        if not log.quiet:
            said.append(say("may.yes.loop" if answer else "may.no.loop", seat=SEAT[seat]))
    ctx = Context(seat, source, ability, item, res)
    if res.may is not False:
        while res.rep < item.times:
            if res.rep > 0 and res.at == 0:
                if not can_pay(state, seat, source, ability):
                    break
                _pay(state, seat, source, ability, (), log)
            while res.at < len(ability.effects):
                if not effects.apply(state, ctx, ability.effects[res.at], log, said):
                    if not log.quiet and said:  # else the board's "Now:" says who chooses
                        done = joined("list.semicolon", [*said, _asked(state)])
                        close(
                            log, "resolve.stopped", entry=entry_name(state, item, seat), done=done
                        )
                    return
                res.at += 1
            res.rep += 1
            res.at = 0
    state.resolving = None
    if item.kind == "card" and source.zone == "space":
        move(state, source, "graveyard")  # a technique, done (BREAKFALL terms)
    log.event("resolved", None, seat=seat, kind=item.kind, card=item.uid)
    if not log.quiet:
        done = joined("list.semicolon", said) if said else _NO_EFFECT
        if item.times > 1:
            done = say("resolve.times", times=res.rep, done=done)
        close(log, "resolve", entry=entry_name(state, item, seat), done=done)


_NO_EFFECT = say("resolve.no_effect")
