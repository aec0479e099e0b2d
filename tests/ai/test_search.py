"""The search: the moves a CPU weighs, and that it finds a won position's winning move.

The engine's toy game (take 1 to 3 counters, the last taker wins) has a known answer: leave a
multiple of 4. Its only hidden things (each seat's secret number) change nothing, so the
default determinization (chance reseeded) serves.
"""

from __future__ import annotations

import pytest

from rules.ai import decide
from rules.ai.cpu import choices, guide_of
from rules.ai.position import SAMPLES, Position, concrete
from rules.engine import Action, ActionSpec, Match, Option, Param, Rng
from rules.registry import get_ruleset
from tests.engine.toy import Toy


def _toy(counters: int) -> tuple[Toy, Match[object, object], int]:
    toy = Toy()
    match = Match.new(toy, 4, {"counters": counters}, quiet=True)
    return toy, match, match.pending()[0]


@pytest.mark.parametrize("strength", ["easy", "normal", "hard"])
@pytest.mark.parametrize(("counters", "take"), [(3, 3), (5, 1), (6, 2), (7, 3)])
def test_the_cpu_leaves_a_multiple_of_four(strength: str, counters: int, take: int) -> None:
    toy, match, seat = _toy(counters)
    assert decide(toy, match.state, seat, strength, 1, iterations=300) == Action("take", n=take)


def test_a_cpu_never_gives_up_and_weighs_every_move_of_a_small_menu() -> None:
    toy, match, seat = _toy(10)
    assert choices(toy, match.state, seat, Rng(1)) == [Action("take", n=n) for n in (1, 2, 3)]
    lanes = get_ruleset("lanes")
    opening = Match.new(lanes, 2, quiet=True)
    kinds = {a.kind for a in choices(lanes, opening.state, 0, Rng(1))}
    assert "retreat" not in kinds and "end_turn" in kinds


def test_a_forced_move_is_made_without_searching() -> None:
    toy, match, seat = _toy(1)
    assert decide(toy, match.state, seat, "hard", 1, iterations=0) == Action("take", n=1)


def test_a_multi_choice_parameter_with_many_options_is_sampled() -> None:
    options = tuple(Option(n, str(n)) for n in range(12))
    spec = ActionSpec("mulligan", "Return", params=(Param("cards", "Cards", options, 0, 12),))
    sampled = concrete([spec], Rng(3))
    assert 1 < len(sampled) <= SAMPLES
    assert len(set(sampled)) == len(sampled)
    assert all(spec.matches(action) for action in sampled)
    few = ActionSpec("mulligan", "Return", params=(Param("cards", "Cards", options[:3], 0, 3),))
    assert len(concrete([few], Rng(3))) == 8  # every subset of three


def test_a_seat_the_match_does_not_wait_on_has_nothing_to_decide() -> None:
    toy, match, seat = _toy(9)
    with pytest.raises(ValueError, match="no move"):
        decide(toy, match.state, 1 - seat, "normal", 1)
    with pytest.raises(ValueError, match="not 'expert'"):
        decide(toy, match.state, seat, "expert", 1)


@pytest.mark.parametrize(("name", "move"), [("lanes", "end_turn"), ("fanfare", "mulligan")])
def test_a_secret_choice_stays_secret_once_one_seat_is_left_to_choose(name: str, move: str) -> None:
    ruleset = get_ruleset(name)
    match = Match.new(ruleset, 2, quiet=True)
    seat, other = match.pending()
    match.apply(seat, Action(move, cards=[]) if move == "mulligan" else Action(move))
    assert match.pending() == (other,)
    guide = guide_of(ruleset)
    assert guide is not None and Position(ruleset, match.state, guide).secret()


UNDOING = {"lanes": {"reset", "take_back"}, "charm": {"unblock"}}
"""Each ruleset's kinds that only take back the seat's own plans (conveniences for a person)."""


@pytest.mark.parametrize("name", sorted(UNDOING))
def test_a_cpu_never_weighs_taking_back_its_own_plans(name: str) -> None:
    """A move that leads back to a position already seen would let a search go round forever:
    a charm CPU planned a block and took it back for thousands of moves until it was skipped.
    (Lanes' take back is for a seat that ended its turn, which no longer decides.)"""
    ruleset = get_ruleset(name)
    guide = guide_of(ruleset)
    assert guide is not None and UNDOING[name] <= guide.skip
    waited_on = {"lanes": {"reset"}, "charm": {"unblock"}}[name]
    rng, offered = Rng(5), set()
    for seed in range(40):
        match = Match.new(ruleset, seed, ruleset.random_setup(Rng(seed)), quiet=True)
        while not match.over and len(match.actions) < 400:
            pending = match.pending()
            seat = pending[rng.below(len(pending))]
            listed = {s.kind for s in match.legal_actions(seat)}
            offered |= listed & waited_on
            assert not {a.kind for a in choices(ruleset, match.state, seat, rng)} & UNDOING[name]
            weighted = [s for s in match.legal_actions(seat) if s.kind in UNDOING[name]]
            spec = weighted[0] if weighted and rng.below(2) else None
            action = Action(spec.kind) if spec else _any(match, seat, rng)
            match.apply(seat, action)
        if offered == waited_on:
            return
    raise AssertionError(f"no random match offered {waited_on - offered}")


def _any(match: Match[object, object], seat: int, rng: Rng) -> Action:
    from rules.simulate import random_action

    specs = [s for s in match.legal_actions(seat) if s.kind not in ("concede",)]
    return random_action(specs[rng.below(len(specs))], rng)
