"""Property test: random legal play keeps every invariant, after every step.

Hypothesis picks the decks, the locations, the seed and every decision. After each accepted action
it checks the state (energy bounds, hand <= 7, <= 4 cards a side), that listed actions are
accepted (on a copy rebuilt by replaying the record, whose hash must equal the match's), that an
unlisted action is refused and changes nothing, and that no view or visible step shows a card its
viewer may not see (LANES-4.2, LANES-5.4, LANES-1.6).

``PARLOR_LANES_EXAMPLES`` sets how many matches hypothesis plays (default 20).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import asdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import Action, IllegalAction, Match, Resolution, replay
from rules.lanes import ruleset
from rules.lanes.effects import HAND_LIMIT
from rules.lanes.state import SLOTS, LanesState
from rules.lanes.views import CardView, LanesView
from rules.registry import get_ruleset

from .lanes_helpers import LanesMatch

VIEWERS: tuple[int | None, ...] = (None, 0, 1)
REVEALING = ("revealed", "decoy_removed")
"""Public events that show which card a hidden card is (LANES-5.4, LANES-8.1)."""
KINDS = ("play", "move", "activate", "reset", "end_turn", "take_back", "snap", "retreat")


def _copy(match: LanesMatch) -> LanesMatch:
    """The match rebuilt from its record: a copy to try actions on (and a replay check)."""
    copy = replay(match.record(), get_ruleset)
    assert copy.state_hash() == match.state_hash()
    return copy


# -- what each viewer may not see -----------------------------------------------------------------


def hidden_from(state: LanesState, viewer: int | None) -> set[int]:
    """Uids of the cards ``viewer`` may not identify: the other seats' hands, decks, staged cards
    and face-down cards."""
    hidden = set()
    for seat, player in enumerate(state.players):
        if seat == viewer:
            continue
        hidden |= {c.uid for c in player.hand + player.deck}
        staged = state.staging.staged[seat]
        hidden |= {s.card for s in staged if s.kind == "play"}
        hidden |= {c.uid for loc in state.locations for c in loc.sides[seat] if not c.face_up}
    return hidden


def _uids(data: object) -> Iterable[int]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "uid" and isinstance(value, int):
                yield value
            else:
                yield from _uids(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from _uids(item)


def check_view_hides(state: LanesState, view: LanesView, viewer: int | None) -> None:
    hidden = hidden_from(state, viewer)
    plain = asdict(view)
    leaked = hidden & set(_uids(plain))
    assert not leaked, f"view of {viewer} shows hidden cards {leaked}"
    # Names too: a hidden card's name may appear only where something visible says it.
    visible_text = json.dumps(
        [
            [c.name, c.text]
            for loc in view.locations
            for side in loc.sides
            for c in side.cards
            if isinstance(c, CardView)
        ]
        + [[c.name, c.text] for c in view.hand]
        + [[c.card.name, c.card.text] for c in view.staged]
        + [[loc.name, loc.text] for loc in view.locations]
    )
    text = json.dumps(plain, default=str)
    for uid in hidden:
        name = state.cards[uid].defn.name
        if name not in visible_text:
            assert name not in text, f"view of {viewer} names hidden {name}"
    for loc in state.locations:
        if not loc.revealed:  # LANES-1.6
            assert loc.defn.name not in text, f"view of {viewer} names hidden {loc.defn.name}"


def check_view_shape(match: LanesMatch) -> None:
    """The own hand and staged plays only; the others' hands as counts (LANES-4.2)."""
    state = match.state
    for viewer in VIEWERS:
        view = match.view(viewer)
        own = () if viewer is None else state.players[viewer].hand
        assert [c.uid for c in view.hand] == [c.uid for c in own]
        assert len(view.staged) == (0 if viewer is None else len(state.staging.staged[viewer]))
        for seat, shown in enumerate(view.players):
            staged = sum(s.action.kind == "play" for s in state.staging.staged[seat])
            hand = len(state.players[seat].hand) + (0 if seat == viewer else staged)
            assert shown.hand_size == hand
            assert (shown.energy_left is None) == (seat != viewer)


def check_steps_hide(
    state: LanesState, before: dict[int | None, set[int]], resolution: Resolution
) -> None:
    """No step a viewer sees names a card hidden from it (until a public reveal shows it), nor a
    location still hidden (LANES-1.6)."""
    unrevealed = [loc.defn.name for loc in state.locations if not loc.revealed]
    for viewer in VIEWERS:
        secret = set(before[viewer])
        for step in resolution.steps_for(viewer):
            assert not any(name in step.caption for name in unrevealed), step.caption
            for event in step.events_for(viewer):
                assert not any(name in str(event.data) for name in unrevealed), event
                uids = {v for k, v in event.data.items() if k in ("card", "twin")}
                if event.kind in REVEALING and event.to is None:
                    secret -= uids
                assert not uids & secret, f"{event} shows {viewer} a hidden card"
            if step.views is not None:
                assert step.views[viewer].viewer == viewer


def check_state(state: LanesState) -> None:
    assert ruleset().invariants(state) == []
    for player in state.players:
        assert 0 <= player.energy <= player.turn_energy
        assert len(player.hand) <= HAND_LIMIT
    for loc in state.locations:
        assert all(len(side) <= SLOTS for side in loc.sides)


# -- trying actions -------------------------------------------------------------------------------


def listed_actions(match: LanesMatch, seat: int) -> list[Action]:
    return [a for spec in match.legal_actions(seat) for a in spec.actions()]


def candidate(data: st.DataObject, match: LanesMatch) -> Action:
    """Any action of lanes' kinds with any card and location, legal or not."""
    kind = data.draw(st.sampled_from(KINDS))
    uid = data.draw(st.sampled_from(sorted(match.state.cards)))
    location = data.draw(st.integers(-1, 3))
    if kind == "play" or kind == "move":
        return Action(kind, card=uid, location=location)
    if kind == "activate":
        return Action(kind, card=uid)
    return Action(kind)


def check_candidate(match: LanesMatch, seat: int, action: Action) -> None:
    """Listed actions are accepted (tried on a copy); unlisted ones refused, changing nothing."""
    if any(spec.matches(action) for spec in match.legal_actions(seat)):
        _copy(match).apply(seat, action)
        return
    before, count = match.state_hash(), len(match.actions)
    try:
        match.apply(seat, action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"unlisted {action!r} was accepted for seat {seat}")
    assert match.state_hash() == before and len(match.actions) == count


def choose(data: st.DataObject, match: LanesMatch) -> tuple[int, Action]:
    """A listed action, mostly of a seat the match waits on; retreating and snapping are rare
    so that most matches run to the end."""
    seats: tuple[int, ...] = match.pending()
    if not seats or data.draw(st.integers(0, 9)) == 0:
        seats = (0, 1)
    seat = data.draw(st.sampled_from(seats))
    actions = listed_actions(match, seat)
    rare = [a for a in actions if a.kind in ("retreat", "snap")]
    usual = [a for a in actions if a.kind not in ("retreat", "snap")]
    if not usual or (rare and data.draw(st.integers(0, 49)) == 0):
        return seat, data.draw(st.sampled_from(rare))
    return seat, data.draw(st.sampled_from(usual))


@settings(
    max_examples=int(os.environ.get("PARLOR_LANES_EXAMPLES", "20")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_random_legal_play_keeps_every_invariant(data: st.DataObject) -> None:
    pool = ruleset().pool
    decks = [data.draw(st.sampled_from(sorted(pool.decks))) for _ in range(2)]
    locations = data.draw(st.permutations(sorted(pool.locations)))[:3]
    seed = data.draw(st.integers(0, 2**63 - 1))
    match: LanesMatch = Match.new(ruleset(), seed, {"decks": decks, "locations": locations})
    for _ in range(300):
        if match.over:
            break
        seat, action = choose(data, match)
        if data.draw(st.integers(0, 2)) == 0:
            sample = data.draw(st.sampled_from(listed_actions(match, seat)))
            _copy(match).apply(seat, sample)
        check_candidate(match, data.draw(st.sampled_from((0, 1))), candidate(data, match))
        hidden = {viewer: hidden_from(match.state, viewer) for viewer in VIEWERS}
        resolution = match.apply(seat, action, views=True)
        check_state(match.state)
        check_steps_hide(match.state, hidden, resolution)
        checked: dict[int | None, LanesView] = {}
        for step in resolution.steps:
            assert step.views is not None
            for viewer in VIEWERS:
                view = step.views[viewer]
                if checked.get(viewer) != view:  # many steps change nothing a viewer sees
                    check_view_hides(match.state, view, viewer)
                    checked[viewer] = view
        check_view_shape(match)
    assert match.over
    assert replay(match.record(), get_ruleset).state_hash() == match.state_hash()
