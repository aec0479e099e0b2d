"""Properties under random legal play (hypothesis), the soak of random whole matches across
seat counts, and a golden match record that must replay to its hash."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import Action, IllegalAction, Match, dump_record, replay
from rules.esper.state import EsperState
from rules.simulate import random_match, simulate

from .helpers import esper

GOLDEN = Path(__file__).resolve().parent / "golden" / "match_seed_2024.json"


def _lookup(name: str) -> Any:
    assert name == "esper"
    return esper()


def _accepts_every_listed_action(match: Match[EsperState, Any], seat: int, pick: int) -> None:
    for spec in match.legal_actions(seat):
        actions = list(spec.actions())
        assert actions, spec
        action = actions[pick % len(actions)]
        trial = Match(
            match.ruleset, match.seed, match.setup, copy.deepcopy(match.state), match.opening
        )
        trial.apply(seat, action)  # raises if it is not accepted


def _illegal(match: Match[EsperState, Any], seat: int, pick: int) -> Action:
    others = [s for s in range(match.seats) if s not in match.pending()]
    choices = [
        Action("walk", square=999),
        Action("attack", card="nova", target=seat),
        Action("persona", persona="nobody"),
        Action("pass") if not others else Action("teleport", level=9),
    ]
    return choices[pick % len(choices)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63 - 1),
    seats=st.integers(3, 10),
    picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=120),
)
def test_random_legal_play_keeps_its_promises(seed: int, seats: int, picks: list[int]) -> None:
    """After each random legal action: the invariants hold, every listed action is accepted, an
    illegal action changes nothing; the record replays exactly."""
    rules = esper()
    match: Match[EsperState, Any] = Match.new(rules, seed, {"seats": seats})
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
        match.apply(seat, actions[(pick // 7) % len(actions)])
        assert rules.invariants(match.state) == []
    again = replay(json.loads(dump_record(match.record())), _lookup)
    assert again.state_hash() == match.state_hash()


def test_random_whole_matches_replay_exactly() -> None:
    """The soak: random matches of 3 to 10 seats end, every listed action is accepted, the
    invariants hold after every action, replays match."""
    report = simulate(esper(), games=40, seed=77, get_ruleset=_lookup, replay_every=1)
    assert report.failures == []
    assert report.games == report.replays == 40
    assert "base_held" in report.reasons


@pytest.mark.parametrize("seats", [3, 5, 10])
def test_random_matches_at_each_size_end(seats: int) -> None:
    for seed in range(3):
        match = random_match(
            esper(), seed, setup={"seats": seats}, check=lambda m: esper().invariants(m.state)
        )
        assert match.over and match.seats == seats


def test_the_golden_record_replays_to_its_hash() -> None:
    """A recorded match replays to the same state hash. If the rules or data change on purpose,
    the version changes and this fails: make a new record with ``_make_golden()``."""
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    match = replay(record, _lookup)
    assert match.state_hash() == record["state_hash"]
    assert match.result is not None and match.result.to_json() == record["result"]


def _make_golden() -> None:  # pragma: no cover - run by hand
    match = random_match(esper(), 2024, setup={"seats": 6})
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(dump_record(match.record({"note": "tests/rules/esper golden, 6 seats"})))


def test_cards_lists_the_roster_and_the_decks_with_texts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from rules.__main__ import main

    assert main(["cards", "esper"]) == 0
    out = capsys.readouterr().out
    assert "Mira Solen — good character, stat line 1\n    Good. ESP level 6" in out
    assert "Crush — combat card: attack, level 3\n    Attack, level 3: 2 damage." in out
    assert "Guard House — base card: guardhouse\n    An NPC fight with 2 guards." in out


def test_simulate_plays_matches_across_seat_counts(capsys: pytest.CaptureFixture[str]) -> None:
    from rules.__main__ import main

    assert main(["simulate", "esper", "--games", "8", "--seed", "3"]) == 0
    assert "esper 1+" in capsys.readouterr().out
