"""Charm pictures: nothing hidden reaches them, every shipped card draws whole on a field and in a
hand, and each kind of step marks what it should.

What a viewer may not see in charm (CHARM-12.1): the other seat's hand, both decks, during the
mulligan the other seat's choice, and a defender's planned blocks. Swapping every hidden card for
another card must leave the view equal and the pictures the same to the pixel.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rendering import board_png, charm, draw_table, hand_png, table_png
from rendering.charm.marks import marks_for
from rules.charm.state import CharmState
from rules.engine import Match, Step
from rules.simulate import random_match

from . import charm_positions as cp
from .positions import NAMES

PLAYABLE = sorted((c for c in cp.CARDS if not c.heroine), key=lambda c: c.id)


def _copy_at(played: Match[Any, Any], stop: int) -> Match[Any, Any]:
    match = Match.new(cp.RULESET, played.seed, played.setup)
    for seat, action in played.actions[:stop]:
        match.apply(seat, action)
    return match


def _swapped(match: Match[Any, Any], viewer: int | None) -> CharmState:
    """A copy of ``match``'s state where every card ``viewer`` may not see is another card."""
    other: CharmState = _copy_at(match, len(match.actions)).state
    hidden = {c.uid for p in other.players for c in p.deck}
    hidden |= {c.uid for p in other.players if p.seat != viewer for c in p.hand}
    for uid in hidden:
        card = other.cards[uid]
        index = next(i for i, d in enumerate(PLAYABLE) if d.id == card.defn.id)
        card.defn = PLAYABLE[(index + 7) % len(PLAYABLE)]
    return other


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_charm_12_1_swapping_hidden_cards_changes_no_pixel(viewer: int | None) -> None:
    played = random_match(cp.RULESET, 5, weights={"concede": 0.0})
    checked = 0
    for stop in range(0, len(played.actions), max(1, len(played.actions) // 12)):
        match = _copy_at(played, stop)
        view = match.view(viewer)
        twin = cp.RULESET.view(_swapped(match, viewer), viewer)
        assert twin == view
        assert board_png("charm", twin, NAMES) == board_png("charm", view, NAMES)
        if viewer is not None:
            assert hand_png("charm", twin, NAMES) == hand_png("charm", view, NAMES)
            assert table_png("charm", twin, NAMES, viewer) == table_png(
                "charm", view, NAMES, viewer
            )
        checked += 1
    assert checked >= 10


def test_a_table_is_drawn_only_from_its_seats_view() -> None:
    match = Match.new(cp.RULESET, 3)
    with pytest.raises(ValueError):
        draw_table("charm", match.view(0), NAMES, 1)
    with pytest.raises(ValueError):
        charm.draw_board(match.view(0), NAMES, seat=1)
    with pytest.raises(ValueError):
        charm.draw_hand(match.view(None), NAMES)
    with pytest.raises(ValueError):
        charm.draw_result(match.view(None), NAMES)


def _texts(canvas: Any) -> list[Any]:
    return list(canvas.texts)


@pytest.mark.parametrize("state", sorted(cp.CARD_STATES))
def test_every_card_draws_whole_on_a_field(state: str) -> None:
    for group in cp.chunks(cp.ON_FIELD, 12):
        view = cp.full_field(group, **cp.CARD_STATES[state])
        canvas = charm.draw_board(view, NAMES)
        drawn = " ".join(t.block.text for t in _texts(canvas))
        assert not [t.block.text for t in _texts(canvas) if t.block.truncated]
        for card in group:
            assert card.name.split()[0] in drawn, card.id


def test_every_card_draws_whole_in_a_hand() -> None:
    for group in cp.chunks(cp.CARDS, 8):
        hand = [cp.hand_card(c, 500 + i) for i, c in enumerate(group)]
        view = cp.charm_view(viewer=0, hand=hand)
        canvas = charm.draw_hand(view, NAMES)
        texts = _texts(canvas)
        assert not [t.block.text for t in texts if t.block.truncated]
        drawn = " ".join(t.block.text for t in texts)
        assert all(c.name in drawn for c in group)


def test_the_open_chain_is_a_stack_newest_on_top_with_what_each_does() -> None:
    view = cp.chain_view()
    canvas = charm.draw_board(view, NAMES)
    lines = [t.block.text for t in _texts(canvas)]
    stack = [i for i, t in enumerate(lines) if t.startswith(NAMES) and (":" in t or "charms" in t)]
    said = [lines[i] for i in stack]
    assert said[0].startswith("Alice: Cut the Lights")  # the newest first
    assert said[1].endswith("· negated") and said[2].startswith("Alice charms Bartholomew")
    assert "Interrupt: negate the event or A.Skill this interrupts." in lines


def test_a_step_marks_what_it_changed() -> None:
    view = cp.blocks_view()
    step = cp.blocks_step(view)
    marks = marks_for(view, step, NAMES)
    assert marks.tags[21][0].text == "blocks" and 1 in marks.seats
    assert marks.caption == "Bartholomew defends: Velvet Usher (DP 4) blocks Ribbon Dancer."
    private = Step("You plan a block.", (), frozenset({1}))
    assert marks_for(replace(view, viewer=0), private, NAMES).caption is None
