"""Nothing hidden reaches a picture (DESIGN invariant 2).

Renderers take views, so two things are checked: a spectator's or opponent's view has no hidden
card's identity in it; and, the stronger claim, swapping every card the viewer may not see (the
opponent's hand and face-down cards, both decks, unrevealed locations) for other cards leaves the
picture the same to the pixel. A step's events are read only for highlights: their card names
are never drawn, which matters because a destroyed face-down card's public event names it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rendering import board_png, draw_table, hand_png, result_png, table_png
from rules.engine import Event, Match, Step
from rules.lanes import ruleset as lanes_ruleset
from rules.lanes.state import LanesState
from rules.lanes.views import CardBack, CardView, LanesView
from rules.simulate import random_match

from .positions import NAMES, POOL, find_step, match_steps, public_with

RULESET = lanes_ruleset()
PLAYABLE = sorted((c for c in POOL.cards.values() if not c.token), key=lambda c: c.id)
PLACES = sorted(POOL.locations.values(), key=lambda loc: loc.id)
# Random matches with face-down cards on the board (Shadows deck), and a few without.
SEEDS = (0, 1, 2, 3, 22, 24, 25, 29, 32, 42, 45, 55)


def _visible_uids(view: LanesView) -> set[int]:
    uids = {c.uid for c in view.hand} | {s.card.uid for s in view.staged}
    for loc in view.locations:
        for side in loc.sides:
            uids |= {c.uid for c in side.cards if isinstance(c, CardView)}
    return uids


def _at(played: Match[Any, Any], stop: int) -> Match[Any, Any]:
    """A fresh match with the first ``stop`` actions of ``played`` applied."""
    match = Match.new(RULESET, played.seed, played.setup)
    for seat, action in played.actions[:stop]:
        match.apply(seat, action)
    return match


def _swapped(match: Match[Any, Any], view: LanesView) -> LanesState:
    """The state of a copy of ``match`` where every card and location ``view`` does not show is
    another one."""
    other: LanesState = _at(match, len(match.actions)).state
    shown = _visible_uids(view)
    for uid, card in other.cards.items():
        if uid not in shown:
            index = (
                next(i for i, d in enumerate(PLAYABLE) if d.id == card.defn.id)
                if not card.defn.token
                else 0
            )
            card.defn = PLAYABLE[(index + 7) % len(PLAYABLE)]
    used = {loc.defn.id for loc in other.locations}
    spare = [p for p in PLACES if p.id not in used]
    for loc in other.locations:
        if not loc.revealed:
            loc.defn = spare.pop()
            loc.ongoing = loc.defn.ongoing
    return other


def _face_down(match: Match[Any, Any]) -> int:
    return sum(
        1 for loc in match.state.locations for side in loc.sides for c in side if not c.face_up
    )


def _positions() -> list[Match[Any, Any]]:
    """Matches stopped part-way, most of them with face-down cards on the board."""
    out = []
    for seed in SEEDS:
        played = random_match(RULESET, seed)
        match = Match.new(RULESET, played.seed, played.setup)
        hidden, plain = [], []
        for stop, (seat, action) in enumerate(played.actions, start=1):
            match.apply(seat, action)
            (hidden if _face_down(match) else plain).append(stop)
        stops = hidden[::2][:5] + plain[::10][:2]
        out += [_at(played, stop) for stop in stops]
    return out


POSITIONS = _positions()


def test_positions_include_hidden_cards() -> None:
    assert sum(1 for match in POSITIONS if _face_down(match)) >= 30


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_views_hold_no_hidden_identity(viewer: int | None) -> None:
    for match in POSITIONS:
        view = match.view(viewer)
        for loc in view.locations:
            assert loc.revealed or (loc.id, loc.name, loc.text) == (None, None, None)
            for side in loc.sides:
                for card in side.cards:
                    if isinstance(card, CardBack):
                        assert side.seat != viewer and vars_of(card) == {"owner": side.seat}
                    else:
                        assert not card.face_down or side.seat == viewer
        for player in view.players:
            assert player.energy_left is None or player.seat == viewer
        if viewer is None:
            assert view.hand == () and view.staged == ()


def vars_of(back: CardBack) -> dict[str, Any]:
    return {name: getattr(back, name) for name in back.__slots__}


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_swapping_hidden_cards_changes_no_pixel(viewer: int | None) -> None:
    checked = 0
    for match in POSITIONS:
        view = match.view(viewer)
        twin = RULESET.view(_swapped(match, view), viewer)
        assert board_png("lanes", twin, NAMES) == board_png("lanes", view, NAMES)
        if viewer is not None:
            assert hand_png("lanes", twin, NAMES) == hand_png("lanes", view, NAMES)
        checked += 1
    assert checked >= 50


def test_the_swap_does_change_what_the_owner_sees() -> None:
    """The check above is not vacuous: the owner's own picture does change."""
    for match in POSITIONS:
        own = match.view(0)
        if own.hand:
            twin = RULESET.view(_swapped(match, match.view(1)), 0)
            assert hand_png("lanes", twin, NAMES) != hand_png("lanes", own, NAMES)
            return
    pytest.fail("no position with a hand")


def test_event_names_are_never_drawn() -> None:
    step = find_step(SEEDS, public_with("destroyed"))
    renamed = Step(
        step.caption,
        tuple(
            Event(e.kind, {**e.data, "name": "Somebody Else"} if "name" in e.data else e.data, e.to)
            for e in step.events
        ),
        step.audience,
        step.views,
    )
    view = step.views[None]
    assert board_png("lanes", view, NAMES, renamed) == board_png("lanes", view, NAMES, step)


def test_results_show_only_public_things() -> None:
    for seed in SEEDS:
        steps = match_steps(seed)
        final: LanesView = steps[-1].views[None]
        match = random_match(RULESET, seed)
        twin = RULESET.view(_swapped(match, match.view(None)), None)
        assert result_png("lanes", twin, NAMES) == result_png("lanes", final, NAMES)


def _secret(match: Match[Any, Any], seat: int) -> LanesState:
    """State surgery (no action can rename a card): a copy of ``match``'s state where every card
    ``seat`` holds, has staged or has face down is named "Secret" and its number."""
    other: LanesState = _at(match, len(match.actions)).state
    for card in other.cards.values():
        if card.owner == seat and not card.face_up:
            card.defn = replace(card.defn, name=f"Secret {card.uid}", text="Secret text.")
    return other


def _drawn(canvas: Any) -> str:
    return " ".join(drawn.block.text for drawn in canvas.texts)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_table_never_draws_the_other_seats_hidden_cards(seat: int) -> None:
    """Seat's table (its board and its hand) from its own view: the other seat's hand and
    face-down cards, all renamed, are nowhere in it; its own are (the check can fail)."""
    other = 1 - seat
    own_drawn = 0
    for match in POSITIONS[::3]:
        view = RULESET.view(_secret(match, other), seat)
        drawn = _drawn(draw_table("lanes", view, NAMES, seat))
        assert "Secret" not in drawn
        mine = RULESET.view(_secret(match, seat), seat)
        own_drawn += "Secret" in _drawn(draw_table("lanes", mine, NAMES, seat))
    assert own_drawn >= 10


@pytest.mark.parametrize("seat", [0, 1])
def test_swapping_hidden_cards_changes_no_pixel_of_a_table(seat: int) -> None:
    for match in POSITIONS[::2]:
        view = match.view(seat)
        twin = RULESET.view(_swapped(match, view), seat)
        assert table_png("lanes", twin, NAMES, seat) == table_png("lanes", view, NAMES, seat)


def test_a_table_or_board_is_drawn_only_for_the_views_own_seat() -> None:
    match = POSITIONS[0]
    with pytest.raises(ValueError, match="own view"):
        table_png("lanes", match.view(None), NAMES, 0)
    with pytest.raises(ValueError, match="own view"):
        table_png("lanes", match.view(1), NAMES, 0)
    with pytest.raises(ValueError, match="cannot be drawn for seat 0"):
        board_png("lanes", match.view(1), NAMES, seat=0)
