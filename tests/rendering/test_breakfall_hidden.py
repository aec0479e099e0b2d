"""Nothing hidden reaches a breakfall picture (BREAKFALL-8.1).

What a viewer may not see: both decks, the other seat's hand, and the other seat's resource row
(face down: its ready and bowed states are public, its cards are not). Swapping all of those for
other cards must leave the view equal and the pictures the same to the pixel; the seat's own
hand and resources are drawn (so the checks can fail). Names in events are never drawn: renaming
them changes no pixel.
"""

from __future__ import annotations

from typing import Any

import pytest

from rendering import board_png, hand_png, result_png, table_png
from rendering.breakfall import draw_board
from rules.breakfall.state import BreakfallState
from rules.engine import Event, Match, Step
from rules.simulate import random_match

from .breakfall_positions import RULESET, match_steps
from .positions import NAMES

PLAYABLE = sorted(RULESET.pool.cards.values(), key=lambda c: c.id)
SEEDS = (0, 1, 2, 3)


def _at(played: Match[Any, Any], stop: int) -> Match[Any, Any]:
    match = Match.new(RULESET, played.seed, played.setup)
    for seat, action in played.actions[:stop]:
        match.apply(seat, action)
    return match


def _swapped(match: Match[Any, Any], viewer: int | None) -> BreakfallState:
    """A copy of ``match``'s state where every card ``viewer`` may not see is another card."""
    other: BreakfallState = _at(match, len(match.actions)).state
    hidden = {c.uid for p in other.players for c in p.deck}
    for player in other.players:
        if player.seat != viewer:
            hidden |= {c.uid for c in (*player.hand, *player.resources)}
    for uid in hidden:
        card = other.cards[uid]
        index = next(i for i, d in enumerate(PLAYABLE) if d.id == card.defn.id)
        card.defn = PLAYABLE[(index + 7) % len(PLAYABLE)]
    return other


def _positions() -> list[Match[Any, Any]]:
    out = []
    for seed in SEEDS:
        played = random_match(RULESET, seed)
        out += [_at(played, stop) for stop in range(3, len(played.actions), 23)]
    return out


POSITIONS = _positions()


def test_positions_have_hands_and_resources() -> None:
    assert len(POSITIONS) >= 20
    assert sum(1 for m in POSITIONS if len(m.state.players[1].resources) >= 3) >= 5


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_views_do_not_depend_on_hidden_cards(viewer: int | None) -> None:
    for match in POSITIONS:
        view = match.view(viewer)
        assert RULESET.view(_swapped(match, viewer), viewer) == view


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_swapping_hidden_cards_changes_no_pixel(viewer: int | None) -> None:
    for match in POSITIONS[::3]:
        view = match.view(viewer)
        twin = RULESET.view(_swapped(match, viewer), viewer)
        assert board_png("breakfall", twin, NAMES) == board_png("breakfall", view, NAMES)
        if viewer is not None:
            assert hand_png("breakfall", twin, NAMES) == hand_png("breakfall", view, NAMES)
            assert table_png("breakfall", twin, NAMES, viewer) == table_png(
                "breakfall", view, NAMES, viewer
            )


def test_the_swap_does_change_what_the_owner_sees() -> None:
    """The checks above are not vacuous: the owner's own hand and resources do change."""
    match = next(m for m in POSITIONS if m.state.players[0].resources and m.state.players[0].hand)
    own = match.view(0)
    twin = RULESET.view(_swapped(match, 1), 0)
    assert twin != own
    assert hand_png("breakfall", twin, NAMES) != hand_png("breakfall", own, NAMES)


def _renamed(step: Step) -> Step:
    events = tuple(
        Event(e.kind, {**e.data, "name": "Somebody Else"}, e.to) if "name" in e.data else e
        for e in step.events
    )
    return step._replace(events=events)


def test_names_in_events_are_never_drawn() -> None:
    steps = [s for s in match_steps(1) if s.public and any("name" in e.data for e in s.events)]
    assert len(steps) >= 20
    for step in steps[::7]:
        view = step.views[None]
        assert draw_board(view, NAMES, step).png() == draw_board(view, NAMES, _renamed(step)).png()


def test_a_result_hides_what_the_board_hides() -> None:
    final = match_steps(2)[-1].views[None]
    assert final.result is not None
    assert final.hand == () and all(p.resources == () for p in final.players)
    assert result_png("breakfall", final, NAMES)


def test_a_seats_view_is_drawn_only_for_that_seat() -> None:
    match = POSITIONS[0]
    with pytest.raises(ValueError):
        table_png("breakfall", match.view(None), NAMES, 1)
    with pytest.raises(ValueError):
        table_png("breakfall", match.view(0), NAMES, 1)
    with pytest.raises(ValueError):
        board_png("breakfall", match.view(0), NAMES, seat=1)
