"""Nothing hidden reaches a fanfare picture (DESIGN invariant 2).

What a viewer may not see in fanfare: the other seat's hand, both decks, the cemeteries' contents
(a view has only their sizes) and, during the mulligan, the other seat's choice. Swapping all of
those for other cards (and another choice) must leave the view equal and the pictures the same to
the pixel. A step's events drive highlights only; the one name read from them is that of a card
that just left the board, which everyone saw there: names in other events are never drawn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rendering import board_png, draw_table, hand_png, result_png, table_png
from rendering.fanfare import draw_board
from rules.engine import Event, Match, Step
from rules.fanfare.state import FanfareState
from rules.fanfare.views import FanfareView

from .fanfare_positions import RULESET, match_steps, played_match
from .positions import NAMES

PLAYABLE = sorted((c for c in RULESET.pool.cards.values() if not c.token), key=lambda c: c.id)
SEEDS = (0, 1, 2, 3, 4, 5, 6, 7)
# Events whose names must never be drawn: cards in hand, deck or cemetery, or played and named in
# the caption already.
UNDRAWN = frozenset(
    {"drew_card", "burned", "discarded", "to_hand", "shuffled_in", "revealed", "played"}
    | {"resolving", "summoned", "transformed", "silenced", "board_full"}
)


def _at(played: Match[Any, Any], stop: int) -> Match[Any, Any]:
    """A fresh match with the first ``stop`` actions of ``played`` applied."""
    match = Match.new(RULESET, played.seed, played.setup)
    for seat, action in played.actions[:stop]:
        match.apply(seat, action)
    return match


def _swapped(match: Match[Any, Any], viewer: int | None) -> FanfareState:
    """A copy of ``match``'s state where every card ``viewer`` may not see is another card, and
    the other seat's secret mulligan choice another choice."""
    other: FanfareState = _at(match, len(match.actions)).state
    shown = {c.uid for p in other.players for c in p.board}
    if viewer is not None:
        shown |= {c.uid for c in other.players[viewer].hand}
    for uid, card in other.cards.items():
        if uid not in shown:
            index = next((i for i, d in enumerate(PLAYABLE) if d.id == card.defn.id), 0)
            card.defn = PLAYABLE[(index + 7) % len(PLAYABLE)]
    choice = other.mulligan
    if other.phase == "mulligan":
        for player in other.players:
            secret = choice.chosen(player.seat, player.seat)
            if player.seat != viewer and secret is not None:
                everything = tuple(c.uid for c in player.hand)
                # Surgery: the other seat's secret choice is another choice.
                choice._chosen[player.seat] = () if secret == everything else everything
    return other


def _positions() -> list[Match[Any, Any]]:
    """Matches stopped part-way: in the mulligan (one seat has chosen) and every few actions."""
    out = []
    for seed in SEEDS:
        played = played_match(seed)
        stops = [1, *range(2, len(played.actions), 9)]
        out += [_at(played, stop) for stop in stops]
    return out


POSITIONS = _positions()


def test_positions_include_the_mulligan_and_full_hands() -> None:
    assert sum(1 for m in POSITIONS if m.state.phase == "mulligan") >= len(SEEDS)
    assert sum(1 for m in POSITIONS if len(m.state.players[1].hand) >= 5) >= 10
    assert len(POSITIONS) >= 80


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_views_do_not_depend_on_hidden_cards(viewer: int | None) -> None:
    for match in POSITIONS:
        view: FanfareView = match.view(viewer)
        assert RULESET.view(_swapped(match, viewer), viewer) == view
        if viewer is None:
            assert view.hand == ()
        else:
            assert [c.uid for c in view.hand] == [c.uid for c in match.state.players[viewer].hand]


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_swapping_hidden_cards_changes_no_pixel(viewer: int | None) -> None:
    for match in POSITIONS[::2]:
        view = match.view(viewer)
        twin = RULESET.view(_swapped(match, viewer), viewer)
        assert board_png("fanfare", twin, NAMES) == board_png("fanfare", view, NAMES)
        if viewer is not None:
            assert hand_png("fanfare", twin, NAMES) == hand_png("fanfare", view, NAMES)


def test_the_swap_does_change_what_the_owner_sees() -> None:
    """The checks above are not vacuous: the owner's own hand does change."""
    match = next(m for m in POSITIONS if m.state.players[0].hand)
    own = match.view(0)
    twin = RULESET.view(_swapped(match, 1), 0)
    assert twin != own
    assert hand_png("fanfare", twin, NAMES) != hand_png("fanfare", own, NAMES)


def _renamed(step: Step) -> Step:
    events = tuple(
        Event(e.kind, {**e.data, "name": "Somebody Else"}, e.to)
        if e.kind in UNDRAWN and "name" in e.data
        else e
        for e in step.events
    )
    return Step(step.caption, events, step.audience, step.views)


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_event_names_of_cards_off_the_board_are_never_drawn(viewer: int | None) -> None:
    steps = [
        step
        for seed in SEEDS[:4]
        for step in match_steps(seed)
        if any(e.kind in UNDRAWN and "name" in e.data for e in step.events_for(viewer))
    ]
    assert len(steps) >= 60
    for step in steps[::3]:
        view = step.views[viewer]
        drawn = draw_board(view, NAMES, _renamed(step)).image.tobytes()
        assert drawn == draw_board(view, NAMES, step).image.tobytes()


def test_results_show_only_public_things() -> None:
    for seed in SEEDS:
        match = played_match(seed)
        final = match.view(None)
        twin = RULESET.view(_swapped(match, None), None)
        assert result_png("fanfare", twin, NAMES) == result_png("fanfare", final, NAMES)


def _secret(match: Match[Any, Any], seat: int) -> FanfareState:
    """State surgery (no action can rename a card): a copy of ``match``'s state where every card
    of ``seat`` off the board (hand, deck, cemetery) is named "Secret" and its number."""
    other: FanfareState = _at(match, len(match.actions)).state
    board = {c.uid for p in other.players for c in p.board}
    for uid, card in other.cards.items():
        if card.owner == seat and uid not in board:
            card.defn = replace(card.defn, name=f"Secret {uid}", text="Secret text.")
    return other


def _drawn(canvas: Any) -> str:
    return " ".join(drawn.block.text for drawn in canvas.texts)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_table_never_draws_the_other_seats_hand(seat: int) -> None:
    """Seat's table (its board and its hand) from its own view: the other seat's hand, renamed,
    is nowhere in it; its own is (so the check can fail)."""
    own_drawn = 0
    for match in POSITIONS[::3]:
        view = RULESET.view(_secret(match, 1 - seat), seat)
        assert "Secret" not in _drawn(draw_table("fanfare", view, NAMES, seat))
        mine = RULESET.view(_secret(match, seat), seat)
        own_drawn += "Secret" in _drawn(draw_table("fanfare", mine, NAMES, seat))
    assert own_drawn >= 10


@pytest.mark.parametrize("seat", [0, 1])
def test_swapping_hidden_cards_changes_no_pixel_of_a_table(seat: int) -> None:
    for match in POSITIONS[::3]:
        view = match.view(seat)
        twin = RULESET.view(_swapped(match, seat), seat)
        assert table_png("fanfare", twin, NAMES, seat) == table_png("fanfare", view, NAMES, seat)


def test_a_table_or_board_is_drawn_only_for_the_views_own_seat() -> None:
    match = POSITIONS[5]
    with pytest.raises(ValueError, match="own view"):
        table_png("fanfare", match.view(None), NAMES, 1)
    with pytest.raises(ValueError, match="own view"):
        table_png("fanfare", match.view(0), NAMES, 1)
    with pytest.raises(ValueError, match="cannot be drawn for seat 1"):
        board_png("fanfare", match.view(0), NAMES, seat=1)
