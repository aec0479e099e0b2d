"""Lanes pictures: every shipped card and location drawn, every text inside its box, the interface.

"Inside its box" is checked twice: by the layout's own ink measure, and by drawing each placed
text again with Pillow and looking at the pixels (``positions.ink_outside``).
"""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from PIL import Image

from rendering import RENDERERS, board_png, hand_png, result_png, table_png
from rendering.lanes import draw_board, draw_hand, draw_result
from rendering.lanes.board import COLUMN, WIDTH, column_left
from rendering.toolkit import CHAINS, MISSING, coverage
from rules.engine import Event, Step
from rules.lanes.views import CardBack, StagedView

from .positions import (
    JAPANESE_NAMES,
    NAMES,
    POOL,
    board_view,
    card_view,
    chunks,
    find_step,
    ink_outside,
    japanese_view,
    location,
    match_steps,
    public_with,
    truncated,
)

CARDS = sorted(POOL.cards.values(), key=lambda c: c.id)
LOCATIONS = sorted(POOL.locations.values(), key=lambda loc: loc.id)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def _full_boards() -> list[object]:
    """Every shipped card, four to a side, twelve to a location row, 24 to a board."""
    boards = []
    uid = 1
    for group in chunks(CARDS, 24):
        locs = []
        for index in range(3):
            sides = []
            for seat in (0, 1):
                start = index * 8 + seat * 4
                cards = [
                    card_view(defn, uid + i) for i, defn in enumerate(group[start : start + 4])
                ]
                uid += len(cards)
                sides.append(cards)
            locs.append(location(LOCATIONS[index], index, sides))
        boards.append(board_view(locs))
    return boards


@pytest.mark.parametrize("view", _full_boards(), ids=lambda v: "board")
def test_every_card_fits_on_the_board(view: object) -> None:
    canvas = draw_board(view, NAMES)
    assert truncated(canvas) == []
    assert ink_outside(canvas) == []


@pytest.mark.parametrize("group", chunks(CARDS, 7), ids=lambda g: g[0].id)
def test_every_card_fits_in_a_hand(group: list[object]) -> None:
    hand = [card_view(defn, i + 1) for i, defn in enumerate(group)]
    staged = [StagedView("play", hand[0], 1), StagedView("activate", hand[-1], None)]
    view = board_view(
        [location(LOCATIONS[i], i, [[], []]) for i in range(3)], viewer=0, hand=hand, staged=staged
    )
    canvas = draw_hand(view, NAMES)
    texts = {p.block.text.replace("\n", " ") for p in canvas.texts}
    for card in hand:
        assert card.name in texts
    assert truncated(canvas) == []
    assert ink_outside(canvas) == []


@pytest.mark.parametrize("group", chunks(LOCATIONS, 3), ids=lambda g: g[0].id)
@pytest.mark.parametrize("state", ["revealed", "disabled", "destroyed"])
def test_every_location_fits(group: list[object], state: str) -> None:
    flags = {state: True} if state != "revealed" else {}
    locs = [location(defn, i, [[], []], **flags) for i, defn in enumerate(group)]
    locs += [location(None, i, [[], []]) for i in range(len(locs), 3)]
    canvas = draw_board(board_view(locs), NAMES)
    assert truncated(canvas) == []
    assert ink_outside(canvas) == []


def test_japanese_is_drawn_with_a_font_that_has_every_glyph() -> None:
    view = japanese_view()
    on_board = [c.name for loc in view.locations for side in loc.sides for c in side.cards]
    pictures = {
        "board": (
            draw_board(view, JAPANESE_NAMES),
            [*JAPANESE_NAMES, *on_board, *(loc.text for loc in view.locations)],
        ),
        "hand": (
            draw_hand(view, JAPANESE_NAMES),
            [JAPANESE_NAMES[0], *(c.name for c in view.hand), *(c.text for c in view.hand)],
        ),
    }
    for canvas, expected in pictures.values():
        for placed in canvas.texts:
            for _x, _y, run in placed.runs:
                assert all(ord(c) in coverage(run.font) for c in run.text), (run.text, run.font)
        drawn = "".join("".join(p.block.text.split()) for p in canvas.texts)
        for text in expected:
            assert "".join(str(text).split()) in drawn
        assert MISSING not in drawn
        assert {run.font for p in canvas.texts for _, _, run in p.runs} >= set(CHAINS["bold"])


def test_long_and_empty_player_names_stay_in_their_boxes() -> None:
    names = ("W" * 80, "🎲🎲")
    step = find_step(range(5), public_with("revealed"))
    view = step.views[None]
    for canvas in (
        draw_board(view, names, step),
        draw_result(match_steps(0)[-1].views[None], names),
    ):
        assert ink_outside(canvas) == []
        drawn = " ".join(p.block.text for p in canvas.texts)
        assert "Player 2" in drawn  # a name of emoji only falls back to the seat


def test_the_interface_dispatches_and_returns_png() -> None:
    assert RENDERERS["lanes"] == "rendering.lanes"
    step = find_step(range(10), public_with("revealed", "power"))
    view = step.views[None]
    width, height = _png_size(board_png("lanes", view, NAMES, step))
    assert width == WIDTH * 1.5 == 720 and 0.85 < width / height < 1.0
    assert _png_size(board_png("lanes", view, NAMES, step, scale=1))[0] == WIDTH
    assert _png_size(hand_png("lanes", step.views[0], NAMES))[0] == WIDTH * 1.5
    final = match_steps(0)[-1].views[None]
    assert _png_size(result_png("lanes", final, NAMES))[0] == WIDTH * 1.5
    table = _png_size(table_png("lanes", step.views[0], NAMES, 0, step))
    assert table[0] == width and table[1] > height


def test_a_board_without_a_step_has_no_caption_and_is_shorter() -> None:
    step = find_step(range(5), public_with("revealed"))
    view = step.views[None]
    with_step, without = draw_board(view, NAMES, step), draw_board(view, NAMES)
    assert without.image.height < with_step.image.height
    caption = step.caption.replace("{seat0}", NAMES[0]).replace("{seat1}", NAMES[1])
    assert any(caption in p.block.text.replace("\n", " ") for p in with_step.texts)


def test_a_step_the_viewer_may_not_see_is_drawn_as_no_step() -> None:
    private = Step(
        "You stage Secret Card at Somewhere.",
        (Event("staged", {"card": 1}, frozenset({1})),),
        frozenset({1}),
    )
    view = find_step(range(5), public_with("revealed")).views[None]
    assert draw_board(view, NAMES, private).png() == draw_board(view, NAMES).png()


def test_a_hand_needs_a_seat_and_a_result_needs_an_end() -> None:
    step = find_step(range(5), public_with("revealed"))
    with pytest.raises(ValueError, match="seat"):
        draw_hand(step.views[None], NAMES)
    with pytest.raises(ValueError, match="not over"):
        draw_result(step.views[None], NAMES)


def test_face_down_cards_show_as_backs_to_others_and_named_to_their_owner() -> None:
    step = find_step(
        range(40),
        lambda s: any(
            isinstance(c, CardBack)
            for loc in s.views[None].locations
            for side in loc.sides
            for c in side.cards
        ),
    )
    spectator = draw_board(step.views[None], NAMES)
    assert any(p.block.text == "face down" for p in spectator.texts)
    owner = next(
        c.owner
        for loc in step.views[None].locations
        for side in loc.sides
        for c in side.cards
        if isinstance(c, CardBack)
    )
    own = draw_board(step.views[owner], NAMES)
    assert any(p.block.text.endswith("\nface down") for p in own.texts)


@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0])
def test_other_scales_keep_text_inside(scale: float) -> None:
    step = find_step(range(10), public_with("revealed", "power"))
    canvas = draw_board(step.views[None], NAMES, step, scale=scale)
    assert canvas.image.width == round(WIDTH * scale)
    assert ink_outside(canvas) == []


def _where(canvas: Any, text: str) -> tuple[float, float]:
    """The centre of the first drawn ``text``, in layout units."""
    drawn = next(d for d in canvas.texts if d.block.text.replace("\n", " ") == text)
    x0, y0, x1, y1 = drawn.box
    return (x0 + x1) / 2 / canvas.scale, (y0 + y1) / 2 / canvas.scale


def test_a_destroyed_card_keeps_its_slot_and_the_others_stay_in_place() -> None:
    """A Headhunter destroys the first card of a side while the second stays: drawn with the
    view before the step, the vacated slot is the first (nearest the location), the survivor
    stays second."""
    for seed in range(60):
        steps = match_steps(seed)
        for before, step in itertools.pairwise(steps):
            dead = [e.data for e in step.events_for(None) if e.kind == "destroyed"]
            if step.public and len(dead) == 1 and "Headhunter" in step.caption:
                where, seat = dead[0]["location"], dead[0]["seat"]
                old = before.views[None].locations[where].sides[seat].cards
                if len(old) >= 2 and getattr(old[0], "uid", None) == dead[0]["card"]:
                    break
        else:
            continue
        break
    else:
        pytest.fail("no Headhunter destroying a first card")
    canvas = draw_board(step.views[None], NAMES, step, before=before.views[None])
    marker = _where(canvas, "destroyed")
    survivor = _where(canvas, old[1].name)  # type: ignore[union-attr]
    assert _column(marker[0]) == _column(survivor[0]) == where

    def nearer_the_location(a: tuple[float, float], b: tuple[float, float]) -> bool:
        return a[1] < b[1] if seat == 0 else a[1] > b[1]  # seat 0's side is below the tiles

    assert nearer_the_location(marker, survivor)
    # Without the view before, where the card stood is not known: it is drawn after the others.
    fallback = draw_board(step.views[None], NAMES, step)
    assert nearer_the_location(_where(fallback, old[1].name), _where(fallback, "destroyed"))  # type: ignore[union-attr]


def _column(x: float) -> int:
    return next(i for i in range(3) if column_left(i) <= x < column_left(i) + COLUMN)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_board_is_drawn_from_the_side_of_the_seat_asked(seat: int) -> None:
    view = find_step(range(5), public_with("revealed")).views[None]
    canvas = draw_board(view, NAMES, seat=seat)
    own, other = _where(canvas, NAMES[seat]), _where(canvas, NAMES[1 - seat])
    assert own[1] > other[1]
    assert draw_board(view, NAMES).png() == draw_board(view, NAMES, seat=0).png()
