"""Benchmark the lanes rules core: random whole matches per second, and the time of one apply.

    python bench/rules_lanes.py [--games 500] [--rounds 5] [--seed 1] [--json]

Matches per second is counted in CPU time of this process over ``--rounds`` rounds of
``--games`` random matches (best and median round); each ``apply`` is timed on its own in CPU
time of this thread while the played matches' actions are applied again on fresh matches. CPU
time, because the machine is shared: wall-clock time would also count the moments another
process held the core. Targets: at least 2,500 matches a second, p99 of one apply at most
150 µs; they are printed beside the figures, not asserted. How it measures: ``bench/measure.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import measure

TARGET_MATCHES_PER_SECOND = 2_500

if __name__ == "__main__":
    sys.exit(
        measure.main(None, name="lanes", doc=__doc__ or "", target_rate=TARGET_MATCHES_PER_SECOND)
    )
