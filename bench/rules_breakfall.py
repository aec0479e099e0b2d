"""Benchmark the breakfall rules core: random whole matches per second, and the time of one apply.

    python bench/rules_breakfall.py [--games 200] [--rounds 3] [--seed 1] [--json]

Each match is played from its first decision to its end by the simulator's random player (random
setup, random legal actions; conceding is left out so that matches are played through). Matches
per second is counted in CPU time of this process over ``--rounds`` rounds of ``--games``
matches (best and median round); each ``apply`` is timed on its own in CPU time of this thread
while the played matches' actions are applied again on fresh matches. CPU time, because the
machine is shared. Target: at least 100 matches a second; printed beside the figures, not
asserted. How it measures: ``bench/measure.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import measure

TARGET_MATCHES_PER_SECOND = 100

WEIGHTS = {"concede": 0.0, "auto_pass": 0.02}
"""The random player never concedes (a minimum weight of 1/1000 remains: see rules.simulate)."""

if __name__ == "__main__":
    sys.exit(
        measure.main(
            None,
            name="breakfall",
            doc=__doc__ or "",
            target_rate=TARGET_MATCHES_PER_SECOND,
            weights=WEIGHTS,
            games=200,
            rounds=3,
        )
    )
