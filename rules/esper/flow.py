"""The course of an esper match: setup (ESPER-0), the turn's six phases (ESPER-1), rounds and
their ends (ESPER-6.4, 6.5, 11.1), the way from part 1 to part 2 (ESPER-11), and :func:`proceed`,
the one loop that runs every task no player decides until the match waits on someone.

The agenda (``EsperState.agenda``) holds what is still to do, front first. A task that asks
(``state.ASKS``) waits at the front for its seat's answer, which the action's handler takes off
before acting; every other task is taken off and run. A task looks at the state as it is when it
runs, so a seat that died meanwhile (a concession, ESPER-6.7) is passed over: its asks are
dropped (a keeper's key base is then placed at random), its choices default (ESPER-13.2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine import TURN_STARTED, StepLog
from . import combat, health, instructions, moves, winning
from .captions import S, names, square_name
from .cards import CardDef
from .state import ARRESTED, ASKS, INCAPACITATED, NORMAL, SCATTERED, EsperState, Task
from .words import CAPTIONS, tell

__all__ = [
    "EVIL_BY_SEATS",
    "PART1_ROUNDS",
    "PART2_ROUNDS",
    "begin",
    "concede",
    "deal",
    "declare",
    "part1_rounds",
    "probers",
    "proceed",
]

EVIL_BY_SEATS: Mapping[int, int] = {3: 1, 4: 2, 5: 2, 6: 3, 7: 3, 8: 4, 9: 4, 10: 5}
"""ESPER-0.1: the evil characters (*E*) at each number of seats; the rest are good."""
PART1_ROUNDS = (6, 8)
"""ESPER-0.8: part 1's round limit at 3-4 seats, and at 5-10."""
PART2_ROUNDS = 20
"""ESPER-6.5."""
CLUES_TO_END = 3
"""ESPER-11.1, 11.2."""
_LATER_PHASES = frozenset({"phase3", "phase4", "phase5", "phase6"})


def part1_rounds(state: EsperState) -> int:
    return PART1_ROUNDS[0] if state.board.small else PART1_ROUNDS[1]


# -- setup (ESPER-0) ------------------------------------------------------------------------------


def deal(state: EsperState) -> None:
    """ESPER-0.3, 0.5, 0.8: the turn order, the planet cards face down, the combat deck. The
    characters were dealt by :func:`characters` before the state was made."""
    rng = state.rng
    order = list(range(state.seats))
    rng.shuffle(order)
    state.order = tuple(order)
    board = state.board
    small = board.small
    pool = state.pool
    planet_cards = [
        c.id
        for c in (*pool.of("planet"), *pool.of("gear"))
        for _ in range(c.small if small else c.count)
    ]
    rng.shuffle(planet_cards)
    state.planet = [None] * board.planet_places
    for square, card in zip(board.planet_squares, planet_cards, strict=True):
        state.planet[square] = card
    large = state.seats >= 8
    deck: list[CardDef] = [
        c for c in pool.of("combat") for _ in range(c.count + (c.large if large else 0))
    ]
    state.combat_cards = deck
    state.deck = list(range(len(deck)))
    rng.shuffle(state.deck)


def characters(pool: Any, seats: int, rng: Any) -> list[CardDef]:
    """ESPER-0.1, 0.2, 0.2a: *E* evil and the rest good, each seat a random character of its
    alignment, none dealt twice; which seats are evil is shuffled too."""
    evil = EVIL_BY_SEATS[seats]
    sides = ["evil"] * evil + ["good"] * (seats - evil)
    rng.shuffle(sides)
    left = {side: [c for c in pool.of("character") if c.kind == side] for side in ("good", "evil")}
    for side in left.values():
        rng.shuffle(side)
    return [left[side].pop() for side in sides]


def begin(state: EsperState, log: StepLog) -> None:
    """Personas in turn order (ESPER-0.4), then lurk markers (ESPER-0.6), then part 1."""
    evil = EVIL_BY_SEATS[state.seats]
    log.event("dealt", None, players=state.seats, evil=evil, order=list(state.order))
    if not log.quiet:
        log.say(
            CAPTIONS,
            "setup.dealt",
            seats=state.seats,
            good=state.seats - evil,
            evil=evil,
            order=names(list(state.order)),
        )
    state.agenda = [*(Task("persona", s) for s in state.order), Task("lurks"), Task("part1")]
    proceed(state, log)


def _lurks(state: EsperState, task: Task, log: StepLog) -> None:
    """ESPER-0.6: each evil-face player, in turn order, may place one marker in secret."""
    state.agenda[0:0] = [Task("lurk", s) for s in state.order if state.face(s) == "evil"]


def _part1(state: EsperState, task: Task, log: StepLog) -> None:
    state.part = 1
    state.round = 1
    state.turn_player = None
    log.event("part", None, part=1, round=1)
    log.say(CAPTIONS, "part1.begins", rounds=part1_rounds(state))


# -- the turn (ESPER-1) ---------------------------------------------------------------------------


def _next_turn(state: EsperState, log: StepLog) -> None:
    """The next seat in turn order, or the round's end after the last (ESPER-1, 6.4)."""
    order = state.order
    tp = state.turn_player
    if tp == order[-1]:
        _round_end(state, log)
        return
    nxt = order[0] if tp is None else order[order.index(tp) + 1]
    state.agenda.append(Task("turn", nxt))


def _turn(state: EsperState, task: Task, log: StepLog) -> None:
    seat = task.seat
    state.turn_player = seat
    state.arrivals = []
    state.sprung = state.asked_declare = state.declared = False
    for p in state.players:
        p.scrambled = False
    player = state.players[seat]
    if not player.alive:
        return  # ESPER-7.6: its turns are skipped
    if player.state == INCAPACITATED:
        player.incapacitated -= 1
        left = player.incapacitated
        if left <= 0:
            player.state = NORMAL
        log.event("skipped", None, seat=seat, left=left)
        skipped = "turn.skipped" if left > 0 else "turn.skipped.last"
        log.say(CAPTIONS, skipped, seat=S(seat), left=left)
        return
    state.turn += 1
    log.event(TURN_STARTED, None, seat=seat, turn=state.turn)
    tell(log, "turn.begins", part=state.part, round=state.round, seat=S(seat))
    state.agenda[0:0] = [Task(f"phase{n}", seat) for n in range(1, 7)]


def probers(state: EsperState, seat: int) -> list[int]:
    """The seats probing ``seat`` directly (ESPER-7.5)."""
    knowledge = state.knowledge
    return [s for s in range(state.seats) if seat in knowledge.watching(s)]


def _phase1(state: EsperState, task: Task, log: StepLog) -> None:
    """ESPER-1.2, 1.9, 1.9a: a normal or arrested turn player may declare victory; that choice is
    a prompt of its own when phase 2 has checks to make or there is no phase-3 menu, else it is
    offered in the phase-3 menu."""
    player = state.players[task.seat]
    if player.state not in (NORMAL, ARRESTED):
        return
    if player.state == ARRESTED or probers(state, task.seat):
        state.asked_declare = True
        state.agenda.insert(0, Task("declare", task.seat))


def _phase2(state: EsperState, task: Task, log: StepLog) -> None:
    """ESPER-1.7, 7.4, 7.5: re-forming when scattered, then removing probes, rolled unasked."""
    seat = task.seat
    player = state.players[seat]
    if not player.alive:
        return
    failed = False
    if player.state == SCATTERED:
        if health.check(state, seat, health.MENTAL, log, "reform"):
            player.state = NORMAL
            player.where, player.home = player.home, None
            log.event("moved", None, seats=[seat], square=player.where, how="re-form")
            log.say(
                CAPTIONS, "turn.reformed", seat=S(seat), square=square_name(state, player.where)
            )
        else:
            failed = True
    if probers(state, seat) and health.check(state, seat, health.MENTAL, log, "unprobe"):
        gone = state.knowledge.shake_off(seat)
        log.event("probes_ended", None, seat=seat, probers=list(gone))
        log.say(CAPTIONS, "turn.unprobed", seat=S(seat), who=names(list(gone)))
    if failed:  # the turn ends (ESPER-7.4)
        state.agenda[:] = [t for t in state.agenda if t.kind not in _LATER_PHASES]


def _phase3(state: EsperState, task: Task, log: StepLog) -> None:
    """ESPER-1.3, 7.2: the movement; an arrested player skips it, then is normal."""
    player = state.players[task.seat]
    if not player.alive or player.state == SCATTERED:
        return
    if player.state == ARRESTED:
        player.state = NORMAL
        log.event("state", None, seat=task.seat, state=NORMAL)
        log.say(CAPTIONS, "turn.arrested", seat=S(task.seat))
        return
    state.agenda.insert(0, Task("move", task.seat))


def _phase4(state: EsperState, task: Task, log: StepLog) -> None:
    instructions.follow(state, log)


def _phase5(state: EsperState, task: Task, log: StepLog) -> None:
    """ESPER-1.5, 5.2, 5.3: combat, forced or declared."""
    seat = task.seat
    if not combat.can_declare(state, seat):
        return
    where = state.players[seat].where
    assert where is not None
    if combat.forced(state, seat):
        log.say(CAPTIONS, "fight.forced", square=square_name(state, where))
        combat.start(state, where, log)
    else:
        state.agenda.insert(0, Task("combat", seat))


def check_offered(state: EsperState, seat: int) -> str | None:
    """ESPER-1.6, 9.5, 9.6: ``core`` for a good character on the face-up core, ``archive`` for an
    infiltrator on the face-up archive, else None."""
    player = state.players[seat]
    square = player.where
    if state.part != 2 or square is None or square not in state.face_up:
        return None
    if player.state not in (NORMAL, ARRESTED):
        return None
    kind = state.kind_of(state.base[square])
    if kind == "core" and player.good:
        return "core"
    if kind == "archive" and not state.keeper(seat):
        return "archive"
    return None


def _phase6(state: EsperState, task: Task, log: StepLog) -> None:
    if check_offered(state, task.seat) is not None:
        state.agenda.insert(0, Task("check", task.seat))


def declare(state: EsperState, seat: int, log: StepLog) -> None:
    """ESPER-6.2: the declarer is revealed; if its side's condition holds, that side wins; if not,
    the declarer stays revealed and its turn goes on."""
    state.declared = True
    player = state.players[seat]
    health.reveal(state, seat, log, "declares")
    side = player.character.kind
    if side in winning.conditions(state):
        why = CAPTIONS.say("result.why.declared", seat=S(seat))
        winning.win(state, side, "declared", why, log)
        return
    log.event("wrong_declaration", None, seat=seat)
    log.say(CAPTIONS, f"declare.wrong.{side}", seat=S(seat))


def core_check(state: EsperState, seat: int, log: StepLog) -> None:
    """ESPER-9.5: an ESP-level check; a success destroys the core and tells the player alone
    where every remaining key base is; a failure costs 1 damage."""
    square = state.players[seat].where
    assert square is not None
    if not health.check(state, seat, health.LEVEL, log, "core"):
        health.damage(state, seat, 1, log, "core")
        return
    _destroy_card(state, square, log)
    learners: tuple[int, ...] = ()
    keys = [s for s, c in enumerate(state.base) if c is not None and state.kind_of(c) == "key_base"]
    for s in keys:
        card = state.base[s]
        assert card is not None
        learners = state.knowledge.tell(seat, ("square", s), card)
    log.event("learned_squares", learners, seat=seat, squares=keys)
    log.say(CAPTIONS, "base.core.destroyed", seat=S(seat))
    if learners and not log.quiet:
        where = CAPTIONS.join(
            "list.comma",
            [
                CAPTIONS.say(
                    "base.key_base.at",
                    card=state.pool.cards[state.base[s] or ""].name,
                    square=square_name(state, s),
                )
                for s in keys
            ],
        )
        where = where or CAPTIONS.say("base.key_bases.none")
        log.say(CAPTIONS, "base.key_bases", to=learners, seat=S(seat), where=where)


def archive_check(state: EsperState, seat: int, log: StepLog) -> None:
    """ESPER-9.6: a mental check; a success destroys the archive and lets the player name up to
    three face-down squares and alone learn their cards."""
    square = state.players[seat].where
    assert square is not None
    if not health.check(state, seat, health.MENTAL, log, "archive"):
        return
    _destroy_card(state, square, log)
    log.say(CAPTIONS, "base.archive.destroyed", seat=S(seat), n=3)
    if face_down(state):
        state.agenda.insert(0, Task("archive", seat))


def _destroy_card(state: EsperState, square: int, log: StepLog) -> None:
    card = state.base[square]
    assert card is not None
    state.base[square] = None
    state.face_up.discard(square)
    state.destroyed[square] = card
    log.event("destroyed", None, square=square, card=card)


def face_down(state: EsperState) -> list[int]:
    """The base squares whose card is face down, in board order."""
    return [s for s, c in enumerate(state.base) if c is not None and s not in state.face_up]


def read_archive(state: EsperState, seat: int, squares: list[int], log: StepLog) -> None:
    """The named squares' cards, to the reader alone (and its probers)."""
    learners: tuple[int, ...] = ()
    for s in squares:
        card = state.base[s]
        assert card is not None
        learners = state.knowledge.tell(seat, ("square", s), card)
    log.event("named", None, seat=seat, squares=squares)
    log.event("learned_squares", learners, seat=seat, squares=squares)
    if log.quiet:
        return
    named = CAPTIONS.join("list.comma", [square_name(state, s) for s in squares])
    log.say(CAPTIONS, "base.archive.named", seat=S(seat), squares=named)
    if learners:
        said = CAPTIONS.join(
            "list.comma",
            [
                CAPTIONS.say(
                    "base.archive.card",
                    square=square_name(state, s),
                    card=state.pool.cards[state.base[s] or ""].name,
                )
                for s in squares
            ],
        )
        log.say(CAPTIONS, "base.archive.told", to=learners, seat=S(seat), cards=said)


# -- rounds, and from part 1 to part 2 (ESPER-6.4, 6.5, 11) ----------------------------------------


def _round_end(state: EsperState, log: StepLog) -> None:
    state.turn_player = None
    log.event("round_ended", None, part=state.part, round=state.round)
    holds = winning.conditions(state)
    for side in holds:
        if side in state.held:  # ESPER-6.4
            winning.win(state, side, "two_rounds", _WHY["two_rounds"], log)
            return
    state.held = holds
    if state.part == 1 and _part1_over(state):
        _to_part2(state, log)
        return
    if state.part == 2 and state.round >= PART2_ROUNDS:
        _base_held(state, log)
        return
    state.agenda.append(Task("new_round"))


def _new_round(state: EsperState, task: Task, log: StepLog) -> None:
    state.round += 1
    state.turn_player = None
    log.event("round", None, part=state.part, round=state.round)
    most = part1_rounds(state) if state.part == 1 else PART2_ROUNDS
    tell(log, "round.begins", part=state.part, round=state.round, rounds=most)


def _part1_over(state: EsperState) -> bool:
    """ESPER-11.1: a living character holds 3 clues or more, no face-down planet card is left, or
    the round limit is reached."""
    if any(p.alive and p.clues >= CLUES_TO_END for p in state.players):
        return True
    if not any(c is not None and s not in state.face_up for s, c in enumerate(state.planet)):
        return True
    return state.round >= part1_rounds(state)


def _base_held(state: EsperState, log: StepLog) -> None:
    """ESPER-6.5, 6.5a: round 20 of part 2 is over (ESPER-6.4 was checked first)."""
    if not winning.alive_on(state, winning.EVIL):
        winning.win(state, winning.GOOD, "base_unheld", _WHY["base_unheld"], log)
    else:
        winning.win(state, winning.EVIL, "base_held", _WHY["base_held"], log)


_WHY = {
    why: CAPTIONS.say(f"result.why.{why}") for why in ("two_rounds", "base_unheld", "base_held")
}
"""How a side won, as its result says it."""


def _to_part2(state: EsperState, log: StepLog) -> None:
    """ESPER-11.2 to 11.6, as tasks: the clue-holders' picks, the reset, the key bases, the deal,
    the keepers' squares, round 1."""
    log.event("part_over", None, part=1)
    log.say(CAPTIONS, "part1.over")
    holders = [
        s
        for s in state.in_turn_order(state.order[0])
        if state.players[s].alive and state.players[s].clues >= CLUES_TO_END
    ]
    tasks = [Task("learn_offer", s) for s in holders]
    tasks += [Task("part2")]
    state.agenda[0:0] = tasks


def learn_candidates(state: EsperState, seat: int) -> list[int]:
    """ESPER-11.2: the other living evil-face players whose characters the holder's view does not
    hold yet."""
    return [
        s
        for s in state.order
        if s != seat
        and state.players[s].alive
        and state.face(s) == "evil"
        and not state.knowledge.knows(seat, ("identity", s))
    ]


def _learn_offer(state: EsperState, task: Task, log: StepLog) -> None:
    """Knowing more never hurts, so a holder learns as many as its clues allow; with no more to
    pick from than that, it learns them all unasked (``docs/rulings.md``, ESPER-11.2)."""
    seat = task.seat
    if not state.players[seat].alive:
        return
    cands = learn_candidates(state, seat)
    if not cands:
        return
    if len(cands) <= state.players[seat].clues:
        learn(state, seat, cands, log)
    else:
        state.agenda.insert(0, Task("learn", seat))


def learn(state: EsperState, seat: int, seats: list[int], log: StepLog) -> None:
    for target in seats:
        instructions.learn_identity(state, seat, target, log, "clues")


def _part2(state: EsperState, task: Task, log: StepLog) -> None:
    """ESPER-11.3, 11.4: everything leaves the board; states but death end, and so do probes,
    parties and lurk markers; ESP power is restored. Then the key bases are placed."""
    for p in state.players:
        p.where = p.home = None
        p.party = None
        p.hand = []
        p.entries = 0
        if p.alive:
            p.state = NORMAL
            p.incapacitated = 0
            p.spent = 0
            state.knowledge.shake_off(p.seat)
    state.lurks.clear()
    state.part = 2
    state.round = 0
    state.face_up = set()
    state.emptied = {}
    state.arrivals = []
    size = state.board.size
    state.base = [None] * (size * size)
    keepers = keepers_of(state)
    log.event("part", None, part=2, keepers=keepers)
    if not log.quiet:
        if keepers:
            log.say(CAPTIONS, "part2.begins", who=names(keepers))
        else:
            log.say(CAPTIONS, "part2.begins.nobody")
    keys = [c.id for c in state.pool.of("base") if c.kind == "key_base"]
    tasks = [Task("key_offer", -1, k) for k in range(len(keys))]
    tasks += [Task("deal_base")]
    tasks += [Task("start_square", s) for s in keepers]
    tasks += [Task("new_round")]
    state.agenda[0:0] = tasks


def keepers_of(state: EsperState) -> list[int]:
    """ESPER-11.4a: the living evil-face players, in turn order."""
    return [s for s in state.order if state.players[s].alive and state.keeper(s)]


def key_base_card(state: EsperState, index: int) -> str:
    return [c.id for c in state.pool.of("base") if c.kind == "key_base"][index]


def _key_offer(state: EsperState, task: Task, log: StepLog) -> None:
    """ESPER-11.4: keepers in turn order, round-robin, each placing one key base; with no keeper
    left, at random."""
    keepers = keepers_of(state)
    if not keepers:
        place_key_base(state, -1, task.a, random_square(state, free_squares(state)), log)
        return
    state.agenda.insert(0, Task("key_base", keepers[task.a % len(keepers)], task.a))


def free_squares(state: EsperState) -> list[int]:
    return [s for s, c in enumerate(state.base) if c is None]


def random_square(state: EsperState, allowed: list[int]) -> int:
    """ESPER-14.3: a row and a column drawn uniformly, again until the square is allowed."""
    size = state.board.size
    while True:
        square = state.rng.below(size) * size + state.rng.below(size)
        if square in allowed:
            return square


def place_key_base(state: EsperState, seat: int, index: int, square: int, log: StepLog) -> None:
    card = key_base_card(state, index)
    state.base[square] = card
    keepers = keepers_of(state)
    for keeper in keepers:
        state.knowledge.tell(keeper, ("square", square), card)
    log.event("key_base_placed", None, seat=seat, index=index)
    log.event("key_base_square", keepers, square=square, card=card)
    if log.quiet:
        return
    if seat >= 0:
        log.say(CAPTIONS, "base.key_base.placed", seat=S(seat), n=index + 1)
    else:
        log.say(CAPTIONS, "base.key_base.placed.rules", n=index + 1)
    if keepers:
        name = state.pool.cards[card].name
        square_said = square_name(state, square)
        log.say(CAPTIONS, "base.key_base.yours", to=keepers, card=name, square=square_said)


def _deal_base(state: EsperState, task: Task, log: StepLog) -> None:
    """ESPER-11.4: the other base cards, shuffled, face down on the squares left."""
    small = state.board.small
    cards = [
        c.id
        for c in state.pool.of("base")
        if c.kind != "key_base"
        for _ in range(c.small if small else c.count)
    ]
    state.rng.shuffle(cards)
    for square, card in zip(free_squares(state), cards, strict=True):
        state.base[square] = card
    log.event("base_dealt", None, cards=len(cards))
    log.say(CAPTIONS, "base.dealt")


def place_keeper(state: EsperState, seat: int, square: int, log: StepLog) -> None:
    """ESPER-11.5: in public."""
    state.players[seat].where = square
    log.event("moved", None, seats=[seat], square=square, how="start")
    log.say(CAPTIONS, "base.starts", seat=S(seat), square=square_name(state, square))


# -- conceding (ESPER-6.7) ------------------------------------------------------------------------


def concede(state: EsperState, seat: int, log: StepLog) -> None:
    """The character dies and the match goes on."""
    health.kill(state, seat, log, "concedes")


# -- the loop -------------------------------------------------------------------------------------


def _run(fn: Callable[[EsperState, int, StepLog], None]) -> Runner:
    return lambda state, task, log: fn(state, task.seat, log)


Runner = Callable[[EsperState, Task, StepLog], None]

RUN: Mapping[str, Runner] = {
    "lurks": _lurks,
    "part1": _part1,
    "turn": _turn,
    "phase1": _phase1,
    "phase2": _phase2,
    "phase3": _phase3,
    "phase4": _phase4,
    "phase5": _phase5,
    "phase6": _phase6,
    "open": lambda s, t, log: instructions.open_or_obey(s, list(s.arrivals), t.a, log),
    "open_alone": lambda s, t, log: instructions.open_or_obey(s, [t.seat], t.a, log),
    "obey": lambda s, t, log: instructions.obey(s, t.seat, t.a, log),
    "discard_card": lambda s, t, log: instructions.discard_card(s, t.a, log),
    "springs": lambda s, t, log: instructions.lurk_springs(s, t.a, log),
    "scramble": _run(instructions.scramble),
    "invited": _run(moves.invited),
    "npc_fight": lambda s, t, log: combat.start_npc_fight(s, t.seat, t.a, log),
    "joined": lambda s, t, log: combat.joined(s, log),
    "round_start": lambda s, t, log: combat.round_start(s, log),
    "combat_turn": _run(combat.combat_turn),
    "covers": _run(combat.covers),
    "cover_offer": _run(combat.cover_offer),
    "hit": _run(combat.hit),
    "round_end": lambda s, t, log: combat.round_end(s, log),
    "combat_end": lambda s, t, log: combat.combat_end(s, log),
    "new_round": _new_round,
    "learn_offer": _learn_offer,
    "part2": _part2,
    "key_offer": _key_offer,
    "deal_base": _deal_base,
}


def _can_answer(state: EsperState, task: Task) -> bool:
    """Whether an ask still waits: its seat is alive (a concession may have ended it); for a
    simultaneous choice, some living chooser has not chosen (the dead choose their default)."""
    if task.kind in ("join", "invitation"):
        choice = state.choice
        if choice is None:
            return False
        for seat in choice.waiting_on():
            if not state.players[seat].alive:
                choice.choose(seat, False)
        return not choice.done()
    return state.players[task.seat].alive


def _dropped(state: EsperState, task: Task, log: StepLog) -> None:
    """An ask nobody can answer any more: a key base is still placed, at random."""
    if task.kind == "key_base":
        place_key_base(state, -1, task.a, random_square(state, free_squares(state)), log)


def proceed(state: EsperState, log: StepLog) -> None:
    """Run every task no player decides, until the match waits on a seat or is over."""
    while state.result is None:
        agenda = state.agenda
        if not agenda:
            _next_turn(state, log)
            continue
        task = agenda[0]
        if task.kind in ASKS:
            if _can_answer(state, task):
                return
            agenda.pop(0)
            _dropped(state, task, log)
            continue
        agenda.pop(0)
        RUN[task.kind](state, task, log)
