"""Properties under random legal play (hypothesis), the soak of random whole matches, and a
golden match record that must replay to its hash."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.charm.actions import offer
from rules.charm.state import CharmState, Defence
from rules.charm.stats import ap, ap_dp, dp
from rules.engine import Action, IllegalAction, Match, Resolution, Rng, dump_record, replay
from rules.registry import get_ruleset
from rules.simulate import random_match, simulate

from .helpers import ruleset

GOLDEN = Path(__file__).resolve().parent / "golden" / "match_seed_2024.json"


def _accepts_every_listed_action(match: Match[CharmState, Any], seat: int, pick: int) -> None:
    for spec in match.legal_actions(seat):
        actions = list(spec.actions())
        assert actions, spec
        action = actions[pick % len(actions)]
        trial = Match(
            match.ruleset, match.seed, match.setup, copy.deepcopy(match.state), match.opening
        )
        trial.apply(seat, action)  # raises if it is not accepted


def _illegal(match: Match[CharmState, Any], seat: int, pick: int) -> Action:
    state = match.state
    other = state.players[1 - seat]
    choices = [
        Action("play", card=other.hand[0].uid) if other.hand else Action("play", card=-1),
        Action("use", card=999_999),
        Action("produce", card=other.field[0].uid),
        Action("end_turn") if seat not in match.pending() else Action("mulligan", cards=[-5]),
        Action("charm", attackers=[other.field[0].uid]),
    ]
    return choices[pick % len(choices)]


def _uids(data: Any) -> set[int]:
    found: set[int] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("uid", "card", "target") and isinstance(value, int):
                found.add(value)
            found |= _uids(value)
    elif isinstance(data, list | tuple):
        for value in data:
            found |= _uids(value)
    return found


def _views_hide(match: Match[CharmState, Any]) -> None:
    """CHARM-12.1: decks are counts to all, a hand is its owner's alone."""
    state = match.state
    decks = {c.uid for p in state.players for c in p.deck}
    for viewer in (None, 0, 1):
        view = match.view(viewer)
        seen = _uids(view.to_json())
        assert not decks & seen
        for player in state.players:
            hand = {c.uid for c in player.hand}
            if player.seat == viewer:
                assert {c.uid for c in view.hand} == hand
            else:
                assert not hand & seen and view.players[player.seat].hand_size == len(hand)


def _events_hide(res: Resolution) -> None:
    """A seat's drawn and mulligan cards, and its planned blocks, reach only that seat."""
    for viewer in (None, 0, 1):
        for step in res.steps_for(viewer):
            for event in step.events_for(viewer):
                if event.kind in ("drew_card", "mulligan_cards", "block_staged"):
                    assert event.data["seat"] == viewer


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63 - 1),
    picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=80),
)
def test_random_legal_play_keeps_its_promises(seed: int, picks: list[int]) -> None:
    """After each random legal action: the invariants hold, every listed action is accepted, an
    illegal action changes nothing, views hide what they must; the record replays exactly."""
    rules = ruleset()
    match: Match[CharmState, Any] = Match.new(rules, seed, rules.random_setup(Rng(seed)))
    for pick in picks:
        if match.over:
            break
        pending = match.pending()
        seat = pending[pick % len(pending)]
        _accepts_every_listed_action(match, seat, pick)
        before = match.state_hash()
        try:
            match.apply(seat, _illegal(match, seat, pick))
        except IllegalAction:
            pass
        else:  # pragma: no cover - would be a bug
            raise AssertionError("an illegal action was accepted")
        assert match.state_hash() == before
        specs = [s for s in match.legal_actions(seat) if s.kind != "concede"]
        actions = list(specs[pick % len(specs)].actions())
        res = match.apply(seat, actions[(pick // 7) % len(actions)])
        _events_hide(res)
        assert rules.invariants(match.state) == []
        _views_hide(match)
    again = replay(json.loads(dump_record(match.record())), get_ruleset)
    assert again.state_hash() == match.state_hash()


def test_random_whole_matches_replay_exactly() -> None:
    """The soak: random matches end, every listed action is accepted, replays match."""
    report = simulate(
        get_ruleset("charm"), games=60, seed=77, get_ruleset=get_ruleset, replay_every=1
    )
    assert report.failures == []
    assert report.games == report.replays == 60
    assert {"damage", "concede"} <= set(report.reasons)


def test_ap_dp_is_ap_and_dp_read_together() -> None:
    """Menus read a character's AP and DP in one look at its side (``ap_dp``): after every
    action of random matches, for every card of both players, it says what ``ap`` and ``dp``
    say (static P.Skills, support, boosts and DP damage among them)."""
    seen = {"static": 0, "support": 0}

    def check(match: Match[CharmState, Any]) -> list[str]:
        state = match.state
        seen["support"] += bool(state.support)
        for player in state.players:
            for card in (*player.field, *player.hand, *player.discard):
                seen["static"] += bool(card.defn.statics and card.zone == "field")
                if ap_dp(state, card) != (ap(state, card), dp(state, card)):
                    return [f"{card!r}: ap_dp {ap_dp(state, card)}"]
        return []

    for seed in range(8):
        random_match(get_ruleset("charm"), seed, check=check)
    assert seen["static"] and seen["support"]


def test_a_defence_keeps_the_words_it_lists_only_while_they_hold() -> None:
    """The defence's menu keeps what each card's AP and DP read as (``Defence.stats``) from one
    listing to the next while blocks are staged: each listing says what a fresh one would."""
    listed = 0

    def check(match: Match[CharmState, Any]) -> list[str]:
        nonlocal listed
        state = match.state
        if not isinstance(state.decision, Defence):
            return []
        seat = state.decision.seat
        kept = offer(state, seat)
        fresh = copy.deepcopy(state)
        assert isinstance(fresh.decision, Defence)
        fresh.decision.stats.clear()
        listed += 1
        return [] if offer(fresh, seat) == kept else [f"defence menu kept stale words: {kept}"]

    for seed in range(8):
        random_match(get_ruleset("charm"), seed, check=check)
    assert listed


def test_the_golden_record_replays_to_its_hash() -> None:
    """A recorded match replays to the same state hash. If the rules or card data change on
    purpose, the version changes and this fails: make a new record with ``_make_golden()``; a
    change to the hash's form alone keeps the record, restamped with ``python -m rules replay
    FILE --restamp``."""
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    match = replay(record, get_ruleset)
    assert match.state_hash() == record["state_hash"]
    assert match.result is not None and match.result.to_json() == record["result"]


def _make_golden() -> None:  # pragma: no cover - run by hand
    from rules.simulate import random_match

    match = random_match(get_ruleset("charm"), 2024, weights={"concede": 0.0})
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(dump_record(match.record({"note": "tests/rules/charm golden"})))
