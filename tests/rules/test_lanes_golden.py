"""A golden match record: one whole lanes match, replayed to the state hash it was recorded with.

It fails when a change alters what a match does: a rule, a card, the RNG or the order it is drawn
in. That may be intended. Then check that the change is meant to alter old matches, bump
``rules.lanes.ruleset.VERSION`` if rules changed (card data changes the version by itself), and
write the record again, from the repository's root:

    python -m tests.rules.test_lanes_golden

A change that alters only the hash (its form) keeps the record's actions and result:

    python -m rules replay tests/rules/golden/lanes_seed9.json --restamp

The match is ``rules.simulate.random_match(ruleset(), seed=9)``: random legal play, chosen because
it plays, moves, activates, undoes and snaps, with a Shell Twin in a deck, in 26 actions.
"""

from __future__ import annotations

from pathlib import Path

from rules.engine import dump_record, read_record, replay
from rules.lanes import ruleset
from rules.registry import get_ruleset
from rules.simulate import random_match

GOLDEN = Path(__file__).resolve().parent / "golden" / "lanes_seed9.json"
SEED = 9


def test_the_golden_record_replays_to_its_hash() -> None:
    record = read_record(GOLDEN)
    assert record["ruleset_version"] == ruleset().version, (
        "the rules or the card pool changed: see this module's docstring"
    )
    match = replay(record, get_ruleset)  # raises ReplayMismatch naming what differs
    assert match.state_hash() == record["state_hash"]
    assert match.result is not None
    assert match.result.to_json() == record["result"]


def regenerate() -> None:
    GOLDEN.write_text(dump_record(random_match(ruleset(), SEED).record()), encoding="utf-8")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    regenerate()
