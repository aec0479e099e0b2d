"""Positions to draw, built deterministically: steps of seeded random matches, and made-up views.

``match_steps(seed)`` plays ``rules.simulate.random_match`` for the seed, then replays its actions
with views, so every step carries what each seat (and a spectator) saw after it. The made-up
views put any cards and locations on a board, to draw every shipped card and location.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from rendering.toolkit import Canvas, face
from rules.engine import Match, Ruleset, Step
from rules.lanes import ruleset as lanes_ruleset
from rules.lanes.cards import CardDef, LocationDef
from rules.lanes.views import (
    CardBack,
    CardView,
    LanesView,
    LocationView,
    PlayerView,
    SideView,
    StagedView,
)
from rules.simulate import random_match

NAMES = ("Alice", "Bartholomew")
POOL = lanes_ruleset().pool


def replay_steps(ruleset: Ruleset[Any, Any], seed: int) -> tuple[Step, ...]:
    """Every step of ``ruleset``'s random match for ``seed``, opening included, with views."""
    played = random_match(ruleset, seed)
    match = Match.new(ruleset, played.seed, played.setup, views=True)
    steps = list(match.opening.steps)
    for seat, action in played.actions:
        steps += match.apply(seat, action, views=True).steps
    return tuple(steps)


@cache
def match_steps(seed: int) -> tuple[Step, ...]:
    """Every step of the random lanes match for ``seed``, opening included, with views."""
    return replay_steps(lanes_ruleset(), seed)


def find_step(seeds: Iterable[int], wanted: Callable[[Step], bool]) -> Step:
    for seed in seeds:
        for step in match_steps(seed):
            if wanted(step):
                return step
    raise LookupError("no step found")


def public_with(*kinds: str) -> Callable[[Step], bool]:
    """A public step whose public events include all ``kinds``."""

    def wanted(step: Step) -> bool:
        seen = {event.kind for event in step.events_for(None)}
        return step.public and set(kinds) <= seen

    return wanted


# -- made-up views ------------------------------------------------------------------------------


def card_view(defn: CardDef, uid: int, *, face_down: bool = False) -> CardView:
    return CardView(
        uid, defn.id, defn.name, defn.cost, defn.power, defn.power, defn.power, defn.text, face_down
    )


def player(seat: int, *, viewer: int | None, hand: int = 3, ended: bool = False) -> PlayerView:
    own = seat == viewer
    return PlayerView(seat, 6, 6, 2 if own else None, hand, 5, ended, False, False)


def location(
    defn: LocationDef | None,
    index: int,
    sides: Sequence[Sequence[CardView | CardBack]],
    **flags: bool,
) -> LocationView:
    powers = [sum(c.power for c in side if isinstance(c, CardView)) for side in sides]
    leader = None if powers[0] == powers[1] else (0 if powers[0] > powers[1] else 1)
    return LocationView(
        index=index,
        label=defn.name if defn else f"{('Left', 'Center', 'Right')[index]} (not yet revealed)",
        revealed=defn is not None,
        id=defn.id if defn else None,
        name=defn.name if defn else None,
        text=defn.text if defn else None,
        disabled=flags.get("disabled", False),
        destroyed=flags.get("destroyed", False),
        closed=flags.get("destroyed", False) or flags.get("closed", False),
        sides=tuple(
            SideView(seat, tuple(side), p)
            for seat, (side, p) in enumerate(zip(sides, powers, strict=True))
        ),
        leader=leader,
    )


def board_view(
    locations: Sequence[LocationView],
    *,
    viewer: int | None = None,
    hand: Sequence[CardView] = (),
    staged: Sequence[StagedView] = (),
    turn: int = 4,
) -> LanesView:
    return LanesView(
        viewer=viewer,
        turn=turn,
        last_turn=6,
        first=0,
        stakes=2,
        players=(player(0, viewer=viewer), player(1, viewer=viewer, ended=True)),
        locations=tuple(locations),
        hand=tuple(hand),
        staged=tuple(staged),
        result=None,
    )


def chunks(items: Sequence[CardDef], size: int) -> list[Sequence[CardDef]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


JAPANESE_NAMES = ("山﨑 さくら", "髙橋 ジョン")


def japanese_view() -> LanesView:
    """Seat 0's view of a made-up board in Japanese (localization will bring these names)."""
    defs = sorted(POOL.cards.values(), key=lambda c: c.id)[:6]
    names = ["鉄の巨像", "灯り守り", "潮呼び", "シェル・ツイン（囮）", "早起き鳥", "山﨑の番人"]
    texts = ["公開時：ここにある自分の他のカードのパワー+1。", "継続：ここの敵カードのパワー-1。"]
    cards = [
        replace(card_view(defn, i + 1), name=names[i], text=texts[i % 2])
        for i, defn in enumerate(defs)
    ]
    places = sorted(POOL.locations.values(), key=lambda loc: loc.id)[:3]
    titles = ["沈んだ市場", "時計塔", "凍った湖"]
    rules = [
        "ここのカードはパワー+1。",
        "このゲームは4ターン目で終わる。",
        "ここにはカードを出せない。",
    ]
    locs = [
        replace(
            location(p, i, [cards[2 * i : 2 * i + 1], cards[2 * i + 1 : 2 * i + 2]]),
            name=titles[i],
            text=rules[i],
        )
        for i, p in enumerate(places)
    ]
    return board_view(locs, viewer=0, hand=cards, staged=[StagedView("play", cards[0], 1)])


# -- checking what was drawn --------------------------------------------------------------------


def ink_outside(canvas: Canvas) -> list[str]:
    """Texts whose pixels, drawn again by Pillow itself (not from the renderer's cached sprites
    or metrics), fall outside their box."""
    problems = []
    for placed in canvas.texts:
        x0, y0, x1, y1 = placed.box
        pad = 40
        scratch = Image.new("L", (x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), 0)
        draw = ImageDraw.Draw(scratch)
        for x, y, run in placed.runs:
            font = face(run.font, placed.block.size)
            draw.text((round(x) - x0 + pad, y - y0 + pad), run.text, 255, font, anchor="ls")
        ink = scratch.getbbox()
        inside = (pad, pad, x1 - x0 + pad, y1 - y0 + pad)
        if ink is not None and not (
            ink[0] >= inside[0]
            and ink[1] >= inside[1]
            and ink[2] <= inside[2]
            and ink[3] <= inside[3]
        ):
            problems.append(
                f"{placed.block.text!r} inked {ink} outside {inside} (box {placed.box})"
            )
    return problems


def truncated(canvas: Canvas) -> list[str]:
    return [p.block.text for p in canvas.texts if p.block.truncated]
