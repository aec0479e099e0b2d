"""The actions of a breakfall seat, and what it is offered.

The seat holding priority may ``pass``, ``place`` a resource, ``play`` a card or ``activate``
an ability; a pending decision offers its own kind (``greet``, ``block``, ``breakfall`` or
``decline``, ``target``, ``optional`` (a ``may``), ``count``, ``discard``, ``recall``).
``concede`` and ``auto_pass`` are ``always`` kinds; the clock's ``timeout`` does what
BREAKFALL-9.1 says for the decision it ran out on. Options carry what a choice depends on (a
character's force, damage and durability, ready or bowed); choices with a single option are made
by the rules, never asked.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence

from ..engine import (
    Action,
    ActionSpec,
    ArgValue,
    Kind,
    Option,
    Param,
    Said,
    StepLog,
    auto_pass_kind,
    kinds,
)
from . import battle, effects, flow, loops, processing, space
from .captions import joined, listed, named, tell
from .cards import Effect
from .loops import COUNTS
from .playable import holds_priority, may_place, playable_cards, usable_abilities
from .state import BreakfallState, Card, Decision
from .stats import durability, force, sabotage
from .targets import candidates, character_label, entry_words, options
from .text import cost_text
from .words import CAPTIONS
from .zones import SEAT, move

__all__ = ["KINDS", "TIMEOUT", "decision_label", "offer", "pending"]

TIMEOUT = Action("timeout")
"""Sent by the match's clock for the seat it waits on (BREAKFALL-9.1)."""

NO_BLOCK = 0

_say = CAPTIONS.say
# Labels said once (menus are listed in quiet play too, over and over).
_TARGET = _say("param.target")
_DISCARDS = _say("param.discard")
_TIMES = _say("param.times")
_BLOCKER = _say("param.blocker")
_COUNT = _say("param.count")
_CARD = _say("param.card")
_GREETERS = _say("param.greeters")
_NO_BLOCK = Option(NO_BLOCK, _say("option.no_block"))
_ANSWER_OPTIONS = (Option("yes", _say("option.yes")), Option("no", _say("option.no")))
_ANSWER = _say("param.answer")
_PLACE_DETAIL = _say("detail.place")
_RECALL = _say("label.recall")
_GREET_NOBODY = _say("label.greet.nobody")
_GREET_ANY = _say("label.greet.any")
_COUNTS = tuple(Option(c, _say("option.times", n=c)) for c in COUNTS)
"""The counts a loop's menu offers (BREAKFALL-6.2), and a repeatable ability's (no 0)."""
_TIMES_OPTIONS = tuple(option for option in _COUNTS if option.value)


@functools.cache
def _said(template: str, name: str, text: str = "") -> Said:
    """A label or detail that names a card (``{card}``) or gives a rules text (``{text}``), said
    once for each."""
    return _say(template, card=name, text=text)


@functools.cache
def _card_option(uid: int, name: str, text: str) -> Option:
    """A card as a menu's option: its name, its rules text as the detail."""
    return Option(uid, _said("name", name), _said("detail.text", "", text))


def pending(state: BreakfallState) -> tuple[int, ...]:
    if state.result is not None:
        return ()
    if state.decision is not None:
        return (state.decision.seat,)
    holder = state.space.holder
    return () if holder is None else (holder,)


# -- what is offered ------------------------------------------------------------------------------


def _target(
    state: BreakfallState,
    seat: int,
    kind: str | None,
    aimed: Sequence[Effect],
    eid: int | None = None,
) -> tuple[tuple[tuple[str, ArgValue], ...], tuple[Param, ...]] | None:
    """The target as a fixed argument (one option) or a parameter; ``None`` if there is none to
    choose (the action is impossible); ``((), ())`` when nothing is chosen."""
    if kind is None:
        return (), ()
    found = options(state, seat, kind, aimed, eid)
    if not found:
        return None
    if len(found) == 1:
        return (("target", found[0].value),), ()
    return (), (Param("target", _TARGET, found),)


def _cards_param(
    cards: Sequence[Card], n: int
) -> tuple[tuple[tuple[str, ArgValue], ...], tuple[Param, ...]]:
    """A discard of ``n`` of ``cards``: fixed when there is no choice."""
    if len(cards) <= n:
        return (("cards", tuple(c.uid for c in cards)),), ()
    opts = tuple(_card_option(c.uid, c.name, c.defn.text) for c in cards)
    return (), (Param("cards", _DISCARDS, opts, least=n, most=n),)


def _pass_spec(state: BreakfallState, seat: int) -> ActionSpec:
    space_ = state.space
    other_passed = (1 - seat) in space_.passed
    top = space_.top
    if top is not None:
        name = entry_words(state, seat, top)
        return _pass_label("label.pass.resolves" if other_passed else "label.pass.waits", name)
    where = flow.PHASES.get((state.phase, state.step), state.phase)
    return _pass_label("label.pass.ends" if other_passed else "label.pass", where)


@functools.cache
def _pass_label(template: str, words: str) -> ActionSpec:
    """A pass, said once for each entry or step it names (``{entry}``, ``{where}``)."""
    return ActionSpec("pass", _say(template, entry=words, where=words))


def _priority_specs(state: BreakfallState, seat: int) -> list[ActionSpec]:
    specs = [_pass_spec(state, seat)]
    for card in playable_cards(state, seat):
        defn = card.defn
        aim = _target(state, seat, defn.chosen, defn.effects)
        if aim is None:
            continue
        fixed, params = aim
        specs.append(
            ActionSpec(
                "play",
                _play_label(card.name, defn.cost),
                (("card", card.uid), *fixed),
                params,
                _said("detail.text", "", defn.text),
            )
        )
    for card, index in usable_abilities(state, seat):
        specs.append(_activate_spec(state, seat, card, index))
    if may_place(state, seat):
        for card in state.players[seat].hand:
            specs.append(
                ActionSpec(
                    "place",
                    _said("label.place", card.name),
                    (("card", card.uid),),
                    detail=_PLACE_DETAIL,
                )
            )
    return specs


@functools.cache
def _play_label(name: str, cost: int) -> Said:
    return _say("label.play", card=name, cost=cost)


def _activate_spec(state: BreakfallState, seat: int, card: Card, index: int) -> ActionSpec:
    ability = card.defn.abilities[index]
    aim = _target(state, seat, ability.chosen, ability.effects)
    assert aim is not None  # usable_abilities checked there is one
    fixed, params = aim
    n = ability.costs("discard")
    if n:
        more_fixed, more = _cards_param(state.players[seat].hand, n)
        fixed, params = (*fixed, *more_fixed), (*params, *more)
    if ability.repeatable:
        params = (*params, Param("times", _TIMES, _TIMES_OPTIONS))
    return ActionSpec(
        "activate",
        _said("label.use", card.name, ability.text),
        (("ability", index), ("card", card.uid), *fixed),
        params,
        _said("detail.text", "", ability.text),
    )


def _decision_specs(state: BreakfallState, decision: Decision) -> list[ActionSpec]:
    seat, kind = decision.seat, decision.kind
    if kind == "greet":
        return _greet_specs(state, seat)
    if kind == "block":
        greeter = state.cards[decision.uid]
        opts = (
            _NO_BLOCK,
            *(
                Option(c.uid, character_label(state, seat, c))
                for c in battle.blocker_choices(state)
            ),
        )
        label = _say(
            "label.block",
            card=greeter.name,
            force=force(state, greeter),
            sabotage=sabotage(state, greeter),
            damage=greeter.damage,
            durability=durability(state, greeter),
        )
        return [ActionSpec("block", label, params=(Param("blocker", _BLOCKER, opts),))]
    if kind == "breakfall":
        return _breakfall_specs(state, decision)
    if kind == "target":
        item = decision.item
        assert item is not None
        ability = processing.trigger_ability(state, item)
        aim = _target(state, seat, ability.chosen, ability.effects)
        assert aim is not None
        name = state.cards[item.uid].name
        label, detail = _said("label.target", name), _said("detail.text", "", ability.text)
        return [ActionSpec("target", label, aim[0], aim[1], detail)]
    if kind == "optional":
        res = state.resolving
        assert res is not None
        _source, ability = space.source_ability(state, res.entry.item)
        name = state.cards[res.entry.item.uid].name
        answer = Param("answer", _ANSWER, _ANSWER_OPTIONS)
        label, detail = (
            _said("label.optional", name, ability.text),
            _said("detail.text", "", ability.text),
        )
        return [ActionSpec("optional", label, params=(answer,), detail=detail)]
    if kind == "count":
        bidding = state.bidding
        assert bidding is not None
        # A label is shown to the seat asked: the other seat is its opponent, never "{seat1}".
        bids = joined(
            "list.comma",
            [
                _say("bid.you" if s == seat else "bid.opponent", n=b)
                for s, b in zip(bidding.seats, bidding.bids, strict=False)
            ],
        )
        label = _say("label.count.named", bids=bids) if bids else _say("label.count")
        return [ActionSpec("count", label, params=(Param("count", _COUNT, _COUNTS),))]
    if kind == "discard":
        hand = state.players[seat].hand
        fixed, params = _cards_param(hand, decision.n)
        cards = "one" if decision.n == 1 else "other"
        label = _say(f"label.discard.{cards}", n=decision.n)
        return [ActionSpec("discard", label, fixed, params)]
    graveyard = state.players[seat].graveyard
    opts = tuple(_card_option(c.uid, c.name, c.defn.text) for c in graveyard)
    return [ActionSpec("recall", _RECALL, params=(Param("card", _CARD, opts),))]


def _greet_specs(state: BreakfallState, seat: int) -> list[ActionSpec]:
    """Any of the characters that can greet, or none (BREAKFALL-2.4 (a)): several are one choice
    of any number, none included; a lone one is two buttons, its own and "Greet with nobody" (a
    choice of at most one is a choice of exactly one)."""
    choices = battle.greeter_choices(state)
    if len(choices) == 1:
        card = choices[0]
        label = character_label(state, seat, card)
        greet = _said("label.greet", card.name)
        return [
            ActionSpec("greet", greet, (("greeters", (card.uid,)),), (), label),
            ActionSpec("greet", _GREET_NOBODY, (("greeters", ()),)),
        ]
    opts = tuple(Option(c.uid, character_label(state, seat, c)) for c in choices)
    greeters = Param("greeters", _GREETERS, opts, least=0, most=len(opts))
    return [ActionSpec("greet", _GREET_ANY, params=(greeters,))]


def _breakfall_specs(state: BreakfallState, decision: Decision) -> list[ActionSpec]:
    seat = decision.seat
    card = state.cards[decision.uid]
    ability = card.defn.breakfall
    assert ability is not None
    aim = _target(state, seat, ability.chosen, ability.effects)
    assert aim is not None
    fixed, params = aim
    n = ability.costs("discard")
    if n:
        more_fixed, more = _cards_param(state.players[seat].hand, n)
        fixed, params = (*fixed, *more_fixed), (*params, *more)
    if ability.cost:
        label = _say("label.enter.pay", card=card.name, cost=cost_text(ability.cost))
    else:
        label = _said("label.enter", card.name)
    detail = _said("detail.text", "", ability.text)
    specs = [ActionSpec("breakfall", label, fixed, params, detail)]
    if ability.cost:
        specs.append(ActionSpec("decline", _said("label.decline", card.name)))
    return specs


def offer(state: BreakfallState, seat: int) -> list[ActionSpec]:
    """The seat's legal actions, less the ``always`` kinds the engine adds."""
    if state.result is not None:
        return []
    decision = state.decision
    if decision is not None:
        return _decision_specs(state, decision) if decision.seat == seat else []
    if not holds_priority(state, seat):
        return []
    return _priority_specs(state, seat)


def decision_label(state: BreakfallState) -> str:
    """What the match waits on, for anyone: ``{seat1} chooses blockers``."""
    decision = state.decision
    if decision is None:
        holder = state.space.holder
        return "" if holder is None else _WAITING[holder]["priority"]
    waiting = _WAITING[decision.seat]
    if decision.kind == "breakfall":
        ability = state.cards[decision.uid].defn.breakfall
        assert ability is not None
        # Only one with a cost may be declined (BREAKFALL-5.4 (d)); the others must be entered.
        return waiting["breakfall.pay" if ability.cost else "breakfall.target"]
    return waiting[decision.kind]


_WAITING = tuple(
    {
        what: _say(f"waiting.{what}", seat=seat)
        for what in (
            "priority",
            "breakfall.pay",
            "breakfall.target",
            "greet",
            "block",
            "target",
            "optional",
            "count",
            "discard",
            "recall",
        )
    }
    for seat in SEAT
)
"""What the match may wait on, for each seat, said once."""


# -- carrying out ---------------------------------------------------------------------------------


def _int(value: ArgValue) -> int:
    assert isinstance(value, int) and not isinstance(value, bool)
    return value


def _uids(value: ArgValue) -> list[int]:
    """Cards chosen: a tuple of uids, or one uid where a single card is chosen."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    assert isinstance(value, tuple)
    return [v for v in value if isinstance(v, int) and not isinstance(v, bool)]


def _optional(action: Action, name: str) -> int | None:
    value = action.get(name)
    return None if value is None else _int(value)


def _discards(state: BreakfallState, seat: int, action: Action) -> list[Card]:
    value = action.get("cards")
    if value is None:
        return []
    hand = state.players[seat].hand  # in the hand's order, whatever order a menu answered
    chosen = set(_uids(value))
    return [c for c in hand if c.uid in chosen]


def _pass(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    flow.pass_priority(state, seat, log)
    flow.proceed(state, log)


def _place(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    card = state.cards[_int(action["card"])]
    move(state, card, "resources")
    card.bowed = False
    state.players[seat].placed = True
    state.blocks.acted(seat)
    loops.chose(state)
    log.event("placed", None, seat=seat, count=len(state.players[seat].resources))
    log.event("placed_card", seat, seat=seat, card=card.uid, name=card.name)
    if not log.quiet:
        n = len(state.players[seat].resources)
        tell(log, "place", seat=SEAT[seat], before=n - 1, after=n)
        tell(log, "place.private", to=seat, card=card.name)
    flow.proceed(state, log)


def _play(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    card = state.cards[_int(action["card"])]
    space.play(state, seat, card, _optional(action, "target"), log)
    state.blocks.acted(seat)
    loops.chose(state)
    flow.proceed(state, log)


def _activate(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    card = state.cards[_int(action["card"])]
    index = _int(action["ability"])
    ability = card.defn.abilities[index]
    times = _optional(action, "times") or 1
    discards = _discards(state, seat, action)
    space.activate(state, seat, card, index, _optional(action, "target"), discards, times, log)
    state.blocks.acted(seat, ability.key if ability.repeatable else None)
    loops.chose(state)
    flow.proceed(state, log)


def _greet(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    chosen = set(_uids(action["greeters"]))
    greeters = [c for c in battle.greeter_choices(state) if c.uid in chosen]
    any_greeter = battle.greet(state, greeters, log)
    if any_greeter:
        state.blocks.acted(seat)
    loops.chose(state)
    flow.after_greet(state, any_greeter)
    flow.proceed(state, log)


def _block(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    decision = state.decision
    assert decision is not None
    chosen = _int(action["blocker"])
    blocker = state.cards[chosen] if chosen != NO_BLOCK else None
    battle.block(state, decision.uid, blocker, log)
    if blocker is not None:
        state.blocks.acted(seat)
    loops.chose(state)
    battle.next_block(state)
    flow.proceed(state, log)


def _enter_breakfall(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    decision = state.decision
    assert decision is not None
    state.decision = None
    card = state.cards[decision.uid]
    space.enter_breakfall(
        state, seat, card, _optional(action, "target"), _discards(state, seat, action), log
    )
    state.blocks.acted(seat)  # it entered something (BREAKFALL-6.4 (a))
    loops.chose(state)
    flow.proceed(state, log)


def _decline(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    """BREAKFALL-5.4 (d): not paying; the card goes from the check zone to the graveyard."""
    decision = state.decision
    assert decision is not None
    state.decision = None
    card = state.cards[decision.uid]
    move(state, card, "graveyard")
    loops.chose(state)
    log.event("declined", None, seat=seat, card=card.uid, name=card.name)
    tell(log, "declined", seat=SEAT[seat], card=card.name)
    flow.proceed(state, log)


def _choose_target(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    decision = state.decision
    assert decision is not None and decision.item is not None
    state.decision = None
    processing.enter_trigger(
        state, seat, decision.item._replace(target=_int(action["target"])), log
    )
    loops.chose(state)
    flow.proceed(state, log)


def _optional_answer(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    _answer(state, seat, action["answer"] == "yes", log)
    loops.chose(state, may=True)
    flow.proceed(state, log)


def _answer(state: BreakfallState, seat: int, yes: bool, log: StepLog) -> None:
    """The answer to a ``may``: the caption that finishes the ability says it."""
    res = state.resolving
    assert res is not None
    state.decision = None
    res.may = yes
    log.event("answered", None, seat=seat, answer=yes)
    if not log.quiet:
        res.said.append(_say("may.yes" if yes else "may.no", seat=SEAT[seat]))


def _count(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    count = _int(action["count"])
    _name_count(state, seat, count, log)
    loops.chose(state, may=True)
    flow.proceed(state, log)


def _name_count(state: BreakfallState, seat: int, count: int, log: StepLog) -> None:
    least = loops.count_named(state, seat, count)
    log.event("count_named", None, seat=seat, count=count)
    if least is not None and state.loop is not None:
        decliner = SEAT[state.loop.decliner]
        tell(log, "count.settled", seat=SEAT[seat], count=count, least=least, decliner=decliner)
    else:
        tell(log, "count.named", seat=SEAT[seat], count=count)


def _discard(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    _discard_these(state, seat, _discards(state, seat, action), log)
    loops.chose(state)
    flow.proceed(state, log)


def _discard_these(state: BreakfallState, seat: int, cards: list[Card], log: StepLog) -> None:
    res = state.resolving
    assert res is not None and res.left is not None
    state.decision = None
    effects.discard(state, seat, cards, log)
    res.left.pop(0)
    if not log.quiet:  # said when the entry finishes resolving, in the same step
        names = listed([named(c.name) for c in cards])
        res.said.append(_say("did.discard", seat=SEAT[seat], cards=names))


def _recall(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    _recall_this(state, seat, state.cards[_int(action["card"])], log)
    loops.chose(state)
    flow.proceed(state, log)


def _recall_this(state: BreakfallState, seat: int, card: Card, log: StepLog) -> None:
    res = state.resolving
    assert res is not None
    state.decision = None
    move(state, card, "hand")
    res.at += 1
    log.event("recalled", None, seat=seat, card=card.uid, name=card.name)
    if not log.quiet:
        res.said.append(_say("did.recall", seat=SEAT[seat], card=card.name))


def _timeout(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    """BREAKFALL-9.1: what the clock does for the decision the seat ran out on."""
    log.event("timeout", None, seat=seat)
    decision = state.decision
    if decision is None:
        flow.pass_priority(state, seat, log)
    elif decision.kind == "greet":
        battle.greet(state, [], log)
        flow.after_greet(state, False)
    elif decision.kind == "block":
        battle.block_none_left(state, log)
    elif decision.kind == "breakfall":
        _breakfall_timeout(state, seat, decision, log)
    elif decision.kind == "target":
        item = decision.item
        assert item is not None
        ability = processing.trigger_ability(state, item)
        first = candidates(state, seat, ability.chosen or "", ability.effects)[0]
        state.decision = None
        processing.enter_trigger(state, seat, item._replace(target=first), log)
    elif decision.kind == "optional":
        _answer(state, seat, False, log)
    elif decision.kind == "count":
        _name_count(state, seat, 0, log)
    elif decision.kind == "discard":
        hand = state.players[seat].hand
        _discard_these(state, seat, hand[len(hand) - decision.n :], log)
    else:
        _recall_this(state, seat, state.players[seat].graveyard[0], log)
    flow.proceed(state, log)


def _breakfall_timeout(state: BreakfallState, seat: int, decision: Decision, log: StepLog) -> None:
    card = state.cards[decision.uid]
    ability = card.defn.breakfall
    assert ability is not None
    if ability.cost:
        _decline(state, seat, Action("decline"), log)
        return
    state.decision = None
    first = candidates(state, seat, ability.chosen or "", ability.effects)[0]
    space.enter_breakfall(state, seat, card, first, (), log)


def _concede(state: BreakfallState, seat: int, action: Action, log: StepLog) -> None:
    flow.concede(state, seat, log)


def _concede_spec(state: BreakfallState, seat: int) -> ActionSpec:
    return _CONCEDE


_CONCEDE = ActionSpec("concede", _say("label.concede"))


def _auto_flipped(state: BreakfallState, seat: int, log: StepLog) -> None:
    loops.chose(state)  # a player's act: a loop it could stop was not unstoppable
    flow.proceed(state, log)


# -- why not --------------------------------------------------------------------------------------


def _why(kind: str) -> Callable[[BreakfallState, int, Action], str | None]:
    def why_not(state: BreakfallState, seat: int, action: Action) -> str | None:
        if state.result is not None:
            return "The match is over."
        decision = state.decision
        if decision is not None:
            if decision.seat != seat:
                return f"Waiting on the other player: {decision_label(state).split(' ', 1)[1]}."
            if decision.kind != kind and not (decision.kind == "breakfall" and kind == "decline"):
                return f"First: {decision_label(state).split(' ', 1)[1]}."
            return "Choose one of the options offered."
        if kind not in ("pass", "place", "play", "activate"):
            return "Nothing of that kind is being asked now."
        if not holds_priority(state, seat):
            return "You do not hold priority now."
        if kind == "place":
            if state.players[seat].placed:
                return "You have placed a resource this turn already."
            return "A resource is placed in your main phase, with the space empty."
        if kind == "play":
            return _play_problem(state, seat, action)
        return "That ability cannot be used now (its timing, its cost or its target)."

    return why_not


def _play_problem(state: BreakfallState, seat: int, action: Action) -> str:
    uid = action.get("card")
    card = state.cards.get(uid) if isinstance(uid, int) and not isinstance(uid, bool) else None
    if card is None or card.zone != "hand" or card.owner != seat:
        return "That card is not in your hand."
    ready = len(space.ready_resources(state, seat))
    if card.defn.cost > ready:
        return f"Not enough ready resources: {card.name} costs {card.defn.cost}, you have {ready}."
    if card.defn.character or card.defn.speed == "main":
        return f"{card.name} is played in your main phase, with the space empty."
    return "Choose one of the targets offered."


def _timeout_why_not(state: BreakfallState, seat: int, action: Action) -> str | None:
    return "The match is not waiting on that player."


KINDS: Mapping[str, Kind] = kinds(
    Kind("pass", _pass, why_not=_why("pass")),
    Kind("place", _place, ("card",), why_not=_why("place")),
    Kind("play", _play, ("card",), ("target",), why_not=_why("play")),
    Kind(
        "activate",
        _activate,
        ("card", "ability"),
        ("target", "cards", "times"),
        why_not=_why("activate"),
    ),
    Kind("greet", _greet, ("greeters",), why_not=_why("greet")),
    Kind("block", _block, ("blocker",), why_not=_why("block")),
    Kind("breakfall", _enter_breakfall, (), ("target", "cards"), why_not=_why("breakfall")),
    Kind("decline", _decline, why_not=_why("decline")),
    Kind("target", _choose_target, ("target",), why_not=_why("target")),
    Kind("optional", _optional_answer, ("answer",), why_not=_why("optional")),
    Kind("count", _count, ("count",), why_not=_why("count")),
    Kind("discard", _discard, ("cards",), why_not=_why("discard")),
    Kind("recall", _recall, ("card",), why_not=_why("recall")),
    Kind("timeout", _timeout, why_not=_timeout_why_not, clock=True),
    Kind("concede", _concede, always=_concede_spec),
    auto_pass_kind(lambda state: state.auto, _auto_flipped),
)
