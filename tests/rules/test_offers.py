"""A ruleset may narrow what the engine checks an action against (``offer_for``) when the seat's
whole listing was not asked for: that part must accept an action exactly when the listing does,
so "listed = accepted" holds either way. Checked on random play of every ruleset, for every
action each listed spec allows and for actions of unlisted cards."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from rules.engine import Action, ActionSpec, Match, Rng, derive_seed
from rules.registry import RULESETS, get_ruleset
from rules.simulate import random_action

GAMES = 12


def _actions(spec: ActionSpec) -> list[Action]:
    return list(itertools.islice(spec.actions(), 6))


def _shape(spec: ActionSpec) -> object:
    return (
        spec.kind,
        spec.fixed,
        tuple((p.name, tuple(o.value for o in p.options), p.least, p.most) for p in spec.params),
    )


def _check(match: Match[Any, Any], seat: int) -> None:
    ruleset, state = match.ruleset, match.state
    listed = match.legal_actions(seat)
    # Kinds every seat always has are checked by the engine itself, not through offer_for.
    own = [spec for spec in listed if ruleset.kinds[spec.kind].always is None]
    probes = [a for spec in own for a in _actions(spec)]
    # The same kinds with arguments nobody listed: another card, another place.
    probes += [Action(a.kind, **{k: 999 for k in a.args}) for a in probes if a.args]
    for action in probes:
        part = ruleset.offer_for(state, seat, action)
        in_listing = any(spec.matches(action) for spec in own)
        assert any(spec.matches(action) for spec in part) == in_listing, action
        # What it lists is listed: the same kinds and arguments, labels aside.
        shapes = {_shape(spec) for spec in own}
        assert all(_shape(spec) in shapes for spec in part), action


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_offer_for_is_the_part_of_the_listing_that_could_hold_the_action(name: str) -> None:
    ruleset = get_ruleset(name)
    for game in range(GAMES):
        seed = derive_seed(7, f"offers-{game}")
        match = Match.new(ruleset, seed, ruleset.random_setup(Rng(seed)), quiet=True)
        rng = Rng(derive_seed(seed, "policy"))
        while not match.over:
            for seat in range(match.seats):
                _check(match, seat)
            seat = match.pending()[0]
            specs = [s for s in match.legal_actions(seat) if s.kind not in ("concede", "retreat")]
            match.apply(seat, random_action(specs[rng.below(len(specs))], rng))
