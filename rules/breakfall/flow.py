"""The course of a breakfall match: setup (BREAKFALL-1), the turn (BREAKFALL-2), priority
(BREAKFALL-3.1) and the one loop that runs everything no player decides (:func:`proceed`).

After every action :func:`proceed` runs until the match waits on someone: it finishes an entry
that was resolving, runs rule processing (BREAKFALL-3.3), runs a damage check on top of the space
(BREAKFALL-5.5, 5.5a), passes for a seat that has nothing to answer with when that is evident or
it opted in (BREAKFALL-9.2), moves on to the next step when a round of priority is over, and
watches for loops (BREAKFALL-6.3, 6.5).
"""

from __future__ import annotations

from ..engine import TURN_STARTED, StepLog
from . import battle, loops, processing, space
from .captions import close, counted, listing
from .playable import evidently_idle, usable
from .state import OPENING_HAND, BreakfallState, Decision
from .zones import SEAT, draw, finish, trigger

__all__ = ["PHASES", "after_greet", "begin", "concede", "pass_priority", "proceed", "start_turn"]

PHASES = {
    ("start", ""): "the start phase",
    ("draw", ""): "the draw phase",
    ("main", ""): "the main phase",
    ("battle", "greet"): "the greet step",
    ("battle", "block"): "the block step",
    ("battle", "damage"): "the damage step",
    ("end", "end"): "the end phase",
    ("end", "final"): "the final processing",
}
"""How a caption names where the match is."""


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
    why = "a rematch: the other seat first" if named else "the coin"
    close(log, f"{SEAT[state.first]} goes first ({why}); each player draws {OPENING_HAND} cards")
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
        chars = sum(1 for c in readied if c.zone == "field")
        parts = [counted(chars, "character"), counted(len(readied) - chars, "resource")]
        said = "; readies " + listing([p for p in parts if p]) if readied else ""
        log.step(f"Turn {state.turn}: {SEAT[seat]}'s turn{said}.")
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
            log.step(f"Draw phase: {SEAT[tp]} goes first and skips the draw.")
        else:
            draw(state, tp, 1, log)
            if not log.quiet:
                player = state.players[tp]
                sizes = f"hand {len(player.hand)}, deck {len(player.deck)}"
                close(log, f"Draw phase: {SEAT[tp]} draws a card ({sizes})")
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
    log.step(f"{SEAT[state.turn_player]} has no character that can greet: the battle phase ends.")
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
        said = f"; damage removed from {counted(healed, 'character')}" if healed else ""
        log.step(f"{SEAT[state.turn_player]}'s turn ends{said}.")
    start_turn(state, state.ntp, log)


# -- priority -------------------------------------------------------------------------------------


def pass_priority(state: BreakfallState, seat: int, log: StepLog, why: str = "") -> None:
    """``seat`` passes (BREAKFALL-3.1); ``why`` says why the rules passed for it (auto-pass)."""
    where = PHASES.get((state.phase, state.step), state.phase)
    top = state.space.top
    outcome = state.space.pass_priority(seat)
    log.event("passed", None, seat=seat, auto=bool(why))
    if not log.quiet:
        said = f"{SEAT[seat]} passes{why}"
        if outcome.resolve is not None:
            said += (
                f": {space.entry_name(state, outcome.resolve.item, outcome.resolve.seat)} resolves"
            )
        elif outcome.round_over:
            said += f": {where} ends"
        elif top is not None:
            said += f"; {space.entry_name(state, top.item, top.seat)} waits"
        log.step(f"{said}.")
    if outcome.resolve is not None:
        space.resolve(state, outcome.resolve, log)


def _auto(state: BreakfallState, seat: int) -> str | None:
    """Why the rules pass for ``seat`` now (BREAKFALL-9.2), or ``None``: it holds nothing it
    could enter and either anyone can see that (a pass for it tells nothing) or it turned
    auto-pass on."""
    idle = evidently_idle(state, seat)
    if idle is None and not state.auto.is_on(seat):
        return None  # asked whatever it holds: what it could use need not be worked out
    held = idle is None and usable(state, seat)
    if not state.auto.passes_for(seat, usable=held, evident=idle is not None):
        return None
    return " (auto-pass)" if idle is None else f" ({idle}, nothing to use)"


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
    summary = f"{SEAT[seat]} concedes. {SEAT[1 - seat]} wins."
    log.event("conceded", None, seat=seat)
    finish(state, (1 - seat,), "concede", summary, log)
    log.step(summary)
