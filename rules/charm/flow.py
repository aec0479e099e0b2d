"""The course of a charm match: setup and mulligan (CHARM-1), turns and phases (CHARM-2 - 7),
the win/loss check at every change of phase (CHARM-8), and the agenda that runs them.

:func:`proceed` is the one loop: it runs the agenda's tasks (last in, first out) until the match
waits on a player (a ``decision``, the mulligan, or a seat holding priority in a window) or is
over. A **window** is a task that stays on top of the agenda while it is open: ``main`` (the turn
player's initiative, CHARM-5.6), ``draw`` (the draw's chain, CHARM-4.2) and ``timing`` (a round
of declare-or-pass, CHARM-4.2a, 6.3). While a window is open the chain (:mod:`.chain`) is
declared into, closed and drained newest first; whatever a resolution pushes runs above it.
A seat with nothing it could declare is passed for where the rules allow it (CHARM-13.2,
:func:`passes_for`), with a public step saying so.

Each phase's processes run in the printed order, the P.Skills its start triggered first, those a
process triggered right after it (CHARM-2.5).
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import TURN_STARTED, StepLog, TriggerOrder
from . import captions, chain, combat
from .state import (
    LAST_TURN,
    OPENING_HAND,
    SETTLE,
    Card,
    CharmState,
    Order,
    Pick,
    Res,
    Task,
    Trigger,
)
from .stats import damage_limit, hand_limit
from .targets import listed
from .triggers import default_order, failed, fire_side
from .usable import could_declare
from .words import CAPTIONS, kept
from .zones import SEAT, draw, finish, leave_field, settle_dp, to_discard, turn_face_up

__all__ = [
    "begin",
    "choose_mulligan",
    "concede",
    "order_chosen",
    "passes_for",
    "plan",
    "proceed",
    "target_chosen",
]

Run = Callable[[CharmState, Task, StepLog], None]


def plan(state: CharmState, *tasks: Task) -> None:
    """Put ``tasks`` on the agenda to run in the order given, before what is already there."""
    state.agenda.extend(reversed(tasks))


# -- the loop -------------------------------------------------------------------------------------


def proceed(state: CharmState, log: StepLog) -> None:
    """Run the agenda until the match waits on a player or is over."""
    agenda = state.agenda
    run = _RUN
    while state.result is None and state.decision is None and agenda:
        task = agenda[-1]
        op = task.op
        if op == "window":
            if not _window(state, task, log):
                return
            continue
        agenda.pop()
        if op == "settle" and not state.waiting:
            continue  # the common case: nothing triggered (a turn has many such points)
        run[op](state, task, log)


def passes_for(state: CharmState, seat: int) -> str | None:
    """Why the rules pass for ``seat`` now that it holds priority, or None if it is asked
    (CHARM-13.2): ``evident`` when it holds no card and no usable A.Skill (anyone can see it
    has nothing to declare), ``auto`` when it turned auto-pass on and holds nothing usable.
    "Usable" counts the EP it could still produce (CHARM-10.3)."""
    auto = state.auto
    hand_empty = not state.players[seat].hand
    if not hand_empty and not auto.is_on(seat):
        return None  # the common case: asked, without working out what it could use
    if could_declare(state, seat):
        return None
    return "evident" if hand_empty else "auto"


def _window(state: CharmState, task: Task, log: StepLog) -> bool:
    """One move of the open window; False when it waits on the seat holding priority."""
    stack = state.stack
    if stack.closed:  # a closed chain drains newest first, nobody answering (CHARM-9.5)
        chain.resolve(state, stack.resolve_next().item, log)
        return True
    kind = task.arg
    if not stack.entries:
        if kind == "main":
            if state.main_ends is not None:
                state.agenda.pop()
                _main_ends(state, log)
                return True
            if stack.holder != state.turn_player:  # the initiative comes back (CHARM-5.6)
                stack.start_round(state.turn_player)
            return False
        if kind == "draw" or stack.holder is None:  # the draw resolved, or all passed
            state.agenda.pop()
            return True
    holder = stack.holder
    assert holder is not None
    why = passes_for(state, holder)
    if why is None:
        return False
    chain.pass_priority(state, holder, log, auto=why)
    return True


# -- setup (CHARM-1) ----------------------------------------------------------------------------


def begin(state: CharmState, log: StepLog) -> None:
    """CHARM-1.4: decks shuffled, heroines placed, the coin (or the setup's first seat), five
    cards each; then the mulligan."""
    for player in state.players:
        state.rng.shuffle(player.deck)
    for player in state.players:
        heroine = player.heroine
        assert heroine is not None
        heroine.entered = 0  # first in field order (CHARM-13.3)
        heroine.zone = "field"
        player.field.append(heroine)
    # The coin is flipped even when the setup names the first seat (a rematch), so the rest of
    # the match draws the same numbers.
    coin = state.rng.coin()
    named = state.named_first is not None
    state.first = coin if state.named_first is None else state.named_first
    state.turn_player = state.first
    log.event("first_player", None, seat=state.first, reason="setup" if named else "coin")
    log.say(CAPTIONS, "first.named" if named else "first.coin", seat=SEAT[state.first])
    for seat in (state.first, state.second):
        for _ in range(OPENING_HAND):  # nothing triggers on these draws
            draw(state, seat, log)
    if not log.quiet:
        captions.close(log, CAPTIONS.say("opening"))
    state.phase = "mulligan"


def choose_mulligan(state: CharmState, seat: int, uids: tuple[int, ...], log: StepLog) -> None:
    """A seat's secret choice; once both have chosen, both mulligans happen (CHARM-1.4)."""
    state.mulligan.choose(seat, uids)
    log.event("mulligan_chosen", None, seat=seat)
    log.event("mulligan_cards", seat, seat=seat, cards=list(uids))
    if not log.quiet:
        log.step(kept("mulligan.chosen", seat=SEAT[seat]))
    if state.mulligan.done():
        _mulligan(state, log)


def _mulligan(state: CharmState, log: StepLog) -> None:
    """The returned cards are set aside while as many are drawn, then shuffled into the deck."""
    chosen = dict(state.mulligan.reveal())
    for seat in (state.first, state.second):
        player = state.players[seat]
        returned = [state.cards[uid] for uid in chosen[seat]]
        for card in returned:
            player.hand.remove(card)
            card.zone = "aside"
            card.moves += 1
        for _ in returned:
            draw(state, seat, log)
        for card in returned:
            card.zone = "deck"
            card.moves += 1
            player.deck.append(card)
        state.rng.shuffle(player.deck)
        player.returned = len(returned)
        log.event("mulligan", None, seat=seat, returned=len(returned))
    if not log.quiet:
        first, second = state.players[state.first], state.players[state.second]
        said = CAPTIONS.say(
            "mulligan",
            first=SEAT[state.first],
            first_n=first.returned,
            second=SEAT[state.second],
            second_n=second.returned,
        )
        captions.close(log, said)
    plan(state, *_turn(state.first))
    proceed(state, log)


# -- turns and phases (CHARM-2 - 7) -----------------------------------------------------------


def _turn(seat: int) -> tuple[Task, ...]:
    """A turn up to its main phase: start (CHARM-3), draw (CHARM-4), main (CHARM-5)."""
    return (_TURN_OF[seat], *_TURN)


# Tasks are never changed once made (a skill's ``effects`` task aside, made for each), so the
# turn's are made once: a match starts dozens of turns.
_TURN_OF = (Task("turn", 0), Task("turn", 1))
_TURN = (
    Task("fire", arg="start_phase"),
    SETTLE,
    Task("untap"),
    SETTLE,
    Task("recover"),
    SETTLE,
    Task("lift"),
    SETTLE,
    Task("music"),
    SETTLE,
    Task("phase", arg="draw"),
    Task("draw"),
    Task("timing"),
    Task("phase", arg="main"),
    Task("main"),
)
_WINDOWS = {kind: Task("window", arg=kind) for kind in ("main", "draw", "timing")}


_END = (
    Task("phase", arg="end"),
    Task("fire", arg="end_phase"),
    SETTLE,
    Task("hand_limit"),
    Task("cleanup"),
    Task("heal_dp"),
    Task("expire"),
    Task("turn_end"),
)
"""CHARM-7.5: ``end_phase`` P.Skills, then 7.2, 7.3, 7.4; then what lasts until end of turn."""


def _start_turn(state: CharmState, task: Task, log: StepLog) -> None:
    seat = task.seat
    state.turn += 1
    state.turn_player = seat
    state.phase = "start"
    state.charm_used = False
    state.turn_changed = False
    if seat == state.first:
        state.round_changed = False
    if not log.quiet:
        log.event(TURN_STARTED, None, seat=seat, turn=state.turn)
        log.step(kept("turn", turn=state.turn, seat=SEAT[seat]))


def _fire(state: CharmState, task: Task, log: StepLog) -> None:
    """The P.Skills a phase's start triggers: the turn player's (CHARM-11.4)."""
    fire_side(state, (state.turn_player,), task.arg)


def _untap(state: CharmState, task: Task, log: StepLog) -> None:
    """CHARM-3.1, 3.2: the turn player's checked cards become unchecked."""
    seat = state.turn_player
    for card in state.players[seat].field:
        if card.checked:
            card.checked = False
            if not log.quiet:
                log.event("unchecked", None, seat=seat, card=card.uid, name=card.name)


def _recover(state: CharmState, task: Task, log: StepLog) -> None:
    """CHARM-3.3: the turn player's face-down heroine turns face up with its printed DP."""
    heroine = state.players[state.turn_player].heroine
    if heroine is not None and heroine.face_down:
        turn_face_up(state, heroine, log)


def _lift(state: CharmState, task: Task, log: StepLog) -> None:
    """CHARM-3.4: the turn player's characters lose the first-turn restriction."""
    for card in state.players[state.turn_player].field:
        card.restricted = False


def _music(state: CharmState, task: Task, log: StepLog) -> None:
    """CHARM-3.5: a token off each of the turn player's music cards; one with none to remove
    goes to the discard pile."""
    seat = state.turn_player
    for card in list(state.players[seat].field):
        if card.defn.kind != "music":
            continue
        if card.tokens > 0:
            card.tokens -= 1
            log.event(
                "tokens",
                None,
                seat=seat,
                card=card.uid,
                name=card.name,
                before=card.tokens + 1,
                after=card.tokens,
            )
        else:
            leave_field(state, card, "discard", log, "no tokens")
    if not log.quiet:
        caption = captions.start_phase(log.pending)
        if caption:
            log.flush(caption)


def _phase(state: CharmState, task: Task, log: StepLog) -> None:
    """A change of phase (CHARM-2.2): the win/loss check, then both EP pools wiped."""
    if _win_loss(state, log):
        return
    ending = state.phase
    _wipe(state, log)
    state.phase = task.arg
    # EP fading is said in a step of its own (it would otherwise be told in whatever step comes
    # next, a P.Skill's); the end phase's own caption says it.
    if not log.quiet and task.arg != "end" and any(e.kind == "ep_wiped" for e in log.pending):
        log.step(captions.phase_ends(ending, log.pending))


def _wipe(state: CharmState, log: StepLog) -> None:
    for player in state.players:
        if player.pool:
            if not log.quiet:
                log.event("ep_wiped", None, seat=player.seat, before=player.pool)
            player.pool = 0


def _win_loss(state: CharmState, log: StepLog) -> bool:
    """CHARM-8.1 - 8.3: a player at or over its damage limit, or who had to draw from an empty
    deck and discard pile, loses; both at once is a draw. True if the match is over."""
    # A limit is worked out only for a player with damage: at 0 nobody is at any limit (1+).
    losers = []
    for p in state.players:  # a plain loop: this is asked at every change of phase
        if p.drew_nothing or (p.damage and p.damage >= damage_limit(state, p.seat)):
            losers.append(p.seat)
    if not losers:
        return False
    if len(losers) == 2:
        finish(state, (), "both_lose", CAPTIONS.say("result.both_lose"), log)
    else:
        (seat,) = losers
        player = state.players[seat]
        reason = "deck_out" if player.drew_nothing else "damage"
        summary = CAPTIONS.say(
            f"result.{reason}",
            seat=SEAT[seat],
            other=SEAT[1 - seat],
            damage=player.damage,
            limit=damage_limit(state, seat),
        )
        finish(state, (1 - seat,), reason, summary, log)
    assert state.result is not None
    log.step(state.result.summary)
    return True


def _draw(state: CharmState, task: Task, log: StepLog) -> None:
    """CHARM-4.1, 4.2: the turn player's draw, declared by itself for the opponent to answer;
    the first player's turn 1 has none (CHARM-1.2)."""
    if state.turn == 1:
        return
    chain.declare_draw(state, log)
    state.agenda.append(_WINDOWS["draw"])


def _timing(state: CharmState, task: Task, log: StepLog) -> None:
    """A round of declare-or-pass from the turn player (CHARM-4.2a, 6.3)."""
    state.stack.start_round(state.turn_player)
    state.agenda.append(_WINDOWS["timing"])


def _main(state: CharmState, task: Task, log: StepLog) -> None:
    """The turn player's initiative (CHARM-5.6), until its charm or end of main resolves."""
    state.main_ends = None
    state.stack.start_round(state.turn_player)
    state.agenda.append(_WINDOWS["main"])


def _main_ends(state: CharmState, log: StepLog) -> None:
    ends, state.main_ends = state.main_ends, None
    if ends == "charm":  # the main phase pauses (CHARM-5.2) and resumes after (CHARM-6.4)
        plan(state, *combat.PHASE, Task("phase", arg="main"), Task("main"))
    else:
        plan(state, *_END)


def _hand_limit(state: CharmState, task: Task, log: StepLog) -> None:
    """CHARM-7.2: the turn player discards down to its hand limit, cards of its choice."""
    seat = state.turn_player
    hand = state.players[seat].hand
    over = len(hand) - hand_limit(state, seat)
    if over > 0:
        state.decision = Pick("discard", seat, tuple(c.uid for c in hand), over)
        if not log.quiet:
            log.event("choosing", None, seat=seat, what="hand_limit", n=over)
            log.step(captions.choosing_discard(seat, over, len(hand), hand_limit(state, seat)))


def _cleanup(state: CharmState, task: Task, log: StepLog) -> None:
    """CHARM-7.3: face-down cards, both players', go to the discard pile; heroines stay."""
    for seat in (state.turn_player, 1 - state.turn_player):
        for card in list(state.players[seat].field):
            if card.face_down and not card.defn.heroine:
                leave_field(state, card, "discard", log, "face down")


def _heal_dp(state: CharmState, task: Task, log: StepLog) -> None:
    """CHARM-7.4: DP damage taken this turn is removed."""
    for player in state.players:
        for card in player.field:
            if card.dp_damage:
                log.event(
                    "dp_healed",
                    None,
                    seat=card.owner,
                    card=card.uid,
                    name=card.name,
                    amount=card.dp_damage,
                )
                card.dp_damage = 0


def _expire(state: CharmState, task: Task, log: StepLog) -> None:
    """CHARM-7.5: boosts until end of turn and support bonuses end."""
    for player in state.players:
        for card in player.field:
            if card.boost_ap or card.boost_dp:
                card.boost_ap = card.boost_dp = 0
                log.event("expired", None, seat=card.owner, card=card.uid, name=card.name)
    if state.support:
        state.support.clear()
        log.event("support_ended", None, seat=state.turn_player)
    settle_dp(state, log)
    if not log.quiet:
        caption = captions.end_phase(log.pending)
        if caption:
            log.flush(caption)


def _turn_end(state: CharmState, task: Task, log: StepLog) -> None:
    """End → next start (CHARM-8.7a): the win/loss check, then the turn limit (CHARM-8.7) and
    the idle rounds (CHARM-8.8); then the other player's turn."""
    if _win_loss(state, log):
        return
    _wipe(state, log)
    seat = state.turn_player
    if _idle(state, seat, log):
        return
    if state.turn >= LAST_TURN:
        summary = CAPTIONS.say("result.turn_limit", turn=LAST_TURN)
        finish(state, (), "turn_limit", summary, log)
        log.step(summary)
        return
    plan(state, *_turn(1 - seat))


def _idle(state: CharmState, seat: int, log: StepLog) -> bool:
    """CHARM-8.8: after three idle rounds in a row both are warned; if the first player's next
    turn is idle too, the game is a draw at its end. True if it is."""
    if seat == state.first:
        if state.idle_rounds >= 3 and not state.turn_changed:
            summary = CAPTIONS.say("result.stalemate")
            finish(state, (), "stalemate", summary, log)
            log.step(summary)
            return True
        return False
    state.idle_rounds = 0 if state.round_changed else state.idle_rounds + 1
    if state.idle_rounds == 3:
        log.event("idle_warning", None, rounds=3)
        log.say(CAPTIONS, "idle.warning")
    return False


# -- P.Skills waiting (CHARM-2.3, 9.5) ------------------------------------------------------


def _settle(state: CharmState, task: Task, log: StepLog) -> None:
    """Resolve the waiting P.Skills: one alone resolves; of several, the turn player picks the
    next (CHARM-2.3, 2.4), and whatever they trigger joins those still waiting."""
    waiting = state.waiting
    if not waiting:
        return
    state.agenda.append(SETTLE)
    if len(waiting) == 1:
        _resolve_trigger(state, waiting.pop(), log)
        return
    ordered = default_order(state, waiting)
    labels = [(t.serial, captions.trigger_label(state, t)) for t in ordered]
    state.decision = Order(TriggerOrder(state.turn_player, labels))
    log.event("ordering", None, seat=state.turn_player, count=len(ordered))
    if not log.quiet:
        log.step(captions.ordering(state.turn_player, len(ordered)))


def order_chosen(state: CharmState, seat: int, serial: int, log: StepLog) -> None:
    """The turn player picked the P.Skill that resolves next."""
    order = state.decision
    assert isinstance(order, Order)
    order.items.choose(seat, serial)
    trigger = next(t for t in state.waiting if t.serial == serial)
    state.waiting.remove(trigger)
    state.decision = None
    _resolve_trigger(state, trigger, log)
    proceed(state, log)


def _resolve_trigger(state: CharmState, trigger: Trigger, log: StepLog) -> None:
    """CHARM-9.2a: a P.Skill whose source left (or turned face down) fails; else its target is
    picked now (CHARM-9.7) and its effects resolve."""
    source = state.cards[trigger.source]
    if failed(state, trigger):
        log.event("failed", None, seat=trigger.owner, card=source.uid, name=source.name)
        if not log.quiet:
            log.step(captions.p_skill_failed(source))
        return
    res = Res(trigger.owner, source.uid, trigger.skill, trigger=True)
    state.agenda.append(Task("effects", res=res))
    kind = source.defn.skills[trigger.skill].target_kind
    if kind is None:
        return
    options = listed(state, res.controller, kind)
    if len(options) == 1:
        res.target = (options[0].uid, options[0].moves)
    elif options:
        state.decision = Pick("target", res.controller, tuple(c.uid for c in options), 1, res)
        log.event("choosing", None, seat=res.controller, what="target", n=1)
        if not log.quiet:
            log.step(captions.choosing_target(source))


def target_chosen(state: CharmState, seat: int, uid: int, log: StepLog) -> None:
    pick = state.decision
    assert isinstance(pick, Pick) and pick.res is not None
    card = state.cards[uid]
    pick.res.target = (uid, card.moves)
    state.decision = None
    proceed(state, log)


def _effects(state: CharmState, task: Task, log: StepLog) -> None:
    """A skill's effects, in order; one that waits on a choice puts the rest back."""
    res = task.res
    assert res is not None
    source = state.cards[res.source]
    effects = source.defn.skills[res.skill].effects
    resumed = res.index > 0  # after a choice, whose own step said what it did
    while res.index < len(effects):
        effect = effects[res.index]
        res.index += 1
        if chain.effect(state, res, effect, log):
            state.agenda.append(task)
            if not log.quiet:
                log.step(captions.resolved(state, res, log.pending, waiting=True))
            return
        if state.result is not None:
            return
    if source.zone == "chain":  # an event, done (CHARM-11.2)
        to_discard(state, source, log)
    if not log.quiet and not (resumed and not log.pending):
        captions.close(log, captions.resolved(state, res, log.pending))


def concede(state: CharmState, seat: int, log: StepLog) -> None:
    """CHARM-8.6: a player may concede at any time, and loses."""
    summary = CAPTIONS.say("result.concede", seat=SEAT[seat], other=SEAT[1 - seat])
    log.event("conceded", None, seat=seat)
    finish(state, (1 - seat,), "concede", summary, log)
    log.step(summary)


def heroine_of(state: CharmState, seat: int) -> Card:
    heroine = state.players[seat].heroine
    assert heroine is not None
    return heroine


_RUN: dict[str, Run] = {
    "turn": _start_turn,
    "fire": _fire,
    "settle": _settle,
    "untap": _untap,
    "recover": _recover,
    "lift": _lift,
    "music": _music,
    "phase": _phase,
    "draw": _draw,
    "timing": _timing,
    "main": _main,
    "hand_limit": _hand_limit,
    "cleanup": _cleanup,
    "heal_dp": _heal_dp,
    "expire": _expire,
    "turn_end": _turn_end,
    "effects": _effects,
    **combat.RUN,
}
