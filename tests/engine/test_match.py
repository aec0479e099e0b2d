"""Matches and records, on a toy ruleset: replay is exact, rejection changes nothing."""

from __future__ import annotations

import json

import pytest

from rules.engine import (
    SPECTATOR,
    Action,
    IllegalAction,
    Match,
    RecordError,
    ReplayMismatch,
    dump_record,
    load_record,
    name_seats,
    replay,
)
from rules.simulate import random_match

from .toy import Toy

TOY = Toy()


def lookup(name: str) -> Toy:
    assert name == "toy"
    return TOY


def test_replay_gives_the_same_state_hash() -> None:
    match = random_match(TOY, seed=11)
    again = replay(json.loads(dump_record(match.record())), lookup)
    assert again.state_hash() == match.state_hash()
    assert again.result == match.result


def test_rejected_action_changes_nothing() -> None:
    match = Match.new(TOY, seed=3)
    before = match.state_hash()
    waiting = match.pending()[0]
    with pytest.raises(IllegalAction, match="not your turn"):
        match.apply(1 - waiting, Action("take", n=1))
    with pytest.raises(IllegalAction, match="Take 1, 2 or 3"):
        match.apply(waiting, Action("take", n=9))
    assert match.state_hash() == before and match.actions == []


def test_no_seat_outside_the_match() -> None:
    match = Match.new(TOY, seed=3)
    with pytest.raises(IllegalAction, match="no seat 2"):
        match.apply(2, Action("take", n=1))


def test_views_on_request_and_private_events() -> None:
    match = Match.new(TOY, seed=3, views=True)
    (step,) = match.opening.steps
    assert step.views is not None and set(step.views) == {None, 0, 1}
    assert step.views[None].my_secret is None
    assert [e.data["value"] for e in step.events_for(0)] == [match.state.hidden[0]]
    assert step.events_for(None) == ()


def test_seeds_must_be_63_bit_integers() -> None:
    for bad in (-1, 2**63, "7", True):
        with pytest.raises(ValueError):
            Match.new(TOY, seed=bad)  # type: ignore[arg-type]


def test_record_with_a_wrong_hash_is_refused() -> None:
    record = random_match(TOY, seed=5).record()
    record["state_hash"] = "0" * 64
    with pytest.raises(ReplayMismatch, match="state_hash"):
        replay(record, lookup)


def test_record_of_another_version_is_refused_unless_asked() -> None:
    record = random_match(TOY, seed=5).record()
    record["ruleset_version"] = "0"
    with pytest.raises(ReplayMismatch, match="ruleset_version"):
        replay(record, lookup)
    assert replay(record, lookup, verify=False).over


def test_a_version_1_record_replays_but_its_old_form_of_hash_is_not_compared() -> None:
    record = random_match(TOY, seed=5).record()
    record["format_version"] = 1
    record["state_hash"] = "a hash made the old way"
    assert replay(record, lookup).state_hash() != record["state_hash"]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("format", "other", "format"),
        ("format_version", 3, "format_version"),
        ("seed", "x", "seed"),
        ("actions", [{"seat": "a"}], r"actions\[0\].seat"),
        ("actions", [{"seat": 0, "action": {}}], r"actions\[0\].action"),
    ],
)
def test_bad_records_name_the_field(field: str, value: object, message: str) -> None:
    record = random_match(TOY, seed=5).record()
    record[field] = value
    with pytest.raises(RecordError, match=message):
        load_record(record)


def test_a_rejected_action_in_a_record_is_a_mismatch() -> None:
    record = random_match(TOY, seed=5).record()
    record["actions"][0]["action"] = {"kind": "take", "n": 99}
    with pytest.raises(ReplayMismatch, match=r"actions\[0\]"):
        replay(record, lookup)


def test_captions_name_seats() -> None:
    assert name_seats("{seat0} beats {seat1} {at} home", ["Ann", "Bo"]) == "Ann beats Bo {at} home"
    assert name_seats("{seat1} wins") == "Player 2 wins"


def test_spectator_views_only_on_public_steps() -> None:
    """What the channel's pictures need: the spectator's view after each public step, and no
    view at all for a step private to a seat (lanes' secret staging)."""
    from rules.registry import get_ruleset

    lanes = get_ruleset("lanes")
    match = Match.new(lanes, seed=4, views=SPECTATOR)
    steps = list(match.opening.steps)
    for _ in range(40):
        if match.over:
            break
        seat = match.pending()[0]
        action = next(s for s in match.legal_actions(seat) if s.kind != "retreat").actions()
        steps += match.apply(seat, next(action), views=SPECTATOR).steps
    public = [s for s in steps if s.public]
    private = [s for s in steps if not s.public]
    assert public and private
    assert all(s.views is not None and set(s.views) == {None} for s in public)
    assert all(s.views is None for s in private)
