"""Every picture reads on a phone: shown 400 pixels wide (a plain attachment at full message
width), no text is smaller than 7 pixels to the top of a capital, and no label sits on a number.

The canvas records every text it draws with its size and role (see ``DrawnText``): the cap
height is the height of "H" in the text's font at the size drawn, times 400 over the picture's
width. A "label" (a tag or pill on its own background) hides what is under it, so its whole pill
must stay off the ink of every "number" (a cost, power, attack, defence, total).

Every kind of picture of both rulesets is drawn: boards with and without a step (so with and
without their caption and highlights), from a spectator's side and from each seat's, the seats'
tables, hands, results and cards, over steps of several random matches and the made-up
positions that put every shipped card and location on a board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from rendering import RENDERERS, breakfall, charm, draw_table, fanfare, lanes
from rendering.toolkit import Canvas, DrawnText

from . import breakfall_positions as bf
from . import charm_positions as cp
from . import fanfare_positions as ff
from . import positions as lp
from .positions import JAPANESE_NAMES, NAMES

PHONE = 400  # pixels: how wide a phone shows the picture
MIN_CAP = 7.0  # pixels to the top of a capital, at that width

Picture = tuple[str, Callable[[], Canvas]]


def too_small(canvas: Canvas) -> list[str]:
    factor = PHONE / canvas.image.width
    return [
        f"{drawn.block.text!r} ({drawn.role}): capitals {drawn.cap * factor:.2f} px"
        for drawn in canvas.texts
        if drawn.ink is not None and drawn.cap * factor < MIN_CAP
    ]


def labels_on_numbers(canvas: Canvas) -> list[str]:
    labels = [d for d in canvas.texts if d.role == "label" and d.cover is not None]
    numbers = [d for d in canvas.texts if d.role == "number" and d.ink is not None]
    return [
        f"label {label.block.text!r} at {label.cover} on number {number.block.text!r} at "
        f"{number.ink}"
        for label in labels
        for number in numbers
        if _overlap(label, number)
    ]


def _overlap(label: DrawnText, number: DrawnText) -> bool:
    a, b = label.cover, number.ink
    assert a is not None and b is not None
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# -- the pictures ----------------------------------------------------------------------------

SEEDS = (0, 1, 2, 3, 4)


def _steps(module: Any, seeds: tuple[int, ...], every: int) -> Iterator[Any]:
    for seed in seeds:
        steps = module.match_steps(seed)
        yield from (s for s in steps[::every] if s.public)
        yield steps[-1]


def _match_pictures(ruleset: str, module: Any, draw: Any, every: int) -> list[Picture]:
    pictures: list[Picture] = []
    for i, step in enumerate(_steps(module, SEEDS, every)):
        spectator, seat = step.views[None], i % 2
        pictures += [
            (f"{ruleset} board {i}", lambda s=step, v=spectator: draw.draw_board(v, NAMES, s)),
            (f"{ruleset} plain board {i}", lambda v=spectator: draw.draw_board(v, NAMES)),
            (
                f"{ruleset} board for seat {seat} {i}",
                lambda v=spectator, k=seat: draw.draw_board(v, NAMES, seat=k),
            ),
            (
                f"{ruleset} table of seat {seat} {i}",
                lambda s=step, k=seat: draw_table(ruleset, s.views[k], NAMES, k, s),
            ),
            (f"{ruleset} hand {i}", lambda v=step.views[seat]: draw.draw_hand(v, NAMES)),
        ]
        if spectator.result is not None:
            result = (f"{ruleset} result {i}", lambda v=spectator: draw.draw_result(v, NAMES))
            pictures.append(result)
    return pictures


def _every_card(group: Any, places: Any, uid: int) -> Any:
    """Up to 24 cards on a board: four a side at each location."""
    locs = []
    for index in range(3):
        sides = []
        for seat in (0, 1):
            start = index * 8 + seat * 4
            sides.append(
                [lp.card_view(d, uid + start + i) for i, d in enumerate(group[start:][:4])]
            )
        locs.append(lp.location(places[index], index, sides))
    return lp.board_view(locs)


def _lanes_made_up() -> list[Picture]:
    cards = sorted(lp.POOL.cards.values(), key=lambda c: c.id)
    places = sorted(lp.POOL.locations.values(), key=lambda loc: loc.id)
    pictures: list[Picture] = [
        (f"lanes card {c.id}", lambda c=c: lanes.draw_card(c)) for c in cards
    ]
    for n, group in enumerate(lp.chunks(cards, 24)):
        view = _every_card(group, places, 100 * n)
        pictures.append((f"lanes every card {n}", lambda v=view: lanes.draw_board(v, NAMES)))
    for state in ("revealed", "disabled", "destroyed"):
        for n, group in enumerate(lp.chunks(places, 3)):
            flags = {state: True} if state != "revealed" else {}
            locs = [lp.location(d, i, [[], []], **flags) for i, d in enumerate(group)]
            locs += [lp.location(None, i, [[], []]) for i in range(len(locs), 3)]
            view = lp.board_view(locs)
            pictures.append((f"lanes {state} {n}", lambda v=view: lanes.draw_board(v, NAMES)))
    japanese = lp.japanese_view()
    public = replace(japanese, viewer=None, hand=(), staged=())
    pictures += [
        ("lanes japanese board", lambda: lanes.draw_board(public, JAPANESE_NAMES)),
        ("lanes japanese hand", lambda: lanes.draw_hand(japanese, JAPANESE_NAMES)),
        ("lanes japanese table", lambda: draw_table("lanes", japanese, JAPANESE_NAMES, 0)),
    ]
    return pictures


FANFARE_STATES: dict[str, dict[str, Any]] = {
    "plain": {},
    "busy": {"keywords": ("ward", "storm", "rush", "bane", "drain"), "can_attack": True},
    "evolved": {"evolved": True, "can_attack": True, "keywords": ("ward", "rush")},
    "silenced": {"silenced": True, "keywords": ()},
    "numbers": {"attack": 13, "base_attack": 3, "defence": 10, "max_defence": 14},
}


def _fanfare_made_up() -> list[Picture]:
    pictures: list[Picture] = [
        (f"fanfare card {c.id}", lambda c=c: fanfare.draw_card(c)) for c in ff.CARDS
    ]
    for state, changes in FANFARE_STATES.items():
        for n, group in enumerate(ff.chunks(ff.ON_BOARD, 10)):
            view = ff.full_board(group, **changes)
            pictures.append((f"fanfare {state} {n}", lambda v=view: fanfare.draw_board(v, NAMES)))
    japanese = ff.japanese_view()
    public = replace(japanese, viewer=None, hand=())
    pictures += [
        (
            "fanfare japanese board",
            lambda: fanfare.draw_board(public, JAPANESE_NAMES, ff.japanese_step(public)),
        ),
        ("fanfare japanese hand", lambda: fanfare.draw_hand(japanese, JAPANESE_NAMES)),
        (
            "fanfare japanese table",
            lambda: draw_table("fanfare", japanese, JAPANESE_NAMES, 0, ff.japanese_step(japanese)),
        ),
        ("fanfare draw", lambda: fanfare.draw_result(ff.drawn_result_view(), NAMES)),
    ]
    return pictures


BREAKFALL_STATES: dict[str, dict[str, Any]] = {
    "plain": {},
    "busy": {"bowed": True, "greeting": True, "blocked_by": 1, "damage": 4, "new": True},
    "blocking": {"blocking": 1, "damage": 2, "force": 9, "sabotage": 0, "durability": 7},
}


def _breakfall_made_up() -> list[Picture]:
    pictures: list[Picture] = [
        (f"breakfall card {c.id}", lambda c=c: breakfall.draw_card(c)) for c in bf.CARDS
    ]
    for state, changes in BREAKFALL_STATES.items():
        for n, group in enumerate(bf.chunks(bf.CHARACTERS, 10)):
            view = bf.full_field(group, **changes)
            pictures.append(
                (f"breakfall {state} {n}", lambda v=view: breakfall.draw_board(v, NAMES))
            )
    japanese = bf.japanese_view()
    pictures += [
        (
            "breakfall space with a check waiting",
            lambda: breakfall.draw_board(bf.space_view(), NAMES, bf.space_step()),
        ),
        (
            "breakfall space table of seat 1",
            lambda: draw_table("breakfall", bf.space_view(1), NAMES, 1, bf.space_step()),
        ),
        ("breakfall japanese table", lambda: draw_table("breakfall", japanese, JAPANESE_NAMES, 0)),
        ("breakfall draw", lambda: breakfall.draw_result(bf.drawn_result_view(), NAMES)),
    ]
    return pictures


# -- esper ------------------------------------------------------------------------------------


def _esper_pictures() -> list[Picture]:
    from rendering import esper

    from . import esper_positions as ep

    pictures: list[Picture] = [
        (f"esper card {c.id}", lambda c=c: esper.draw_card(c)) for c in ep.POOL.cards.values()
    ]
    for seats in (3, 5, 10):
        names = ep.NAMES[:seats]
        shown = ep.moments(seats, 1)
        for i, moment in enumerate((*shown[::3], shown[-1])):
            public, seat = moment.views[None], i % seats
            step = moment.step
            pictures += [
                (
                    f"esper board {i} of {seats} seats",
                    lambda v=public, s=step, n=names: esper.draw_board(v, n, s),
                ),
                (
                    f"esper plain board {i} of {seats} seats",
                    lambda v=public, n=names: esper.draw_board(v, n),
                ),
                (
                    f"esper board for seat {seat} {i} of {seats} seats",
                    lambda v=public, k=seat, n=names: esper.draw_board(v, n, seat=k),
                ),
                (
                    f"esper table of seat {seat} {i} of {seats} seats",
                    lambda m=moment, k=seat, n=names: draw_table("esper", m.views[k], n, k, m.step),
                ),
                (
                    f"esper hand {i} of {seats} seats",
                    lambda v=moment.views[seat], n=names: esper.draw_hand(v, n),
                ),
            ]
            if public.result is not None:
                pictures.append(
                    (
                        f"esper result {i} of {seats} seats",
                        lambda v=public, n=names: esper.draw_result(v, n),
                    )
                )
    for part in (1, 2):
        view = ep.every_card_board(part)
        pictures += [
            (f"esper every card part {part}", lambda v=view: esper.draw_board(v, ep.NAMES)),
            (
                f"esper japanese table part {part}",
                lambda v=view: draw_table("esper", v, ep.JAPANESE_NAMES, 0),
            ),
        ]
    return pictures


def _charm_made_up() -> list[Picture]:
    pictures: list[Picture] = [
        (f"charm card {c.id}", lambda c=c: charm.draw_card(c)) for c in cp.CARDS
    ]
    for state, changes in cp.CARD_STATES.items():
        for n, group in enumerate(cp.chunks(cp.ON_FIELD, 12)):
            view = cp.full_field(group, **changes)
            pictures.append((f"charm {state} {n}", lambda v=view: charm.draw_board(v, NAMES)))
    hand = [cp.hand_card(c, 400 + i) for i, c in enumerate(cp.CARDS[:6])]
    chain = cp.chain_view(viewer=1, hand=hand)
    blocks = cp.blocks_view()
    japanese = cp.japanese_view()
    public = replace(japanese, viewer=None, hand=())
    pictures += [
        ("charm open chain", lambda: charm.draw_board(replace(chain, viewer=None, hand=()), NAMES)),
        ("charm open chain table", lambda: draw_table("charm", chain, NAMES, 1)),
        ("charm blocks", lambda: charm.draw_board(blocks, NAMES, cp.blocks_step(blocks))),
        (
            "charm japanese board",
            lambda: charm.draw_board(public, cp.JAPANESE_NAMES, cp.japanese_step(public)),
        ),
        ("charm japanese hand", lambda: charm.draw_hand(japanese, cp.JAPANESE_NAMES)),
        (
            "charm japanese table",
            lambda: draw_table("charm", japanese, cp.JAPANESE_NAMES, 0, cp.japanese_step(japanese)),
        ),
        ("charm draw", lambda: charm.draw_result(cp.drawn_result_view(), NAMES)),
    ]
    return pictures


PICTURES: dict[str, list[Picture]] = {
    "lanes random matches": _match_pictures("lanes", lp, lanes, 9),
    "lanes made up": _lanes_made_up(),
    "fanfare random matches": _match_pictures("fanfare", ff, fanfare, 23),
    "fanfare made up": _fanfare_made_up(),
    "breakfall random matches": _match_pictures("breakfall", bf, breakfall, 61),
    "breakfall made up": _breakfall_made_up(),
    "esper": _esper_pictures(),
    "charm random matches": _match_pictures("charm", cp, charm, 61),
    "charm made up": _charm_made_up(),
}


def test_every_kind_of_picture_is_drawn() -> None:
    """Every registered renderer's picture kinds are in the list (charm's open chain too)."""
    names = " ".join(name for pictures in PICTURES.values() for name, _draw in pictures)
    assert "charm open chain" in names
    for ruleset in RENDERERS:
        for kind in ("board", "plain board", "board for seat 1", "table of seat 0", "hand"):
            assert f"{ruleset} {kind} " in names
        for kind in ("table of seat 1", "result", "card", "japanese table"):
            assert f"{ruleset} {kind}" in names
    assert sum(len(pictures) for pictures in PICTURES.values()) >= 400


@pytest.mark.parametrize("group", sorted(PICTURES))
def test_text_reads_at_400_pixels(group: str) -> None:
    problems = {}
    for name, draw in PICTURES[group]:
        canvas = draw()
        found = too_small(canvas) + labels_on_numbers(canvas)
        if found:
            problems[name] = found
    assert not problems, "\n".join(f"{name}: {found}" for name, found in problems.items())


def test_the_checks_can_fail() -> None:
    """A text 10 pixels high on a 960-pixel picture, and a label on a number, are caught."""
    canvas = Canvas(480, 40, scale=2, background=(0, 0, 0))
    canvas.text((0, 0, 100, 20), "Small", size=5, fill=(255, 255, 255))
    canvas.text((200, 0, 240, 30), "12", size=20, fill=(255, 255, 255), role="number")
    canvas.text((210, 0, 260, 16), "+1", size=14, fill=(0, 0, 0), role="label")
    assert [p.split(":")[0] for p in too_small(canvas)] == ["'Small' (text)"]
    assert len(labels_on_numbers(canvas)) == 1


def test_every_kind_of_esper_picture_is_drawn() -> None:
    names = [name for name, _draw in PICTURES["esper"]]
    for kind in ("board", "plain board", "table of seat", "hand", "result"):
        assert any(n.startswith(f"esper {kind} ") and n.endswith(" of 10 seats") for n in names)
    joined = " ".join(names)
    for kind in ("card", "every card part 2", "japanese table"):
        assert f"esper {kind}" in joined, kind
