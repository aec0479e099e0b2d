"""How a CPU plays esper where search is weak: a playout's policy and the search's shortlist.

Esper is long (hundreds of decisions among up to ten seats) and its worth is in hidden roles, so
a search with a short horizon needs a plain player's sense in its playouts and at its root:

- **whom to trust** (:mod:`.beliefs`): a seat attacks, declares combat on and refuses the
  invitations of those it believes are of the other side, covers and accepts those of its own;
- **when to declare** (ESPER-6.2): only once its view proves its side's condition (every living
  character known to be of its side), never on a guess, since a wrong declaration reveals it;
- **where to go**: part 1, to face-down planet cards (clues open the base, ESPER-4.1); part 2,
  an infiltrator to the key bases it knows, else to face-down base cards, destroying a key base
  whenever it can (ESPER-4.5); a keeper towards the nearest infiltrator;
- **in combat**: the strongest attack at the weakest enemy, the cheapest defence that stops a
  hit, an escape when the next hit would kill.

The policy plays a state a determinization dealt, reading only what the acting seat knows in it
(its knowledge, the faces), never the others' true characters. ``docs/rulings.md`` ("CPU
players") records the choices that read a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..engine import Action, ActionSpec, ArgValue, Rng
from ..simulate import random_action
from . import actions, beliefs, moves
from .state import EsperState

__all__ = ["SEARCHED", "policy", "proven", "shortlist"]

HONEST = 3
"""A CPU shows its own side's face this many times in four (ESPER-0.4: a face may be a lie)."""
TRUSTED = 0.75
"""How sure a seat must be of another's side to accept its invitation or cover it."""

SEARCHED = frozenset({"combat", "fight", "answer", "cover"})
"""The asks a CPU searches: a combat's, where a short look ahead sees what matters (damage,
deaths). It answers the others by the policy alone: where to go and what to open are worth only
in the long run, past a playout's horizon (a persona, a lurk marker, movements, squares, an
insight's pick, whom to learn, key bases, invitations, joins, destruction checks)."""

_NEVER = frozenset({"arm", "disarm"})
"""Kinds a CPU never takes (the guide's ``skip``): its lurk marker stays armed."""

Spec = ActionSpec
Play = Callable[[EsperState, int, Sequence[Spec], Rng, dict[int, str]], Action | None]


def proven(state: EsperState, seat: int, known: dict[int, str]) -> bool:
    """ESPER-6.2: the seat's view proves its side's condition: every living character is known
    to be of its side."""
    mine = known[seat]
    return all(p.seat in known and known[p.seat] == mine for p in state.players if p.alive)


def policy(state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng) -> Action:
    """A playout's move for ``seat`` (see the module's docstring)."""
    known = beliefs.known_sides(state, seat)
    ask = state.ask
    if ask is not None:
        play = _PLAYS.get(ask.kind)
        if play is not None:
            action = play(state, seat, specs, rng, known)
            if action is not None:
                return action
    usable = [s for s in specs if s.kind != "declare"] or list(specs)
    return random_action(usable[rng.below(len(usable))], rng)


def shortlist(state: EsperState, seat: int, listed: list[Action], rng: Rng) -> list[Action]:
    """The moves worth searching for ``seat`` among ``listed``, from a state a determinization
    dealt for it (so from its view alone): the declaration alone once proven and never before;
    the policy's move where search is weak; no attack on a seat known to be an ally."""
    known = beliefs.known_sides(state, seat)
    declare = [a for a in listed if a.kind == "declare"]
    if declare and proven(state, seat, known):
        return declare[:1]
    ask = state.ask
    kept = [a for a in listed if a.kind != "declare"] or listed
    if ask is None:
        return kept
    if ask.kind not in SEARCHED:
        specs = [s for s in actions.offer(state, seat) if s.kind not in _NEVER]
        chosen = policy(state, seat, specs, rng)
        return [chosen] if chosen in listed else kept
    if ask.kind == "fight":
        mine = known[seat]
        friendly = [
            a
            for a in kept
            if a.kind == "play"
            and state.pool.cards[str(a["card"])].kind in ("attack", "flex")
            and known.get(_target(a), "") == mine
        ]
        kept = [a for a in kept if a not in friendly] or kept
    return kept


def _target(action: Action) -> int:
    try:
        value = action["target"]
    except KeyError:
        return -99
    return value if isinstance(value, int) and not isinstance(value, bool) else -99


# -- the asks ------------------------------------------------------------------------------------


def _with(spec: Spec, rng: Rng, **given: ArgValue) -> Action:
    """``spec``'s action with the parameters ``given``, the others at random."""
    args = dict(spec.fixed)
    for param in spec.params:
        if param.name in given:
            args[param.name] = given[param.name]
        elif param.most > 1:
            values = list(param.values())
            args[param.name] = values[rng.below(len(values))]
        else:
            args[param.name] = param.options[rng.below(len(param.options))].value
    return Action(spec.kind, **args)


def _ints(values: Sequence[object]) -> list[int]:
    return [v for v in values if isinstance(v, int) and not isinstance(v, bool)]


def _of(specs: Sequence[Spec], kind: str) -> list[Spec]:
    return [s for s in specs if s.kind == kind]


def _one(specs: Sequence[Spec], kind: str) -> Spec | None:
    found = _of(specs, kind)
    return found[0] if found else None


def _pick(items: Sequence[int], rng: Rng) -> int:
    return items[rng.below(len(items))] if len(items) > 1 else items[0]


def _options(specs: Sequence[Spec], kind: str, name: str = "square") -> list[int]:
    out: list[int] = []
    for spec in _of(specs, kind):
        for param in spec.params:
            if param.name == name:
                out.extend(o.value for o in param.options if isinstance(o.value, int))
    return out


_PASS = Action("pass")


def _persona(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    spec = specs[0]
    faces = {p.id: p.face for p in state.pool.personas}
    options = [str(o.value) for o in spec.params[0].options]
    mine = state.players[seat].character.kind
    honest = [o for o in options if faces[o] == mine]
    pool = honest if honest and rng.below(4) < HONEST else options
    return Action("persona", persona=pool[rng.below(len(pool))])


def _lurk(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    lurks = _of(specs, "lurk")
    if not lurks or rng.coin():
        return _PASS
    return random_action(lurks[rng.below(len(lurks))], rng)


def _declare(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    return Action("declare") if proven(state, seat, known) else _PASS


def _distance(state: EsperState, a: int, b: int) -> int:
    """Steps between two squares of the current board (planets: round a ring, or a flight)."""
    board = state.board
    if state.part == 2:
        size = board.size
        return abs(a // size - b // size) + abs(a % size - b % size)
    if board.planet_of(a) != board.planet_of(b):
        pa, pb = board.place_of(a), board.place_of(b)
        ring = board.ring
        return min(pa, ring - pa) + min(pb, ring - pb) + 1
    diff = abs(board.place_of(a) - board.place_of(b))
    return min(diff, board.ring - diff)


def _towards(state: EsperState, squares: Sequence[int], targets: Sequence[int], rng: Rng) -> int:
    """The square of ``squares`` nearest to any of ``targets`` (ties at random)."""
    best = min(min(_distance(state, s, t) for t in targets) for s in squares)
    near = [s for s in squares if min(_distance(state, s, t) for t in targets) == best]
    return _pick(near, rng)


def _face_down(state: EsperState) -> list[int]:
    cards = state.planet if state.part == 1 else state.base
    return [s for s, c in enumerate(cards) if c is not None and s not in state.face_up]


def _goals(state: EsperState, seat: int) -> list[int]:
    """Where the seat's piece wants to be: key bases it knows and may destroy, else face-down
    cards (an infiltrator, or anyone in part 1); a keeper, the infiltrators on the board."""
    if state.part == 2 and state.keeper(seat):
        return [
            p.where
            for p in state.players
            if p.alive and p.where is not None and not state.keeper(p.seat)
        ]
    if state.part == 2 and state.players[seat].good:
        keys = [s for s in range(len(state.base)) if moves.knows_key_base(state, seat, s)]
        if keys:
            return keys
    return _face_down(state)


def _move(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    if proven(state, seat, known) and _one(specs, "declare"):
        return Action("declare")
    for kind in ("destroy", "enter"):
        spec = _one(specs, kind)
        if spec is not None:
            if kind == "enter" and spec.params:
                squares = _options(specs, "enter")
                return _with(spec, rng, square=_pick(squares, rng))
            return Action(kind)
    player = state.players[seat]
    if _one(specs, "leave_party") and moves.member(state, seat):
        return _PASS
    recover = _one(specs, "recover")
    if recover is not None and player.durability_left <= 2 and rng.below(3):
        return Action("recover")
    where = player.where
    assert where is not None
    goals = [g for g in _goals(state, seat) if g != where]
    walks = _options(specs, "walk")
    if not goals or not walks:
        return _PASS if rng.coin() else None
    here = min(_distance(state, where, g) for g in goals)
    flights = _options(specs, "fly")
    if flights and here > 2:
        return Action("fly", square=_towards(state, flights, goals, rng))
    teleport = _one(specs, "teleport")
    if teleport is not None and here > 2 and rng.coin():
        levels = _ints([o.value for o in teleport.params[0].options])
        return Action("teleport", level=max(levels))
    return Action("walk", square=_towards(state, walks, goals, rng))


def _square(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    squares = _options(specs, "square")
    if not squares:
        return None
    ask = state.ask
    assert ask is not None
    if ask.kind in ("end_square", "entry_square"):
        goals = _goals(state, seat)
        if goals:
            return Action("square", square=_towards(state, squares, goals, rng))
    return Action("square", square=_pick(squares, rng))


def _accept(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    ask = state.ask
    assert ask is not None
    if _one(specs, "accept") and beliefs.allied(state, seat, ask.seat, known) >= TRUSTED:
        return Action("accept")
    return _PASS


def _enemies(state: EsperState, seat: int, known: dict[int, str]) -> list[int]:
    """The combatants the seat believes of the other side (guards always), weakest first."""
    combat = state.combat
    if combat is None:
        return []
    found = [
        c
        for c in combat.combatants
        if c != seat and (c < 0 or beliefs.allied(state, seat, c, known) < 0.5)
    ]
    return sorted(
        found, key=lambda c: combat.npcs[c] if c < 0 else state.players[c].durability_left
    )


def _combat(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    player = state.players[seat]
    where = player.where
    if where is None or player.durability_left < 2:
        return _PASS
    others = [s for s in state.on(where) if s != seat]
    if any(beliefs.allied(state, seat, s, known) < 0.5 for s in others) and rng.below(4):
        return Action("combat")
    return _PASS


def _fight(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    player = state.players[seat]
    enemies = _enemies(state, seat, known)
    cards = state.pool.cards
    if player.durability_left <= 1:
        for spec in specs:
            if spec.kind == "bolt_hole" or (
                spec.kind == "play" and cards[str(dict(spec.fixed)["card"])].kind == "escape"
            ):
                return _with(spec, rng)
    best: tuple[int, int, Spec] | None = None
    for spec in _of(specs, "play"):
        card = cards[str(dict(spec.fixed)["card"])]
        if card.kind not in ("attack", "flex"):
            continue
        targets = [t for t in _options([spec], "play", "target") if t in enemies]
        if not targets:
            continue
        damage = 2 if card.kind == "flex" else card.damage
        focus = 1 if dict(spec.fixed).get("focus") else 0
        key = (damage, -focus)
        if best is None or key > best[:2]:
            best = (damage, -focus, spec)
    if best is not None:
        spec = best[2]
        targets = [t for t in _options([spec], "play", "target") if t in enemies]
        given: dict[str, ArgValue] = {"target": targets[0]}
        for param in spec.params:
            if param.name == "level":
                given["level"] = min(_ints([o.value for o in param.options]))
        return _with(spec, rng, **given)
    return _PASS


def _answer(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    combat = state.combat
    assert combat is not None and combat.attack is not None
    hit = combat.attack
    player = state.players[seat]
    barrier = _one(specs, "use_barrier")
    if barrier is not None:
        return Action("use_barrier")
    defences = _of(specs, "defend")
    if defences:
        cards = state.pool.cards
        spec = min(defences, key=lambda s: cards[str(dict(s.fixed)["card"])].level)
        given: dict[str, ArgValue] = {}
        for param in spec.params:
            if param.name == "level":
                given["level"] = min(_ints([o.value for o in param.options]))
        return _with(spec, rng, **given)
    if hit.damage >= player.durability_left:
        for spec in specs:
            if spec.kind in ("bolt_hole", "play"):
                return _with(spec, rng)
    return _PASS


def _cover(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    combat = state.combat
    assert combat is not None and combat.attack is not None
    covers = _of(specs, "cover")
    if covers and beliefs.allied(state, seat, combat.attack.target, known) >= TRUSTED:
        return _with(covers[0], rng)
    return _PASS


def _check(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    if state.players[seat].durability_left >= 2:
        return Action("check")
    return _PASS


def _no(
    state: EsperState, seat: int, specs: Sequence[Spec], rng: Rng, known: dict[int, str]
) -> Action | None:
    return _PASS


_PLAYS: Mapping[str, Play] = {
    "persona": _persona,
    "lurk": _lurk,
    "declare": _declare,
    "move": _move,
    "end_square": _square,
    "entry_square": _square,
    "escape_square": _square,
    "invitation": _accept,
    "combat": _combat,
    "join": _no,
    "damper": _no,
    "fight": _fight,
    "answer": _answer,
    "cover": _cover,
    "check": _check,
}
"""The asks the policy answers with a plain player's sense; the others at random."""
