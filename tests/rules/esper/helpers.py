"""Scenario helpers for esper tests, in the manner of Fireplace's ``prepare_game()``.

``prepare()`` deals a match of ``seats`` seats through the real setup: the turn order is seat
order and the evil characters sit at the seats named (both state surgery, made before the first
decision, so nothing has seen them), each seat picks the persona named (else a good face in
order), no lurk marker is placed unless asked, and the match stands at the first turn of part 1.
Scenarios then act through the real actions (``act``), so every check that guards a player guards
the test too. A few positions no few moves reach are made by named state surgery: ``put`` a piece
on a square, ``card`` a card on a square, ``give`` gear or clues, ``deal`` a combat hand, and
``dice`` (the next rolls, loaded into the match's RNG).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from rules.engine import Action, ActionSpec, Match, Resolution, Rng, Step
from rules.esper import EsperRuleset, ruleset
from rules.esper.state import EsperState, Player, Task

__all__ = ["Game", "LoadedRng", "esper", "prepare"]

GOOD_FACES = ("courier", "medic", "pilot", "scholar", "ranger")


@cache
def esper() -> EsperRuleset:
    return ruleset()


class LoadedRng(Rng):
    """The match's RNG with dice loaded by a test: ``roll`` gives the loaded faces first."""

    __slots__ = ("loaded",)

    def __init__(self, state: int) -> None:
        super().__init__(state)
        self.loaded: list[int] = []

    def roll(self, sides: int = 6, count: int = 1) -> tuple[int, ...]:
        out = []
        for _ in range(count):
            out.append(self.loaded.pop(0) if self.loaded else self.below(sides) + 1)
        return tuple(out)


class Game:
    """A match under test, with shortcuts to act, to look and (named) surgery."""

    def __init__(self, match: Match[EsperState, Any]) -> None:
        self.match = match
        self.state: EsperState = match.state
        self.last: Resolution | None = None
        self.history: list[Resolution] = []

    # -- looking -------------------------------------------------------------------------------

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    @property
    def pending(self) -> tuple[int, ...]:
        return self.match.pending()

    @property
    def ask(self) -> Task | None:
        return self.state.ask

    @property
    def result(self) -> Any:
        return self.state.result

    def specs(self, seat: int, kind: str | None = None) -> list[ActionSpec]:
        return [s for s in self.match.legal_actions(seat) if kind is None or s.kind == kind]

    def kinds(self, seat: int) -> set[str]:
        return {s.kind for s in self.match.legal_actions(seat)} - {"concede"}

    def options(self, seat: int, kind: str, param: str = "square") -> list[Any]:
        """Every value ``param`` may take in the seat's specs of ``kind``."""
        return [
            o.value
            for s in self.specs(seat, kind)
            for p in s.params
            if p.name == param
            for o in p.options
        ]

    def captions(self, viewer: int | None = None) -> list[str]:
        """Every caption the viewer (a spectator: ``None``) could see since the game was made."""
        steps: list[Step] = [s for r in self.history for s in r.steps]
        return [s.caption for s in steps if s.visible_to(viewer)]

    def said(self, text: str, viewer: int | None = None) -> bool:
        return any(text in c for c in self.captions(viewer))

    def square(self, name: str) -> int:
        """A square by its name on the current board: ``"Aster 2"``, ``"Aster port"``, ``"C4"``."""
        from rules.esper.captions import square_name

        count = (
            self.state.board.planet_places
            if self.state.part <= 1
            else self.state.board.base_squares
        )
        for s in range(count):
            if square_name(self.state, s, max(self.state.part, 1)) == name:
                return s
        raise KeyError(name)

    # -- acting --------------------------------------------------------------------------------

    def act(self, seat: int, kind: str, **args: Any) -> Resolution:
        res = self.match.apply(seat, Action(kind, **args))
        self.last = res
        self.history.append(res)
        return res

    def nop(self, seat: int) -> Resolution:
        return self.act(seat, "pass")

    def until(self, done: Any, *, limit: int = 500) -> None:
        """Every seat waited on passes (or takes its first option) until ``done(game)``."""
        for _ in range(limit):
            if done(self) or self.result is not None:
                return
            seat = self.pending[0]
            specs = self.specs(seat)
            passing = [s for s in specs if s.kind == "pass"]
            spec = passing[0] if passing else specs[0]
            self.act(seat, spec.kind, **_first(spec))
        raise AssertionError("the game never came to the position asked for")

    def until_move(self, seat: int) -> None:
        """Everyone passes until ``seat`` is asked for its movement."""
        self.until(lambda g: g.ask is not None and g.ask.kind == "move" and g.ask.seat == seat)

    def until_asked(self, kind: str, seat: int | None = None) -> None:
        self.until(
            lambda g: (
                g.ask is not None and g.ask.kind == kind and (seat is None or seat in g.pending)
            )
        )

    # -- surgery -------------------------------------------------------------------------------

    def edited(self) -> None:
        self.match.state_edited()

    def dice(self, *faces: int) -> None:
        """Surgery: the next dice rolled are these (checks take two each, teleports one)."""
        rng = self.state.rng
        assert isinstance(rng, LoadedRng)
        rng.loaded.extend(faces)

    def put(self, seat: int, square: int | str | None) -> None:
        """Surgery: ``seat``'s piece on ``square`` (a name, a number, or None: off the board)."""
        self.player(seat).where = self.square(square) if isinstance(square, str) else square
        self.edited()

    def card(self, square: int | str, card: str | None, *, face_up: bool = False) -> int:
        """Surgery: ``card`` on ``square`` of the current board."""
        at = self.square(square) if isinstance(square, str) else square
        cards = self.state.planet if self.state.part <= 1 else self.state.base
        cards[at] = card
        if face_up:
            self.state.face_up.add(at)
        else:
            self.state.face_up.discard(at)
        self.edited()
        return at

    def give(self, seat: int, *gear: str, clues: int = 0) -> None:
        """Surgery: gear (ids) and clues for ``seat``."""
        self.player(seat).gear.extend(gear)
        self.player(seat).clues += clues
        self.edited()

    def deal(self, seat: int, *cards: str) -> None:
        """Surgery during a combat: ``seat``'s combat hand is exactly these cards (ids), taken
        from the deck (or the discard)."""
        state = self.state
        player = state.players[seat]
        state.deck.extend(player.hand)
        player.hand = []
        for card in cards:
            for pile in (state.deck, state.discard):
                found = next((u for u in pile if state.combat_cards[u].id == card), None)
                if found is not None:
                    pile.remove(found)
                    player.hand.append(found)
                    break
            else:
                raise AssertionError(f"no {card} left to deal")
        self.edited()

    def character(self, seat: int, character: str) -> None:
        """Surgery: ``seat`` holds this roster character."""
        self.player(seat).character = esper().pool.cards[character]
        self.edited()


def _first(spec: ActionSpec) -> dict[str, Any]:
    args: dict[str, Any] = dict(spec.fixed)
    for param in spec.params:
        if param.multiple:
            args[param.name] = tuple(o.value for o in param.options[: max(param.least, 1)])
        else:
            args[param.name] = param.options[0].value
    return args


def prepare(
    seats: int = 5,
    *,
    evil: Iterable[int] | None = None,
    personas: Mapping[int, str] | None = None,
    lurks: Mapping[int, str] | None = None,
    seed: int = 1,
    stop: str | None = None,
) -> Game:
    """A match at the first turn of part 1 (see the module's docstring); ``stop="personas"``
    leaves it before the first persona is picked, ``stop="lurks"`` before the lurk markers."""
    match = Match.new(esper(), seed, {"seats": seats})
    state = match.state
    state.rng = LoadedRng(state.rng.state)
    state.order = tuple(range(seats))
    state.agenda = [*(Task("persona", s) for s in range(seats)), Task("lurks"), Task("part1")]
    if evil is not None:
        _seat_evil(state, set(evil))
    match.state_edited()
    game = Game(match)
    if stop == "personas":
        return game
    wanted = dict(personas or {})
    for seat in range(seats):
        offered = game.options(seat, "persona", "persona")
        taken = {p.persona for p in state.players} | set(wanted.values())
        fresh = [p for p in offered if p not in taken]
        default = (fresh or offered)[0]
        game.act(seat, "persona", persona=wanted.get(seat) or default)
    if stop == "lurks":
        return game
    while game.ask is not None and game.ask.kind == "lurk":
        seat = game.ask.seat
        where = (lurks or {}).get(seat)
        if where is None:
            game.act(seat, "pass")
        else:
            game.act(seat, "lurk", square=game.square(where))
    return game


def _seat_evil(state: EsperState, evil: set[int]) -> None:
    """Surgery before the first decision: the evil characters at these seats, in seat order."""
    pool = esper().pool
    good = [c for c in pool.of("character") if c.kind == "good"]
    bad = [c for c in pool.of("character") if c.kind == "evil"]
    for seat, player in enumerate(state.players):
        player.character = (bad if seat in evil else good).pop(0)


def steps_of(res: Resolution, viewer: int | None = None) -> Sequence[str]:
    return [s.caption for s in res.steps if s.visible_to(viewer)]


def to_part2(game: Game) -> Game:
    """Everyone does nothing through part 1 (the round limit ends it); keepers place the key
    bases and their pieces on the first squares offered. Stops at part 2's first movement."""
    game.until(lambda g: g.state.part == 2 and g.ask is not None and g.ask.kind == "move")
    return game


def kinds_of(specs: Sequence[ActionSpec]) -> list[str]:
    return [s.kind for s in specs if s.kind != "concede"]
