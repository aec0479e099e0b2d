"""Properties under random legal play (hypothesis), the soak of random whole matches, a golden
match record that must replay to its hash, and the command line."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.__main__ import main
from rules.breakfall.state import BreakfallState
from rules.engine import Action, IllegalAction, Match, Resolution, Rng, dump_record, replay
from rules.registry import get_ruleset
from rules.simulate import random_match, simulate

from .test_views_actions import _uids

GOLDEN = Path(__file__).resolve().parent / "golden" / "match_seed_4242.json"


def _accepts_every_listed_action(match: Match[BreakfallState, Any], seat: int, pick: int) -> None:
    for spec in match.legal_actions(seat):
        actions = list(spec.actions())
        assert actions, spec
        action = actions[pick % len(actions)]
        trial = Match(
            match.ruleset, match.seed, match.setup, copy.deepcopy(match.state), match.opening
        )
        trial.apply(seat, action)  # raises if it is not accepted


def _illegal(match: Match[BreakfallState, Any], seat: int, pick: int) -> Action:
    state = match.state
    other = state.players[1 - seat]
    choices = [
        Action("play", card=other.hand[0].uid) if other.hand else Action("play", card=-1),
        Action("activate", card=999_999, ability=0),
        Action("place", card=-3),
        Action("pass") if seat not in match.pending() else Action("count", count=7),
    ]
    return choices[pick % len(choices)]


def _views_hide(match: Match[BreakfallState, Any]) -> None:
    state = match.state
    decks = {c.uid for p in state.players for c in p.deck}
    for viewer in (None, 0, 1):
        seen = _uids(match.view(viewer).to_json())
        assert not decks & seen
        for player in state.players:
            if player.seat != viewer:
                secret = {c.uid for c in (*player.hand, *player.resources)}
                assert not secret & seen


def _events_hide(res: Resolution) -> None:
    """A seat's drawn and placed cards reach only that seat."""
    for viewer in (None, 0, 1):
        for step in res.steps_for(viewer):
            for event in step.events_for(viewer):
                if event.kind in ("drew_card", "placed_card"):
                    assert event.data["seat"] == viewer


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63 - 1),
    picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=60),
)
def test_random_legal_play_keeps_its_promises(seed: int, picks: list[int]) -> None:
    """After each random legal action: the invariants hold, every listed action is accepted, an
    illegal action changes nothing, views hide what they must; the record replays exactly."""
    rules = get_ruleset("breakfall")
    match: Match[BreakfallState, Any] = Match.new(rules, seed, rules.random_setup(Rng(seed)))
    for pick in picks:
        if match.over:
            break
        pending = match.pending()
        seat = pending[pick % len(pending)]
        _accepts_every_listed_action(match, seat, pick)
        before = match.state_hash()
        with pytest.raises(IllegalAction):
            match.apply(seat, _illegal(match, seat, pick))
        assert match.state_hash() == before
        specs = [s for s in match.legal_actions(seat) if s.kind != "concede"]
        actions = list(specs[pick % len(specs)].actions())
        res = match.apply(seat, actions[(pick // 7) % len(actions)])
        _events_hide(res)
        assert rules.invariants(match.state) == []  # type: ignore[attr-defined]
        _views_hide(match)
    again = replay(json.loads(dump_record(match.record())), get_ruleset)
    assert again.state_hash() == match.state_hash()


def test_random_whole_matches_replay_exactly() -> None:
    """The soak: random matches end, every listed action is accepted, the invariants hold after
    every action, replays match."""
    report = simulate(
        get_ruleset("breakfall"), games=40, seed=77, get_ruleset=get_ruleset, replay_every=1
    )
    assert report.failures == []
    assert report.games == report.replays == 40
    assert "damage" in report.reasons


def test_the_golden_record_replays_to_its_hash() -> None:
    """A recorded match replays to the same state hash. If the rules or card data change on
    purpose, the version changes and this fails: make a new record with ``_make_golden()``."""
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    match = replay(record, get_ruleset)
    assert match.state_hash() == record["state_hash"]
    assert match.result is not None and match.result.to_json() == record["result"]


def _make_golden() -> None:  # pragma: no cover - run by hand
    match = random_match(get_ruleset("breakfall"), 4242)
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(dump_record(match.record({"note": "tests/rules/breakfall golden"})))


def test_cards_lists_the_pool_with_texts_and_decks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "breakfall"]) == 0
    out = capsys.readouterr().out
    assert (
        "Gutter Fox — character, cost 2, force 2, sabotage 1, durability 1\n"
        "    Breakfall — discard a card: put this card into your hand." in out
    )
    assert "Cut the Rope — technique, cost 2, any speed" in out
    assert "Lantern Roof (lantern-roof):" in out and "4× Ash Runner" in out
    assert "test-" not in out and "Test " not in out  # no rule-test card


def test_simulate_plays_replays_and_compares(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "breakfall", "--games", "6", "--seed", "3"]) == 0
    assert "breakfall 2+" in capsys.readouterr().out
