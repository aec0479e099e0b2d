"""Declarations and the chain (CHARM-9): declaring, answering, passing, and resolving.

Every action of CHARM-9.3 is a declaration: announced to all (a public step), its costs paid at
once (CHARM-10.1), then entered on the match's :class:`~rules.engine.PriorityStack` in CHAIN
mode, which asks the other seat to interrupt or pass (a seat never answers its own declaration,
CHARM-9.4). A pass closes the chain; it resolves newest first, with the P.Skills each resolution
triggers resolved before the next (CHARM-9.5): :func:`resolve` pushes them on the agenda above
the open window. Producing EP is no declaration (CHARM-10.3): :func:`produce`.
"""

from __future__ import annotations

from ..engine import StepLog
from . import captions, combat
from .cards import Effect
from .effects import apply
from .state import SETTLE, Card, CharmState, Declaration, Res, Task
from .triggers import fire_side
from .words import joined, kept
from .zones import SEAT, discard_from_hand, draw, enter_field, to_discard

__all__ = [
    "declare_draw",
    "effect",
    "end_main",
    "pass_priority",
    "play",
    "produce",
    "resolve",
    "use",
]


def _enter(state: CharmState, decl: Declaration, log: StepLog) -> None:
    """Put the declaration on the chain, announced to all (CHARM-9.1)."""
    state.stack.enter(decl.seat, decl)
    if not log.quiet:
        name = state.cards[decl.card].name if decl.card else ""
        target = decl.target[0] if decl.target is not None else None
        log.event(
            "declared",
            None,
            seat=decl.seat,
            serial=decl.serial,
            kind=decl.kind,
            card=decl.card or None,
            name=name,
            target=target,
        )


def declare_draw(state: CharmState, log: StepLog) -> None:
    """CHARM-4.2: the draw, declared by itself for the turn player; the opponent may answer."""
    seat = state.turn_player
    state.stack.start_round(seat)
    _enter(state, Declaration(state.next_serial(), seat, "draw"), log)
    if not log.quiet:
        log.step(kept("draw.declared", seat=SEAT[seat]))


def produce(state: CharmState, seat: int, card: Card, log: StepLog) -> None:
    """CHARM-10.2: check the card, its EP into the pool. Not a declaration: nobody answers."""
    player = state.players[seat]
    before = player.pool
    card.checked = True
    player.pool += card.defn.ep
    if not log.quiet:  # the commonest action of a match: a quiet one says nothing
        log.event(
            "produced",
            None,
            seat=seat,
            card=card.uid,
            name=card.name,
            ep=card.defn.ep,
            before=before,
            pool=player.pool,
        )
        ep = card.defn.ep
        log.step(
            kept(
                "produced", seat=SEAT[seat], card=card.name, ep=ep, before=before, after=player.pool
            )
        )


def _pay(state: CharmState, seat: int, ep: int, log: StepLog) -> str:
    """EP from the pool (CHARM-10.1, 10.3); what the caption says of it (nothing when quiet)."""
    if not ep:
        return ""
    player = state.players[seat]
    before = player.pool
    player.pool -= ep
    if log.quiet:
        return ""
    log.event("paid", None, seat=seat, ep=ep, before=before, pool=player.pool)
    return kept("paid.ep", ep=ep, before=before, after=player.pool)


def play(state: CharmState, seat: int, card: Card, log: StepLog) -> None:
    """CHARM-5.1, 9.6: the turn player plays a card from hand in its main phase, with no chain
    open; the opponent may answer the declaration (CHARM-9.3)."""
    paid = _pay(state, seat, card.defn.cost, log)
    state.players[seat].hand.remove(card)
    card.zone = "chain"
    card.moves += 1
    decl = Declaration(state.next_serial(), seat, "play", card=card.uid, moves=card.moves)
    _enter(state, decl, log)
    if not log.quiet:
        caption = "played.paid" if paid else "played"
        log.step(kept(caption, seat=SEAT[seat], card=card.name, paid=paid))


def use(
    state: CharmState,
    seat: int,
    card: Card,
    index: int,
    target: Card | None,
    cost_cards: tuple[Card, ...],
    log: StepLog,
) -> None:
    """Declare an event from hand or an A.Skill, its target picked now (CHARM-9.7) and its
    costs paid now (CHARM-10.1): EP, cards discarded, the card itself checked."""
    skill = card.defn.skills[index]
    paid = [_pay(state, seat, skill.cost.ep, log)]
    if cost_cards:
        discard_from_hand(state, seat, list(cost_cards), log, why="cost")
        if not log.quiet:
            cards = captions.names([c.name for c in cost_cards])
            paid.append(kept("paid.discards", cards=cards))
    if skill.cost.check_self:
        card.checked = True
        log.event("checked", None, seat=seat, card=card.uid, name=card.name)
        if not log.quiet:
            paid.append(kept("paid.checks", card=card.name))
    if skill.once_per_turn:
        card.used[index] = state.turn
    event = card.defn.event
    if event:
        state.players[seat].hand.remove(card)
        card.zone = "chain"
        card.moves += 1
    top = state.stack.top
    decl = Declaration(
        state.next_serial(),
        seat,
        "event" if event else "skill",
        card=card.uid,
        skill=index,
        moves=card.moves,
        target=None if target is None else (target.uid, target.moves),
        cost_cards=tuple(c.uid for c in cost_cards),
        answers=top.item.serial if top is not None else 0,
    )
    _enter(state, decl, log)
    if not log.quiet:
        what = kept("declared.event" if event else "declared.skill", card=card.name)
        costs = joined("list.semicolon", [p for p in paid if p])
        caption = "answered" if top is not None else "used"
        caption += "" if target is None else ".on"
        caption += ".paid" if costs else ""
        aim = "" if target is None else captions.card_label(target)
        log.step(kept(caption, seat=SEAT[seat], what=what, target=aim, paid=costs))


def end_main(state: CharmState, seat: int, log: StepLog) -> None:
    """CHARM-5.3: the turn player declares the end of its main phase; it may be answered."""
    _enter(state, Declaration(state.next_serial(), seat, "end"), log)
    if not log.quiet:
        log.step(kept("main.end_declared", seat=SEAT[seat]))


def pass_priority(state: CharmState, seat: int, log: StepLog, *, auto: str | None = None) -> None:
    """The seat holding priority passes: in a chain it closes it (CHARM-9.4), in a round it is
    one pass of the run (CHARM-6.3). ``auto``: the rules passed for it (CHARM-13.2)."""
    answering = bool(state.stack.entries)
    state.stack.pass_priority(seat)
    if not log.quiet:
        log.event("passed", None, seat=seat, auto=auto, answering=answering)
        log.step(captions.passed(seat, auto, answering))


def effect(state: CharmState, res: Res, one: Effect, log: StepLog) -> bool:
    """One effect of a resolving skill (:func:`rules.charm.effects.apply`)."""
    return apply(state, res, one, log)


# -- resolving ----------------------------------------------------------------------------------


def _skill_failure(state: CharmState, decl: Declaration) -> str | None:
    """CHARM-9.2, 10.5: a declared A.Skill fails if its source left the field or turned face
    down, or (a character) became checked, unless its own "check this" cost checked it."""
    card = state.cards[decl.card]
    if card.moves != decl.moves or card.zone != "field":
        return "left the field"
    if card.face_down:
        return "is face down"
    skill = card.defn.skills[decl.skill]
    if card.defn.character and card.checked and not skill.cost.check_self:
        return "is checked"
    return None


def resolve(state: CharmState, decl: Declaration, log: StepLog) -> None:
    """The chain's newest entry resolves; the P.Skills it triggers resolve before the next
    (CHARM-9.5): a ``settle`` task goes on the agenda above the window."""
    state.agenda.append(SETTLE)
    kind = decl.kind
    if kind == "play":
        card = state.cards[decl.card]
        enter_field(state, card, log)
        if not log.quiet:
            log.step(kept("entered", seat=SEAT[decl.seat], card=card.name))
    elif kind == "draw":
        seat = decl.seat
        draw(state, seat, log)
        fire_side(state, (seat,), "draw_phase")  # also when it drew nothing (CHARM-11.4a)
        if not log.quiet:
            captions.close(log, captions.drew(log.pending, seat))
    elif kind == "charm":
        combat.resolve_charm(state, decl, log)
    elif kind == "end":
        state.main_ends = "end"
        if not log.quiet:
            log.step(kept("main.ends", seat=SEAT[decl.seat]))
    else:
        _resolve_skill(state, decl, log)


def _resolve_skill(state: CharmState, decl: Declaration, log: StepLog) -> None:
    card = state.cards[decl.card]
    why = "negated" if decl.negated else None
    if why is None and decl.kind == "skill":
        why = _skill_failure(state, decl)
    if why is not None:
        if decl.kind == "event":
            to_discard(state, card, log)
        log.event(
            "failed",
            None,
            seat=decl.seat,
            card=card.uid,
            name=card.name,
            why=why,
            serial=decl.serial,
        )
        if not log.quiet:
            declared = "declared.event" if decl.kind == "event" else "declared.skill"
            what = kept(declared, card=card.name)
            detail = kept(_FAILED[why], card=card.name)
            log.step(kept("failed", seat=SEAT[decl.seat], what=what, why=detail))
        return
    res = Res(
        decl.seat,
        decl.card,
        decl.skill,
        target=decl.target,
        cost_cards=decl.cost_cards,
        serial=decl.serial,
        answers=decl.answers,
    )
    state.agenda.append(Task("effects", res=res))


_FAILED = {
    "negated": "failed.negated",
    "left the field": "failed.left",
    "is face down": "failed.face_down",
    "is checked": "failed.checked",
}
"""How a failed declaration's caption says why (the event's ``why``)."""
