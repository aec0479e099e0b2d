"""Lanes' determinization: what a seat cannot know of the other's staging (LANES-4.2), of a
Shell Twin's face-down pair and of the locations not yet revealed (LANES-1.6) is drawn again."""

from __future__ import annotations

from rules.engine import Rng
from rules.lanes.state import LanesState
from tests.rules.lanes_helpers import prepare


def _dealt(state: LanesState, seat: int, tries: int = 24) -> list[LanesState]:
    ruleset = prepare().match.ruleset
    return [ruleset.determinize(state, seat, Rng(k)) for k in range(tries)]


def test_the_other_seats_ended_staging_is_staged_afresh_and_stays_ended() -> None:
    s = prepare(hands=([], ["moth-page", "tin-soldier", "brass-beetle"]), energy=3)
    s.play(1, "tin-soldier", 0)
    s.end_turn(1)
    staged = set()
    for dealt in _dealt(s.state, 0):
        assert dealt.staging.ended[1]
        staged.add(tuple(item.action for item in dealt.staging.staged[1]))
        assert dealt.players[1].energy >= 0
    assert len(staged) > 1


def test_staging_the_other_has_not_ended_is_taken_back_for_the_search_to_stage() -> None:
    s = prepare(hands=([], ["moth-page", "tin-soldier"]), energy=3)
    s.play(1, "tin-soldier", 0)
    for dealt in _dealt(s.state, 0, tries=4):
        assert dealt.staging.staged[1] == [] and not dealt.staging.ended[1]
        assert len(dealt.players[1].hand) == 2
        assert dealt.players[1].energy == 3
    # Its own staging the seat knows: it stays.
    own = s.match.ruleset.determinize(s.state, 1, Rng(1))
    assert [item.action for item in own.staging.staged[1]] == [
        item.action for item in s.state.staging.staged[1]
    ]


def test_locations_not_yet_revealed_are_drawn_from_those_nobody_has_seen() -> None:
    s = prepare()
    assert [loc.revealed for loc in s.state.locations] == [True, False, False]
    seen = s.state.locations[0].defn.id
    drawn = set()
    for dealt in _dealt(s.state, 0):
        left, center, right = (loc.defn.id for loc in dealt.locations)
        assert left == seen and seen not in (center, right) and center != right
        drawn.add((center, right))
    assert len(drawn) > 4


def test_which_of_a_face_down_pair_is_the_shell_twin_is_drawn_again_for_the_other_seat() -> None:
    s = prepare(hands=(["shell-twin"], []))
    s.play(0, "shell-twin", 0)
    s.end_turn_both()
    twin, decoy = s.card(0, "shell-twin"), s.card(0, "decoy")
    places = {twin.loc, decoy.loc}
    where = set()
    for dealt in _dealt(s.state, 1):
        pair = [c for c in dealt.cards.values() if c.owner == 0 and c.loc in places]
        real = next(c for c in pair if c.defn.id == "shell-twin")
        fake = next(c for c in pair if c.defn.id == "decoy")
        assert (real.twin, fake.twin) == (fake.uid, real.uid)
        where.add(real.loc)
    assert where == places
    for dealt in _dealt(s.state, 0, tries=4):  # its owner knows
        assert dealt.cards[twin.uid].loc == twin.loc
        assert dealt.cards[twin.uid].defn.id == "shell-twin"
