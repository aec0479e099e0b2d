"""Breakfall's captions and menus in words any language can show (issue 17): where breakfall
says in its own templates what the engine writes in English only, it says the engine's English,
word for word (docs/i18n.md; the rest is ``tests/rules/test_japanese_captions.py``)."""

from __future__ import annotations

from typing import Any

from rules.breakfall.words import CAPTIONS
from rules.engine import AUTO_PASS, Action, AutoPass, Said, StepLog, auto_pass_kind, in_language
from rules.engine.resolve import LOOP, RUNAWAY
from tests.rules.breakfall.helpers import prepare


def test_a_draw_by_a_loop_says_the_engines_words() -> None:
    assert CAPTIONS.say("result.loop", count=12) == LOOP.format(count=12)
    assert CAPTIONS.say("result.runaway", count=1000) == RUNAWAY.format(count=1000)


class _Engine:
    """What the engine's own auto-pass kind needs of a state."""

    def __init__(self) -> None:
        self.auto = AutoPass()


def _engine_flip(state: _Engine, seat: int) -> tuple[Any, str]:
    """The engine kind's button for ``seat``, and the caption of clicking it."""
    kind, log = auto_pass_kind(lambda s: s.auto, lambda s, seat, log: None), StepLog()
    assert kind.always is not None
    button = kind.always(state, seat)
    kind.handler(state, seat, Action(AUTO_PASS), log)
    return button, log.steps[0].caption


def test_breakfall_9_2_auto_pass_says_the_engines_words_in_any_language() -> None:
    game, engine = prepare(), _Engine()
    for _turn in ("on", "off"):
        engine_button, engine_caption = _engine_flip(engine, 1)
        [button] = game.specs(1, "auto_pass")
        assert (button.label, button.detail) == (engine_button.label, engine_button.detail)
        game.act(1, "auto_pass")
        assert game.last is not None
        [step] = [s for s in game.last.steps if not s.public]
        assert step.caption == engine_caption and step.audience == frozenset({1})
        for text in (button.label, button.detail, step.caption):
            assert isinstance(text, Said) and in_language(text, "ja") != text
