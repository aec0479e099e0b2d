"""The course of a breakfall match: setup (BREAKFALL-1), the turn (BREAKFALL-2), priority
(BREAKFALL-3.1) and the one loop that runs everything no player decides (:func:`proceed`).

After every action :func:`proceed` runs until the match waits on someone: it finishes an entry
that was resolving, runs rule processing (BREAKFALL-3.3), runs a damage check on top of the space
(BREAKFALL-5.5, 5.5a), passes for a seat that has nothing to answer with when that is evident or
it opted in (BREAKFALL-9.2), moves on to the next step when a round of priority is over, and
watches for loops (BREAKFALL-6.3, 6.5).
"""

from __future__ import annotations

import functools

from ..engine import TURN_STARTED, Said, StepLog
from . import battle, loops, processing, space
from .captions import close, counted, listed, say, tell
from .playable import evidently_idle, usable
from .state import OPENING_HAND, BreakfallState, Decision
from .zones import SEAT, draw, finish, trigger

__all__ = ["PHASES", "after_greet", "begin", "concede", "pass_priority", "proceed", "start_turn"]

PHASES = {
    (phase, step): say(f"phase.{name}")
    for phase, step, name in (
        ("start", "", "start"),
        ("draw", "", "draw"),
        ("main", "", "main"),
        ("battle", "greet", "greet"),
        ("battle", "block", "block"),
        ("battle", "damage", "damage"),
        ("end", "end", "end"),
        ("end", "final", "final"),
    )
}
"""How a caption names where the match is ("the greet step"), said once."""


def begin(state: BreakfallState, log: StepLog) -> None:
    """BREAKFALL-1.3, 1.4: the coin (or the setup's first seat), shuffled decks, four cards each,
    then turn 1."""
    coin = state.rng.coin()  # flipped even when the setup names the first seat: same stream
    named = state.named_first is not None
    state.first = coin if state.named_first is None else state.named_first
    for player in state.players:
        state.rng.shuffle(player.deck)
    state.number_cards()
    log.event("first_player", None, seat=state.first, reason="setup" if named else "coin")
    for seat in (state.first, 1 - state.first):
        draw(state, seat, OPENING_HAND, log)
    close(log, "begin.named" if named else "begin.coin", seat=SEAT[state.first], n=OPENING_HAND)
    start_turn(state, state.first, log)
    proceed(state, log)


def start_turn(state: BreakfallState, seat: int, log: StepLog) -> None:
    """BREAKFALL-2.1: the turn player readies its bowed cards; its ``turn_start`` abilities
    trigger (there is priority only if something is entered)."""
    state.turn += 1
    state.turn_player = seat
    state.phase, state.step = "start", ""
    player = state.players[seat]
    player.placed = False
    readied = [c for c in (*player.field, *player.resources) if c.bowed]
    for card in readied:
        card.bowed = False
    log.event(TURN_STARTED, None, seat=seat, turn=state.turn)
    if not log.quiet:
        if readied:
            chars = sum(1 for c in readied if c.zone == "field")
            parts = [counted(chars, "character"), counted(len(readied) - chars, "resource")]
            what = listed([p for p in parts if p])
            tell(log, "turn.start.readies", turn=state.turn, seat=SEAT[seat], what=what)
        else:
            tell(log, "turn.start", turn=state.turn, seat=SEAT[seat])
    state.space.start_round(seat)
    for card in list(player.field):
        trigger(state, card, "turn_start")
    state.guard.step_changed()


def _to(state: BreakfallState, phase: str, step: str = "") -> None:
    state.phase, state.step = phase, step
    state.space.start_round(state.turn_player)
    state.guard.step_changed()


def _next_step(state: BreakfallState, log: StepLog) -> None:
    """The round of priority is over (or, in the start phase and the final processing, the
    space is empty): on to what follows."""
    phase, step = state.phase, state.step
    tp = state.turn_player
    if phase == "start":
        _to(state, "draw")
        if state.turn == 1 and tp == state.first:  # BREAKFALL-1.3, 2.2a
            log.event("no_draw", None, seat=tp)
            tell(log, "draw.skip", seat=SEAT[tp])
        else:
            draw(state, tp, 1, log)
            if not log.quiet:
                player = state.players[tp]
                hand, deck = len(player.hand), len(player.deck)
                close(log, "draw", seat=SEAT[tp], hand=hand, deck=deck)
    elif phase == "draw":
        _to(state, "main")
    elif phase == "main":
        _battle(state, log)
    elif step == "greet":
        _to(state, "battle", "block")
        battle.next_block(state)
    elif step == "block":
        _to(state, "battle", "damage")
        battle.damage_step(state, log)
    elif step == "damage":
        _end(state)
    elif step == "end":
        _to(state, "end", "final")
    else:
        _cleanup(state, log)


def _battle(state: BreakfallState, log: StepLog) -> None:
    _to(state, "battle", "greet")
    if battle.greeter_choices(state):
        state.decision = Decision("greet", state.turn_player)
        return
    log.event("no_greeters", None, seat=state.turn_player)
    tell(log, "battle.no_greeters", seat=SEAT[state.turn_player])
    _end(state)


def _end(state: BreakfallState) -> None:
    """BREAKFALL-2.5: the turn player's ``turn_end`` abilities trigger; a round of priority."""
    _to(state, "end", "end")
    state.battle = []  # greeters and blockers stay so through the damage step, no longer
    for card in list(state.players[state.turn_player].field):
        trigger(state, card, "turn_end")


def after_greet(state: BreakfallState, any_greeter: bool) -> None:
    """After the greeters are picked: the greet step's round, or, with none, the end phase."""
    state.decision = None
    if not any_greeter:
        _end(state)


def _cleanup(state: BreakfallState, log: StepLog) -> None:
    """The final processing found nothing to enter (BREAKFALL-2.5, 2.5a): damage is removed,
    "until end of turn" ends, and the other player's turn starts."""
    healed = 0
    for player in state.players:
        for card in player.field:
            healed += card.damage > 0
            card.damage = 0
            card.boosts = []
    log.event("turn_ended", None, seat=state.turn_player)
    if not log.quiet:
        seat = SEAT[state.turn_player]
        if healed:
            characters = counted(healed, "character")
            tell(log, "turn.ends.healed", seat=seat, characters=characters)
        else:
            tell(log, "turn.ends", seat=seat)
    start_turn(state, state.ntp, log)


# -- priority -------------------------------------------------------------------------------------


def pass_priority(state: BreakfallState, seat: int, log: StepLog, why: str = "") -> None:
    """``seat`` passes (BREAKFALL-3.1); ``why`` says why the rules passed for it (auto-pass): the
    template of its pass (``pass.auto``, ``pass.idle.no_hand``...)."""
    where = PHASES.get((state.phase, state.step), state.phase)
    top = state.space.top
    outcome = state.space.pass_priority(seat)
    log.event("passed", None, seat=seat, auto=bool(why))
    if not log.quiet:
        if outcome.resolve is not None:
            entry = space.entry_name(state, outcome.resolve.item, outcome.resolve.seat)
            log.step(_passes("pass.resolves", why, seat, entry))
        elif outcome.round_over:
            log.step(_passes("pass.ends", why, seat, where))
        elif top is not None:
            log.step(_passes("pass.waits", why, seat, space.entry_name(state, top.item, top.seat)))
        else:
            log.step(_passes("pass.done", why, seat, ""))
    if outcome.resolve is not None:
        space.resolve(state, outcome.resolve, log)


@functools.cache
def _passes(template: str, why: str, seat: int, what: str) -> Said:
    """A pass's caption (``template``), naming the entry or step it is about (``what``), said once
    for each: passes are most of a match's captions."""
    passes = say(why or "pass", seat=SEAT[seat])
    return say(template, passes=passes, entry=what, where=what)


def _auto(state: BreakfallState, seat: int) -> str | None:
    """Why the rules pass for ``seat`` now (BREAKFALL-9.2), as the template of the pass's
    caption, or ``None``: it holds nothing it could enter and either anyone can see that (a pass
    for it tells nothing) or it turned auto-pass on."""
    idle = evidently_idle(state, seat)
    if idle is None and not state.auto.is_on(seat):
        return None  # asked whatever it holds: what it could use need not be worked out
    held = idle is None and usable(state, seat)
    if not state.auto.passes_for(seat, usable=held, evident=idle is not None):
        return None
    return "pass.auto" if idle is None else f"pass.idle.{idle}"


def proceed(state: BreakfallState, log: StepLog) -> None:
    """Run everything no player decides, until the match waits on a seat or is over."""
    while state.result is None:
        if state.decision is not None:
            return
        if state.resolving is not None:
            space.continue_resolving(state, log)
            continue
        if state.space.round_over:  # both passed with nothing waiting (BREAKFALL-3.1)
            _next_step(state, log)
            continue
        processing.rule_processing(state, log)
        if state.result is not None or state.decision is not None:
            continue
        if loops.ran_away(state, log):
            return
        if state.space.automatic_top() is not None:
            space.run_check(state, log)
            continue
        if not state.space.entries and (state.phase, state.step) in (
            ("start", ""),
            ("end", "final"),
        ):
            _next_step(state, log)  # BREAKFALL-2.1, 2.5a: priority only while something waits
            continue
        holder = state.space.holder
        assert holder is not None  # no check on top, and the round is not over
        if loops.repeated(state, log):
            return
        why = _auto(state, holder)
        if why is None:
            return
        pass_priority(state, holder, log, why)


def concede(state: BreakfallState, seat: int, log: StepLog) -> None:
    """BREAKFALL-4.3: at any time, priority or not."""
    summary = say("result.concede", seat=SEAT[seat], other=SEAT[1 - seat])
    log.event("conceded", None, seat=seat)
    finish(state, (1 - seat,), "concede", summary, log)
    log.step(summary)
