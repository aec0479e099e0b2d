"""Esper positions to draw, built deterministically: moments of seeded random matches at 3, 5
and 10 seats (with the spectator's and every seat's views), and made-up boards that put every
planet and base card face up, every piece on one square, a known key base, a lurk marker, a
combat and Japanese names.

``moments(seats, seed)`` plays ``rules.simulate.random_match`` for the seed, then replays its
actions, keeping after every ``every``-th action the step shown and every viewer's view.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from rules.engine import Match, Step
from rules.esper import ruleset as esper_ruleset
from rules.esper.views import EsperView, SquareView
from rules.simulate import random_match

RULESET = esper_ruleset()
POOL = RULESET.pool
NAMES = ("Alice", "Bob", "Carol", "Dmitri", "Eve", "Farida", "Gus", "Hiro", "Ines", "Jo")
JAPANESE_NAMES = (
    "山田",
    "佐藤あやの",
    "鈴木",
    "高橋",
    "田中",
    "伊藤",
    "渡辺",
    "中村",
    "小林",
    "加藤",
)


@dataclass(frozen=True)
class Moment:
    """A moment of a match: the last public step of an action and every view after it."""

    step: Step | None
    views: dict[int | None, EsperView]
    action: int


@cache
def moments(seats: int, seed: int, every: int = 7) -> tuple[Moment, ...]:
    return tuple(iter_moments(seats, seed, lambda n, _res: n % every == 0))


def iter_moments(seats: int, seed: int, keep: Any) -> Iterator[Moment]:
    """The moments of the match for ``seed`` after each action ``keep(n, resolution)`` asks
    for (and after the last)."""
    played = random_match(RULESET, seed, setup={"seats": seats})
    match = Match.new(RULESET, played.seed, played.setup)
    last = len(played.actions) - 1
    for n, (seat, action) in enumerate(played.actions):
        res = match.apply(seat, action)
        if not keep(n, res) and n != last:
            continue
        public = [s for s in res.steps if s.public]
        views = {v: match.view(v) for v in (None, *range(seats))}
        yield Moment(public[-1] if public else None, views, n)


def find(seats: int, seed: int, wanted: Any) -> Moment:
    for moment in moments(seats, seed):
        if wanted(moment):
            return moment
    raise LookupError("no such moment")


def with_event(*kinds: str) -> Any:
    def wanted(moment: Moment) -> bool:
        step = moment.step
        return step is not None and set(kinds) <= {e.kind for e in step.events_for(None)}

    return wanted


def _face_up(square: SquareView, card_id: str) -> SquareView:
    card = POOL.cards[card_id]
    return replace(square, card=card.name, kind=card.kind, face_down=False, emptied=None)


def every_card_board(part: int, seats: int = 10, seed: int = 4) -> EsperView:
    """A real view of the part, every card of its deck face up on a square, every living piece
    on the first square, a known key base, a destroyed one and a lurk marker (made up)."""
    moment = find(seats, seed, lambda m: m.views[None].part == part)
    view = moment.views[0]
    deck = (
        [c.id for c in POOL.of("planet") + POOL.of("gear")]
        if part == 1
        else [c.id for c in POOL.of("base")]
    )
    squares = list(view.squares)
    holders = [s for s in squares if not s.spaceport]
    for square, card in zip(holders, deck, strict=False):
        squares[square.square] = _face_up(square, card)
    rest = holders[len(deck) :]
    if len(rest) >= 3:
        squares[rest[0].square] = replace(rest[0], known="Foundry", face_down=True, card=None)
        squares[rest[1].square] = replace(
            rest[1], destroyed="Power Plant", face_down=False, card=None, kind=None
        )
        squares[rest[2].square] = replace(rest[2], lurk=True)
    first = holders[0].square
    players = tuple(replace(p, where=first) if p.state != "dead" else p for p in view.players)
    return replace(view, squares=tuple(squares), players=players)


def japanese(view: EsperView) -> EsperView:
    return view
