"""The fuzz suite (``tests/bot/fuzzing.py``): a few hundred malformed and hostile interactions
through the emulator, each answered with a clear message, none raising, none changing a match
it was refused in; a double click makes its move once. ``bench/fuzz.py --n 10000`` sends more."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import simcord

from bot.chat.client import Parlor

from .fuzzing import KINDS, fuzz
from .hostile import Blank, open_matches, show_hands, world


@pytest.fixture
def simcord_bot(bot_factory: Callable[..., Parlor]) -> Parlor:
    return bot_factory(renderer=Blank())


@pytest.mark.parametrize("seed", [3])
async def test_hostile_interactions_are_refused_clearly_and_change_nothing(
    simcord_env: simcord.Env, seed: int
) -> None:
    w = world(simcord_env)
    await open_matches(w, seed)
    await show_hands(w)
    figures = await fuzz(w, tries=400, seed=seed)
    print(figures)
    assert figures.tries >= 300 and set(figures.kinds) == set(KINDS), figures.kinds
    assert figures.problems == []
    assert (figures.crashes, figures.unanswered, figures.unclear) == (0, 0, 0)
    assert (figures.changed_on_rejection, figures.applied_twice) == (0, 0)
