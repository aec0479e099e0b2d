"""The actions of a charm seat, and what :func:`offer` lists for it now.

Each kind is declared once (:data:`KINDS`); the engine accepts exactly what :func:`offer` lists
(and ``concede`` and ``auto_pass`` from either seat at any time, and the clock's ``timeout`` for a
seat it waits on), then runs the handler on an action known to be legal. The match waits on one
of: the mulligan (both seats), a seat holding priority in a window (the turn player's initiative
in its main phase, an answer to a declaration, a round of the draw-phase or effect timing), or a
``decision`` (ordering P.Skills, a target, a discard, a recall, a defence). Options carry the
numbers a choice depends on: an attacker's AP and DP, a target's DP left, a supporter's bonus.

A listing is built for every decision of a match (a random match takes a couple of hundred), so
the options are counted out as lists before they become tuples (in CPython a generator costs
more) and the reasons a move is not allowed are not written here (:func:`_why_not` does).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from ..engine import Action, ActionSpec, Kind, Option, Param, StepLog, auto_pass_kind, kinds
from . import captions, chain, combat, flow
from .effects import discard_chosen, recall_chosen
from .state import Card, CharmState, Defence, Order, Pick
from .stats import ap_dp
from .targets import attackers, listed
from .usable import producers, skill_problem, uses
from .words import CAPTIONS, joined, kept, sentence
from .zones import SEAT

__all__ = ["KINDS", "TIMEOUT", "initiative", "offer", "pending"]

TIMEOUT = Action("timeout")
"""Sent by the match's clock, not by a player: what it does depends on what the match waits on
(CHARM-13.1)."""


# -- who is asked -------------------------------------------------------------------------------


def pending(state: CharmState) -> tuple[int, ...]:
    if state.result is not None:
        return ()
    if state.phase == "mulligan":
        return state.mulligan.waiting_on()
    if state.decision is not None:
        return (state.decision.seat,)
    holder = state.stack.holder if state.window is not None else None
    return () if holder is None else (holder,)


def initiative(state: CharmState, seat: int) -> bool:
    """The turn player holds the initiative in its main phase, no chain open (CHARM-5.6)."""
    return (  # the cheapest questions first: this is asked for every listing
        seat == state.turn_player
        and not state.stack.entries
        and state.window == "main"
        and state.stack.holder == seat
    )


def _holds_priority(state: CharmState, seat: int) -> bool:
    return (
        state.result is None
        and state.decision is None
        and state.window is not None
        and state.stack.holder == seat
    )


# -- labels ---------------------------------------------------------------------------------------
# Menus are listed in quiet play too (CPU search, simulations), over and over: each label and
# detail is said once for the values it shows and kept (the functions cached on them).

say = CAPTIONS.say


@functools.cache
def _skill_text(text: str) -> str:
    """A skill's rules text as a menu's detail (a card's is its ``detail``)."""
    return say("detail.text", text=text)


def card_option(state: CharmState, card: Card, seat: int) -> Option:
    """A card on the field as an option, with what a choice depends on."""
    defn = card.defn
    mine = card.owner == seat
    if defn.character:
        power, left = ap_dp(state, card)
        label = _character_label(
            card.name, mine, max(0, power), left, bool(card.dp_damage), card.checked
        )
    elif defn.kind == "music":
        label = _music_label(card.name, mine, card.tokens)
    else:
        label = _card_label(card.name, mine, card.checked)
    return Option(card.uid, label, defn.detail)


def _whose(mine: bool) -> str:
    return say("option.yours" if mine else "option.theirs")


@functools.cache
def _character_label(name: str, mine: bool, ap: int, dp: int, damaged: bool, checked: bool) -> str:
    template = (
        "option.character" + (".damaged" if damaged else "") + (".checked" if checked else "")
    )
    return say(template, card=name, whose=_whose(mine), ap=ap, dp=dp)


@functools.cache
def _music_label(name: str, mine: bool, tokens: int) -> str:
    return say("option.music", card=name, whose=_whose(mine), n=tokens)


@functools.cache
def _card_label(name: str, mine: bool, checked: bool) -> str:
    return say("option.card.checked" if checked else "option.card", card=name, whose=_whose(mine))


def _hand_option(card: Card) -> Option:
    return Option(card.uid, card.defn.label, card.defn.detail)


# -- what is legal --------------------------------------------------------------------------------


def offer(state: CharmState, seat: int) -> list[ActionSpec]:
    """The seat's legal actions, less ``concede`` and ``auto_pass`` (the engine adds them)."""
    if state.phase == "mulligan":
        if seat not in state.mulligan.waiting_on():
            return []
        return [_mulligan_spec(state, seat)]
    decision = state.decision
    if decision is not None:
        return _decision_specs(state, seat, decision) if decision.seat == seat else []
    if not _holds_priority(state, seat):
        return []
    if initiative(state, seat):
        specs = _play_specs(state, seat) + _use_specs(state, seat)
        specs += _produce_specs(state, seat) + _charm_specs(state, seat)
        specs.append(_END_TURN)
        return specs
    return _use_specs(state, seat) + _produce_specs(state, seat) + [_PASS]


_END_TURN = ActionSpec("end_turn", say("label.end_turn"), detail=say("detail.end_turn"))
_PASS = ActionSpec("pass", say("label.pass"))
_CONCEDE = ActionSpec("concede", say("label.concede"))
_TARGET = say("param.target")
_MULLIGAN = say("label.mulligan")
_RETURNED = say("param.mulligan")


def _mulligan_spec(state: CharmState, seat: int) -> ActionSpec:
    options = tuple(_hand_option(c) for c in state.players[seat].hand)
    return ActionSpec(
        "mulligan",
        _MULLIGAN,
        params=(Param("cards", _RETURNED, options, least=0, most=len(options)),),
    )


def play_problem(state: CharmState, seat: int, card: Card) -> str | None:
    """CHARM-5.1, 5.5, 9.6, 10.3: what stops the turn player playing a card from hand now."""
    defn = card.defn
    if defn.event:
        return f"{card.name} is an event: use it."
    if defn.cost > state.players[seat].pool:
        pool = state.players[seat].pool
        return f"Not enough EP: {card.name} costs {defn.cost}, your pool has {pool}."
    if defn.character and any(
        c.name == card.name for c in state.players[seat].field if c.defn.character
    ):
        return f"A character named {card.name} is already on your field (CHARM-5.5)."
    return None


def _play_specs(state: CharmState, seat: int) -> list[ActionSpec]:
    player = state.players[seat]
    pool = player.pool
    names: set[str] | None = None  # the field's characters' names, if a character is affordable
    specs = []
    for card in player.hand:
        defn = card.defn
        # play_problem's checks, without writing the reasons nobody reads here.
        if defn.event or defn.cost > pool:
            continue
        if defn.character:
            if names is None:
                names = {c.defn.name for c in player.field if c.defn.character}
            if defn.name in names:
                continue
        specs.append(
            ActionSpec("play", defn.play_label, (("card", card.uid),), detail=defn.play_detail)
        )
    return specs


@functools.cache
def _use_label(name: str, event: bool, ep: int, check: bool, discard: int) -> str:
    """``"Use Ember Page's A.Skill (1 EP, check)"``."""
    parts = [say("use_cost.ep", n=ep)] if ep else []
    if check:
        parts.append(say("use_cost.check"))
    if discard:
        parts.append(say("use_cost.discard", n=discard))
    template = "label.use.event" if event else "label.use.skill"
    if not parts:
        return say(template, card=name)
    return say(f"{template}.cost", card=name, cost=CAPTIONS.join("list.comma", parts))


def _use_specs(state: CharmState, seat: int, only: object = None) -> list[ActionSpec]:
    pool = state.players[seat].pool
    specs = []
    for card, index, skill in uses(state, seat):
        if only is not None and card.uid != only:
            continue
        # Not enough EP is the commonest problem: asked first, without writing its words.
        if skill.cost.ep > pool or skill_problem(state, seat, card, skill, index, pool) is not None:
            continue
        params = []
        kind = skill.target_kind
        if kind is not None:
            options = tuple(card_option(state, c, seat) for c in listed(state, seat, kind))
            params.append(Param("target", _TARGET, options))
        cost = skill.cost
        if cost.discard:
            hand = tuple([_hand_option(c) for c in state.players[seat].hand if c is not card])
            n = cost.discard
            params.append(Param("cost", _COST, hand, least=n, most=n))
        fixed: tuple[tuple[str, int], ...] = (("card", card.uid),)
        event = card.defn.event
        if not event:
            fixed = (*fixed, ("skill", index))
        label = _use_label(card.name, event, cost.ep, cost.check_self, cost.discard)
        specs.append(ActionSpec("use", label, fixed, tuple(params), _skill_text(skill.text)))
    return specs


def _produce_specs(state: CharmState, seat: int) -> list[ActionSpec]:
    cards = producers(state, seat)
    if not cards:
        return []
    pool = state.players[seat].pool
    options = tuple([Option(c.uid, c.defn.produce_label) for c in cards])
    return [ActionSpec("produce", _produce_label(pool), params=(Param("card", _PRODUCE, options),))]


_COST = say("param.cost")
_PRODUCE = say("param.produce")


@functools.cache
def _produce_label(pool: int) -> str:
    return say("label.produce", pool=pool)


def charm_attackers(state: CharmState, seat: int) -> list[Card]:
    """CHARM-5.7: own face-up, unchecked characters without the first-turn restriction."""
    return [
        c
        for c in state.players[seat].field
        if c.defn.character and c.face_up and not c.checked and not c.restricted
    ]


@functools.cache
def _stats(power: int, defence: int) -> str:
    """A character's AP and DP as a menu says them (``ap_dp``)."""
    return say("stats", ap=max(0, power), dp=defence)


@functools.cache
def _attacker_label(name: str, power: int, defence: int) -> str:
    return _with_stats(name, _stats(power, defence))


@functools.cache
def _with_stats(name: str, stats: str) -> str:
    """``"Tin Guard (AP 1, DP 3)"``."""
    return say("option.stats", card=name, stats=stats)


@functools.cache
def _block_label(name: str, stats: str) -> str:
    return say("label.block", card=name, stats=stats)


def _charm_specs(state: CharmState, seat: int) -> list[ActionSpec]:
    """A charm with attackers only; and, if the heroine may attack, one per possible supporter:
    the heroine attacks (fixed), others may join, and the supporter adds AP or DP (CHARM-5.7)."""
    if state.charm_used:
        return []
    eligible = charm_attackers(state, seat)
    if not eligible:
        return []
    read = {c.uid: ap_dp(state, c) for c in eligible}  # once: a supporter may be one of them
    options = tuple(
        [Option(c.uid, _attacker_label(c.name, *read[c.uid]), c.defn.detail) for c in eligible]
    )
    specs = [
        ActionSpec(
            "charm",
            _CHARM,
            params=(Param("attackers", _ATTACKERS, options, least=1, most=len(options)),),
            detail=_CHARM_DETAIL,
        )
    ]
    heroine = state.players[seat].heroine
    if heroine is None or heroine not in eligible:
        return specs
    for supporter in state.players[seat].field:
        if supporter is heroine or not supporter.defn.character or not supporter.face_up:
            continue
        if supporter.checked:
            continue
        others = tuple([o for o in options if o.value not in (heroine.uid, supporter.uid)])
        power, d = read[supporter.uid] if supporter.uid in read else ap_dp(state, supporter)
        a = max(0, power)
        modes = (Option("ap", _mode("ap", a)), Option("dp", _mode("dp", d)))
        params = [Param("mode", _adds(supporter.name), modes)]
        fixed: tuple[tuple[str, object], ...] = (
            ("heroine", heroine.uid),
            ("supporter", supporter.uid),
        )
        if others:
            params.insert(0, Param("attackers", _OTHERS, others, least=0, most=len(others)))
        else:
            fixed = (*fixed, ("attackers", ()))
        label, detail = _support_words(heroine.name, supporter.name, a, d)
        specs.append(
            ActionSpec("charm", label, fixed, tuple(params), detail)  # type: ignore[arg-type]
        )
    return specs


_CHARM = say("label.charm")
_ATTACKERS = say("param.attackers")
_CHARM_DETAIL = say("detail.charm")
_OTHERS = say("param.others")


@functools.cache
def _mode(stat: str, n: int) -> str:
    return say(f"option.mode.{stat}", n=n)


@functools.cache
def _adds(name: str) -> str:
    return say("param.mode", card=name)


@functools.cache
def _support_words(heroine: str, supporter: str, ap: int, dp: int) -> tuple[str, str]:
    """The label and detail of a charm with a supporter."""
    names = {"heroine": heroine, "supporter": supporter}
    return say("label.charm.support", ap=ap, dp=dp, **names), say("detail.charm.support", **names)


def _decision_specs(state: CharmState, seat: int, decision: object) -> list[ActionSpec]:
    if isinstance(decision, Order):
        return [ActionSpec("order", _ORDER, params=(decision.items.param("item", _ORDER_ITEM),))]
    if isinstance(decision, Defence):
        return _defence_specs(state, seat, decision)
    assert isinstance(decision, Pick)
    if decision.kind == "discard":
        hand = tuple([_hand_option(state.cards[u]) for u in decision.options])
        n = decision.n
        param = Param("cards", kept("param.discard", n=n), hand, least=n, most=n)
        return [ActionSpec("discard", kept("label.discard", n=n), params=(param,))]
    if decision.kind == "recall":
        options = tuple(_hand_option(state.cards[u]) for u in decision.options)
        return [ActionSpec("recall", _RECALL, params=(Param("card", _RECALL_CARD, options),))]
    options = tuple(card_option(state, state.cards[u], seat) for u in decision.options)
    assert decision.res is not None
    source = state.cards[decision.res.source]
    label = _target_label(source.name)
    return [ActionSpec("target", label, params=(Param("card", _TARGET, options),))]


_ORDER = say("label.order")
_ORDER_ITEM = say("param.order")
_RECALL = say("label.recall")
_RECALL_CARD = say("param.recall")


@functools.cache
def _target_label(name: str) -> str:
    return say("label.target", card=name)


def _defence_specs(state: CharmState, seat: int, defence: Defence) -> list[ActionSpec]:
    used = set(defence.blocks.values())
    free = [c for c in combat.defenders_available(state, seat) if c.uid not in used]
    specs = []
    # The same free defenders for every attacker: their options are made once.
    options = tuple(
        [
            Option(
                c.uid,
                _with_stats(c.name, _defence_stats(state, defence, c)),
                c.defn.detail,
            )
            for c in free
        ]
    )
    for attacker in attackers(state):
        if attacker.uid in defence.blocks or not free:
            continue
        label = _block_label(attacker.name, _defence_stats(state, defence, attacker))
        specs.append(
            ActionSpec(
                "block",
                label,
                (("attacker", attacker.uid),),
                (Param("defender", _DEFENDER, options),),
            )
        )
    if defence.blocks:
        specs.append(_UNBLOCK)
        pairs = joined(
            "list.semicolon",
            [
                kept(
                    "detail.defend.block",
                    defender=state.cards[d].name,
                    attacker=state.cards[a].name,
                )
                for a, d in defence.blocks.items()
            ],
        )
        specs.append(ActionSpec("defend", _DEFEND, detail=pairs))
    else:
        specs.append(_NO_DEFENCE)
    return specs


def _defence_stats(state: CharmState, defence: Defence, card: Card) -> str:
    """``_stats``, kept by the defence for its next listings (see ``Defence.stats``)."""
    words = defence.stats.get(card.uid)
    if words is None:
        words = defence.stats[card.uid] = _stats(*ap_dp(state, card))
    return words


_DEFENDER = say("param.defender")
_DEFEND = say("label.defend")
_UNBLOCK = ActionSpec("unblock", say("label.unblock"))
_NO_DEFENCE = ActionSpec("defend", say("label.no_defence"), detail=say("detail.no_defence"))


# -- why not ------------------------------------------------------------------------------------


def _why_not(state: CharmState, seat: int, action: Action) -> str | None:
    """Why an action that is not listed is not allowed, in the player's words."""
    if state.result is not None:
        return "The match is over."
    if state.phase == "mulligan":
        if seat not in state.mulligan.waiting_on():
            return "You have already chosen: waiting for the other player's mulligan."
        return "First choose which cards to return (the mulligan)."
    decision = state.decision
    if decision is not None:
        if decision.seat != seat:
            return "Waiting for the other player's choice."
        return "Answer the question in front of you first."
    if not _holds_priority(state, seat):
        return "It is not your moment to act: the other player holds priority."
    card = _card(state, action.get("card"))
    if action.kind == "play":
        if not initiative(state, seat):
            return (
                "Cards are played only in your own main phase, with no declaration open "
                "(CHARM-9.6)."
            )
        if card is None or card.zone != "hand" or card.owner != seat:
            return "That card is not in your hand."
        return play_problem(state, seat, card)
    if action.kind == "use" and card is not None:
        index = action.get("skill") or 0
        if isinstance(index, int) and 0 <= index < len(card.defn.skills):
            pool = state.players[seat].pool
            problem = skill_problem(state, seat, card, card.defn.skills[index], index, pool)
            if problem is not None:
                return problem
    if action.kind in ("charm", "end_turn") and not initiative(state, seat):
        return "Only the turn player, in its main phase with no declaration open, may do that."
    if action.kind == "charm" and state.charm_used:
        return "You have already declared a charm this turn."
    return "Choose one of the moves offered."


def _uids(value: object) -> tuple[int, ...]:
    """A card argument as uids: a parameter of one card sends the value, of several a tuple."""
    items = value if isinstance(value, tuple) else (value,)
    return tuple(v for v in items if isinstance(v, int) and not isinstance(v, bool))


def _card(state: CharmState, uid: object) -> Card | None:
    if not isinstance(uid, int) or isinstance(uid, bool):
        return None
    return state.cards.get(uid)


# -- carrying out ---------------------------------------------------------------------------------


def _mulligan(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    hand = {c.uid: i for i, c in enumerate(state.players[seat].hand)}
    uids = tuple(sorted(_uids(action["cards"]), key=hand.__getitem__))
    flow.choose_mulligan(state, seat, uids, log)


def _play(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    chain.play(state, seat, state.cards[int(str(action["card"]))], log)
    flow.proceed(state, log)


def _use(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    card = state.cards[int(str(action["card"]))]
    index = action.get("skill") or 0
    assert isinstance(index, int)
    target = _card(state, action.get("target"))
    cost = _uids(action.get("cost"))
    hand = state.players[seat].hand
    cost_cards = tuple(c for c in hand if c.uid in cost)
    chain.use(state, seat, card, index, target, cost_cards, log)
    flow.proceed(state, log)


def _produce(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    chain.produce(state, seat, state.cards[int(str(action["card"]))], log)


def _charm(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    heroine = _card(state, action.get("heroine"))
    order = {c.uid: c.entered for c in state.players[seat].field}
    cards = [state.cards[u] for u in _uids(action["attackers"])]
    if heroine is not None:
        cards.append(heroine)
    cards.sort(key=lambda c: order[c.uid])
    supporter = _card(state, action.get("supporter"))
    mode = action.get("mode")
    combat.declare(
        state, seat, tuple(cards), supporter, mode if isinstance(mode, str) else None, log
    )
    flow.proceed(state, log)


def _end_turn(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    chain.end_main(state, seat, log)
    flow.proceed(state, log)


def _pass(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    chain.pass_priority(state, seat, log)
    flow.proceed(state, log)


def _order(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    item = action["item"]
    assert isinstance(item, int)
    flow.order_chosen(state, seat, item, log)


def _target(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    flow.target_chosen(state, seat, int(str(action["card"])), log)


def _resume(state: CharmState, log: StepLog) -> None:
    state.decision = None
    flow.proceed(state, log)


def _discard(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    discard_chosen(state, seat, _uids(action["cards"]), log)
    if not log.quiet:
        log.step(sentence(captions.outcome(log.pending)))
    _resume(state, log)


def _recall(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    recall_chosen(state, seat, int(str(action["card"])), log)
    if not log.quiet:
        card = state.cards[int(str(action["card"]))]
        log.step(kept("recalled", seat=SEAT[seat], card=card.name))
    _resume(state, log)


def _block(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    attacker = state.cards[int(str(action["attacker"]))]
    defender = state.cards[int(str(action["defender"]))]
    combat.block(state, seat, attacker, defender, log)


def _unblock(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    combat.unblock(state, seat, log)


def _defend(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    combat.defend(state, seat, log)
    flow.proceed(state, log)


def _timeout(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    """CHARM-13.1: what the clock does depends on what the match waits on."""
    log.event("timeout", None, seat=seat)
    if state.phase == "mulligan":
        flow.choose_mulligan(state, seat, (), log)
        return
    decision = state.decision
    if isinstance(decision, Order):
        flow.order_chosen(state, seat, int(decision.items.default()), log)
    elif isinstance(decision, Defence):
        decision.blocks.clear()
        _defend(state, seat, action, log)
    elif isinstance(decision, Pick):
        if decision.kind == "target":
            flow.target_chosen(state, seat, decision.options[0], log)
        elif decision.kind == "recall":
            _recall(state, seat, Action("recall", card=decision.options[0]), log)
        else:  # the newest cards in hand
            newest = decision.options[len(decision.options) - decision.n :]
            _discard(state, seat, Action("discard", cards=newest), log)
    elif initiative(state, seat):
        _end_turn(state, seat, action, log)
    else:
        _pass(state, seat, action, log)


def _concede(state: CharmState, seat: int, action: Action, log: StepLog) -> None:
    flow.concede(state, seat, log)


def _concede_spec(state: CharmState, seat: int) -> ActionSpec:
    return _CONCEDE


def _after_flip(state: CharmState, seat: int, log: StepLog) -> None:
    flow.proceed(state, log)


Handler = Callable[[CharmState, int, Action, StepLog], None]

KINDS: Mapping[str, Kind] = kinds(
    Kind("mulligan", _mulligan, ("cards",), why_not=_why_not),
    Kind("play", _play, ("card",), why_not=_why_not),
    Kind("use", _use, ("card",), ("skill", "target", "cost"), why_not=_why_not),
    Kind("produce", _produce, ("card",), why_not=_why_not),
    Kind("charm", _charm, ("attackers",), ("heroine", "supporter", "mode"), why_not=_why_not),
    Kind("end_turn", _end_turn, why_not=_why_not),
    Kind("pass", _pass, why_not=_why_not),
    Kind("block", _block, ("attacker", "defender"), why_not=_why_not),
    Kind("unblock", _unblock, why_not=_why_not),
    Kind("defend", _defend, why_not=_why_not),
    Kind("order", _order, ("item",), why_not=_why_not),
    Kind("target", _target, ("card",), why_not=_why_not),
    Kind("discard", _discard, ("cards",), why_not=_why_not),
    Kind("recall", _recall, ("card",), why_not=_why_not),
    Kind("timeout", _timeout, clock=True),
    Kind("concede", _concede, always=_concede_spec),
    auto_pass_kind(lambda state: state.auto, _after_flip),
)
