"""The bot renders in worker threads (DESIGN: the event loop is never blocked by rendering): the
shared caches (faces, measures, text sprites, masks) must give the same pictures when several
threads fill them at once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from rendering import board_png
from rendering.toolkit import clear_caches

from . import fanfare_positions
from .positions import NAMES, match_steps


@pytest.mark.parametrize("ruleset", ["lanes", "fanfare"])
def test_concurrent_renders_from_cold_caches_equal_serial_ones(ruleset: str) -> None:
    steps_of = match_steps if ruleset == "lanes" else fanfare_positions.match_steps
    steps = [s for seed in (1, 2) for s in steps_of(seed) if s.public][:24]
    clear_caches()
    serial = [board_png(ruleset, s.views[None], NAMES, s) for s in steps]
    for _ in range(2):
        clear_caches()
        with ThreadPoolExecutor(max_workers=4) as pool:
            threaded = list(pool.map(lambda s: board_png(ruleset, s.views[None], NAMES, s), steps))
        assert threaded == serial
