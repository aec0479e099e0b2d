"""Resolution (FANFARE-Q1, Q6, Q7): the queue resolves first in, first out, one effect at a
time, each closing a step; between effects the state is checked.

The check after each effect is where a leader at 0 defence loses (FANFARE-2.5) and followers at
0 defence, or hit by bane, are destroyed: the turn player's first, left to right (FANFARE-Q10),
each destruction triggering on its own. It is not the instant defence reaches 0: an effect that
damages many targets finishes first, its auras still working on the later ones (FANFARE-Q6).
The loop itself is the engine's (:func:`rules.engine.resolve.settle`): a chain of more than
``CHAIN_LIMIT`` effects is a runaway, and the game a draw.
"""

from __future__ import annotations

from ..engine import StepLog
from ..engine.resolve import CHAIN_LIMIT
from ..engine.resolve import settle as resolve_all
from . import captions
from .effects import resolve_part
from .state import Card, FanfareState
from .stats import defence
from .triggers import Trigger
from .words import CAPTIONS
from .zones import SEAT, destroy, finish

__all__ = ["CHAIN_LIMIT", "check", "describe", "settle"]


def describe(trig: Trigger) -> str:
    """The ability's source with its seat: ``"{seat0}'s Ember Fox"``, ``"{seat1}'s leader"``."""
    source = trig.source
    if isinstance(source, Card):
        return captions.unit_label(trig.owner, source.name)
    return captions.leader_label(trig.owner)


def _resolve(state: FanfareState, trig: Trigger, log: StepLog) -> None:
    source, ability = trig.source, trig.ability
    # A card in hand or deck is its owner's secret, unless it comes onto the board.
    private = ability.zone != "board"
    quiet = log.quiet  # nobody reads the log: no events or captions to build
    if trig.left():  # FANFARE-Q7
        if not quiet:
            to = trig.owner if private else None
            log.event("fizzled", to, source=source.uid, ability=ability.key)
            log.say(CAPTIONS, "fizzled", to=to, source=describe(trig))
        return
    if not quiet:
        log.event(
            "resolving",
            trig.owner if private else None,
            source=source.uid,
            seat=trig.owner,
            name=source.name,
            ability=ability.key,
            text=ability.text,
        )
    # One effect resolves to its end, even if its card leaves on the way (FANFARE-Q7).
    for index, part in enumerate(ability.parts):
        if index not in trig.skip:
            resolve_part(state, trig, part, log)
        if state.result is not None:
            break
    if isinstance(source, Card) and source.zone == "stack":  # a spell, done
        source.zone = "cemetery"
        source.moves += 1
        state.players[source.owner].cemetery.append(source)
    if not quiet:
        # What it did, not what its text says: the text is in the hand and in card look-ups.
        shown = not private or (isinstance(source, Card) and source.zone == "board")
        to = None if shown else trig.owner
        said = describe(trig)
        room = captions.LIMIT - len(said) - 3
        done = captions.outcome(log.pending, audience=to, source=source.uid, room=room)
        if not done:
            caption = CAPTIONS.say("resolved.nothing", source=said)
        else:
            quoted = captions.quoted(done)
            caption = CAPTIONS.say(
                "resolved.quoted" if quoted else "resolved", source=said, done=done
            )
        captions.close(log, caption, to)


def check(state: FanfareState, log: StepLog) -> None:
    """Losses, then destruction of followers at 0 defence or hit by bane (FANFARE-Q6, Q10)."""
    if state.result is not None:
        return
    fallen = [p.seat for p in state.players if p.leader.defence <= 0]
    if len(fallen) == 2:
        finish(state, (), "defence", _LEADERS_FALL, log)
    elif fallen:
        seat = fallen[0]
        summary = CAPTIONS.say("result.leader_falls", seat=SEAT[seat], other=SEAT[1 - seat])
        finish(state, (1 - seat,), "defence", summary, log)
    if state.result is not None:
        log.step(state.result.summary)
        return
    while True:
        doomed = [
            card
            for seat in state.order()
            for card in state.players[seat].board
            # Defence only ever falls below the printed value through damage (no card lowers
            # it), so an undamaged follower is never at 0.
            if card.doomed or (card.damage > 0 and defence(state, card) <= 0)
        ]
        if not doomed:
            return
        for card in doomed:
            destroy(state, card, log)
        if not log.quiet:
            log.step(captions.destroyed(log.pending))


_LEADERS_FALL = CAPTIONS.say("result.leaders_fall")


def settle(state: FanfareState, log: StepLog) -> None:
    """Check, then resolve everything waiting, checking after each effect (FANFARE-Q1, Q6).
    A chain of more than ``CHAIN_LIMIT`` effects ends the game as a draw (docs/rulings.md)."""

    def runaway(reason: str) -> None:  # the engine's reason, said in any language
        finish(state, (), "runaway", reason, log)
        log.step(reason)

    resolve_all(
        state.queue,
        lambda trig: _resolve(state, trig, log),
        runaway=runaway,
        check=lambda: check(state, log),
        over=lambda: state.result is not None,
    )
