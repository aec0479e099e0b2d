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

import functools
from collections.abc import Callable, Mapping, Sequence

from ..engine import Action, ActionSpec, ArgValue, Kind, Option, Param, Said, StepLog, kinds
from . import combat, flow, instructions, moves, parties
from .captions import S, square_name
from .cards import FLEX_ATTACK_LEVELS, CardDef, Persona
from .state import EsperState, Task
from .words import CAPTIONS, SEAT, said, tell

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
    name = ""
    if state.part == 1 and state.board.place_of(square) == 0:
        detail = "spaceport"
    elif square in state.destroyed:
        detail = "destroyed"
    elif card is None:
        detail = "empty"
    elif square in state.face_up:
        detail, name = "card", state.pool.cards[card].name
    else:
        detail = "face down"
    return _option(square, _SQUARE_OPTIONS[detail], square_name(state, square), name)


_SQUARE_OPTIONS = {
    detail: f"option.square.{detail.replace(' ', '_')}"
    for detail in ("spaceport", "destroyed", "empty", "card", "face down")
}


@functools.cache
def _option(square: int, template: str, name: str, card: str) -> Option:
    """A square's option, made once for each square, name and what lies there: menus are
    listed in quiet play too (a square name is the same said text each time it is named)."""
    return Option(square, CAPTIONS.say(template, square=name, card=card))


def _seat_option(state: EsperState, seat: int) -> Option:
    persona = state.players[seat].persona
    name = next((p.name for p in state.pool.personas if p.id == persona), None)
    if name is None:
        return Option(seat, said("option.seat.nobody", seat=S(seat)))
    return Option(seat, said("option.seat", seat=S(seat), persona=name))


def _fighter_option(state: EsperState, fighter: int) -> Option:
    if fighter < 0:
        assert state.combat is not None
        left = state.combat.npcs[fighter]
        return Option(fighter, said("option.guard", n=-fighter, durability=left))
    player = state.players[fighter]
    return Option(fighter, said("option.fighter", seat=S(fighter), damage=player.damage))


def _gear(state: EsperState, kind: str) -> str:
    return state.pool.gear(kind).name


_SQUARE = CAPTIONS.say("param.square")
_LEVEL = CAPTIONS.say("param.level")
_TARGET = CAPTIONS.say("param.target")
_PLAYERS = CAPTIONS.say("param.players")


def _squares(state: EsperState, squares: Sequence[int]) -> Param:
    return Param("square", _SQUARE, tuple(_square_option(state, s) for s in squares))


def _by_row(state: EsperState, label: str, squares: Sequence[int]) -> list[ActionSpec]:
    """A square of the base, row by row: a menu holds at most 25 options. ``label`` is said
    once for each menu it heads (one said text for each English)."""
    size = state.board.size
    rows: dict[int, list[int]] = {}
    for s in squares:
        rows.setdefault(s // size, []).append(s)
    return [
        ActionSpec("square", _row(label, row + 1), params=(_squares(state, found),))
        for row, found in rows.items()
    ]


@functools.cache
def _row(label: str, row: int) -> Said:
    return CAPTIONS.say("label.row", label=label, row=row)


_PASS = {
    ask: CAPTIONS.say(f"pass.{ask}")
    for ask in (
        "lurk",
        "declare",
        "move",
        "invitation",
        "combat",
        "join",
        "damper",
        "fight",
        "answer",
        "cover",
        "check",
        "archive",
    )
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
        specs.append(_DISARM if lurk.armed else _ARM)
    return specs


_DISARM = ActionSpec("disarm", CAPTIONS.say("label.disarm"))
_ARM = ActionSpec("arm", CAPTIONS.say("label.arm"))
_PICK_PERSONA = CAPTIONS.say("label.persona")
_PERSONA = CAPTIONS.say("param.persona")


def _persona(state: EsperState, ask: Task) -> list[ActionSpec]:
    opts = tuple(_persona_option(p) for p in open_personas(state))
    return [ActionSpec("persona", _PICK_PERSONA, params=(Param("persona", _PERSONA, opts),))]


@functools.cache
def _persona_option(persona: Persona) -> Option:
    face = CAPTIONS.say(f"option.face.{persona.face}")
    return Option(persona.id, CAPTIONS.say("option.persona", persona=persona.name), face)


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
            label = said("label.lurk", planet=info.name)
            specs.append(ActionSpec("lurk", label, params=(_squares(state, squares),)))
    return specs


_DECLARE = ActionSpec("declare", CAPTIONS.say("label.declare"))


def _declare_spec() -> ActionSpec:
    return _DECLARE


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
                ActionSpec("enter", _LABEL["enter.port"], params=(_squares(state, ports),))
            )
        else:
            specs.append(ActionSpec("enter", _LABEL["enter.base"]))
        return specs
    if moves.member(state, seat):
        specs.append(ActionSpec("leave_party", _LABEL["leave_party"]))
        return specs
    walks = state.board.walks(state.part, player.where)
    specs.append(ActionSpec("walk", _LABEL["walk"], params=(_squares(state, walks),)))
    specs.append(_teleport_spec(player.level))
    flights = moves.flights(state, seat)
    if flights:
        specs.append(ActionSpec("fly", _LABEL["fly"], params=(_squares(state, flights),)))
    if state.part == 1 and "shuttle" in player.gear:
        others = [s for s in moves.spaceports(state) if s != player.where]
        specs.append(
            ActionSpec(
                "use_shuttle",
                said("label.shuttle", gear=_gear(state, "shuttle")),
                params=(_squares(state, others),),
            )
        )
    if moves.can_recover(state, seat):
        specs.append(ActionSpec("recover", said("label.recover", damage=player.damage)))
    free = parties.free_places(state, seat)
    invitable = parties.invitable(state, seat)
    if free and invitable:
        opts = tuple(_seat_option(state, s) for s in invitable)
        most = min(free, len(opts))
        param = Param("guests", _PLAYERS, opts, least=1, most=most)
        specs.append(ActionSpec("invite", _LABEL["invite"], params=(param,)))
    if player.party is not None:
        leave = _LABEL["end_party"] if player.party == seat else _LABEL["leave"]
        specs.append(ActionSpec("leave_party", leave))
    if moves.can_destroy(state, seat):
        specs.append(ActionSpec("destroy", _LABEL["destroy"]))
    return specs


_LABEL = {
    label: CAPTIONS.say(f"label.{label}")
    for label in (
        "enter.port",
        "enter.base",
        "leave_party",
        "walk",
        "fly",
        "invite",
        "end_party",
        "leave",
        "destroy",
        "end_square",
        "entry_square",
        "escape_square",
        "insight",
        "check.core",
        "check.archive",
        "start_square",
    )
}
"""The labels that name nothing but what they do, said once."""


@functools.cache
def _teleport_spec(level: int) -> ActionSpec:
    """ESPER-3.2: a level up to the seat's ESP level, said once for each."""
    levels = tuple(Option(n, said("option.level", level=n)) for n in range(1, level + 1))
    return ActionSpec(
        "teleport",
        CAPTIONS.say("label.teleport"),
        params=(Param("level", _LEVEL, levels),),
        detail=CAPTIONS.say("detail.teleport"),
    )


def _end_square(state: EsperState, ask: Task) -> list[ActionSpec]:
    where = state.players[ask.seat].where
    assert where is not None
    ends = state.board.teleport_ends(state.part, where, ask.a)
    return [ActionSpec("square", _LABEL["end_square"], params=(_squares(state, ends),))]


def _entry_square(state: EsperState, ask: Task) -> list[ActionSpec]:
    ring = state.board.outer_ring
    return [ActionSpec("square", _LABEL["entry_square"], params=(_squares(state, ring),))]


def _escape_square(state: EsperState, ask: Task) -> list[ActionSpec]:
    where = state.players[ask.seat].where
    assert where is not None
    walks = state.board.walks(state.part, where)
    return [ActionSpec("square", _LABEL["escape_square"], params=(_squares(state, walks),))]


def _invitation(state: EsperState, ask: Task) -> list[ActionSpec]:
    return [ActionSpec("accept", said("label.accept", seat=S(ask.seat)))]


def _combat(state: EsperState, ask: Task) -> list[ActionSpec]:
    where = state.players[ask.seat].where
    return [ActionSpec("combat", said("label.combat", square=square_name(state, where)))]


def _join(state: EsperState, ask: Task) -> list[ActionSpec]:
    assert state.combat is not None
    at = square_name(state, state.combat.square)
    return [ActionSpec("join_combat", said("label.join", square=at))]


def _damper(state: EsperState, ask: Task) -> list[ActionSpec]:
    assert state.combat is not None
    opts = tuple(_fighter_option(state, c) for c in state.combat.players())
    return [
        ActionSpec(
            "use_damper",
            said("label.damper", gear=_gear(state, "damper")),
            params=(Param("target", _COMBATANT, opts),),
        )
    ]


_COMBATANT = CAPTIONS.say("param.combatant")


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
    target = Param("target", _TARGET, targets)
    specs = []
    focus = "focus" in player.gear
    for card in sorted(cards.values(), key=lambda c: (c.kind, c.level)):
        if card.kind == "attack":
            if combat.playable(state, seat, card.level):
                label = _card_label("label.attack", card)
                specs.append(ActionSpec("play", label, (("card", card.id),), (target,)))
            if focus and combat.playable(state, seat, card.level, free=True):
                label = _card_label("label.attack.focus", card, _gear(state, "focus"))
                fixed = (("card", card.id), ("focus", True))
                specs.append(ActionSpec("play", label, fixed, (target,)))
        elif card.kind == "flex":
            levels = combat.flex_levels(state, seat, FLEX_ATTACK_LEVELS)
            if levels:
                label = _card_label("label.attack.flex", card)
                params = (_levels(tuple(levels)), target)
                specs.append(ActionSpec("play", label, (("card", card.id),), params))
        elif card.kind == "mind_read" and combat.playable(state, seat, card.level):
            minds = _targets(state, seat, players_only=True)
            if minds:
                label = _card_label("label.mind_read", card)
                specs.append(
                    ActionSpec(
                        "play",
                        label,
                        (("card", card.id),),
                        (Param("target", _TARGET, minds),),
                    )
                )
        elif card.kind == "escape" and combat.playable(state, seat, card.level):
            label = _card_label("label.escape", card)
            specs.append(ActionSpec("play", label, (("card", card.id),)))
    if "bolt_hole" in player.gear:
        label = said("label.bolt_hole", gear=_gear(state, "bolt_hole"))
        specs.append(ActionSpec("bolt_hole", label))
    return specs


@functools.cache
def _card_label(template: str, card: CardDef, gear: str = "") -> Said:
    """A combat card's label (its name, level and damage; with a gear), said once for each."""
    return CAPTIONS.say(template, card=card.name, level=card.level, damage=card.damage, gear=gear)


@functools.cache
def _levels(levels: tuple[int, ...]) -> Param:
    """A flex card's levels to choose from (ESPER-14.6a)."""
    return Param("level", _LEVEL, tuple(Option(n, said("option.level", level=n)) for n in levels))


def _answer(state: EsperState, ask: Task, *, cover: bool = False) -> list[ActionSpec]:
    """ESPER-5.8: a defence of the attack's level or higher, a flex card, a barrier, a bolt-hole
    or an escape (or, covering, a defence only)."""
    seat = ask.seat
    assert state.combat is not None and state.combat.attack is not None
    level = state.combat.attack.level
    kind = "cover" if cover else "defend"
    specs = [
        ActionSpec(kind, _card_label("label.defend", c), (("card", c.id),))
        for c in combat.defences(state, seat, level)
    ]
    flex = combat.flex_levels(state, seat, combat.defence_levels(level))
    if flex:
        card = combat.flex_card(state, seat)
        specs.append(
            ActionSpec(
                kind,
                _card_label("label.defend.flex", state.pool.cards[card]),
                (("card", card),),
                (_levels(tuple(flex)),),
            )
        )
    if cover:
        return specs
    player = state.players[seat]
    if combat.can_barrier(state, seat, level):
        label = said("label.barrier", gear=_gear(state, "barrier"))
        specs.append(ActionSpec("use_barrier", label))
    if "bolt_hole" in player.gear:
        label = said("label.bolt_hole.answer", gear=_gear(state, "bolt_hole"))
        specs.append(ActionSpec("bolt_hole", label))
    for escape in {c.id: c for c in combat.hand_cards(state, seat)}.values():
        if escape.kind == "escape" and combat.playable(state, seat, escape.level):
            label = _card_label("label.escape.answer", escape)
            specs.append(ActionSpec("play", label, (("card", escape.id),)))
    return specs


def _cover(state: EsperState, ask: Task) -> list[ActionSpec]:
    return _answer(state, ask, cover=True)


def _insight(state: EsperState, ask: Task) -> list[ActionSpec]:
    opts = tuple(_seat_option(state, s) for s in instructions.insight_candidates(state, ask.seat))
    return [
        ActionSpec(
            "read_insight",
            _LABEL["insight"],
            params=(Param("target", _PLAYER, opts),),
        )
    ]


_PLAYER = CAPTIONS.say("param.player")


def _learn(state: EsperState, ask: Task) -> list[ActionSpec]:
    """ESPER-11.2: as many evil-face players as the clues held (``docs/rulings.md``)."""
    cands = flow.learn_candidates(state, ask.seat)
    n = min(state.players[ask.seat].clues, len(cands))
    opts = tuple(_seat_option(state, s) for s in cands)
    label = said("label.learn", n=n)
    return [ActionSpec("unmask", label, params=(Param("picks", _PLAYERS, opts, n, n),))]


def _check(state: EsperState, ask: Task) -> list[ActionSpec]:
    which = flow.check_offered(state, ask.seat)
    label = _LABEL["check.core"] if which == "core" else _LABEL["check.archive"]
    return [ActionSpec("check", label)]


def _archive(state: EsperState, ask: Task) -> list[ActionSpec]:
    named = _named(ask.a)
    squares = [s for s in flow.face_down(state) if s not in named]
    if len(named) >= ARCHIVE_MOST:
        return []
    return _by_row(state, said("label.archive", n=len(named) + 1), squares)


ARCHIVE_MOST = 3


def _named(mask: int) -> list[int]:
    return [s for s in range(mask.bit_length()) if mask >> s & 1]


def _key_base(state: EsperState, ask: Task) -> list[ActionSpec]:
    name = state.pool.cards[flow.key_base_card(state, ask.a)].name
    return _by_row(state, said("label.key_base", card=name), flow.free_squares(state))


def _start_square(state: EsperState, ask: Task) -> list[ActionSpec]:
    squares = range(state.board.base_squares)
    return _by_row(state, _LABEL["start_square"], list(squares))


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
        who = CAPTIONS.join("list.comma", [SEAT[s] for s in state.choice.waiting_on()])
        return CAPTIONS.say(f"waiting.{ask.kind}", who=who)
    return said(f"waiting.{ask.kind}", seat=S(ask.seat))


def asked_label(state: EsperState, seat: int) -> str:
    """What the match asks ``seat``, in the second person, or "" if it waits on others."""
    ask = state.ask
    if ask is None or state.result is not None or seat not in pending(state):
        return ""
    if ask.kind in CHOICES:
        return said(f"asked.{ask.kind}", seat=S(ask.seat))
    return said(f"asked.{ask.kind}")


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
    log.say(CAPTIONS, f"setup.persona.{found.face}", seat=S(seat), persona=found.name)


@_act
def _place_lurk(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    from .state import Lurk

    _answered(state)
    square = _int(action["square"])
    state.lurks[seat] = Lurk(square)
    log.event("lurk_decided", None, seat=seat)
    log.event("lurk", seat, seat=seat, square=square)
    log.say(CAPTIONS, "setup.lurk", seat=S(seat))
    log.say(CAPTIONS, "setup.lurk.yours", to=seat, square=square_name(state, square))


@_act
def _pass(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    ask = state.ask
    assert ask is not None
    if ask.kind in CHOICES:
        assert state.choice is not None
        state.choice.choose(seat, False)
        log.event("chose", None, seat=seat)
        tell(log, "turn.chosen", seat=S(seat))
        return
    _answered(state)
    _declined(state, ask, log)


def _declined(state: EsperState, ask: Task, log: StepLog) -> None:
    seat = ask.seat
    if ask.kind == "lurk":
        log.event("lurk_decided", None, seat=seat)
        log.say(CAPTIONS, "setup.lurk", seat=S(seat))
    elif ask.kind == "move":
        log.event("nop", None, seat=seat)
        tell(log, "turn.nop", seat=S(seat))
    elif ask.kind == "fight":
        log.event("passed", None, seat=seat)
        tell(log, "fight.passes", seat=S(seat))
    elif ask.kind == "answer":
        tell(log, "fight.no_answer", seat=S(seat))
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
    tell(log, "turn.chosen", seat=S(seat))


@_act
def _combat_declared(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    where = state.players[seat].where
    assert where is not None
    log.event("declared_combat", None, seat=seat)
    tell(log, "fight.declared", seat=S(seat))
    combat.start(state, where, log)


@_act
def _damper_used(state: EsperState, seat: int, action: Action, log: StepLog) -> None:
    _answered(state)
    target = _int(action["target"])
    assert state.combat is not None
    state.combat.damped.append(target)
    combat.use_gear(state, seat, "damper", log)
    name = _gear(state, "damper")
    log.say(CAPTIONS, "fight.damper", seat=S(seat), gear=name, target=S(target))


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
        log.say(CAPTIONS, "lurk.armed" if armed else "lurk.disarmed", to=seat)

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
        log.say(CAPTIONS, "turn.timeout", seat=S(seat))
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
        log.say(CAPTIONS, "turn.out", to=seat)
        return
    flow.concede(state, seat, log)
    flow.proceed(state, log)


def _concede_spec(state: EsperState, seat: int) -> ActionSpec:
    return _CONCEDE


_CONCEDE = ActionSpec("concede", CAPTIONS.say("label.concede"))


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
