"""``rules.simulate.simulate`` replays a sample: match 0, every N-th after it, every failure."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine import Action, ActionSpec, Option, Param, Rng, Ruleset
from rules.registry import get_ruleset
from rules.simulate import random_action, random_match, simulate


@pytest.mark.parametrize(
    ("games", "replay_every", "replayed"),
    [(25, 10, 3), (20, 10, 2), (1, 10, 1), (7, 3, 3), (5, 1, 5)],
)
def test_the_first_match_and_every_nth_are_replayed(
    games: int, replay_every: int, replayed: int
) -> None:
    looked_up: list[str] = []

    def lookup(name: str) -> Ruleset[Any, Any]:
        looked_up.append(name)  # replay() looks the ruleset up once a record
        return get_ruleset(name)

    report = simulate(
        get_ruleset("lanes"), games, seed=5, get_ruleset=lookup, replay_every=replay_every
    )
    assert report.failures == []
    assert report.games == games
    assert report.replays == replayed == len(looked_up)
    assert report.to_json()["replays"] == replayed


def test_a_replay_that_fails_is_reported_as_a_failure() -> None:
    def no_such_ruleset(name: str) -> Ruleset[Any, Any]:
        raise KeyError(name)

    report = simulate(get_ruleset("lanes"), 12, seed=5, get_ruleset=no_such_ruleset)
    assert report.replays == 2
    assert len(report.failures) == 2
    assert all(f.startswith("replay: ") for f in report.failures)


def test_replay_every_is_at_least_one() -> None:
    with pytest.raises(ValueError, match="replay_every"):
        simulate(get_ruleset("lanes"), 1, seed=5, replay_every=0)


def test_a_random_match_may_be_given_its_setup() -> None:
    """A benchmark or a soak plays a chosen number of seats instead of a random setup."""
    from rules.esper import ruleset

    match = random_match(ruleset(), 3, setup={"seats": 7})
    assert match.seats == 7 and match.over
    again = random_match(ruleset(), 3, setup={"seats": 7})
    assert again.state_hash() == match.state_hash()


def test_the_random_player_builds_the_action_of_the_spec_it_picked() -> None:
    rng = Rng(3)
    bare = random_action(ActionSpec("pass", "Pass"), rng)
    assert rng.state == Rng(3).state  # nothing to choose: nothing drawn
    assert bare == Action("pass") and random_action(ActionSpec("pass", "Pass"), rng) is bare
    cards = Param("card", "Card", (Option(4, "a"), Option(5, "b")))
    spec = ActionSpec("play", "Play", (("lane", 1),), (cards,))
    assert {random_action(spec, rng) for _ in range(40)} == set(spec.actions())
