"""Phase 4: following the square's instruction (ESPER-1.4, 8, 9), and lurk markers (ESPER-8.5).

A piece that ends a phase-3 movement on a face-down card opens it; on a face-up instruction it
obeys it again. A party's leader opens, each member obeys, a kept card goes to the leader
(ESPER-8.1, 8.1a). Clues and gear are kept face down (ESPER-8.2); other planet cards go back face
up (ESPER-8.3); base cards stay face up once opened (ESPER-9.1). Keepers never open base cards
(ESPER-4.6). What needs a player (an insight's pick) or runs long (an NPC fight, a scrambler's
move) is queued as tasks, in order.
"""

from __future__ import annotations

from ..engine import StepLog
from . import health, parties
from .captions import S, audience, names, square_name
from .state import NORMAL, EsperState, Task
from .words import CAPTIONS

__all__ = [
    "NPCS",
    "discard_card",
    "follow",
    "insight_candidates",
    "lurk_springs",
    "obey",
    "open_or_obey",
    "pick_insight",
    "scramble",
]

NPCS = {"skirmish": 1, "sentry": 1, "guardhouse": 2}
LOUNGE_TURNS = 2
_NOTHING_TO_OBEY = frozenset(
    {"landing_pad", "plain", "hall", "anchor", "key_base", "fog_room", "core", "archive"}
)
"""Face-up cards that do nothing to a piece arriving again: their effect is a place's (a
spaceport, no combat), or a check made in phase 6 (ESPER-9.5, 9.6)."""


def follow(state: EsperState, log: StepLog) -> None:
    """Phase 4 of the turn: the arrivals' square, then (part 1) lurk markers there."""
    arrivals = state.arrivals
    tp = state.turn_player
    if not arrivals or tp is None:
        return
    square = state.players[arrivals[0]].where
    if square is None:
        return
    tasks = [Task("open", arrivals[0], square)]
    if state.part == 1:
        tasks.append(Task("springs", tp, square))
    state.agenda[0:0] = tasks


def open_or_obey(state: EsperState, seats: list[int], square: int, log: StepLog) -> None:
    """``seats`` (a leader first, or one piece alone) ended a movement on ``square``."""
    seats = [s for s in seats if state.players[s].alive and state.players[s].where == square]
    if not seats:
        return
    card_id = state.card_here(square)
    if card_id is None:
        return
    card = state.pool.cards[card_id]
    if state.part == 2 and state.keeper(seats[0]):
        return  # ESPER-4.6
    leader = seats[0]
    if square not in state.face_up:
        if card.deck == "gear" or card.kind == "clue":
            _keep(state, leader, square, log)
            return
        state.face_up.add(square)
        log.event("opened", None, seat=leader, square=square, card=card_id)
        square_said = square_name(state, square)
        log.say(CAPTIONS, "square.opens", seat=S(leader), card=card.name, square=square_said)
    elif card.kind in _NOTHING_TO_OBEY:
        return
    else:
        log.event("obeys", None, seat=leader, square=square, card=card_id)
        obeys = "square.obeys.one" if len(seats) == 1 else "square.obeys.other"
        if not log.quiet:
            log.say(CAPTIONS, obeys, who=names(seats), card=card.name)
    _obey_all(state, seats, square, card.kind, log)


def _keep(state: EsperState, leader: int, square: int, log: StepLog) -> None:
    """ESPER-8.2: kept face down by the opener; all see whether it was a clue or a gear, only
    the opener (and its probers) which gear."""
    card_id = state.planet[square]
    assert card_id is not None
    card = state.pool.cards[card_id]
    player = state.players[leader]
    state.planet[square] = None
    if card.kind == "clue":
        player.clues += 1
        state.emptied[square] = "clue"
        log.event("took", None, seat=leader, square=square, what="clue")
        square_said = square_name(state, square)
        log.say(CAPTIONS, "square.clue", seat=S(leader), square=square_said, clues=player.clues)
        return
    player.gear.append(card.kind)
    state.emptied[square] = "gear"
    log.event("took", None, seat=leader, square=square, what="gear")
    log.event("gear_taken", audience(state, leader), seat=leader, gear=card.kind, name=card.name)
    if not log.quiet:
        log.say(CAPTIONS, "square.gear", seat=S(leader), square=square_name(state, square))
        log.say(
            CAPTIONS,
            "square.gear.yours",
            to=audience(state, leader),
            seat=S(leader),
            card=card.name,
        )


def _obey_all(state: EsperState, seats: list[int], square: int, kind: str, log: StepLog) -> None:
    if kind in NPCS:
        state.agenda.insert(0, Task("npc_fight", seats[0], NPCS[kind]))
        return
    if kind == "scrambler" and len(seats) > 1:
        parties.leave(state, seats[0], log, "scrambled")  # ESPER-9.1a
    tasks = [Task("obey", s, square) for s in seats]
    if kind in ("exposure", "insight"):
        tasks.append(Task("discard_card", seats[0], square))
    state.agenda[0:0] = tasks


def obey(state: EsperState, seat: int, square: int, log: StepLog) -> None:
    """One seat obeys the face-up card on ``square`` (ESPER-14.4, 14.7)."""
    player = state.players[seat]
    card_id = state.card_here(square)
    if not player.alive or card_id is None:
        return
    kind = state.pool.cards[card_id].kind
    if kind == "checkpoint":
        health.arrest(state, seat, log)
    elif kind == "snare":
        if not health.check(state, seat, health.MENTAL, log, "mental"):
            health.damage(state, seat, 1, log, "snare")
    elif kind == "exposure":
        health.reveal(state, seat, log, "exposed")
    elif kind == "insight":
        if insight_candidates(state, seat):
            state.agenda.insert(0, Task("insight", seat))
    elif kind == "lounge":
        health.incapacitate(state, seat, LOUNGE_TURNS, log)
    elif kind == "dissolver":
        if not health.check(state, seat, health.MENTAL, log, "mental"):
            health.scatter(state, seat, log)
    elif kind == "scrambler":
        state.agenda.insert(0, Task("scramble", seat))
    elif kind == "rift":
        _rift(state, seat, log)


def _rift(state: EsperState, seat: int, log: StepLog) -> None:
    """Moved to the anchor if it is face up, obeying nothing there; else 1 damage."""
    anchor = next(
        (s for s in state.face_up if state.kind_of(state.base[s]) == "anchor"),
        None,
    )
    if anchor is None:
        health.damage(state, seat, 1, log, "rift")
        return
    state.players[seat].where = anchor
    log.event("moved", None, seats=[seat], square=anchor, how="rift")
    log.say(CAPTIONS, "square.rift", seat=S(seat), square=square_name(state, anchor))


def scramble(state: EsperState, seat: int, log: StepLog) -> None:
    """ESPER-9.1a, 14.7: moved alone to a random other square (its row and column drawn
    uniformly, again until it is another), which it then opens or obeys alone; a second
    scrambler in the same turn does nothing."""
    player = state.players[seat]
    if not player.alive or player.where is None:
        return
    if player.scrambled:
        log.say(CAPTIONS, "square.scrambled.again", seat=S(seat))
        return
    player.scrambled = True
    parties.leave(state, seat, log, "scrambled")
    size = state.board.size
    here = player.where
    square = here
    while square == here:
        square = state.rng.below(size) * size + state.rng.below(size)
    player.where = square
    log.event("moved", None, seats=[seat], square=square, how="scrambler")
    log.say(CAPTIONS, "square.scrambled", seat=S(seat), square=square_name(state, square))
    state.agenda.insert(0, Task("open_alone", seat, square))


def discard_card(state: EsperState, square: int, log: StepLog) -> None:
    """ESPER-8.3: an exposure or insight is discarded after use, leaving the square empty."""
    card_id = state.planet[square]
    if card_id is None:
        return
    state.planet[square] = None
    state.face_up.discard(square)
    state.emptied[square] = card_id
    log.event("discarded", None, square=square, card=card_id)
    name = state.pool.cards[card_id].name
    log.say(CAPTIONS, "square.discarded", card=name, square=square_name(state, square))


def insight_candidates(state: EsperState, seat: int) -> list[int]:
    """ESPER-8.3a: another living seat whose character the picker's view does not yet hold."""
    knowledge = state.knowledge
    return [
        p.seat
        for p in state.players
        if p.seat != seat and p.alive and not knowledge.knows(seat, ("identity", p.seat))
    ]


def pick_insight(state: EsperState, seat: int, target: int | None, log: StepLog) -> None:
    """The picker alone learns the target's character (and its probers with it)."""
    if target is None:
        log.say(CAPTIONS, "square.insight.nobody", seat=S(seat))
        return
    learn_identity(state, seat, target, log, "the insight")


def learn_identity(state: EsperState, seat: int, target: int, log: StepLog, how: str) -> None:
    """``seat`` alone (with its probers) learns ``target``'s character; the pick is public.
    ``how``: ``clues``, ``the insight`` or ``a mind-read``, as its event tells it."""
    character = state.players[target].character
    learners = state.knowledge.tell(seat, ("identity", target), character.id)
    log.event("learned", None, seat=seat, about=target, how=how)
    log.event("identity", learners, seat=seat, about=target, character=character.id)
    if not log.quiet:
        log.say(CAPTIONS, _LEARNED_BY[how], seat=S(seat), target=S(target))
        if learners:
            log.say(
                CAPTIONS,
                "learn.told",
                to=learners,
                target=S(target),
                character=character.name,
                side=health.SIDE[character.kind],
                seat=S(seat),
            )


_LEARNED_BY = {
    "clues": "learn.clues",
    "the insight": "learn.insight",
    "a mind-read": "learn.mind_read",
}


def lurk_springs(state: EsperState, square: int, log: StepLog) -> None:
    """ESPER-8.5, 8.5a, 8.5b: after the square's card, each armed marker there whose placer is
    normal and was not among the arrivals springs, its placer moving there in turn order from the
    turn player; the combat of phase 5 is then forced."""
    arrivals = set(state.arrivals)
    for placer in state.in_turn_order():
        lurk = state.lurks.get(placer)
        player = state.players[placer]
        if lurk is None or lurk.square != square or not lurk.armed:
            continue
        if placer in arrivals or player.state != NORMAL:
            continue
        del state.lurks[placer]
        moved = player.where != square
        player.where = square
        state.sprung = True
        log.event("sprung", None, seat=placer, square=square)
        log.say(CAPTIONS, "square.springs", seat=S(placer), square=square_name(state, square))
        if moved:
            parties.moved_alone(state, placer, log)
