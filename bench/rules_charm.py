"""Benchmark the charm rules core: random whole matches per second, decisions per match, and the
time of one apply.

    python bench/rules_charm.py [--games 300] [--rounds 3] [--seed 1] [--json]

Each match is played from its first decision to its end by the simulator's random player (random
setup, random legal actions; conceding is left out so that matches are played through). Matches
per second is counted in CPU time of this process over ``--rounds`` rounds of ``--games``
matches (best and median round); decisions per match counts every accepted action (a pass and a
produced EP are one each; the passes the rules make for a seat, CHARM-13.2, are none). Each
``apply`` is timed on its own in CPU time of this thread while the played matches' actions are
applied again on fresh matches. CPU time, because the machine is shared. Target: at least 150
matches a second; it is printed beside the figures, not asserted. How it measures:
``bench/measure.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import measure

TARGET_MATCHES_PER_SECOND = 150

WEIGHTS = {"concede": 0.0, "auto_pass": 0.02, "end_turn": 0.3}
"""The random player never concedes (a minimum weight of 1/1000 remains: see rules.simulate),
turns auto-pass on or off now and then (as the simulator's default weights say), and ends its
main phase a third as often as it picks each other move, as charm's own ``random_weights`` say:
with equal weights it ends most main phases before making EP or playing anything (EP must be
made first, CHARM-10.3), and about a quarter of its matches end at the turn limit or in a
stalemate, not a game anybody plays."""

if __name__ == "__main__":
    sys.exit(
        measure.main(
            None,
            name="charm",
            doc=__doc__ or "",
            target_rate=TARGET_MATCHES_PER_SECOND,
            weights=WEIGHTS,
            games=300,
            rounds=3,
        )
    )
