"""The actions of an esper seat, what it is offered, and what the clock does (ESPER-13).

The match waits on one seat's ask (``EsperState.ask``), or on every seat still choosing in a
simultaneous choice (joins, invitations: ESPER-13.1). Each ask offers its own kinds; ``pass``
always declines what is asked (no lurk marker, no declaration, nothing in the movement phase, no
combat, no join, taking the hit...). ``square`` answers every ask for a square (a teleport's end,
an entry, an escape, the archive's names, a key base, a keeper's start); a board of more squares
than a menu holds is offered row by row (or planet by planet). ``concede`` is an ``always`` kind;
``arm`` and ``disarm`` are offered to a lurk marker's placer whenever it has one, and the match
never waits on them (ESPER-8.5a). Labels name seats as ``{seat3}``. Choices with a single option
are made by the rules, never asked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..engine import Action, ActionSpec, ArgValue, Kind, Option, Param, StepLog, kinds
from . import combat, flow, instructions, moves, parties
from .captions import S, square_name
from .cards import FLEX_ATTACK_LEVELS, CardDef, Persona
from .state import EsperState, Task

__all__ = ["KINDS", "TIMEOUT", "asked_label", "offer", "pending", "waiting_label"]

TIMEOUT = Action("timeout")
"""Sent by the match's clock for a seat it waits on (ESPER-13.2)."""

CHOICES = ("join", "invitation")


def pending(state: EsperState) -> tuple[int, ...]:
    if state.result is not None:
        return ()
    ask = state.ask
    if ask is None:
        return ()
    if ask.kind in CHOICES:
        assert state.choice is not None
        return state.choice.waiting_on()
    return (ask.seat,)


# -- labels ---------------------------------------------------------------------------------------


def _square_option(state: EsperState, square: int) -> Option:
    """A square with what lies there, as the seat may see it: a face-up card's name, or face
    down, or a spaceport."""
    card = state.card_here(square)
    if state.part == 1 and state.board.place_of(square) == 0:
        detail = "spaceport"
    elif square in state.destroyed:
        detail = "destroyed"
    elif card is None:
        detail = "empty"
    elif square in state.face_up:
        detail = state.pool.cards[card].name
    else:
        detail = "face down"
    return Option(square, f"{square_name(state, square)} ({detail})")


def _seat_option(state: EsperState, seat: int) -> Option:
    persona = state.players[seat].persona
    name = next((p.name for p in state.pool.personas if p.id == persona), "no persona")
    return Option(seat, f"{S(seat)} ({name})")


def _fighter_option(state: EsperState, fighter: int) -> Option:
    if fighter < 0:
        assert state.combat is not None
        return Option(fighter, f"Guard {-fighter} (durability {state.combat.npcs[fighter]})")
    player = state.players[fighter]
    return Option(fighter, f"{S(fighter)} (damage {player.damage})")


def _gear(state: EsperState, kind: str) -> str:
    return state.pool.gear(kind).name


def _squares(state: EsperState, squares: Sequence[int]) -> Param:
    return Param("square", "Square", tuple(_square_option(state, s) for s in squares))


def _by_row(state: EsperState, label: str, squares: Sequence[int]) -> list[ActionSpec]:
    """A square of the base, row by row: a menu holds at most 25 options."""
    size = state.board.size
    rows: dict[int, list[int]] = {}
    for s in squares:
        rows.setdefault(s // size, []).append(s)
    return [
        ActionSpec("square", f"{label}: row {row + 1}", params=(_squares(state, found),))
        for row, found in rows.items()
    ]


_PASS = {
    "lurk": "Place no lurk marker",
    "declare": "Go on without declaring",
    "move": "Do nothing (NOP)",
    "invitation": "Decline the invitation",
    "combat": "No combat",
    "join": "Stay out of the combat",
    "damper": "Keep your gear",
    "fight": "Pass",
    "answer": "Take the hit (no answer)",
    "cover": "Do not cover",
    "check": "No check",
    "archive": "Stop naming squares",
}


# -- what is offered ------------------------------------------------------------------------------


def offer(state: EsperState, seat: int) -> list[ActionSpec]:
    """The seat's legal actions, less the ``always`` kinds the engine adds."""
    if state.result is not None:
        return []
    specs: list[ActionSpec] = []
    ask = state.ask
    if ask is not None and seat in pending(state):
        specs = _ASKED[ask.kind](state, ask)
        if ask.kind in _PASS:
            specs.append(ActionSpec("pass", _PASS[ask.kind]))
    lurk = state.lurks.get(seat)
    if lurk is not None and state.part == 1:
        if lurk.armed:
            specs.append(ActionSpec("disarm", "Disarm your lurk marker (it will not spring)"))
        else:
            specs.append(ActionSpec("arm", "Arm your lurk marker (it springs by itself)"))
    return specs


def _persona(state: EsperState, ask: Task) -> list[ActionSpec]:
    opts = tuple(Option(p.id, p.name, f"{p.face} face") for p in open_personas(state))
    return [ActionSpec("persona", "Pick your persona", params=(Param("persona", "Persona", opts),))]


def open_personas(state: EsperState) -> list[Persona]:
    """ESPER-0.4, 13.3: at most 2 players a persona, at most *E* players evil-face personas."""
    taken = [p.persona for p in state.players if p.persona is not None]
    evil_faces = sum(1 for s in range(state.seats) if state.face(s) == "evil")
    evil_most = flow.EVIL_BY_SEATS[state.seats]
    return [
        p
        for p in state.pool.personas
        if taken.count(p.id) < 2 and (p.face == "good" or evil_faces < evil_most)
    ]


def _lurk(state: EsperState, ask: Task) -> list[ActionSpec]:
    """ESPER-0.6: a square holding a face-down planet card, planet by planet."""
    board = state.board
    specs = []
    for planet, info in enumerate(state.pool.planets):
        squares = [
            s
            for s in board.planet_squares
            if board.planet_of(s) == planet and state.planet[s] is not None
        ]
        if squares:
            specs.append(
                ActionSpec("lurk", f"Lurk on {info.name}", params=(_squares(state, squares),))
            )
    return specs


def _declare_spec() -> ActionSpec:
    return ActionSpec("declare", "Declare victory (your character is revealed)")


def _declare_ask(state: EsperState, ask: Task) -> list[ActionSpec]:
    return [_declare_spec()]


def _move(state: EsperState, ask: Task) -> list[ActionSpec]:
    """ESPER-1.3: the movement phase's menu (with the victory declaration, ESPER-1.9)."""
    seat = ask.seat
    player = state.players[seat]
    specs = []
    if not state.asked_declare and not state.declared:
        specs.append(_declare_spec())
    if player.where is None:
        if state.part == 1:
            ports = state.board.spaceports
            specs.append(
                ActionSpec("enter", "Enter at a spaceport", params=(_squares(state, ports),))
            )
        else:
            specs.append(ActionSpec("enter", "Try to enter the base (ESP-level check)"))
        return specs
    if moves.member(state, seat):
        specs.append(ActionSpec("leave_party", "Leave the party"))
        return specs
    walks = state.board.walks(state.part, player.where)
    specs.append(ActionSpec("walk", "Walk one square", params=(_squares(state, walks),)))
    levels = tuple(Option(n, f"Level {n}") for n in range(1, player.level + 1))
    specs.append(
        ActionSpec(
            "teleport",
            "Teleport (declare a level, roll 1d6)",
            params=(Param("level", "Level", levels),),
            detail="A roll at most the level moves exactly that many squares.",
        )
    )
    flights = moves.flights(state, seat)
    if flights:
        specs.append(ActionSpec("fly", "Fly to a spaceport", params=(_squares(state, flights),)))
    if state.part == 1 and "shuttle" in player.gear:
        others = [s for s in moves.spaceports(state) if s != player.where]
        specs.append(
            ActionSpec(
                "use_shuttle",
                f"Use your {_gear(state, 'shuttle')}: fly",
                params=(_squares(state, others),),
            )
        )
    if moves.can_recover(state, seat):
        specs.append(ActionSpec("recover", f"Recover 1 (damage {player.damage})"))
    free = parties.free_places(state, seat)
    invitable = parties.invitable(state, seat)
    if free and invitable:
        opts = tuple(_seat_option(state, s) for s in invitable)
        most = min(free, len(opts))
        param = Param("guests", "Players", opts, least=1, most=most)
        specs.append(ActionSpec("invite", "Invite into a party", params=(param,)))
    if player.party is not None:
        specs.append(
            ActionSpec("leave_party", "End your party" if player.party == seat else "Leave")
        )
    if moves.can_destroy(state, seat):
        specs.append(ActionSpec("destroy", "Destroy this key base"))
    return specs


def _end_square(state: EsperState, ask: Task) -> list[ActionSpec]:
    where = state.players[ask.seat].where
    assert where is not None
    ends = state.board.teleport_ends(state.part, where, ask.a)
    return [ActionSpec("square", "Pick where the teleport ends", params=(_squares(state, ends),))]


def _entry_square(state: EsperState, ask: Task) -> list[ActionSpec]:
    ring = state.board.outer_ring
    return [ActionSpec("square", "Pick where you enter", params=(_squares(state, ring),))]


def _escape_square(state: EsperState, ask: Task) -> list[ActionSpec]:
    where = state.players[ask.seat].where
    assert where is not None
    walks = state.board.walks(state.part, where)
    return [ActionSpec("square", "Pick where you escape to", params=(_squares(state, walks),))]


def _invitation(state: EsperState, ask: Task) -> list[ActionSpec]:
    return [ActionSpec("accept", f"Join {S(ask.seat)}'s party")]


def _combat(state: EsperState, ask: Task) -> list[ActionSpec]:
    where = state.players[ask.seat].where
    return [ActionSpec("combat", f"Declare combat at {square_name(state, where)}")]


def _join(state: EsperState, ask: Task) -> list[ActionSpec]:
    assert state.combat is not None
    at = square_name(state, state.combat.square)
    return [ActionSpec("join_combat", f"Try to join the combat at {at} (ESP-level check)")]


def _damper(state: EsperState, ask: Task) -> list[ActionSpec]:
    assert state.combat is not None
    opts = tuple(_fighter_option(state, c) for c in state.combat.players())
    return [
        ActionSpec(
            "use_damper",
            f"Use your {_gear(state, 'damper')}: no card above level 2 this round",
            params=(Param("target", "Combatant", opts),),
        )
    ]


def _targets(state: EsperState, seat: int, players_only: bool = False) -> tuple[Option, ...]:
    assert state.combat is not None
    return tuple(
        _fighter_option(state, c)
        for c in state.combat.combatants
        if c != seat and (c >= 0 or not players_only)
    )


def _fight(state: EsperState, ask: Task) -> list[ActionSpec]:
    """ESPER-5.7: attack, mind-read, escape or pass."""
    seat = ask.seat
    player = state.players[seat]
    cards: dict[str, CardDef] = {c.id: c for c in combat.hand_cards(state, seat)}
    targets = _targets(state, seat)
    target = Param("target", "Target", targets)
    specs = []
    focus = "focus" in player.gear
    for card in sorted(cards.values(), key=lambda c: (c.kind, c.level)):
        if card.kind == "attack":
            if combat.playable(state, seat, card.level):
                label = f"Attack with {card.name} (level {card.level}, {card.damage} damage)"
                specs.append(ActionSpec("play", label, (("card", card.id),), (target,)))
            if focus and combat.playable(state, seat, card.level, free=True):
                label = f"Attack with {card.name} and your {_gear(state, 'focus')} (no power)"
                fixed = (("card", card.id), ("focus", True))
                specs.append(ActionSpec("play", label, fixed, (target,)))
        elif card.kind == "flex":
            levels = combat.flex_levels(state, seat, FLEX_ATTACK_LEVELS)
            if levels:
                opts = tuple(Option(n, f"Level {n}") for n in levels)
                label = f"Attack with {card.name} (a chosen level, 2 damage)"
                params = (Param("level", "Level", opts), target)
                specs.append(ActionSpec("play", label, (("card", card.id),), params))
        elif card.kind == "mind_read" and combat.playable(state, seat, card.level):
            minds = _targets(state, seat, players_only=True)
            if minds:
                label = f"Read a mind with {card.name} (level {card.level})"
                specs.append(
                    ActionSpec(
                        "play",
                        label,
                        (("card", card.id),),
                        (Param("target", "Target", minds),),
                    )
                )
        elif card.kind == "escape" and combat.playable(state, seat, card.level):
            label = f"Escape with {card.name} (level {card.level})"
            specs.append(ActionSpec("play", label, (("card", card.id),)))
    if "bolt_hole" in player.gear:
        specs.append(ActionSpec("bolt_hole", f"Escape through your {_gear(state, 'bolt_hole')}"))
    return specs


def _answer(state: EsperState, ask: Task, *, cover: bool = False) -> list[ActionSpec]:
    """ESPER-5.8: a defence of the attack's level or higher, a flex card, a barrier, a bolt-hole
    or an escape (or, covering, a defence only)."""
    seat = ask.seat
    assert state.combat is not None and state.combat.attack is not None
    level = state.combat.attack.level
    kind = "cover" if cover else "defend"
    specs = [
        ActionSpec(kind, f"Defend with {c.name} (level {c.level})", (("card", c.id),))
        for c in combat.defences(state, seat, level)
    ]
    flex = combat.flex_levels(state, seat, combat.defence_levels(level))
    if flex:
        opts = tuple(Option(n, f"Level {n}") for n in flex)
        card = combat.flex_card(state, seat)
        name = state.pool.cards[card].name
        specs.append(
            ActionSpec(
                kind,
                f"Defend with {name} (a chosen level)",
                (("card", card),),
                (Param("level", "Level", opts),),
            )
        )
    if cover:
        return specs
    player = state.players[seat]
    if combat.can_barrier(state, seat, level):
        specs.append(
            ActionSpec("use_barrier", f"Answer with your {_gear(state, 'barrier')} (free)")
        )
    if "bolt_hole" in player.gear:
        label = f"Escape through your {_gear(state, 'bolt_hole')} (the attack misses)"
        specs.append(ActionSpec("bolt_hole", label))
    for escape in {c.id: c for c in combat.hand_cards(state, seat)}.values():
        if escape.kind == "escape" and combat.playable(state, seat, escape.level):
            label = f"Escape with {escape.name} (the attack misses)"
            specs.append(ActionSpec("play", label, (("card", escape.id),)))
    return specs


def _cover(state: EsperState, ask: Task) -> list[ActionSpec]:
    return _answer(state, ask, cover=True)


def _insight(state: EsperState, ask: Task) -> list[ActionSpec]:
    opts = tuple(_seat_option(state, s) for s in instructions.insight_candidates(state, ask.seat))
    return [
        ActionSpec(
            "read_insight",
            "Pick a player: you alone learn its character",
            params=(Param("target", "Player", opts),),
        )
    ]


def _learn(state: EsperState, ask: Task) -> list[ActionSpec]:
    """ESPER-11.2: as many evil-face players as the clues held (``docs/rulings.md``)."""
    cands = flow.learn_candidates(state, ask.seat)
    n = min(state.players[ask.seat].clues, len(cands))
    opts = tuple(_seat_option(state, s) for s in cands)
    label = f"Pick {n} evil-face players: you alone learn their characters"
    return [ActionSpec("unmask", label, params=(Param("picks", "Players", opts, n, n),))]


def _check(state: EsperState, ask: Task) -> list[ActionSpec]:
    which = flow.check_offered(state, ask.seat)
    label = "Make the core check (ESP level)" if which == "core" else "Make the archive check"
    return [ActionSpec("check", label)]


def _archive(state: EsperState, ask: Task) -> list[ActionSpec]:
    named = _named(ask.a)
    squares = [s for s in flow.face_down(state) if s not in named]
    if len(named) >= ARCHIVE_MOST:
        return []
    return _by_row(state, f"Name a face-down square ({len(named) + 1} of 3)", squares)


ARCHIVE_MOST = 3


def _named(mask: int) -> list[int]:
    return [s for s in range(mask.bit_length()) if mask >> s & 1]


def _key_base(state: EsperState, ask: Task) -> list[ActionSpec]:
    name = state.pool.cards[flow.key_base_card(state, ask.a)].name
    return _by_row(state, f"Place the {name}", flow.free_squares(state))


def _start_square(state: EsperState, ask: Task) -> list[ActionSpec]:
    squares = range(state.board.base_squares)
    return _by_row(state, "Pick your starting square", list(squares))


_ASKED: Mapping[str, Callable[[EsperState, Task], list[ActionSpec]]] = {
    "persona": _persona,
    "lurk": _lurk,
    "declare": _declare_ask,
    "move": _move,
    "end_square": _end_square,
    "entry_square": _entry_square,
    "escape_square": _escape_square,
    "invitation": _invitation,
    "combat": _combat,
    "join": _join,
    "damper": _damper,
    "fight": _fight,
    "answer": _answer,
    "cover": _cover,
    "insight": _insight,
    "learn": _learn,
    "check": _check,
    "archive": _archive,
    "key_base": _key_base,
    "start_square": _start_square,
}


def waiting_label(state: EsperState) -> str:
    """What the match waits on, for anyone: ``{seat3} moves``."""
    ask = state.ask
    if ask is None or state.result is not None:
        return ""
    if ask.kind in CHOICES:
        assert state.choice is not None
        who = ", ".join(S(s) for s in state.choice.waiting_on())
        return f"{who}: {'join the combat?' if ask.kind == 'join' else 'join the party?'}"
    return f"{S(ask.seat)} {_WAITS[ask.kind]}"


def asked_label(state: EsperState, seat: int) -> str:
    """What the match asks ``seat``, in the second person, or "" if it waits on others."""
    ask = state.ask
    if ask is None or state.result is not None or seat not in pending(state):
        return ""
    if ask.kind in CHOICES:
        return "Join the combat?" if ask.kind == "join" else f"Join {S(ask.seat)}'s party?"
    return _ASKS_YOU[ask.kind]


_ASKS_YOU = {
    "persona": "Pick your persona.",
    "lurk": "Place a lurk marker, or none.",
    "declare": "Declare victory, or go on.",
    "move": "Your movement.",
    "end_square": "Pick where your teleport ends.",
    "entry_square": "Pick where you enter the base.",
    "escape_square": "Pick where you escape to.",
    "combat": "Declare combat, or not.",
    "damper": "Use your damper gear, or not.",
    "fight": "Your combat turn.",
    "answer": "Answer the attack.",
    "cover": "Cover your party member, or not.",
    "insight": "Pick a player for the insight.",
    "learn": "Pick the players you learn.",
    "check": "Make the destruction check, or not.",
    "archive": "Name squares for the archive.",
    "key_base": "Place a key base.",
    "start_square": "Pick your starting square.",
}


_WAITS = {
    "persona": "picks a persona",
    "lurk": "decides on a lurk marker",
    "declare": "may declare victory",
    "move": "moves",
    "end_square": "picks the teleport's end square",
    "entry_square": "picks where to enter",
    "escape_square": "picks where to escape to",
    "combat": "may declare combat",
    "damper": "may use a gear",
    "fight": "takes a combat turn",
    "answer": "answers the attack",
    "cover": "may cover the attack",
    "insight": "picks a player for the insight",
    "learn": "picks players to learn",
    "check": "may make a destruction check",
    "archive": "names squares for the archive",
    "key_base": "places a key base",
    "start_square": "picks a starting square",
}


# -- carrying out ---------------------------------------------------------------------------------


def _int(value: ArgValue) -> int:
    assert isinstance(value, int) and not isinstance(value, bool)
    return value


def _ints(value: ArgValue) -> list[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    assert isinstance(value, tuple)
    return [v for v in value if isinstance(v, int) and not isinstance(v, bool)]


def _answered(state: EsperState) -> Task:
    """The ask the action answers, taken off the agenda."""
    return state.agenda.pop(0)


def _act(fn: Callable[[EsperState, int, Action, StepLog], None]) -> Callable[..., None]:
    def handler(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
        fn(state, seat, action, log)
        flow.proceed(state, log)

    return handler


@_act
def _pick_persona(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    _set_persona(state, seat, str(action["persona"]), log)


def _set_persona(state: EsperState, seat: int, persona: str, log: StepLog) -> None:
    state.players[seat].persona = persona
    found = next(p for p in state.pool.personas if p.id == persona)
    log.event("persona", None, seat=seat, persona=persona)
    log.step(f"{S(seat)} is the {found.name} ({found.face} face).")


@_act
def _place_lurk(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    from .state import Lurk

    _answered(state)
    square = _int(action["square"])
    state.lurks[seat] = Lurk(square)
    log.event("lurk_decided", None, seat=seat)
    log.event("lurk", seat, seat=seat, square=square)
    log.step(f"{S(seat)} has decided on a lurk marker.")
    log.step(f"Your lurk marker is on {square_name(state, square)}, armed.", to=seat)


@_act
def _pass(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    ask = state.ask
    assert ask is not None
    if ask.kind in CHOICES:
        assert state.choice is not None
        state.choice.choose(seat, False)
        log.event("chose", None, seat=seat)
        log.step(f"{S(seat)} has chosen.")
        return
    _answered(state)
    _declined(state, ask, log)


def _declined(state: EsperState, ask: Task, log: StepLog) -> None:
    seat = ask.seat
    if ask.kind == "lurk":
        log.event("lurk_decided", None, seat=seat)
        log.step(f"{S(seat)} has decided on a lurk marker.")
    elif ask.kind == "move":
        log.event("nop", None, seat=seat)
        log.step(f"{S(seat)} does nothing (NOP).")
    elif ask.kind == "fight":
        log.event("passed", None, seat=seat)
        log.step(f"{S(seat)} passes.")
    elif ask.kind == "answer":
        log.step(f"{S(seat)} does not answer.")
    elif ask.kind == "archive":
        named = _named(ask.a)
        if named:
            flow.read_archive(state, seat, named, log)
    elif ask.kind in ("combat", "check", "damper", "cover", "declare"):
        log.event("declined", None, seat=seat, what=ask.kind)


@_act
def _declare(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    ask = _answered(state)
    flow.declare(state, seat, log)
    if state.result is None and ask.kind == "move":
        state.agenda.insert(0, ask)  # the menu again, without the declaration


@_act
def _enter(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    square = action.get("square")
    if square is None:
        moves.enter_base(state, seat, log)
    else:
        moves.enter(state, seat, _int(square), log)


@_act
def _walk(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    moves.walk(state, seat, _int(action["square"]), log)


@_act
def _teleport(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    moves.teleport(state, seat, _int(action["level"]), log)


@_act
def _fly(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    moves.fly(state, seat, _int(action["square"]), log, shuttle=False)


@_act
def _shuttle(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    moves.fly(state, seat, _int(action["square"]), log, shuttle=True)


@_act
def _recover(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    moves.recover(state, seat, log)


@_act
def _invite(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    moves.invite(state, seat, _ints(action["guests"]), log)


@_act
def _leave(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    parties.leave(state, seat, log)


@_act
def _destroy(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    moves.destroy(state, seat, log)


@_act
def _square(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    ask = _answered(state)
    _to_square(state, ask, _int(action["square"]), log)


def _to_square(state: EsperState, ask: Task, square: int, log: StepLog) -> None:
    seat = ask.seat
    if ask.kind == "end_square":
        moves.land(state, seat, square, log)
    elif ask.kind == "entry_square":
        moves.enter(state, seat, square, log)
    elif ask.kind == "escape_square":
        combat.escape_to(state, seat, square, log)
    elif ask.kind == "archive":
        named = [*_named(ask.a), square]
        if len(named) >= ARCHIVE_MOST or len(named) == len(flow.face_down(state)):
            flow.read_archive(state, seat, named, log)
        else:
            state.agenda.insert(0, Task("archive", seat, ask.a | 1 << square))
    elif ask.kind == "key_base":
        flow.place_key_base(state, seat, ask.a, square, log)
    else:
        flow.place_keeper(state, seat, square, log)


@_act
def _accept(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    assert state.choice is not None
    state.choice.choose(seat, True)
    log.event("chose", None, seat=seat)
    log.step(f"{S(seat)} has chosen.")


@_act
def _combat_declared(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    where = state.players[seat].where
    assert where is not None
    log.event("declared_combat", None, seat=seat)
    log.step(f"{S(seat)} declares combat.")
    combat.start(state, where, log)


@_act
def _damper_used(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    target = _int(action["target"])
    assert state.combat is not None
    state.combat.damped.append(target)
    combat.use_gear(state, seat, "damper", log)
    name = _gear(state, "damper")
    log.step(f"{S(seat)} uses a {name} on {S(target)}: no card above level 2 this round.")


@_act
def _play(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    """A combat card played (ESPER-5.7, 5.8): an attack, a mind-read or an escape, by its kind."""
    ask = _answered(state)
    card = str(action["card"])
    kind = state.pool.cards[card].kind
    if kind in ("attack", "flex"):
        level = action.get("level")
        combat.attack(
            state,
            seat,
            _int(action["target"]),
            card,
            log,
            level=None if level is None else _int(level),
            focus=bool(action.get("focus")),
        )
    elif kind == "mind_read":
        combat.mind_read(state, seat, _int(action["target"]), card, log)
    else:
        if ask.kind == "answer":
            combat.missed(state, seat)
        combat.escape(state, seat, log, card_id=card)


@_act
def _bolt_hole(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    ask = _answered(state)
    if ask.kind == "answer":
        combat.missed(state, seat)
    combat.escape(state, seat, log, card_id=None)


def _defend_with(cover: bool) -> Callable[..., None]:
    @_act
    def handler(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
        _answered(state)
        card = str(action["card"])
        level = action.get("level")
        played = state.pool.cards[card].level if level is None else _int(level)
        combat.defend(state, seat, card, played, log, cover=cover)

    return handler


@_act
def _barrier(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    combat.barrier(state, seat, log)


@_act
def _insight_picked(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    instructions.pick_insight(state, seat, _int(action["target"]), log)


@_act
def _learned(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    flow.learn(state, seat, _ints(action["picks"]), log)


@_act
def _check_made(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    if flow.check_offered(state, seat) == "core":
        flow.core_check(state, seat, log)
    else:
        flow.archive_check(state, seat, log)


def _lurk_flip(armed: bool) -> Callable[..., None]:
    def handler(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
        """ESPER-8.5a: a step the placer alone sees; the match does not wait on it."""
        state.lurks[seat].armed = armed
        log.event("lurk_armed", seat, seat=seat, armed=armed)
        log.step(f"Your lurk marker is {'armed' if armed else 'disarmed'}.", to=seat)

    return handler


# -- the clock (ESPER-13.2) -----------------------------------------------------------------------


def _timeout(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    """ESPER-13.2 for every decision the seat's time covered: while the match still waits on it
    in the same turn, the next decision takes its default too (the clock gives a seat one limit
    until a turn begins or another seat has been waited on, so one missed limit is one timeout,
    whatever number of phases it spans)."""
    turn = state.turn
    while True:
        _time_out(state, seat, log)
        flow.proceed(state, log)
        if state.result is not None or state.turn != turn or seat not in pending(state):
            return


def _time_out(state: EsperState, seat: int, log: StepLog) -> None:
    ask = state.ask
    assert ask is not None
    log.event("timeout", None, seat=seat)
    if ask.kind in CHOICES:
        assert state.choice is not None
        state.choice.choose(seat, False)
        log.step(f"{S(seat)} ran out of time: no.")
        return
    _answered(state)
    default = _DEFAULTS.get(ask.kind)
    if default is None:
        _declined(state, ask, log)
    else:
        default(state, ask, log)


def _first_persona(state: EsperState, ask: Task, log: StepLog) -> None:
    """ESPER-13.3: the first open good-face persona."""
    persona = next(p for p in open_personas(state) if p.face == "good")
    _set_persona(state, ask.seat, persona.id, log)


def _first_square(state: EsperState, ask: Task, log: StepLog) -> None:
    specs = _ASKED[ask.kind](state, ask)
    _to_square(state, ask, _int(specs[0].params[0].options[0].value), log)


def _random_square(state: EsperState, ask: Task, log: StepLog) -> None:
    allowed = (
        flow.free_squares(state)
        if ask.kind == "key_base"
        else list(range(state.board.base_squares))
    )
    _to_square(state, ask, flow.random_square(state, allowed), log)


def _nobody(state: EsperState, ask: Task, log: StepLog) -> None:
    instructions.pick_insight(state, ask.seat, None, log)


def _first_evil(state: EsperState, ask: Task, log: StepLog) -> None:
    cands = flow.learn_candidates(state, ask.seat)
    flow.learn(state, ask.seat, cands[: state.players[ask.seat].clues], log)


def _first_face_down(state: EsperState, ask: Task, log: StepLog) -> None:
    named = _named(ask.a)
    more = [s for s in flow.face_down(state) if s not in named]
    flow.read_archive(state, ask.seat, [*named, *more][:ARCHIVE_MOST], log)


_DEFAULTS: Mapping[str, Callable[[EsperState, Task, StepLog], None]] = {
    "persona": _first_persona,
    "end_square": _first_square,
    "entry_square": _first_square,
    "escape_square": _first_square,
    "insight": _nobody,
    "learn": _first_evil,
    "archive": _first_face_down,
    "key_base": _random_square,
    "start_square": _random_square,
}
"""What the clock does where it is not a plain no (ESPER-13.2)."""


def _concede(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    """ESPER-6.7: the character dies; the match goes on."""
    if not state.players[seat].alive:
        log.step("You are out of the match already.", to=seat)
        return
    flow.concede(state, seat, log)
    flow.proceed(state, log)


def _concede_spec(state: EsperState, seat: int) -> ActionSpec:
    return _CONCEDE


_CONCEDE = ActionSpec("concede", "Concede (your character dies; the match goes on)")


# -- why not --------------------------------------------------------------------------------------


def _why_not(state: EsperState, seat: int, action: Action) -> str | None:
    if state.result is not None:
        return "The match is over."
    waiting = pending(state)
    if seat not in waiting:
        label = waiting_label(state)
        return f"Not now: waiting on {label}." if label else "Not now."
    ask = state.ask
    if ask is not None and action.kind not in {s.kind for s in offer(state, seat)}:
        return f"First: {_WAITS.get(ask.kind, 'answer what is asked')}."
    return "Choose one of the options offered."


def _lurk_why_not(state: EsperState, seat: int, action: Action) -> str | None:
    if seat not in state.lurks or state.part != 1:
        return "You have no lurk marker."
    return f"Your lurk marker is {'armed' if state.lurks[seat].armed else 'disarmed'} already."


def _timeout_why_not(state: EsperState, seat: int, action: Action) -> str | None:
    return "The match is not waiting on that player."


def _kind(
    name: str, handler: Callable[..., None], *params: str, optional: tuple[str, ...] = ()
) -> Kind:
    return Kind(name, handler, params, optional, why_not=_why_not)


KINDS: Mapping[str, Kind] = kinds(
    _kind("persona", _pick_persona, "persona"),
    _kind("lurk", _place_lurk, "square"),
    _kind("pass", _pass),
    _kind("declare", _declare),
    _kind("enter", _enter, optional=("square",)),
    _kind("walk", _walk, "square"),
    _kind("teleport", _teleport, "level"),
    _kind("fly", _fly, "square"),
    _kind("use_shuttle", _shuttle, "square"),
    _kind("recover", _recover),
    _kind("invite", _invite, "guests"),
    _kind("leave_party", _leave),
    _kind("destroy", _destroy),
    _kind("square", _square, "square"),
    _kind("accept", _accept),
    _kind("combat", _combat_declared),
    _kind("join_combat", _accept),
    _kind("use_damper", _damper_used, "target"),
    _kind("play", _play, "card", optional=("target", "level", "focus")),
    _kind("bolt_hole", _bolt_hole),
    _kind("defend", _defend_with(False), "card", optional=("level",)),
    _kind("cover", _defend_with(True), "card", optional=("level",)),
    _kind("use_barrier", _barrier),
    _kind("read_insight", _insight_picked, "target"),
    _kind("unmask", _learned, "picks"),
    _kind("check", _check_made),
    Kind("arm", _lurk_flip(True), why_not=_lurk_why_not),
    Kind("disarm", _lurk_flip(False), why_not=_lurk_why_not),
    Kind("timeout", _timeout, why_not=_timeout_why_not, clock=True),
    Kind("concede", _concede, always=_concede_spec),
)
