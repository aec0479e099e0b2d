"""Nothing hidden reaches a picture (DESIGN invariant 2).

Renderers take views, so two things are checked: a spectator's or opponent's view has no hidden
card's identity in it; and, the stronger claim, swapping every card the viewer may not see (the
opponent's hand and face-down cards, both decks, unrevealed locations) for other cards leaves the
picture the same to the pixel. A step's events are read only for highlights: their card names
are never drawn, which matters because a destroyed face-down card's public event names it.
"""

from __future__ import annotations

from typing import Any

import pytest

from rendering import board_png, hand_png, result_png
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
