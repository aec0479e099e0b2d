"""Fanfare pictures: every shipped card drawn on a board and in a hand, every text inside its box,
Japanese, the highlights of a step, and the interface.

"Inside its box" is checked twice: by the layout's own ink measure, and by drawing each placed
text again with Pillow and looking at the pixels (``positions.ink_outside``).
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import Image

from rendering import RENDERERS, board_png, hand_png, result_png, table_png
from rendering.fanfare import draw_board, draw_hand, draw_result
from rendering.fanfare.board import WIDTH, slot_box
from rendering.fanfare.parts import board_text
from rendering.toolkit import CHAINS, MISSING, Canvas, coverage
from rules.engine import Event, Step
from rules.fanfare.cards import CardDef
from rules.fanfare.views import FanfareView

from .fanfare_positions import (
    CARDS,
    JAPANESE_NAMES,
    ON_BOARD,
    board_card,
    chunks,
    fanfare_view,
    find_step,
    full_board,
    hand_card,
    japanese_step,
    japanese_view,
    match_steps,
    on_board,
    public_with,
)
from .positions import NAMES, ink_outside, truncated

# The same cards in several states: plain; everything a tile can carry at once; silenced; and
# two-digit numbers changed both ways.
STATES: dict[str, dict[str, Any]] = {
    "plain": {},
    "busy": {"keywords": ("ward", "storm", "rush", "bane", "drain"), "can_attack": True},
    "evolved": {"evolved": True, "can_attack": True, "keywords": ("ward", "rush")},
    "silenced": {"silenced": True, "keywords": ()},
    "numbers": {"attack": 13, "base_attack": 3, "defence": 10, "max_defence": 14},
}


def _texts(canvas: Canvas) -> str:
    return " ".join(p.block.text.replace("\n", " ") for p in canvas.texts)


def _fits(canvas: Canvas) -> None:
    assert truncated(canvas) == []
    assert ink_outside(canvas) == []


@pytest.mark.parametrize("state", sorted(STATES))
@pytest.mark.parametrize("group", chunks(ON_BOARD, 10), ids=lambda g: g[0].id)
def test_every_card_fits_on_the_board(group: Sequence[CardDef], state: str) -> None:
    view = full_board(group, **STATES[state])
    canvas = draw_board(view, NAMES)
    _fits(canvas)
    drawn = "".join(_texts(canvas).split())
    for side in view.players:
        for card in side.board:
            assert "".join(card.name.split()) in drawn
            assert "".join("".join(board_text(card)).split()) in drawn


@pytest.mark.parametrize("group", chunks(CARDS, 9), ids=lambda g: g[0].id)
def test_every_card_fits_in_a_hand(group: Sequence[CardDef]) -> None:
    hand = [
        hand_card(defn, i + 1, playable=i % 2 == 0, cost=defn.cost - (i % 3 == 0))
        for i, defn in enumerate(group)
    ]
    canvas = draw_hand(fanfare_view(viewer=0, hand=hand), NAMES)
    _fits(canvas)
    drawn = "".join(_texts(canvas).split())
    for card in hand:
        assert "".join(card.name.split()) in drawn
        assert "".join(card.text.split()) in drawn


def test_board_text_leaves_out_what_is_done_or_drawn_as_tags() -> None:
    oracle = next(c for c in CARDS if c.id == "tidal-oracle")
    card = board_card(oracle, 1, 0)
    assert board_text(card) == ["Evolve: restore 2 defence to your leader."]
    assert board_text(board_card(oracle, 1, 0, evolved=True)) == []
    guard = next(c for c in CARDS if c.id == "porcupine-guard")
    clash = "Clash: deal 1 damage to the follower this fights."
    assert board_text(board_card(guard, 2, 0)) == [clash]
    bound = board_card(guard, 3, 0, granted=("Last words: draw a card.",))
    assert board_text(bound) == [clash, "Last words: draw a card."]  # granted come last


def test_japanese_is_drawn_with_a_font_that_has_every_glyph() -> None:
    view = japanese_view()
    step = japanese_step(view)
    cards = [c for side in view.players for c in side.board]
    pictures = {
        "board": (
            draw_board(view, JAPANESE_NAMES, step),
            [*JAPANESE_NAMES, *(c.name for c in cards), *(c.text for c in cards)],
        ),
        "hand": (
            draw_hand(view, JAPANESE_NAMES),
            [JAPANESE_NAMES[0], *(c.name for c in view.hand), *(c.text for c in view.hand)],
        ),
    }
    for canvas, expected in pictures.values():
        _fits(canvas)
        for placed in canvas.texts:
            for _x, _y, run in placed.runs:
                assert all(ord(c) in coverage(run.font) for c in run.text), (run.text, run.font)
        drawn = "".join(_texts(canvas).split())
        for text in expected:
            assert "".join(text.split()) in drawn
        assert MISSING not in drawn
        assert {run.font for p in canvas.texts for _, _, run in p.runs} >= set(CHAINS["bold"])
    assert "自分のターン終了時" in _texts(pictures["board"][0])  # the leader's gained ability


def test_long_and_empty_player_names_stay_in_their_boxes() -> None:
    names = ("W" * 80, "🎲🎲")
    step = find_step(range(5), lambda s: s.public and on_board(s) >= 4)
    final = match_steps(0)[-1].views[None]
    board, hand, result = (
        draw_board(step.views[None], names, step),
        draw_hand(step.views[0], names),
        draw_result(final, names),
    )
    for canvas in (board, hand, result):
        assert ink_outside(canvas) == []
    # A name of emoji only falls back to the seat, wherever both players are named (a hand
    # names the other player only in some positions, so it is not checked here).
    for canvas in (board, result):
        assert "Player 2" in _texts(canvas)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(io.BytesIO(data)) as image:
        return image.size


def test_the_interface_dispatches_and_returns_png() -> None:
    assert RENDERERS["fanfare"] == "rendering.fanfare"
    step = find_step(range(10), public_with("damage"))
    view = step.views[None]
    width, height = _png_size(board_png("fanfare", view, NAMES, step))
    assert width == WIDTH * 1.5 == 720 and 0.7 < width / height < 0.8
    assert _png_size(board_png("fanfare", view, NAMES, step, scale=1))[0] == WIDTH
    assert _png_size(hand_png("fanfare", step.views[1], NAMES))[0] == WIDTH * 1.5
    assert _png_size(hand_png("fanfare", step.views[1], NAMES, scale=2))[0] == WIDTH * 2
    final = match_steps(0)[-1].views[None]
    assert _png_size(result_png("fanfare", final, NAMES))[0] == WIDTH * 1.5
    table = _png_size(table_png("fanfare", step.views[1], NAMES, 1, step))
    assert table[0] == width and table[1] > height


def test_a_board_without_a_step_has_no_caption_and_is_shorter() -> None:
    step = find_step(range(5), public_with("played"))
    view = step.views[None]
    with_step, without = draw_board(view, NAMES, step), draw_board(view, NAMES)
    assert without.image.height < with_step.image.height
    caption = step.caption.replace("{seat0}", NAMES[0]).replace("{seat1}", NAMES[1])
    assert caption in _texts(with_step)


def test_a_step_the_viewer_may_not_see_is_drawn_as_no_step() -> None:
    private = Step(
        "You draw Secret Card.",
        (Event("drew_card", {"seat": 1, "card": 50, "name": "Secret Card"}, frozenset({1})),),
        frozenset({1}),
    )
    view = find_step(range(5), public_with("played")).views[None]
    assert draw_board(view, NAMES, private).png() == draw_board(view, NAMES).png()


def test_a_hand_needs_a_seat_and_a_result_needs_an_end() -> None:
    step = find_step(range(5), public_with("played"))
    with pytest.raises(ValueError, match="seat"):
        draw_hand(step.views[None], NAMES)
    with pytest.raises(ValueError, match="not over"):
        draw_result(step.views[None], NAMES)


# -- what a step highlights -----------------------------------------------------------------------


def _labels(canvas: Canvas) -> set[str]:
    return {p.block.text for p in canvas.texts}


def test_damage_is_tagged_on_every_unit_it_hit() -> None:
    step = find_step(range(40), public_with("damage", at_least=3))
    canvas = draw_board(step.views[None], NAMES, step)
    amounts = [e.data["amount"] for e in step.events if e.kind == "damage"]
    labels = [p.block.text for p in canvas.texts]
    for amount in set(amounts):
        expected = f"–{amount}" if amount else "0"
        assert labels.count(expected) >= amounts.count(amount)


def test_cards_that_left_the_board_are_named_in_a_vacated_slot() -> None:
    step = find_step(range(40), public_with("destroyed"))
    canvas = draw_board(step.views[None], NAMES, step)
    assert "Destroyed" in _labels(canvas)
    for event in step.events:
        if event.kind == "destroyed":
            assert event.data["name"] in _texts(canvas)


@pytest.mark.parametrize(
    ("kind", "label"),
    [("evolved", "evolved"), ("summoned", "summoned"), ("attack", "attacks"), ("buffed", None)],
)
def test_a_step_tags_what_it_did(kind: str, label: str | None) -> None:
    step = find_step(range(40), public_with(kind))
    canvas = draw_board(step.views[None], NAMES, step)
    if label is None:
        event = next(e for e in step.events if e.kind == kind)
        label = f"+{event.data['attack']}/+{event.data['defence']}"
    assert label in _labels(canvas)


def test_the_mulligan_says_who_chose_and_who_goes_first() -> None:
    steps = match_steps(3)
    chosen = next(s for s in steps if any(e.kind == "mulligan_chosen" for e in s.events))
    texts = _texts(draw_board(chosen.views[None], NAMES, chosen))
    assert "Chosen" in texts and "Choosing…" in texts and "goes first" in texts
    done = next(s for s in steps if any(e.kind == "mulligan" for e in s.events))
    assert "Returned" in _texts(draw_board(done.views[None], NAMES, done))
    hand = _texts(draw_hand(chosen.views[0], NAMES)) + _texts(draw_hand(chosen.views[1], NAMES))
    assert "choose which of these cards to return" in hand
    assert "waiting for" in hand


def test_the_turn_player_and_evolving_are_shown() -> None:
    step = find_step(range(40), lambda s: s.public and s.views[None].players[0].can_evolve)
    view: FanfareView = step.views[None]
    texts = _texts(draw_board(view, NAMES, step))
    assert f"Turn {view.turn} · {NAMES[view.turn_player]}'s turn" in texts
    assert "Playing" in texts and "can evolve" in texts


@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0])
def test_other_scales_keep_text_inside(scale: float) -> None:
    step = find_step(range(40), public_with("damage", at_least=3))
    canvas = draw_board(step.views[None], NAMES, step, scale=scale)
    assert canvas.image.width == round(WIDTH * scale)
    assert ink_outside(canvas) == []


# -- where things are -----------------------------------------------------------------------------


def _where(canvas: Canvas, text: str) -> tuple[float, float]:
    """The centre of the first drawn ``text``, in layout units."""
    drawn = next(d for d in canvas.texts if d.block.text.replace("\n", " ") == text)
    x0, y0, x1, y1 = drawn.box
    return (x0 + x1) / 2 / canvas.scale, (y0 + y1) / 2 / canvas.scale


def _slot_at(x: float) -> int:
    return next(i for i in range(5) if slot_box(i, 0)[0] <= x < slot_box(i, 0)[2])


def _slot_zero_dies() -> tuple[Step, FanfareView, int]:
    """A public step of a random match where a follower in slot 0 is destroyed while the cards
    in slots 1 and 2 stay; the view before it (the previous step's), and the seat."""
    for seed in range(40):
        steps = match_steps(seed)
        for before, step in itertools.pairwise(steps):
            dead = [e.data for e in step.events_for(None) if e.kind == "destroyed"]
            if not step.public or len(dead) != 1:
                continue
            seat, uid = dead[0]["seat"], dead[0]["card"]
            old = [c.uid for c in before.views[None].players[seat].board]
            new = [c.uid for c in step.views[None].players[seat].board]
            if len(old) >= 3 and old[0] == uid and new[:2] == old[1:3]:
                return step, before.views[None], seat
    raise LookupError("no such step")


def test_a_destroyed_card_keeps_its_slot_and_the_others_stay_in_place() -> None:
    step, before, seat = _slot_zero_dies()
    view: FanfareView = step.views[None]
    dead = next(e.data["name"] for e in step.events if e.kind == "destroyed")
    old = before.players[seat].board
    canvas = draw_board(view, NAMES, step, before=before)
    own, other = _where(canvas, NAMES[seat])[1], _where(canvas, NAMES[1 - seat])[1]

    def in_row(y: float) -> bool:  # the seat's row is next to its own panel
        return abs(y - own) < abs(y - other)

    marker_x, marker_y = _where(canvas, "Destroyed")
    assert _slot_at(marker_x) == 0 and in_row(marker_y)
    assert _slot_at(_where(canvas, dead)[0]) == 0
    for slot in (1, 2):
        x, y = _where(canvas, old[slot].name)
        assert _slot_at(x) == slot and in_row(y)
    # Without the view before, where the card stood is not known: it is drawn after the others.
    fallback = draw_board(view, NAMES, step)
    assert _slot_at(_where(fallback, "Destroyed")[0]) == len(view.players[seat].board)


def test_the_view_before_must_be_the_same_viewers() -> None:
    step, before, _seat = _slot_zero_dies()
    with pytest.raises(ValueError, match="same viewer"):
        draw_board(step.views[0], NAMES, step, before=before)


def test_a_defence_is_never_drawn_negative() -> None:
    """The step that deals the damage comes before the step that destroys: its view holds
    followers below 0, drawn as 0."""
    step = find_step(
        range(40),
        lambda s: s.public and any(c.defence < 0 for p in s.views[None].players for c in p.board),
    )
    canvas = draw_board(step.views[None], NAMES, step)
    numbers = [d.block.text for d in canvas.texts if d.role == "number"]
    assert "0" in numbers
    assert not [n for n in numbers if n.startswith(("-", "–"))]


@pytest.mark.parametrize("seat", [0, 1])
def test_a_board_is_drawn_from_the_side_of_the_seat_asked(seat: int) -> None:
    view = find_step(range(5), public_with("played")).views[None]
    canvas = draw_board(view, NAMES, seat=seat)
    own, other = _where(canvas, NAMES[seat]), _where(canvas, NAMES[1 - seat])
    assert own[1] > other[1]
    assert draw_board(view, NAMES).png() == draw_board(view, NAMES, seat=0).png()
